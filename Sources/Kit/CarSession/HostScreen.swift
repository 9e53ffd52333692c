import CarTemplates

/// What a host actually shows: the root, one navigation stack per tab (or one stack when the
/// root is not a tab bar), and the presented template.
///
/// The reconciler compares an app's wanted `CarScreen` against this. Each tab keeps its own
/// stack while another tab is selected (carplay-facts.md §1.3).
public struct HostScreen: Hashable, Sendable {
  /// The root template; a tab bar's `selectedIndex` is the selected tab.
  public var root: TemplateSpec
  /// Templates pushed above each tab (index = tab index), or `[stack]` for a non-tab root.
  public var stacks: [[TemplateSpec]]
  /// The presented alert, action sheet or voice control template.
  public var modal: TemplateSpec?
  /// What a navigation app drew into the car's window.
  public var window: CarWindowSpec?

  /// Creates a host screen.
  public init(
    root: TemplateSpec, stacks: [[TemplateSpec]]? = nil, modal: TemplateSpec? = nil,
    window: CarWindowSpec? = nil
  ) {
    self.root = root
    self.stacks = stacks ?? Array(repeating: [], count: Self.stackCount(for: root))
    self.modal = modal
    self.window = window
  }

  /// The number of stacks a root has: one per tab, or one.
  public static func stackCount(for root: TemplateSpec) -> Int {
    if case .tabBar(let bar) = root.content { return max(1, bar.tabs.count) }
    return 1
  }

  /// The index of the stack in front: the selected tab, or 0.
  public var selectedStackIndex: Int {
    if case .tabBar(let bar) = root.content, stacks.indices.contains(bar.selectedIndex) {
      return bar.selectedIndex
    }
    return 0
  }

  /// The stack in front (of the selected tab).
  public var stack: [TemplateSpec] {
    stacks.indices.contains(selectedStackIndex) ? stacks[selectedStackIndex] : []
  }

  /// The visible screen as an app would describe it.
  public var visible: CarScreen {
    CarScreen(root: root, stack: stack, modal: modal, window: window)
  }
}
