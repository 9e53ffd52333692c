import Charging
import Routing
import Testing
import TripPlanner

/// `TripOptions.stopRiskSeconds`: a per-site cost that steers the choice of stops only.
@Suite("Stop risk: a known-free site is preferred within the extra cost")
struct StopRiskTests {
  /// The extra cost of a site not known to be free in these tests, seconds.
  static let risk = 300.0

  /// Which solver a case runs on.
  enum Solver: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case exactLinear, discretised
    var testDescription: String { rawValue }

    func vehicle() throws -> VehicleProfile {
      // 64 kWh at 20 kWh/100 km: 320 km range; the 500 km line needs one stop near km 200.
      try VehicleProfile(
        id: rawValue, name: rawValue, usableCapacityKilowattHours: 64,
        consumption: .constant(kilowattHoursPer100Kilometres: 20),
        chargingCurve: self == .exactLinear
          ? .constant(kilowatts: 150) : ChargingCurve(percentAndKilowatts: [(0, 150), (100, 140)]),
        source: "test")
    }
  }

  /// Two sites in the same 2 km bin: `unknown` at 150 kW, `free` at `freeKilowatts`.
  static func stations(freeKilowatts: Double) -> [CorridorStation] {
    [("unknown", 200.2, 150.0), ("free", 200.8, freeKilowatts)].map { id, km, kilowatts in
      CorridorStation(
        site: PlannerSite(
          id: id, operatorName: id, address: "", coordinate: LineInstance.coordinate(km),
          maxPowerKilowatts: kilowatts),
        kilometresAlongRoute: km, offRouteKilometres: 0)
    }
  }

  static func options(freeKnown: Bool) -> TripOptions {
    var options = LineInstance.bareOptions()
    options.thinningKilometres = 2
    if freeKnown {
      options.stopRiskSeconds = { $0.id == "free" ? 0 : StopRiskTests.risk }
    }
    return options
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var freeKilowatts: Double
    var freeKnown: Bool
    var expected: String
  }

  static let cases: [Case] = [
    // 36 kWh to charge: 14.4 min at 150 kW, 18 min at 120 kW (3.6 min more, under 5 min).
    Case(
      testDescription: "the free site, slightly weaker, is chosen when known free",
      freeKilowatts: 120, freeKnown: true, expected: "free"),
    Case(
      testDescription: "without any free site known the stronger site is chosen",
      freeKilowatts: 120, freeKnown: false, expected: "unknown"),
    // 43.2 min at 50 kW: 28.8 min more than at 150 kW, far beyond 5 min.
    Case(
      testDescription: "a free site much worse than the extra cost loses to the stronger site",
      freeKilowatts: 50, freeKnown: true, expected: "unknown"),
  ]

  @Test(
    "a stop at a site known free wins over a slightly better unknown one, not over a much better one",
    arguments: cases, Solver.allCases)
  func prefersKnownFree(_ entry: Case, solver: Solver) throws {
    let vehicle = try solver.vehicle()
    let route = LineInstance.route(length: 500)
    let stations = Self.stations(freeKilowatts: entry.freeKilowatts)
    let plan = try TripPlanner(vehicle: vehicle, options: Self.options(freeKnown: entry.freeKnown))
      .plan(route: route, stations: stations)
    #expect(plan.method == (solver == .exactLinear ? .exactLinear : .discretised(step: 0.01)))
    #expect(plan.stops.map(\.station.site.id) == [entry.expected])
    checkFeasible(plan, route: route, vehicle: vehicle, options: Self.options(freeKnown: false))
  }

  @Test(
    "the extra cost steers the choice only: the reported times are those of the same stops without it",
    arguments: Solver.allCases)
  func riskLeavesTimesAlone(_ solver: Solver) throws {
    let vehicle = try solver.vehicle()
    let route = LineInstance.route(length: 500)
    // Every site pays the risk: the same stop is chosen, and its times do not include the risk.
    var everywhere = Self.options(freeKnown: false)
    everywhere.stopRiskSeconds = { _ in StopRiskTests.risk }
    let stations = Self.stations(freeKilowatts: 120)
    let with = try TripPlanner(vehicle: vehicle, options: everywhere).plan(
      route: route, stations: stations)
    let without = try TripPlanner(vehicle: vehicle, options: Self.options(freeKnown: false)).plan(
      route: route, stations: stations)
    #expect(with == without)
  }

  @Test("thinning keeps a bin's best known-free site beside its best site, and only then")
  func thinningKeepsFreeSite() throws {
    let vehicle = try Solver.discretised.vehicle()
    func candidates(freeKnown: Bool, freeKilowatts: Double = 120) throws -> Int {
      try TripPlanner(vehicle: vehicle, options: Self.options(freeKnown: freeKnown)).plan(
        route: LineInstance.route(length: 500),
        stations: Self.stations(freeKilowatts: freeKilowatts)
      ).candidateCount
    }
    #expect(try candidates(freeKnown: true) == 2)
    #expect(try candidates(freeKnown: false) == 1, "without a free site the bin keeps one")
    #expect(try candidates(freeKnown: true, freeKilowatts: 150) == 2, "a tie on power: both")
  }

  @Test("a stop risk that is negative or not finite is an invalid-options error naming the site")
  func invalidRisk() throws {
    var options = Self.options(freeKnown: false)
    options.stopRiskSeconds = { $0.id == "free" ? -1 : 0 }
    #expect {
      try TripPlanner(vehicle: try Solver.exactLinear.vehicle(), options: options).plan(
        route: LineInstance.route(length: 500), stations: Self.stations(freeKilowatts: 120))
    } throws: { error in
      guard let error = error as? RoutingError, error.kind == .invalidOptions else {
        return false
      }
      return error.message
        == "stop risk for free (free) is -1.0 s; expected a finite number of seconds ≥ 0"
    }
  }
}
