import CarSession
import CarTemplates
import Geo
import Testing

enum Specs {
  static func list(_ id: TemplateID, _ rows: [String] = ["a"]) -> TemplateSpec {
    .list(
      id,
      ListTemplateSpec(
        title: id.rawValue,
        sections: [ListSectionSpec(items: rows.map { ListItemSpec(id: ElementID($0), text: $0) })]))
  }

  static func points(_ id: TemplateID, _ names: [String]) -> TemplateSpec {
    .pointOfInterest(
      id,
      PointOfInterestTemplateSpec(
        title: "Chargers",
        points: names.enumerated().map { index, name in
          PointOfInterestSpec(
            id: ElementID(name),
            location: Coordinate(latitude: 51 + Double(index) / 100, longitude: 9),
            title: name)
        }))
  }

  static func tabs(_ tabs: [TemplateSpec], selected: Int = 0) -> TemplateSpec {
    .tabBar("tabs", TabBarTemplateSpec(tabs: tabs, selectedIndex: selected))
  }

  static func alert(_ id: TemplateID, _ title: String = "Sure?") -> TemplateSpec {
    .alert(
      id,
      AlertTemplateSpec(
        titleVariants: TextVariants([title]), actions: [AlertActionSpec(id: "ok", title: "OK")]))
  }
}

