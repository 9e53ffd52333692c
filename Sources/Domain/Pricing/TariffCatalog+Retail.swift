import Charging
import Foundation

// Conversion of the hand-compiled retail list (`tariffs_retail_de_2025-09.json`, data README §7,
// prices incl. 19 % VAT) into OCPI tariffs.
//
// - `pricePerKwh` → ENERGY (step 1 Wh); `pricePerMin` > 0 → TIME and PARKING_TIME from the start.
// - `blockingFee` → TIME and PARKING_TIME at 60 × `pricePerMin` per hour (step 60 s: per started
//   minute), counted whether charging or idle, with `durationHours/Minutes.from` → `min_duration`,
//   a fee cap (`maxPrice`, `maxPerSession`) → `max_duration = from + cap / price-per-minute`
//   (exact), and `daytime.timeRanges` → one element per priced window (`start_time`/`end_time`).
// - `providerSpecific` fees become one tariff per provider (applies only at that operator);
//   `false` = no blocking fee there. A night cap of billed minutes inside a window cannot be
//   expressed in OCPI; it is left out (an upper bound) and noted.
// - Gross → net `gross / 1.19` (12 decimals) with the published gross kept for incl. VAT.
// - Applicability: own network (provider's operator prefix) for plain tariffs, every other
//   operator for `…-roaming` / `…-partner` tariffs, the listed `providers` / `partners` where the
//   tariff names them, and everywhere for EnBW mobility+ (one price across its roaming network).
// - Correction: the ADAC e-Charge roaming tariff's text says "AC: ab 2h, DC: ab 45min" while its
//   structured field says 2 h for both; the DC variant uses 45 min, as the text states.

private struct RetailFile: Decodable {
  struct Provider: Decodable {
    var id: String
    var name: String
    var partners: [String]?
    var tariffs: [RetailTariff]
  }
  struct RetailTariff: Decodable {
    var id: String
    var name: String?
    var types: [String]?
    var pricePerKwh: Decimal?
    var pricePerMin: Decimal?
    var baseFee: ExactJSON?
    var blockingFee: ExactJSON?
    var providers: [String]?
    var partners: [String]?
  }
  var as_of: String
  var providers: [Provider]
}

/// A blocking fee as read from the retail JSON.
private struct BlockingFee {
  var pricePerMinute: Decimal
  var fromMinutes: Decimal?
  var capAmount: Decimal?
  /// Priced windows `(start, end, price per minute)`; empty = all day.
  var windows: [(String, String, Decimal)]
  var notes: [String]
}

extension TariffCatalog {
  static let retailFile = "tariffs_retail_de_2025-09.json"

  /// Operator-name prefixes of retail providers and partners (normalised, see ``OperatorName``).
  static let retailOperatorKeys: [String: String] = [
    "aral-pulse": "aral", "ewe-go": "ewe go", "qwello-nrw": "qwello", "qwello": "qwello",
    "ionity": "ionity", "eon": "eon", "eon-drive": "eon drive",
    "eon-drive-infrastructure": "eon drive infrastructure", "allego": "allego",
    "westenergie": "westenergie", "eze.network": "eze network", "eze-network": "eze network",
    "comfort-charge": "comfortcharge",
    "mercedes-benz-charging-hub": "mercedes benz high power charging",
  ]

