import CarSession
import CarTemplates

/// A list of chargers; a row opens the charger's details, and the car's back button closes
/// them.
public struct Chargers: CarApp {
  /// The chargers listed and the one whose details are open.
  public struct State: Equatable, Sendable {
    /// The chargers' names, in list order.
    public var names: [String]
    /// The charger whose details are open, if any.
    public var selected: String?

    /// Creates a state.
    public init(names: [String], selected: String? = nil) {
      self.names = names
      self.selected = selected
    }
  }

  /// What the driver can do.
  public enum Action: Sendable {
    /// Opens a charger's details.
    case open(String)
    /// Closes the details (the car's back button).
    case back
  }

  /// An EV charging app (carplay-facts.md §5).
  public static let entitlements = CarEntitlements.single(.evCharging)
  /// The name Siri hears.
  public static let name = "Chargers"

  /// Creates the app.
  public init() {}

  /// Applies an action to the state.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .open(let name): state.selected = name
    case .back: state.selected = nil
    }
    return []
  }

  /// The list, with the details pushed over it when a charger is open.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
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

  /// A row tap opens its charger; back closes the details (the host decides, state follows).
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .listItemSelected(_, let item, _): .open(item.rawValue)
    case .backPressed: .back
    default: nil
    }
  }
}

extension Chargers {
  /// The app as the simulator, journeys and lint know it: id `chargers`.
  public static let descriptor = AnyCarApp(
    "chargers", summary: "a list of chargers and their details", app: Chargers(),
    state: State(names: ["Kassel Hbf", "Wilhelmshöhe"]))
}
