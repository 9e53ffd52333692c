import CarSession
import CarTemplates
import Geo
import Testing

@testable import CarSimulator

/// Small templates for host tests.
enum Fixture {
  static func list(_ id: TemplateID, rows: Int = 2, tab: TabAppearance? = nil) -> TemplateSpec {
    .list(
      id, tab: tab,
      ListTemplateSpec(
        title: "List \(id)",
        sections: [
          ListSectionSpec(
            items: (0..<rows).map { ListItemSpec(id: ElementID("row-\($0)"), text: "Row \($0)") })
        ]))
  }

  static func info(_ id: TemplateID) -> TemplateSpec {
    .information(id, InformationTemplateSpec(title: "Info \(id)", items: []))
  }

  static func alert(_ id: TemplateID) -> TemplateSpec {
    .alert(
      id,
      AlertTemplateSpec(titleVariants: "Sure?", actions: [AlertActionSpec(id: "ok", title: "OK")]))
  }

  static func pointsOfInterest(_ id: TemplateID, count: Int) -> TemplateSpec {
    .pointOfInterest(
      id,
      PointOfInterestTemplateSpec(
        title: "Chargers",
        points: (0..<count).map {
          PointOfInterestSpec(
            id: ElementID("p\($0)"),
            location: Coordinate(latitude: 51.3 + Double($0) / 100, longitude: 9.48),
            title: "Charger \($0)",
            primaryButton: TextButtonSpec(id: "navigate", title: "Navigate"))
        }))
  }

  static let nowPlaying = TemplateSpec.nowPlaying("now-playing", NowPlayingTemplateSpec())

  @MainActor
  static func host(_ category: CarCategory = .evCharging, clock: ManualClock = ManualClock())
    -> CarSimulator
  {
    let host = CarSimulator(entitlements: .single(category), clock: .manual(clock))
    host.connect(SessionConfiguration())
    return host
  }
}

@MainActor
@Suite("CarSimulator: the emulated interface controller")
struct CarSimulatorTests {
  @Test("push, pop, popToRoot and pop(to:) move the stack and the queries follow")
  func stackOperations() throws {
    let host = Fixture.host()
    try host.setRootTemplate(Fixture.list("root"))
    try host.pushTemplate(Fixture.list("a"))
    try host.pushTemplate(Fixture.list("b"))
    try host.pushTemplate(Fixture.info("c"))
    #expect(host.templates.map(\.id) == ["root", "a", "b", "c"])
    #expect(host.topTemplate?.id == "c")
    #expect(host.depth == 4)
    #expect(try host.pop(to: "a") == .ok)
    #expect(host.templates.map(\.id) == ["root", "a"])
    #expect(try host.popTemplate() == .ok)
    #expect(host.topTemplate?.id == "root")
    try host.pushTemplate(Fixture.list("d"))
    #expect(try host.popToRootTemplate() == .ok)
    #expect(host.rootTemplate?.id == "root")
    #expect(host.templates.count == 1)
  }

  struct FailingCase: Sendable, CustomTestStringConvertible {
    var name: String
    var operation: HostOperation
    var error: CarPlayError
    var testDescription: String { name }
  }

  nonisolated static let failing: [FailingCase] = [
    FailingCase(name: "pop at the root", operation: .pop, error: .nothingToPop),
    FailingCase(name: "popToRoot at the root", operation: .popToRoot, error: .nothingToPop),
    FailingCase(
      name: "pop(to:) a template not in the stack", operation: .popTo("missing"),
      error: .notInStack("missing")),
    FailingCase(
      name: "pushing the root's id again", operation: .push(Fixture.list("root")),
      error: .duplicatePush),
    FailingCase(
      name: "updating a template not on screen", operation: .update(Fixture.list("gone")),
      error: .notOnScreen("gone")),
  ]

  @Test("a failed operation reports its error to the completion", arguments: failing)
  func failedWithCompletion(_ row: FailingCase) throws {
    let host = Fixture.host()
    try host.setRootTemplate(Fixture.list("root"))
    let completion = try host.perform(row.operation)
    #expect(completion == .failed(row.error))
    #expect(host.appState == .running)
  }

