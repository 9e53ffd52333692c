import Charging
import Foundation
import Geo
import Routing
import StationFeeds
import Testing
import TripPlanner
import WaysideData

/// Real roads, places and fast chargers, loaded once per test process: the road network and
/// places are the process-wide `RoadNetwork.bundled()` / `PlaceDirectory.bundled()` (shared with
/// the routing suites and the CLI tests), the chargers are indexed once here.
enum RealTrip {
  struct Fixture: Sendable {
    var network: RoadNetwork
    var places: PlaceDirectory
    var stations: [Station]
    var chargers: IndexedCorridor
  }

  static func fixture() async throws -> Fixture {
    let stations = try await chargers.value()
    return Fixture(
      network: try await RoadNetwork.bundled(), places: try await PlaceDirectory.bundled(),
      stations: stations.stations, chargers: stations.corridor)
  }

  private static let chargers = LoadOnce {
    () throws -> (stations: [Station], corridor: IndexedCorridor) in
    let imported = FastChargerCSVImporter.importStations(
      from: try BundledData.data(.fastChargers2026),
      fileName: "de_fast_chargers_bnetza_2026-01-28.csv")
    return (imported.stations, IndexedCorridor(stations: imported.stations))
  }
}

/// A straight route along the equator with stations at given km, driven at 105 km/h.
enum LineInstance {
  static func coordinate(_ km: Double) -> Coordinate {
    Coordinate(latitude: 0, longitude: km / (6356.752 * .pi / 180))
  }

  static func route(length: Double) -> Route {
    let marks =
      stride(from: 0.0, through: length, by: 10).map { $0 }
      + (length.truncatingRemainder(dividingBy: 10) == 0 ? [] : [length])
    return Route(
      polyline: Polyline(marks.map(coordinate)), cumulativeKilometres: marks,
      cumulativeSeconds: marks.map { $0 / 105 * 3600 }, sections: [])
  }

  static func stations(_ list: [(km: Double, kilowatts: Double)]) -> [CorridorStation] {
    list.enumerated().map { index, entry in
      CorridorStation(
        site: PlannerSite(
          id: "s\(index)", operatorName: "S\(index)", address: "", coordinate: coordinate(entry.km),
          maxPowerKilowatts: entry.kilowatts),
        kilometresAlongRoute: entry.km, offRouteKilometres: 0)
    }
  }

  static func bareOptions() -> TripOptions {
    var options = TripOptions()
    options.startStateOfCharge = 1
    options.minimumArrivalAtStops = 0
    options.minimumArrivalAtDestination = 0
    options.stopOverheadSeconds = 0
    options.minimumStationKilowatts = 0
    options.thinningKilometres = 0
    return options
  }
}

/// Energy (kWh) the vehicle uses on `route` from its start to `kilometres`, each segment at the
/// speed its length and duration give: recomputed from the route and the consumption model.
func routeEnergy(_ route: Route, _ vehicle: VehicleProfile, upTo kilometres: Double) -> Double {
  var energy = 0.0
  let marks = route.cumulativeKilometres
  for i in 1..<max(1, marks.count) where marks[i - 1] < kilometres {
    let length = marks[i] - marks[i - 1]
    let seconds = route.cumulativeSeconds[i] - route.cumulativeSeconds[i - 1]
    let speed = seconds > 0 ? length / seconds * 3600 : 0
    energy +=
      (min(marks[i], kilometres) - marks[i - 1])
      * vehicle.consumption.kilowattHoursPerKilometre(atKilometresPerHour: speed)
  }
  return energy
}

