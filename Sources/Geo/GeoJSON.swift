import Foundation

/// A GeoJSON (RFC 7946) geometry with positions as ``Coordinate``s.
public enum GeoJSONGeometry: Hashable, Sendable {
  /// One position.
  case point(Coordinate)
  /// Several positions.
  case multiPoint([Coordinate])
  /// A line through positions in order.
  case lineString([Coordinate])
  /// Several lines.
  case multiLineString([[Coordinate]])
  /// Rings: exterior first, then holes.
  case polygon([[Coordinate]])
  /// Several polygons, each as rings.
  case multiPolygon([[[Coordinate]]])

  /// Every line (line strings) or ring (polygons) of the geometry, flattened.
  public var paths: [[Coordinate]] {
    switch self {
    case .point(let c): [[c]]
    case .multiPoint(let cs): cs.map { [$0] }
    case .lineString(let line): [line]
    case .multiLineString(let lines): lines
    case .polygon(let rings): rings
    case .multiPolygon(let polygons): polygons.flatMap { $0 }
    }
  }
}

/// A property value of a GeoJSON feature.
public enum GeoJSONValue: Hashable, Sendable {
  /// A text.
  case string(String)
  /// A number.
  case number(Double)
  /// JSON `null`.
  case null

  /// The value as text, when it is a string.
  public var string: String? { if case .string(let s) = self { s } else { nil } }
  /// The value as a number, when it is a number.
  public var number: Double? { if case .number(let n) = self { n } else { nil } }
}

/// A GeoJSON feature: a geometry and its flat properties (nested values are dropped; booleans
/// are read as the numbers 0 and 1).
public struct GeoJSONFeature: Hashable, Sendable {
  /// The feature's geometry.
  public var geometry: GeoJSONGeometry
  /// The feature's properties; empty for a bare geometry.
  public var properties: [String: GeoJSONValue]

  /// Creates a feature.
  public init(geometry: GeoJSONGeometry, properties: [String: GeoJSONValue] = [:]) {
    self.geometry = geometry
    self.properties = properties
  }
}

/// A GeoJSON document could not be read.
public struct GeoJSONError: Error, CustomStringConvertible, Equatable {
  /// Which document (file name or label).
  public var source: String
  /// Where inside it, e.g. `features[3].geometry`.
  public var path: String
  /// What was wrong and what was expected.
  public var reason: String

  /// A one-line text for messages and logs.
  public var description: String { "\(source): \(path): \(reason)" }
}

/// Reads GeoJSON FeatureCollections, Features and bare geometries.
public enum GeoJSONReader {
  /// Parses a document into features. A bare geometry becomes one feature without properties.
  ///
  /// - Parameter source: a label for error messages, usually the file name.
  public static func features(from data: Data, source: String) throws -> [GeoJSONFeature] {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw GeoJSONError(
        source: source, path: "$",
        reason:
          "not valid JSON: \(JSONSyntaxError(error, in: data)); expected a GeoJSON"
          + " FeatureCollection, Feature or geometry")
    }
    guard let object = root as? [String: Any], let type = object["type"] as? String else {
      throw GeoJSONError(
        source: source, path: "$", reason: "expected a GeoJSON object with a \"type\"")
    }
    switch type {
    case "FeatureCollection":
      guard let list = object["features"] as? [Any] else {
        throw GeoJSONError(
          source: source, path: "features", reason: "expected an array of features")
      }
      return try list.enumerated().map { index, element in
        try feature(element, source: source, path: "features[\(index)]")
      }
    case "Feature":
      return [try feature(object, source: source, path: "$")]
    default:
      return [GeoJSONFeature(geometry: try geometry(object, source: source, path: "$"))]
    }
  }

  /// Reads a file into features; errors name the file.
  public static func features(contentsOf url: URL) throws -> [GeoJSONFeature] {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw GeoJSONError(
        source: url.lastPathComponent, path: "$", reason: "cannot read file at \(url.path)")
    }
    return try features(from: data, source: url.lastPathComponent)
  }

  static func feature(_ any: Any, source: String, path: String) throws -> GeoJSONFeature {
    guard let object = any as? [String: Any] else {
      throw GeoJSONError(source: source, path: path, reason: "expected a Feature object")
    }
    guard let geometryObject = object["geometry"] else {
      throw GeoJSONError(source: source, path: path, reason: "feature has no geometry")
    }
    let geometry = try geometry(geometryObject, source: source, path: path + ".geometry")
    var properties: [String: GeoJSONValue] = [:]
    if let raw = object["properties"] as? [String: Any] {
      for (key, value) in raw {
        if let s = value as? String {
          properties[key] = .string(s)
        } else if let n = value as? NSNumber {
          // Booleans arrive as NSNumber too; they are kept as numbers 0 and 1.
          properties[key] = .number(n.doubleValue)
        } else if value is NSNull {
          properties[key] = .null
        }
      }
    }
    return GeoJSONFeature(geometry: geometry, properties: properties)
  }

  static func geometry(_ any: Any, source: String, path: String) throws -> GeoJSONGeometry {
    guard let object = any as? [String: Any], let type = object["type"] as? String else {
      throw GeoJSONError(
        source: source, path: path, reason: "expected a geometry object with a \"type\"")
    }
    let coordinates = object["coordinates"] ?? NSNull()
    let at = path + ".coordinates"
    switch type {
    case "Point": return .point(try position(coordinates, source: source, path: at))
    case "MultiPoint": return .multiPoint(try line(coordinates, source: source, path: at))
    case "LineString": return .lineString(try line(coordinates, source: source, path: at))
    case "MultiLineString":
      return .multiLineString(try lines(coordinates, source: source, path: at))
    case "Polygon": return .polygon(try lines(coordinates, source: source, path: at))
    case "MultiPolygon":
      guard let list = coordinates as? [Any] else {
        throw GeoJSONError(source: source, path: at, reason: "expected an array of polygons")
      }
      return .multiPolygon(
        try list.enumerated().map { try lines($1, source: source, path: "\(at)[\($0)]") })
    default:
      throw GeoJSONError(
        source: source, path: path,
        reason:
          "unsupported geometry type \"\(type)\"; expected Point, LineString, Polygon or their Multi forms"
      )
    }
  }

  static func position(_ any: Any, source: String, path: String) throws -> Coordinate {
    guard let pair = any as? [Any], pair.count >= 2, let lon = (pair[0] as? NSNumber)?.doubleValue,
      let lat = (pair[1] as? NSNumber)?.doubleValue
    else {
      throw GeoJSONError(source: source, path: path, reason: "expected a position [lon, lat]")
    }
    guard let c = Coordinate(validatingLatitude: lat, longitude: lon) else {
      throw GeoJSONError(
        source: source, path: path,
        reason: "position [\(lon), \(lat)] is out of range; expected lon −180…180, lat −90…90")
    }
    return c
  }

  static func line(_ any: Any, source: String, path: String) throws -> [Coordinate] {
    guard let list = any as? [Any] else {
      throw GeoJSONError(source: source, path: path, reason: "expected an array of positions")
    }
    var result: [Coordinate] = []
    result.reserveCapacity(list.count)
    for (i, p) in list.enumerated() {
      result.append(try position(p, source: source, path: "\(path)[\(i)]"))
    }
    return result
  }

  static func lines(_ any: Any, source: String, path: String) throws -> [[Coordinate]] {
    guard let list = any as? [Any] else {
      throw GeoJSONError(source: source, path: path, reason: "expected an array of lines")
    }
    return try list.enumerated().map { try line($1, source: source, path: "\(path)[\($0)]") }
  }
}
