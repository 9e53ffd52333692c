import Foundation

/// A tariff that cannot be used, naming the tariff, the field and what was expected.
public struct TariffError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The tariff's id, when it could be read.
  public var tariffID: String?
  /// The field path inside the tariff, e.g. `elements[1].price_components[0].step_size`.
  public var field: String
  /// What is wrong and what was expected.
  public var problem: String

  /// Creates an error.
  public init(tariffID: String?, field: String, problem: String) {
    self.tariffID = tariffID
    self.field = field
    self.problem = problem
  }

  /// A one-line text for messages and logs.
  public var description: String {
    let who = tariffID.map { "tariff '\($0)'" } ?? "tariff without a readable id"
    return "\(who): \(field): \(problem)"
  }
}

/// Values used when a tariff in a source omits `country_code`, `party_id` or `last_updated`.
///
/// Some exports (e.g. chargecloud's embedded tariffs) leave them out; OCPI requires them, so
/// decoding without defaults reports a ``TariffError``. Pass defaults through
/// `JSONDecoder.userInfo[TariffDecodingDefaults.key]`.
public struct TariffDecodingDefaults: Sendable {
  /// The key under which decoders look for defaults.
  public static let key: CodingUserInfoKey = {
    guard let key = CodingUserInfoKey(rawValue: "wayside.tariffDecodingDefaults") else {
      preconditionFailure("a non-empty raw value always makes a CodingUserInfoKey")
    }
    return key
  }()
  /// Country code to use when missing.
  public var countryCode: String
  /// Party id to use when missing.
  public var partyID: String
  /// `last_updated` to use when missing.
  public var lastUpdated: Date

  /// Creates defaults.
  public init(countryCode: String, partyID: String, lastUpdated: Date) {
    self.countryCode = countryCode
    self.partyID = partyID
    self.lastUpdated = lastUpdated
  }
}

extension Tariff {
  enum CodingKeys: String, CodingKey {
    case countryCode = "country_code"
    case partyID = "party_id"
    case id, currency, type
    case altText = "tariff_alt_text"
    case altURL = "tariff_alt_url"
    case minPrice = "min_price"
    case maxPrice = "max_price"
    case elements
    case startDateTime = "start_date_time"
    case endDateTime = "end_date_time"
    case lastUpdated = "last_updated"
  }

  /// An element as sent: `restrictions` may be an object (OCPI) or an array (chargecloud).
  private struct WireElement: Decodable {
    var priceComponents: [PriceComponent]
    var restrictions: [TariffRestrictions]

    enum CodingKeys: String, CodingKey {
      case priceComponents = "price_components"
      case restrictions
    }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      priceComponents = try c.decode([PriceComponent].self, forKey: .priceComponents)
      if try !c.contains(.restrictions) || c.decodeNil(forKey: .restrictions) {
        restrictions = []
      } else if let list = try? c.decode([TariffRestrictions].self, forKey: .restrictions) {
        restrictions = list
      } else {
        restrictions = [try c.decode(TariffRestrictions.self, forKey: .restrictions)]
      }
    }
  }

  /// Decodes an OCPI 2.2.1 tariff; every failure becomes a ``TariffError`` naming the field.
  ///
  /// An element whose `restrictions` is a list of several objects (a chargecloud variant) becomes
  /// one element per object, in order: the first one that matches wins, which is OCPI's rule.
  public init(from decoder: any Decoder) throws {
    let base = decoder.codingPath.count
    let c = try decoder.container(keyedBy: CodingKeys.self)
    var tariffID: String?
    do {
      let id = try c.decode(String.self, forKey: .id)
      tariffID = id
      let defaults = decoder.userInfo[TariffDecodingDefaults.key] as? TariffDecodingDefaults
      self.id = id
      let currencyCode = try c.decode(String.self, forKey: .currency)
      guard let currency = Currency(rawValue: currencyCode) else {
        throw TariffError(
          tariffID: id, field: "currency",
          problem: "'\(currencyCode)' is not an ISO 4217 code (expected three letters, e.g. EUR)")
      }
      self.currency = currency
      if let code = try c.decodeIfPresent(String.self, forKey: .countryCode) {
        countryCode = code
      } else if let defaults {
        countryCode = defaults.countryCode
      } else {
        throw TariffError(
          tariffID: id, field: "country_code", problem: "missing (OCPI requires it)")
      }
      if let party = try c.decodeIfPresent(String.self, forKey: .partyID) {
        partyID = party
      } else if let defaults {
        partyID = defaults.partyID
      } else {
        throw TariffError(tariffID: id, field: "party_id", problem: "missing (OCPI requires it)")
      }
      if let rawType = try c.decodeIfPresent(String.self, forKey: .type) {
        guard let type = TariffType(rawValue: rawType) else {
          throw TariffError(
            tariffID: id, field: "type",
            problem:
              "unknown tariff type '\(rawType)', expected one of \(TariffType.allCases.map(\.rawValue).joined(separator: ", "))"
          )
        }
        self.type = type
      } else {
        self.type = nil
      }
      altText = try c.decodeIfPresent([DisplayText].self, forKey: .altText) ?? []
      altURL = try c.decodeIfPresent(String.self, forKey: .altURL)
      minPrice = try c.decodeIfPresent(TariffPrice.self, forKey: .minPrice)
      maxPrice = try c.decodeIfPresent(TariffPrice.self, forKey: .maxPrice)
      let wire = try c.decode([WireElement].self, forKey: .elements)
      elements = wire.flatMap { element in
        element.restrictions.isEmpty
          ? [TariffElement(priceComponents: element.priceComponents, restrictions: nil)]
          : element.restrictions.map {
            TariffElement(
              priceComponents: element.priceComponents, restrictions: $0.isEmpty ? nil : $0)
          }
      }
      startDateTime = try Self.decodeDate(c, .startDateTime, id: id)
      endDateTime = try Self.decodeDate(c, .endDateTime, id: id)
      if let updated = try Self.decodeDate(c, .lastUpdated, id: id) {
        lastUpdated = updated
      } else if let defaults {
        lastUpdated = defaults.lastUpdated
      } else {
        throw TariffError(
          tariffID: id, field: "last_updated", problem: "missing (OCPI requires it)")
      }
    } catch let error as DecodingError {
      throw TariffError(decoding: error, tariffID: tariffID, droppingPrefix: base)
    }
  }

  private static func decodeDate(
    _ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, id: String
  ) throws -> Date? {
    guard let raw = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
    guard let date = OCPIDateTime.parse(raw) else {
      throw TariffError(
        tariffID: id, field: key.rawValue,
        problem: "invalid date-time '\(raw)', expected RFC 3339 such as 2026-01-28T14:00:00Z")
    }
    return date
  }

  /// Encodes the tariff as OCPI 2.2.1 JSON.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(countryCode, forKey: .countryCode)
    try c.encode(partyID, forKey: .partyID)
    try c.encode(id, forKey: .id)
    try c.encode(currency.rawValue, forKey: .currency)
    try c.encodeIfPresent(type, forKey: .type)
    if !altText.isEmpty { try c.encode(altText, forKey: .altText) }
    try c.encodeIfPresent(altURL, forKey: .altURL)
    try c.encodeIfPresent(minPrice, forKey: .minPrice)
    try c.encodeIfPresent(maxPrice, forKey: .maxPrice)
    try c.encode(elements, forKey: .elements)
    try c.encodeIfPresent(startDateTime.map(OCPIDateTime.format), forKey: .startDateTime)
    try c.encodeIfPresent(endDateTime.map(OCPIDateTime.format), forKey: .endDateTime)
    try c.encode(OCPIDateTime.format(lastUpdated), forKey: .lastUpdated)
  }
}

