import Geo

/// A grid of up to eight buttons (`CPGridTemplate`).
public struct GridTemplateSpec: Hashable, Sendable, Codable {
  public var title: String?
  public var buttons: [GridButtonSpec]
  public var navigationBar: NavigationBarSpec

  /// Creates a grid template.
  public init(title: String?, buttons: [GridButtonSpec], navigationBar: NavigationBarSpec = .empty) {
    self.title = title
    self.buttons = buttons
    self.navigationBar = navigationBar
  }
}

/// One row of an information template (`CPInformationItem` or `CPInformationRatingItem`).
public struct InformationItemSpec: Hashable, Sendable, Codable, Identifiable {
  public var id: ElementID
  public var title: String?
  public var detail: String?
  /// A rating in 0.5 steps from 0 to `maximumRating` (a whole number 1–5), when a rating item.
  public var rating: Double?
  public var maximumRating: Int?

  /// Creates an information item.
  public init(
    id: ElementID, title: String?, detail: String?, rating: Double? = nil,
    maximumRating: Int? = nil
  ) {
    self.id = id
    self.title = title
    self.detail = detail
    self.rating = rating
    self.maximumRating = maximumRating
  }
}

/// A summary screen of title/detail rows and up to three actions (`CPInformationTemplate`).
public struct InformationTemplateSpec: Hashable, Sendable, Codable {
  /// `.leading` or `.twoColumn`.
  public enum Layout: String, Hashable, Sendable, Codable { case leading, twoColumn }
  public var title: String
  public var layout: Layout
  public var items: [InformationItemSpec]
  public var actions: [TextButtonSpec]
  public var navigationBar: NavigationBarSpec

  /// Creates an information template.
  public init(
    title: String, layout: Layout = .leading, items: [InformationItemSpec],
    actions: [TextButtonSpec] = [], navigationBar: NavigationBarSpec = .empty
  ) {
    self.title = title
    self.layout = layout
    self.items = items
    self.actions = actions
    self.navigationBar = navigationBar
  }
}

/// A place on a point-of-interest template (`CPPointOfInterest`); detail fields fall back to
/// the plain ones on the detail card.
public struct PointOfInterestSpec: Hashable, Sendable, Codable, Identifiable {
  public var id: ElementID
  public var location: Coordinate
  public var title: String
  public var subtitle: String?
  public var summary: String?
  public var detailTitle: String?
  public var detailSubtitle: String?
  public var detailSummary: String?
  public var pinImage: CarImage?
  public var selectedPinImage: CarImage?
  /// The detail card's two buttons.
  public var primaryButton: TextButtonSpec?
  public var secondaryButton: TextButtonSpec?

  /// Creates a point of interest.
  public init(
    id: ElementID, location: Coordinate, title: String, subtitle: String? = nil,
    summary: String? = nil, detailTitle: String? = nil, detailSubtitle: String? = nil,
    detailSummary: String? = nil, pinImage: CarImage? = nil, selectedPinImage: CarImage? = nil,
    primaryButton: TextButtonSpec? = nil, secondaryButton: TextButtonSpec? = nil
  ) {
    self.id = id
    self.location = location
    self.title = title
    self.subtitle = subtitle
    self.summary = summary
    self.detailTitle = detailTitle
    self.detailSubtitle = detailSubtitle
    self.detailSummary = detailSummary
    self.pinImage = pinImage
    self.selectedPinImage = selectedPinImage
    self.primaryButton = primaryButton
    self.secondaryButton = secondaryButton
  }
}

/// A map of places drawn by CarPlay with a picker list (`CPPointOfInterestTemplate`).
public struct PointOfInterestTemplateSpec: Hashable, Sendable, Codable {
  public var title: String
  public var points: [PointOfInterestSpec]
  /// The selected point's index, nil for none (`NSNotFound`).
  public var selectedIndex: Int?
  public var navigationBar: NavigationBarSpec

  /// Creates a point-of-interest template.
  public init(
    title: String, points: [PointOfInterestSpec], selectedIndex: Int? = nil,
    navigationBar: NavigationBarSpec = .empty
  ) {
    self.title = title
    self.points = points
    self.selectedIndex = selectedIndex
    self.navigationBar = navigationBar
  }
}

