/// A list row's trailing accessory (`CPListItemAccessoryType` or an accessory image).
public enum ListAccessory: Hashable, Sendable, Codable {
  case none, disclosureIndicator, cloud
  /// An accessory image; it overrides the accessory type.
  case image(CarImage)
}

/// A list row (`CPListItem`).
public struct ListItemSpec: Hashable, Sendable, Codable, Identifiable {
  /// Where the now-playing indicator sits.
  public enum PlayingIndicatorLocation: String, Hashable, Sendable, Codable { case leading, trailing }
  public var id: ElementID
  public var text: String
  public var detailText: String?
  public var image: CarImage?
  public var accessory: ListAccessory
  public var isEnabled: Bool
  public var isExplicitContent: Bool
  /// 0…1 progress bar, nil for none.
  public var playbackProgress: Double?
  public var isPlaying: Bool
  public var playingIndicatorLocation: PlayingIndicatorLocation

  /// Creates a list row.
  public init(
    id: ElementID, text: String, detailText: String? = nil, image: CarImage? = nil,
    accessory: ListAccessory = .none, isEnabled: Bool = true, isExplicitContent: Bool = false,
    playbackProgress: Double? = nil, isPlaying: Bool = false,
    playingIndicatorLocation: PlayingIndicatorLocation = .leading
  ) {
    self.id = id
    self.text = text
    self.detailText = detailText
    self.image = image
    self.accessory = accessory
    self.isEnabled = isEnabled
    self.isExplicitContent = isExplicitContent
    self.playbackProgress = playbackProgress
    self.isPlaying = isPlaying
    self.playingIndicatorLocation = playingIndicatorLocation
  }
}

/// A row of images with a title (`CPListImageRowItem`); tapping the title and tapping an
/// image are distinct events.
public struct ImageRowSpec: Hashable, Sendable, Codable, Identifiable {
  public var id: ElementID
  public var text: String
  public var images: [CarImage]
  /// Titles under the images; count should equal the image count.
  public var imageTitles: [String]

  /// Creates an image row.
  public init(id: ElementID, text: String, images: [CarImage], imageTitles: [String] = []) {
    self.id = id
    self.text = text
    self.images = images
    self.imageTitles = imageTitles
  }
}

/// One row of a list section.
public enum ListRowSpec: Hashable, Sendable, Codable, Identifiable {
  case item(ListItemSpec)
  case imageRow(ImageRowSpec)

  /// The row's element id.
  public var id: ElementID {
    switch self {
    case .item(let item): item.id
    case .imageRow(let row): row.id
    }
  }

  /// The row's main text.
  public var text: String {
    switch self {
    case .item(let item): item.text
    case .imageRow(let row): row.text
    }
  }
}

/// A list section (`CPListSection`).
public struct ListSectionSpec: Hashable, Sendable, Codable {
  public var header: String?
  public var headerSubtitle: String?
  /// Forced by the system to at most one character (carplay-facts.md §1.1).
  public var sectionIndexTitle: String?
  public var rows: [ListRowSpec]

  /// Creates a section.
  public init(
    header: String? = nil, headerSubtitle: String? = nil, sectionIndexTitle: String? = nil,
    rows: [ListRowSpec]
  ) {
    self.header = header
    self.headerSubtitle = headerSubtitle
    self.sectionIndexTitle = sectionIndexTitle
    self.rows = rows
  }

  /// A section of plain items.
  public init(header: String? = nil, items: [ListItemSpec]) {
    self.init(header: header, rows: items.map(ListRowSpec.item))
  }
}

/// The Siri row of a list (`CPAssistantCellConfiguration`), allowed only for audio and
/// communication apps (carplay-facts.md §1.1).
public struct AssistantCellSpec: Hashable, Sendable, Codable {
  /// `.top` (default) or `.bottom`.
  public enum Position: String, Hashable, Sendable, Codable { case top, bottom }
  /// `.off`, `.whileLimitedUIActive`, `.always`.
  public enum Visibility: String, Hashable, Sendable, Codable { case off, whileLimitedUIActive, always }
  /// `.playMedia` (audio) or `.startCall` (communication).
  public enum Action: String, Hashable, Sendable, Codable { case playMedia, startCall }
  public var position: Position
  public var visibility: Visibility
  public var action: Action

  /// Creates an assistant cell configuration.
  public init(position: Position = .top, visibility: Visibility, action: Action) {
    self.position = position
    self.visibility = visibility
    self.action = action
  }
}

/// A details header above a list (`CPListTemplateDetailsHeader`, iOS 26.4).
public struct ListDetailsHeaderSpec: Hashable, Sendable, Codable {
  public var thumbnail: CarImage
  public var title: String?
  public var subtitle: String?
  public var bodyVariants: TextVariants
  public var actionButtons: [BarButtonSpec]

  /// Creates a details header.
  public init(
    thumbnail: CarImage, title: String? = nil, subtitle: String? = nil,
    bodyVariants: TextVariants = [], actionButtons: [BarButtonSpec] = []
  ) {
    self.thumbnail = thumbnail
    self.title = title
    self.subtitle = subtitle
    self.bodyVariants = bodyVariants
    self.actionButtons = actionButtons
  }
}

/// A list template (`CPListTemplate`).
public struct ListTemplateSpec: Hashable, Sendable, Codable {
  public var title: String?
  public var sections: [ListSectionSpec]
  /// Shown while the list has no items (removed automatically when items arrive).
  public var emptyViewTitleVariants: TextVariants
  public var emptyViewSubtitleVariants: TextVariants
  /// Shows a spinner instead of the empty view while there are no items (iOS 18.4).
  public var showsSpinnerWhileEmpty: Bool
  /// Pinned grid buttons above the list (iOS 26).
  public var headerGridButtons: [GridButtonSpec]
  public var detailsHeader: ListDetailsHeaderSpec?
  public var assistantCell: AssistantCellSpec?
  public var navigationBar: NavigationBarSpec

  /// Creates a list template.
  public init(
    title: String?, sections: [ListSectionSpec], emptyViewTitleVariants: TextVariants = [],
    emptyViewSubtitleVariants: TextVariants = [], showsSpinnerWhileEmpty: Bool = false,
    headerGridButtons: [GridButtonSpec] = [], detailsHeader: ListDetailsHeaderSpec? = nil,
    assistantCell: AssistantCellSpec? = nil, navigationBar: NavigationBarSpec = .empty
  ) {
    self.title = title
    self.sections = sections
    self.emptyViewTitleVariants = emptyViewTitleVariants
    self.emptyViewSubtitleVariants = emptyViewSubtitleVariants
    self.showsSpinnerWhileEmpty = showsSpinnerWhileEmpty
    self.headerGridButtons = headerGridButtons
    self.detailsHeader = detailsHeader
    self.assistantCell = assistantCell
    self.navigationBar = navigationBar
  }

  /// Items across all sections (what `CPListTemplate.itemCount` counts).
  public var itemCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// Every row in order across sections.
  public var allRows: [ListRowSpec] { sections.flatMap(\.rows) }
}