extension TariffError {
  /// Converts a decoding failure into an error naming the tariff and the field path.
  init(decoding error: DecodingError, tariffID: String?, droppingPrefix prefix: Int) {
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for key in keys.dropFirst(prefix) {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return text.isEmpty ? "(tariff)" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      let field = path(context.codingPath + [key])
      self.init(tariffID: tariffID, field: field, problem: "missing (required)")
    case .typeMismatch(let type, let context):
      self.init(
        tariffID: tariffID, field: path(context.codingPath),
        problem: "wrong type, expected \(Self.jsonName(type))")
    case .valueNotFound(let type, let context):
      self.init(
        tariffID: tariffID, field: path(context.codingPath),
        problem: "null, expected \(Self.jsonName(type))")
    case .dataCorrupted(let context):
      self.init(
        tariffID: tariffID, field: path(context.codingPath), problem: context.debugDescription)
    @unknown default:
      self.init(tariffID: tariffID, field: "(tariff)", problem: "\(error)")
    }
  }

  private static func jsonName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "an integer"
    case is Decimal.Type, is Double.Type: "a number"
    case is Bool.Type: "true or false"
    default: "\(type)"
    }
  }
}

/// Reads and writes OCPI `DateTime` values (RFC 3339; a missing zone designator means UTC).
public enum OCPIDateTime {
  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]` (the offset at most ±18:00); nil for
  /// anything else.
  public static func parse(_ text: String) -> Date? {
    let chars = Array(text.utf8)
    func number(_ from: Int, _ count: Int) -> Int? {
      guard from + count <= chars.count else { return nil }
      var value = 0
      for i in from..<(from + count) {
        let c = chars[i]
        guard c >= 48, c <= 57 else { return nil }
        value = value * 10 + Int(c - 48)
      }
      return value
    }
    guard chars.count >= 19, chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
      chars[10] == UInt8(ascii: "T") || chars[10] == UInt8(ascii: "t") || chars[10] == 32,
      chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":"),
      let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2), let h = number(11, 2),
      let mi = number(14, 2), let s = number(17, 2), h < 24, mi < 60, s < 61,
      let date = LocalDate(year: y, month: mo, day: d)
    else { return nil }
    var index = 19
    var fraction = 0.0
    if index < chars.count, chars[index] == UInt8(ascii: ".") {
      index += 1
      var scale = 0.1
      let start = index
      while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
        fraction += Double(chars[index] - 48) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    var offset = 0
    if index < chars.count {
      let c = chars[index]
      if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
        index += 1
      } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
        // RFC 3339's offset is an hour and a minute; beyond ±18:00 (the widest offset a
        // time zone may have) it is refused, so `+99:00` is not read as four days.
        guard let oh = number(index + 1, 2), index + 3 < chars.count,
          chars[index + 3] == UInt8(ascii: ":"), let om = number(index + 4, 2), om < 60,
          oh * 60 + om <= 18 * 60
        else { return nil }
        offset = (oh * 3600 + om * 60) * (c == UInt8(ascii: "+") ? 1 : -1)
        index += 6
      } else {
        return nil
      }
    }
    guard index == chars.count else { return nil }
    let seconds = date.dayNumber * 86_400 + h * 3600 + mi * 60 + s - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  /// Formats as `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds).
  public static func format(_ date: Date) -> String {
    let total = Int(date.timeIntervalSince1970.rounded(.down))
    let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
    let rest = total - days * 86_400
    let day = LocalDate(dayNumber: days)
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return "\(day)T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
  }
}
