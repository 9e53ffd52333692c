import Charging
import Foundation
import Geo
import Synchronization

/// The session a quote assumes: a share of a battery charged at the lower of the station's and the
/// car's power, starting at a given time.
///
/// Charging at constant power is a simplification (real curves taper above ~60 %); it makes the
/// time, and so time-based fees, a lower bound for DC sessions.
public struct SessionAssumption: Sendable, Hashable {
  /// Usable battery capacity in kWh.
  public var batteryKWh: Decimal
  /// State of charge at the start, in percent.
  public var fromPercent: Decimal
  /// State of charge at the end, in percent.
  public var toPercent: Decimal
  /// The car's AC charging limit in kW (on-board charger).
  public var carMaxACkW: Decimal
  /// The car's DC charging limit in kW; 0 = no DC charging.
  public var carMaxDCkW: Decimal
  /// When the session starts.
  public var start: Date
  /// Minutes the car stays plugged in after charging.
  public var parkMinutes: Decimal

  /// Creates an assumption (10 → 80 % by default, no parking).
  public init(
    batteryKWh: Decimal, fromPercent: Decimal = 10, toPercent: Decimal = 80,
    carMaxACkW: Decimal = 11,
    carMaxDCkW: Decimal = 150, start: Date, parkMinutes: Decimal = 0
  ) {
    self.batteryKWh = batteryKWh
    self.fromPercent = fromPercent
    self.toPercent = toPercent
    self.carMaxACkW = carMaxACkW
    self.carMaxDCkW = carMaxDCkW
    self.start = start
    self.parkMinutes = parkMinutes
  }

  /// The energy to charge: battery × (to − from) / 100.
  public var energyKWh: Decimal { batteryKWh * (toPercent - fromPercent) / 100 }
}

/// One tariff's price for a station.
public struct PriceQuote: Sendable {
  /// The catalogue entry's id.
  public var tariffID: String
  /// Its display name.
  public var name: String
  /// Who sets the price.
  public var provider: String
  /// The date of the price data.
  public var dataDate: String
  /// Ad hoc, contract or roaming.
  public var access: TariffAccess
  /// The estimated session cost.
  public var cost: SessionCost
  /// Energy of the priced session, in mWh.
  public var energyMilliwattHours: Int64
  /// Charging time of the priced session, in ms.
  public var chargeMilliseconds: Int64
  /// The power assumed, in mW.
  public var powerMilliwatts: Int64
  /// Energy of the priced session in kWh.
  public var energyKWh: Decimal { Decimal(energyMilliwattHours) / 1_000_000 }
  /// Charging minutes of the priced session.
  public var chargeMinutes: Decimal { Decimal(chargeMilliseconds) / 60_000 }
  /// The power assumed, in kW.
  public var powerKW: Decimal { Decimal(powerMilliwatts) / 1_000_000 }
  /// AC or DC.
  public var current: CurrentKind
  /// Effective price per kWh incl. VAT: estimated cost / energy (to 10⁻¹⁸ of a unit).
  public var pricePerKWh: ExactAmount
}

/// What is known about charging at a station under the user's tariffs.
public enum StationQuote: Sendable {
  /// Quotes that apply, cheapest (incl. VAT) first.
  case priced([PriceQuote])
  /// Nothing applies; the reason says why in plain words.
  case noPriceKnown(reason: String)

  /// The quotes, empty when no price is known.
  public var quotes: [PriceQuote] {
    if case .priced(let q) = self { return q }
    return []
  }
}

/// Answers "what does charging here cost me" from a tariff catalogue.
public struct PriceQuoter: Sendable {
  /// The catalogue.
  public let catalog: TariffCatalog

  private let berlin = TimeZone(identifier: "Europe/Berlin")

  /// Operator names already normalised (``Charging/OperatorName/normalise(_:)`` and its family
  /// key): a name is folded character by character, and the same few hundred operators come
  /// back in every quote.
  private let operatorKeys = OperatorKeys()

  /// Creates a quoter over a catalogue.
  public init(catalog: TariffCatalog) {
    self.catalog = catalog
  }

