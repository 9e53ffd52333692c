import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Testing

/// A list whose state prints only part of itself, as many states with a description do.
struct QuietCounter: CarApp {
  struct State: Equatable, Sendable, CustomStringConvertible {
    var count = 0
    /// Left out of the description.
    var taps = 0
    var description: String { "count \(count)" }
  }
  enum Action: Equatable, Sendable { case tap }
  static let entitlements = CarEntitlements.single(.evCharging)
  static let name = "Counter"

  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    state.taps += 1
    return []
  }

  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    CarScreen(
      root: .list(
        "counter",
        ListTemplateSpec(
          title: "Count \(state.count)",
          sections: [ListSectionSpec(items: [ListItemSpec(id: "tap", text: "Tap")])])))
  }

  func action(for event: HostEvent, in state: State) -> Action? { nil }
}

/// Host operations in tests are typed: the operation, the template's kind and its id; the
/// transcript's spelling reads as the same value, and a step that differs says where.
@MainActor
@Suite("CarAppTester: typed host operations and state differences")
struct ExpectedOperationTests {
  @Test("the transcript's spelling of every operation reads as the typed value and back")
  func literalsReadAsTyped() {
    let cases: [(ExpectedOperation, ExpectedOperation)] = [
      ("setRoot CPTabBarTemplate 'tabs'", .setRoot(.tabBar, "tabs")),
      ("push CPInformationTemplate 'a'", .push(.information, "a")),
      ("present CPAlertTemplate 'oops'", .present(.alert, "oops")),
      ("update CPPointOfInterestTemplate 'spots'", .update(.pointOfInterest, "spots")),
      ("pop", .pop), ("popToRoot", .popToRoot), ("dismiss", .dismiss),
      ("popTo 'root'", .popTo("root")), ("selectTab 2", .selectTab(2)),
    ]
    for (literal, typed) in cases {
      #expect(literal == typed)
      #expect(ExpectedOperation(stringLiteral: typed.description) == typed)
    }
    #expect(
      ExpectedOperation(stringLiteral: "push CPListThing 'a'")
        == .unreadable("push CPListThing 'a'"))
    #expect(ExpectedOperation(.push(.information("a", InformationTemplateSpec(title: "a", items: []))))
      == .push(.information, "a"))
  }

  @Test("a step whose operations differ fails naming both lists and the first difference")
  func differingOperationsFail() async {
    await withKnownIssue {
      let tester = CarAppTester(app: ParkingFinder(), state: .init())
      await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
      await tester.send(.open("a"), operations: [.push(.list, "a")]) { $0.details = ["a"] }
      await tester.finish()
    } matching: { issue in
      let text = "\(issue)"
      return text.contains("expected: [push CPListTemplate 'a']")
        && text.contains("received: [push CPInformationTemplate 'a']")
        && text.contains("first difference at 0")
    }
  }

  @Test("an operation literal that names no operation fails, quoting it")
  func unreadableLiteralFails() async {
    await withKnownIssue {
      let tester = CarAppTester(app: ParkingFinder(), state: .init())
      await tester.connect(operations: ["setRoot CPTabBar 'tabs'"])
      await tester.finish()
    } matching: { issue in
      "\(issue)".contains("unreadable operation \"setRoot CPTabBar 'tabs'\"")
    }
  }

  @Test("a state difference a state's own description hides is named by its path")
  func hiddenFieldIsNamed() async {
    await withKnownIssue {
      let tester = CarAppTester(app: QuietCounter(), state: .init())
      await tester.connect(operations: [.setRoot(.list, "counter")])
      await tester.send(.tap, operations: []) { _ in }
      await tester.finish()
    } matching: { issue in
      "\(issue)".contains("taps: 0 → 1")
    }
  }
}
