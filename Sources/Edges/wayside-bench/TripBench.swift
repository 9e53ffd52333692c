import Charging
import ChargingCar
import Foundation
import Geo
import Pricing
import Routing
import StationFeeds
import TripPlanner
import WaysideData

/// Routing and trip-planning benchmarks (Guides/Routing.md, Guides/TripPlanner.md).
///
/// Prints our figures beside a baseline measured in the same run: graph build beside a plain
/// `JSONSerialization` parse of the same files, A* beside plain Dijkstra, the Supercharger plans
/// beside the challenge checker's reference hours.
enum TripBench {
  /// Runs every trip benchmark and prints one line per measurement.
  static func run(_ bench: Bench) {
    bench.section("Routing and trip planning")
    do {
      try routing(bench)
      try streets(bench)
      try supercharger(bench)
      try realTrip(bench)
    } catch {
      print("trip: failed: \(error)")
    }
  }

  static func ms(_ value: Sample) -> String { value.text(2) }

  static func ratio(_ a: Sample, _ b: Sample) -> String { String(format: "%.1f", a.cpu / b.cpu) }

  static func routing(_ bench: Bench) throws {
    let files = [try BundledData.data(.motorways), try BundledData.data(.federalRoads)]
    var network: RoadNetwork?
    let build = try Bench.median(runs: bench.runs(5)) { network = try RoadNetwork(geoJSON: files) }
    let parseOnly = try Bench.median(runs: bench.runs(5)) {
      for file in files { _ = try JSONSerialization.jsonObject(with: file) }
    }
    guard let network else { return }
    bench.target("routing: graph build", under: 500, build)
    print(
      "routing: graph build (parse + graph, \(network.nodeCount) nodes, \(network.directedEdgeCount / 2) segments) \(ms(build)) | baseline JSONSerialization parse alone \(ms(parseOnly))"
    )
    let kassel = Coordinate(latitude: 51.31468, longitude: 9.4952)
    let munich = Coordinate(latitude: 48.13768, longitude: 11.576)
    var aStarSettled = 0
    var dijkstraSettled = 0
    var length = 0.0
    let aStar = try Bench.median(runs: bench.runs(21, quick: 3)) {
      let result = try network.fastestRouteWithStatistics(
        from: kassel, to: munich, algorithm: .aStar)
      aStarSettled = result.statistics.settledNodes
      length = result.route.lengthKilometres
    }
    let dijkstra = try Bench.median(runs: bench.runs(21, quick: 3)) {
      dijkstraSettled = try network.fastestRouteWithStatistics(
        from: kassel, to: munich, algorithm: .dijkstra
      ).statistics.settledNodes
    }
    print(
      "routing: Kassel → München \(String(format: "%.1f", length)) km: A* \(ms(aStar)) (\(aStarSettled) nodes settled) | baseline Dijkstra \(ms(dijkstra)) (\(dijkstraSettled) settled), \(ratio(dijkstra, aStar))× faster"
    )
    bench.target("routing: Kassel → München query", under: 50, aStar)
  }

