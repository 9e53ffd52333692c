import CarTemplates
import Geo

/// The map of a point-of-interest template: which region it shows, where the floating panel
/// covers it, and how a driver's pan, drag and zoom move the region.
///
/// CarPlay's template draws the map itself and handles pan and zoom; the app only hears the new
/// region (`pointOfInterestTemplate(_:didChangeMapRegion:)`) and answers with places for it
/// (carplay-facts.md §1.5). The host, the drawing and the region the app is told therefore
/// share one region, computed here:
///
/// - until the driver moves the map, the region frames the template's places (their box with
///   a 0.2 km margin), or a 10 km box around the car when there are none;
/// - once the driver moved it, the region is the driver's and stays there whatever places the
///   app answers with, none included. What CarPlay's map does when the app answers a region
///   with no places is UNCONFIRMED (the fact sheet is silent); the conservative model keeps the
///   region the driver chose rather than jumping to the car, so the next move starts from the
///   map the driver sees.
public enum PointOfInterestMap {
  /// The smallest span a move keeps: about 1 km (0.01° of latitude by 0.015° of longitude),
  /// so zooming in stops at a street map instead of collapsing to a point.
  public static let smallestSpan = (latitude: 0.01, longitude: 0.015)
  /// The largest span a move keeps: about 8° (the whole country), so zooming out stops.
  public static let largestSpan = (latitude: 8.0, longitude: 12.0)
  /// The margin around the places when the map frames them.
  public static let placesMarginKilometres = 0.2
  /// The half-width of the box around the car when there are no places.
  public static let carSurroundingsKilometres = 10.0
  /// The bottom edge of the map keeps the scale bar and the attribution, which no pin covers.
  static let bottomMargin = 30.0
  /// Pixels kept free around the region (pins stand 31 px tall above their place).
  static let padding = 34.0

  /// The region the map frames for these places before the driver moves it: the places' box
  /// with a small margin, a box around the car when there are none, nil when neither is known.
  public static func framing(places: [Coordinate], car: Coordinate?) -> BoundingBox? {
    if let box = BoundingBox(enclosing: places) {
      return box.expanded(byKilometres: placesMarginKilometres)
    }
    guard let car else { return nil }
    return BoundingBox(minimum: car, maximum: car).expanded(byKilometres: carSurroundingsKilometres)
  }

  /// The size in points of a point-of-interest template's map on `display`: the display less
  /// the dock (56 points) and, under a tab bar, less the tab bar (37 points on the short
  /// displays, 44 otherwise), as ``CarHTMLRenderer`` lays the screen out.
  public static func mapSize(display: DisplayProfile, hasTabBar: Bool) -> (width: Int, height: Int)
  {
    let tabBar = hasTabBar ? (CarHTMLRenderer.isCompact(display) ? 37 : 44) : 0
    return (display.pointWidth - 56, display.pointHeight - tabBar)
  }

  /// Where the floating panel covers the map of `width` × `height` points: the panel's size
  /// and the map's covered left (landscape) or top (portrait) edge.
  public static func panel(width: Int, height: Int, portrait: Bool)
    -> (width: Int, height: Int, coveredLeft: Double, coveredTop: Double)
  {
    // Landscape: the panel floats at the left, as in CarPlay; portrait displays are too narrow
    // for that, so the panel spans the top and the places fit into the map below it. On the
    // short displays the panel leaves the map about 40% of the width (an estimate from
    // CarPlay's screens; the fact sheet gives no panel size).
    let panelWidth = portrait ? width - 16 : min(300, max(180, width * 2 / 5))
    let panelHeight = portrait ? height * 11 / 20 : height - 16
    return (
      panelWidth, panelHeight, portrait ? 0 : Double(panelWidth + 8),
      portrait ? Double(panelHeight + 8) : 0
    )
  }

