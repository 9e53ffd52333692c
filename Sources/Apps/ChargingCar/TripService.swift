import Charging
import ChargingData
import Foundation
import Geo
import Pricing
import Routing
import TripPlanner

/// What the Route tab asks the planner.
public struct TripRequest: Hashable, Sendable {
  /// Where the car is.
  public var from: Coordinate
  /// Where the driver wants to go.
  public var destination: TripDestination
  /// The driver's tariffs and car.
  public var setup: DriverSetup
  /// The charge at departure, 0…1.
  public var stateOfCharge: Double
  /// When the trip starts (prices depend on the time of day).
  public var departure: Date
  /// Register rows that live status says cannot be used now (every fresh charge point busy or
  /// out of order): the planner stops there only when no plan exists without them.
  public var unusableStations: Set<Station.ID>
  /// Register rows with a charge point live status says is free now (fresh and available): when
  /// the corridor holds one, the planner prefers such stops
  /// (``TripService/unknownStatusStopSeconds``).
  public var freeStations: Set<Station.ID>

  /// Creates a request.
  public init(
    from: Coordinate, destination: TripDestination, setup: DriverSetup, stateOfCharge: Double = 0.8,
    departure: Date, unusableStations: Set<Station.ID> = [], freeStations: Set<Station.ID> = []
  ) {
    self.from = from
    self.destination = destination
    self.setup = setup
    self.stateOfCharge = stateOfCharge
    self.departure = departure
    self.unusableStations = unusableStations
    self.freeStations = freeStations
  }
}

/// One charging stop as the Route tab shows it.
public struct StopSummary: Hashable, Sendable {
  /// `EnBW, Raststätte Allertal, Walsrode`.
  public var name: String
  /// Where it is (for the Maps hand-off).
  public var coordinate: Coordinate
  /// Kilometres from the start along the route.
  public var kilometre: Double
  /// The site's highest power, kW.
  public var kilowatts: Double
  /// Charge on arrival and on leaving, 0…1.
  public var arrival: Double, departure: Double
  /// Minutes of charging.
  public var chargeMinutes: Double
  /// The stop's price and under which tariff, e.g. `12.34 € (EnBW ad hoc, 2026-03-19)`, or why
  /// none is known.
  public var priceText: String
  /// The register row of the stop (its live status is looked up by it).
  public var stationID: Station.ID? = nil
  /// Whether live status said the stop could not be used when it was planned (no plan existed
  /// without it).
  public var unusableWhenPlanned = false
  /// Whether live status said a charge point of the stop was free when it was planned.
  public var freeWhenPlanned = false

  /// The stop's whole minutes of charging, as every line of the summary counts them (the
  /// trip's charging time is their sum, so the parts add up).
  public var wholeChargeMinutes: Int { Int(chargeMinutes.rounded()) }

  /// The cost alone, without the tariff: `5.45 €`, `5.45 € roaming`; the whole ``priceText``
  /// when it names no price.
  public var costText: String {
    guard let open = priceText.range(of: " (") else { return priceText }
    return String(priceText[..<open.lowerBound])
  }
}

/// A planned trip as the Route tab shows it.
public struct TripSummary: Hashable, Sendable {
  /// The destination.
  public var destination: TripDestination
  /// Road kilometres.
  public var kilometres: Double
  /// Seconds driving, charging and stopping (overhead per stop).
  public var driveSeconds: Double, chargeSeconds: Double, overheadSeconds: Double
  /// The stops in route order; empty when the destination is in range.
  public var stops: [StopSummary]
  /// Charge on arrival at the destination, 0…1.
  public var arrival: Double
  /// The vehicle planned for.
  public var vehicleName: String
  /// The charge the planner keeps on arrival, 0…1 (its minimum arrival charge).
  public var reserve: Double = TripOptions().minimumArrivalAtDestination
  /// The charge the trip starts with, 0…1.
  public var start: Double = TripOptions().startStateOfCharge
  /// Where the trip was planned from (the car's position then).
  public var origin: Coordinate? = nil
  /// The driver's tariffs and vehicle the trip was planned and priced for.
  public var setup: DriverSetup? = nil

