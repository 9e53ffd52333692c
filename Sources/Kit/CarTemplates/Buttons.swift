/// A navigation-bar button (`CPBarButton`); if both title and image are set the title wins
/// (carplay-facts.md §1.0).
public struct BarButtonSpec: Hashable, Sendable, Codable, Identifiable {
  /// `.none` (default) or `.rounded`.
  public enum Style: String, Hashable, Sendable, Codable { case none, rounded }
  /// The button's stable identity, which press events name.
  public var id: ElementID
  /// The title; when an image is also set, the title wins (carplay-facts.md §1.0).
  public var title: String?
  /// The image, shown only when there is no title.
  public var image: CarImage?
  /// The button's shape: plain or rounded.
  public var style: Style
  /// Whether the driver can press the button.
  public var isEnabled: Bool

  /// Creates a bar button.
  public init(
    id: ElementID, title: String? = nil, image: CarImage? = nil, style: Style = .none,
    isEnabled: Bool = true
  ) {
    self.id = id
    self.title = title
    self.image = image
    self.style = style
    self.isEnabled = isEnabled
  }
}

/// A text button (`CPTextButton`) used by information-template actions and POI detail cards.
public struct TextButtonSpec: Hashable, Sendable, Codable, Identifiable {
  /// `.normal` (default), `.cancel` or `.confirm`.
  public enum Style: String, Hashable, Sendable, Codable { case normal, cancel, confirm }
  /// The button's stable identity, which press events name.
  public var id: ElementID
  /// The button's text.
  public var title: String
  /// How the text is drawn: normal, cancel or confirm.
  public var style: Style

  /// Creates a text button.
  public init(id: ElementID, title: String, style: Style = .normal) {
    self.id = id
    self.title = title
    self.style = style
  }
}

/// A grid button (`CPGridButton`); one without an image or with an empty title is not shown
/// (carplay-facts.md §1.2).
public struct GridButtonSpec: Hashable, Sendable, Codable, Identifiable {
  /// The button's stable identity, which press events name.
  public var id: ElementID
  /// The titles, longest first; the grid shows the first that fits.
  public var titleVariants: TextVariants
  /// The icon; a button without one is not displayed (carplay-facts.md §1.2).
  public var image: CarImage?
  /// Whether the driver can press the button.
  public var isEnabled: Bool

  /// Creates a grid button.
  public init(id: ElementID, titleVariants: TextVariants, image: CarImage?, isEnabled: Bool = true)
  {
    self.id = id
    self.titleVariants = titleVariants
    self.image = image
    self.isEnabled = isEnabled
  }

  /// Whether CarPlay would draw it: it needs an image and a non-empty title.
  public var isDisplayable: Bool {
    image != nil && !(titleVariants.variants.first ?? "").isEmpty
  }
}

/// A button on the map (`CPMapButton`), e.g. zoom in / out / pan.
public struct MapButtonSpec: Hashable, Sendable, Codable, Identifiable {
  /// The button's stable identity, which press events name.
  public var id: ElementID
  /// The button's icon.
  public var image: CarImage?
  /// The icon while the button has the focus (knob or touchpad cars).
  public var focusedImage: CarImage?
  /// Whether the driver can press the button.
  public var isEnabled: Bool
  /// Whether the button is hidden while keeping its place in the list.
  public var isHidden: Bool

  /// Creates a map button.
  public init(
    id: ElementID, image: CarImage?, focusedImage: CarImage? = nil, isEnabled: Bool = true,
    isHidden: Bool = false
  ) {
    self.id = id
    self.image = image
    self.focusedImage = focusedImage
    self.isEnabled = isEnabled
    self.isHidden = isHidden
  }
}

/// A Now Playing button (`CPNowPlayingButton` subclasses).
public struct NowPlayingButtonSpec: Hashable, Sendable, Codable, Identifiable {
  /// The concrete button class; the base class is never used (carplay-facts.md §8).
  public enum Kind: Hashable, Sendable, Codable {
    case shuffle, `repeat`, playbackRate, addToLibrary, more
    case image(CarImage)
  }
  /// The button's stable identity, which press events name.
  public var id: ElementID
  /// Which system button class it is.
  public var kind: Kind
  /// Whether the driver can press the button.
  public var isEnabled: Bool
  /// Only meaningful for custom image buttons.
  public var isSelected: Bool

  /// Creates a Now Playing button.
  public init(id: ElementID, kind: Kind, isEnabled: Bool = true, isSelected: Bool = false) {
    self.id = id
    self.kind = kind
    self.isEnabled = isEnabled
    self.isSelected = isSelected
  }
}

/// An alert or action-sheet action (`CPAlertAction`).
public struct AlertActionSpec: Hashable, Sendable, Codable, Identifiable {
  /// `.default`, `.cancel` or `.destructive`.
  public enum Style: String, Hashable, Sendable, Codable { case `default`, cancel, destructive }
  /// The action's stable identity, which choose events name.
  public var id: ElementID
  /// The action's text.
  public var title: String
  /// How the action is drawn: default, cancel or destructive.
  public var style: Style

  /// Creates an action.
  public init(id: ElementID, title: String, style: Style = .default) {
    self.id = id
    self.title = title
    self.style = style
  }
}

/// How a template looks as the first template of a tab (`tabTitle`, `tabImage`,
/// `tabSystemItem`, `showsTabBadge`; carplay-facts.md §1.0).
public struct TabAppearance: Hashable, Sendable, Codable {
  /// The tab's title; without one the tab takes the template's title.
  public var title: String?
  /// The tab's icon; it wins over a system item.
  public var image: CarImage?
  /// A system tab item name such as `favorites`, `recents`, `search`, `more`.
  public var systemItem: String?
  /// Whether the tab shows a badge (default false).
  public var showsBadge: Bool

  /// Creates a tab appearance.
  public init(
    title: String? = nil, image: CarImage? = nil, systemItem: String? = nil,
    showsBadge: Bool = false
  ) {
    self.title = title
    self.image = image
    self.systemItem = systemItem
    self.showsBadge = showsBadge
  }
}

/// Navigation-bar buttons shared by templates that provide them (`CPBarButtonProviding`):
/// at most 2 leading and 2 trailing are shown, plus an optional back button.
public struct NavigationBarSpec: Hashable, Sendable, Codable {
  /// Buttons at the leading edge; the first 2 are shown.
  public var leading: [BarButtonSpec]
  /// Buttons at the trailing edge; the first 2 are shown.
  public var trailing: [BarButtonSpec]
  /// A custom back button, replacing the system's.
  public var backButton: BarButtonSpec?

  /// Creates navigation-bar buttons.
  public init(
    leading: [BarButtonSpec] = [], trailing: [BarButtonSpec] = [], backButton: BarButtonSpec? = nil
  ) {
    self.leading = leading
    self.trailing = trailing
    self.backButton = backButton
  }

  /// No buttons.
  public static let empty = NavigationBarSpec()
}
