/// A latitude/longitude rectangle, such as the region a map shows.
///
/// Does not cross the antimeridian: Wayside's data is in Germany, and callers that need a box
/// across ±180° must split it into two.
public struct BoundingBox: Hashable, Sendable, Codable {
  /// The south-west corner.
  public var minimum: Coordinate
  /// The north-east corner.
  public var maximum: Coordinate

  /// Creates a box from its corners; the corners are normalised so min ≤ max on both axes.
  public init(minimum: Coordinate, maximum: Coordinate) {
    self.minimum = Coordinate(
      latitude: Swift.min(minimum.latitude, maximum.latitude),
      longitude: Swift.min(minimum.longitude, maximum.longitude))
    self.maximum = Coordinate(
      latitude: Swift.max(minimum.latitude, maximum.latitude),
      longitude: Swift.max(minimum.longitude, maximum.longitude))
  }

  /// The smallest box holding every coordinate, or nil for an empty sequence.
  public init?(enclosing coordinates: some Sequence<Coordinate>) {
    var iterator = coordinates.makeIterator()
    guard let first = iterator.next() else { return nil }
    var lo = first
    var hi = first
    while let c = iterator.next() {
      lo.latitude = Swift.min(lo.latitude, c.latitude)
      lo.longitude = Swift.min(lo.longitude, c.longitude)
      hi.latitude = Swift.max(hi.latitude, c.latitude)
      hi.longitude = Swift.max(hi.longitude, c.longitude)
    }
    self.init(minimum: lo, maximum: hi)
  }

  /// The box's centre.
  public var center: Coordinate {
    Coordinate(
      latitude: (minimum.latitude + maximum.latitude) / 2,
      longitude: (minimum.longitude + maximum.longitude) / 2)
  }

  /// Whether the coordinate lies inside or on the edge of the box.
  public func contains(_ c: Coordinate) -> Bool {
    c.latitude >= minimum.latitude && c.latitude <= maximum.latitude
      && c.longitude >= minimum.longitude && c.longitude <= maximum.longitude
  }

  /// Whether two boxes share at least one point.
  public func intersects(_ other: BoundingBox) -> Bool {
    !(other.minimum.latitude > maximum.latitude || other.maximum.latitude < minimum.latitude
      || other.minimum.longitude > maximum.longitude || other.maximum.longitude < minimum.longitude)
  }

  /// The box grown by `kilometres` on every side (degree buffers: Δlat = r / 111.32 km,
  /// Δlon = r / (111.32 km × cos φ) at the box's most poleward latitude).
  public func expanded(byKilometres kilometres: Double) -> BoundingBox {
    let dLat = kilometres / 111.32
    let poleward = Swift.max(abs(minimum.latitude), abs(maximum.latitude))
    let cosine = Swift.max(0.01, GeoMath.cosDegrees(Swift.min(89.9, poleward + dLat)))
    let dLon = kilometres / (111.32 * cosine)
    return BoundingBox(
      minimum: Coordinate(
        latitude: Swift.max(-90, minimum.latitude - dLat),
        longitude: Swift.max(-180, minimum.longitude - dLon)),
      maximum: Coordinate(
        latitude: Swift.min(90, maximum.latitude + dLat),
        longitude: Swift.min(180, maximum.longitude + dLon)))
  }
}
