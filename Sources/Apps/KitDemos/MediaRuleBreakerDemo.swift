import CarSession
import CarTemplates

/// An audio and video app that breaks the rules only media apps can break, one row per
/// violation: it replaces its root under Now Playing and the video player, crowds Now Playing
/// with buttons, puts a grid above Now Playing and shows more tabs than audio apps may.
public struct MediaRuleBreakerDemo: CarApp {
  /// The demo's state.
  public struct State: Equatable, Sendable {
    /// Whether Now Playing is pushed.
    public var nowPlaying = false
    /// How many buttons Now Playing has (5 allowed).
    public var nowPlayingButtons = 2
    /// Whether a grid is pushed above Now Playing (only a list may be).
    public var gridAboveNowPlaying = false
    /// Whether the root was replaced by a new library list.
    public var rootReplaced = false
    /// Whether the root is a tab bar with five tabs (audio allows four).
    public var fiveTabs = false

    /// Creates a state.
    public init(
      nowPlaying: Bool = false, nowPlayingButtons: Int = 2, gridAboveNowPlaying: Bool = false,
      rootReplaced: Bool = false, fiveTabs: Bool = false
    ) {
      self.nowPlaying = nowPlaying
      self.nowPlayingButtons = nowPlayingButtons
      self.gridAboveNowPlaying = gridAboveNowPlaying
      self.rootReplaced = rootReplaced
      self.fiveTabs = fiveTabs
    }
  }

  /// What can happen: a row tap, back, or a new connection.
  public enum Action: Sendable {
    /// The driver tapped the row with this id.
    case tap(ElementID)
    /// The host popped the top template.
    case back
    /// The car connected: start clean.
    case reset
    /// The timer set by "replace-root" fired: the app replaces its root.
    case replaceRoot
  }

  /// Audio and video, the one media pair Apple grants (carplay-facts.md §5).
  public static let entitlements = CarEntitlements([.audio, .video])
  /// The app's name.
  public static let name = "Media Rule Breaker"

  /// The rows and what each one breaks.
  public static let rows: [(id: ElementID, text: String)] = [
    ("now-playing", "Open Now Playing"),
    ("crowd-now-playing", "Open Now Playing with 6 buttons (5 allowed)"),
    ("grid-above", "Push a grid above Now Playing (only a list may go there)"),
    ("replace-root", "Open Now Playing, replace the root 5 s later (tears down the players)"),
    ("five-tabs", "Show 5 tabs (audio apps may show 4)"),
  ]

  /// Creates the demo.
  public init() {}

  /// The registry entry.
  public static let demo = AnyCarApp(
    "rule-breaker-media",
    summary: "an audio + video app that breaks the rules only media apps can break",
    app: MediaRuleBreakerDemo(), state: State(),
    samples: [
      State(nowPlaying: true, nowPlayingButtons: 6),
      State(nowPlaying: true, gridAboveNowPlaying: true),
      State(fiveTabs: true),
    ])

  /// Applies an action.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .tap("now-playing"): state.nowPlaying = true
    case .tap("crowd-now-playing"):
      state.nowPlaying = true
      state.nowPlayingButtons = 6
    case .tap("grid-above"):
      state.nowPlaying = true
      state.gridAboveNowPlaying = true
    case .tap("replace-root"):
      // Now Playing now, a new root later (as after a sign-in or a library reload): the host
      // tears the players down with the old root.
      state.nowPlaying = true
      return [.schedule(id: "replace-root", after: .seconds(5), .replaceRoot)]
    case .replaceRoot:
      // The new root comes without Now Playing: the app means to start over.
      state.rootReplaced = true
      state.nowPlaying = false
    case .tap("five-tabs"): state.fiveTabs = true
    case .tap: break
    case .back:
      if state.gridAboveNowPlaying {
        state.gridAboveNowPlaying = false
      } else {
        state.nowPlaying = false
      }
    case .reset: state = State()
    }
    return []
  }

  /// The rule list (or the replaced root, or five tabs), with Now Playing and the grid above it
  /// when asked for.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let items = Self.rows.map { ListItemSpec(id: $0.id, text: $0.text) }
    if state.fiveTabs {
      let tabs = (1...5).map { index in
        TemplateSpec.list(
          TemplateID("tab-\(index)"), tab: TabAppearance(title: "Tab \(index)"),
          ListTemplateSpec(title: "Tab \(index)", sections: [ListSectionSpec(items: items)]))
      }
      return CarScreen(root: .tabBar("tabs", TabBarTemplateSpec(tabs: tabs)))
    }
    let root: TemplateSpec =
      state.rootReplaced
      ? .list(
        "library-new",
        ListTemplateSpec(title: "Library (new)", sections: [ListSectionSpec(items: items)]))
      : .list(
        "library", ListTemplateSpec(title: "Media rules", sections: [ListSectionSpec(items: items)])
      )
    guard state.nowPlaying else { return CarScreen(root: root) }
    let buttons = (1...max(1, state.nowPlayingButtons)).map {
      NowPlayingButtonSpec(id: ElementID("button-\($0)"), kind: .image(.symbol("star")))
    }
    var stack: [TemplateSpec] = [
      .nowPlaying("now-playing", NowPlayingTemplateSpec(buttons: buttons))
    ]
    if state.gridAboveNowPlaying {
      stack.append(
        .grid(
          "grid",
          GridTemplateSpec(
            title: "Genres",
            buttons: [
              GridButtonSpec(id: "jazz", titleVariants: "Jazz", image: .symbol("music.note"))
            ])))
    }
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
