import Foundation
import Geo
import Testing

@testable import CarRender

@Suite("The basemap drawn in a viewport")
struct MapSVGRendererTests {
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

  @Test(
    "at street level the map keeps only what can show: no path point far outside the view, and the image a fraction of its unclipped size"
  )
  func streetLevelMapIsClipped() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled())
    let viewport = MapViewport(
      center: Coordinate(latitude: 51.31468, longitude: 9.4952), zoom: 15, width: 344,
      height: 240)
    let svg = renderer.render(viewport)
    // Path coordinates lie within the view and the clip margin (16 points), but for the far
    // ends of the few line segments that cross into the view.
    var far = 0
    for path in svg.split(separator: "<path").dropFirst() {
      guard let start = path.range(of: " d=\""), let end = path[start.upperBound...].firstIndex(of: "\"")
      else { continue }
      let numbers = path[start.upperBound..<end].split(whereSeparator: { "MLZ ".contains($0) })
        .compactMap { Double($0) }
      far += numbers.filter { $0 < -40 || $0 > 384 }.count
    }
    #expect(far < 20, "path coordinates far outside the 344×240 view: \(far)")
    // Before clipping: 9,197 such coordinates and 145.8 KB; clipped: 8 and 59.6 KB.
    #expect(svg.utf8.count < 75_000, "the street-level image is \(svg.utf8.count) bytes")
  }

  @Test("a ring is clipped to the rectangle and a line keeps only the runs that reach it")
  func screenPathClips() {
    let clip = ScreenPath(minX: 0, minY: 0, maxX: 100, maxY: 100, step: 0)
    // A square from -100 to 200 around the rectangle: its clip is the rectangle itself.
    let ring = PathPoints([-100, -100, 200, -100, 200, 200, -100, 200])
    #expect(
      clip.data(ring, isRing: true, origin: (0, 0), size: 1) == "M0 100L0 0L100 0L100 100Z")
    // A ring wholly outside draws nothing.
    let away = PathPoints([300, 300, 400, 300, 400, 400])
    #expect(clip.data(away, isRing: true, origin: (0, 0), size: 1) == "")
    // A line leaving and coming back: two runs, the far part left out.
    let line = PathPoints([50, 50, 150, 50, 500, 50, 600, 50, 150, 60, 60, 60])
    #expect(
      clip.data(line, isRing: false, origin: (0, 0), size: 1)
        == "M50 50L150 50M150 60L60 60")
    // Wholly inside: written as it is.
    let inside = PathPoints([10, 10, 20, 20])
    #expect(clip.data(inside, isRing: false, origin: (0, 0), size: 1) == "M10 10L20 20")
  }

  @Test("text is escaped for markup")
  func escaping() {
    #expect(Markup.escape("A&B <\"x\">") == "A&amp;B &lt;&quot;x&quot;&gt;")
    // Text with nothing to escape comes back as it is; a character beyond ASCII beside an
    // escaped one keeps every byte.
    #expect(Markup.escape("Kölnische Straße 5 · 22 kW") == "Kölnische Straße 5 · 22 kW")
    #expect(Markup.escape("Café <Zoë>'s 🔌") == "Café &lt;Zoë&gt;&#39;s 🔌")
    #expect(Markup.escape("") == "")
  }
}