  @Test(
    "a failed operation without a completion block raises NSGenericException", arguments: failing)
  func failedWithoutCompletion(_ row: FailingCase) throws {
    let host = Fixture.host()
    try host.setRootTemplate(Fixture.list("root"))
    #expect(throws: CarPlayException.noCompletion(row.error)) {
      try host.perform(row.operation, withCompletion: false)
    }
    #expect(host.appState == .terminated(.noCompletion(row.error)))
  }

  @Test("pop at the root without completion raises the OBSERVED text")
  func observedPopText() throws {
    let host = Fixture.host()
    try host.setRootTemplate(Fixture.list("root"))
    let error = #expect(throws: CarPlayException.self) {
      try host.popTemplate(withCompletion: false)
    }
    #expect(
      error?.description
        == "NSGenericException: An error was encountered during a template operation, but no "
        + "completion block was specified. Error: Error Domain=CarPlayErrorDomain Code=-1 "
        + "\"No templates were available to be popped.\"")
  }

  @Test("a template the category does not allow raises NSInvalidArgumentException")
  func unsupportedTemplate() throws {
    let host = Fixture.host(.audio)
    try host.setRootTemplate(Fixture.list("root"))
    let error = #expect(throws: CarPlayException.self) {
      try host.pushTemplate(Fixture.info("info"))
    }
    #expect(error?.name == .invalidArgument)
    #expect(
      error?.reason.hasPrefix(
        "Unsupported object <CPInformationTemplate 'info'> passed to pushTemplate:animated:completion:. Allowed classes: ("
      )
        == true)
    #expect(host.appState == .terminated(try #require(error)))
    #expect(host.screen == nil)
  }

  @Test(
    "an EV-charging app's search template is refused on an iOS 26.4 phone and accepted on iOS 27",
    arguments: [(SystemVersion.iOS26_4, false), (SystemVersion(26, 9), false), (.iOS27, true)])
  func searchDependsOnTheSystemVersion(version: SystemVersion, allowed: Bool) throws {
    let host = CarSimulator(entitlements: .single(.evCharging), clock: .manual(ManualClock()))
    host.connect(SessionConfiguration(systemVersion: version))
    try host.setRootTemplate(Fixture.list("root"))
    let search = TemplateSpec.search("search", SearchTemplateSpec())
    guard allowed else {
      let error = #expect(throws: CarPlayException.self) { try host.pushTemplate(search) }
      #expect(error?.name == .invalidArgument)
      #expect(error?.reason.contains("<CPSearchTemplate 'search'>") == true)
      return
    }
    #expect(try host.pushTemplate(search) == .ok)
  }

  @Test("a navigation app keeps its search template on every iOS version; a parking app gets none")
  func searchForOtherCategories() throws {
    for version in [SystemVersion.iOS26_4, .iOS27] {
      let navigation = CarSimulator(
        entitlements: .single(.navigation), clock: .manual(ManualClock()))
      navigation.connect(SessionConfiguration(systemVersion: version))
      try navigation.setRootTemplate(Fixture.list("root"))
      #expect(try navigation.pushTemplate(.search("s", SearchTemplateSpec())) == .ok)
      let parking = CarSimulator(entitlements: .single(.parking), clock: .manual(ManualClock()))
      parking.connect(SessionConfiguration(systemVersion: version))
      try parking.setRootTemplate(Fixture.list("root"))
      #expect(throws: CarPlayException.self) {
        try parking.pushTemplate(.search("s", SearchTemplateSpec()))
      }
    }
  }

  @Test("an allowed template of the category is accepted")
  func allowedTemplate() throws {
    let host = Fixture.host(.evCharging)
    try host.setRootTemplate(Fixture.list("root"))
    #expect(try host.pushTemplate(Fixture.pointsOfInterest("map", count: 3)) == .ok)
    #expect(try host.pushTemplate(Fixture.info("info")) == .ok)
  }

  @Test("pushing past the category's depth raises even with a completion block")
  func depthExceeded() throws {
    let host = Fixture.host(.fueling)  // depth 3 (carplay-facts.md §2)
    try host.setRootTemplate(Fixture.list("root"))
    try host.pushTemplate(Fixture.list("a"))
    try host.pushTemplate(Fixture.list("b"))
    #expect(throws: CarPlayException.depthExceeded) { try host.pushTemplate(Fixture.list("c")) }
    #expect(host.appState == .terminated(.depthExceeded))
  }

  @Test("a tab bar occupies one slot: four pushes fill an audio app's stack")
  func tabBarDepth() throws {
    let host = Fixture.host(.audio)
    try host.setRootTemplate(
      .tabBar("tabs", TabBarTemplateSpec(tabs: [Fixture.list("t1"), Fixture.list("t2")])))
    for index in 0..<4 { try host.pushTemplate(Fixture.list(TemplateID("p\(index)"))) }
    #expect(host.depth == 5)
    #expect(throws: CarPlayException.depthExceeded) { try host.pushTemplate(Fixture.list("p5")) }
  }

  @Test("only alerts, action sheets and voice control can be presented, one at a time")
  func modalRules() throws {
    let host = Fixture.host()
    try host.setRootTemplate(Fixture.list("root"))
    #expect(try host.presentTemplate(Fixture.alert("a1")) == .ok)
    #expect(try host.presentTemplate(Fixture.alert("a2")) == .failed(.modalAlreadyPresented("a1")))
    #expect(try host.dismissTemplate() == .ok)
    #expect(try host.dismissTemplate() == HostCompletion(success: false))
    #expect(throws: CarPlayException.self) { try host.presentTemplate(Fixture.list("modal")) }
  }

  @Test("more tabs than maximumTabCount raise; four tabs are fine for audio")
  func tabCount() throws {
    let four = Fixture.host(.audio)
    let tabs = (0..<5).map { Fixture.list(TemplateID("t\($0)")) }
    try four.setRootTemplate(.tabBar("tabs", TabBarTemplateSpec(tabs: Array(tabs.prefix(4)))))
    #expect(four.appState == .running)
    let five = Fixture.host(.audio)
    #expect(throws: CarPlayException.tooManyTabs(5, maximum: 4)) {
      try five.setRootTemplate(.tabBar("tabs", TabBarTemplateSpec(tabs: tabs)))
    }
  }

  @Test("an empty tab bar sends the app to the home screen")
  func emptyTabBar() throws {
    let host = Fixture.host()
    try host.setRootTemplate(.tabBar("tabs", TabBarTemplateSpec(tabs: [])))
    guard case .home = host.appState else {
      Issue.record("expected home, got \(host.appState)")
      return
    }
    #expect(host.screen == nil)
    #expect(host.transcript.description.contains("H002-sent-home"))
  }

  @Test("thirteen points of interest are kept as requested but only twelve are shown")
  func truncation() throws {
    let host = Fixture.host()
    try host.setRootTemplate(Fixture.list("root"))
    try host.pushTemplate(Fixture.pointsOfInterest("map", count: 13))
    guard case .pointOfInterest(let shown)? = host.shownScreen?.stack.last?.content,
      case .pointOfInterest(let requested)? = host.screen?.stack.last?.content
    else {
      Issue.record("no POI root")
      return
    }
    #expect(shown.points.count == 12)
    #expect(requested.points.count == 13)
    #expect(host.transcript.description.contains("trunc  'map': kept 12 of 13"))
  }

  @Test("limiting lists while driving trims a long list to twelve and says so")
  func limitedLists() throws {
    let host = Fixture.host()
    try host.setRootTemplate(Fixture.list("long", rows: 20))
    #expect(!host.transcript.description.contains("trunc"))
    host.changeConfiguration(SessionConfiguration(limitedUserInterfaces: .lists))
    guard case .list(let list)? = host.shownScreen?.root.content else {
      Issue.record("no list")
      return
    }
    #expect(list.itemCount == 12)
    #expect(host.transcript.description.contains("trunc  'long': kept 12 of 20"))
  }

  @Test("only a list may be pushed above Now Playing")
  func aboveNowPlaying() throws {
    let host = Fixture.host(.audio)
    try host.setRootTemplate(Fixture.list("root"))
    try host.pushTemplate(Fixture.nowPlaying)
    #expect(throws: CarPlayException.self) {
      try host.pushTemplate(.grid("grid", GridTemplateSpec(title: "G", buttons: [])))
    }
    let allowed = Fixture.host(.audio)
    try allowed.setRootTemplate(Fixture.list("root"))
    try allowed.pushTemplate(Fixture.nowPlaying)
    #expect(try allowed.pushTemplate(Fixture.list("up-next")) == .ok)
  }

  @Test("an alert without actions is rejected by the host")
  func alertWithoutActions() throws {
    let host = Fixture.host()
    try host.setRootTemplate(Fixture.list("root"))
    #expect(throws: CarPlayException.self) {
      try host.presentTemplate(
        .alert("empty", AlertTemplateSpec(titleVariants: "No actions", actions: [])))
    }
  }

  @Test("replacing the root tears down Now Playing; pushing it does not")
  func nowPlayingTeardown() throws {
    let host = Fixture.host(.audio)
    try host.setRootTemplate(Fixture.list("root"))
    try host.pushTemplate(Fixture.nowPlaying)
    #expect(!host.transcript.description.contains("down"))
    try host.setRootTemplate(Fixture.list("other"))
    #expect(host.transcript.description.contains("down   Now Playing (root replaced)"))
  }

  @Test("replacing the root or withdrawing video tears down the video player")
  func videoTeardown() throws {
    let host = CarSimulator(
      entitlements: CarEntitlements([.audio, .video]), clock: .manual(ManualClock()))
    let parked = SessionConfiguration(supportsVideoPlayback: true, isVideoAvailable: true)
    host.connect(parked)
    try host.setRootTemplate(Fixture.list("root"))
    #expect(host.startVideoPlayback())
    try host.setRootTemplate(Fixture.list("other"))
    #expect(!host.isVideoPlaying)
    #expect(host.startVideoPlayback())
    var driving = parked
    driving.isVideoAvailable = false
    host.changeConfiguration(driving)
    #expect(!host.isVideoPlaying)
    #expect(host.transcript.description.contains("video player (video no longer available)"))
  }
}

