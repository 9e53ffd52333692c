import Foundation
import Geo
import Testing

/// The projection and the viewport are geometry: they live in `Geo`, and an app that places a
/// camera or fits a route (the map app) needs no renderer for them.
@Suite("Web Mercator and the viewport, in Geo")
struct WebMercatorTests {
  @Test("projecting and unprojecting returns the same coordinate")
  func projectionRoundTrip() {
    let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
    let p = WebMercator.project(kassel)
    let back = WebMercator.unproject(x: p.x, y: p.y)
    #expect(abs(back.latitude - kassel.latitude) < 1e-9)
    #expect(abs(back.longitude - kassel.longitude) < 1e-9)
  }

  @Test("a fitted viewport contains the box it was fitted to")
  func fittingContainsBox() {
    let box = BoundingBox(
      minimum: Coordinate(latitude: 47.27, longitude: 5.87),
      maximum: Coordinate(latitude: 55.06, longitude: 15.04))
    let viewport = MapViewport.fitting(box, width: 800, height: 480)
    let shown = viewport.bounds
    #expect(shown.contains(box.minimum))
    #expect(shown.contains(box.maximum))
    #expect(viewport.zoom >= 4 && viewport.zoom <= 7)
  }

  @Test("a pixel and the coordinate under it agree, and the scale follows the zoom")
  func pixelRoundTrip() {
    let viewport = MapViewport(
      center: Coordinate(latitude: 51.3127, longitude: 9.4797), zoom: 12, width: 800, height: 480)
    let centre = viewport.pixel(viewport.center)
    #expect(abs(centre.x - 400) < 1e-6 && abs(centre.y - 240) < 1e-6)
    let corner = viewport.coordinate(atPixelX: 0, y: 0)
    let back = viewport.pixel(corner)
    #expect(abs(back.x) < 1e-6 && abs(back.y) < 1e-6)
    var closer = viewport
    closer.zoom += 1
    #expect(abs(closer.metresPerPixel * 2 - viewport.metresPerPixel) < 1e-9)
  }
}
