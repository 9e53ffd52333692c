import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Charging
import Geo
import KitDemos
import Testing

@MainActor
@Suite("CarSession: events in, reconciled operations out")
struct CarSessionTests {
  @Test("a progress tick produces only in-place updates, no root replacement")
  func progressTick() async throws {
    let tester = CarAppTester(app: NowPlayingDemo(), state: NowPlayingDemo.State())
    await tester.connect(operations: [.setRoot(.list, "library")])
    await tester.drive(
      { try $0.tapRow("news") },
      operations: [.update(.list, "library"), .push(.nowPlaying, "now-playing")]
    ) {
      $0.playing = "news"
      $0.showsNowPlaying = true
    }
    #expect(tester.host.topTemplate?.kind == .nowPlaying)
    await tester.advanceTime(by: .seconds(3), operations: [])
    for second in 1...3 { tester.receive(.tick) { $0.elapsed = second } }
    let ops = tester.unassertedHostOperations
    #expect(ops.count == 6)  // library row progress + Now Playing info, three ticks
    #expect(ops.allSatisfy { $0.isInPlaceUpdate })
    tester.assertOperations(
      Array(repeating: [.update(.list, "library"), .update(.nowPlaying, "now-playing")], count: 3)
        .flatMap { $0 })
    #expect(tester.currentState.elapsed == 3)
    #expect(!tester.host.transcript.description.contains("down"))  // Now Playing never torn down
    await tester.disconnect()
    await tester.finish()
  }

