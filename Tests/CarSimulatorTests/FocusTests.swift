import CarAppTesting
import CarRender
import CarSession
import CarTemplates
import Geo
import KitDemos
import Testing

@testable import CarSimulator

@MainActor
@Suite("Knob and touch-pad input: focus in reading order, select as a tap, back as the button")
struct FocusTests {
  static func car(_ app: String = "list-detail", input: CarInputKind = .knob) async throws
    -> SimulatedCar
  {
    let demo = try #require(KitDemos.named(app))
    let car = SimulatedCar.test(app: demo, reportIssue: .failingTest())
    car.host.inputKind = input
    car.connect(SessionConfiguration())
    await car.settle()
    return car
  }

  @Test("the focus moves through the rows in reading order and stops at both ends")
  func readingOrder() async throws {
    let car = try await Self.car()
    let host = car.host
    #expect(
      host.focusItems.map(\.action) == [
        .tapRow("kassel-hbf"), .tapRow("wilhelmshoehe"), .tapRow("auestadion"),
      ])
    #expect(host.focusedItem?.action == .tapRow("kassel-hbf"))
    try host.drive(.knob(.previous))
    #expect(host.focusedItem?.action == .tapRow("kassel-hbf"))
    for _ in 0..<5 { try host.drive(.knob(.next)) }
    #expect(host.focusedItem?.action == .tapRow("auestadion"))
    #expect(
      host.transcript.entries.last
        == .state("focus stays on 'tap row auestadion' in 'chargers' (last item)"))
    try host.drive(.knob(.previous))
    #expect(host.focusedItem?.action == .tapRow("wilhelmshoehe"))
  }

  @Test("knob select is the tap on the focused row: same host event, spinner and push")
  func selectIsATap() async throws {
    let car = try await Self.car()
    let host = car.host
    try host.drive(.knob(.next))
    let before = host.transcript.totalCount
    try host.drive(.knob(.select))
    let events = host.transcript.entries.suffix(host.transcript.totalCount - before)
      .compactMap { entry -> HostEvent? in
        if case .event(let event) = entry { return event }
        return nil
      }
    guard case .listItemSelected(let template, let row, _)? = events.first else {
      Issue.record("expected a row selection, got \(events)")
      return
    }
    #expect(template == "chargers")
    #expect(row == "wilhelmshoehe")
    await car.settle()
    #expect(host.topTemplate?.title == "Wilhelmshöhe")
    #expect(host.spinners.isEmpty)
  }

  @Test(
    "a new top template focuses its first content item; back returns to the row that was selected"
  )
  func focusFollowsTheTop() async throws {
    let car = try await Self.car()
    let host = car.host
    try host.drive(.knob(.next))
    try host.drive(.knob(.select))
    await car.settle()
    // The back button, the action (where focus lands), then the information rows.
    #expect(host.focusItems.map(\.action).prefix(3) == [.back, .press("start"), .readItem(0)])
    #expect(host.focusedItem?.action == .press("start"))
    try host.drive(.knob(.previous))
    #expect(host.focusedItem?.action == .back)
    try host.drive(.knob(.back))
    await car.settle()
    #expect(host.depth == 1)
    #expect(host.focusedItem?.action == .tapRow("wilhelmshoehe"))
    // The detail was popped, so its focus is forgotten: pushed again, it starts afresh.
    try host.drive(.knob(.select))
    await car.settle()
    #expect(host.focusedItem?.action == .press("start"))
  }

  @Test("an alert takes the focus; knob back is refused under it as the back button is")
  func modalFocus() async throws {
    let car = try await Self.car()
    let host = car.host
    try host.drive(.knob(.select))
    await car.settle()
    try host.drive(.knob(.select))
    await car.settle()
    #expect(host.presentedTemplate?.kind == .alert)
    #expect(host.focusItems.map(\.action) == [.choose("confirm"), .choose("cancel")])
    let refusal = try #require(host.refusal(of: .knob(.back)))
    #expect(refusal.message == "knob back: back: a modal is presented")
    try host.drive(.knob(.next))
    try host.drive(.knob(.select))
    await car.settle()
    #expect(host.presentedTemplate == nil)
    #expect(host.focusedItem?.action == .press("start"))
  }

  @Test("a touch-only car has no focus, and knob gestures are refused naming the input")
  func touchCar() async throws {
    let car = try await Self.car(input: .touch)
    let host = car.host
    #expect(host.focusedItem == nil)
    let before = host.transcript.totalCount
    let refusal = try #require(host.refusal(of: .knob(.next)))
    #expect(refusal.message.hasPrefix("knob next: this car has a touch screen and no knob"))
    #expect(host.transcript.totalCount == before)
    #expect(throws: refusal) { try host.drive(.knob(.next)) }
    #expect(host.transcript.entries.last == .rejected(refusal.message))
  }

  @Test("the tab bar comes first in reading order and each tab keeps its own focus")
  func tabs() async throws {
    let car = try await Self.car("tabs", input: .touchPad)
    let host = car.host
    let items = host.focusItems.map(\.action)
    #expect(Array(items.prefix(3)) == [.selectTab(0), .selectTab(1), .selectTab(2)])
    #expect(items.count > 3)
    // Focus starts on the first content item, not on a tab.
    #expect(host.focusedItem?.action == items[3])
    try host.drive(.knob(.next))
    let second = host.focusedItem?.action
    #expect(second == items[4])
    for _ in 0..<3 { try host.drive(.knob(.previous)) }
    #expect(host.focusedItem?.action == .selectTab(1))
    try host.drive(.knob(.select))
    await car.settle()
    let other = host.focusItems.map(\.action)
    #expect(other.count > 3)
    #expect(host.focusedItem?.action == other[3])
  }

  @Test("selecting a point focuses its card's first button; the card's buttons replace the points")
  func pointCard() throws {
    let host = CarSimulator(entitlements: CarEntitlements([.evCharging]))
    host.inputKind = .knob
    host.connect(SessionConfiguration())
    let points = (1...3).map { n in
      PointOfInterestSpec(
        id: ElementID("p\(n)"),
        location: Coordinate(latitude: 51.3, longitude: 9.4 + Double(n) / 100),
        title: "Station \(n)",
        primaryButton: TextButtonSpec(id: "navigate", title: "Navigate"),
        secondaryButton: TextButtonSpec(id: "details", title: "Details"))
    }
    let poi = TemplateSpec.pointOfInterest(
      "map", tab: TabAppearance(title: "Map"),
      PointOfInterestTemplateSpec(
        title: "Chargers", points: points,
        navigationBar: NavigationBarSpec(trailing: [BarButtonSpec(id: "filter", title: "Filter")])))
    _ = try host.perform(.setRoot(.tabBar("tabs", TabBarTemplateSpec(tabs: [poi]))))
    #expect(
      host.focusItems.map(\.action) == [
        .selectTab(0), .press("filter"), .selectPoint("p1"), .selectPoint("p2"), .selectPoint("p3"),
      ])
    #expect(host.focusedItem?.action == .selectPoint("p1"))
    try host.drive(.knob(.next))
    try host.drive(.knob(.next))
    try host.drive(.knob(.select))
    #expect(
      host.focusItems.map(\.action) == [
        .selectTab(0), .press("filter"), .pressPrimary, .pressSecondary, .closeCard,
      ])
    #expect(host.focusedItem?.action == .pressPrimary)
    #expect(host.transcript.entries.contains(.event(.pointSelected(template: "map", point: "p3"))))
    // The card's ✕ is reached after its buttons, and selecting it closes the card: the points
    // come back and the list of places can be reached again.
    try host.drive(.knob(.next))
    try host.drive(.knob(.next))
    #expect(host.focusedItem?.action == .closeCard)
    try host.drive(.knob(.select))
    #expect(host.focusItems.map(\.action).contains(.selectPoint("p1")))
    #expect(host.transcript.entries.contains(.event(.pointDeselected(template: "map"))))
    // The knob's back button closes an open card too (a card is not a pushed template, so
    // back has nothing else to do there; the fact sheet is silent, carplay-facts.md §1.5).
    try host.drive(.knob(.select))
    #expect(host.focusItems.map(\.action).contains(.closeCard))
    try host.drive(.knob(.back))
    #expect(!host.focusItems.map(\.action).contains(.closeCard))
    #expect(host.focusItems.map(\.action).contains(.selectPoint("p2")))
  }

  @Test("a knob reaches every row of an information template after its actions; selecting one changes nothing")
  func informationRows() async throws {
    let car = try await Self.car()
    let host = car.host
    try host.drive(.knob(.next))
    try host.drive(.knob(.select))
    guard case .information(let info)? = host.shownScreen?.visible.top.content else {
      Issue.record("expected the details on top")
      return
    }
    #expect(info.items.count >= 2)
    let actions = info.actions.map { DriverAction.press($0.id) }
    #expect(
      host.focusItems.map(\.action)
        == [.back] + actions + info.items.indices.map { DriverAction.readItem($0) })
    #expect(host.focusedItem?.action == actions.first)
    for _ in actions { try host.drive(.knob(.next)) }
    #expect(host.focusedItem?.action == .readItem(0))
    let before = host.transcript.totalCount
    try host.drive(.knob(.select))
    #expect(host.transcript.totalCount == before)
    #expect(host.focusedItem?.action == .readItem(0))
    for _ in 0..<info.items.count { try host.drive(.knob(.next)) }
    #expect(host.focusedItem?.action == .readItem(info.items.count - 1))
    #expect(throws: DriverError.self) { try host.drive(.readItem(info.items.count)) }
    try host.drive(.knob(.back))
    #expect(host.refusal(of: .readItem(0)) != nil)
  }

  @Test("the focused element is named for the page by its event kinds and attributes")
  func pageElements() {
    #expect(
      DriverAction.tapRow("a\"b").pageElement?.selector == #".car [data-ev="row"][data-e="a\"b"]"#)
    #expect(
      DriverAction.tapImage(row: "g", index: 2).pageElement?.selector
        == #".car [data-ev="rowImage"][data-e="g"][data-i="2"]"#)
    #expect(DriverAction.selectTab(1).pageElement?.selector == #".car [data-ev="tab"][data-e="1"]"#)
    #expect(
      DriverAction.pressPrimary.pageElement?.selector
        == #".car [data-ev="poiButton"][data-which="primary"]"#)
    #expect(DriverAction.press("x").pageElement?.events.contains("nowPlayingButton") == true)
    #expect(DriverAction.back.pageElement?.selector == #".car [data-ev="back"]"#)
    #expect(DriverAction.closeCard.pageElement?.selector == #".car [data-ev="poiDeselect"]"#)
    #expect(
      DriverAction.readItem(2).pageElement?.selector == #".car [data-ev="infoItem"][data-e="2"]"#)
    #expect(
      DriverAction.remote(.pause).pageElement?.selector
        == #".car [data-ev="transport"][data-e="pause"]"#)
    #expect(
      DriverAction.pan(.left).pageElement?.selector == #".car [data-ev="pan"][data-which="left"]"#)
    #expect(
      DriverAction.startRoute("route-2").pageElement?.selector
        == #".car [data-ev="startRoute"][data-e="route-2"]"#)
    #expect(DriverAction.lock.pageElement == nil)
    // A value that would close the style element is escaped.
    #expect(DriverAction.tapRow("</style>").pageElement?.selector.contains("</style>") == false)
  }
}
