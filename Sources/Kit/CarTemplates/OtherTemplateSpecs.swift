import Geo

/// A grid of up to eight buttons (`CPGridTemplate`).
public struct GridTemplateSpec: Hashable, Sendable, Codable {
  /// The navigation-bar title.
  public var title: String?
  /// The buttons; the first 8 are shown, in two rows when more than 4.
  public var buttons: [GridButtonSpec]
  /// The navigation-bar buttons.
  public var navigationBar: NavigationBarSpec

  /// Creates a grid template.
  public init(title: String?, buttons: [GridButtonSpec], navigationBar: NavigationBarSpec = .empty)
  {
    self.title = title
    self.buttons = buttons
    self.navigationBar = navigationBar
  }
}

/// One row of an information template (`CPInformationItem` or `CPInformationRatingItem`).
public struct InformationItemSpec: Hashable, Sendable, Codable, Identifiable {
  /// The item's stable identity.
  public var id: ElementID
  /// The item's label.
  public var title: String?
  /// The item's value.
  public var detail: String?
  /// A rating in 0.5 steps from 0 to `maximumRating` (a whole number 1–5), when a rating item.
  public var rating: Double?
  /// The highest rating, a whole number from 1 to 5, when a rating item.
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
  /// The navigation-bar title.
  public var title: String
  /// How items are laid out: leading or in two columns.
  public var layout: Layout
  /// The items; the first 10 are shown.
  public var items: [InformationItemSpec]
  /// The buttons under the items; the first 3 are shown.
  public var actions: [TextButtonSpec]
  /// The navigation-bar buttons.
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
  /// The point's stable identity, which select events name.
  public var id: ElementID
  /// Where the point is.
  public var location: Coordinate
  /// The point's name in the picker list.
  public var title: String
  /// The line under the name.
  public var subtitle: String?
  /// A short summary in the picker list.
  public var summary: String?
  /// The detail card's title; falls back to ``title``.
  public var detailTitle: String?
  /// The detail card's subtitle; falls back to ``subtitle``.
  public var detailSubtitle: String?
  /// The detail card's summary; falls back to ``summary``.
  public var detailSummary: String?
  /// The pin on the map.
  public var pinImage: CarImage?
  /// The pin while the point is selected (iOS 16).
  public var selectedPinImage: CarImage?
  /// The detail card's two buttons.
  public var primaryButton: TextButtonSpec?
  /// The detail card's second button.
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
  /// The picker's title.
  public var title: String
  /// The points; the first 12 are shown (carplay-facts.md §1.5).
  public var points: [PointOfInterestSpec]
  /// The selected point's index, nil for none (`NSNotFound`).
  public var selectedIndex: Int?
  /// The navigation-bar buttons.
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
  /// The map's centre.
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
  /// The navigation-bar buttons.
  public var navigationBar: NavigationBarSpec
  /// The buttons on the map; the first 4 are shown (2 while panning).
  public var mapButtons: [MapButtonSpec]
  /// Whether the panning interface is shown (at most 2 map buttons, no dismiss button).
  public var isPanning: Bool
  /// Whether the navigation bar hides itself after a while without input.
  public var automaticallyHidesNavigationBar: Bool
  /// The map under the controls, for a host that draws no window; nil when the app draws its
  /// own map into the car's window (`CarScreen.window`), as a CarPlay navigation app does in
  /// its `CPWindow` (carplay-facts.md §1.6, §4). Then the camera lives only in the window: moving
  /// it changes no template, so a zoom or a pan step sends no template update.
  public var viewport: MapViewportSpec?
  /// Trips offered for preview (`showTripPreviews`): at most 12, each with at most 3 route
  /// choices (carplay-facts.md §1.6). Empty when no preview is shown.
  public var tripPreviews: [TripPreviewSpec]
  /// The running navigation session, if guidance is on.
  public var navigationSession: NavigationSessionSpec?

  /// Creates a map template.
  public init(
    navigationBar: NavigationBarSpec = .empty, mapButtons: [MapButtonSpec] = [],
    isPanning: Bool = false, automaticallyHidesNavigationBar: Bool = true,
    viewport: MapViewportSpec? = nil, tripPreviews: [TripPreviewSpec] = [],
    navigationSession: NavigationSessionSpec? = nil
  ) {
    self.navigationSession = navigationSession
    self.navigationBar = navigationBar
    self.mapButtons = mapButtons
    self.isPanning = isPanning
    self.automaticallyHidesNavigationBar = automaticallyHidesNavigationBar
    self.viewport = viewport
    self.tripPreviews = tripPreviews
  }