  mutating func addRetail(_ data: Data) throws {
    let file: RetailFile
    do {
      file = try JSONDecoder().decode(RetailFile.self, from: data)
    } catch {
      throw CatalogError(file: Self.retailFile, problem: "not the retail tariffs layout: \(error)")
    }
    let dataDate = String(file.as_of.prefix(7))
    let updated = OCPIDateTime.parse("\(dataDate)-01T00:00:00Z") ?? Date(timeIntervalSince1970: 0)
    for provider in file.providers {
      for t in provider.tariffs {
        let item = "tariff \(t.id)"
        func note(_ text: String) {
          diagnostics.append(
            TariffDiagnostic(.note, source: Self.retailFile, item: item, message: text))
        }
        if case .number(let fee)? = t.baseFee, fee > 0 {
          note("base fee \(fee) € is a monthly fee, not priced per session")
        }
        guard let perKWh = t.pricePerKwh else {
          diagnostics.append(
            TariffDiagnostic(
              .warning, source: Self.retailFile, item: item, message: "no pricePerKwh; not loaded"))
          continue
        }
        let currents: Set<CurrentKind> =
          t.types.map { Set($0.compactMap { CurrentKind(rawValue: $0.uppercased()) }) } ?? [
            .ac, .dc,
          ]
        let own = Self.retailOperatorKeys[provider.id] ?? OperatorName.key(provider.id)
        let isRoaming =
          t.id.hasSuffix("-roaming") || t.id.hasSuffix("-partner")
          || t.id.contains("-roaming-")
        // Variants: (id suffix, operators, excluded, access, blocking fee JSON).
        var variants: [(String, [String], [String], TariffAccess, ExactJSON?)] = []
        let specific = Self.providerSpecific(t.blockingFee)
        if let specific {
          var keys = specific.keys.sorted()
          func opKey(_ k: String) -> String { Self.retailOperatorKeys[k] ?? OperatorName.key(k) }
          for partner in (t.partners ?? []) + (t.providers ?? [])
          where !keys.map(opKey).contains(opKey(partner)) {
            keys.append(partner)
          }
          for key in keys {
            let opKey = opKey(key)
            let fee = specific[key] ?? nil
            if specific[key] == nil {
              note("no blocking fee is listed for partner \(key); priced without one")
            }
            let excluded = key == "eon-drive" ? ["eon drive infrastructure"] : []
            variants.append(
              ("@\(key)", [opKey], excluded, key.hasPrefix("eon") ? .contract : .roaming, fee))
          }
        } else if provider.id == "mobility-plus" {
          variants.append(("", [], [], .contract, t.blockingFee))
          note(
            "applies at every operator: EnBW mobility+ charges one price across its roaming network"
          )
        } else if isRoaming {
          variants.append(("", [], [own], .roaming, t.blockingFee))
        } else {
          variants.append(("", [own], [], .contract, t.blockingFee))
        }
        for (suffix, operators, excluded, access, feeJSON) in variants {
          var fee: BlockingFee?
          if let feeJSON { fee = Self.blockingFee(feeJSON) }
          for n in fee?.notes ?? [] { note(n) }
          // The ADAC e-Charge roaming correction (see the file comment).
          var perCurrent: [(Set<CurrentKind>, BlockingFee?)] = [(currents, fee)]
          if t.id == "aral-pulse-adac-e-charge-roaming", var dcFee = fee, currents.contains(.dc) {
            dcFee.fromMinutes = 45
            perCurrent = [(currents.subtracting([.dc]), fee), ([.dc], dcFee)]
            note(
              "DC blocking fee from minute 45, as the tariff's text says (structured field: 2 h)")
          }
          for (kinds, f) in perCurrent where !kinds.isEmpty {
            let kindSuffix =
              perCurrent.count > 1 ? "-\(kinds.map(\.rawValue).sorted().joined().lowercased())" : ""
            let id = "retail-\(t.id)\(suffix)\(kindSuffix)"
            var elements = [
              TariffElement(priceComponents: [Self.grossComponent(.energy, perKWh, step: 1)])
            ]
            if let perMinute = t.pricePerMin, perMinute > 0 {
              elements.append(Self.timeElement(perMinute: perMinute, restrictions: nil))
            }
            if let f { elements += Self.feeElements(f) }
            let tariff = Tariff(
              countryCode: "DE", partyID: "ZZZ", id: id, currency: .euro, type: .regular,
              elements: elements, lastUpdated: updated)
            let label = (t.name?.isEmpty == false ? t.name : nil) ?? t.id
            let where_ = suffix.isEmpty ? "" : " at \(suffix.dropFirst())"
            append(
              tariff,
              name:
                "\(provider.name) \(label)\(where_)\(kindSuffix.isEmpty ? "" : " \(kindSuffix.dropFirst().uppercased())")",
              provider: provider.name, dataDate: dataDate, source: .retail, file: Self.retailFile,
              applicability: TariffApplicability(
                operators: operators, excludedOperators: excluded, currents: kinds, access: access))
          }
        }
      }
    }
  }