/// Checks a plan against the route, vehicle and options without trusting the plan's own charges:
/// every leg's energy is recomputed from the route and the consumption model (plus the detour to
/// and from each site), and the resulting arrival charges must match the plan's and respect the
/// reserves.
func checkFeasible(
  _ plan: TripPlan, route: Route, vehicle: VehicleProfile, options: TripOptions,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let capacity = vehicle.usableCapacityKilowattHours
  func detourEnergy(_ stop: PlannedStop) -> Double {
    stop.station.offRouteKilometres * options.detourCircuity
      * vehicle.consumption.kilowattHoursPerKilometre(
        atKilometresPerHour: options.detourKilometresPerHour)
  }
  // The first leg of a car that starts below the stop reserve may end at 0 % (see TripPlanner).
  let firstReserve =
    options.startStateOfCharge < options.minimumArrivalAtStops ? 0 : options.minimumArrivalAtStops
  var soc = options.startStateOfCharge
  var previousKilometres = 0.0
  var previousDetour = 0.0
  var detourSeconds = 0.0
  for (k, stop) in plan.stops.enumerated() {
    let x = stop.station.kilometresAlongRoute
    #expect(x >= previousKilometres, sourceLocation: sourceLocation)
    let leg =
      routeEnergy(route, vehicle, upTo: x) - routeEnergy(route, vehicle, upTo: previousKilometres)
      + previousDetour + detourEnergy(stop)
    let arrival = soc - leg / capacity
    #expect(
      abs(arrival - stop.arrivalStateOfCharge) < 1e-9,
      "stop \(k): recomputed arrival \(arrival) vs plan \(stop.arrivalStateOfCharge)",
      sourceLocation: sourceLocation)
    #expect(
      arrival >= (k == 0 ? firstReserve : options.minimumArrivalAtStops) - 1e-9,
      "stop \(k) arrives at \(arrival)", sourceLocation: sourceLocation)
    #expect(
      stop.departureStateOfCharge <= options.maximumChargeStateOfCharge + 1e-9,
      sourceLocation: sourceLocation)
    #expect(stop.departureStateOfCharge > arrival, sourceLocation: sourceLocation)
    let seconds = vehicle.chargingSeconds(
      from: arrival, to: stop.departureStateOfCharge,
      stationKilowatts: stop.station.site.maxPowerKilowatts)
    #expect(abs(seconds - stop.chargeSeconds) < 1e-6, sourceLocation: sourceLocation)
    #expect(
      abs(stop.energyKilowattHours - (stop.departureStateOfCharge - arrival) * capacity) < 1e-9,
      sourceLocation: sourceLocation)
    soc = stop.departureStateOfCharge
    previousKilometres = x
    previousDetour = detourEnergy(stop)
    detourSeconds +=
      2 * stop.station.offRouteKilometres * options.detourCircuity
      / options.detourKilometresPerHour * 3600
  }
  let lastLeg =
    routeEnergy(route, vehicle, upTo: route.lengthKilometres)
    - routeEnergy(route, vehicle, upTo: previousKilometres) + previousDetour
  let arrival = soc - lastLeg / capacity
  #expect(abs(arrival - plan.arrivalStateOfCharge) < 1e-9, sourceLocation: sourceLocation)
  #expect(arrival >= options.minimumArrivalAtDestination - 1e-9, sourceLocation: sourceLocation)
  #expect(
    abs(plan.driveSeconds - (route.durationSeconds + detourSeconds)) < 1e-6,
    sourceLocation: sourceLocation)
  let charge = plan.stops.reduce(0) { $0 + $1.chargeSeconds }
  #expect(abs(charge - plan.chargeSeconds) < 1e-6, sourceLocation: sourceLocation)
  #expect(
    abs(plan.overheadSeconds - Double(plan.stops.count) * options.stopOverheadSeconds) < 1e-6,
    sourceLocation: sourceLocation)
}

@Suite("Charging-stop planner along a road route")
struct TripPlannerTests {
  static let lineStations: [(km: Double, kilowatts: Double)] = [
    (90, 50), (180, 150), (260, 100), (330, 150), (420, 50), (500, 150), (610, 100), (700, 150),
  ]

