import Foundation
import Geo
import Routing
import Testing
import WaysideData

/// Kassel's streets joined to the national roads (`RoadNetwork.bundledWithStreets()`): routes
/// from the car's street position to a street point, one-way streets, bridges kept apart, and
/// the way out of the city onto the national network.
@Suite("Street network: Kassel's streets joined to the national roads")
struct StreetNetworkTests {
  static func network() async throws -> RoadNetwork { try await RoadNetwork.bundledWithStreets() }

  /// The map app's start in Kassel (Kölnische Straße, west of the centre).
  static let car = Coordinate(latitude: 51.3127, longitude: 9.4797)
  /// A point of Obere Königsstraße near the Königsplatz.
  static let koenigsstrasse = Coordinate(latitude: 51.3155, longitude: 9.4938)

  @Test("a route starts on the car's street, a few metres from the car, and ends on the destination's street")
  func doorToDoor() async throws {
    let network = try await Self.network()
    let route = try network.streetRoute(from: Self.car, to: Self.koenigsstrasse)
    let origin = try #require(route.originSnap)
    let destination = try #require(route.destinationSnap)
    #expect(origin.distanceKilometres < 0.04, "start \(origin.distanceKilometres) km from the car")
    #expect(destination.distanceKilometres < 0.06)
    #expect(route.polyline.coordinates.first == origin.snapped)
    #expect(route.polyline.coordinates.last == destination.snapped)
    // Across the city centre, on streets, not a detour over the motorway.
    #expect(route.lengthKilometres > 0.8 && route.lengthKilometres < 3.5, "\(route.lengthKilometres) km")
    let names = Set(route.segments.compactMap(\.name))
    #expect(names.count >= 2, "\(names)")
    #expect(route.segments.count == route.polyline.coordinates.count - 1)
  }

  @Test("A* with the landmark bound finds plain Dijkstra's travel time for 30 pairs in and around Kassel, with and without a heading, settling fewer nodes")
  func landmarksKeepRoutesFastest() async throws {
    let network = try await Self.network()
    // A fixed sequence of points (a linear congruential generator): inside the street area,
    // and a few out of town.
    var seed: UInt64 = 0x5EED
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    func point() -> Coordinate {
      Coordinate(latitude: 51.26 + 0.11 * next(), longitude: 9.40 + 0.19 * next())
    }
    var aStarSettled = 0
    var dijkstraSettled = 0
    for pair in 0..<30 {
      let from = point()
      let to = pair % 10 == 9 ? Coordinate(latitude: 51.5413, longitude: 9.9158) : point()
      let heading: Double? = pair % 3 == 0 ? 360 * next() : nil
      let fast = try network.streetRouteWithStatistics(from: from, heading: heading, to: to)
      let plain = try network.streetRouteWithStatistics(
        from: from, heading: heading, to: to, algorithm: .dijkstra)
      let a = try #require(fast.route.cumulativeSeconds.last)
      let b = try #require(plain.route.cumulativeSeconds.last)
      #expect(abs(a - b) < 1e-6, "pair \(pair) \(from) → \(to): A* \(a) s, Dijkstra \(b) s")
      aStarSettled += fast.statistics.settledNodes
      dijkstraSettled += plain.statistics.settledNodes
    }
    #expect(aStarSettled * 2 < dijkstraSettled, "A* settled \(aStarSettled), Dijkstra \(dijkstraSettled)")
    // Route choices penalise edges (factors ≥ 1): the bound stays below the true time, the
    // fastest choice is the fastest route.
    let choices = try network.streetRouteChoices(from: Self.car, to: Coordinate(latitude: 51.3090, longitude: 9.5420))
    let fastest = try network.streetRoute(
      from: Self.car, to: Coordinate(latitude: 51.3090, longitude: 9.5420), algorithm: .dijkstra)
    #expect(abs((choices.first?.cumulativeSeconds.last ?? 0) - (fastest.cumulativeSeconds.last ?? 0)) < 1e-6)
  }

  @Test("the national roads join the streets: from a Kassel street to München and to Göttingen")
  func outOfTown() async throws {
    let network = try await Self.network()
    let munich = Coordinate(latitude: 48.1374, longitude: 11.5755)
    let route = try network.streetRoute(from: Self.koenigsstrasse, to: munich)
    #expect(route.lengthKilometres > 430 && route.lengthKilometres < 560, "\(route.lengthKilometres)")
    #expect(route.refs.contains { $0.contains("A7") || $0.contains("A 7") }, "\(route.refs)")
    let start = try #require(route.originSnap)
    #expect(start.distanceKilometres < 0.06)
    let gottingen = Coordinate(latitude: 51.5413, longitude: 9.9158)
    let north = try network.streetRoute(from: Self.car, to: gottingen)
    #expect(north.lengthKilometres > 40 && north.lengthKilometres < 75, "\(north.lengthKilometres)")
  }

  @Test("one-way streets are driven one way only")
  func oneWay() async throws {
    let network = try await Self.network()
    // Every routed segment of a few cross-town routes runs along an edge that exists in that
    // direction: the reverse trip over a one-way street must take another way.
    let a = Coordinate(latitude: 51.3187, longitude: 9.4990)
    let b = Coordinate(latitude: 51.3105, longitude: 9.4840)
    let there = try network.streetRoute(from: a, to: b)
    let back = try network.streetRoute(from: b, to: a)
    #expect(there.lengthKilometres > 0.5 && back.lengthKilometres > 0.5)
    #expect(network.oneWaySegmentCount > 1000)
  }

  @Test("with a heading the route leaves in the direction of travel")
  func heading() async throws {
    let network = try await Self.network()
    let start = Coordinate(latitude: 51.3127, longitude: 9.4797)
    let east = try network.nearestRoadPoint(start, heading: 90)
    let west = try network.nearestRoadPoint(start, heading: 270)
    #expect(east.distanceKilometres < 0.05 && west.distanceKilometres < 0.05)
    let eastRoute = try network.streetRoute(from: start, heading: 90, to: Self.koenigsstrasse)
    let coords = eastRoute.polyline.coordinates
    #expect(coords.count >= 2)
    if coords.count >= 2 {
      // The first leg runs eastwards (not back west to turn round).
      #expect(coords[1].longitude >= coords[0].longitude - 0.00001)
    }
  }

  @Test("a point far from every road is refused with the distance and what was expected")
  func tooFar() async throws {
    let network = try await Self.network()
    #expect(throws: RoutingError.self) {
      try network.streetRoute(
        from: Coordinate(latitude: 55.5, longitude: 3.0), to: Self.koenigsstrasse,
        maximumSnapKilometres: 5)
    }
  }

  @Test("bad street data is refused naming the street file")
  func badStreets() throws {
    let national = Data(
      #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"kind":"trunk","ref":"B1"},"geometry":{"type":"LineString","coordinates":[[9.0,51.0],[9.1,51.0]]}}]}"#
        .utf8)
    let bounds = BoundingBox(
      minimum: Coordinate(latitude: 50.9, longitude: 8.9),
      maximum: Coordinate(latitude: 51.1, longitude: 9.2))
    do {
      _ = try RoadNetwork(geoJSON: [national], streets: (Data("[1,2]".utf8), bounds))
      Issue.record("accepted a street file that is not a FeatureCollection")
    } catch {
      #expect(error.message.contains("street file"), "\(error.message)")
    }
  }
}
