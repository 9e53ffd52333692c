import Foundation

/// A WGS84 position in decimal degrees.
///
/// Latitude first, as people say it; GeoJSON files store `[lon, lat]`, so readers must swap.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Degrees north of the equator, −90…90.
  public var latitude: Double
  /// Degrees east of Greenwich, −180…180.
  public var longitude: Double

  /// Creates a coordinate without checking its range; use ``init(validatingLatitude:longitude:)``
  /// for input from files or people.
  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Creates a coordinate, or returns nil when either value is not finite or out of range.
  public init?(validatingLatitude latitude: Double, longitude: Double) {
    guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude),
      (-180...180).contains(longitude)
    else { return nil }
    self.init(latitude: latitude, longitude: longitude)
  }

  /// `"lat,lon"` with six decimals (≈ 0.1 m), the form the command line accepts.
  public var description: String {
    "\(Self.format(latitude)),\(Self.format(longitude))"
  }

  static func format(_ value: Double) -> String {
    let scaled = (value * 1_000_000).rounded() / 1_000_000
    return String(scaled)
  }
}

extension Coordinate {
  /// Parses `"LAT,LON"` (decimal degrees, optional spaces); nil when malformed or out of range.
  public init?(parsing text: String) {
    guard let (lat, lon) = Self.numbers(parsing: text) else { return nil }
    self.init(validatingLatitude: lat, longitude: lon)
  }

  /// For text that is two decimal numbers `"A,B"` but not a valid coordinate, a sentence saying
  /// which value is out of range and what was expected; nil otherwise (valid, or not numbers).
  public static func rangeProblem(parsing text: String) -> String? {
    guard let (lat, lon) = numbers(parsing: text),
      Coordinate(validatingLatitude: lat, longitude: lon) == nil
    else { return nil }
    var problems: [String] = []
    if !(-90...90).contains(lat) { problems.append("latitude \(lat) is outside -90 … 90") }
    if !(-180...180).contains(lon) { problems.append("longitude \(lon) is outside -180 … 180") }
    return "coordinates '\(text)' are out of range: \(problems.joined(separator: ", "));"
      + " expected LAT,LON in decimal degrees, latitude first"
  }

  private static func numbers(parsing text: String) -> (Double, Double)? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let lat = DecimalText.double(parts[0].trimmingCharacters(in: .whitespaces)),
      let lon = DecimalText.double(parts[1].trimmingCharacters(in: .whitespaces))
    else { return nil }
    return (lat, lon)
  }
}
