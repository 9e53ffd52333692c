import Geo

extension MapMove {
  /// The smallest span a move keeps: about 1 km (0.01° of latitude by 0.015° of longitude),
  /// so zooming in stops at a street map instead of collapsing to a point.
  static let smallestSpan = (latitude: 0.01, longitude: 0.015)
  /// The largest span a move keeps: about 8° (the whole country), so zooming out stops.
  static let largestSpan = (latitude: 8.0, longitude: 12.0)

  /// The region a point-of-interest map shows for its places: their box with the map's margin
  /// around it (a 10 km box around `centre` when there are none).
  static func visibleRegion(showing points: [Coordinate], around centre: Coordinate)
    -> BoundingBox
  {
    guard let box = BoundingBox(enclosing: points) else {
      return BoundingBox(minimum: centre, maximum: centre).expanded(byKilometres: 10)
    }
    return box.expanded(byKilometres: 0.5)
  }

  /// The region after this move from `shown`: half a span north, south, east or west, half or
  /// twice the span for zooming, around the same centre; the span stays between
  /// ``smallestSpan`` and ``largestSpan``.
  func region(from shown: BoundingBox) -> BoundingBox {
    let centreLat = (shown.minimum.latitude + shown.maximum.latitude) / 2
    let centreLon = (shown.minimum.longitude + shown.maximum.longitude) / 2
    var dLat = shown.maximum.latitude - shown.minimum.latitude
    var dLon = shown.maximum.longitude - shown.minimum.longitude
    var lat = centreLat
    var lon = centreLon
    switch self {
    case .north: lat += dLat / 2
    case .south: lat -= dLat / 2
    case .east: lon += dLon / 2
    case .west: lon -= dLon / 2
    case .zoomIn:
      dLat /= 2
      dLon /= 2
    case .zoomOut:
      dLat *= 2
      dLon *= 2
    }
    dLat = min(Self.largestSpan.latitude, max(Self.smallestSpan.latitude, dLat))
    dLon = min(Self.largestSpan.longitude, max(Self.smallestSpan.longitude, dLon))
    lat = min(85 - dLat / 2, max(-85 + dLat / 2, lat))
    return BoundingBox(
      minimum: Coordinate(latitude: lat - dLat / 2, longitude: lon - dLon / 2),
      maximum: Coordinate(latitude: lat + dLat / 2, longitude: lon + dLon / 2))
  }
}
