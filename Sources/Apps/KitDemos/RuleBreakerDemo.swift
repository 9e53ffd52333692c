import CarSession
import CarTemplates
import Geo

/// An EV-charging app that breaks CarPlay's rules on request, one row per violation, so
/// journeys and tests can show how the host and the session react.
public struct RuleBreakerDemo: CarApp {
  /// The demo's state.
  public struct State: Equatable, Sendable {
    /// Levels pushed by "deep".
    public var depth = 0
    /// Whether the 13-point map is pushed.
    public var manyPoints = false
    /// Whether the screen whose back press is ignored is pushed.
    public var sticky = false
    /// Whether the slow load finished.
    public var loaded = false
    /// Whether Now Playing (not allowed for EV charging) is pushed.
    public var nowPlaying = false
    /// Whether the root is an empty tab bar.
    public var emptyTabs = false

    /// Creates a state.
    public init(
      depth: Int = 0, manyPoints: Bool = false, sticky: Bool = false, loaded: Bool = false,
      nowPlaying: Bool = false, emptyTabs: Bool = false
    ) {
      self.depth = depth
      self.manyPoints = manyPoints
      self.sticky = sticky
      self.loaded = loaded
      self.nowPlaying = nowPlaying
      self.emptyTabs = emptyTabs
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    case tap(ElementID), loaded, back, reset
  }

  /// EV charging.
  public static let entitlements = CarEntitlements.single(.evCharging)
  /// The app's name.
  public static let name = "Rule Breaker"

  /// The rows and what each one breaks.
  public static let rows: [(id: ElementID, text: String)] = [
    ("deep", "Go one level deeper (depth limit 5)"),
    ("many-points", "Show 13 chargers (12 allowed)"),
    ("slow", "Load for 8 s before answering (row spins)"),
    ("forget-back", "Open a screen whose back press is ignored"),
    ("now-playing", "Push Now Playing (not allowed for EV charging)"),
    ("empty-tabs", "Replace the root with an empty tab bar"),
  ]

  /// Creates the demo.
  public init() {}

  /// The registry entry.
  public static let demo = AnyCarApp(
    "rule-breaker", summary: "an EV-charging app that breaks one CarPlay rule per row",
    app: RuleBreakerDemo(), state: State(),
    samples: [
      State(depth: 5), State(manyPoints: true), State(nowPlaying: true), State(emptyTabs: true),
    ])

  /// Applies an action.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .tap("deep"): state.depth += 1
    case .tap("many-points"): state.manyPoints = true
    case .tap("slow"):
      return [
        .run { clients in
          await clients.clock.sleep(.seconds(8))
          return .loaded
        }
      ]
    case .tap("forget-back"): state.sticky = true
    case .tap("now-playing"): state.nowPlaying = true
    case .tap("empty-tabs"): state.emptyTabs = true
    case .tap: break
    case .loaded: state.loaded = true
    case .back:
      // Deliberately ignores back on the sticky screen: the session reports S002.
      if state.sticky { break }
      if state.manyPoints { state.manyPoints = false } else if state.depth > 0 { state.depth -= 1 }
    case .reset: state = State()
    }
    return []
  }

  /// The rule list with filler rows (20 in all), and whatever the taps asked for.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    if state.emptyTabs {
      return CarScreen(root: .tabBar("empty", TabBarTemplateSpec(tabs: [])))
    }
    let rules = Self.rows.map { ListItemSpec(id: $0.id, text: $0.text) }
    let filler = (1...14).map { ListItemSpec(id: ElementID("filler-\($0)"), text: "Filler \($0)") }
    let root = TemplateSpec.list(
      "rules",
      ListTemplateSpec(
        title: state.loaded ? "Rules (loaded)" : "Rules",
        sections: [
          ListSectionSpec(header: "Break a rule", items: rules),
          ListSectionSpec(header: "Filler", items: filler),
        ]))
    var stack: [TemplateSpec] = (0..<state.depth).map { level in
      .list(
        TemplateID("level-\(level + 1)"),
        ListTemplateSpec(
          title: "Level \(level + 2)",
          sections: [ListSectionSpec(items: [ListItemSpec(id: "deep", text: "Deeper")])]))
    }
    if state.manyPoints {
      let points = (0..<13).map { index in
        PointOfInterestSpec(
          id: ElementID("charger-\(index + 1)"),
          location: Coordinate(latitude: 51.30 + Double(index) * 0.005, longitude: 9.48),
          title: "Charger \(index + 1)")
      }
      stack.append(
        .pointOfInterest("many", PointOfInterestTemplateSpec(title: "13 chargers", points: points)))
    }
    if state.sticky {
      stack.append(
        .list("sticky", ListTemplateSpec(title: "Sticky", sections: [ListSectionSpec(items: [])])))
    }
    if state.nowPlaying { stack.append(.nowPlaying("now-playing", NowPlayingTemplateSpec())) }
    return CarScreen(root: root, stack: stack)
  }

  /// Taps and back flow in; a new connection starts from a clean state.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .listItemSelected(_, let row, _): .tap(row)
    case .backPressed: .back
    case .connected: .reset
    default: nil
    }
  }
}
