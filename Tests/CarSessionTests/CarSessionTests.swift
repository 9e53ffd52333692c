import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Geo
import KitDemos
import Testing

/// A session of a demo app against the emulated host, on a manual clock.
@MainActor
struct Harness<App: CarApp> {
  let clock: ManualClock
  let location = LocationBox()
  let dataSource = DataSourceModeBox()
  let host: CarSimulator
  let session: CarSession<App>

  init(_ app: App, _ state: App.State, clock: ManualClock = ManualClock()) {
    self.clock = clock
    let clients = CarClients.test(clock: clock, location: location, dataSource: dataSource,
      reportIssue: .failingTest())
    host = CarSimulator(for: App.self, clients: clients, location: location)
    session = CarSession(app: app, state: state, host: host, clients: clients)
  }

  /// The operations the host performed after entry `index` of the transcript.
  func operations(since index: Int) -> [HostOperation] {
    host.transcript.entries[index...].compactMap {
      if case .operation(let op, _) = $0 { return op }
      return nil
    }
  }

  var mark: Int { host.transcript.entries.count }
}

@MainActor
@Suite("CarSession: events in, reconciled operations out")
struct CarSessionTests {
  @Test("a progress tick produces only in-place updates, no root replacement")
  func progressTick() throws {
    let h = Harness(NowPlayingDemo(), NowPlayingDemo.State())
    h.host.connect(SessionConfiguration())
    try h.host.tapRow("news")
    #expect(h.host.topTemplate?.kind == .nowPlaying)
    let mark = h.mark
    h.session.advanceClock(by: .seconds(3))
    let ops = h.operations(since: mark)
    #expect(ops.count == 6)  // library row progress + Now Playing info, three ticks
    #expect(ops.allSatisfy { $0.isInPlaceUpdate })
    #expect(h.session.state.elapsed == 3)
    #expect(!h.host.transcript.description.contains("down"))  // Now Playing never torn down
  }

