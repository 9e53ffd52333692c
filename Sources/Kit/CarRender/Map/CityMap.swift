import Foundation
import Geo
import WaysideData

/// The bundled street-level map of Kassel (OpenStreetMap, ODbL 1.0), pre-projected to Web
/// Mercator world units and grouped by what the car map draws at which zoom.
///
/// Origin, licence and thinning: `Sources/Core/WaysideData/Resources/basemap/city/README.md`.
public struct CityMap: Sendable, Equatable {
  /// What a city feature is drawn as, in drawing order.
  public enum Kind: String, Sendable, CaseIterable {
    case farmland, wood, grass, residential, industrial, cemetery
    case waterArea, river, stream
    case railway, tram
    case service, minor, tertiary, secondary, primary, trunk, motorwayLink, motorway
  }

  /// One street, river, area or rail line.
  public struct Feature: Sendable, Equatable {
    /// How it is drawn.
    public var kind: Kind
    /// The projected geometry; rings for areas.
    public var path: Basemap.Path
    /// The street or river name, when it has one.
    public var name: String?
    /// The road number (`A 7`, `B 3`), when it has one.
    public var ref: String?
  }

  /// A named place of the city (suburb, village, neighbourhood).
  public struct Place: Sendable, Equatable {
    /// The place's name.
    public var name: String
    /// Where its label sits.
    public var coordinate: Coordinate
    /// OSM place class: `city`, `town`, `suburb`, `village`, `neighbourhood`, `hamlet`, …
    public var placeClass: String
  }

  /// Features by kind.
  public var features: [Kind: [Feature]]
  /// The city's place labels.
  public var places: [Place]
  /// The area the data covers; outside it only the national layers are drawn.
  public var bounds: BoundingBox

  /// Creates a city map from features already projected (``load()`` and `MapImage` make them).
  public init(features: [Kind: [Feature]], places: [Place], bounds: BoundingBox) {
    self.features = features
    self.places = places
    self.bounds = bounds
  }

  /// The credit every map drawn from this data must show.
  public static let attribution = "© OpenStreetMap contributors · ODbL"

  /// The smallest zoom at which each kind is drawn.
  public static func minimumZoom(_ kind: Kind) -> Double {
    switch kind {
    case .farmland, .wood, .residential, .waterArea, .river, .motorway, .motorwayLink, .trunk,
      .primary:
      11
    case .grass, .industrial, .secondary, .railway: 12
    case .cemetery, .stream, .tertiary, .tram: 13
    case .minor: 13.5
    case .service: 15
    }
  }

  /// The bundled city map, read once per process on first use from the map image in the cache
  /// folder (`MapImage`), which is written from the GeoJSON when there is none.
  public static func bundled() throws -> CityMap { try BundledMaps.shared.get().city }

  /// Parses and projects every bundled city layer (what `MapImage` holds).
  public static func load() throws -> CityMap {
    var features: [Kind: [Feature]] = [:]
    for file in [
      BundledData.File.cityLanduse, .cityWater, .cityRailways, .cityRoads,
    ] {
      for feature in try readLayer(file) {
        guard let kind = kind(of: feature) else { continue }
        let name = feature.properties["name"]?.string
        let ref = feature.properties["ref"]?.string
        for path in Basemap.paths(of: feature) {
          features[kind, default: []].append(
            Feature(kind: kind, path: path, name: name, ref: ref))
        }
      }
    }
    var places: [Place] = []
    for feature in try readLayer(.cityPlaces) {
      guard case .point(let c) = feature.geometry, let name = feature.properties["name"]?.string
      else { continue }
      places.append(
        Place(
          name: name, coordinate: c,
          placeClass: feature.properties["class"]?.string ?? "locality"))
    }
    return CityMap(
      features: features, places: places,
      bounds: BoundingBox(
        minimum: Coordinate(latitude: 51.2428, longitude: 9.3802),
        maximum: Coordinate(latitude: 51.3866, longitude: 9.6102)))
  }

  /// Reads one bundled GeoJSON layer; the one place the city map parses files, so another
  /// reader can replace it.
  static func readLayer(_ file: BundledData.File) throws -> [GeoJSONFeature] {
    try GeoJSONReader.features(from: try BundledData.data(file), source: file.rawValue)
  }

