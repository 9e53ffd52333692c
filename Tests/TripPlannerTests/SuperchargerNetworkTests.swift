import Foundation
import Geo
import Routing
import Testing
import TripPlanner
import WaysideData

/// The bundled 303-station network, loaded once.
enum BundledSuperchargers {
  static let network: Result<SuperchargerNetwork, any Error> = Result {
    try SuperchargerNetwork(
      csv: String(decoding: BundledData.data(.superchargerNetwork), as: UTF8.self))
  }
}

/// Re-computes a plan's cost from its stops alone, as the challenge's checker does, and also
/// enforces the battery limits the checker forgets (ev-domain.md §4.5). Written separately from
/// the planner: it only knows names, hours and the network's coordinates and rates.
enum IndependentChecker {
  struct Verdict {
    var totalHours: Double
    var lowestRangeKilometres: Double
    var highestRangeKilometres: Double
  }

  static func check(
    _ plan: SuperchargerNetwork.Plan, in network: SuperchargerNetwork, range: Double = 320,
    speed: Double = 105
  ) throws -> Verdict {
    let path =
      [(plan.origin, 0.0)] + plan.stops.map { ($0.name, $0.chargeHours) } + [
        (plan.destination, 0.0)
      ]
    var stationsOnPath: [SuperchargerNetwork.Station] = []
    for (name, _) in path {
      stationsOnPath.append(try #require(network.station(named: name)))
    }
    var rangeLeft = range
    var lowest = range
    var highest = range
    var hours = 0.0
    for i in 1..<path.count {
      let d = GreatCircle.distanceKilometres(
        stationsOnPath[i - 1].coordinate, stationsOnPath[i].coordinate, radius: 6356.752)
      hours += d / speed
      rangeLeft -= d
      lowest = min(lowest, rangeLeft)
      let charge = path[i].1
      #expect(charge >= 0)
      hours += charge
      rangeLeft += charge * stationsOnPath[i].rateKilometresPerHour
      highest = max(highest, rangeLeft)
    }
    return Verdict(
      totalHours: hours, lowestRangeKilometres: lowest, highestRangeKilometres: highest)
  }
}

@Suite("Supercharger challenge planner (linear charging, exact)")
struct SuperchargerNetworkTests {
  struct Reference: Sendable, CustomTestStringConvertible {
    var from: String
    var to: String
    var hours: Double
    var testDescription: String { "\(from) → \(to)" }
  }

  /// The checker references listed in ev-domain.md §4.5.
  static let references: [Reference] = [
    Reference(from: "Council_Bluffs_IA", to: "Cadillac_MI", hours: 17.2531),
    Reference(from: "Casa_Grande_AZ", to: "Fountain_Valley_CA", hours: 7.54598),
    Reference(from: "Lebec_CA", to: "Temecula_CA", hours: 2.20085),
    Reference(from: "Highland_Park_IL", to: "Maumee_OH", hours: 3.57224),
    Reference(from: "Holbrook_AZ", to: "Atascadero_CA", hours: 13.7741),
    Reference(from: "San_Mateo_CA", to: "Lone_Tree_CO", hours: 25.1136),
    Reference(from: "Dedham_MA", to: "South_Hill_VA", hours: 12.3209),
    Reference(from: "Utica_NY", to: "Angola_IN", hours: 11.7974),
  ]

  @Test("The bundled network has 303 stations")
  func loads() throws {
    #expect(try BundledSuperchargers.network.get().stations.count == 303)
  }

  @Test(
    "Each plan matches or beats the checker reference and never exceeds 320 km or drops below 0",
    arguments: references)
  func matchesOrBeatsReference(reference: Reference) throws {
    let network = try BundledSuperchargers.network.get()
    let plan = try network.plan(from: reference.from, to: reference.to)
    let verdict = try IndependentChecker.check(plan, in: network)
    // The references are printed to 6 significant digits.
    #expect(
      verdict.totalHours <= reference.hours + 5e-5, "\(verdict.totalHours) vs \(reference.hours)")
    #expect(abs(verdict.totalHours - plan.totalHours) < 1e-9)
    #expect(verdict.lowestRangeKilometres >= -1e-9)
    #expect(verdict.highestRangeKilometres <= 320 + 1e-9)
  }