  private static func grossComponent(_ type: TariffDimension, _ gross: Decimal, step: Int)
    -> PriceComponent
  {
    PriceComponent(
      type: type, price: GrossPrice.net(gross, vat: 19), vat: 19, stepSize: step,
      publishedGrossPrice: gross)
  }

  private static func timeElement(perMinute: Decimal, restrictions: TariffRestrictions?)
    -> TariffElement
  {
    let perHour = perMinute * 60
    return TariffElement(
      priceComponents: [
        grossComponent(.time, perHour, step: 60), grossComponent(.parkingTime, perHour, step: 60),
      ],
      restrictions: restrictions.flatMap { $0.isEmpty ? nil : $0 })
  }

  private static func feeElements(_ fee: BlockingFee) -> [TariffElement] {
    let from = fee.fromMinutes.map { Int(truncating: ($0 * 60) as NSNumber) }
    var until: Int?
    if let cap = fee.capAmount, fee.pricePerMinute > 0 {
      until = (from ?? 0) + Int(truncating: (cap / fee.pricePerMinute * 60) as NSNumber)
    }
    if fee.windows.isEmpty {
      guard fee.pricePerMinute > 0 else { return [] }
      return [
        timeElement(
          perMinute: fee.pricePerMinute,
          restrictions: TariffRestrictions(minDuration: from, maxDuration: until))
      ]
    }
    return fee.windows.compactMap { start, end, price in
      guard price > 0 else { return nil }
      return timeElement(
        perMinute: price,
        restrictions: TariffRestrictions(
          startTime: TimeOfDay(start), endTime: TimeOfDay(end), minDuration: from,
          maxDuration: until))
    }
  }

  private static func providerSpecific(_ json: ExactJSON?) -> [String: ExactJSON?]? {
    guard case .object(let fee)? = json, case .object(let conditions)? = fee["conditions"],
      case .object(let specific)? = conditions["providerSpecific"]
    else { return nil }
    var result: [String: ExactJSON?] = [:]
    for (key, value) in specific {
      if case .bool(false) = value { result[key] = .some(nil) } else { result[key] = .some(value) }
    }
    return result
  }

  private static func blockingFee(_ json: ExactJSON) -> BlockingFee? {
    guard case .object(let fee) = json else { return nil }
    var result = BlockingFee(pricePerMinute: 0, windows: [], notes: [])
    if case .number(let p)? = fee["pricePerMin"] { result.pricePerMinute = p }
    if case .number(let cap)? = fee["maxPerSession"] { result.capAmount = cap }
    guard case .object(let conditions)? = fee["conditions"] else {
      return result.pricePerMinute > 0 ? result : nil
    }
    if case .object(let d)? = conditions["durationHours"] {
      if case .number(let h)? = d["from"] { result.fromMinutes = h * 60 }
      if case .number(let cap)? = d["maxPrice"] { result.capAmount = cap }
    }
    if case .object(let d)? = conditions["durationMinutes"], case .number(let m)? = d["from"] {
      result.fromMinutes = m
    }
    if case .object(let daytime)? = conditions["daytime"],
      case .array(let ranges)? = daytime["timeRanges"]
    {
      for case .object(let range) in ranges {
        guard case .string(let from)? = range["from"], case .string(let to)? = range["to"] else {
          continue
        }
        var price = result.pricePerMinute
        if case .number(let p)? = range["pricePerMin"] { price = p }
        if case .number(let cap)? = range["maxPrice"], cap > 0 {
          result.notes.append(
            "the cap of \(cap) € between \(from) and \(to) cannot be expressed in OCPI; priced without it (an upper bound)"
          )
        }
        result.windows.append((from, to, price))
      }
    }
    return result
  }
}
