import Foundation
import Geo
import Testing

@testable import CarRender

@Suite("Web Mercator and the basemap")
struct MapSVGRendererTests {
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

  @Test("the map of Kassel shows Kassel's label, motorways, pins and the attribution")
  func kasselMap() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled())
    let viewport = MapViewport(
      center: Coordinate(latitude: 51.3127, longitude: 9.4797), zoom: 10, width: 800, height: 480)
    let svg = renderer.render(
      viewport,
      pins: [MapPin(id: "s1", coordinate: Coordinate(latitude: 51.32, longitude: 9.49), label: "1")]
    )
    #expect(svg.contains(">Kassel</text>"))
    #expect(svg.contains("class=\"motorways\""))
    #expect(svg.contains("data-pin-id=\"s1\""))
    #expect(svg.contains("OpenStreetMap"))
    #expect(svg.contains("class=\"scale\""))
    if let out = ProcessInfo.processInfo.environment["WAYSIDE_MAP_SNAPSHOT"] {
      try svg.write(toFile: out, atomically: true, encoding: .utf8)
      try renderer.render(
        MapViewport.fitting(
          BoundingBox(
            minimum: Coordinate(latitude: 47.27, longitude: 5.87),
            maximum: Coordinate(latitude: 55.06, longitude: 15.04)), width: 800, height: 480),
        dark: true
      ).write(toFile: out + ".de.svg", atomically: true, encoding: .utf8)
    }
  }

  @Test("text is escaped for markup")
  func escaping() {
    #expect(Markup.escape("A&B <\"x\">") == "A&amp;B &lt;&quot;x&quot;&gt;")
  }
}