/// What a navigation app draws in its own base view under the map template.
public struct MapViewportSpec: Hashable, Sendable, Codable {
  public var center: Coordinate
  /// Web Mercator zoom level (0 = whole world in 256 px).
  public var zoom: Double
  /// Marked places drawn on the app's map.
  public var markers: [PointOfInterestSpec]
  /// A line drawn on the map, e.g. a route preview.
  public var route: Polyline?

  /// Creates a viewport.
  public init(
    center: Coordinate, zoom: Double, markers: [PointOfInterestSpec] = [], route: Polyline? = nil
  ) {
    self.center = center
    self.zoom = zoom
    self.markers = markers
    self.route = route
  }
}

/// The navigation app's control layer over its own map (`CPMapTemplate`).
public struct MapTemplateSpec: Hashable, Sendable, Codable {
  public var navigationBar: NavigationBarSpec
  public var mapButtons: [MapButtonSpec]
  /// Whether the panning interface is shown (at most 2 map buttons, no dismiss button).
  public var isPanning: Bool
  public var automaticallyHidesNavigationBar: Bool
  /// The app-drawn map under the controls.
  public var viewport: MapViewportSpec
  /// Trips offered for preview (`showTripPreviews`): at most 12, each with at most 3 route
  /// choices (carplay-facts.md §1.6). Empty when no preview is shown.
  public var tripPreviews: [TripPreviewSpec]

  /// Creates a map template.
  public init(
    navigationBar: NavigationBarSpec = .empty, mapButtons: [MapButtonSpec] = [],
    isPanning: Bool = false, automaticallyHidesNavigationBar: Bool = true,
    viewport: MapViewportSpec, tripPreviews: [TripPreviewSpec] = []
  ) {
    self.navigationBar = navigationBar
    self.mapButtons = mapButtons
    self.isPanning = isPanning
    self.automaticallyHidesNavigationBar = automaticallyHidesNavigationBar
    self.viewport = viewport
    self.tripPreviews = tripPreviews
  }

  /// Decodes a map template; `tripPreviews` may be absent (older encodings) and means none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    navigationBar = try container.decode(NavigationBarSpec.self, forKey: .navigationBar)
    mapButtons = try container.decode([MapButtonSpec].self, forKey: .mapButtons)
    isPanning = try container.decode(Bool.self, forKey: .isPanning)
    automaticallyHidesNavigationBar = try container.decode(
      Bool.self, forKey: .automaticallyHidesNavigationBar)
    viewport = try container.decode(MapViewportSpec.self, forKey: .viewport)
    tripPreviews =
      try container.decodeIfPresent([TripPreviewSpec].self, forKey: .tripPreviews) ?? []
  }
}

/// What is playing, as the system's Now Playing screen shows it (from `MPNowPlayingInfoCenter`).
public struct NowPlayingInfoSpec: Hashable, Sendable, Codable {
  public var title: String
  public var artist: String?
  public var album: String?
  public var artwork: CarImage?
  public var durationSeconds: Double?
  public var elapsedSeconds: Double
  /// 0 = paused, 1 = playing at normal speed.
  public var playbackRate: Double
  public var isLiveStream: Bool

  /// Creates now-playing info.
  public init(
    title: String, artist: String? = nil, album: String? = nil, artwork: CarImage? = nil,
    durationSeconds: Double? = nil, elapsedSeconds: Double = 0, playbackRate: Double = 0,
    isLiveStream: Bool = false
  ) {
    self.title = title
    self.artist = artist
    self.album = album
    self.artwork = artwork
    self.durationSeconds = durationSeconds
    self.elapsedSeconds = elapsedSeconds
    self.playbackRate = playbackRate
    self.isLiveStream = isLiveStream
  }
}

/// The shared Now Playing template (`CPNowPlayingTemplate.shared`); push-only, never modal.
public struct NowPlayingTemplateSpec: Hashable, Sendable, Codable {
  public var buttons: [NowPlayingButtonSpec]
  public var isUpNextButtonEnabled: Bool
  public var upNextTitle: String?
  public var isAlbumArtistButtonEnabled: Bool
  /// The playback the system shows; nil while nothing is loaded.
  public var info: NowPlayingInfoSpec?

