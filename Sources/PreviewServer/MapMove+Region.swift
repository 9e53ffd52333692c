import Geo

extension MapMove {
  /// The region after this move, from the region the points shown span (a 10 km box around
  /// `centre` when there are none): half a span north, south, east or west, half or twice the
  /// span for zooming.
  ///
  /// A span is never taken smaller than 0.02° of latitude by 0.03° of longitude, so moves from
  /// a single point still move.
  func region(showing points: [Coordinate], around centre: Coordinate) -> BoundingBox {
    let box =
      BoundingBox(enclosing: points)
      ?? BoundingBox(minimum: centre, maximum: centre).expanded(byKilometres: 10)
    let dLat = max(0.02, box.maximum.latitude - box.minimum.latitude)
    let dLon = max(0.03, box.maximum.longitude - box.minimum.longitude)
    var lo = box.minimum
    var hi = box.maximum
    switch self {
    case .north: lo.latitude += dLat / 2; hi.latitude += dLat / 2
    case .south: lo.latitude -= dLat / 2; hi.latitude -= dLat / 2
    case .east: lo.longitude += dLon / 2; hi.longitude += dLon / 2
    case .west: lo.longitude -= dLon / 2; hi.longitude -= dLon / 2
    case .zoomIn:
      lo = Coordinate(latitude: lo.latitude + dLat / 4, longitude: lo.longitude + dLon / 4)
      hi = Coordinate(latitude: hi.latitude - dLat / 4, longitude: hi.longitude - dLon / 4)
    case .zoomOut:
      lo = Coordinate(latitude: lo.latitude - dLat / 2, longitude: lo.longitude - dLon / 2)
      hi = Coordinate(latitude: hi.latitude + dLat / 2, longitude: hi.longitude + dLon / 2)
    }
    return BoundingBox(minimum: lo, maximum: hi)
  }
}