  /// The view of a map `width` × `height` points that shows `region` as large as fits in the
  /// part the panel leaves free, its centre in the middle of that part.
  public static func viewport(showing region: BoundingBox, width: Int, height: Int, portrait: Bool)
    -> MapViewport
  {
    let covered = panel(width: width, height: height, portrait: portrait)
    let mapWidth = Double(width)
    let mapHeight = Double(height)
    var viewport = MapViewport.fitting(
      region, width: mapWidth - covered.coveredLeft,
      height: mapHeight - covered.coveredTop - bottomMargin, padding: padding)
    viewport.width = mapWidth
    viewport.height = mapHeight
    let free = freeCentre(width: mapWidth, height: mapHeight, covered: covered)
    viewport.center = viewport.coordinate(atPixelX: mapWidth - free.x, y: mapHeight - free.y)
    return viewport
  }

  /// The centre, in pixels, of the part of the map the panel leaves free (above the bottom
  /// margin), 8 px lower since pins stand above their places.
  static func freeCentre(
    width: Double, height: Double,
    covered: (width: Int, height: Int, coveredLeft: Double, coveredTop: Double)
  ) -> (x: Double, y: Double) {
    (
      covered.coveredLeft + (width - covered.coveredLeft) / 2,
      covered.coveredTop + (height - covered.coveredTop - bottomMargin) / 2 + 8
    )
  }

  /// The coordinate drawn at the centre of the free part of the map.
  public static func drawnCentre(of viewport: MapViewport, portrait: Bool) -> Coordinate {
    let covered = panel(width: Int(viewport.width), height: Int(viewport.height), portrait: portrait)
    let free = freeCentre(width: viewport.width, height: viewport.height, covered: covered)
    return viewport.coordinate(atPixelX: free.x, y: free.y)
  }

  /// `region` moved by a fraction of its span east (positive `east`) and north (positive
  /// `north`), its size kept.
  public static func moved(_ region: BoundingBox, east: Double, north: Double) -> BoundingBox {
    let span = spans(region)
    let centre = region.center
    return box(
      latitude: centre.latitude + north * span.latitude,
      longitude: centre.longitude + east * span.longitude, span: span)
  }

  /// `region` zoomed by `scale` around its centre (2 halves the span, 0.5 doubles it), the span
  /// kept between ``smallestSpan`` and ``largestSpan``.
  public static func zoomed(_ region: BoundingBox, by scale: Double) -> BoundingBox {
    guard scale > 0, scale.isFinite else { return region }
    let span = spans(region)
    let centre = region.center
    return box(
      latitude: centre.latitude, longitude: centre.longitude,
      span: (span.latitude / scale, span.longitude / scale))
  }

  /// `region` after a touch drag of (`dx`, `dy`) points on a map of `width` × `height` points
  /// drawn as ``viewport(showing:width:height:portrait:)`` draws it: the map follows the finger,
  /// so dragging left (negative `dx`) shows what lies east.
  public static func dragged(
    _ region: BoundingBox, dx: Double, dy: Double, width: Int, height: Int, portrait: Bool
  ) -> BoundingBox {
    let viewport = viewport(showing: region, width: width, height: height, portrait: portrait)
    let centre = region.center
    let from = viewport.pixel(centre)
    let to = viewport.coordinate(atPixelX: from.x - dx, y: from.y - dy)
    return box(
      latitude: to.latitude, longitude: to.longitude, span: spans(region))
  }

  static func spans(_ region: BoundingBox) -> (latitude: Double, longitude: Double) {
    (
      region.maximum.latitude - region.minimum.latitude,
      region.maximum.longitude - region.minimum.longitude
    )
  }

  /// The box of this centre and span, the span clamped to ``smallestSpan``…``largestSpan`` and
  /// the box kept inside the map's latitudes and longitudes.
  static func box(
    latitude: Double, longitude: Double, span: (latitude: Double, longitude: Double)
  ) -> BoundingBox {
    let dLat = min(largestSpan.latitude, max(smallestSpan.latitude, span.latitude))
    let dLon = min(largestSpan.longitude, max(smallestSpan.longitude, span.longitude))
    let lat = min(85 - dLat / 2, max(-85 + dLat / 2, latitude))
    let lon = min(180 - dLon / 2, max(-180 + dLon / 2, longitude))
    return BoundingBox(
      minimum: Coordinate(latitude: lat - dLat / 2, longitude: lon - dLon / 2),
      maximum: Coordinate(latitude: lat + dLat / 2, longitude: lon + dLon / 2))
  }
}