@Suite("Reconciler: the fewest operations from the host's screen to the wanted screen")
struct ReconcilerTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var actual: HostScreen?
    var wanted: CarScreen
    var expected: [HostOperation]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "nothing on screen: set the root, push, present",
      actual: nil,
      wanted: CarScreen(
        root: Specs.list("root"), stack: [Specs.list("a")], modal: Specs.alert("x")),
      expected: [.setRoot(Specs.list("root")), .push(Specs.list("a")), .present(Specs.alert("x"))]),
    Case(
      name: "new points of interest on a pushed map are patched in place",
      actual: HostScreen(root: Specs.list("root"), stacks: [[Specs.points("map", ["p1", "p2"])]]),
      wanted: CarScreen(
        root: Specs.list("root"), stack: [Specs.points("map", ["p2", "p3", "p4"])]),
      expected: [.update(Specs.points("map", ["p2", "p3", "p4"]))]),
    Case(
      name: "new rows in the root list are patched in place, never a root replacement",
      actual: HostScreen(root: Specs.list("root", ["a"])),
      wanted: CarScreen(root: Specs.list("root", ["a", "b"])),
      expected: [.update(Specs.list("root", ["a", "b"]))]),
    Case(
      name: "a changed tab's content is patched in place",
      actual: HostScreen(root: Specs.tabs([Specs.list("t1"), Specs.list("t2")])),
      wanted: CarScreen(root: Specs.tabs([Specs.list("t1"), Specs.list("t2", ["new"])])),
      expected: [.update(Specs.list("t2", ["new"]))]),
    Case(
      name: "an added tab is a structural change: the root is replaced",
      actual: HostScreen(root: Specs.tabs([Specs.list("t1")])),
      wanted: CarScreen(root: Specs.tabs([Specs.list("t1"), Specs.list("t2")])),
      expected: [.setRoot(Specs.tabs([Specs.list("t1"), Specs.list("t2")]))]),
    Case(
      name: "a different root kind replaces the root and pushes the stack again",
      actual: HostScreen(root: Specs.list("root"), stacks: [[Specs.list("a")]]),
      wanted: CarScreen(root: Specs.tabs([Specs.list("t1")]), stack: [Specs.list("a")]),
      expected: [.setRoot(Specs.tabs([Specs.list("t1")])), .push(Specs.list("a"))]),
    Case(
      name: "the app switching tabs selects the tab and keeps that tab's stack",
      actual: HostScreen(
        root: Specs.tabs([Specs.list("t1"), Specs.list("t2")]),
        stacks: [[Specs.list("deep")], [Specs.list("other")]]),
      wanted: CarScreen(
        root: Specs.tabs([Specs.list("t1"), Specs.list("t2")], selected: 1),
        stack: [Specs.list("other")]),
      expected: [.selectTab(1)]),
    Case(
      name: "one template fewer is a pop",
      actual: HostScreen(root: Specs.list("root"), stacks: [[Specs.list("a"), Specs.list("b")]]),
      wanted: CarScreen(root: Specs.list("root"), stack: [Specs.list("a")]),
      expected: [.pop]),
    Case(
      name: "several fewer after a common prefix is pop(to:) the last kept template",
      actual: HostScreen(
        root: Specs.list("root"), stacks: [[Specs.list("a"), Specs.list("b"), Specs.list("c")]]),
      wanted: CarScreen(root: Specs.list("root"), stack: [Specs.list("a"), Specs.list("d")]),
      expected: [.popTo("a"), .push(Specs.list("d"))]),
    Case(
      name: "no common prefix is popToRoot",
      actual: HostScreen(root: Specs.list("root"), stacks: [[Specs.list("a"), Specs.list("b")]]),
      wanted: CarScreen(root: Specs.list("root")),
      expected: [.popToRoot]),
    Case(
      name: "a changed alert is dismissed and presented again (alerts have no update API)",
      actual: HostScreen(root: Specs.list("root"), modal: Specs.alert("x", "Old")),
      wanted: CarScreen(root: Specs.list("root"), modal: Specs.alert("x", "New")),
      expected: [.dismiss, .present(Specs.alert("x", "New"))]),
    Case(
      name: "an equal screen needs nothing",
      actual: HostScreen(
        root: Specs.list("root"), stacks: [[Specs.list("a")]], modal: Specs.alert("x")),
      wanted: CarScreen(
        root: Specs.list("root"), stack: [Specs.list("a")], modal: Specs.alert("x")),
      expected: []),
  ]

  @Test("the plan is the expected operations", arguments: cases)
  func plans(_ row: Case) {
    let plan = Reconciler.plan(from: row.actual, to: row.wanted, maximumDepth: 5)
    #expect(plan.operations == row.expected)
    #expect(plan.refused.isEmpty)
  }

  @Test(
    "a content-only change never replaces the root",
    arguments: cases.filter { $0.name.contains("in place") })
  func contentOnly(_ row: Case) {
    let plan = Reconciler.plan(from: row.actual, to: row.wanted, maximumDepth: 5)
    #expect(plan.operations.allSatisfy { $0.isInPlaceUpdate })
  }

  @Test("pushes past the category's depth are refused in the plan with diagnostic S001")
  func depthRefused() {
    let wanted = CarScreen(
      root: Specs.list("root"), stack: (1...6).map { Specs.list(TemplateID("l\($0)")) })
    let plan = Reconciler.plan(
      from: HostScreen(root: Specs.list("root")), to: wanted, maximumDepth: 5)
    #expect(plan.operations == (1...4).map { .push(Specs.list(TemplateID("l\($0)"))) })
    #expect(plan.refused.map(\.id) == ["l5", "l6"])
    #expect(
      plan.diagnostics.map(\.ruleID) == [Diagnostic.depthRefusedID, Diagnostic.depthRefusedID])
    #expect(
      plan.diagnostics.first?.message
        == "push of CPListTemplate 'l5' refused: it would make the hierarchy 6 templates deep, "
        + "but the app's category allows at most 5 including the root (depth limit; the host "
        + "would throw NSGenericException 'Application exceeded the hierarchy depth limit')")
  }

  struct RefusalMessage: Sendable, CustomTestStringConvertible {
    var name: String
    var entitlements: CarEntitlements
    var maximumDepth: Int
    var message: String
    var testDescription: String { name }
  }

  nonisolated static let refusalMessages: [RefusalMessage] = [
    RefusalMessage(
      name: "EV charging, depth 5", entitlements: .single(.evCharging), maximumDepth: 5,
      message:
        "push of CPListTemplate 'l5' refused: it would make the hierarchy 6 templates deep, but "
        + "the evCharging category allows at most 5 including the root (depth limit; the host "
        + "would throw NSGenericException 'Application exceeded the hierarchy depth limit')"),
    RefusalMessage(
      name: "EV charging + fueling, depth 3",
      entitlements: CarEntitlements([.evCharging, .fueling]), maximumDepth: 3,
      message:
        "push of CPListTemplate 'l3' refused: it would make the hierarchy 4 templates deep, but "
        + "the evCharging + fueling category allows at most 3 including the root (depth limit; "
        + "the host would throw NSGenericException 'Application exceeded the hierarchy depth "
        + "limit')"),
  ]

  @Test("the depth refusal names the category and its limit", arguments: refusalMessages)
  func refusalMessage(_ row: RefusalMessage) {
    let wanted = CarScreen(
      root: Specs.list("root"), stack: (1...6).map { Specs.list(TemplateID("l\($0)")) })
    let plan = Reconciler.plan(
      from: nil, to: wanted, maximumDepth: row.maximumDepth, entitlements: row.entitlements)
    #expect(plan.diagnostics.first?.message == row.message)
  }

  @Test("a stack exactly at the depth limit is pushed in full")
  func depthKept() {
    let wanted = CarScreen(
      root: Specs.list("root"), stack: (1...2).map { Specs.list(TemplateID("l\($0)")) })
    let plan = Reconciler.plan(from: nil, to: wanted, maximumDepth: 3)
    #expect(plan.refused.isEmpty)
    #expect(plan.operations.count == 3)
  }
}
