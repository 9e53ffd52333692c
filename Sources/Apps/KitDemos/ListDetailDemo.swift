import CarSession
import CarTemplates

/// List → detail (information) → alert: a list of chargers; a row opens its details; "Start"
/// asks for confirmation in an alert.
public struct ListDetailDemo: CarApp {
  /// A charger as the demo lists it.
  public struct Charger: Hashable, Sendable {
    /// Row and template id.
    public var id: ElementID
    /// Display name.
    public var name: String
    /// Maximum power, e.g. `150 kW`.
    public var power: String
    /// Connector types.
    public var connectors: String
    /// Price text.
    public var price: String
  }

  /// The demo's state.
  public struct State: Equatable, Sendable {
    /// The chargers listed.
    public var chargers: [Charger]
    /// The charger whose details are open.
    public var selected: ElementID?
    /// Whether the start confirmation is presented.
    public var confirming = false
    /// The charger a session was started at.
    public var charging: ElementID?

    /// Creates a state.
    public init(
      chargers: [Charger], selected: ElementID? = nil, confirming: Bool = false,
      charging: ElementID? = nil
    ) {
      self.chargers = chargers
      self.selected = selected
      self.confirming = confirming
      self.charging = charging
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    case open(ElementID), back, startTapped, confirm, cancel, showList
  }

  /// EV charging.
  public static let entitlements = CarEntitlements.single(.evCharging)
  /// The app's name.
  public static let name = "Wayside"
  /// "Show chargers in Wayside".
  public static let shortcuts = [
    VoiceShortcut(phrase: "Show chargers in ${applicationName}", intent: "ShowChargers")
  ]

  /// Creates the demo.
  public init() {}

  /// Three chargers.
  public static let initialState = State(chargers: [
    Charger(
      id: "kassel-hbf", name: "Kassel Hbf", power: "150 kW", connectors: "CCS, Type 2",
      price: "0.59 €/kWh"),
    Charger(
      id: "wilhelmshoehe", name: "Wilhelmshöhe", power: "50 kW", connectors: "CCS, CHAdeMO",
      price: "0.49 €/kWh"),
    Charger(
      id: "auestadion", name: "Auestadion", power: "22 kW", connectors: "Type 2",
      price: "0.39 €/kWh"),
  ])

  /// The registry entry.
  public static let demo = AnyCarApp(
    "list-detail", summary: "a list of chargers → details (information) → start alert",
    app: ListDetailDemo(), state: initialState,
    samples: [
      State(chargers: initialState.chargers, selected: "kassel-hbf"),
      State(chargers: initialState.chargers, selected: "kassel-hbf", confirming: true),
    ])

  /// Applies an action.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .open(let id):
      guard state.chargers.contains(where: { $0.id == id }) else { return [] }
      state.selected = id
    case .back, .showList:
      state.selected = nil
      state.confirming = false
    case .startTapped:
      state.confirming = state.selected != nil
    case .confirm:
      state.confirming = false
      state.charging = state.selected
    case .cancel:
      state.confirming = false
    }
    return []
  }

  /// Root list, the selected charger's details pushed, the alert presented.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let rows = state.chargers.map { charger in
      ListItemSpec(
        id: charger.id, text: charger.name,
        detailText: "\(charger.power) · \(charger.connectors)"
          + (state.charging == charger.id ? " · charging" : ""),
        image: .symbol("ev.charger"), accessory: .disclosureIndicator)
    }
    let root = TemplateSpec.list(
      "chargers", ListTemplateSpec(title: "Chargers", sections: [ListSectionSpec(items: rows)]))
    guard let id = state.selected, let charger = state.chargers.first(where: { $0.id == id })
    else { return CarScreen(root: root) }
    let detail = TemplateSpec.information(
      TemplateID("detail-\(charger.id)"),
      InformationTemplateSpec(
        title: charger.name, layout: .twoColumn,
        items: [
          InformationItemSpec(id: "power", title: "Power", detail: charger.power),
          InformationItemSpec(id: "connectors", title: "Connectors", detail: charger.connectors),
          InformationItemSpec(id: "price", title: "Price", detail: charger.price),
          InformationItemSpec(
            id: "status", title: "Status",
            detail: state.charging == charger.id ? "Charging" : "Available"),
        ],
        actions: [TextButtonSpec(id: "start", title: "Start charging", style: .confirm)]))
    let alert =
      state.confirming
      ? TemplateSpec.alert(
        "confirm-start",
        AlertTemplateSpec(
          titleVariants: ["Start charging at \(charger.name)?", "Start charging?"],
          actions: [
            AlertActionSpec(id: "confirm", title: "Start"),
            AlertActionSpec(id: "cancel", title: "Cancel", style: .cancel),
          ])) : nil
    return CarScreen(root: root, stack: [detail], modal: alert)
  }

  /// Rows open details; back, the alert's actions and Siri flow back into the state.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .listItemSelected(_, let item, _): .open(item)
    case .backPressed: .back
    case .buttonPressed(_, "start"): .startTapped
    case .modalActionChosen(_, "confirm"): .confirm
    case .modalActionChosen, .modalDismissed: .cancel
    case .voiceIntent("ShowChargers"): .showList
    default: nil
    }
  }
}