  /// Whether a catalogue entry applies to a station for a current type.
  public func applies(_ entry: CatalogEntry, to station: Station, current: CurrentKind) -> Bool {
    applies(
      entry, to: station, current: current, name: OperatorName.normalise(station.operatorName),
      family: station.operatorFamily)
  }

  private func applies(
    _ entry: CatalogEntry, to station: Station, current: CurrentKind, name: String, family: String
  ) -> Bool {
    let a = entry.applicability
    guard a.currents.contains(current) else { return false }
    func matches(_ prefix: String) -> Bool {
      OperatorName.belongs(normalised: name, family: family, to: prefix)
    }
    if !a.operators.isEmpty, !a.operators.contains(where: matches) { return false }
    if a.excludedOperators.contains(where: matches) { return false }
    if let sites = a.sites {
      let evseMatch = station.evses.contains { $0.evseID.map(a.evseIDs.contains) ?? false }
      if !evseMatch {
        let near = sites.contains {
          GreatCircle.distanceKilometres($0, station.coordinate) <= 0.1
        }
        if !near { return false }
      }
    }
    return true
  }

  /// The assumption in integers: energy (mWh), car limits (mW), parking (ms).
  struct Prepared {
    let energy: Int64
    let carAC: Int64
    let carDC: Int64
    let park: Int64
  }

  func prepare(_ a: SessionAssumption) -> Prepared? {
    func scaled(_ d: Decimal, _ digits: Int) -> Int64? {
      guard let v = DecimalScaling.scaled(d, decimals: digits, rounding: true), v >= 0,
        v < 1_000_000_000_000_000
      else { return nil }
      return Int64(v)
    }
    guard let battery = scaled(a.batteryKWh, 6), let from = scaled(a.fromPercent, 3),
      let to = scaled(a.toPercent, 3), to >= from, let ac = scaled(a.carMaxACkW, 6),
      let dc = scaled(a.carMaxDCkW, 6), let park = scaled(a.parkMinutes * 60_000, 0)
    else { return nil }
    return Prepared(energy: battery * (to - from) / 100_000, carAC: ac, carDC: dc, park: park)
  }

  /// Quotes several stations (e.g. the 12 nearest) for the same selection and assumption.
  public func quote(
    stations: [Station], selectedTariffIDs: Set<String>?, assumption: SessionAssumption
  ) -> [StationQuote] {
    let prepared = prepare(assumption)
    let selected = catalog.entries.indices.filter {
      selectedTariffIDs?.contains(catalog.entries[$0].id) ?? true
    }
    return stations.map {
      quote(station: $0, selected: selected, assumption: assumption, prepared: prepared)
    }
  }

  /// Quotes a station for the selected tariffs (nil = every catalogue tariff), best first.
  public func quote(
    station: Station, selectedTariffIDs: Set<String>?, assumption: SessionAssumption
  ) -> StationQuote {
    quote(stations: [station], selectedTariffIDs: selectedTariffIDs, assumption: assumption)[0]
  }

