/// A navigation-bar button (`CPBarButton`); if both title and image are set the title wins
/// (carplay-facts.md §1.0).
public struct BarButtonSpec: Hashable, Sendable, Codable, Identifiable {
  /// `.none` (default) or `.rounded`.
  public enum Style: String, Hashable, Sendable, Codable { case none, rounded }
  public var id: ElementID
  public var title: String?
  public var image: CarImage?
  public var style: Style
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
  public var id: ElementID
  public var title: String
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
  public var id: ElementID
  public var titleVariants: TextVariants
  public var image: CarImage?
  public var isEnabled: Bool

  /// Creates a grid button.
  public init(id: ElementID, titleVariants: TextVariants, image: CarImage?, isEnabled: Bool = true) {
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
  public var id: ElementID
  public var image: CarImage?
  public var focusedImage: CarImage?
  public var isEnabled: Bool
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
  public var id: ElementID
  public var kind: Kind
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
  public var id: ElementID
  public var title: String
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
  public var title: String?
  public var image: CarImage?
  /// A system tab item name such as `favorites`, `recents`, `search`, `more`.
  public var systemItem: String?
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
  public var leading: [BarButtonSpec]
  public var trailing: [BarButtonSpec]
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
