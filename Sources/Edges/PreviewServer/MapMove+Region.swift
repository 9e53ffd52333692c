import CarRender
import Geo

extension MapMove {
  /// The region after this move from `shown`: half a span north, south, east or west, half or
  /// twice the span for zooming, around the same centre; the span stays between
  /// ``PointOfInterestMap/smallestSpan`` and ``PointOfInterestMap/largestSpan``.
  func region(from shown: BoundingBox) -> BoundingBox {
    switch self {
    case .north: PointOfInterestMap.moved(shown, east: 0, north: 0.5)
    case .south: PointOfInterestMap.moved(shown, east: 0, north: -0.5)
    case .east: PointOfInterestMap.moved(shown, east: 0.5, north: 0)
    case .west: PointOfInterestMap.moved(shown, east: -0.5, north: 0)
    case .zoomIn: PointOfInterestMap.zoomed(shown, by: 2)
    case .zoomOut: PointOfInterestMap.zoomed(shown, by: 0.5)
    }
  }
}
