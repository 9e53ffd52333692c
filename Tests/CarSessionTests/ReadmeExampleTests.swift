import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Testing

/// The app shown in Guides/CarSession.md ("The kit: CarPlay as values"), kept here verbatim so
/// the example always compiles and works.
struct Chargers: CarApp {
  struct State: Equatable, Sendable { var names: [String]; var selected: String? }
  enum Action: Sendable { case open(String), back }
  static let entitlements = CarEntitlements.single(.evCharging)
  static let name = "Wayside"

  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .open(let name): state.selected = name
    case .back: state.selected = nil
    }
    return []
  }

  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let rows = state.names.map {
      ListItemSpec(id: ElementID($0), text: $0, accessory: .disclosureIndicator)
    }
    let root = TemplateSpec.list(
      "chargers", ListTemplateSpec(title: "Chargers", sections: [ListSectionSpec(items: rows)]))
    let detail = state.selected.map { name in
      TemplateSpec.information(TemplateID(name), InformationTemplateSpec(title: name, items: []))
    }
    return CarScreen(root: root, stack: detail.map { [$0] } ?? [])
  }

  func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .listItemSelected(_, let item, _): .open(item.rawValue)
    case .backPressed: .back  // the host decides; state follows
    default: nil
    }
  }
}

@MainActor
@Suite("The kit guide's example app")
struct ReadmeExampleTests {
  @Test("a tap pushes the details, and the host's back press brings the state back")
  func tapAndBack() async throws {
    let tester = CarAppTester(app: Chargers(), state: Chargers.State(names: ["Kassel Hbf", "Baunatal"]))
    await tester.connect(operations: [.setRoot(.list, "chargers")])
    #expect(tester.host.topTemplate?.id == "chargers")
    await tester.drive({ try $0.tapRow("Baunatal") }, operations: [.push(.information, "Baunatal")]) {
      $0.selected = "Baunatal"
    }
    #expect(tester.host.topTemplate?.id == "Baunatal")
    await tester.drive({ try $0.back() }, operations: []) { $0.selected = nil }
    #expect(tester.host.depth == 1)
    await tester.finish()
  }
}
