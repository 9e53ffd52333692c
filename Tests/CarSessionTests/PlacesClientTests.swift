import CarSession
import Charging
import Geo
import KitDemos
import Testing

@Suite("PlacesClient: nearest places, and the data-source mode")
struct PlacesClientTests {
  /// The real fast chargers around Kassel, loaded once for the suite.
  static let stations: [Station] = (try? BundledStations.kasselFastChargers()) ?? []
  static let kassel = BundledStations.kasselCentre

  /// `source` as effects get it from a container whose switch is `box`, per query
  /// (`CarClients.installed`: the demo never reads the switch itself).
  static func switched(_ source: PlacesClient<Station>, by box: DataSourceModeBox)
    -> PlacesClient<Station>
  {
    let clients = CarClients(clock: .live(), location: .unavailable, dataSource: box)
    return PlacesClient(name: source.name) { try await clients.installed(source).near($0) }
  }

  @Test("the bundled Kassel extract holds the register's 334 fast-charging sites")
  func bundled() {
    #expect(Self.stations.count == 334)
  }

  @Test("without a region the nearest places within the radius come first, at most the limit")
  func nearestByRadius() throws {
    let query = PlacesQuery(center: Self.kassel, radiusKilometres: 25, limit: 12)
    let found = PlacesClient<Station>.nearest(Self.stations, to: query, coordinate: \.coordinate)
    #expect(found.count == 12)
    let first = try #require(found.first)
    #expect(first.operatorName == "Glinicke Energie+Service GmbH")
    #expect(first.address.street == "Königstor 61")
    let distances = found.map { GreatCircle.distanceKilometres(Self.kassel, $0.coordinate) }
    #expect(distances == distances.sorted())
    #expect(distances.allSatisfy { $0 <= 1.5 })
  }

  @Test("with a region only places inside it count, measured from the query's centre")
  func nearestInRegion() throws {
    // Around Hann. Münden's old town: three sites of the register lie in this box.
    let region = try #require(
      BoundingBox(enclosing: [
        Coordinate(latitude: 51.40, longitude: 9.62), Coordinate(latitude: 51.43, longitude: 9.68),
      ]))
    let query = PlacesQuery(center: region.center, region: region, limit: 12)
    let found = PlacesClient<Station>.nearest(Self.stations, to: query, coordinate: \.coordinate)
    #expect(found.count == 3)
    #expect(found.allSatisfy { region.contains($0.coordinate) })
    #expect(found.allSatisfy { $0.address.city == "Hann. Münden" })
  }

  @Test("a place outside the radius is not near, and a zero limit answers nothing")
  func bounds() {
    let berlin = Coordinate(latitude: 52.52, longitude: 13.405)
    let far = PlacesQuery(center: berlin, limit: 12)
    #expect(PlacesClient<Station>.nearest(Self.stations, to: far, coordinate: \.coordinate).isEmpty)
    let none = PlacesQuery(center: Self.kassel, limit: 0)
    #expect(
      PlacesClient<Station>.nearest(Self.stations, to: none, coordinate: \.coordinate).isEmpty)
  }

  struct ModeCase: Sendable, CustomTestStringConvertible {
    var name: String
    var mode: DataSourceMode
    var count: Int?
    var testDescription: String { name }
  }

  @Test(
    "a client from the container asks the source, answers nothing, or fails, as the mode says",
    arguments: [
      ModeCase(name: "normal asks the source", mode: .normal, count: 12),
      ModeCase(name: "empty answers with no places", mode: .empty, count: 0),
      ModeCase(name: "failing throws a DataSourceError", mode: .failing, count: nil),
    ])
  func governed(_ row: ModeCase) async throws {
    let box = DataSourceModeBox(row.mode)
    let source = PlacesClient<Station>.stations(Self.stations, name: "Kassel register")
    let client = Self.switched(source, by: box)
    let query = PlacesQuery(center: Self.kassel, limit: 12)
    if let count = row.count {
      #expect(try await client.near(query).count == count)
    } else {
      await #expect(
        throws: DataSourceError(
          source: "Kassel register", query: query.description,
          reason: "the data source is set to fail")
      ) {
        try await client.near(query)
      }
    }
  }

  @Test("the mode is read on every query, so switching it takes effect at once")
  func switching() async throws {
    let box = DataSourceModeBox()
    let client = Self.switched(PlacesClient<Station>.stations(Self.stations), by: box)
    let query = PlacesQuery(center: Self.kassel, limit: 12)
    #expect(try await client.near(query).count == 12)
    box.mode = .empty
    #expect(try await client.near(query).isEmpty)
    box.mode = .normal
    #expect(try await client.near(query).count == 12)
  }

  @Test(
    "the modes parse from the words journeys and the panel use",
    arguments: [
      ("normal", DataSourceMode.normal), ("empty", .empty), ("fail", .failing),
      ("failing", .failing),
    ])
  func parsing(_ word: String, _ mode: DataSourceMode) {
    #expect(DataSourceMode(parsing: word) == mode)
  }

  @Test("an unknown mode word does not parse")
  func badWord() {
    #expect(DataSourceMode(parsing: "offline") == nil)
  }

  @Test("a source that cannot load says which source, which query and why")
  func loadError() async throws {
    struct Broken: Error, CustomStringConvertible {
      var description: String { "file missing" }
    }
    let client = PlacesClient<Station>.inMemory(name: "broken file", coordinate: \.coordinate) {
      throw Broken()
    }
    let query = PlacesQuery(center: Self.kassel, limit: 12)
    await #expect(
      throws: DataSourceError(
        source: "broken file", query: query.description, reason: "file missing")
    ) {
      try await client.near(query)
    }
    #expect(
      query.description == "near 51.3127,9.4797 within 25 km, at most 12")
  }
}