  @Test("new points after a map-region change are patched in place")
  func newPoints() async throws {
    let h = Harness(PlacesDemo(), PlacesDemo.State())
    h.host.connect(SessionConfiguration())
    await h.session.settle()
    let mark = h.mark
    // Baunatal, south-west of Kassel: the register has more than 12 fast chargers there.
    let baunatal = try #require(
      BoundingBox(enclosing: [
        Coordinate(latitude: 51.22, longitude: 9.36), Coordinate(latitude: 51.29, longitude: 9.47),
      ]))
    try h.host.changeMapRegion(baunatal)
    await h.session.settle()
    let ops = h.operations(since: mark)
    #expect(ops.count == 1)
    guard case .update(let map)? = ops.first, case .pointOfInterest(let poi) = map.content else {
      Issue.record("expected one update of the map, got \(ops)")
      return
    }
    #expect(poi.points.count == 12)
    #expect(poi.points.allSatisfy { baunatal.contains($0.location) })  // all in the new region
  }

  @Test("pushing past the category's depth is refused before it reaches the host")
  func depthRefusedBeforeHost() throws {
    let h = Harness(TabsDemo(), TabsDemo.State())
    h.host.connect(SessionConfiguration())
    for _ in 0..<5 { try h.host.tapRow("more") }
    #expect(h.host.appState == .running)  // the host never threw
    #expect(h.host.depth == 5)  // tab bar + 4 pushes (audio, depth 5)
    #expect(h.session.diagnostics.map(\.ruleID) == [Diagnostic.depthRefusedID])
    #expect(!h.host.transcript.description.contains("THROW"))
  }

  @Test("a back press from the host updates the session's state")
  func backFlowsIntoState() throws {
    let h = Harness(ListDetailDemo(), ListDetailDemo.initialState)
    h.host.connect(SessionConfiguration())
    try h.host.tapRow("kassel-hbf")
    #expect(h.session.state.selected == "kassel-hbf")
    let mark = h.mark
    try h.host.back()
    #expect(h.session.state.selected == nil)
    #expect(h.operations(since: mark).isEmpty)  // the host already popped; nothing to redo
    #expect(h.session.diagnostics.isEmpty)
  }

  @Test("a tab switch by the driver updates the state and keeps each tab's stack")
  func tabSwitch() throws {
    let h = Harness(TabsDemo(), TabsDemo.State())
    h.host.connect(SessionConfiguration())
    try h.host.tapRow("item-1")
    try h.host.selectTab(1)
    #expect(h.session.state.selectedTab == 1)
    #expect(h.host.templates.map(\.id) == ["stations"])
    try h.host.selectTab(0)
    #expect(h.host.templates.map(\.id) == ["recent", "recent/item-1"])
    #expect(h.session.diagnostics.isEmpty)
  }

  @Test("an app that ignores back is diagnosed and the host's screen is kept")
  func ignoredBack() throws {
    let h = Harness(RuleBreakerDemo(), RuleBreakerDemo.State())
    h.host.connect(SessionConfiguration())
    try h.host.tapRow("forget-back")
    let mark = h.mark
    try h.host.back()
    #expect(h.operations(since: mark).isEmpty)
    #expect(h.session.diagnostics.map(\.ruleID) == [Diagnostic.ignoredHostChangeID])
    #expect(h.host.topTemplate?.id == "rules")
  }

  @Test("the alert's action flows back: the modal is not presented again")
  func alertFlowsBack() throws {
    let h = Harness(ListDetailDemo(), ListDetailDemo.initialState)
    h.host.connect(SessionConfiguration())
    try h.host.tapRow("wilhelmshoehe")
    try h.host.press("start")
    #expect(h.host.presentedTemplate?.id == "confirm-start")
    try h.host.choose("confirm")
    #expect(h.host.presentedTemplate == nil)
    #expect(h.session.state.charging == "wilhelmshoehe")
    #expect(h.session.diagnostics.isEmpty)
  }

  @Test("disconnect then reconnect rebuilds the screen from state with a new root")
  func reconnect() throws {
    let h = Harness(ListDetailDemo(), ListDetailDemo.initialState)
    let configuration = SessionConfiguration()
    h.host.connect(configuration)
    try h.host.tapRow("auestadion")
    h.host.disconnect()
    #expect(h.host.screen == nil)
    let mark = h.mark
    h.host.connect(configuration)
    #expect(h.operations(since: mark).map(\.methodName) == ["setRootTemplate", "pushTemplate"])
    #expect(h.host.topTemplate?.id == "detail-auestadion")
  }

  @Test("a row is completed after the screen it caused is on the host")
  func completionAfterRender() throws {
    let h = Harness(ListDetailDemo(), ListDetailDemo.initialState)
    h.host.connect(SessionConfiguration())
    try h.host.tapRow("kassel-hbf")
    #expect(h.host.spinners.isEmpty)
    let lines = h.host.transcript.entries.map(\.description)
    let push = try #require(lines.firstIndex { $0.hasPrefix("op     push") })
    let done = try #require(lines.firstIndex { $0.hasPrefix("done") })
    #expect(push < done)
  }

  @Test("a slow load keeps its row spinning until it finishes, and the host diagnoses it")
  func slowLoad() async throws {
    let h = Harness(RuleBreakerDemo(), RuleBreakerDemo.State())
    h.host.connect(SessionConfiguration())
    try h.host.tapRow("slow")
    await h.session.settle()
    #expect(h.host.spinners.count == 1)
    h.session.advanceClock(by: .seconds(6))
    h.host.checkSpinners()
    #expect(h.host.transcript.description.contains(Diagnostic.spinnerTimeoutID))
    h.session.advanceClock(by: .seconds(3))
    await h.session.settle()
    #expect(h.host.spinners.isEmpty)
    #expect(h.session.state.loaded)
    #expect(h.host.transcript.description.contains("completed after 9s"))
  }

  @Test("opening Maps from a point's card is recorded by the host")
  func mapsHandOff() async throws {
    let h = Harness(PlacesDemo(), PlacesDemo.State())
    h.host.connect(SessionConfiguration())
    await h.session.settle()
    try h.host.selectPoint("bnetza2026fast-eab510a0253cd175")  // Tesla, Neue Fahrt 9, Kassel
    try h.host.pressPointButton(primary: true)
    #expect(
      h.host.openedURLs.map(\.absoluteString) == [
        "https://maps.apple.com/?daddr=51.31395,9.493433&q=Tesla%20Germany%20GmbH&dirflg=d"
      ])
  }

  @Test("a template the category forbids reaches the host, which terminates the app")
  func forbiddenTemplate() throws {
    let h = Harness(RuleBreakerDemo(), RuleBreakerDemo.State())
    h.host.connect(SessionConfiguration())
    try h.host.tapRow("now-playing")
    guard case .terminated(let exception) = h.host.appState else {
      Issue.record("expected termination, got \(h.host.appState)")
      return
    }
    #expect(exception.name == .invalidArgument)
    #expect(h.session.diagnostics.map(\.ruleID) == [Diagnostic.terminatedID])
  }
}
