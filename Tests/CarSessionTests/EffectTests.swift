import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Geo
import KitDemos
import Testing

/// A probe app whose every action starts one kind of effect, to test the session's effects.
struct EffectProbe: CarApp {
  struct State: Equatable, Sendable {
    var loads: [String] = []
    var positions: [Coordinate] = []
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case load(String, seconds: Int)
    case loaded(String)
    case follow
    case moved(Coordinate)
    case tick
    case startTimer
    case cancel(String)
    case progress(String, steps: Int)
  }

  static let entitlements = CarEntitlements.single(.evCharging)
  static let name = "Probe"

  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .load(let name, let seconds):
      return [
        .run(id: "load") { clients, send in
          await clients.clock.sleep(.seconds(seconds))
          await send(.loaded(name))
        }
      ]
    case .loaded(let name):
      state.loads.append(name)
      return []
    case .follow:
      return [
        .run(id: "follow") { clients, send in
          for await position in clients.location.updates() { await send(.moved(position)) }
        }
      ]
    case .moved(let position):
      state.positions.append(position)
      return []
    case .startTimer:
      return [.schedule(id: "load", after: .seconds(10), .tick)]
    case .tick:
      state.ticks += 1
      return []
    case .cancel(let id):
      return [.cancel(id: id)]
    case .progress(let name, let steps):
      return [
        .run(id: "progress") { clients, send in
          for step in 1...steps {
            await clients.clock.sleep(.seconds(1))
            await send(.loaded("\(name) \(step)"))
          }
        }
      ]
    }
  }

  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let rows = state.loads.enumerated().map { index, name in
      ListItemSpec(id: ElementID("row-\(index)"), text: name)
    }
    return CarScreen(
      root: .list(
        "probe",
        ListTemplateSpec(
          title: "Probe \(state.positions.count) \(state.ticks)",
          sections: [ListSectionSpec(items: rows)])))
  }

  func action(for event: HostEvent, in state: State) -> Action? { nil }
}

