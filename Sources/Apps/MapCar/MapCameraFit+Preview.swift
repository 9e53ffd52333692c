import CarRender
import CarTemplates
import Geo

/// The part of the car's map that a trip preview leaves free, and fitting a route into it.
extension MapCameraFit {
  /// The map's size in points on `display`: the display beside the system's dock (56 points,
  /// as the simulator draws it).
  static func mapSize(_ display: DisplayProfile) -> (width: Double, height: Double) {
    (Double(max(1, display.pointWidth - 56)), Double(max(1, display.pointHeight)))
  }

  /// The rectangle (points, from the map's top left) of the map not covered during a trip
  /// preview: below the map's bar, right of the preview's card, left of the map buttons and
  /// above the scale bar and attribution. The sizes are the system's controls as the simulator
  /// draws them (an estimate: CarPlay gives a real app this area as its map's safe area).
  static func previewArea(_ display: DisplayProfile) -> (
    x0: Double, y0: Double, x1: Double, y1: Double
  ) {
    let (width, height) = mapSize(display)
    // The bar's buttons end, and the card starts, 52 points down (44 on a short display).
    let top = CarHTMLRenderer.isCompact(display) ? 44.0 : 52.0
    // The card: 8 points in, at most 260 points or 45 % of the map wide.
    let left = 8 + min(260, 0.45 * width) + 8
    // The map buttons: 44 points wide, 10 points from the edge.
    let right = 10 + 44 + 8.0
    // The scale bar and the attribution along the bottom edge.
    let bottom = 30.0
    // A pin stands above its point (its head about 31 points tall): the top keeps room for it.
    let pin = 34.0
    let x0 = min(left, width / 2), x1 = max(x0 + 1, width - right)
    let y0 = min(top + pin, height / 2), y1 = max(y0 + 1, height - bottom)
    return (x0, y0, x1, y1)
  }

  /// The camera that shows `box` (a previewed route) as large as fits in the preview's free
  /// area of `display`, centred in that area, north up.
  static func fittingPreview(_ box: BoundingBox, display: DisplayProfile) -> MapCamera {
    let (width, height) = mapSize(display)
    let area = previewArea(display)
    let fit = MapViewport.fitting(
      box, width: area.x1 - area.x0, height: area.y1 - area.y0, padding: 6)
    // The box's centre goes to the area's centre: the camera's centre is as far the other way.
    let view = MapViewport(center: fit.center, zoom: fit.zoom, width: width, height: height)
    let centre = view.coordinate(
      atPixelX: width - (area.x0 + area.x1) / 2, y: height - (area.y0 + area.y1) / 2)
    return MapCamera(center: centre, zoom: fit.zoom)
  }

  /// The rectangle (points, from the map's top left) of the map not covered while guiding:
  /// below the map's bar, right of the maneuver card (8 points in, at most 45 % of the map
  /// wide, as the simulator draws CarPlay's card), left of the map buttons, above the scale
  /// bar. An estimate, like ``previewArea(_:)``: CarPlay gives a real app its safe area.
  static func guidanceArea(_ display: DisplayProfile) -> (
    x0: Double, y0: Double, x1: Double, y1: Double
  ) {
    let (width, height) = mapSize(display)
    let top = CarHTMLRenderer.isCompact(display) ? 44.0 : 52.0
    let left = 8 + 0.45 * width + 14
    let right = 10 + 44 + 8.0
    let bottom = 30.0
    let x0 = min(left, width - 2), x1 = max(x0 + 1, width - right)
    let y0 = min(top, height / 2), y1 = max(y0 + 1, height - bottom)
    return (x0, y0, x1, y1)
  }

  /// The camera that follows `car` while guiding: the car sits in the middle of the
  /// ``guidanceArea(_:)`` across, and 60 % of the way down it, so more of the road ahead shows
  /// and the maneuver card never covers the car. Zoom and heading are kept.
  static func followingWhileGuiding(
    _ car: Coordinate, camera: MapCamera, display: DisplayProfile
  ) -> MapCamera {
    let (width, height) = mapSize(display)
    let area = guidanceArea(display)
    let x = (area.x0 + area.x1) / 2
    let y = area.y0 + 0.6 * (area.y1 - area.y0)
    // A drag moves what is under the centre by the drag: the car goes from the centre to (x, y).
    return camera.recentred(on: car).dragged(dx: x - width / 2, dy: y - height / 2)
  }
}