  /// The drawing kind of a city feature from its `kind`/`class` properties; nil when the car
  /// map does not draw it.
  static func kind(of feature: GeoJSONFeature) -> Kind? {
    let cls = feature.properties["class"]?.string ?? ""
    switch feature.properties["kind"]?.string {
    case "landcover", "landuse", "park":
      switch cls {
      case "farmland": return .farmland
      case "wood": return .wood
      case "grass", "wetland", "nature_reserve": return .grass
      case "residential": return .residential
      case "industrial", "commercial", "retail", "railway": return .industrial
      case "cemetery": return .cemetery
      default: return nil
      }
    case "water": return .waterArea
    case "waterway": return cls == "river" || cls == "canal" ? .river : .stream
    default: break
    }
    switch cls {
    case "rail", "light_rail": return .railway
    case "tram": return .tram
    case "motorway": return .motorway
    case "motorway_link", "trunk_link": return .motorwayLink
    case "trunk": return .trunk
    case "primary", "primary_link": return .primary
    case "secondary", "secondary_link": return .secondary
    case "tertiary", "tertiary_link": return .tertiary
    case "residential", "unclassified", "living_street", "road", "pedestrian": return .minor
    case "service": return .service
    default: return nil
    }
  }

  /// Named streets with a point on each (the middle vertex of their longest piece), for
  /// destination search; one entry per distinct name.
  public var streets: [(name: String, coordinate: Coordinate)] {
    var best: [String: (count: Int, coordinate: Coordinate)] = [:]
    for kind in [Kind.minor, .tertiary, .secondary, .primary, .trunk] {
      for feature in features[kind] ?? [] {
        guard let name = feature.name, !name.isEmpty else { continue }
        let n = feature.path.points.count / 2
        guard n > 0, (best[name]?.count ?? 0) < n else { continue }
        let mid = n / 2
        best[name] = (
          n,
          WebMercator.unproject(
            x: feature.path.points[2 * mid], y: feature.path.points[2 * mid + 1])
        )
      }
    }
    return best.map { ($0.key, $0.value.coordinate) }.sorted { $0.name < $1.name }
  }
}

/// Colours of the street map, day and night.
package struct CityPalette: Sendable {
  public var farmland, wood, grass, residential, industrial, cemetery, water, railway, casing,
    motorway, trunk, primary, secondary, tertiary, minor, service, streetText, streetHalo: String

  /// The day colours.
  public static let day = CityPalette(
    farmland: "#eef0d5", wood: "#add19e", grass: "#cdebb0", residential: "#e6e1da",
    industrial: "#ebdbe8", cemetery: "#aacbaf", water: "#a9d3f0", railway: "#8f8f8f",
    casing: "#b8b0a4", motorway: "#f0a04b", trunk: "#f7b96a", primary: "#fcd68a",
    secondary: "#f7f0a8", tertiary: "#ffffff", minor: "#ffffff", service: "#fafafa",
    streetText: "#3a3a3a", streetHalo: "#ffffff")

  /// The night colours.
  public static let night = CityPalette(
    farmland: "#262a24", wood: "#1f3324", grass: "#22352a", residential: "#2b2e34",
    industrial: "#33293a", cemetery: "#23362b", water: "#1d3a55", railway: "#5d6168",
    casing: "#14171b", motorway: "#b8793a", trunk: "#a07438", primary: "#8a7440",
    secondary: "#6e6a48", tertiary: "#4a4f58", minor: "#434851", service: "#3a3e46",
    streetText: "#d8d8d8", streetHalo: "#111418")

  /// The fill (areas) or stroke (lines) colour of a kind.
  public func colour(_ kind: CityMap.Kind) -> String {
    switch kind {
    case .farmland: farmland
    case .wood: wood
    case .grass: grass
    case .residential: residential
    case .industrial: industrial
    case .cemetery: cemetery
    case .waterArea, .river, .stream: water
    case .railway, .tram: railway
    case .service: service
    case .minor: minor
    case .tertiary: tertiary
    case .secondary: secondary
    case .primary: primary
    case .trunk, .motorwayLink: trunk
    case .motorway: motorway
    }
  }
}

extension CityMap.Kind {
  /// Whether the kind is a filled area.
  var isArea: Bool {
    switch self {
    case .farmland, .wood, .grass, .residential, .industrial, .cemetery, .waterArea: true
    default: false
    }
  }

  /// Whether the kind is a road (drawn with a casing and named).
  var isRoad: Bool {
    switch self {
    case .service, .minor, .tertiary, .secondary, .primary, .trunk, .motorwayLink, .motorway: true
    default: false
    }
  }

  /// The line width in pixels at zoom 15; scaled by 2^(zoom − 15), within 0.6 … 3 × this.
  var widthAtZoom15: Double {
    switch self {
    case .motorway: 9
    case .trunk: 8
    case .primary: 8
    case .secondary: 7
    case .tertiary: 6
    case .motorwayLink: 5
    case .minor: 5
    case .service: 3
    case .river: 5
    case .stream: 1.5
    case .railway: 1.6
    case .tram: 1.2
    default: 0
    }
  }

  /// The line width in pixels at a zoom level.
  func width(atZoom zoom: Double) -> Double {
    let base = widthAtZoom15
    return min(base * 3, max(base * 0.3, base * pow(2, zoom - 15)))
  }
}
