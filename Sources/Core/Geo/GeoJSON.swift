import Foundation
import JSONScanning

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
///
/// Reads with the pull methods of ``JSONScanning/JSONScanner`` straight into coordinates, without
/// a tree of boxed values: the 5 MB of bundled basemap GeoJSON is most of the simulator's
/// start-up otherwise. Members may come in any order (a geometry's `type` after its
/// `coordinates`); unknown members are skipped after their syntax is checked.
public enum GeoJSONReader {
  /// Parses a document into features. A bare geometry becomes one feature without properties.
  ///
  /// - Parameter source: a label for error messages, usually the file name.
  public static func features(from data: Data, source: String) throws -> [GeoJSONFeature] {
    do {
      return try JSONScanner.scan(data) { scanner in
        var reader = Reader(source: source)
        let root = try reader.object(&scanner, path: "$")
        if scanner.peek() != nil {
          throw JSONSyntaxError(
            offset: scanner.position, reason: "unexpected text after the JSON value")
        }
        return try reader.features(ofRoot: root)
      }
    } catch let error as JSONSyntaxError {
      throw GeoJSONError(
        source: source, path: "$",
        reason:
          "not valid JSON: \(error); expected a GeoJSON FeatureCollection, Feature or geometry")
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
}

/// The nested arrays of a geometry's `coordinates`, by depth.
private enum Coordinates {
  case empty
  case position(Coordinate)
  case line([Coordinate])
  case lines([[Coordinate]])
  case polygons([[[Coordinate]]])
}

/// The members of one GeoJSON object that matter, read in any order.
private struct GeoObject {
  var type: String?
  var features: [GeoJSONFeature]?
  var geometry: GeoObject.Geometry?
  var properties: [String: GeoJSONValue] = [:]
  var coordinates: Coordinates?
  var sawCoordinates = false

  /// A nested geometry member: absent, `null`, or an object.
  enum Geometry {
    case null
    case object(type: String?, coordinates: Coordinates?)
  }
}

private struct Reader {
  let source: String

  func error(_ path: String, _ reason: String) -> GeoJSONError {
    GeoJSONError(source: source, path: path, reason: reason)
  }

  /// Reads an object (root, feature or geometry) at `path`.
  mutating func object(_ scanner: inout JSONScanner, path: String) throws -> GeoObject {
    guard scanner.peek() == UInt8(ascii: "{") else {
      try scanner.skipValue()
      throw error(path, "expected a GeoJSON object with a \"type\"")
    }
    var object = GeoObject()
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      switch key {
      case "type":
        if scanner.peek() == UInt8(ascii: "\"") {
          object.type = try scanner.readString()
        } else {
          try scanner.skipValue()
        }
      case "features":
        guard scanner.peek() == UInt8(ascii: "[") else {
          try scanner.skipValue()
          throw error("features", "expected an array of features")
        }
        var features: [GeoJSONFeature] = []
        try scanner.beginArray()
        while try scanner.nextElement() {
          let at = "features[\(features.count)]"
          guard scanner.peek() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            throw error(at, "expected a Feature object")
          }
          let element = try self.object(&scanner, path: at)
          features.append(try feature(element, path: at))
        }
        object.features = features
      case "geometry":
        if scanner.peek() == UInt8(ascii: "{") {
          let inner = try self.object(&scanner, path: path + ".geometry")
          object.geometry = .object(type: inner.type, coordinates: inner.coordinates)
        } else {
          try scanner.skipValue()
          object.geometry = .null
        }
      case "properties":
        if scanner.peek() == UInt8(ascii: "{") {
          object.properties = try properties(&scanner)
        } else {
          try scanner.skipValue()
        }
      case "coordinates":
        object.sawCoordinates = true
        var indices: [Int] = []
        object.coordinates = try coordinates(&scanner, path: path + ".coordinates", &indices)
      default:
        try scanner.skipValue()
      }
    }
    return object
  }

  func features(ofRoot root: GeoObject) throws -> [GeoJSONFeature] {
    guard let type = root.type else {
      throw error("$", "expected a GeoJSON object with a \"type\"")
    }
    switch type {
    case "FeatureCollection":
      guard let features = root.features else {
        throw error("features", "expected an array of features")
      }
      return features
    case "Feature":
      return [try feature(root, path: "$")]
    default:
      return [
        GeoJSONFeature(
          geometry: try geometry(type: root.type, root.coordinates, path: "$"))
      ]
    }
  }

  func feature(_ object: GeoObject, path: String) throws -> GeoJSONFeature {
    guard let geometry = object.geometry else {
      throw error(path, "feature has no geometry")
    }
    guard case .object(let type, let coordinates) = geometry else {
      throw error(path + ".geometry", "expected a geometry object with a \"type\"")
    }
    return GeoJSONFeature(
      geometry: try self.geometry(type: type, coordinates, path: path + ".geometry"),
      properties: object.properties)
  }

