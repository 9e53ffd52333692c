/// The whole car screen an app wants: a root, the templates pushed above it (on the selected
/// tab when the root is a tab bar), and at most one modal.
///
/// Screen builders produce this from app state; the reconciler turns the difference between
/// it and the host's actual screen into host operations.
public struct CarScreen: Hashable, Sendable, Codable {
  /// The root template: a tab bar, list, grid or map.
  public var root: TemplateSpec
  /// Templates pushed above the root (or above the selected tab's template), bottom first.
  public var stack: [TemplateSpec]
  /// The presented alert, action sheet or voice control template.
  public var modal: TemplateSpec?
  /// What the app draws into the car's window under its templates; navigation apps only
  /// (carplay-facts.md §4). Nil draws nothing.
  public var window: CarWindowSpec?
  /// What the app publishes to `MPNowPlayingInfoCenter` (carplay-facts.md §8): the system's
  /// Now Playing and video player draw from it whether or not the app's Now Playing template is
  /// on screen, and extrapolate the elapsed time from the rate since it was published. Nil
  /// publishes nothing.
  public var nowPlayingInfo: NowPlayingInfoSpec?
  /// The commands the app has `MPRemoteCommandCenter` targets for (carplay-facts.md §8); nil
  /// registers none.
  public var remoteCommands: RemoteCommandTargets?

  /// Creates a screen.
  public init(
    root: TemplateSpec, stack: [TemplateSpec] = [], modal: TemplateSpec? = nil,
    window: CarWindowSpec? = nil, nowPlayingInfo: NowPlayingInfoSpec? = nil,
    remoteCommands: RemoteCommandTargets? = nil
  ) {
    self.root = root
    self.stack = stack
    self.modal = modal
    self.window = window
    self.nowPlayingInfo = nowPlayingInfo
    self.remoteCommands = remoteCommands
  }

  /// The template on top of the navigation stack (ignoring the modal): the last pushed one, the
  /// selected tab, or the root.
  public var top: TemplateSpec {
    if let last = stack.last { return last }
    if case .tabBar(let bar) = root.content, let tab = bar.selectedTab { return tab }
    return root
  }

  /// Depth as CarPlay counts it: templates on the navigation stack including the root; a tab
  /// bar root occupies one slot (carplay-facts.md §2, OBSERVED "four pushes and the stack is
  /// full" with a tab bar). Modals are not counted: whether they count is UNCONFIRMED, and this
  /// is the permissive reading, not the conservative one — it follows the fact sheet's stated
  /// model (§2: Apple's text speaks only of pushed templates; "model: it does not count"). An
  /// app that presents an alert over a full stack passes here and might not in a car.
  public var depth: Int { 1 + stack.count }
}