  /// Whether the car arrives with less than the planner's reserve.
  public var arrivesUnderReserve: Bool { arrival < reserve - 0.0005 }

  /// All the time the trip takes.
  public var totalSeconds: Double { driveSeconds + chargeSeconds + overheadSeconds }
}

/// Plans trips over the bundled roads, chargers and tariffs (what `wayside plan` does), pricing
/// each stop under the driver's tariffs.
public enum TripService {
  /// What a stop whose status is not known to be free costs more than one with a free charge
  /// point, when the planner chooses stops: 300 s (5 min).
  ///
  /// It models the risk of waiting for a charge point: a site with no status, or only stale
  /// ones, may be full on arrival, while a fresh "available" one very likely is not. A free site
  /// therefore wins over an unknown one that saves less than 5 min (a little more power, a
  /// shorter detour), and loses to one that saves more. No source publishes such a figure; ours
  /// is the size of the per-stop overhead (`TripOptions.stopOverheadSeconds`, Chargetrip's 300 s,
  /// ev-domain.md §4.2), one more "finding a charger" per stop. It never enters the reported
  /// times. Applied only when the corridor holds a known-free site: without live status every
  /// site would pay it alike, which would only push the plan towards fewer, longer stops, so a
  /// trip without live status plans exactly as before.
  public static let unknownStatusStopSeconds = 300.0

  /// Plans `request`; throws a `RoutingError` naming the gap when no plan is feasible.
  public static func plan(_ request: TripRequest) async throws -> TripSummary {
    guard let vehicle = request.setup.vehicle else {
      throw RoutingError(.invalidOptions, "no vehicle profile is available")
    }
    let roads = try await BundledRoads.shared()
    let chargers = try await BundledChargers.shared()
    let quoter = try await BundledTariffs.quoter()
    let route = try roads.network.fastestRoute(
      from: request.from, to: request.destination.coordinate)
    var options = TripOptions()
    options.startStateOfCharge = request.stateOfCharge
    let corridor = fittingCorridor(
      route, chargers, vehicle, withinKilometres: options.corridorKilometres)
    let stations = corridor.compactMap { chargers.stationsByID[$0.site.id] }
    let pricing = TripPricing(
      quoter: quoter, stations: stations, vehicle: vehicle, departure: request.departure)
    var planning = pricing.applied(to: options)
    planning.stopRiskSeconds = unknownStatusRisk(
      request.freeStations, corridor, minimumKilowatts: planning.minimumStationKilowatts)
    let planner = TripPlanner(vehicle: vehicle, options: planning)
    let plan = pricing.price(
      try preferringUsable(request.unusableStations, corridor) {
        try planner.plan(route: route, stations: $0)
      })
    let chosen = Set(request.setup.tariffIDs)
    let stops = plan.stops.map { stop -> StopSummary in
      let station = chargers.stationsByID[stop.station.site.id]
      return StopSummary(
        name: stop.station.site.displayName, coordinate: stop.station.site.coordinate,
        kilometre: stop.station.kilometresAlongRoute,
        kilowatts: stop.station.site.maxPowerKilowatts, arrival: stop.arrivalStateOfCharge,
        departure: stop.departureStateOfCharge, chargeMinutes: stop.chargeSeconds / 60,
        priceText: priceText(
          stop, station: station, chosen: chosen, quoter: quoter, vehicle: vehicle,
          start: request.departure.addingTimeInterval(stop.arrivalSeconds)),
        stationID: Station.ID(stop.station.site.id),
        unusableWhenPlanned: request.unusableStations.contains(Station.ID(stop.station.site.id)),
        freeWhenPlanned: request.freeStations.contains(Station.ID(stop.station.site.id)))
    }
    return TripSummary(
      destination: request.destination, kilometres: plan.routeKilometres,
      driveSeconds: plan.driveSeconds, chargeSeconds: plan.chargeSeconds,
      overheadSeconds: plan.overheadSeconds, stops: stops, arrival: plan.arrivalStateOfCharge,
      vehicleName: vehicle.name, reserve: options.minimumArrivalAtDestination,
      start: request.stateOfCharge, origin: request.from, setup: request.setup)
  }

