import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Charging
import Foundation
import Geo
import KitDemos
import Testing

/// The places demo over the bundled register extract around Kassel, on a manual clock.
@MainActor
@Suite("The places demo: real chargers, and its loading, empty and error states")
struct PlacesDemoTests {
  static let kassel = BundledStations.kasselCentre
  static let hannMünden = Coordinate(latitude: 51.4167, longitude: 9.65)
  static let berlin = Coordinate(latitude: 52.52, longitude: 13.405)

  /// The nearby tab as the host shows it.
  static func nearby(_ host: CarSimulator) -> PointOfInterestTemplateSpec? {
    guard case .tabBar(let bar)? = host.shownScreen?.visible.root.content,
      case .pointOfInterest(let poi)? = bar.tabs.first?.content
    else { return nil }
    return poi
  }

  /// The register's sites a query around `center` (in `region`, when the driver chose one)
  /// finds: what the demo's bundled client answers.
  static func nearest(_ center: Coordinate, in region: BoundingBox? = nil) throws -> [Station] {
    PlacesClient<Station>.nearest(
      try BundledStations.kasselFastChargers(),
      to: PlacesQuery(center: center, region: region, limit: FixedLimits.pointsOfInterest),
      coordinate: \.coordinate)
  }

  /// The tab bar and its nearby map.
  static let root = ExpectedOperation.setRoot(.tabBar, "places")
  static let map = ExpectedOperation.update(.pointOfInterest, "nearby")