@MainActor
@Suite("Effects: cancellation by id, work that sends many actions, streams, disconnect")
struct EffectTests {
  @Test("a new run with the same id cancels the old one, whose result never arrives")
  func newRunCancelsOld() async {
    let tester = CarAppTester(app: EffectProbe(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.send(.load("slow", seconds: 30))
    await tester.send(.load("fast", seconds: 5))
    #expect(tester.session.runningEffectIDs == ["load"])
    await tester.advanceTime(by: .seconds(60))
    tester.receive(.loaded("fast")) { $0.loads = ["fast"] }
    tester.assertOperations([.update(.list, "probe")])
    await tester.finish()
  }

  @Test("cancel(id:) cancels runs and timers alike")
  func cancelCancelsRunsAndTimers() async {
    let tester = CarAppTester(app: EffectProbe(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.send(.load("a", seconds: 5))
    await tester.send(.cancel("load"))
    #expect(tester.session.runningEffectCount == 0)
    await tester.send(.startTimer)
    #expect(tester.session.runningEffectIDs == ["load"])
    await tester.send(.cancel("load"))
    await tester.advanceTime(by: .seconds(60))
    #expect(tester.currentState == EffectProbe.State())
    await tester.finish()
  }

  @Test("a timer and a run with the same id replace each other")
  func timerReplacesRun() async {
    let tester = CarAppTester(app: EffectProbe(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.send(.load("a", seconds: 5))
    await tester.send(.startTimer)
    await tester.advanceTime(by: .seconds(10))
    tester.receive(.tick) { $0.ticks = 1 }
    tester.assertOperations([.update(.list, "probe")])
    await tester.finish()
  }

  @Test("work sends any number of actions, each shown in place")
  func workSendsManyActions() async {
    let tester = CarAppTester(app: EffectProbe(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.send(.progress("step", steps: 3))
    for step in 1...3 {
      await tester.advanceTime(by: .seconds(1))
      tester.receive(.loaded("step \(step)")) { $0.loads.append("step \(step)") }
      tester.assertOperations([.update(.list, "probe")])
    }
    await tester.finish()
  }

  @Test(
    "a location stream delivers every update and ends when the car disconnects",
    .timeLimit(.minutes(1)))
  func streamEndsOnDisconnect() async {
    let tester = CarAppTester(app: EffectProbe(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.send(.follow)
    let kassel = Coordinate(latitude: 51.31, longitude: 9.48)
    let hamburg = Coordinate(latitude: 53.55, longitude: 9.99)
    tester.location.coordinate = kassel
    await tester.session.settle()
    tester.receive(.moved(kassel)) { $0.positions = [kassel] }
    tester.location.coordinate = hamburg
    await tester.session.settle()
    tester.receive(.moved(hamburg)) { $0.positions = [kassel, hamburg] }
    tester.assertOperations([.update(.list, "probe"), .update(.list, "probe")])
    #expect(tester.location.events.subscriberCount == 1)
    await tester.disconnect()
    tester.location.coordinate = kassel
    await tester.session.settle()
    #expect(tester.currentState.positions == [kassel, hamburg])
    // The cancelled iteration gives up its subscription: the event the test waits for.
    await tester.location.events.waitForSubscribers(atMost: 0)
    #expect(tester.location.events.subscriberCount == 0)
    await tester.finish()
  }

  @Test("100 connect/disconnect cycles with loads in flight: nothing reaches the host afterwards")
  func disconnectStorm() async {
    let clock = ManualClock()
    let location = LocationBox()
    let host = CarSimulator(
      for: EffectProbe.self, clients: .test(clock: clock, location: location,
        reportIssue: .failingTest()), location: location)
    let session = CarSession(
      app: EffectProbe(), state: .init(), host: host,
      clients: .test(clock: clock, location: location, reportIssue: .failingTest()))
    for cycle in 0..<100 {
      host.connect(SessionConfiguration())
      session.send(.load("cycle \(cycle)", seconds: 1 + cycle % 3))
      session.send(.progress("p\(cycle)", steps: 5))
      session.send(.follow)
      session.send(.startTimer)
      if cycle % 2 == 0 { location.coordinate = Coordinate(latitude: 50, longitude: 8) }
      await session.settle()
      host.disconnect()
      let mark = host.transcript.totalCount
      #expect(session.runningEffectCount == 0)
      session.advanceClock(by: .seconds(30))
      location.coordinate = Coordinate(latitude: 51, longitude: 9)
      await session.settle()
      let after = host.transcript.entries.suffix(host.transcript.totalCount - mark)
      #expect(after.isEmpty, "cycle \(cycle): \(after.map(\.description))")
    }
    #expect(session.state.loads.isEmpty)
  }

  @Test("sending after disconnect reaches neither the state's effects nor the host")
  func sendAfterDisconnect() async {
    let tester = CarAppTester(app: EffectProbe(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.disconnect()
    await tester.send(.load("late", seconds: 1), operations: [])
    await tester.send(.startTimer, operations: [])
    #expect(tester.session.runningEffectCount == 0)
    await tester.finish()
  }
}

@MainActor
@Suite("The host's word: ignored system changes are reported for every kind")
struct IgnoredHostChangeTests {
  /// A points-of-interest app that ignores the driver's point selection.
  struct DeafPlaces: CarApp {
    struct State: Equatable, Sendable {}
    enum Action: Sendable { case none }
    static let entitlements = CarEntitlements.single(.evCharging)
    static let name = "Deaf"
    func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] { [] }
    func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
      let points = ["a", "b"].map { id in
        PointOfInterestSpec(
          id: ElementID(id), location: Coordinate(latitude: 51.3, longitude: 9.5), title: id)
      }
      let places = TemplateSpec.pointOfInterest(
        "places", tab: TabAppearance(title: "Places"),
        PointOfInterestTemplateSpec(title: "Places", points: points))
      return CarScreen(root: .tabBar("tabs", TabBarTemplateSpec(tabs: [places])))
    }
    func action(for event: HostEvent, in state: State) -> Action? { nil }
  }

  @Test("an app that ignores a point selection is reported, and the card stays open")
  func ignoredPointSelection() throws {
    let host = CarSimulator(for: DeafPlaces.self, clients: .test(clock: ManualClock(),
      reportIssue: .failingTest()))
    let session = CarSession(
      app: DeafPlaces(), state: .init(), host: host, clients: .test(clock: ManualClock(),
        reportIssue: .failingTest()))
    host.connect(SessionConfiguration())
    #expect(host.appState == .running, "\(host.transcript)")
    try host.selectPoint("b")
    let reported = session.diagnostics.filter { $0.ruleID == Diagnostic.ignoredHostChangeID }
    #expect(reported.count == 1)
    #expect(reported.first?.message.contains("point 'b'") == true)
    guard case .tabBar(let bar) = host.screen?.root.content,
      case .pointOfInterest(let shown) = bar.tabs.first?.content
    else {
      Issue.record("no POI template")
      return
    }
    #expect(shown.selectedIndex == 1)
  }

  @Test("HostChange is pure: it reports back, modal, tab and point changes the screen undoes")
  func pureCheck() {
    let list = TemplateSpec.list("l", ListTemplateSpec(title: "L", sections: []))
    let detail = TemplateSpec.information("d", InformationTemplateSpec(title: "D", items: []))
    let alert = TemplateSpec.alert(
      "a", AlertTemplateSpec(titleVariants: ["A"], actions: []))
    let shown = HostScreen(root: list)
    #expect(
      HostChange.ignored(
        .backPressed(popped: "d"), shown: shown, wanted: CarScreen(root: list, stack: [detail]))
        != nil)
    #expect(
      HostChange.ignored(.backPressed(popped: "d"), shown: shown, wanted: CarScreen(root: list))
        == nil)
    #expect(
      HostChange.ignored(
        .modalDismissed(template: "a"), shown: shown,
        wanted: CarScreen(root: list, modal: alert)) != nil)
    #expect(
      HostChange.ignored(
        .modalDismissed(template: "a"), shown: shown, wanted: CarScreen(root: list))
        == nil)
  }
}

@MainActor
@Suite("Bounded history in a long-running simulator")
struct BoundedHistoryTests {
  @Test("the transcript keeps the newest entries as a ring buffer and counts the dropped ones")
  func transcriptRingBuffer() {
    var transcript = Transcript()
    transcript.limit = 5
    for index in 0..<12 { transcript.append(.state("entry \(index)")) }
    #expect(transcript.entries.count == 5)
    #expect(transcript.droppedCount == 7)
    #expect(transcript.totalCount == 12)
    #expect(transcript.entries.first == .state("entry 7"))
  }

  @Test("an unbounded transcript (tests, journeys) keeps everything")
  func unbounded() {
    var transcript = Transcript()
    for index in 0..<3_000 { transcript.append(.state("entry \(index)")) }
    #expect(transcript.entries.count == 3_000)
  }

  @Test("a simulated car with a history limit bounds transcript and built screens")
  func simulatedCarBounds() async {
    let app = AnyCarApp("probe", summary: "probe", app: EffectProbe(), state: .init())
    let car = SimulatedCar(
      app: app, clients: .test(clock: ManualClock(),
        reportIssue: .failingTest()), configuration: SessionConfiguration(),
      historyLimit: 50)
    guard let session = car.session as? CarSession<EffectProbe> else {
      Issue.record("unexpected session type")
      return
    }
    for index in 0..<200 {
      session.send(.loaded("row \(index % 40)"))
    }
    #expect(car.host.transcript.entries.count <= 50)
    #expect(car.session.builtScreens.count <= 50)
    #expect(car.host.transcript.totalCount > 200)
  }
}

/// An app that takes its taps as a route: one row it offers a route for, one it forgot.
struct RouteProbe: CarApp {
  enum Route: CarRoute {
    case known
    var address: RouteAddress { RouteAddress("known", in: "probe") }
  }
  struct State: Equatable, Sendable { var taps = 0 }
  enum Action: Sendable, Equatable { case tapped }
  static let entitlements = CarEntitlements.single(.evCharging)
  static let name = "Probe"
  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    state.taps += 1
    return []
  }
  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    CarScreen(
      root: .list(
        "probe",
        ListTemplateSpec(
          title: "Probe \(state.taps)",
          sections: [
            ListSectionSpec(items: [
              ListItemSpec(id: Route.known.elementID, text: "Known"),
              ListItemSpec(id: "forgotten", text: "Forgotten"),
            ])
          ])))
  }
  func action(for event: HostEvent, in state: State) -> Action? { nil }
  func routes(_ state: State) -> [Route] { [.known] }
  func action(for route: Route, in state: State) -> Action? { .tapped }
}

@MainActor
@Suite("Typed routes: the session decodes taps before the app sees them")
struct TypedRouteSessionTests {
  @Test("a tap on an offered route reaches the app as the route; any other is reported S005")
  func decodesOrReports() async throws {
    let tester = CarAppTester(app: RouteProbe(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.drive({ _ = try $0.tapRow("known") }, operations: [.update(.list, "probe")]) {
      $0.taps = 1
    }
    await tester.drive({ _ = try $0.tapRow("forgotten") }, operations: [])
    // The dead row is this test's point: the tester fails on an unclaimed S005.
    tester.claim("S005")
    let diagnostic = try #require(tester.session.diagnostics.last)
    #expect(diagnostic.ruleID == Diagnostic.undecodableTapID)
    #expect(diagnostic.elementID == "forgotten" && diagnostic.templateID == "probe")
    #expect(diagnostic.message.contains("'forgotten' in 'probe'"))
    await tester.finish()
  }
}