  /// The map app's street routing (Guides/Routing.md, "Streets"): the national roads with
  /// Kassel's streets, A* (chord and landmark bounds, `Landmarks`) beside plain Dijkstra on the
  /// same graph for a route across Kassel, a Kassel street → München route and a re-route from a
  /// point beside the route.
  static func streets(_ bench: Bench) throws {
    let files = [try BundledData.data(.motorways), try BundledData.data(.federalRoads)]
    let streets = try BundledData.data(.cityRoads)
    var built: RoadNetwork?
    let build = try Bench.median(runs: bench.runs(5, quick: 1)) {
      built = try RoadNetwork(
        geoJSON: files, streets: (streets, RoadNetwork.kasselBounds))
    }
    guard let network = built else { return }
    print(
      "streets: graph build with Kassel's streets (\(network.nodeCount) nodes, \(network.directedEdgeCount) directed edges, \(network.oneWaySegmentCount) one-way, \(RoadNetwork.streetLandmarkCount) landmarks' travel times to and from every node) \(ms(build))"
    )
    bench.target("streets: graph build with Kassel's streets", under: 1000, build)
    func compare(
      _ name: String, from: Coordinate, heading: Double? = nil, to: Coordinate, target: Double
    ) throws {
      var settled = (0, 0)
      var length = 0.0
      let aStar = try Bench.median(runs: bench.runs(21, quick: 5)) {
        let result = try network.streetRouteWithStatistics(
          from: from, heading: heading, to: to, algorithm: .aStar)
        settled.0 = result.statistics.settledNodes
        length = result.route.lengthKilometres
      }
      let dijkstra = try Bench.median(runs: bench.runs(21, quick: 5)) {
        settled.1 = try network.streetRouteWithStatistics(
          from: from, heading: heading, to: to, algorithm: .dijkstra
        ).statistics.settledNodes
      }
      print(
        "streets: \(name) \(String(format: "%.1f", length)) km: A* \(ms(aStar)) (\(settled.0) settled) | baseline Dijkstra on the same graph \(ms(dijkstra)) (\(settled.1) settled), \(ratio(dijkstra, aStar))× faster"
      )
      bench.target("streets: \(name)", under: target, aStar)
    }
    // Kölnische Straße in the west to Kassel-Bettenhausen in the east, across the centre.
    try compare(
      "route across Kassel", from: Coordinate(latitude: 51.3127, longitude: 9.4797),
      to: Coordinate(latitude: 51.3090, longitude: 9.5420), target: 1)
    try compare(
      "Kassel street → München", from: Coordinate(latitude: 51.3155, longitude: 9.4938),
      to: Coordinate(latitude: 48.1374, longitude: 11.5755), target: 10)
    // Off the route 300 m north of Wilhelmshöher Allee, driving east, back to the centre.
    try compare(
      "re-route (car off its route, driving east)",
      from: Coordinate(latitude: 51.3160, longitude: 9.4560), heading: 90,
      to: Coordinate(latitude: 51.3155, longitude: 9.4938), target: 5)
  }

  static func supercharger(_ bench: Bench) throws {
    let network = try SuperchargerNetwork(
      csv: String(decoding: try BundledData.data(.superchargerNetwork), as: UTF8.self))
    let references: [(String, String, Double)] = [
      ("Council_Bluffs_IA", "Cadillac_MI", 17.2531),
      ("Casa_Grande_AZ", "Fountain_Valley_CA", 7.54598),
      ("Lebec_CA", "Temecula_CA", 2.20085), ("Highland_Park_IL", "Maumee_OH", 3.57224),
      ("Holbrook_AZ", "Atascadero_CA", 13.7741), ("San_Mateo_CA", "Lone_Tree_CO", 25.1136),
      ("Dedham_MA", "South_Hill_VA", 12.3209), ("Utica_NY", "Angola_IN", 11.7974),
    ]
    var worst = Sample(wall: 0, cpu: 0)
    for (from, to, reference) in references {
      var plan: SuperchargerNetwork.Plan?
      let time = try Bench.median(runs: bench.runs(11, quick: 3)) {
        plan = try network.plan(from: from, to: to)
      }
      if time.cpu > worst.cpu { worst = time }
      guard let plan else { continue }
      print(
        "supercharger: \(from) → \(to): \(String(format: "%.5f", plan.totalHours)) h, \(plan.stops.count) stops, \(ms(time)) | baseline checker reference \(reference) h"
      )
    }
    print("supercharger: slowest route \(ms(worst)) (target < 50 ms)")
    bench.target("trip: Supercharger plan, slowest route", under: 50, worst)
  }