  /// The demo connected to the car in Kassel, its first answer in: an exhaustive tester.
  static func connected(
    _ demo: PlacesDemo = PlacesDemo(), sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> CarAppTester<PlacesDemo> {
    let tester = CarAppTester(app: demo, state: PlacesDemo.State(), sourceLocation: sourceLocation)
    let found = try nearest(kassel)
    // The bundled client answers at once: its places patch the map within the step.
    await tester.connect(
      operations: [root, map], { $0.request = 1 }, sourceLocation: sourceLocation)
    tester.receive(
      .loaded(request: 1, center: kassel, found), { $0.places = .loaded(center: kassel, found) },
      sourceLocation: sourceLocation)
    return tester
  }

  /// Ends a flow: the car disconnects (an answer still on its way finds no car), nothing runs.
  static func end(
    _ tester: CarAppTester<PlacesDemo>, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await tester.disconnect({ $0.request += 1 }, sourceLocation: sourceLocation)
    await tester.finish(sourceLocation: sourceLocation)
  }

  /// A client that answers after `seconds(query)` on `clock`.
  static func delayed(_ clock: ManualClock, _ seconds: @escaping @Sendable (PlacesQuery) -> Int)
    -> PlacesClient<Station>
  {
    let bundled = PlacesClient<Station>.bundledKasselFastChargers
    return PlacesClient<Station>(name: "delayed") { query in
      await clock.sleep(until: clock.now + .seconds(seconds(query)))
      return try await bundled.near(query)
    }
  }

  @Test("the map shows the 12 register sites nearest the car with operator, street and power")
  func nearest() async throws {
    let tester = try await Self.connected()
    let poi = try #require(Self.nearby(tester.host))
    #expect(poi.title == "Nearby chargers")
    #expect(poi.points.count == FixedLimits.pointsOfInterest)
    let first = try #require(poi.points.first)
    #expect(first.title == "Glinicke Energie+Service GmbH")
    #expect(first.subtitle == "Königstor 61, Kassel")
    #expect(first.summary == "0.2 km · 50 kW")
    #expect(first.location == Coordinate(latitude: 51.313072, longitude: 9.47751))
    #expect(poi.points.map(\.primaryButton?.title) == Array(repeating: "Navigate", count: 12))
    #expect(poi.points.map(\.secondaryButton?.title) == Array(repeating: "Details", count: 12))
    await Self.end(tester)
  }

  @Test("queries use the phone's position from the location client, periodic ones too")
  func carLocation() async throws {
    let tester = CarAppTester(app: PlacesDemo(), state: PlacesDemo.State())
    tester.location.coordinate = Self.hannMünden
    let found = try Self.nearest(Self.hannMünden)
    await tester.connect(operations: [Self.root, Self.map]) { $0.request = 1 }
    tester.receive(.loaded(request: 1, center: Self.hannMünden, found)) {
      $0.places = .loaded(center: Self.hannMünden, found)
      $0.car = Self.hannMünden
    }
    let poi = try #require(Self.nearby(tester.host))
    #expect(poi.points.first?.subtitle == "Schloßplatz, Hann. Münden")
    // The periodic refresh asks around the same position, not the default centre: the same
    // places, so the map is not patched.
    await tester.advanceTime(by: PlacesDemo.refreshInterval, operations: [])
    tester.receive(.refresh) { $0.request = 2 }
    tester.receive(.loaded(request: 2, center: Self.hannMünden, found))
    #expect(Self.nearby(tester.host)?.points.first?.subtitle == "Schloßplatz, Hann. Münden")
    #expect(tester.currentState.car == Self.hannMünden)
    await Self.end(tester)
  }

  @Test("until the first answer arrives the map says Loading chargers…")
  func loading() async throws {
    let clock = ManualClock()
    let tester = CarAppTester(
      app: PlacesDemo(stations: Self.delayed(clock) { _ in 2 }), state: PlacesDemo.State(),
      clock: clock)
    await tester.connect(operations: [Self.root]) { $0.request = 1 }
    #expect(Self.nearby(tester.host)?.title == "Loading chargers…")
    #expect(Self.nearby(tester.host)?.points.isEmpty == true)
    await tester.advanceTime(by: .seconds(2), operations: [])
    let found = try Self.nearest(Self.kassel)
    tester.receive(.loaded(request: 1, center: Self.kassel, found)) {
      $0.places = .loaded(center: Self.kassel, found)
    }
    tester.assertOperations([Self.map])
    #expect(Self.nearby(tester.host)?.title == "Nearby chargers")
    #expect(Self.nearby(tester.host)?.points.count == 12)
    await Self.end(tester)
  }

  struct EmptyCase: Sendable, CustomTestStringConvertible {
    var name: String
    var mode: DataSourceMode
    var latitude: Double
    var longitude: Double
    var testDescription: String { name }
  }

  @Test(
    "no places is an explicit state: 'No chargers in this area'",
    arguments: [
      EmptyCase(
        name: "the car is outside the data (Berlin)", mode: .normal, latitude: 52.52,
        longitude: 13.405),
      EmptyCase(
        name: "the source answers with nothing", mode: .empty, latitude: 51.3127,
        longitude: 9.4797),
    ])
  func empty(_ row: EmptyCase) async throws {
    let tester = try await Self.connected()
    tester.dataSource.mode = row.mode
    let there = Coordinate(latitude: row.latitude, longitude: row.longitude)
    await tester.drive({ $0.moveTo(there) }, operations: [Self.map]) {
      $0.car = there
      $0.request = 2
    }
    tester.receive(.loaded(request: 2, center: there, [])) {
      $0.places = .loaded(center: there, [])
    }
    let poi = try #require(Self.nearby(tester.host))
    #expect(poi.title == "No chargers in this area")
    #expect(poi.points.isEmpty)
    #expect(poi.navigationBar.trailing.isEmpty)
    await Self.end(tester)
  }

  @Test("a failing source shows the error with Retry; Retry after recovery brings the places back")
  func failureAndRetry() async throws {
    let tester = try await Self.connected()
    tester.dataSource.mode = .failing
    await tester.drive({ $0.moveTo(Self.kassel) }, operations: [Self.map]) { $0.request = 2 }
    guard case .failed(let message) = tester.currentState.places else {
      Issue.record("expected the failed state, got \(tester.currentState.places)")
      return
    }
    #expect(message.contains("the data source is set to fail"))
    tester.receive(.failed(request: 2, message)) { $0.places = .failed(message) }
    var poi = try #require(Self.nearby(tester.host))
    #expect(poi.title == "Chargers can't be loaded right now")
    #expect(poi.points.isEmpty)
    #expect(poi.navigationBar.trailing.map(\.title) == ["Retry"])
    // Retry while the source still fails: Loading (no places to keep), then the same error.
    await tester.drive({ try $0.press("retry") }, operations: [Self.map, Self.map]) {
      $0.request = 3
      $0.places = .loading
    }
    tester.receive(.failed(request: 3, message)) { $0.places = .failed(message) }
    #expect(Self.nearby(tester.host)?.title == "Chargers can't be loaded right now")
    tester.dataSource.mode = .normal
    let found = try Self.nearest(Self.kassel)
    await tester.drive({ try $0.press("retry") }, operations: [Self.map, Self.map]) {
      $0.request = 4
      $0.places = .loading
    }
    tester.receive(.loaded(request: 4, center: Self.kassel, found)) {
      $0.places = .loaded(center: Self.kassel, found)
    }
    poi = try #require(Self.nearby(tester.host))
    #expect(poi.title == "Nearby chargers")
    #expect(poi.points.count == 12)
    // Loading, error and places are content changes of one tab bar: the root is set once.
    #expect(tester.host.transcript.description.components(separatedBy: "setRoot").count == 2)
    await Self.end(tester)
  }

  @Test("the periodic refresh comes 60 s after the last answer, not sooner")
  func periodic() async throws {
    let tester = try await Self.connected()
    tester.dataSource.mode = .empty
    await tester.advanceTime(by: .seconds(59), operations: [])
    #expect(Self.nearby(tester.host)?.points.count == 12)
    await tester.advanceTime(by: .seconds(1), operations: [])
    tester.receive(.refresh) { $0.request = 2 }
    tester.receive(.loaded(request: 2, center: Self.kassel, [])) {
      $0.places = .loaded(center: Self.kassel, [])
    }
    tester.assertOperations([Self.map])
    #expect(Self.nearby(tester.host)?.title == "No chargers in this area")
    // A failed or empty answer is retried on the same schedule, so the map recovers alone.
    tester.dataSource.mode = .normal
    let found = try Self.nearest(Self.kassel)
    await tester.advanceTime(by: .seconds(60), operations: [])
    tester.receive(.refresh) {
      $0.request = 3
      $0.places = .loading  // no places to keep
    }
    tester.receive(.loaded(request: 3, center: Self.kassel, found)) {
      $0.places = .loaded(center: Self.kassel, found)
    }
    tester.assertOperations([Self.map, Self.map])
    #expect(Self.nearby(tester.host)?.points.count == 12)
    await Self.end(tester)
  }

  @Test("an answer to an older query is dropped when a newer one was asked")
  func staleAnswer() async throws {
    let clock = ManualClock()
    // Queries with a region (the driver's) answer after 1 s; the car's first query after 5 s.
    let tester = CarAppTester(
      app: PlacesDemo(stations: Self.delayed(clock) { $0.region == nil ? 5 : 1 }),
      state: PlacesDemo.State(), clock: clock)
    await tester.connect(operations: [Self.root]) { $0.request = 1 }
    let around = try #require(
      BoundingBox(enclosing: [
        Coordinate(latitude: 51.40, longitude: 9.62), Coordinate(latitude: 51.43, longitude: 9.68),
      ]))
    await tester.drive({ try $0.changeMapRegion(around) }, operations: []) {
      $0.region = around
      $0.request = 2
    }
    await tester.advanceTime(by: .seconds(1), operations: [])
    let münden = try Self.nearest(around.center, in: around)
    tester.receive(.loaded(request: 2, center: around.center, münden)) {
      $0.places = .loaded(center: around.center, münden)
    }
    tester.assertOperations([Self.map])
    #expect(Self.nearby(tester.host)?.points.count == 3)  // Hann. Münden's three sites
    await tester.advanceTime(by: .seconds(4), operations: [])
    // The late Kassel answer is dropped: no change, no operation.
    tester.receive(.loaded(request: 1, center: Self.kassel, try Self.nearest(Self.kassel)))
    #expect(Self.nearby(tester.host)?.points.count == 3)
    await Self.end(tester)
  }

