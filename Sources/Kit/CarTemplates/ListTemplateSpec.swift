/// A list row's trailing accessory (`CPListItemAccessoryType` or an accessory image).
public enum ListAccessory: Hashable, Sendable, Codable {
  case none, disclosureIndicator, cloud
  /// An accessory image; it overrides the accessory type.
  case image(CarImage)
}

/// How a playable row or header asks CarPlay to present it and what its glyph and progress show
/// (`CPPlaybackConfiguration`, iOS 26.4; carplay-facts.md §8).
///
/// `.video` makes CarPlay present the system video player when the element is selected (it may
/// refuse when the car cannot show video now); `.audio` asks for sound; `.none` leaves
/// presentation to the app (a card that pushes a detail page). The action is the glyph the
/// element shows; elapsed and duration draw its progress (duration 0 = unknown or live).
public struct PlaybackConfigurationSpec: Hashable, Sendable, Codable {
  /// `CPPlaybackPresentation`.
  public enum Presentation: String, Hashable, Sendable, Codable { case none, audio, video }
  /// `CPPlaybackAction`: the glyph shown.
  public enum Action: String, Hashable, Sendable, Codable { case none, play, pause, replay }
  /// What selecting the element asks CarPlay to present.
  public var preferredPresentation: Presentation
  /// The glyph: play, pause or replay.
  public var playbackAction: Action
  /// Seconds played.
  public var elapsedTime: Double
  /// The length in seconds; 0 when unknown.
  public var duration: Double

  /// Creates a playback configuration.
  public init(
    preferredPresentation: Presentation, playbackAction: Action, elapsedTime: Double = 0,
    duration: Double = 0
  ) {
    self.preferredPresentation = preferredPresentation
    self.playbackAction = playbackAction
    self.elapsedTime = elapsedTime
    self.duration = duration
  }
}

/// A list row (`CPListItem`).
public struct ListItemSpec: Hashable, Sendable, Codable, Identifiable {
  /// Where the now-playing indicator sits.
  public enum PlayingIndicatorLocation: String, Hashable, Sendable, Codable {
    case leading, trailing
  }
  /// The row's stable identity, which tap events name.
  public var id: ElementID
  /// The row's main text.
  public var text: String
  /// The second line under the main text.
  public var detailText: String?
  /// The leading image.
  public var image: CarImage?
  /// What the trailing edge shows: nothing, a disclosure indicator, a cloud or an image.
  public var accessory: ListAccessory
  /// Whether the driver can tap the row.
  public var isEnabled: Bool
  /// Whether the row is marked as explicit content.
  public var isExplicitContent: Bool
  /// 0…1 progress bar, nil for none.
  public var playbackProgress: Double?
  /// Whether the row shows the now-playing indicator.
  public var isPlaying: Bool
  /// Which edge the now-playing indicator sits at.
  public var playingIndicatorLocation: PlayingIndicatorLocation
  /// The row's playback configuration (`CPPlayableItem`, iOS 26.4), nil for a plain row.
  public var playback: PlaybackConfigurationSpec?

  /// Creates a list row.
  public init(
    id: ElementID, text: String, detailText: String? = nil, image: CarImage? = nil,
    accessory: ListAccessory = .none, isEnabled: Bool = true, isExplicitContent: Bool = false,
    playbackProgress: Double? = nil, isPlaying: Bool = false,
    playingIndicatorLocation: PlayingIndicatorLocation = .leading,
    playback: PlaybackConfigurationSpec? = nil
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
    self.playback = playback
  }
}

/// A row of images with a title (`CPListImageRowItem`); tapping the title and tapping an
/// image are distinct events.
public struct ImageRowSpec: Hashable, Sendable, Codable, Identifiable {
  /// The row's stable identity, which tap events name.
  public var id: ElementID
  /// The row's title.
  public var text: String
  /// The images, in order; the car shows at most `CPMaximumNumberOfGridImages`.
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
  /// The section's header text.
  public var header: String?
  /// A second header line (the enhanced header).
  public var headerSubtitle: String?
  /// Forced by the system to at most one character (carplay-facts.md §1.1).
  public var sectionIndexTitle: String?
  /// The section's rows, top to bottom.
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
  public enum Visibility: String, Hashable, Sendable, Codable {
    case off, whileLimitedUIActive, always
  }
  /// `.playMedia` (audio) or `.startCall` (communication).
  public enum Action: String, Hashable, Sendable, Codable { case playMedia, startCall }
  /// Whether the Siri row sits at the top or the bottom.
  public var position: Position
  /// When the Siri row shows: never, while limited, or always.
  public var visibility: Visibility
  /// What Siri does: play media or start a call.
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
  /// The header's image (required).
  public var thumbnail: CarImage
  /// The header's title.
  public var title: String?
  /// The line under the title.
  public var subtitle: String?
  /// The body texts, longest first.
  public var bodyVariants: TextVariants
  /// The header's buttons; extras beyond `maximumActionButtonCount` are ignored.
  public var actionButtons: [BarButtonSpec]
  /// The header's playback configuration; its progress merges into the first action button
  /// (carplay-facts.md §1.1).
  public var playback: PlaybackConfigurationSpec?

  /// Creates a details header.
  public init(
    thumbnail: CarImage, title: String? = nil, subtitle: String? = nil,
    bodyVariants: TextVariants = [], actionButtons: [BarButtonSpec] = [],
    playback: PlaybackConfigurationSpec? = nil
  ) {
    self.thumbnail = thumbnail
    self.title = title
    self.subtitle = subtitle
    self.bodyVariants = bodyVariants
    self.actionButtons = actionButtons
    self.playback = playback
  }
}

/// A list template (`CPListTemplate`).
public struct ListTemplateSpec: Hashable, Sendable, Codable {
  /// The navigation-bar title.
  public var title: String?
  /// The sections, top to bottom.
  public var sections: [ListSectionSpec]
  /// Shown while the list has no items (removed automatically when items arrive).
  public var emptyViewTitleVariants: TextVariants
  /// The empty view's subtitles, longest first.
  public var emptyViewSubtitleVariants: TextVariants
  /// Shows a spinner instead of the empty view while there are no items (iOS 18.4).
  public var showsSpinnerWhileEmpty: Bool
  /// Pinned grid buttons above the list (iOS 26).
  public var headerGridButtons: [GridButtonSpec]
  /// A details header above the sections (iOS 26.4).
  public var detailsHeader: ListDetailsHeaderSpec?
  /// The Siri row, for audio and communication apps only.
  public var assistantCell: AssistantCellSpec?
  /// The navigation-bar buttons.
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
