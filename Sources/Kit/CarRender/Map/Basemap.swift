import Foundation
import Geo
import WaysideData

/// The bundled Germany basemap, pre-projected to Web Mercator world units for fast drawing.
///
/// Layers and licences: `Sources/Core/WaysideData/Resources/basemap/README.md` (OpenStreetMap roads under
/// ODbL 1.0, BKG borders and Destatis places under dl-de/by-2-0, Natural Earth context).
public struct Basemap: Sendable, Equatable {
  /// A drawable layer, in drawing order.
  public enum Layer: String, Sendable, CaseIterable {
    case neighbours, states, lakes, rivers, federalRoads, motorways
  }

  /// One projected line or ring with its bounding box in world units.
  public struct Path: Sendable, Equatable {
    /// Interleaved x, y world coordinates.
    public var points: PathPoints
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Road kind (`motorway`, `motorway_link`, `trunk`, `primary`, `secondary`) or nil.
    public var kind: String?
    /// Road ref or feature name.
    public var label: String?
    /// Suggested minimum zoom (Natural Earth `min_zoom`), 0 when none.
    public var minZoom: Double
    /// Whether the path closes a polygon ring.
    public var isRing: Bool
  }

  /// A populated place.
  public struct Place: Sendable, Equatable {
    /// The place's name.
    public var name: String
    /// Where it is.
    public var coordinate: Coordinate
    public var x: Double, y: Double
    /// Inhabitants.
    public var population: Int
    /// 1 (≥ 1 M) … 6 (≥ 10 000).
    public var rank: Int
  }

  /// The drawable layers by kind.
  public var layers: [Layer: [Path]]
  /// Places sorted by population, largest first.
  public var places: [Place]

  /// Creates a basemap from layers already projected (``load()`` and `MapImage` make them).
  public init(layers: [Layer: [Path]], places: [Place]) {
    self.layers = layers
    self.places = places
  }

  /// The attribution text that must be visible on every map drawn from this data.
  public static let attribution =
    "© OpenStreetMap contributors · ODbL · © GeoBasis-DE / BKG 2023 · © Destatis 2019 · Natural Earth"

  /// The bundled basemap, read once per process on first use from the map image in the cache
  /// folder (`MapImage`), which is written from the GeoJSON when there is none.
  public static func bundled() throws -> Basemap { try BundledMaps.shared.get().basemap }

  /// Parses and projects every layer of the bundled GeoJSON files (what `MapImage` holds).
  public static func load() throws -> Basemap {
    var layers: [Layer: [Path]] = [:]
    let files: [(Layer, BundledData.File)] = [
      (.neighbours, .neighbourCountries), (.states, .states), (.lakes, .lakes),
      (.rivers, .rivers), (.federalRoads, .federalRoads), (.motorways, .motorways),
    ]
    for (layer, file) in files {
      let features = try GeoJSONReader.features(
        from: try BundledData.data(file), source: file.rawValue)
      layers[layer] = features.flatMap { paths(of: $0) }
    }
    let placeFeatures = try GeoJSONReader.features(
      from: try BundledData.data(.places), source: BundledData.File.places.rawValue)
    var places: [Place] = []
    for feature in placeFeatures {
      guard case .point(let c) = feature.geometry, let name = feature.properties["name"]?.string
      else { continue }
      let p = WebMercator.project(c)
      places.append(
        Place(
          name: name, coordinate: c, x: p.x, y: p.y,
          population: Int(feature.properties["population"]?.number ?? 0),
          rank: Int(feature.properties["rank"]?.number ?? 6)))
    }
    places.sort { $0.population > $1.population }
    return Basemap(layers: layers, places: places)
  }

  static func paths(of feature: GeoJSONFeature) -> [Path] {
    let isRing: Bool
    switch feature.geometry {
    case .polygon, .multiPolygon: isRing = true
    default: isRing = false
    }
    let kind = feature.properties["kind"]?.string
    let label =
      feature.properties["ref"]?.string ?? feature.properties["name_de"]?.string
      ?? feature.properties["name"]?.string
    let minZoom = feature.properties["min_zoom"]?.number ?? 0
    return feature.geometry.paths.compactMap { line in
      guard line.count >= 2 else { return nil }
      var points: [Double] = []
      points.reserveCapacity(line.count * 2)
      var minX = Double.infinity
      var minY = Double.infinity
      var maxX = -Double.infinity
      var maxY = -Double.infinity
      for c in line {
        let p = WebMercator.project(c)
        points.append(p.x)
        points.append(p.y)
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
      }
      return Path(
        points: PathPoints(points), minX: minX, minY: minY, maxX: maxX, maxY: maxY, kind: kind,
        label: label,
        minZoom: minZoom, isRing: isRing)
    }
  }
}

/// The interleaved x, y world coordinates of one path: an array of its own, or a stretch of the
/// table every path of a `MapImage` shares (one copy of the table instead of one allocation
/// and copy per path).
public struct PathPoints: RandomAccessCollection, Sendable, Equatable {
  private let storage: [Double]
  private let offset: Int
  /// The number of values (twice the number of points).
  public let endIndex: Int

  /// The values of `values`.
  public init(_ values: [Double]) {
    storage = values
    offset = 0
    endIndex = values.count
  }

  /// The values `range` of `storage` (checked by the caller to lie inside it).
  init(_ storage: [Double], range: Range<Int>) {
    self.storage = storage
    offset = range.lowerBound
    endIndex = range.count
  }

  /// Always 0.
  public var startIndex: Int { 0 }

  /// The value at `index` (0 ..< ``endIndex``).
  public subscript(index: Int) -> Double {
    precondition(index >= 0 && index < endIndex, "path point value \(index) of \(endIndex)")
    return storage[offset + index]
  }

  /// Two paths' points are equal when their values are.
  public static func == (a: PathPoints, b: PathPoints) -> Bool { a.elementsEqual(b) }
}