  /// Decodes a map template; `tripPreviews` may be absent (older encodings) and means none, and
  /// `viewport` may be absent (the app draws its map in the car's window).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    navigationBar = try container.decode(NavigationBarSpec.self, forKey: .navigationBar)
    mapButtons = try container.decode([MapButtonSpec].self, forKey: .mapButtons)
    isPanning = try container.decode(Bool.self, forKey: .isPanning)
    automaticallyHidesNavigationBar = try container.decode(
      Bool.self, forKey: .automaticallyHidesNavigationBar)
    viewport = try container.decodeIfPresent(MapViewportSpec.self, forKey: .viewport)
    tripPreviews =
      try container.decodeIfPresent([TripPreviewSpec].self, forKey: .tripPreviews) ?? []
    navigationSession = try container.decodeIfPresent(
      NavigationSessionSpec.self, forKey: .navigationSession)
  }
}

/// What is playing, as the system's Now Playing screen shows it (from `MPNowPlayingInfoCenter`).
public struct NowPlayingInfoSpec: Hashable, Sendable, Codable {
  /// The title of what is playing.
  public var title: String
  /// The artist.
  public var artist: String?
  /// The album.
  public var album: String?
  /// The artwork.
  public var artwork: CarImage?
  /// Where the item's artwork image can be downloaded (`MPMediaItemPropertyArtwork` on a real
  /// car: the bridge fetches it, bounded and cached, and ``artwork`` stands in until it
  /// arrives or when it cannot be loaded); nil when the item has none.
  public var artworkURL: String?
  /// The length in seconds; nil when unknown.
  public var durationSeconds: Double?
  /// The seconds played so far.
  public var elapsedSeconds: Double
  /// 0 = paused, 1 = playing at normal speed.
  public var playbackRate: Double
  /// Whether it is a live stream, which has no length.
  public var isLiveStream: Bool
  /// The rate the item plays at when it plays (`MPNowPlayingInfoPropertyDefaultPlaybackRate`):
  /// what the playback-rate button shows, paused or not; nil when not given (the button then
  /// shows the playing rate, else 1×).
  public var defaultPlaybackRate: Double?
  /// Where the item's media is (`MPNowPlayingInfoPropertyAssetURL`): an absolute URL for a
  /// stream, or a path inside the app's bundled resources (`media/kenney_upgrade3.wav`); the
  /// web simulator plays it. Nil when not given.
  public var assetURL: String?
  /// The item's place in the app's playback queue, from 0
  /// (`MPNowPlayingInfoPropertyPlaybackQueueIndex`); nil when not given.
  public var queueIndex: Int?
  /// How many items the app's playback queue holds
  /// (`MPNowPlayingInfoPropertyPlaybackQueueCount`); nil when not given.
  public var queueCount: Int?

  /// Creates now-playing info.
  public init(
    title: String, artist: String? = nil, album: String? = nil, artwork: CarImage? = nil,
    durationSeconds: Double? = nil, elapsedSeconds: Double = 0, playbackRate: Double = 0,
    isLiveStream: Bool = false, defaultPlaybackRate: Double? = nil, assetURL: String? = nil,
    queueIndex: Int? = nil, queueCount: Int? = nil, artworkURL: String? = nil
  ) {
    self.artworkURL = artworkURL
    self.queueIndex = queueIndex
    self.queueCount = queueCount
    self.defaultPlaybackRate = defaultPlaybackRate
    self.assetURL = assetURL
    self.title = title
    self.artist = artist
    self.album = album
    self.artwork = artwork
    self.durationSeconds = durationSeconds
    self.elapsedSeconds = elapsedSeconds
    self.playbackRate = playbackRate
    self.isLiveStream = isLiveStream
  }

  /// The rate the playback-rate button shows: the default rate, else the playing rate, else 1.
  public var shownRate: Double {
    if let defaultPlaybackRate, defaultPlaybackRate > 0 { return defaultPlaybackRate }
    return playbackRate > 0 ? playbackRate : 1
  }

