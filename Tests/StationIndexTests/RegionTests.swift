import Charging
import Geo
import StationIndex
import Testing

@Suite("Stations inside a map region on the 2022 register")
struct RegionTests {
  @Test("regions agree with a brute-force scan: random, city-sized, state-sized and empty")
  func agreesWithBruteForce() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    var rng = SeededGenerator(seed: 11)
    for _ in 0..<30 {
      let centre = stations.randomElement(using: &rng)!.coordinate
      let halfHeight = [0.01, 0.05, 0.2, 1.0].randomElement(using: &rng)!
      let halfWidth = halfHeight * Double.random(in: 0.5...2, using: &rng)
      let box = BoundingBox(
        minimum: Coordinate(
          latitude: centre.latitude - halfHeight, longitude: centre.longitude - halfWidth),
        maximum: Coordinate(
          latitude: centre.latitude + halfHeight, longitude: centre.longitude + halfWidth))
      let filter = Germany.randomFilter(&rng, stations: stations)
      #expect(
        index.stations(in: box, filter: filter).hits
          == BruteForce.region(stations, box, filter: filter), "box \(box)")
    }
  }

  @Test("stations exactly on a region's edges and corners are inside")
  func edgesAreInclusive() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    var rng = SeededGenerator(seed: 12)
    for round in 0..<15 {
      // Edges taken from real station coordinates, so some stations lie exactly on them.
      let a = stations.randomElement(using: &rng)!.coordinate
      let b = stations.randomElement(using: &rng)!.coordinate
      let near = Coordinate(
        latitude: a.latitude + Double.random(in: -0.1...0.1, using: &rng),
        longitude: a.longitude + Double.random(in: -0.1...0.1, using: &rng))
      // Every fifth round also a large box spanning two stations anywhere in Germany.
      let boxes =
        [BoundingBox(minimum: a, maximum: near)]
        + (round % 5 == 0 ? [BoundingBox(minimum: a, maximum: b)] : [])
      for box in boxes {
        let found = index.stations(in: box)
        #expect(found.hits == BruteForce.region(stations, box))
        #expect(found.ids.contains(stations.first { $0.coordinate == a }!.id))
      }
    }
  }

  @Test("a zero-size region at a station's position holds the stations at that point")
  func pointRegion() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    let c = stations[100].coordinate
    let box = BoundingBox(minimum: c, maximum: c)
    let found = index.stations(in: box)
    #expect(!found.isEmpty)
    #expect(found.hits == BruteForce.region(stations, box))
    #expect(found.allSatisfy { $0.station.coordinate == c && $0.distanceKilometres == 0 })
  }

  @Test("regions away from the data and regions with non-finite corners are empty")
  func emptyRegions() throws {
    let index = try Germany.index()
    let atlantic = BoundingBox(
      minimum: Coordinate(latitude: 40, longitude: -30),
      maximum: Coordinate(latitude: 45, longitude: -20))
    #expect(index.stations(in: atlantic).isEmpty)
    let broken = BoundingBox(
      minimum: Coordinate(latitude: .nan, longitude: 9),
      maximum: Coordinate(latitude: 52, longitude: 10))
    #expect(index.stations(in: broken).isEmpty)
  }

  @Test("the whole of Germany returns every station; distances are from the given point")
  func everything() throws {
    let stations = try Germany.stations()
    let index = try Germany.index()
    let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
    let found = index.stations(in: Germany.box, distanceFrom: kassel, order: .unspecified)
    #expect(found.count == stations.count - 1)  // the Glauchau site misplaced at lon 15.54
    #expect(
      found.allSatisfy {
        $0.distanceKilometres == GreatCircle.distanceKilometres(kassel, $0.station.coordinate)
      })
  }
}