@MainActor
@Suite("CarSimulator: driver events")
struct CarSimulatorDriverTests {
  @Test("a tapped row spins until its completion is called; a late completion is diagnosed")
  func spinner() throws {
    let clock = ManualClock()
    let host = Fixture.host(clock: clock)
    try host.setRootTemplate(Fixture.list("root"))
    let ticket = try host.tapRow("row-1")
    #expect(host.spinners[ticket]?.row == "row-1")
    clock.advance(by: .seconds(4))
    host.checkSpinners()
    #expect(!host.transcript.description.contains("H001-row-spinning"))
    clock.advance(by: .seconds(2))
    host.checkSpinners()
    #expect(
      host.transcript.description.contains(
        "warning H001-row-spinning: row 'row-1' in 'root' still spins 6s"))
    host.completeSelection(ticket)
    #expect(host.spinners.isEmpty)
    #expect(host.transcript.description.contains("done   row 'row-1' #1 completed after 6s"))
  }

  @Test("back pops the top template and reports what it popped; at the root it is refused")
  func back() throws {
    let host = Fixture.host()
    var events: [HostEvent] = []
    host.eventHandler = { events.append($0) }
    try host.setRootTemplate(Fixture.list("root"))
    try host.pushTemplate(Fixture.list("detail"))
    try host.back()
    #expect(events.last == .backPressed(popped: "detail"))
    #expect(throws: DriverError.self) { try host.back() }
  }

  @Test("each tab keeps its own stack")
  func tabStacks() throws {
    let host = Fixture.host()
    try host.setRootTemplate(
      .tabBar("tabs", TabBarTemplateSpec(tabs: [Fixture.list("t1"), Fixture.list("t2")])))
    try host.pushTemplate(Fixture.list("deep"))
    try host.selectTab(1)
    #expect(host.templates.map(\.id) == ["t2"])
    try host.selectTab(0)
    #expect(host.templates.map(\.id) == ["t1", "deep"])
  }

  @Test("tapping a row the host truncated away is impossible")
  func truncatedRowCannotBeTapped() throws {
    let host = Fixture.host()
    host.changeConfiguration(SessionConfiguration(limitedUserInterfaces: .lists))
    try host.setRootTemplate(Fixture.list("long", rows: 20))
    #expect(throws: DriverError.self) { try host.tapRow("row-15") }
    _ = try host.tapRow("row-11")
  }

  @Test("selecting a point opens its card, whose primary button can be pressed")
  func pointButtons() throws {
    let host = Fixture.host()
    var events: [HostEvent] = []
    host.eventHandler = { events.append($0) }
    try host.setRootTemplate(Fixture.list("root"))
    try host.pushTemplate(Fixture.pointsOfInterest("map", count: 3))
    #expect(throws: DriverError.self) { try host.pressPointButton(primary: true) }
    try host.selectPoint("p2")
    try host.pressPointButton(primary: true)
    #expect(
      events.suffix(2) == [
        .pointSelected(template: "map", point: "p2"),
        .buttonPressed(template: "map", button: "navigate"),
      ])
  }

  @Test("choosing an alert action dismisses the alert")
  func alertAction() throws {
    let host = Fixture.host()
    try host.setRootTemplate(Fixture.list("root"))
    try host.presentTemplate(Fixture.alert("confirm"))
    try host.choose("ok")
    #expect(host.presentedTemplate == nil)
  }

  @Test(
    "a spoken phrase runs the App Shortcut as people say it: with or without 'Hey Siri' and the app's name, never another app's or an empty one"
  )
  func voice() throws {
    let host = CarSimulator(
      entitlements: .single(.evCharging), appName: "Wayside",
      shortcuts: [
        VoiceShortcut(phrase: "Show fast chargers in ${applicationName}", intent: "Fast")
      ],
      clock: .manual(ManualClock()))
    var events: [HostEvent] = []
    host.eventHandler = { events.append($0) }
    host.connect(SessionConfiguration())
    try host.setRootTemplate(Fixture.list("root"))
    try host.say("show fast chargers in wayside")
    #expect(events.last == .voiceIntent("Fast"))
    events = []
    try host.say("Hey Siri, show fast chargers in Wayside")
    #expect(events.last == .voiceIntent("Fast"))
    events = []
    try host.say("show fast chargers")
    #expect(events.last == .voiceIntent("Fast"))
    #expect(throws: DriverError.self) { try host.say("show fast chargers in Maps") }
    #expect(throws: DriverError.self) { try host.say("show slow chargers") }
    #expect(throws: DriverError.self) { try host.say("   ") }
  }
}