  @Test("an answer that arrives after the car disconnected is dropped; reconnecting reloads")
  func disconnected() async throws {
    let clock = ManualClock()
    let tester = CarAppTester(
      app: PlacesDemo(stations: Self.delayed(clock) { _ in 2 }), state: PlacesDemo.State(),
      clock: clock)
    await tester.connect(operations: [Self.root]) { $0.request = 1 }
    await tester.disconnect { $0.request = 2 }
    await tester.advanceTime(by: .seconds(2), operations: [])
    #expect(tester.currentState.places == .loading)
    await tester.connect(operations: [Self.root]) { $0.request = 3 }
    await tester.advanceTime(by: .seconds(2), operations: [])
    let found = try Self.nearest(Self.kassel)
    tester.receive(.loaded(request: 3, center: Self.kassel, found)) {
      $0.places = .loaded(center: Self.kassel, found)
    }
    tester.assertOperations([Self.map])
    #expect(Self.nearby(tester.host)?.points.count == 12)
    await Self.end(tester)
  }

  @Test("a location update follows the car until the driver moves the map")
  func followsCar() async throws {
    let tester = try await Self.connected()
    let münden = try Self.nearest(Self.hannMünden)
    await tester.drive({ $0.moveTo(Self.hannMünden) }, operations: [Self.map]) {
      $0.car = Self.hannMünden
      $0.request = 2
    }
    tester.receive(.loaded(request: 2, center: Self.hannMünden, münden)) {
      $0.places = .loaded(center: Self.hannMünden, münden)
    }
    #expect(Self.nearby(tester.host)?.points.first?.subtitle == "Schloßplatz, Hann. Münden")
    let kasselBox = try #require(
      BoundingBox(enclosing: [
        Coordinate(latitude: 51.30, longitude: 9.46), Coordinate(latitude: 51.33, longitude: 9.50),
      ]))
    let inBox = try Self.nearest(kasselBox.center, in: kasselBox)
    await tester.drive({ try $0.changeMapRegion(kasselBox) }, operations: [Self.map]) {
      $0.region = kasselBox
      $0.request = 3
    }
    tester.receive(.loaded(request: 3, center: kasselBox.center, inBox)) {
      $0.places = .loaded(center: kasselBox.center, inBox)
    }
    // The driver's region wins: the car moves, no query starts.
    await tester.drive({ $0.moveTo(Self.berlin) }, operations: []) { $0.car = Self.berlin }
    let poi = try #require(Self.nearby(tester.host))
    #expect(poi.points.count == 11)  // the register's sites in the driver's box, not Berlin's none
    #expect(poi.points.allSatisfy { kasselBox.contains($0.location) })
    await Self.end(tester)
  }

  @Test("Details pushes the register's fields and Navigate there hands off the real coordinate")
  func details() async throws {
    let tester = try await Self.connected()
    let id: ElementID = "bnetza2026fast-87b5393920f4549d"
    await tester.drive({ try $0.selectPoint(id) }, operations: []) {
      $0.selected = Station.ID(id.rawValue)
    }
    let station = try #require(tester.currentState.stations.first { $0.id.rawValue == id.rawValue })
    await tester.drive(
      { try $0.pressPointButton(primary: false) },
      operations: [.push(.information, TemplateID("details-\(id.rawValue)"))]
    ) {
      $0.details = station
    }
    guard case .information(let info)? = tester.host.topTemplate?.content else {
      Issue.record(
        "expected the information template on top, got \(String(describing: tester.host.topTemplate))")
      return
    }
    #expect(info.title == "Städtische Werke AG")
    let rows = Dictionary(
      uniqueKeysWithValues: info.items.map { ($0.title ?? "", $0.detail ?? "") })
    #expect(rows["Address"] == "Goethestr. 23, 34119 Kassel")
    #expect(rows["Power"] == "up to 150 kW")
    #expect(rows["Charge points"] == "2")
    #expect(rows["Position"] == "51.313831,9.474081")
    #expect(rows["Source"]?.hasSuffix("2026-01-28") == true)
    #expect(info.items.count <= FixedLimits.informationItems)
    await tester.drive({ try $0.press("navigate") }, operations: [])
    #expect(
      tester.host.openedURLs.last?.absoluteString
        == "https://maps.apple.com/?daddr=51.313831,9.474081&q=St%C3%A4dtische%20Werke%20AG&dirflg=d"
    )
    await Self.end(tester)
  }

  @Test("every sample screen of the demo passes the lint for its category")
  func lint() {
    let configuration = SessionConfiguration()
    let screens = PlacesDemo.demo.sampleScreens(configuration)
    #expect(screens.count == 6)  // loaded, selected, details, empty, failed, loading
    for screen in screens {
      let findings = CarLint.validate(
        screen: screen, entitlements: PlacesDemo.entitlements, configuration: configuration)
      #expect(findings.filter { $0.severity != .note }.isEmpty, "\(findings)")
    }
  }
}