  private func quote(
    station: Station, selected: [Int], assumption: SessionAssumption, prepared: Prepared?
  ) -> StationQuote {
    guard !selected.isEmpty else {
      return .noPriceKnown(reason: "no tariffs selected")
    }
    guard let prepared else {
      return .noPriceKnown(reason: "the session assumption is out of range (negative or reversed)")
    }
    // The fastest current type both the station and the car can use.
    let dcPower = Self.maxPower(station, dc: true)
    let acPower = Self.maxPower(station, dc: false)
    let current: CurrentKind
    let power: Int64
    if let dcPower, prepared.carDC > 0 {
      current = .dc
      power = min(dcPower, prepared.carDC)
    } else if let acPower {
      current = .ac
      power = min(acPower, prepared.carAC)
    } else {
      return .noPriceKnown(reason: "the station's power is unknown, so no session can be estimated")
    }
    guard power > 0 else {
      return .noPriceKnown(reason: "no usable charging power at this station for this car")
    }
    // ms = mWh × 3.6e6 / mW, rounded half up.
    let chargeMs = Int64(
      (Int128(prepared.energy) * 3_600_000 * 2 + Int128(power)) / (2 * Int128(power)))
    let zone =
      (station.timeZone == "Europe/Berlin" ? berlin : nil) ?? TimeZone(identifier: station.timeZone)
      ?? .current
    let session = PreparedSession(
      start: assumption.start, timeZone: zone, chargeMilliseconds: chargeMs,
      energyMilliwattHours: prepared.energy, powerMilliwatts: power, parkMilliseconds: prepared.park
    )
    var quotes: [PriceQuote] = []
    let (name, family) = operatorKeys.keys(station.operatorName)
    var outOfDate: [CatalogEntry] = []
    for index in selected {
      let entry = catalog.entries[index]
      guard applies(entry, to: station, current: current, name: name, family: family) else {
        continue
      }
      guard entry.tariff.isActive(at: assumption.start) else {
        outOfDate.append(entry)
        continue
      }
      let cost = entry.compiled.cost(session)
      let perKWh =
        prepared.energy > 0
        ? ExactAmount(units: cost.inclVAT.units * 1_000_000 / Int128(prepared.energy)) : .zero
      quotes.append(
        PriceQuote(
          tariffID: entry.id, name: entry.name, provider: entry.provider, dataDate: entry.dataDate,
          access: entry.applicability.access, cost: cost, energyMilliwattHours: prepared.energy,
          chargeMilliseconds: chargeMs, powerMilliwatts: power, current: current,
          pricePerKWh: perKWh))
    }
    guard !quotes.isEmpty else {
      if !outOfDate.isEmpty {
        let day = Self.dayText(assumption.start, zone)
        return .noPriceKnown(
          reason: outOfDate.map { "\($0.name): \(Self.validity($0.tariff, zone)), not on \(day)" }
            .joined(separator: "; "))
      }
      return .noPriceKnown(
        reason:
          "none of the \(selected.count) selected tariffs applies to \(station.operatorName) (\(current.rawValue))"
      )
    }
    quotes.sort {
      $0.cost.inclVAT != $1.cost.inclVAT
        ? $0.cost.inclVAT < $1.cost.inclVAT : $0.tariffID < $1.tariffID
    }
    return .priced(quotes)
  }

  /// `tariff valid from 2024-01-01 to 2025-01-01` (local dates; the end is exclusive, as in
  /// OCPI), with `any date` / `open end` for a missing bound.
  static func validity(_ tariff: Tariff, _ zone: TimeZone) -> String {
    let from = tariff.startDateTime.map { dayText($0, zone) } ?? "any date"
    let to = tariff.endDateTime.map { dayText($0, zone) } ?? "open end"
    return "tariff valid from \(from) to \(to)"
  }

  /// The local calendar date of an instant, `YYYY-MM-DD`.
  static func dayText(_ instant: Date, _ zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let c = calendar.dateComponents([.year, .month, .day], from: instant)
    guard let y = c.year, let m = c.month, let d = c.day,
      let date = LocalDate(year: y, month: m, day: d)
    else { return OCPIDateTime.format(instant) }
    return date.description
  }

  /// The highest connector power (mW) of one current type at a station.
  static func maxPower(_ station: Station, dc: Bool) -> Int64? {
    var best: Double?
    for evse in station.evses {
      for connector in evse.connectors where connector.powerType.isDirectCurrent == dc {
        if let p = connector.maxPower?.kilowatts, p.isFinite, p > 0 { best = max(best ?? 0, p) }
      }
    }
    return best.map { Int64(($0 * 1_000_000).rounded()) }
  }
}

/// Normalised operator names and their family keys by the name as written, shared by every copy
/// of a quoter; at most `capacity` names (then it starts afresh).
final class OperatorKeys: Sendable {
  private let table = Mutex<[String: (name: String, family: String)]>([:])
  static let capacity = 50_000

  func keys(_ operatorName: String) -> (name: String, family: String) {
    if let known = table.withLock({ $0[operatorName] }) { return known }
    let name = OperatorName.normalise(operatorName)
    let keys = (name: name, family: OperatorName.family(ofNormalised: name))
    table.withLock { table in
      if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
      table[operatorName] = keys
    }
    return keys
  }
}