  @Test("On the linear case the planner equals the exact Supercharger model of the same trip")
  func linearCaseIsExact() throws {
    let vehicle = try VehicleProfile(
      id: "flat", name: "flat", usableCapacityKilowattHours: 64,
      consumption: .constant(kilowattHoursPer100Kilometres: 20),
      chargingCurve: .constant(kilowatts: 150), source: "test")
    let options = LineInstance.bareOptions()
    let plan = try TripPlanner(vehicle: vehicle, options: options).plan(
      route: LineInstance.route(length: 800), stations: LineInstance.stations(Self.lineStations))
    #expect(plan.method == .exactLinear)
    checkFeasible(plan, route: LineInstance.route(length: 800), vehicle: vehicle, options: options)
    // The same trip in the challenge's units: 320 km range, rate = kW ÷ 0.2 kWh/km.
    let network = try SuperchargerNetwork(
      stations: [
        .init(name: "origin", coordinate: LineInstance.coordinate(0), rateKilometresPerHour: 1)
      ]
        + Self.lineStations.enumerated().map {
          .init(
            name: "s\($0.offset)", coordinate: LineInstance.coordinate($0.element.km),
            rateKilometresPerHour: min(150, $0.element.kilowatts) / 0.2)
        }
        + [.init(name: "goal", coordinate: LineInstance.coordinate(800), rateKilometresPerHour: 1)])
    let reference = try network.plan(from: "origin", to: "goal")
    #expect(abs(plan.totalSeconds / 3600 - reference.totalHours) < 1e-6)
    #expect(plan.stops.map(\.station.site.id) == reference.stops.map(\.name))
  }