  /// `1×`, `1.5×`, `2×`: a rate as the playback-rate button reads.
  public static func rateLabel(_ rate: Double) -> String {
    let hundredths = Int((max(0, rate) * 100).rounded())
    let whole = hundredths / 100
    let part = hundredths % 100
    if part == 0 { return "\(whole)×" }
    if part % 10 == 0 { return "\(whole).\(part / 10)×" }
    return "\(whole).\(part < 10 ? "0" : "")\(part)×"
  }
}

/// The shared Now Playing template (`CPNowPlayingTemplate.shared`); push-only, never modal.
public struct NowPlayingTemplateSpec: Hashable, Sendable, Codable {
  /// The playback buttons, leading to trailing; at most 5.
  public var buttons: [NowPlayingButtonSpec]
  /// Whether the Up Next button shows (default false).
  public var isUpNextButtonEnabled: Bool
  /// The Up Next button's title.
  public var upNextTitle: String?
  /// Whether the album/artist button shows (default false).
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
  /// The titles, longest first.
  public var titleVariants: TextVariants
  /// The actions; over the limit the host keeps the LAST ones (carplay-facts.md §1.10).
  public var actions: [AlertActionSpec]

  /// Creates an alert.
  public init(titleVariants: TextVariants, actions: [AlertActionSpec]) {
    self.titleVariants = titleVariants
    self.actions = actions
  }
}

/// A modal action sheet (`CPActionSheetTemplate`): title and/or message, at least one action.
public struct ActionSheetTemplateSpec: Hashable, Sendable, Codable {
  /// The sheet's title; nil or empty when only the message is shown.
  public var title: String?
  /// The sheet's message under the title; nil or empty when only the title is shown.
  public var message: String?
  /// The choices, top to bottom.
  public var actions: [AlertActionSpec]

  /// Creates an action sheet.
  public init(title: String?, message: String?, actions: [AlertActionSpec]) {
    self.title = title
    self.message = message
    self.actions = actions
  }

  /// Whether the sheet has a non-empty title or message, as `CPActionSheetTemplate` requires
  /// (carplay-facts.md §1.11); an empty string counts as no text. The lint (CP013) and the
  /// emulated host both use this.
  public var hasText: Bool { !(title ?? "").isEmpty || !(message ?? "").isEmpty }
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
  /// The state's stable identity.
  public var id: ElementID
  /// The state's titles, longest first.
  public var titleVariants: TextVariants
  /// The state's image (at most 150 × 150 pt).
  public var image: CarImage?
  /// Whether the animated image repeats.
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
  /// The states; the first 5 are kept.
  public var states: [VoiceControlStateSpec]
  /// The active state; nil = the first state.
  public var activeStateID: ElementID?
  /// Leading and trailing bar buttons and a back button, at most 2 + 2 (iOS 26.4;
  /// carplay-facts.md §1.8, §1.0); extras are dropped by the host.
  public var navigationBar: NavigationBarSpec

  /// Creates a voice control template.
  public init(
    states: [VoiceControlStateSpec], activeStateID: ElementID? = nil,
    navigationBar: NavigationBarSpec = .empty
  ) {
    self.states = states
    self.activeStateID = activeStateID
    self.navigationBar = navigationBar
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
    /// The action's stable identity, which press events name.
    public var id: ElementID
    /// Which button it is.
    public var kind: Kind
    /// Creates a contact action.
    public init(id: ElementID, kind: Kind) {
      self.id = id
      self.kind = kind
    }
  }
  /// The contact's name.
  public var name: String
  /// The contact's picture.
  public var image: CarImage?
  /// The line under the name.
  public var subtitle: String?
  /// A third line of text.
  public var informativeText: String?
  /// The buttons; at most 4 (carplay-facts.md §1.12).
  public var actions: [Action]
  /// Leading and trailing bar buttons and a back button, at most 2 + 2: `CPContactTemplate`
  /// adopts `CPBarButtonProviding` (carplay-facts.md §1.0); extras are dropped by the host.
  public var navigationBar: NavigationBarSpec

  /// Creates a contact template.
  public init(
    name: String, image: CarImage? = nil, subtitle: String? = nil, informativeText: String? = nil,
    actions: [Action] = [], navigationBar: NavigationBarSpec = .empty
  ) {
    self.name = name
    self.image = image
    self.subtitle = subtitle
    self.informativeText = informativeText
    self.actions = actions
    self.navigationBar = navigationBar
  }
}