  /// Plans over the corridor without the stations live status says cannot be used now (all
  /// busy or out of order); only when no plan exists without them, over the whole corridor.
  static func preferringUsable<Plan>(
    _ unusable: Set<Station.ID>, _ corridor: [CorridorStation],
    _ plan: ([CorridorStation]) throws -> Plan
  ) throws -> Plan {
    let usable = corridor.filter { !unusable.contains(Station.ID($0.site.id)) }
    guard usable.count < corridor.count else { return try plan(corridor) }
    do {
      return try plan(usable)
    } catch {
      return try plan(corridor)
    }
  }

  /// The chargers within `kilometres` of `route` the car can plug into: each site counts at the
  /// power of the connectors that fit the vehicle, and a site with none is dropped.
  static func fittingCorridor(
    _ route: Route, _ chargers: BundledChargers, _ vehicle: VehicleProfile,
    withinKilometres kilometres: Double
  ) -> [CorridorStation] {
    chargers.corridor.stations(along: route, withinKilometres: kilometres).compactMap {
      placed -> CorridorStation? in
      guard let station = chargers.stationsByID[placed.site.id],
        let kilowatts = fittingKilowatts(station, vehicle)
      else { return nil }
      var fitting = placed
      fitting.site.maxPowerKilowatts = kilowatts
      return fitting
    }
  }

  /// The planner's stop risk: ``unknownStatusStopSeconds`` at a site not in `free`, none at one
  /// in it; nil (no preference, the plan of a trip without live status) when no corridor site
  /// the planner may stop at (at least `minimumKilowatts`) is known free.
  static func unknownStatusRisk(
    _ free: Set<Station.ID>, _ corridor: [CorridorStation],
    minimumKilowatts: Double = TripOptions().minimumStationKilowatts
  ) -> (@Sendable (PlannerSite) -> Double)? {
    guard
      corridor.contains(where: {
        $0.site.maxPowerKilowatts >= minimumKilowatts && free.contains(Station.ID($0.site.id))
      })
    else { return nil }
    return { free.contains(Station.ID($0.id)) ? 0 : unknownStatusStopSeconds }
  }

  /// The highest power of the station's connectors that fit the vehicle (a register row that
  /// says only "DC" counts as CCS, one that says only "AC" as Type 2); nil when none fits.
  static func fittingKilowatts(_ station: Station, _ vehicle: VehicleProfile) -> Double? {
    let standards = vehicle.usableStandards
    var best: Double?
    for evse in station.evses {
      for connector in evse.connectors where standards.contains(connector.standard) {
        let kw = connector.maxPower?.kilowatts ?? 0
        best = max(best ?? 0, kw)
      }
    }
    return best
  }

  /// Under the driver's tariffs when they chose some (the cheapest that applies to the stop's
  /// charge), else the planner's default (the operator's ad-hoc price, else roaming).
  static func priceText(
    _ stop: PlannedStop, station: Station?, chosen: Set<String>, quoter: PriceQuoter,
    vehicle: VehicleProfile, start: Date
  ) -> String {
    if !chosen.isEmpty, let station {
      var assumption = SitePricing.assumption(vehicle: vehicle, start: start)
      assumption.fromPercent = Decimal(Int((stop.arrivalStateOfCharge * 100).rounded()))
      assumption.toPercent = max(
        assumption.fromPercent, Decimal(Int((stop.departureStateOfCharge * 100).rounded())))
      let quote = quoter.quote(
        station: station, selectedTariffIDs: chosen, assumption: assumption)
      if let best = quote.quotes.first.map(SiteTariffPrice.init) {
        return "\(best.totalText) (\(best.name), prices of \(best.dataDate))"
      }
      return "no price for your tariffs"
    }
    guard let price = stop.price else { return "no tariff chosen, no ad-hoc price known" }
    let money = SiteTariffPrice.money(price)
    guard let tariff = stop.tariff else { return money }
    let access = tariff.access == .adHoc ? "ad-hoc price" : "roaming"
    return "\(money) \(access) (\(tariff.name), prices of \(tariff.dataDate))"
  }
}
