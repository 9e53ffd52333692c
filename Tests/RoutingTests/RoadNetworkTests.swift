import Foundation
import Geo
import Routing
import Testing
import WaysideData

/// The bundled network and places, built once per test process and shared with every other
/// suite (and the CLI commands under test) through `RoadNetwork.bundled()`; waiting for a build
/// suspends rather than blocking a cooperative-pool thread.
enum BundledRoads {
  static func both() async throws -> RoadNetwork { try await RoadNetwork.bundled() }
  static func motorwaysOnly() async throws -> RoadNetwork { try await motorways.value() }
  static func places() async throws -> PlaceDirectory { try await PlaceDirectory.bundled() }

  private static let motorways = LoadOnce {
    try RoadNetwork(geoJSON: [BundledData.data(.motorways)])
  }
}

/// One reference route from `example_routes_dijkstra.geojson`.
struct ExampleRoute: Sendable, CustomTestStringConvertible {
  var from: String
  var to: String
  var fromPoint: Coordinate
  var toPoint: Coordinate
  var lengthKilometres: Double
  var via: [String]
  var testDescription: String { "\(from) → \(to)" }

  static func all() throws -> [ExampleRoute] {
    let object = try JSONSerialization.jsonObject(with: BundledData.data(.exampleRoutes))
    guard let root = object as? [String: Any], let features = root["features"] as? [[String: Any]]
    else { throw CocoaError(.fileReadCorruptFile) }
    return try features.map { feature in
      guard let p = feature["properties"] as? [String: Any], let from = p["from"] as? String,
        let to = p["to"] as? String, let a = p["from_point"] as? [Double],
        let b = p["to_point"] as? [Double], let length = p["length_km"] as? Double,
        let via = p["via"] as? [String]
      else { throw CocoaError(.fileReadCorruptFile) }
      return ExampleRoute(
        from: from, to: to, fromPoint: Coordinate(latitude: a[1], longitude: a[0]),
        toPoint: Coordinate(latitude: b[1], longitude: b[0]), lengthKilometres: length, via: via)
    }
  }
}

@Suite("Road network built from the bundled OpenStreetMap roads")
struct RoadNetworkTests {
  @Test("The combined graph has the node count and components the basemap README reports")
  func connectivityMatchesReadme() async throws {
    let network = try await BundledRoads.both()
    #expect(network.nodeCount == 134_533)
    #expect(network.componentCount == 612)
    #expect(network.mainComponentNodeCount == 128_565)
  }

  @Test("The motorway-only graph has 41 components with a 69,381-node main component")
  func motorwayConnectivity() async throws {
    let network = try await BundledRoads.motorwaysOnly()
    #expect(network.nodeCount == 70_327)
    #expect(network.componentCount == 41)
    #expect(network.mainComponentNodeCount == 69_381)
  }

  @Test(
    "Routes between large cities are within 10 % of the reference Dijkstra routes",
    arguments: (try? ExampleRoute.all()) ?? [])
  func matchesExampleRoutes(example: ExampleRoute) async throws {
    let network = try await BundledRoads.both()
    let route = try network.fastestRoute(from: example.fromPoint, to: example.toPoint)
    let ratio = route.lengthKilometres / example.lengthKilometres
    #expect(abs(ratio - 1) < 0.10, "\(route.lengthKilometres) km vs \(example.lengthKilometres)")
    // Same time weight and speeds as the reference, so the main roads agree in order.
    let shared = route.refs.filter(example.via.contains)
    #expect(shared == example.via.filter(route.refs.contains), "\(route.refs) vs \(example.via)")
    #expect(shared.count >= example.via.count - 1, "\(route.refs) vs \(example.via)")
  }

  @Test("The six reference routes are all present in the fixture")
  func fixtureHasSixRoutes() throws {
    #expect(try ExampleRoute.all().count == 6)
  }

  @Test("Berlin → Hamburg is within 10 % of the OSRM route's 280.5 km")
  func matchesOSRM() async throws {
    let network = try await BundledRoads.both()
    // The OSRM request's own end points (Chausseestraße, Rathaus), from route_berlin_hamburg.geojson.
    let route = try network.fastestRoute(
      from: Coordinate(latitude: 52.531677, longitude: 13.381777),
      to: Coordinate(latitude: 53.551086, longitude: 9.993682))
    #expect(abs(route.lengthKilometres / 280.496 - 1) < 0.10, "\(route.lengthKilometres) km")
    #expect(route.refs.contains("A24"))
  }

  @Test(
    "A* and plain Dijkstra find routes of equal travel time",
    arguments: [
      (
        Coordinate(latitude: 51.31468, longitude: 9.4952),
        Coordinate(latitude: 48.13768, longitude: 11.576)
      ),
      (
        Coordinate(latitude: 52.51767, longitude: 13.40554),
        Coordinate(latitude: 50.93811, longitude: 6.95707)
      ),
    ])
  func aStarIsExact(origin: Coordinate, destination: Coordinate) async throws {
    let network = try await BundledRoads.both()
    let fast = try network.fastestRouteWithStatistics(
      from: origin, to: destination, algorithm: .aStar)
    let plain = try network.fastestRouteWithStatistics(
      from: origin, to: destination, algorithm: .dijkstra)
    #expect(abs(fast.route.durationSeconds - plain.route.durationSeconds) < 1e-6)
    #expect(fast.statistics.settledNodes < plain.statistics.settledNodes)
  }

