import Foundation
import Geo

/// Where the car's map looks: a centre, a zoom level and a heading, as pure values.
///
/// Zooming keeps the principal point (the view's centre) fixed and changes the scale by a
/// factor of 2 per step; panning moves the centre by a fraction of the visible span; zoom stays
/// within ``minimumZoom`` … ``maximumZoom``. Every operation is a pure function, so a zoom in
/// followed by a zoom out returns the same camera (see `Guides/MapApp.md`).
public struct MapCamera: Hashable, Sendable, Codable {
  /// The point at the view's centre.
  public var center: Coordinate
  /// The Web Mercator zoom level (the scale doubles per level).
  public var zoom: Double
  /// The direction the top of the view points to, degrees clockwise from north (0 = north up).
  public var heading: Double

  /// The smallest zoom: all of Germany on a car display.
  public static let minimumZoom = 5.0
  /// The largest zoom: single streets fill the view.
  public static let maximumZoom = 18.0
  /// The share of the visible span one pan step moves (a knob nudge or an arrow button).
  public static let panFraction = 0.25

  /// Creates a camera; zoom is clamped to the bounds and heading normalised to 0 ..< 360.
  public init(center: Coordinate, zoom: Double, heading: Double = 0) {
    self.center = center
    self.zoom = min(Self.maximumZoom, max(Self.minimumZoom, zoom))
    let h = heading.truncatingRemainder(dividingBy: 360)
    self.heading = h < 0 ? h + 360 : h
  }

  /// The camera zoomed by `steps` factors of 2 (negative zooms out), around the centre, within
  /// the bounds.
  public func zoomed(by steps: Double) -> MapCamera {
    MapCamera(center: center, zoom: zoom + steps, heading: heading)
  }

  /// The camera after an iOS 26 pinch: a scale factor (2 = twice as large) around the view's
  /// centre; non-positive or non-finite factors leave it unchanged.
  public func pinched(scale: Double) -> MapCamera {
    guard scale > 0, scale.isFinite else { return self }
    return zoomed(by: log2(scale))
  }

  /// The direction of a pan step, as the knob, the touch pad or the arrow buttons give it.
  public enum Direction: String, Sendable, CaseIterable, Codable {
    case up, down, left, right
  }

  /// The camera moved one step in a direction: by ``panFraction`` of the visible span of a
  /// `width` × `height` view, in screen terms (up = towards the view's top, whatever the heading).
  public func panned(_ direction: Direction, width: Double, height: Double) -> MapCamera {
    let f = Self.panFraction
    switch direction {
    case .up: return dragged(dx: 0, dy: height * f)
    case .down: return dragged(dx: 0, dy: -height * f)
    case .left: return dragged(dx: width * f, dy: 0)
    case .right: return dragged(dx: -width * f, dy: 0)
    }
  }

  /// The camera after a touch drag of (`dx`, `dy`) pixels since the last report: the map follows
  /// the finger, so the centre moves the opposite way, turned by the heading.
  public func dragged(dx: Double, dy: Double) -> MapCamera {
    let a = heading * .pi / 180
    // Screen delta to a north-up delta: undo the map's rotation.
    let ex = dx * cos(a) - dy * sin(a)
    let ey = dx * sin(a) + dy * cos(a)
    let size = WebMercator.worldSize(zoom: zoom)
    let p = WebMercator.project(center)
    let x = p.x - ex / size
    let y = min(max(p.y - ey / size, 0), 1)
    let wrapped = x - floor(x)
    return MapCamera(center: WebMercator.unproject(x: wrapped, y: y), zoom: zoom, heading: heading)
  }

  /// The camera looking at `coordinate` (re-centre on the car), keeping zoom and heading.
  public func recentred(on coordinate: Coordinate) -> MapCamera {
    MapCamera(center: coordinate, zoom: zoom, heading: heading)
  }

  /// The camera turned to a heading (degrees clockwise from north).
  public func turned(to heading: Double) -> MapCamera {
    MapCamera(center: center, zoom: zoom, heading: heading)
  }

  /// The viewport of a `width` × `height` view (north up; the heading is applied when drawn).
  public func viewport(width: Double, height: Double) -> MapViewport {
    MapViewport(center: center, zoom: zoom, width: width, height: height)
  }

  /// The region a north-up `width` × `height` view shows.
  public func visibleRegion(width: Double, height: Double) -> BoundingBox {
    viewport(width: width, height: height).bounds
  }
}