  @Test("A destination within range of the origin needs no stop")
  func destinationInRange() throws {
    let network = try BundledSuperchargers.network.get()
    let plan = try network.plan(from: "Lebec_CA", to: "Temecula_CA")
    let verdict = try IndependentChecker.check(plan, in: network)
    #expect(plan.stops.isEmpty)
    #expect(plan.chargeHours == 0)
    #expect(abs(verdict.totalHours - 2.20085) < 5e-5)
  }

  @Test("Splitting a charge across a faster later station beats filling up at a slow one")
  func prefersFasterStation() throws {
    // A line: start, slow (60 km/h) at 200 km, fast (600 km/h) at 400 km, goal at 700 km.
    func at(_ km: Double) -> Coordinate {
      Coordinate(latitude: 0, longitude: km / (6356.752 * .pi / 180))
    }
    let network = try SuperchargerNetwork(stations: [
      .init(name: "start", coordinate: at(0), rateKilometresPerHour: 100),
      .init(name: "slow", coordinate: at(200), rateKilometresPerHour: 60),
      .init(name: "fast", coordinate: at(400), rateKilometresPerHour: 600),
      .init(name: "goal", coordinate: at(700), rateKilometresPerHour: 100),
    ])
    let plan = try network.plan(from: "start", to: "goal")
    // Optimal: at slow take only 80 km (arrive at fast empty), at fast take 300 km.
    #expect(plan.stops.map(\.name) == ["slow", "fast"])
    #expect(abs(plan.stops[0].chargeHours - 80.0 / 60) < 1e-6)
    #expect(abs(plan.stops[1].chargeHours - 300.0 / 600) < 1e-6)
    #expect(abs(plan.driveHours - 700.0 / 105) < 1e-6)
  }

  @Test("A gap longer than the range is a clear no-feasible-plan error naming the gap")
  func impossibleTrip() throws {
    let network = try BundledSuperchargers.network.get()
    #expect {
      try network.plan(from: "Council_Bluffs_IA", to: "Cadillac_MI", rangeKilometres: 60)
    } throws: { error in
      guard let error = error as? RoutingError, error.kind == .noFeasiblePlan else {
        return false
      }
      return error.message.contains("gap of at least") && error.message.contains("60 km range")
        && error.message.contains("Council_Bluffs_IA")
    }
  }

  @Test(
    "Unknown names and bad parameters are rejected with the input named",
    arguments: [
      ("Nowhere_XX", "Cadillac_MI", 320.0, 105.0, "no station named 'Nowhere_XX'"),
      ("Council_Bluffs_IA", "Cadillac_MI", -5, 105, "range -5.0 km"),
      ("Council_Bluffs_IA", "Cadillac_MI", 320, 0, "speed 0.0 km/h"),
    ])
  func badInputs(from: String, to: String, range: Double, speed: Double, expected: String) throws {
    let network = try BundledSuperchargers.network.get()
    #expect {
      try network.plan(from: from, to: to, rangeKilometres: range, speedKilometresPerHour: speed)
    } throws: { error in
      (error as? RoutingError)?.message.contains(expected) ?? false
    }
  }

  @Test(
    "Malformed network CSV is rejected with the line number",
    arguments: [
      ("name,lat,lon\nA,1,2", "header"),
      ("name,lat,lon,rate_km_per_hour\nA,1,2", "line 2 has 3 fields"),
      ("name,lat,lon,rate_km_per_hour\nA,100,2,50", "line 2: '100,2'"),
      ("name,lat,lon,rate_km_per_hour\nA,1,2,fast", "rate 'fast'"),
      ("name,lat,lon,rate_km_per_hour\nA,1,2,50\nA,1,3,50", "appears twice"),
    ])
  func malformedCSV(text: String, expected: String) {
    #expect {
      try SuperchargerNetwork(csv: text)
    } throws: { error in
      (error as? RoutingError)?.message.contains(expected) ?? false
    }
  }
}
