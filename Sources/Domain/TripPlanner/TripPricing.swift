import Charging
import Foundation
import Pricing

/// The tariff a stop was priced with.
public struct StopTariff: Hashable, Sendable {
  /// The catalogue id, e.g. `afir-enbw-dc-…`.
  public var id: String
  /// The display name, e.g. `EnBW ad hoc DC (card)`.
  public var name: String
  /// Who sets the price.
  public var provider: String
  /// Ad hoc or roaming (see ``TripPricing`` for why never contract).
  public var access: TariffAccess
  /// The date of the price data.
  public var dataDate: String
}

/// Prices a trip's charging stops from a tariff catalogue through Pricing's ``PriceQuoter``.
///
/// **Default tariff selection**, per station and session start, a driver without any contract
/// being the assumption:
/// 1. the operator's own **ad-hoc** price (pay at the charger), when the catalogue has one that
///    applies to the station — cheapest first if several do;
/// 2. otherwise the **cheapest roaming** tariff that applies there (a charging card from another
///    provider that works at this operator);
/// 3. otherwise **no price known**, with the quoter's reason.
/// Contract tariffs (a provider's own card at its own network) are never assumed, because the
/// driver may not hold that card.
///
/// Two uses: ``chargePrice(for:)`` is the planner's price hook (``TripOptions/price``), a price
/// linear in energy for one typical session (the car's 10 → 80 % at the departure time), which
/// the search needs; ``price(_:)`` then prices each chosen stop exactly — its real energy,
/// charging time and start time, under the tariff chosen for that start — with the OCPI cost
/// calculator, which is what the plan shows.
public struct TripPricing: Sendable {
  /// The quoter over the tariff catalogue.
  public let quoter: PriceQuoter
  /// The vehicle (capacity and charging limit for the typical session).
  public let vehicle: VehicleProfile
  /// When the trip starts.
  public let departure: Date
  /// The stations that can be priced, by id (``PlannerSite/id``).
  private let stations: [String: Station]

  /// The car's AC limit assumed for AC-only stations, kW: a common 11 kW on-board charger.
  public static let carMaxACKilowatts: Decimal = 11

  /// Creates a pricing for `stations` (the corridor's stations; others are priced as unknown).
  public init(quoter: PriceQuoter, stations: [Station], vehicle: VehicleProfile, departure: Date) {
    self.quoter = quoter
    self.vehicle = vehicle
    self.departure = departure
    var byID: [String: Station] = [:]
    byID.reserveCapacity(stations.count)
    for station in stations { byID[station.id.rawValue] = station }
    self.stations = byID
  }

  /// The outcome of the default tariff selection at one station.
  public enum Choice: Sendable {
    /// The chosen tariff and its quote for the assumed session.
    case tariff(CatalogEntry, PriceQuote)
    /// Nothing applies; the reason in plain words.
    case noPriceKnown(String)
  }

  /// The default tariff at `station` for a session starting at `start`, `energyKWh` charged
  /// (the quote's reference session; the choice itself depends only on which tariffs apply and
  /// their cost for this session).
  public func choice(for station: Station, start: Date, energyKWh: Double? = nil) -> Choice {
    let capacity = Decimal(vehicle.usableCapacityKilowattHours)
    var assumption = SessionAssumption(
      batteryKWh: capacity, carMaxACkW: Self.carMaxACKilowatts,
      carMaxDCkW: Decimal(vehicle.chargingCurve.peakKilowatts), start: start)
    if let energyKWh, energyKWh > 0, vehicle.usableCapacityKilowattHours > 0 {
      assumption.fromPercent = 0
      assumption.toPercent = min(
        100, Decimal(energyKWh / vehicle.usableCapacityKilowattHours * 100))
    }
    let quote = quoter.quote(station: station, selectedTariffIDs: nil, assumption: assumption)
    let quotes: [PriceQuote]
    switch quote {
    case .noPriceKnown(let reason): return .noPriceKnown(reason)
    case .priced(let list): quotes = list
    }
    // Quotes come cheapest first.
    let pick =
      quotes.first { $0.access == .adHoc } ?? quotes.first { $0.access == .roaming }
    guard let pick, let entry = quoter.catalog.entry(id: pick.tariffID) else {
      let kinds = Set(quotes.map(\.access.rawValue)).sorted().joined(separator: ", ")
      return .noPriceKnown(
        "only \(kinds) tariffs apply to \(station.operatorName), and no contract is assumed")
    }
    return .tariff(entry, pick)
  }

