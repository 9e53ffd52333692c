import Charging
import Geo
import StationIndex
import Testing

@Suite("k nearest stations on the 2022 register")
struct NearestTests {
  @Test("the index holds every station of the register and reports none unindexed")
  func buildsOverAll() throws {
    let index = try Germany.index()
    #expect(index.count == 22_037)
    #expect(index.unindexed.isEmpty)
  }

  @Test("reported distances equal GreatCircle.distanceKilometres bit for bit")
  func distancesAreHaversine() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    var rng = SeededGenerator(seed: 7)
    for _ in 0..<50 {
      let point = stations.randomElement(using: &rng)!.coordinate
      let query = Coordinate(
        latitude: point.latitude + Double.random(in: -0.3...0.3, using: &rng),
        longitude: point.longitude + Double.random(in: -0.3...0.3, using: &rng))
      for match in index.nearest(to: query, limit: 5) {
        #expect(
          match.distanceKilometres
            == GreatCircle.distanceKilometres(query, match.station.coordinate))
      }
    }
  }

  /// Query points: random over Germany, exactly at stations (distance 0 and ties between
  /// stations sharing a point), just off stations, and far outside the data.
  static func queryPoints(_ rng: inout SeededGenerator, _ stations: [Station]) -> [Coordinate] {
    var points: [Coordinate] = []
    for _ in 0..<30 {
      points.append(
        Coordinate(
          latitude: Double.random(
            in: Germany.box.minimum.latitude...Germany.box.maximum.latitude,
            using: &rng),
          longitude: Double.random(
            in: Germany.box.minimum.longitude...Germany.box.maximum.longitude, using: &rng)))
    }
    for _ in 0..<20 {
      points.append(stations.randomElement(using: &rng)!.coordinate)
    }
    for _ in 0..<15 {
      let c = stations.randomElement(using: &rng)!.coordinate
      points.append(
        Coordinate(
          latitude: c.latitude + Double.random(in: -1e-4...1e-4, using: &rng),
          longitude: c.longitude + Double.random(in: -1e-4...1e-4, using: &rng)))
    }
    points += [
      Coordinate(latitude: 40.7128, longitude: -74.0060),  // New York
      Coordinate(latitude: -52.5, longitude: -166.6),  // antipode of Germany
      Coordinate(latitude: 89.9, longitude: 0),
      Coordinate(latitude: 54.0, longitude: 179.99),
      Coordinate(latitude: 55.5, longitude: 8.0),  // North Sea, beyond the northern edge
    ]
    return points
  }

  @Test("k nearest agree with a brute-force scan for random points, k and filters")
  func agreesWithBruteForce() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    var rng = SeededGenerator(seed: 42)
    for point in Self.queryPoints(&rng, stations) {
      let k = [1, 2, 12, 12, 37, 100].randomElement(using: &rng)!
      let filter = Germany.randomFilter(&rng, stations: stations)
      let expected = BruteForce.nearest(stations, to: point, limit: k, filter: filter)
      let found = index.nearest(to: point, limit: k, filter: filter)
      #expect(found.hits == expected, "point \(point), k \(k), filter \(filter)")
    }
  }

  @Test("a radius limit keeps exactly the stations at or within it")
  func radiusLimit() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    var rng = SeededGenerator(seed: 3)
    for _ in 0..<20 {
      let centre = stations.randomElement(using: &rng)!.coordinate
      // A radius equal to a real station's distance: that station sits exactly on the limit.
      let other = stations.randomElement(using: &rng)!.coordinate
      let radius = min(30, GreatCircle.distanceKilometres(centre, other))
      let expected = BruteForce.nearest(stations, to: centre, limit: 500, within: radius)
      let found = index.nearest(to: centre, limit: 500, withinKilometres: radius)
      #expect(found.hits == expected)
      #expect(found.allSatisfy { $0.distanceKilometres <= radius })
    }
    let edge = stations[0].coordinate
    let probe = Coordinate(latitude: edge.latitude + 0.01, longitude: edge.longitude)
    let exact = GreatCircle.distanceKilometres(probe, edge)
    #expect(
      index.nearest(to: probe, limit: 50, withinKilometres: exact).ids.contains(stations[0].id))
  }

  @Test("a selective filter still yields k matching stations, not the matches among the k nearest")
  func filterIsNotAppliedAfterTopK() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    // Few sites in the 2022 register have a 300 kW CCS connector; none is close to central Kassel.
    let filter = StationFilter(
      minimumPower: Power(kilowatts: 300), connectorStandards: [.type2Combo])
    let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
    let found = index.nearest(to: kassel, limit: 12, filter: filter)
    #expect(found.count == 12)
    #expect(found.allSatisfy { filter.matches($0.station) })
    #expect(found.hits == BruteForce.nearest(stations, to: kassel, limit: 12, filter: filter))
    #expect(found[0].distanceKilometres > 1)
  }

  @Test("k larger than the set returns every station, nearest first")
  func largeK() throws {
    let stations = try RealData.kassel2022()
    let index = StationIndex(stations)
    let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
    let found = index.nearest(to: kassel, limit: 10_000)
    #expect(found.count == stations.count)
    #expect(found.hits == BruteForce.nearest(stations, to: kassel, limit: 10_000))
  }

  @Test(
    "degenerate requests return nothing",
    arguments: [
      ("limit 0", Coordinate(latitude: 51, longitude: 9), 0, nil),
      ("negative limit", Coordinate(latitude: 51, longitude: 9), -3, nil),
      ("NaN latitude", Coordinate(latitude: .nan, longitude: 9), 5, nil),
      ("infinite longitude", Coordinate(latitude: 51, longitude: .infinity), 5, nil),
      ("negative radius", Coordinate(latitude: 51, longitude: 9), 5, -1.0),
      ("NaN radius", Coordinate(latitude: 51, longitude: 9), 5, Double.nan),
    ] as [(String, Coordinate, Int, Double?)])
  func degenerate(_ name: String, _ point: Coordinate, _ limit: Int, _ radius: Double?) throws {
    let index = try Germany.index()
    #expect(index.nearest(to: point, limit: limit, withinKilometres: radius).isEmpty, "\(name)")
  }

  @Test("an empty index answers every query with no stations")
  func emptyIndex() {
    let index = StationIndex([])
    let point = Coordinate(latitude: 51, longitude: 9)
    #expect(index.isEmpty)
    #expect(index.nearest(to: point, limit: 12).isEmpty)
    #expect(index.stations(in: Germany.box).isEmpty)
    #expect(
      index.stations(
        along: Polyline([point, Coordinate(latitude: 52, longitude: 10)]), withinKilometres: 5
      ).isEmpty)
  }

  @Test("stations with non-finite coordinates are kept aside, not indexed and not lost")
  func invalidCoordinates() throws {
    var stations = Array(try RealData.kassel2022().prefix(20))
    stations[3].coordinate = Coordinate(latitude: .nan, longitude: 9)
    stations[7].coordinate = Coordinate(latitude: 91, longitude: 9)
    let index = StationIndex(stations)
    #expect(index.count == 18)
    #expect(index.unindexed.map(\.id) == [stations[3].id, stations[7].id])
    #expect(index.nearest(to: stations[0].coordinate, limit: 100).count == 18)
  }

  @Test("leaf size changes the tree, never the answer", arguments: [2, 3, 8, 64, 1000])
  func leafSizes(_ leafSize: Int) throws {
    let stations = try RealData.kassel2022()
    let index = StationIndex(stations, leafSize: leafSize)
    var rng = SeededGenerator(seed: UInt64(leafSize))
    for _ in 0..<20 {
      let point = Coordinate(
        latitude: Double.random(in: 50.8...51.8, using: &rng),
        longitude: Double.random(in: 8.8...10.2, using: &rng))
      let k = Int.random(in: 1...30, using: &rng)
      #expect(
        index.nearest(to: point, limit: k).hits
          == BruteForce.nearest(stations, to: point, limit: k))
    }
  }

  @Test(
    "a site listed station by station keeps id order at any limit, with near-ties beside it",
    arguments: [1, 5, 11, 12, 13, 40])
  func crowdedSite(_ limit: Int) throws {
    var stations = try RealData.kassel2022()
    let site = stations[0]
    var rng = SeededGenerator(seed: UInt64(limit))
    // 60 stations at the site's point (more than any band holds in registers), in shuffled
    // id order, and 20 within a metre of it, some a few millimetres apart.
    var extra: [Station] = []
    for n in 0..<60 {
      var copy = site
      let rank = (n * 37) % 60
      copy.id = Station.ID(rawValue: "crowd-\(rank < 10 ? "0" : "")\(rank)")
      extra.append(copy)
    }
    for n in 0..<20 {
      var near = site
      near.id = Station.ID(rawValue: "near-\(n)")
      near.coordinate = Coordinate(
        latitude: site.coordinate.latitude + Double(n % 5) * 2e-6,
        longitude: site.coordinate.longitude + Double(n / 5) * 3e-9)
      extra.append(near)
    }
    extra.shuffle(using: &rng)
    stations += extra
    let index = StationIndex(stations)
    let points = [
      site.coordinate,
      Coordinate(
        latitude: site.coordinate.latitude + 4e-5, longitude: site.coordinate.longitude - 3e-5),
      Coordinate(
        latitude: site.coordinate.latitude - 0.01, longitude: site.coordinate.longitude + 0.02),
    ]
    for point in points {
      #expect(
        index.nearest(to: point, limit: limit).hits
          == BruteForce.nearest(stations, to: point, limit: limit), "from \(point)")
      #expect(
        index.nearest(to: point, limit: limit, withinKilometres: 0.5).hits
          == BruteForce.nearest(stations, to: point, limit: limit, within: 0.5),
        "from \(point) within 0.5 km")
    }
  }
}
