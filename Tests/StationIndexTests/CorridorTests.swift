import Charging
import Geo
import StationIndex
import Testing

@Suite("Stations along a route on the 2022 register")
struct CorridorTests {
  @Test("the three Berlin → Hamburg routes agree with a brute-force scan at 0.5, 2 and 5 km")
  func berlinHamburg() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    for polyline in try RealData.berlinHamburgRoutes() {
      let route = RouteLine(polyline)
      // One scan per route at the widest width; narrower widths are its prefix by offset.
      let widest = BruteForce.corridor(stations, route, within: 5)
      for width in [0.5, 2, 5] {
        let expected = widest.filter { $0.kilometres <= width }
        let found = index.stations(along: route, withinKilometres: width)
        #expect(found.hits == expected, "\(route.vertices.count) vertices, \(width) km")
        #expect(found.allSatisfy { $0.distanceKilometres == $0.route?.offsetKilometres })
      }
    }
  }

  @Test("a station exactly at the corridor width is included, as in the brute-force scan")
  func exactlyAtWidth() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    let route = RouteLine(try RealData.berlinHamburgRoutes()[0])
    let near = BruteForce.corridor(stations, route, within: 3)
    var rng = SeededGenerator(seed: 5)
    for _ in 0..<6 {
      let target = near.randomElement(using: &rng)!
      let width = target.kilometres
      let found = index.stations(along: route, withinKilometres: width)
      #expect(found.ids.contains(target.id))
      #expect(found.hits == near.filter { $0.kilometres <= width })
    }
  }

  @Test("a route through station positions at width 0 finds exactly the stations on it")
  func zeroWidthThroughStations() throws {
    let stations = try RealData.kassel2022()
    let index = StationIndex(stations)
    let vertices = Array(stations.prefix(12).map(\.coordinate))
    let route = RouteLine(Polyline(vertices))
    let found = index.stations(along: route, withinKilometres: 0)
    #expect(found.hits == BruteForce.corridor(stations, route, within: 0))
    for vertex in vertices {
      #expect(found.contains { $0.station.coordinate == vertex })
    }
  }

  /// Random routes: walks between real stations with 2–25 vertices, legs up to ~60 km.
  @Test("random routes with random filters and widths agree with a brute-force scan")
  func randomRoutes() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    var rng = SeededGenerator(seed: 99)
    for _ in 0..<10 {
      var point = stations.randomElement(using: &rng)!.coordinate
      var vertices = [point]
      for _ in 0..<Int.random(in: 1...24, using: &rng) {
        point = Coordinate(
          latitude: point.latitude + Double.random(in: -0.4...0.4, using: &rng),
          longitude: point.longitude + Double.random(in: -0.5...0.5, using: &rng))
        vertices.append(point)
      }
      let route = RouteLine(Polyline(vertices))
      let width = [0.3, 1, 2, 5].randomElement(using: &rng)!
      let filter = Germany.randomFilter(&rng, stations: stations)
      #expect(
        index.stations(along: route, withinKilometres: width, filter: filter).hits
          == BruteForce.corridor(stations, route, within: width, filter: filter))
    }
  }

  @Test("a one-point route is a radius query around that point")
  func onePointRoute() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    let centre = stations[500].coordinate
    let found = index.stations(along: Polyline([centre]), withinKilometres: 3, order: .distance)
    let expected = BruteForce.nearest(stations, to: centre, limit: 10_000, within: 3)
    #expect(found.map(\.station.id) == expected.map(\.id))
    #expect(found.allSatisfy { $0.route?.kilometresAlongRoute == 0 })
  }

  @Test("repeated vertices change nothing but stay valid segments")
  func repeatedPoints() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    let base = try RealData.berlinHamburgRoutes()[1].coordinates
    var doubled: [Coordinate] = []
    for (i, c) in base.prefix(300).enumerated() {
      doubled.append(c)
      if i % 3 == 0 { doubled += [c, c] }
    }
    let plain = index.stations(along: Polyline(Array(base.prefix(300))), withinKilometres: 2)
    let repeated = RouteLine(Polyline(doubled))
    let found = index.stations(along: repeated, withinKilometres: 2)
    #expect(found.ids == plain.ids)
    #expect(found.hits == BruteForce.corridor(stations, repeated, within: 2))
    let same = RouteLine(Polyline(Array(repeating: base[0], count: 5)))
    #expect(
      index.stations(along: same, withinKilometres: 2).ids
        == index.stations(along: Polyline([base[0]]), withinKilometres: 2).ids)
  }

  @Test(
    "empty routes and unusable widths return nothing",
    arguments: [
      ("empty route", [], 2.0),
      ("negative width", [Coordinate(latitude: 52.5, longitude: 13.4)], -1.0),
      ("NaN width", [Coordinate(latitude: 52.5, longitude: 13.4)], Double.nan),
      ("infinite width", [Coordinate(latitude: 52.5, longitude: 13.4)], Double.infinity),
    ] as [(String, [Coordinate], Double)])
  func degenerate(_ name: String, _ vertices: [Coordinate], _ width: Double) throws {
    let index = try Germany.index()
    #expect(index.stations(along: Polyline(vertices), withinKilometres: width).isEmpty, "\(name)")
  }
}