  func geometry(type: String?, _ coordinates: Coordinates?, path: String) throws
    -> GeoJSONGeometry
  {
    guard let type else {
      throw error(path, "expected a geometry object with a \"type\"")
    }
    let at = path + ".coordinates"
    switch type {
    case "Point":
      guard case .position(let c)? = coordinates else {
        throw error(at, "expected a position [lon, lat]")
      }
      return .point(c)
    case "MultiPoint", "LineString":
      let line: [Coordinate]
      switch coordinates {
      case .empty?: line = []
      case .line(let l)?: line = l
      default: throw error(at, "expected an array of positions")
      }
      return type == "LineString" ? .lineString(line) : .multiPoint(line)
    case "MultiLineString", "Polygon":
      let lines: [[Coordinate]]
      switch coordinates {
      case .empty?: lines = []
      case .lines(let l)?: lines = l
      default: throw error(at, "expected an array of lines")
      }
      return type == "Polygon" ? .polygon(lines) : .multiLineString(lines)
    case "MultiPolygon":
      switch coordinates {
      case .empty?: return .multiPolygon([])
      case .polygons(let p)?: return .multiPolygon(p)
      default: throw error(at, "expected an array of polygons")
      }
    default:
      throw error(
        path,
        "unsupported geometry type \"\(type)\"; expected Point, LineString, Polygon or their Multi forms"
      )
    }
  }

  /// Flat properties: strings, numbers, booleans (as 0 and 1) and nulls; nested values dropped.
  func properties(_ scanner: inout JSONScanner) throws -> [String: GeoJSONValue] {
    var properties: [String: GeoJSONValue] = [:]
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      switch scanner.peek() {
      case UInt8(ascii: "\""): properties[key] = .string(try scanner.readString())
      case UInt8(ascii: "{"), UInt8(ascii: "["): try scanner.skipValue()
      default:
        switch try scanner.parseValue() {
        case .number(let n): properties[key] = .number(n)
        case .bool(let b): properties[key] = .number(b ? 1 : 0)
        case .null: properties[key] = .null
        default: break
        }
      }
    }
    return properties
  }

  func indexed(_ path: String, _ indices: [Int]) -> String {
    path + indices.map { "[\($0)]" }.joined()
  }

  /// Reads nested coordinate arrays; `indices` is the position inside them, for messages.
  func coordinates(_ scanner: inout JSONScanner, path: String, _ indices: inout [Int]) throws
    -> Coordinates
  {
    guard scanner.peek() == UInt8(ascii: "[") else {
      try scanner.skipValue()
      throw error(indexed(path, indices), "expected an array of coordinates")
    }
    try scanner.beginArray()
    guard try scanner.nextElement() else { return .empty }
    switch scanner.peek() {
    case UInt8(ascii: "["):
      indices.append(0)
      defer { indices.removeLast() }
      let first = try coordinates(&scanner, path: path, &indices)
      switch first {
      case .position(let c):
        var line = [c]
        while try scanner.nextElement() {
          indices[indices.count - 1] = line.count
          line.append(try position(&scanner, path: path, indices))
        }
        return .line(line)
      case .empty, .line:
        var lines: [[Coordinate]] = []
        if case .line(let l) = first { lines.append(l) } else { lines.append([]) }
        while try scanner.nextElement() {
          indices[indices.count - 1] = lines.count
          switch try coordinates(&scanner, path: path, &indices) {
          case .empty: lines.append([])
          case .line(let l): lines.append(l)
          default: throw error(indexed(path, indices), "expected an array of positions")
          }
        }
        return .lines(lines)
      case .lines(let l):
        var polygons = [l]
        while try scanner.nextElement() {
          indices[indices.count - 1] = polygons.count
          switch try coordinates(&scanner, path: path, &indices) {
          case .empty: polygons.append([])
          case .lines(let l): polygons.append(l)
          default: throw error(indexed(path, indices), "expected an array of lines")
          }
        }
        return .polygons(polygons)
      case .polygons:
        throw error(path, "coordinates nest deeper than a MultiPolygon")
      }
    default:
      return .position(try positionRest(&scanner, path: path, indices))
    }
  }

  /// Reads one `[lon, lat, …]` array.
  func position(_ scanner: inout JSONScanner, path: String, _ indices: [Int]) throws
    -> Coordinate
  {
    guard scanner.peek() == UInt8(ascii: "[") else {
      try scanner.skipValue()
      throw error(indexed(path, indices), "expected a position [lon, lat]")
    }
    try scanner.beginArray()
    guard try scanner.nextElement() else {
      throw error(indexed(path, indices), "expected a position [lon, lat]")
    }
    return try positionRest(&scanner, path: path, indices)
  }

  /// The rest of a position whose `[` is consumed and whose first element is next.
  func positionRest(_ scanner: inout JSONScanner, path: String, _ indices: [Int]) throws
    -> Coordinate
  {
    var values: (Double, Double) = (0, 0)
    var count = 0
    repeat {
      let byte = scanner.peek()
      guard let byte, byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else {
        try scanner.skipValue()
        throw error(indexed(path, indices), "expected a position [lon, lat]")
      }
      let value = try scanner.readNumber()
      if count == 0 { values.0 = value } else if count == 1 { values.1 = value }
      count += 1
    } while try scanner.nextElement()
    guard count >= 2 else {
      throw error(indexed(path, indices), "expected a position [lon, lat]")
    }
    let (lon, lat) = values
    guard let c = Coordinate(validatingLatitude: lat, longitude: lon) else {
      throw error(
        indexed(path, indices),
        "position [\(lon), \(lat)] is out of range; expected lon −180…180, lat −90…90")
    }
    return c
  }
}
