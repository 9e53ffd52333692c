import CarSession
import CarTemplates

/// A tab bar of lists (an audio app): each tab keeps its own path of opened rows, and every
/// level offers a "More" row that goes one level deeper, to show depth limits.
public struct TabsDemo: CarApp {
  /// The demo's state.
  public struct State: Equatable, Sendable {
    /// The selected tab.
    public var selectedTab = 0
    /// The rows opened in each tab, outermost first.
    public var paths: [[ElementID]] = [[], [], []]

    /// Creates a state.
    public init(selectedTab: Int = 0, paths: [[ElementID]] = [[], [], []]) {
      self.selectedTab = selectedTab
      self.paths = paths
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    case selectTab(Int), open(ElementID), back, disconnected
  }

  /// Audio.
  public static let entitlements = CarEntitlements.single(.audio)
  /// The app's name.
  public static let name = "Wayside Radio"

  /// The tabs: id, title, symbol.
  static let tabs: [(id: TemplateID, title: String, symbol: String)] = [
    ("recent", "Recent", "clock"), ("stations", "Stations", "antenna.radiowaves.left.and.right"),
    ("podcasts", "Podcasts", "mic"),
  ]

  /// Creates the demo.
  public init() {}

  /// The registry entry.
  public static let demo = AnyCarApp(
    "tabs", summary: "a tab bar of three lists, each with its own stack", app: TabsDemo(),
    state: State(), samples: [State(selectedTab: 1, paths: [[], ["item-1"], []])])

  /// Applies an action.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .selectTab(let index):
      if state.paths.indices.contains(index) { state.selectedTab = index }
    case .open(let row):
      state.paths[state.selectedTab].append(row)
    case .back:
      _ = state.paths[state.selectedTab].popLast()
    case .disconnected:
      break
    }
    return []
  }

  /// The tab bar, with the selected tab's opened rows pushed as lists.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let tabTemplates = Self.tabs.map { tab in
      Self.level(
        tab.id, title: tab.title, path: [],
        tab: TabAppearance(
          title: tab.title, image: .symbol(tab.symbol)))
    }
    let root = TemplateSpec.tabBar(
      "tabs", TabBarTemplateSpec(tabs: tabTemplates, selectedIndex: state.selectedTab))
    let tab = Self.tabs[state.selectedTab]
    let path = state.paths[state.selectedTab]
    let stack = path.indices.map { depth in
      Self.level(tab.id, title: "\(tab.title) \(depth + 1)", path: Array(path[...depth]))
    }
    return CarScreen(root: root, stack: stack)
  }

  static func level(
    _ tab: TemplateID, title: String, path: [ElementID], tab appearance: TabAppearance? = nil
  )
    -> TemplateSpec
  {
    let id = TemplateID(([tab.rawValue] + path.map(\.rawValue)).joined(separator: "/"))
    let items =
      (1...3).map {
        ListItemSpec(id: ElementID("item-\($0)"), text: "\(title) item \($0)")
      } + [ListItemSpec(id: "more", text: "More", accessory: .disclosureIndicator)]
    return .list(
      id, tab: appearance, ListTemplateSpec(title: title, sections: [ListSectionSpec(items: items)])
    )
  }

  /// Tab switches, row taps and back flow into the state.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .tabSelected(let index, _): .selectTab(index)
    case .listItemSelected(_, let row, _): .open(row)
    case .backPressed: .back
    case .disconnected: .disconnected
    default: nil
    }
  }
}