  static func realTrip(_ bench: Bench) throws {
    let network = try RoadNetwork(geoJSON: [
      BundledData.data(.motorways), BundledData.data(.federalRoads),
    ])
    let places = try PlaceDirectory(geoJSON: BundledData.data(.places))
    let imported = FastChargerCSVImporter.importStations(
      from: try BundledData.data(.fastChargers2026), fileName: "fast chargers")
    let (indexBuild, corridor) = Bench.measure { IndexedCorridor(stations: imported.stations) }
    let grid = SiteListCorridor(sites: imported.stations.compactMap(PlannerSite.init(station:)))
    let route = try network.fastestRoute(
      from: places.lookup("Berlin").coordinate, to: places.lookup("München").coordinate)
    guard let vehicle = VehicleProfiles.named("model-y-lr-2020") else { return }
    let options = TripOptions()
    var stations: [CorridorStation] = []
    let corridorTime = Bench.median(runs: bench.runs(11, quick: 3)) {
      stations = corridor.stations(along: route, withinKilometres: options.corridorKilometres)
    }
    var gridStations: [CorridorStation] = []
    let gridTime = Bench.median(runs: bench.runs(11, quick: 3)) {
      gridStations = grid.stations(along: route, withinKilometres: options.corridorKilometres)
    }
    var plan: TripPlan?
    let planTime = try Bench.median(runs: bench.runs(11, quick: 3)) {
      plan = try TripPlanner(vehicle: vehicle, options: options).plan(
        route: route, stations: stations)
    }
    var fine = options
    fine.stateOfChargeStep = 0.0025
    var finePlan: TripPlan?
    let fineTime = try Bench.median(runs: bench.runs(5)) {
      finePlan = try TripPlanner(vehicle: vehicle, options: fine).plan(
        route: route, stations: stations)
    }
    // The Route tab's preference for stops known free (Guides/LiveStatus.md): every 10th corridor
    // site known free, the others cost TripService.unknownStatusStopSeconds more while choosing.
    var preferring = options
    let free = Set(stations.enumerated().filter { $0.offset % 10 == 0 }.map(\.element.site.id))
    preferring.stopRiskSeconds = {
      free.contains($0.id) ? 0 : TripService.unknownStatusStopSeconds
    }
    var preferred: TripPlan?
    let preferTime = try Bench.median(runs: bench.runs(11, quick: 3)) {
      preferred = try TripPlanner(vehicle: vehicle, options: preferring).plan(
        route: route, stations: stations)
    }
    // Prices: the planner's hook over the bundled catalogue, then every stop priced exactly.
    let catalog = try TariffCatalog.load(
      afir: BundledData.data(.tariffsAFIR),
      ludwigsburgOCPI: BundledData.data(.tariffsLudwigsburgOCPI),
      retail: BundledData.data(.tariffsRetail))
    let departure = OCPIDateTime.parse("2026-03-20T08:00:00+01:00") ?? Date()
    var byID: [String: Station] = [:]
    for station in imported.stations { byID[station.id.rawValue] = station }
    var priced: TripPlan?
    let pricedTime = try Bench.median(runs: bench.runs(11, quick: 3)) {
      let pricing = TripPricing(
        quoter: PriceQuoter(catalog: catalog),
        stations: stations.compactMap { byID[$0.site.id] }, vehicle: vehicle,
        departure: departure)
      priced = pricing.price(
        try TripPlanner(vehicle: vehicle, options: pricing.applied(to: options)).plan(
          route: route, stations: stations))
    }
    guard let plan, let finePlan, let priced, let preferred else { return }
    print(
      "trip: chargers indexed once: \(imported.stations.count) stations in \(ms(indexBuild))"
    )
    print(
      "trip: Berlin → München corridor (3 km): StationIndex \(ms(corridorTime)), \(stations.count) stations | baseline grid scan \(ms(gridTime)), \(gridStations.count) stations"
    )
    print(
      "trip: Berlin → München \(String(format: "%.0f", route.lengthKilometres)) km, \(vehicle.id), \(stations.count) corridor stations (\(plan.candidateCount) after thinning): plan \(ms(planTime)), corridor + plan \(ms(corridorTime + planTime)) (target < 250 ms); \(plan.stops.count) stops, \(String(format: "%.1f", plan.totalSeconds / 60)) min"
    )
    print(
      "trip: same with a 0.25 % grid: plan \(ms(fineTime)), \(String(format: "%.1f", finePlan.totalSeconds / 60)) min (1 % grid is \(String(format: "%.2f", (plan.totalSeconds / finePlan.totalSeconds - 1) * 100)) % slower)"
    )
    let freeStops = preferred.stops.filter { free.contains($0.station.site.id) }.count
    print(
      "trip: same preferring stops known free (\(free.count) of \(stations.count) sites free, \(Int(TripService.unknownStatusStopSeconds)) s more at the others): plan \(ms(preferTime)), \(preferred.candidateCount) after thinning; \(preferred.stops.count) stops (\(freeStops) free), \(String(format: "%.1f", preferred.totalSeconds / 60)) min | baseline without the preference \(ms(planTime))"
    )
    print(
      "trip: same with prices (the hook quotes every candidate under \(catalog.entries.count) tariffs, then each stop is priced exactly): \(ms(pricedTime)); \(priced.stops.count) stops, \(priced.totalPrice.map(String.init(describing:)) ?? "no price known")"
    )
    bench.target("trip: Berlin → München corridor + plan", under: 250, corridorTime + planTime)
  }
}
