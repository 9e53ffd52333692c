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

  /// A harness connected to the car, its first answer in.
  static func connected(_ demo: PlacesDemo = PlacesDemo()) async -> Harness<PlacesDemo> {
    let h = Harness(demo, PlacesDemo.State())
    h.host.connect(SessionConfiguration())
    await h.session.settle()
    return h
  }

  @Test("the map shows the 12 register sites nearest the car with operator, street and power")
  func nearest() async throws {
    let h = await Self.connected()
    let poi = try #require(Self.nearby(h.host))
    #expect(poi.title == "Nearby chargers")
    #expect(poi.points.count == FixedLimits.pointsOfInterest)
    let first = try #require(poi.points.first)
    #expect(first.title == "Glinicke Energie+Service GmbH")
    #expect(first.subtitle == "Königstor 61, Kassel")
    #expect(first.summary == "0.2 km · 50 kW")
    #expect(first.location == Coordinate(latitude: 51.313072, longitude: 9.47751))
    #expect(poi.points.map(\.primaryButton?.title) == Array(repeating: "Navigate", count: 12))
    #expect(poi.points.map(\.secondaryButton?.title) == Array(repeating: "Details", count: 12))
  }

  @Test("queries use the phone's position from the location client, periodic ones too")
  func carLocation() async throws {
    let h = Harness(PlacesDemo(), PlacesDemo.State())
    h.location.coordinate = Self.hannMünden
    h.host.connect(SessionConfiguration())
    await h.session.settle()
    let poi = try #require(Self.nearby(h.host))
    #expect(poi.points.first?.subtitle == "Schloßplatz, Hann. Münden")
    // The periodic refresh asks around the same position, not the default centre.
    h.session.advanceClock(by: PlacesDemo.refreshInterval)
    await h.session.settle()
    #expect(Self.nearby(h.host)?.points.first?.subtitle == "Schloßplatz, Hann. Münden")
    #expect(h.session.state.car == Self.hannMünden)
  }

  @Test("until the first answer arrives the map says Loading chargers…")
  func loading() async throws {
    let clock = ManualClock()
    let bundled = PlacesClient<Station>.bundledKasselFastChargers
    let slow = PlacesClient<Station>(name: "slow") { query in
      await clock.sleep(until: clock.now + .seconds(2))
      return try await bundled.near(query)
    }
    let h = Harness(PlacesDemo(stations: slow), PlacesDemo.State(), clock: clock)
    h.host.connect(SessionConfiguration())
    await h.session.settle()
    #expect(Self.nearby(h.host)?.title == "Loading chargers…")
    #expect(Self.nearby(h.host)?.points.isEmpty == true)
    h.session.advanceClock(by: .seconds(2))
    await h.session.settle()
    #expect(Self.nearby(h.host)?.title == "Nearby chargers")
    #expect(Self.nearby(h.host)?.points.count == 12)
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
    let h = await Self.connected()
    h.dataSource.mode = row.mode
    h.host.moveTo(Coordinate(latitude: row.latitude, longitude: row.longitude))
    await h.session.settle()
    let poi = try #require(Self.nearby(h.host))
    #expect(poi.title == "No chargers in this area")
    #expect(poi.points.isEmpty)
    #expect(poi.navigationBar.trailing.isEmpty)
  }

  @Test("a failing source shows the error with Retry; Retry after recovery brings the places back")
  func failureAndRetry() async throws {
    let h = await Self.connected()
    h.dataSource.mode = .failing
    h.host.moveTo(Self.kassel)
    await h.session.settle()
    var poi = try #require(Self.nearby(h.host))
    #expect(poi.title == "Chargers can't be loaded right now")
    #expect(poi.points.isEmpty)
    #expect(poi.navigationBar.trailing.map(\.title) == ["Retry"])
    guard case .failed(let message) = h.session.state.places else {
      Issue.record("expected the failed state, got \(h.session.state.places)")
      return
    }
    #expect(message.contains("the data source is set to fail"))
    try h.host.press("retry")
    await h.session.settle()
    #expect(Self.nearby(h.host)?.title == "Chargers can't be loaded right now")
    h.dataSource.mode = .normal
    try h.host.press("retry")
    await h.session.settle()
    poi = try #require(Self.nearby(h.host))
    #expect(poi.title == "Nearby chargers")
    #expect(poi.points.count == 12)
    // Loading, error and places are content changes of one tab bar: the root is set once.
    #expect(h.host.transcript.description.components(separatedBy: "setRoot").count == 2)
  }

  @Test("the periodic refresh comes 60 s after the last answer, not sooner")
  func periodic() async throws {
    let h = await Self.connected()
    h.dataSource.mode = .empty
    h.session.advanceClock(by: .seconds(59))
    await h.session.settle()
    #expect(Self.nearby(h.host)?.points.count == 12)
    h.session.advanceClock(by: .seconds(1))
    await h.session.settle()
    #expect(Self.nearby(h.host)?.title == "No chargers in this area")
    // A failed or empty answer is retried on the same schedule, so the map recovers alone.
    h.dataSource.mode = .normal
    h.session.advanceClock(by: .seconds(60))
    await h.session.settle()
    #expect(Self.nearby(h.host)?.points.count == 12)
  }

  @Test("an answer to an older query is dropped when a newer one was asked")
  func staleAnswer() async throws {
    let clock = ManualClock()
    let bundled = PlacesClient<Station>.bundledKasselFastChargers
    // Queries with a region (the driver's) answer after 1 s; the car's first query after 5 s.
    let uneven = PlacesClient<Station>(name: "uneven") { query in
      await clock.sleep(until: clock.now + .seconds(query.region == nil ? 5 : 1))
      return try await bundled.near(query)
    }
    let h = Harness(PlacesDemo(stations: uneven), PlacesDemo.State(), clock: clock)
    h.host.connect(SessionConfiguration())
    await h.session.settle()
    let around = try #require(
      BoundingBox(enclosing: [
        Coordinate(latitude: 51.40, longitude: 9.62), Coordinate(latitude: 51.43, longitude: 9.68),
      ]))
    try h.host.changeMapRegion(around)
    await h.session.settle()
    h.session.advanceClock(by: .seconds(1))
    await h.session.settle()
    #expect(Self.nearby(h.host)?.points.count == 3)  // Hann. Münden's three sites
    h.session.advanceClock(by: .seconds(4))
    await h.session.settle()
    #expect(Self.nearby(h.host)?.points.count == 3)  // the late Kassel answer was dropped
  }

  @Test("an answer that arrives after the car disconnected is dropped; reconnecting reloads")
  func disconnected() async throws {
    let clock = ManualClock()
    let bundled = PlacesClient<Station>.bundledKasselFastChargers
    let slow = PlacesClient<Station>(name: "slow") { query in
      await clock.sleep(until: clock.now + .seconds(2))
      return try await bundled.near(query)
    }
    let h = Harness(PlacesDemo(stations: slow), PlacesDemo.State(), clock: clock)
    h.host.connect(SessionConfiguration())
    await h.session.settle()
    h.host.disconnect()
    h.session.advanceClock(by: .seconds(2))
    await h.session.settle()
    #expect(h.session.state.places == .loading)
    h.host.connect(SessionConfiguration())
    await h.session.settle()
    h.session.advanceClock(by: .seconds(2))
    await h.session.settle()
    #expect(Self.nearby(h.host)?.points.count == 12)
  }

  @Test("a location update follows the car until the driver moves the map")
  func followsCar() async throws {
    let h = await Self.connected()
    h.host.moveTo(Self.hannMünden)
    await h.session.settle()
    #expect(Self.nearby(h.host)?.points.first?.subtitle == "Schloßplatz, Hann. Münden")
    let kasselBox = try #require(
      BoundingBox(enclosing: [
        Coordinate(latitude: 51.30, longitude: 9.46), Coordinate(latitude: 51.33, longitude: 9.50),
      ]))
    try h.host.changeMapRegion(kasselBox)
    await h.session.settle()
    h.host.moveTo(Self.berlin)
    await h.session.settle()
    let poi = try #require(Self.nearby(h.host))
    #expect(poi.points.count == 11)  // the register's sites in the driver's box, not Berlin's none
    #expect(poi.points.allSatisfy { kasselBox.contains($0.location) })
  }

  @Test("Details pushes the register's fields and Navigate there hands off the real coordinate")
  func details() async throws {
    let h = await Self.connected()
    try h.host.selectPoint("bnetza2026fast-87b5393920f4549d")
    try h.host.pressPointButton(primary: false)
    await h.session.settle()
    guard case .information(let info)? = h.host.topTemplate?.content else {
      Issue.record(
        "expected the information template on top, got \(String(describing: h.host.topTemplate))")
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
    try h.host.press("navigate")
    #expect(
      h.host.openedURLs.last?.absoluteString
        == "https://maps.apple.com/?daddr=51.313831,9.474081&q=St%C3%A4dtische%20Werke%20AG&dirflg=d"
    )
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
