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
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
      let lon = Double(parts[1].trimmingCharacters(in: .whitespaces))
    else { return nil }
    self.init(validatingLatitude: lat, longitude: lon)
  }
}
