import Charging
import Foundation

// Loading of the SWLB Ludwigsburg OCPI export (`tariffs_ocpi_ludwigsburg_2026.json`, data README
// §6): tariffs in OCPI form plus locations whose EVSEs name their tariffs.
//
// - Missing `country_code` / `party_id` / `last_updated` come from the locations (`DE*SLB`, the
//   newest `last_updated` of a location using the tariff).
// - VAT: the export does not say; the values match SWLB's published gross prices, so they are
//   read as gross at 19 % (net = gross / 1.19, published gross kept) — noted per tariff.
// - Repair: chargecloud lists a blocking-fee element *after* a free element with the same time
//   window and no `min_duration`, so by OCPI's first-match rule the fee could never apply. The
//   loader moves elements with a larger `min_duration` in front (the evident intent: free until
//   4 h 01 min, then 4.80 €/h, free again after 6 h 31 min) and notes each repaired tariff.
// - Applicability: the operator (`swlb`), the current types of the EVSEs that use the tariff.

private struct LocationsFile: Decodable {
  struct Location: Decodable {
    var location_id: String
    var `operator`: String?
    var last_updated: String?
    var evses: [EVSE]
  }
  struct EVSE: Decodable {
    var evse_id: String?
    var connectors: [Connector]
    var tariff_ids: [String]?
  }
  struct Connector: Decodable {
    var power_type: String?
  }
  var tariffs: [RawTariff]
  var locations: [Location]
}

/// Keeps a tariff's raw JSON so each can be decoded (and fail) on its own.
private struct RawTariff: Decodable {
  var id: String?
  var json: Data
  init(from decoder: any Decoder) throws {
    let value = try decoder.singleValueContainer().decode(ExactJSON.self)
    json = try JSONEncoder().encode(value)
    if case .object(let fields) = value, case .string(let id)? = fields["id"] { self.id = id }
  }
}

/// A minimal JSON tree, used to re-encode one object for separate decoding: its numbers stay
/// exact `Decimal`s (prices), where `JSONScanning.JSONValue` reads `Double`s, hence a type of its own.
enum ExactJSON: Codable, Sendable {
  case null
  case bool(Bool)
  case number(Decimal)
  case string(String)
  case array([ExactJSON])
  case object([String: ExactJSON])

  init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let n = try? c.decode(Decimal.self) {
      self = .number(n)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([ExactJSON].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: ExactJSON].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .null: try c.encodeNil()
    case .bool(let b): try c.encode(b)
    case .number(let n): try c.encode(n)
    case .string(let s): try c.encode(s)
    case .array(let a): try c.encode(a)
    case .object(let o): try c.encode(o)
    }
  }
}

extension TariffCatalog {
  static let ocpiFile = "tariffs_ocpi_ludwigsburg_2026.json"

  mutating func addOCPILocations(_ data: Data) throws {
    let file: LocationsFile
    do {
      file = try JSONDecoder().decode(LocationsFile.self, from: data)
    } catch {
      throw CatalogError(
        file: Self.ocpiFile, problem: "not the OCPI locations + tariffs layout: \(error)")
    }
    var currents: [String: Set<CurrentKind>] = [:]
    var updated: [String: Date] = [:]
    var operators: [String: String] = [:]
    var partyFromEVSE: String?
    for location in file.locations {
      let date = location.last_updated.flatMap(OCPIDateTime.parse)
      for evse in location.evses {
        if partyFromEVSE == nil, let id = evse.evse_id {
          partyFromEVSE = id.split(separator: "*").dropFirst().first.map(String.init)
        }
        for tariffID in evse.tariff_ids ?? [] {
          for connector in evse.connectors {
            currents[tariffID, default: []].insert(connector.power_type == "DC" ? .dc : .ac)
          }
          if let date { updated[tariffID] = max(updated[tariffID] ?? date, date) }
          if let op = location.operator { operators[tariffID] = op }
        }
      }
    }
    for raw in file.tariffs {
      let id = raw.id ?? "(no id)"
      let decoder = JSONDecoder()
      let lastUpdated = updated[id] ?? updated.values.max() ?? Date(timeIntervalSince1970: 0)
      decoder.userInfo[TariffDecodingDefaults.key] = TariffDecodingDefaults(
        countryCode: "DE", partyID: partyFromEVSE ?? "SLB", lastUpdated: lastUpdated)
      var tariff: Tariff
      do {
        tariff = try decoder.decode(Tariff.self, from: raw.json)
      } catch {
        diagnostics.append(
          TariffDiagnostic(
            .warning, source: Self.ocpiFile, item: "tariff \(id)", message: "\(error)"))
        continue
      }
      guard let used = currents[id] else {
        diagnostics.append(
          TariffDiagnostic(
            .warning, source: Self.ocpiFile, item: "tariff \(id)",
            message: "no EVSE uses it; not loaded"))
        continue
      }
      let shadowed = TariffLint.shadowedElements(tariff)
      if !shadowed.isEmpty {
        let before = tariff.elements
        tariff.elements = Self.orderedByMinDuration(tariff.elements)
        if TariffLint.shadowedElements(tariff).isEmpty {
          diagnostics.append(
            TariffDiagnostic(
              .note, source: Self.ocpiFile, item: "tariff \(id)",
              message:
                "elements \(shadowed.map(String.init).joined(separator: ", ")) could never apply (an earlier element with the same window always matches first); reordered by descending min_duration so the blocking fee applies as published"
            ))
        } else {
          tariff.elements = before
          diagnostics.append(
            TariffDiagnostic(
              .warning, source: Self.ocpiFile, item: "tariff \(id)",
              message: "elements \(shadowed) can never apply; priced as published"))
        }
      }
      tariff.elements = tariff.elements.map { element in
        var e = element
        e.priceComponents = e.priceComponents.map { c in
          var g = c
          if g.vat == nil {
            g.publishedGrossPrice = c.price
            g.price = GrossPrice.net(c.price, vat: 19)
            g.vat = 19
          }
          return g
        }
        return e
      }
      diagnostics.append(
        TariffDiagnostic(
          .note, source: Self.ocpiFile, item: "tariff \(id)",
          message:
            "no VAT given; prices read as gross incl. 19 % VAT (they match the CPO's published gross prices)"
        ))
      let op = operators[id] ?? "SWLB Mobilität GmbH"
      let kinds = used.sorted { $0.rawValue < $1.rawValue }.map(\.rawValue).joined(separator: "/")
      append(
        tariff, name: "\(op) \(kinds) (\(id))", provider: op,
        dataDate: String(OCPIDateTime.format(tariff.lastUpdated).prefix(10)), source: .ocpi,
        file: Self.ocpiFile,
        applicability: TariffApplicability(
          operators: [Self.operatorKey(op)], currents: used, access: .adHoc))
    }
  }

