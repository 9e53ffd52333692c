import Charging
import Foundation
import Geo

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
    batteryKWh: Decimal, fromPercent: Decimal = 10, toPercent: Decimal = 80, carMaxACkW: Decimal = 11,
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
  /// The session that was priced (energy, minutes, power).
  public var energyKWh: Decimal
  /// Charging minutes of the priced session.
  public var chargeMinutes: Decimal
  /// The power assumed, in kW.
  public var powerKW: Decimal
  /// AC or DC.
  public var current: CurrentKind
  /// Effective price per kWh incl. VAT: estimated cost / energy, rounded to 4 decimals.
  public var pricePerKWh: Decimal
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

  /// Creates a quoter over a catalogue.
  public init(catalog: TariffCatalog) {
    self.catalog = catalog
  }

  /// Whether a catalogue entry applies to a station for a current type.
  public func applies(_ entry: CatalogEntry, to station: Station, current: CurrentKind) -> Bool {
    applies(
      entry, to: station, current: current, name: OperatorName.normalise(station.operatorName),
      key: OperatorName.key(station.operatorName))
  }

  private func applies(
    _ entry: CatalogEntry, to station: Station, current: CurrentKind, name: String, key: String
  ) -> Bool {
    let a = entry.applicability
    guard a.currents.contains(current) else { return false }
    func matches(_ prefix: String) -> Bool {
      OperatorName.matches(name, prefix: prefix) || OperatorName.matches(key, prefix: prefix)
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

  /// Quotes a station for the selected tariffs (nil = every catalogue tariff), best first.
  public func quote(
    station: Station, selectedTariffIDs: Set<String>?, assumption: SessionAssumption
  ) -> StationQuote {
    let selected = catalog.entries.filter { selectedTariffIDs?.contains($0.id) ?? true }
    guard !selected.isEmpty else {
      return .noPriceKnown(reason: "no tariffs selected")
    }
    // The fastest current type both the station and the car can use.
    let dcPower = Self.maxPower(station, dc: true)
    let acPower = Self.maxPower(station, dc: false)
    let current: CurrentKind
    let stationPower: Decimal
    if let dcPower, assumption.carMaxDCkW > 0 {
      current = .dc
      stationPower = min(dcPower, assumption.carMaxDCkW)
    } else if let acPower {
      current = .ac
      stationPower = min(acPower, assumption.carMaxACkW)
    } else {
      return .noPriceKnown(reason: "the station's power is unknown, so no session can be estimated")
    }
    guard stationPower > 0 else {
      return .noPriceKnown(reason: "no usable charging power at this station for this car")
    }
    let energy = assumption.energyKWh
    let minutes = energy * 60 / stationPower
    let session: PreparedSession
    do {
      // Whole milliseconds (half up); power restrictions see the assumed power itself.
      guard let chargeMs = DecimalScaling.scaled(energy * 3_600_000 / stationPower, decimals: 0, rounding: true),
        chargeMs >= 0, chargeMs < 1_000_000_000_000
      else { throw SessionError("energy \(energy) kWh at \(stationPower) kW is out of range") }
      var periods: [SessionPeriod] = [
        .charging(milliseconds: Int64(chargeMs), energyKWh: energy, powerKW: stationPower)
      ]
      if assumption.parkMinutes > 0 {
        periods.append(.parking(milliseconds: try SessionPeriod.milliseconds(minutes: assumption.parkMinutes)))
      }
      session = try PreparedSession(
        ChargingSession(
          start: assumption.start, timeZone: TimeZone(identifier: station.timeZone) ?? .current,
          periods: periods))
    } catch {
      return .noPriceKnown(reason: "the session cannot be estimated: \(error)")
    }
    var quotes: [PriceQuote] = []
    let name = OperatorName.normalise(station.operatorName)
    let key = OperatorName.key(station.operatorName)
    for entry in selected where entry.tariff.isActive(at: session.sessionStart) {
      guard applies(entry, to: station, current: current, name: name, key: key) else { continue }
      let cost = entry.compiled.cost(session)
      let perKWh = energy > 0 ? cost.inclVAT.decimal(rounded: 12) / energy : 0
      quotes.append(
        PriceQuote(
          tariffID: entry.id, name: entry.name, provider: entry.provider, dataDate: entry.dataDate,
          access: entry.applicability.access, cost: cost, energyKWh: energy, chargeMinutes: minutes,
          powerKW: stationPower, current: current, pricePerKWh: GrossPrice.round(perKWh, 4)))
    }
    guard !quotes.isEmpty else {
      return .noPriceKnown(
        reason:
          "none of the \(selected.count) selected tariffs applies to \(station.operatorName) (\(current.rawValue))")
    }
    quotes.sort {
      $0.cost.inclVAT != $1.cost.inclVAT ? $0.cost.inclVAT < $1.cost.inclVAT : $0.tariffID < $1.tariffID
    }
    return .priced(quotes)
  }

  static func maxPower(_ station: Station, dc: Bool) -> Decimal? {
    let powers = station.evses.flatMap(\.connectors).filter { $0.powerType.isDirectCurrent == dc }
      .compactMap(\.maxPower)
    guard let best = powers.max() else { return nil }
    return Decimal(string: String(format: "%.1f", best.kilowatts))
  }
}

extension GrossPrice {
  /// Rounds half away from zero to `digits` decimals.
  static func round(_ value: Decimal, _ digits: Int) -> Decimal {
    var v = value
    var out = Decimal()
    NSDecimalRound(&out, &v, digits, .plain)
    return out
  }
}
