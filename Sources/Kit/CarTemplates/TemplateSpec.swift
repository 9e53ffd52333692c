/// The kind of a template, without its content: what the category matrix and the
/// root/push/present rules talk about.
public enum TemplateKind: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible
{
  case tabBar, list, grid, information, pointOfInterest, map, nowPlaying, alert, actionSheet,
    search, voiceControl, contact

  /// The CarPlay class name, for messages: `CPListTemplate`, …
  public var className: String {
    switch self {
    case .tabBar: "CPTabBarTemplate"
    case .list: "CPListTemplate"
    case .grid: "CPGridTemplate"
    case .information: "CPInformationTemplate"
    case .pointOfInterest: "CPPointOfInterestTemplate"
    case .map: "CPMapTemplate"
    case .nowPlaying: "CPNowPlayingTemplate"
    case .alert: "CPAlertTemplate"
    case .actionSheet: "CPActionSheetTemplate"
    case .search: "CPSearchTemplate"
    case .voiceControl: "CPVoiceControlTemplate"
    case .contact: "CPContactTemplate"
    }
  }

  /// The raw value, e.g. `pointOfInterest`.
  public var description: String { rawValue }
}

/// A tab bar (`CPTabBarTemplate`): each tab is a template with its own navigation stack.
public struct TabBarTemplateSpec: Hashable, Sendable, Codable {
  /// The tabs' templates, leading to trailing; each has its own stack.
  public var tabs: [TemplateSpec]
  /// Index of the selected tab (must be < tab count).
  public var selectedIndex: Int

  /// Creates a tab bar.
  public init(tabs: [TemplateSpec], selectedIndex: Int = 0) {
    self.tabs = tabs
    self.selectedIndex = selectedIndex
  }

  /// The selected tab, if the index is valid.
  public var selectedTab: TemplateSpec? {
    tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil
  }

  /// Whether ``selectedIndex`` is smaller than the tab count, as `selectTemplate(at:)` requires
  /// (carplay-facts.md §1.3); an empty tab bar selects nothing and is a separate violation. The
  /// lint (CP017) and the emulated host both use this.
  public var selectionIsInRange: Bool { tabs.isEmpty || tabs.indices.contains(selectedIndex) }
}

/// Everything the car shows for one template: its identity, its tab appearance and its content.
///
/// Specs are values computed from app state by pure builders; the host renders them.
public struct TemplateSpec: Hashable, Sendable, Codable, Identifiable {
  /// The content of each template kind.
  public indirect enum Content: Hashable, Sendable, Codable {
    case tabBar(TabBarTemplateSpec)
    case list(ListTemplateSpec)
    case grid(GridTemplateSpec)
    case information(InformationTemplateSpec)
    case pointOfInterest(PointOfInterestTemplateSpec)
    case map(MapTemplateSpec)
    case nowPlaying(NowPlayingTemplateSpec)
    case alert(AlertTemplateSpec)
    case actionSheet(ActionSheetTemplateSpec)
    case search(SearchTemplateSpec)
    case voiceControl(VoiceControlTemplateSpec)
    case contact(ContactTemplateSpec)
  }

  /// The template's stable identity, which operations and events name.
  public var id: TemplateID
  /// Appearance when this template is the first of a tab.
  public var tab: TabAppearance?
  /// What the template shows.
  public var content: Content

  /// Creates a template spec.
  public init(id: TemplateID, tab: TabAppearance? = nil, _ content: Content) {
    self.id = id
    self.tab = tab
    self.content = content
  }

  /// The template's kind.
  public var kind: TemplateKind {
    switch content {
    case .tabBar: .tabBar
    case .list: .list
    case .grid: .grid
    case .information: .information
    case .pointOfInterest: .pointOfInterest
    case .map: .map
    case .nowPlaying: .nowPlaying
    case .alert: .alert
    case .actionSheet: .actionSheet
    case .search: .search
    case .voiceControl: .voiceControl
    case .contact: .contact
    }
  }

  /// The title a driver sees at the top, when the template has one.
  public var title: String? {
    switch content {
    case .tabBar: nil
    case .list(let t): t.title
    case .grid(let t): t.title
    case .information(let t): t.title
    case .pointOfInterest(let t): t.title
    case .map: nil
    case .nowPlaying: "Now Playing"
    case .alert(let t): t.titleVariants.preferred
    case .actionSheet(let t): t.title
    case .search: "Search"
    case .voiceControl: nil
    case .contact(let t): t.name
    }
  }

  /// A short label naming this template in diagnostics: `CPListTemplate 'stations'`.
  public var label: String { "\(kind.className) '\(id)'" }
}

extension TemplateSpec {
  /// A list template.
  public static func list(_ id: TemplateID, tab: TabAppearance? = nil, _ spec: ListTemplateSpec)
    -> TemplateSpec
  { TemplateSpec(id: id, tab: tab, .list(spec)) }
  /// A grid template.
  public static func grid(_ id: TemplateID, tab: TabAppearance? = nil, _ spec: GridTemplateSpec)
    -> TemplateSpec
  { TemplateSpec(id: id, tab: tab, .grid(spec)) }
  /// An information template.
  public static func information(
    _ id: TemplateID, tab: TabAppearance? = nil, _ spec: InformationTemplateSpec
  ) -> TemplateSpec { TemplateSpec(id: id, tab: tab, .information(spec)) }
  /// A point-of-interest template.
  public static func pointOfInterest(
    _ id: TemplateID, tab: TabAppearance? = nil, _ spec: PointOfInterestTemplateSpec
  ) -> TemplateSpec { TemplateSpec(id: id, tab: tab, .pointOfInterest(spec)) }
  /// A tab bar.
  public static func tabBar(_ id: TemplateID, _ spec: TabBarTemplateSpec) -> TemplateSpec {
    TemplateSpec(id: id, .tabBar(spec))
  }
  /// A map template.
  public static func map(_ id: TemplateID, _ spec: MapTemplateSpec) -> TemplateSpec {
    TemplateSpec(id: id, .map(spec))
  }
  /// The Now Playing template.
  public static func nowPlaying(_ id: TemplateID = "now-playing", _ spec: NowPlayingTemplateSpec)
    -> TemplateSpec
  { TemplateSpec(id: id, .nowPlaying(spec)) }
  /// The Now Playing template under its usual id, `now-playing` (the default id of the
  /// two-argument form cannot be omitted because the spec follows it unlabelled).
  public static func nowPlaying(_ spec: NowPlayingTemplateSpec) -> TemplateSpec {
    TemplateSpec(id: "now-playing", .nowPlaying(spec))
  }
  /// An alert.
  public static func alert(_ id: TemplateID, _ spec: AlertTemplateSpec) -> TemplateSpec {
    TemplateSpec(id: id, .alert(spec))
  }
  /// An action sheet.
  public static func actionSheet(_ id: TemplateID, _ spec: ActionSheetTemplateSpec) -> TemplateSpec
  { TemplateSpec(id: id, .actionSheet(spec)) }
  /// A search template.
  public static func search(_ id: TemplateID, _ spec: SearchTemplateSpec) -> TemplateSpec {
    TemplateSpec(id: id, .search(spec))
  }
  /// A voice control template.
  public static func voiceControl(_ id: TemplateID, _ spec: VoiceControlTemplateSpec)
    -> TemplateSpec
  { TemplateSpec(id: id, .voiceControl(spec)) }
  /// A contact template.
  public static func contact(_ id: TemplateID, _ spec: ContactTemplateSpec) -> TemplateSpec {
    TemplateSpec(id: id, .contact(spec))
  }
}