  @Test("Route vertices, cumulative distance and time line up and grow monotonically")
  func cumulativeArrays() async throws {
    let network = try await BundledRoads.both()
    let route = try network.fastestRoute(
      from: Coordinate(latitude: 50.11088, longitude: 8.68243),
      to: Coordinate(latitude: 50.93811, longitude: 6.95707))
    #expect(route.cumulativeKilometres.count == route.polyline.coordinates.count)
    #expect(route.cumulativeSeconds.count == route.polyline.coordinates.count)
    #expect(
      zip(route.cumulativeSeconds, route.cumulativeSeconds.dropFirst()).allSatisfy { $0 < $1 })
    #expect(abs(route.polyline.lengthKilometres - route.lengthKilometres) < 1e-6)
    let sectionTotal = route.sections.reduce(0) { $0 + $1.lengthKilometres }
    #expect(sectionTotal <= route.lengthKilometres + 1e-9)
  }

  @Test("A start beside a disconnected piece snaps to the main network and still routes")
  func disconnectedPieceSnapsToMain() async throws {
    let network = try await BundledRoads.motorwaysOnly()
    // Garmisch-Partenkirchen: the A95 there is a separate motorway component (basemap README).
    let garmisch = Coordinate(latitude: 47.4917, longitude: 11.0955)
    let snap = try network.snap(garmisch, maximumKilometres: 50)
    #expect(snap.distanceKilometres > 5)
    let route = try network.fastestRoute(
      from: garmisch, to: Coordinate(latitude: 48.13768, longitude: 11.576),
      maximumSnapKilometres: 50)
    #expect(route.lengthKilometres > 50)
  }

  @Test("A point far from every road is rejected with its distance and the limit")
  func farPointIsRejected() async throws {
    let network = try await BundledRoads.both()
    #expect {
      try network.fastestRoute(
        from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 52.5, longitude: 13.4)
      )
    } throws: { error in
      guard let error = error as? RoutingError else { return false }
      return error.kind == .tooFarFromNetwork && error.message.contains("0.0,0.0")
        && error.message.contains("within 30 km")
    }
  }

  @Test("Origin equal to destination gives an empty zero-length route")
  func sameOriginAndDestination() async throws {
    let network = try await BundledRoads.both()
    let kassel = Coordinate(latitude: 51.31468, longitude: 9.4952)
    let route = try network.fastestRoute(from: kassel, to: kassel)
    #expect(route.lengthKilometres == 0)
    #expect(route.polyline.coordinates.count == 1)
  }

  @Test("A destination on a small separate piece is snapped to the main network, never searched")
  func smallPieceIsNotRoutedInto() throws {
    let json = """
      {"type":"FeatureCollection","features":[
      {"type":"Feature","properties":{"ref":"A1","kind":"motorway"},"geometry":{"type":"LineString","coordinates":[[9.0,51.0],[9.1,51.0],[9.2,51.0]]}},
      {"type":"Feature","properties":{"ref":"B3","kind":"primary"},"geometry":{"type":"MultiLineString","coordinates":[[[10.0,51.0],[10.1,51.0]]]}}]}
      """
    let network = try RoadNetwork(geoJSON: [Data(json.utf8)])
    #expect(network.componentCount == 2)
    let origin = Coordinate(latitude: 51.0, longitude: 9.0)
    let onSmallPiece = Coordinate(latitude: 51.0, longitude: 10.1)
    #expect(throws: RoutingError.self) { try network.fastestRoute(from: origin, to: onSmallPiece) }
    let route = try network.fastestRoute(from: origin, to: onSmallPiece, maximumSnapKilometres: 100)
    #expect(route.polyline.coordinates.last == Coordinate(latitude: 51.0, longitude: 9.2))
    #expect(abs((route.destinationSnap?.distanceKilometres ?? 0) - 63.0) < 0.5)
    #expect(abs(route.durationSeconds - route.lengthKilometres / 120 * 3600) < 1e-6)
  }

  @Test(
    "Malformed road files are rejected naming the file and the problem",
    arguments: [
      ("not JSON", "road file #1"),
      (#"{"type":"FeatureCollection"}"#, "no \"features\""),
      (
        #"{"features":[{"properties":{"kind":"footway"},"geometry":{"type":"LineString","coordinates":[[9,51],[9.1,51]]}}]}"#,
        "kind 'footway'"
      ),
      (
        #"{"features":[{"properties":{"kind":"motorway"},"geometry":{"type":"Point","coordinates":[9,51]}}]}"#,
        "geometry type 'Point'"
      ),
      (
        #"{"features":[{"properties":{"kind":"motorway"},"geometry":{"type":"LineString","coordinates":[[9,151],[9.1,51]]}}]}"#,
        "not [lon, lat]"
      ),
      (#"{"features":[]}"#, "no road segments"),
    ])
  func malformedRoadFiles(text: String, expected: String) {
    #expect {
      try RoadNetwork(geoJSON: [Data(text.utf8)])
    } throws: { error in
      (error as? RoutingError)?.message.contains(expected) ?? false
    }
  }
}