  /// Creates the Now Playing configuration.
  public init(
    buttons: [NowPlayingButtonSpec] = [], isUpNextButtonEnabled: Bool = false,
    upNextTitle: String? = nil, isAlbumArtistButtonEnabled: Bool = false,
    info: NowPlayingInfoSpec? = nil
  ) {
    self.buttons = buttons
    self.isUpNextButtonEnabled = isUpNextButtonEnabled
    self.upNextTitle = upNextTitle
    self.isAlbumArtistButtonEnabled = isAlbumArtistButtonEnabled
    self.info = info
  }
}

/// A modal alert (`CPAlertTemplate`); at least one action is required.
public struct AlertTemplateSpec: Hashable, Sendable, Codable {
  public var titleVariants: TextVariants
  public var actions: [AlertActionSpec]

  /// Creates an alert.
  public init(titleVariants: TextVariants, actions: [AlertActionSpec]) {
    self.titleVariants = titleVariants
    self.actions = actions
  }
}

/// A modal action sheet (`CPActionSheetTemplate`): title and/or message, at least one action.
public struct ActionSheetTemplateSpec: Hashable, Sendable, Codable {
  public var title: String?
  public var message: String?
  public var actions: [AlertActionSpec]

  /// Creates an action sheet.
  public init(title: String?, message: String?, actions: [AlertActionSpec]) {
    self.title = title
    self.message = message
    self.actions = actions
  }
}

/// A search field with a keyboard and its results (`CPSearchTemplate`).
public struct SearchTemplateSpec: Hashable, Sendable, Codable {
  /// The text typed so far.
  public var query: String
  /// The results the app returned for the query.
  public var results: [ListItemSpec]

  /// Creates a search template.
  public init(query: String = "", results: [ListItemSpec] = []) {
    self.query = query
    self.results = results
  }
}

/// One state of the voice control template (`CPVoiceControlState`).
public struct VoiceControlStateSpec: Hashable, Sendable, Codable, Identifiable {
  public var id: ElementID
  public var titleVariants: TextVariants
  public var image: CarImage?
  public var repeats: Bool
  /// Action buttons (iOS 26.4), limited at run time.
  public var actionButtons: [BarButtonSpec]

  /// Creates a voice control state.
  public init(
    id: ElementID, titleVariants: TextVariants, image: CarImage? = nil, repeats: Bool = false,
    actionButtons: [BarButtonSpec] = []
  ) {
    self.id = id
    self.titleVariants = titleVariants
    self.image = image
    self.repeats = repeats
    self.actionButtons = actionButtons
  }
}

/// The voice control template (`CPVoiceControlTemplate`).
public struct VoiceControlTemplateSpec: Hashable, Sendable, Codable {
  public var states: [VoiceControlStateSpec]
  /// The active state; nil = the first state.
  public var activeStateID: ElementID?

  /// Creates a voice control template.
  public init(states: [VoiceControlStateSpec], activeStateID: ElementID? = nil) {
    self.states = states
    self.activeStateID = activeStateID
  }
}

/// A contact card (`CPContactTemplate`).
public struct ContactTemplateSpec: Hashable, Sendable, Codable {
  /// A contact action button.
  public struct Action: Hashable, Sendable, Codable, Identifiable {
    /// Call, message (Siri compose), directions, or a custom button.
    public enum Kind: Hashable, Sendable, Codable {
      case call, message(String), directions
      case custom(title: String, image: CarImage)
    }
    public var id: ElementID
    public var kind: Kind
    /// Creates a contact action.
    public init(id: ElementID, kind: Kind) {
      self.id = id
      self.kind = kind
    }
  }
  public var name: String
  public var image: CarImage?
  public var subtitle: String?
  public var informativeText: String?
  public var actions: [Action]

  /// Creates a contact template.
  public init(
    name: String, image: CarImage? = nil, subtitle: String? = nil, informativeText: String? = nil,
    actions: [Action] = []
  ) {
    self.name = name
    self.image = image
    self.subtitle = subtitle
    self.informativeText = informativeText
    self.actions = actions
  }
}
