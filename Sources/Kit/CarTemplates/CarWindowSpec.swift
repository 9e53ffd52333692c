import Geo

/// What a navigation app draws into the car's window (`CPWindow`) under its map template: the
/// camera, the car, the route. Only navigation apps get a window (carplay-facts.md §4); the
/// host refuses window content from any other category.
public struct CarWindowSpec: Hashable, Sendable, Codable {
  /// The map's centre.
  public var center: Coordinate
  /// The Web Mercator zoom level.
  public var zoom: Double
  /// The direction the top of the window points to, degrees clockwise from north.
  public var heading: Double
  /// Whether the map is drawn in its night colours (following the car's content style).
  public var isDark: Bool
  /// The car's position, drawn as the vehicle marker; nil when unknown.
  public var car: Coordinate?
  /// The car's direction of travel, degrees clockwise from north; nil when standing.
  public var carHeading: Double?
  /// The route being previewed or driven.
  public var route: Polyline?
  /// The other route choices of a trip preview, drawn under ``route`` (the chosen one).
  public var alternativeRoutes: [Polyline] = []
  /// Marked places (search results, the destination).
  public var markers: [PointOfInterestSpec]

  /// Creates window content.
  public init(
    center: Coordinate, zoom: Double, heading: Double = 0, isDark: Bool = false,
    car: Coordinate? = nil, carHeading: Double? = nil, route: Polyline? = nil,
    markers: [PointOfInterestSpec] = []
  ) {
    self.center = center
    self.zoom = zoom
    self.heading = heading
    self.isDark = isDark
    self.car = car
    self.carHeading = carHeading
    self.route = route
    self.markers = markers
  }

  /// Creates window content with the other route choices drawn under the chosen route.
  public init(
    center: Coordinate, zoom: Double, heading: Double = 0, isDark: Bool = false,
    car: Coordinate? = nil, carHeading: Double? = nil, route: Polyline?,
    alternativeRoutes: [Polyline], markers: [PointOfInterestSpec] = []
  ) {
    self.init(
      center: center, zoom: zoom, heading: heading, isDark: isDark, car: car,
      carHeading: carHeading, route: route, markers: markers)
    self.alternativeRoutes = alternativeRoutes
  }

  enum CodingKeys: String, CodingKey {
    case center, zoom, heading, isDark, car, carHeading, route, alternativeRoutes, markers
  }

  /// Decodes window content; content written before alternative routes existed has none.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      center: try c.decode(Coordinate.self, forKey: .center),
      zoom: try c.decode(Double.self, forKey: .zoom),
      heading: try c.decode(Double.self, forKey: .heading),
      isDark: try c.decode(Bool.self, forKey: .isDark),
      car: try c.decodeIfPresent(Coordinate.self, forKey: .car),
      carHeading: try c.decodeIfPresent(Double.self, forKey: .carHeading),
      route: try c.decodeIfPresent(Polyline.self, forKey: .route),
      markers: try c.decode([PointOfInterestSpec].self, forKey: .markers))
    alternativeRoutes = try c.decodeIfPresent([Polyline].self, forKey: .alternativeRoutes) ?? []
  }
}

/// One maneuver of a navigation session as the car shows it (`CPManeuver`).
public struct ManeuverSpec: Hashable, Sendable, Codable, Identifiable {
  /// The maneuver's stable identity.
  public var id: ElementID
  /// Instruction texts, longest first ("Turn right onto B 3").
  public var instructionVariants: TextVariants
  /// The maneuver's symbol (at most 50 × 50 pt for the first maneuver, §4 asset table).
  public var symbol: CarImage
  /// The distance still to go to it, as shown ("800 m").
  public var distance: String
  /// The distance and time still to go to it as numbers (`CPManeuver.initialTravelEstimates`,
  /// `CPNavigationSession.updateEstimates(_:for:)`); nil when the app gives only the text.
  public var estimate: TravelEstimateSpec?

  /// Creates a maneuver.
  public init(
    id: ElementID, instructionVariants: TextVariants, symbol: CarImage, distance: String,
    estimate: TravelEstimateSpec? = nil
  ) {
    self.id = id
    self.instructionVariants = instructionVariants
    self.symbol = symbol
    self.distance = distance
    self.estimate = estimate
  }
}

/// Remaining distance and time as CarPlay measures them (`CPTravelEstimates`): the host draws
/// its own text from these numbers, so an app hands over values, not formatted strings.
public struct TravelEstimateSpec: Hashable, Sendable, Codable {
  /// Distance still to go, metres.
  public var metres: Double
  /// Time still to go, seconds.
  public var seconds: Double

  /// Creates an estimate; negative or non-finite inputs are clamped to zero, as a remaining
  /// amount cannot be below it.
  public init(metres: Double, seconds: Double) {
    self.metres = metres.isFinite ? max(0, metres) : 0
    self.seconds = seconds.isFinite ? max(0, seconds) : 0
  }
}

/// A running navigation session on the map template (`CPNavigationSession`): the upcoming
/// maneuvers and the trip's travel estimates.
public struct NavigationSessionSpec: Hashable, Sendable, Codable {
  /// The trip being guided (a ``TripPreviewSpec`` id).
  public var tripID: ElementID
  /// The upcoming maneuvers, next first; CarPlay shows the first two.
  public var upcomingManeuvers: [ManeuverSpec]
  /// The trip's remaining distance and time (`CPTravelEstimates`), as shown.
  public var tripEstimates: String
  /// The trip's remaining distance and time as numbers, for
  /// `CPMapTemplate.updateEstimates(_:for:)`; nil when the app gives only the text.
  public var tripEstimate: TravelEstimateSpec?

  /// Creates a navigation session.
  public init(
    tripID: ElementID, upcomingManeuvers: [ManeuverSpec], tripEstimates: String,
    tripEstimate: TravelEstimateSpec? = nil
  ) {
    self.tripID = tripID
    self.upcomingManeuvers = upcomingManeuvers
    self.tripEstimates = tripEstimates
    self.tripEstimate = tripEstimate
  }
}