  /// The first word of a normalised operator name (`swlb`), so spelling variants still match.
  static func operatorKey(_ name: String) -> String {
    let normalised = OperatorName.normalise(name)
    return normalised.split(separator: " ").first.map(String.init) ?? normalised
  }

  /// Among elements with the same dimensions and the same restrictions apart from
  /// `min_duration`, puts the larger `min_duration` first (in the positions they occupy).
  static func orderedByMinDuration(_ elements: [TariffElement]) -> [TariffElement] {
    var groups: [String: [Int]] = [:]
    for (i, element) in elements.enumerated() {
      var r = element.restrictions ?? TariffRestrictions()
      r.minDuration = nil
      let dims = element.priceComponents.map(\.type.rawValue).sorted().joined(separator: ",")
      groups["\(dims)|\(r)", default: []].append(i)
    }
    var result = elements
    for positions in groups.values where positions.count > 1 {
      let sorted = positions.map { elements[$0] }.sorted {
        ($0.restrictions?.minDuration ?? 0) > ($1.restrictions?.minDuration ?? 0)
      }
      for (position, element) in zip(positions, sorted) { result[position] = element }
    }
    return result
  }
}

/// Checks for tariff elements that can never be selected.
public enum TariffLint {
  /// Indices of elements that have a dimension for which an earlier element with that dimension
  /// matches whenever this one does (its restrictions are a subset of this one's), so this
  /// element's component of that dimension can never be selected.
  public static func shadowedElements(_ tariff: Tariff) -> [Int] {
    var result: [Int] = []
    for (j, later) in tariff.elements.enumerated() {
      let dims = Set(later.priceComponents.map(\.type))
      var shadowed = false
      for i in 0..<j {
        let earlier = tariff.elements[i]
        guard !dims.isDisjoint(with: earlier.priceComponents.map(\.type)) else { continue }
        if covers(earlier.restrictions, later.restrictions) {
          shadowed = true
          break
        }
      }
      if shadowed { result.append(j) }
    }
    return result
  }

  /// Whether `a` holds whenever `b` holds, judged field by field (every field `a` sets, `b` sets
  /// to the same value). Conservative: reports only certain cases.
  static func covers(_ a: TariffRestrictions?, _ b: TariffRestrictions?) -> Bool {
    guard let a else { return true }
    guard let b else { return a.isEmpty }
    func same<T: Equatable>(_ x: T?, _ y: T?) -> Bool { x == nil || x == y }
    return same(a.startTime, b.startTime) && same(a.endTime, b.endTime)
      && same(a.startDate, b.startDate) && same(a.endDate, b.endDate)
      && same(a.minKWh, b.minKWh) && same(a.maxKWh, b.maxKWh)
      && same(a.minCurrent, b.minCurrent) && same(a.maxCurrent, b.maxCurrent)
      && same(a.minPower, b.minPower) && same(a.maxPower, b.maxPower)
      && same(a.minDuration, b.minDuration) && same(a.maxDuration, b.maxDuration)
      && (a.dayOfWeek.isEmpty || a.dayOfWeek == b.dayOfWeek) && a.reservation == b.reservation
  }
}