  @Test("new points after a map-region change are patched in place")
  func newPoints() async throws {
    let tester = try await PlacesDemoTests.connected()
    // Baunatal, south-west of Kassel: the register has more than 12 fast chargers there.
    let baunatal = try #require(
      BoundingBox(enclosing: [
        Coordinate(latitude: 51.22, longitude: 9.36), Coordinate(latitude: 51.29, longitude: 9.47),
      ]))
    let request = tester.currentState.request
    let found = try PlacesDemoTests.nearest(baunatal.center, in: baunatal)
    await tester.drive(
      { try $0.changeMapRegion(baunatal) }, operations: [.update(.pointOfInterest, "nearby")]
    ) {
      $0.region = baunatal
      $0.request = request + 1
    }
    tester.receive(.loaded(request: request + 1, center: baunatal.center, found)) {
      $0.places = .loaded(center: baunatal.center, found)
    }
    let ops = tester.host.transcript.entries.suffix(2).compactMap { entry -> HostOperation? in
      if case .operation(let op, _) = entry { return op }
      return nil
    }
    guard case .update(let map)? = ops.last, case .pointOfInterest(let poi) = map.content else {
      Issue.record("expected one update of the map, got \(ops)")
      return
    }
    #expect(poi.points.count == 12)
    #expect(poi.points.allSatisfy { baunatal.contains($0.location) })  // all in the new region
    await PlacesDemoTests.end(tester)
  }

  @Test("pushing past the category's depth is refused before it reaches the host")
  func depthRefusedBeforeHost() async throws {
    let tester = CarAppTester(app: TabsDemo(), state: TabsDemo.State())
    await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
    var path: [ElementID] = []
    for _ in 0..<4 {
      path.append("more")
      let id = TemplateID((["recent"] + path.map(\.rawValue)).joined(separator: "/"))
      await tester.drive({ try $0.tapRow("more") }, operations: [.push(.list, id)]) {
        $0.paths[0] = path
      }
    }
    // The fifth level would make the audio app 6 deep: the session refuses it.
    await tester.drive({ try $0.tapRow("more") }, operations: []) {
      $0.paths[0] = path + ["more"]
    }
    // Refused before the host (S001), and the screen the app wanted breaks the depth rule.
    tester.claim(Diagnostic.depthRefusedID, "CP007")
    #expect(tester.host.appState == .running)  // the host never threw
    #expect(tester.host.depth == 5)  // tab bar + 4 pushes (audio, depth 5)
    #expect(tester.session.diagnostics.map(\.ruleID) == [Diagnostic.depthRefusedID])
    #expect(!tester.host.transcript.description.contains("THROW"))
    await tester.finish()
  }

  @Test("a back press from the host updates the session's state")
  func backFlowsIntoState() async throws {
    let tester = CarAppTester(app: ListDetailDemo(), state: ListDetailDemo.initialState)
    await tester.connect(operations: [.setRoot(.list, "chargers")])
    await tester.drive(
      { try $0.tapRow("kassel-hbf") }, operations: [.push(.information, "detail-kassel-hbf")]
    ) {
      $0.selected = "kassel-hbf"
    }
    // The host already popped; nothing to redo.
    await tester.drive({ try $0.back() }, operations: []) { $0.selected = nil }
    #expect(tester.session.diagnostics.isEmpty)
    await tester.finish()
  }

  @Test("a tab switch by the driver updates the state and keeps each tab's stack")
  func tabSwitch() async throws {
    let tester = CarAppTester(app: TabsDemo(), state: TabsDemo.State())
    await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
    await tester.drive({ try $0.tapRow("item-1") }, operations: [.push(.list, "recent/item-1")]) {
      $0.paths[0] = ["item-1"]
    }
    await tester.drive({ try $0.selectTab(1) }, operations: []) { $0.selectedTab = 1 }
    #expect(tester.host.templates.map(\.id) == ["stations"])
    await tester.drive({ try $0.selectTab(0) }, operations: []) { $0.selectedTab = 0 }
    #expect(tester.host.templates.map(\.id) == ["recent", "recent/item-1"])
    #expect(tester.session.diagnostics.isEmpty)
    await tester.finish()
  }

  @Test("an app that ignores back is diagnosed and the host's screen is kept")
  func ignoredBack() async throws {
    let tester = CarAppTester(app: RuleBreakerDemo(), state: RuleBreakerDemo.State())
    await tester.connect(operations: [.setRoot(.list, "rules")])
    await tester.drive({ try $0.tapRow("forget-back") }, operations: [.push(.list, "sticky")]) {
      $0.sticky = true
    }
    await tester.drive({ try $0.back() }, operations: [])
    tester.claim(Diagnostic.ignoredHostChangeID)
    #expect(tester.session.diagnostics.map(\.ruleID) == [Diagnostic.ignoredHostChangeID])
    #expect(tester.host.topTemplate?.id == "rules")
    await tester.finish()
  }

  @Test("the alert's action flows back: the modal is not presented again")
  func alertFlowsBack() async throws {
    let tester = CarAppTester(app: ListDetailDemo(), state: ListDetailDemo.initialState)
    await tester.connect(operations: [.setRoot(.list, "chargers")])
    await tester.drive(
      { try $0.tapRow("wilhelmshoehe") }, operations: [.push(.information, "detail-wilhelmshoehe")]
    ) {
      $0.selected = "wilhelmshoehe"
    }
    await tester.drive({ try $0.press("start") }, operations: [.present(.alert, "confirm-start")]) {
      $0.confirming = true
    }
    #expect(tester.host.presentedTemplate?.id == "confirm-start")
    await tester.drive(
      { try $0.choose("confirm") },
      operations: [.update(.list, "chargers"), .update(.information, "detail-wilhelmshoehe")]
    ) {
      $0.confirming = false
      $0.charging = "wilhelmshoehe"
    }
    #expect(tester.host.presentedTemplate == nil)
    #expect(tester.session.diagnostics.isEmpty)
    await tester.finish()
  }

  @Test("disconnect then reconnect rebuilds the screen from state with a new root")
  func reconnect() async throws {
    let tester = CarAppTester(app: ListDetailDemo(), state: ListDetailDemo.initialState)
    let configuration = SessionConfiguration()
    await tester.connect(configuration, operations: [.setRoot(.list, "chargers")])
    await tester.drive(
      { try $0.tapRow("auestadion") }, operations: [.push(.information, "detail-auestadion")]
    ) {
      $0.selected = "auestadion"
    }
    await tester.disconnect()
    #expect(tester.host.screen == nil)
    await tester.connect(
      configuration,
      operations: [.setRoot(.list, "chargers"), .push(.information, "detail-auestadion")])
    #expect(tester.host.topTemplate?.id == "detail-auestadion")
    await tester.finish()
  }

  @Test("a row is completed after the screen it caused is on the host")
  func completionAfterRender() async throws {
    let tester = CarAppTester(app: ListDetailDemo(), state: ListDetailDemo.initialState)
    await tester.connect(operations: [.setRoot(.list, "chargers")])
    await tester.drive(
      { try $0.tapRow("kassel-hbf") }, operations: [.push(.information, "detail-kassel-hbf")]
    ) {
      $0.selected = "kassel-hbf"
    }
    #expect(tester.host.spinners.isEmpty)
    let lines = tester.host.transcript.entries.map(\.description)
    let push = try #require(lines.firstIndex { $0.hasPrefix("op     push") })
    let done = try #require(lines.firstIndex { $0.hasPrefix("done") })
    #expect(push < done)
    await tester.finish()
  }

  @Test("a slow load keeps its row spinning until it finishes, and the host diagnoses it")
  func slowLoad() async throws {
    let tester = CarAppTester(app: RuleBreakerDemo(), state: RuleBreakerDemo.State())
    await tester.connect(operations: [.setRoot(.list, "rules")])
    await tester.drive({ try $0.tapRow("slow") }, operations: [])
    #expect(tester.host.spinners.count == 1)
    await tester.advanceTime(by: .seconds(6), operations: [])
    #expect(tester.host.transcript.description.contains(Diagnostic.spinnerTimeoutID))
    tester.claim(Diagnostic.spinnerTimeoutID)
    await tester.advanceTime(by: .seconds(3), operations: [])
    tester.receive(.loaded) { $0.loaded = true }
    tester.assertOperations([.update(.list, "rules")])
    #expect(tester.host.spinners.isEmpty)
    #expect(tester.host.transcript.description.contains("completed after 9s"))
    await tester.finish()
  }

  @Test("opening Maps from a point's card is recorded by the host")
  func mapsHandOff() async throws {
    let tester = try await PlacesDemoTests.connected()
    let tesla: ElementID = "bnetza2026fast-eab510a0253cd175"  // Tesla, Neue Fahrt 9, Kassel
    await tester.drive({ try $0.selectPoint(tesla) }, operations: []) {
      $0.selected = Station.ID(tesla.rawValue)
    }
    await tester.drive({ try $0.pressPointButton(primary: true) }, operations: [])
    #expect(
      tester.host.openedURLs.map(\.absoluteString) == [
        "https://maps.apple.com/?daddr=51.31395,9.493433&q=Tesla%20Germany%20GmbH&dirflg=d"
      ])
    await PlacesDemoTests.end(tester)
  }

  @Test("a template the category forbids reaches the host, which terminates the app")
  func forbiddenTemplate() async throws {
    let tester = CarAppTester(app: RuleBreakerDemo(), state: RuleBreakerDemo.State())
    await tester.connect(operations: [.setRoot(.list, "rules")])
    await tester.drive({ try $0.tapRow("now-playing") }, operations: []) { $0.nowPlaying = true }
    tester.claim("NSInvalidArgumentException", Diagnostic.terminatedID, "CP001")
    guard case .terminated(let exception) = tester.host.appState else {
      Issue.record("expected termination, got \(tester.host.appState)")
      return
    }
    #expect(exception.name == .invalidArgument)
    #expect(tester.session.diagnostics.map(\.ruleID) == [Diagnostic.terminatedID])
    await tester.finish()
  }
}