  /// The planner's hook: the station's price per kWh incl. VAT for a typical session (10 → 80 %
  /// at the departure time), fees folded in; nil when no price is known.
  public func chargePrice(for site: PlannerSite) -> ChargePrice? {
    guard let station = stations[site.id],
      case .tariff(_, let quote) = choice(for: station, start: departure),
      quote.energyMilliwattHours > 0
    else { return nil }
    let euros = Self.euros(quote.cost.inclVAT, currency: quote.cost.currency)
    return ChargePrice(perKilowattHour: euros / (Double(quote.energyMilliwattHours) / 1_000_000))
  }

  /// `options` with ``TripOptions/price`` set to ``chargePrice(for:)``.
  public func applied(to options: TripOptions) -> TripOptions {
    var options = options
    let pricing = self
    options.price = { pricing.chargePrice(for: $0) }
    return options
  }

  /// `plan` with every stop priced exactly: its energy and charging time, starting when the car
  /// arrives (departure + ``PlannedStop/arrivalSeconds``), at the stop's average power, under the
  /// tariff the default selection picks for that start. Stops without a known price get
  /// ``PlannedStop/priceNote`` instead.
  public func price(_ plan: TripPlan) -> TripPlan {
    var plan = plan
    for index in plan.stops.indices {
      var stop = plan.stops[index]
      stop.price = nil
      stop.priceExclVAT = nil
      stop.tariff = nil
      stop.priceNote = nil
      let start = departure.addingTimeInterval(stop.arrivalSeconds)
      guard let station = stations[stop.station.site.id] else {
        stop.priceNote = "no price known: the station is not in the priced set"
        plan.stops[index] = stop
        continue
      }
      switch choice(for: station, start: start, energyKWh: stop.energyKilowattHours) {
      case .noPriceKnown(let reason):
        stop.priceNote = "no price known: \(reason)"
      case .tariff(let entry, let quote):
        do {
          let cost = try exactCost(stop, entry: entry, quote: quote, station: station, start: start)
          stop.price = cost.inclVATMoney
          stop.priceExclVAT = cost.exclVATMoney
          stop.tariff = StopTariff(
            id: entry.id, name: entry.name, provider: entry.provider,
            access: entry.applicability.access, dataDate: entry.dataDate)
        } catch {
          stop.priceNote = "no price known: the session could not be priced (\(error))"
        }
      }
      plan.stops[index] = stop
    }
    return plan
  }

  private func exactCost(
    _ stop: PlannedStop, entry: CatalogEntry, quote: PriceQuote, station: Station, start: Date
  ) throws -> SessionCost {
    let milliseconds = Int64((stop.chargeSeconds * 1000).rounded())
    let energy = Self.decimal(stop.energyKilowattHours, places: 6)
    // The average power over the session; OCPI power restrictions see this value.
    let averageKW =
      stop.chargeSeconds > 0
      ? Self.decimal(stop.energyKilowattHours / (stop.chargeSeconds / 3600), places: 3)
      : quote.powerKW
    let zone = TimeZone(identifier: station.timeZone) ?? TimeZone(identifier: "Europe/Berlin")
    let session = ChargingSession(
      start: start, timeZone: zone ?? .current,
      periods: [
        .charging(milliseconds: max(1, milliseconds), energyKWh: energy, powerKW: averageKW)
      ]
    )
    return entry.compiled.cost(try PreparedSession(session))
  }

  /// `value` rounded to `places` decimals, as a `Decimal` built from integers (exact).
  static func decimal(_ value: Double, places: Int) -> Decimal {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard scaled.magnitude < 9e15 else { return Decimal(value) }
    return Decimal(Int64(scaled)) / Decimal(sign: .plus, exponent: places, significand: 1)
  }

  /// An exact amount in units of the currency (e.g. euros) as a Double, for the planner.
  static func euros(_ amount: ExactAmount, currency: Currency) -> Double {
    let cents = amount.money(currency).minorUnits
    var scale = 1.0
    for _ in 0..<currency.minorUnitDigits { scale *= 10 }
    return Double(cents) / scale
  }
}
