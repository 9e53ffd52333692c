import Foundation

/// The Web Mercator projection (EPSG:3857) in "world units": x and y in 0…1 across the world,
/// y growing southwards; multiply by `256 × 2^zoom` for pixels.
public enum WebMercator {
  /// Latitudes beyond this are clamped (the projection's square world).
  public static let maximumLatitude = 85.05112878

  /// Projects a coordinate to world units.
  public static func project(_ c: Coordinate) -> (x: Double, y: Double) {
    let lat = min(max(c.latitude, -maximumLatitude), maximumLatitude) * .pi / 180
    let x = (c.longitude + 180) / 360
    let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2
    return (x, y)
  }

  /// Converts world units back to a coordinate.
  public static func unproject(x: Double, y: Double) -> Coordinate {
    let lon = x * 360 - 180
    let n = Double.pi * (1 - 2 * y)
    let lat = atan(sinh(n)) * 180 / .pi
    return Coordinate(latitude: lat, longitude: lon)
  }

  /// World size in pixels at a zoom level.
  public static func worldSize(zoom: Double) -> Double { 256 * pow(2, zoom) }
}

/// A map view: a centre, a zoom level and a size in pixels (points of the car screen).
public struct MapViewport: Hashable, Sendable {
  /// The centre of the view.
  public var center: Coordinate
  /// The Web Mercator zoom level.
  public var zoom: Double
  /// Width in pixels.
  public var width: Double
  /// Height in pixels.
  public var height: Double

  /// Creates a viewport.
  public init(center: Coordinate, zoom: Double, width: Double, height: Double) {
    self.center = center
    self.zoom = zoom
    self.width = width
    self.height = height
  }

  /// The viewport that shows `box` as large as possible (with `padding` pixels around it),
  /// with the zoom rounded down to a quarter level and clamped to 3…17.
  public static func fitting(
    _ box: BoundingBox, width: Double, height: Double, padding: Double = 24
  )
    -> MapViewport
  {
    let a = WebMercator.project(box.minimum)
    let b = WebMercator.project(box.maximum)
    let spanX = max(abs(b.x - a.x), 1e-9)
    let spanY = max(abs(b.y - a.y), 1e-9)
    let usableW = max(1, width - 2 * padding)
    let usableH = max(1, height - 2 * padding)
    let scale = min(usableW / spanX, usableH / spanY)
    var zoom = log2(scale / 256)
    zoom = (zoom * 4).rounded(.down) / 4
    zoom = min(17, max(3, zoom))
    let center = WebMercator.unproject(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    return MapViewport(center: center, zoom: zoom, width: width, height: height)
  }

  /// Pixel position of a coordinate in this viewport (0,0 = top left).
  public func pixel(_ c: Coordinate) -> (x: Double, y: Double) {
    let p = WebMercator.project(c)
    return pixel(worldX: p.x, worldY: p.y)
  }

  /// Pixel position of a point given in world units.
  public func pixel(worldX: Double, worldY: Double) -> (x: Double, y: Double) {
    let size = WebMercator.worldSize(zoom: zoom)
    let c = WebMercator.project(center)
    return ((worldX - c.x) * size + width / 2, (worldY - c.y) * size + height / 2)
  }

  /// The coordinate under a pixel.
  public func coordinate(atPixelX px: Double, y py: Double) -> Coordinate {
    let size = WebMercator.worldSize(zoom: zoom)
    let c = WebMercator.project(center)
    return WebMercator.unproject(
      x: c.x + (px - width / 2) / size, y: c.y + (py - height / 2) / size)
  }

  /// The region the viewport shows.
  public var bounds: BoundingBox {
    BoundingBox(
      minimum: coordinate(atPixelX: 0, y: height), maximum: coordinate(atPixelX: width, y: 0))
  }

  /// Metres per pixel at the viewport's centre latitude.
  public var metresPerPixel: Double {
    let earthCircumference = 2 * Double.pi * 6_378_137.0
    return earthCircumference * cos(center.latitude * .pi / 180) / WebMercator.worldSize(zoom: zoom)
  }
}