  @Test("On a barely tapering curve the discretised search is within 1 % of the exact optimum")
  func discretisedIsNearOptimal() throws {
    let vehicle = try VehicleProfile(
      id: "almost-flat", name: "almost flat", usableCapacityKilowattHours: 64,
      consumption: .constant(kilowattHoursPer100Kilometres: 20),
      chargingCurve: ChargingCurve(percentAndKilowatts: [(0, 150), (100, 149.999)]), source: "test")
    let flat = try VehicleProfile(
      id: "flat", name: "flat", usableCapacityKilowattHours: 64,
      consumption: .constant(kilowattHoursPer100Kilometres: 20),
      chargingCurve: .constant(kilowatts: 150), source: "test")
    let options = LineInstance.bareOptions()
    let route = LineInstance.route(length: 800)
    let stations = LineInstance.stations(Self.lineStations)
    let exact = try TripPlanner(vehicle: flat, options: options).plan(
      route: route, stations: stations)
    let searched = try TripPlanner(vehicle: vehicle, options: options).plan(
      route: route, stations: stations)
    #expect(searched.method == .discretised(step: 0.01))
    checkFeasible(searched, route: route, vehicle: vehicle, options: options)
    #expect(searched.totalSeconds >= exact.totalSeconds - 1e-3)
    #expect(
      searched.totalSeconds <= exact.totalSeconds * 1.01,
      "\(searched.totalSeconds) vs \(exact.totalSeconds)")
  }

  @Test("A gap longer than the range is a no-feasible-plan error naming both ends of the gap")
  func impossibleTrip() throws {
    let vehicle = try #require(VehicleProfiles.named("zoe-ze40"))
    var options = TripOptions()
    options.thinningKilometres = 0
    options.minimumStationKilowatts = 0
    #expect {
      try TripPlanner(vehicle: vehicle, options: options).plan(
        route: LineInstance.route(length: 600),
        stations: LineInstance.stations([(100, 50), (150, 50), (450, 50)]))
    } throws: { error in
      guard let error = error as? RoutingError, error.kind == .noFeasiblePlan else {
        return false
      }
      return error.message.contains("300 km gap from S1 (km 150) to S2 (km 450)")
    }
  }

  @Test("A destination within range needs no stop and arrives with the expected charge")
  func destinationInRange() throws {
    let vehicle = try #require(VehicleProfiles.named("model-y-lr-2020"))
    let plan = try TripPlanner(vehicle: vehicle).plan(
      route: LineInstance.route(length: 100), stations: LineInstance.stations([(50, 150)]))
    #expect(plan.stops.isEmpty)
    // 100 km at 105 km/h on the Mapbox table: 16.5 kWh/100 km → 16.5 kWh of 72.5.
    #expect(abs(plan.arrivalStateOfCharge - (0.8 - 16.5 / 72.5)) < 1e-9)
  }

  @Test(
    "Berlin → München on real roads and 2026 fast chargers gives a feasible plan with a tapering curve"
  )
  func realTrip() async throws {
    let fixture = try await RealTrip.fixture()
    let route = try fixture.network.fastestRoute(
      from: fixture.places.lookup("Berlin").coordinate,
      to: fixture.places.lookup("München").coordinate)
    let vehicle = try #require(VehicleProfiles.named("model-y-lr-2020"))
    let options = TripOptions()
    let corridor = fixture.chargers.stations(
      along: route, withinKilometres: options.corridorKilometres)
    #expect(corridor.count > 100)
    // The index and the grid scan agree on which chargers are in the corridor.
    let grid = SiteListCorridor(sites: fixture.stations.compactMap(PlannerSite.init(station:)))
      .stations(along: route, withinKilometres: options.corridorKilometres)
    let inner = Set(
      grid.filter { $0.offRouteKilometres < options.corridorKilometres - 0.05 }
        .map(\.site.id))
    #expect(inner.isSubset(of: Set(corridor.map(\.site.id))))
    let plan = try TripPlanner(vehicle: vehicle, options: options).plan(
      route: route, stations: corridor)
    checkFeasible(plan, route: route, vehicle: vehicle, options: options)
    #expect((1...4).contains(plan.stops.count))
    #expect(plan.driveSeconds >= route.durationSeconds)
    // Charging only what is needed: 585 km at ~18 kWh/100 km minus the 70 % usable at the start.
    #expect(plan.chargeSeconds < 3600)
  }

  @Test(
    "Kassel → Bremen at 80 % suggests no tiny top-up: the stop is dropped within the tolerance, or lengthened to a real stop without it"
  )
  func noTinyTopUp() async throws {
    let fixture = try await RealTrip.fixture()
    let route = try fixture.network.fastestRoute(
      from: fixture.places.lookup("Kassel").coordinate,
      to: fixture.places.lookup("Bremen").coordinate)
    let vehicle = try #require(VehicleProfiles.named("model-y-lr-2020"))
    var options = TripOptions()
    let corridor = fixture.chargers.stations(
      along: route, withinKilometres: options.corridorKilometres)
    // The route needs a little more than 70 % of the battery: without a stop the car arrives
    // just under the 10 % reserve.
    let plan = try TripPlanner(vehicle: vehicle, options: options).plan(
      route: route, stations: corridor)
    #expect(plan.stops.isEmpty)
    #expect(plan.arrivalStateOfCharge < options.minimumArrivalAtDestination)
    #expect(
      plan.arrivalStateOfCharge
        >= options.minimumArrivalAtDestination - options.topUpToleranceStateOfCharge)
    // Without tolerance the reserve is kept, and the one stop charges for at least 3 minutes.
    options.topUpToleranceStateOfCharge = 0
    let strict = try TripPlanner(vehicle: vehicle, options: options).plan(
      route: route, stations: corridor)
    checkFeasible(strict, route: route, vehicle: vehicle, options: options)
    #expect(strict.stops.count == 1)
    for stop in strict.stops {
      #expect(stop.chargeSeconds >= options.minimumStopChargeSeconds - 1e-6)
    }
  }

  @Test(
    "Invalid options are rejected naming the option",
    arguments: [
      (1.5, 0.1, "start state of charge is 150.0 %"),
      (0.8, -0.1, "minimum arrival charge at the destination is -10.0 %"),
    ])
  func invalidOptions(start: Double, destination: Double, expected: String) throws {
    var options = TripOptions()
    options.startStateOfCharge = start
    options.minimumArrivalAtDestination = destination
    let vehicle = try #require(VehicleProfiles.standard)
    #expect {
      try TripPlanner(vehicle: vehicle, options: options).plan(
        route: LineInstance.route(length: 100), stations: [])
    } throws: { error in
      (error as? RoutingError)?.message.contains(expected) ?? false
    }
  }
}
