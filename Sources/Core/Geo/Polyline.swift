/// An ordered list of coordinates, such as a road route.
public struct Polyline: Hashable, Sendable, Codable {
  /// The vertices in travel order.
  public var coordinates: [Coordinate]

  /// Creates a polyline from its vertices.
  public init(_ coordinates: [Coordinate]) { self.coordinates = coordinates }

  /// The great-circle length in kilometres, summed segment by segment.
  public var lengthKilometres: Double {
    guard coordinates.count > 1 else { return 0 }
    var total = 0.0
    for i in 1..<coordinates.count {
      total += GreatCircle.distanceKilometres(coordinates[i - 1], coordinates[i])
    }
    return total
  }

  /// The box enclosing every vertex, or nil for an empty line.
  public var boundingBox: BoundingBox? { BoundingBox(enclosing: coordinates) }
}
