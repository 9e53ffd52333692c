import Foundation
import Geo
import Testing

@testable import CarRender

/// A navigation map's destination pin says what it is: its name on a tag beside the pin, clear
/// of the map's controls, the car and street names (the map app's pin had no name).
@Suite("A pin's name tag")
struct PinNameTagTests {
  static let centre = Coordinate(latitude: 51.3127, longitude: 9.4797)

  /// The name tags' rectangles (x, y, width, height) and texts in an SVG.
  static func tags(_ svg: String) -> [(box: (Double, Double, Double, Double), text: String)] {
    var out: [((Double, Double, Double, Double), String)] = []
    var rest = svg[...]
    while let r = rest.range(of: "<g class=\"pin-name\"") {
      rest = rest[r.upperBound...]
      func number(_ key: String) -> Double {
        guard let k = rest.range(of: " \(key)=\""),
          let end = rest[k.upperBound...].firstIndex(of: "\"")
        else { return .nan }
        return Double(rest[k.upperBound..<end]) ?? .nan
      }
      let box = (number("x"), number("y"), number("width"), number("height"))
      guard let t = rest.range(of: "\">", range: rest.range(of: "<text")!.upperBound..<rest.endIndex),
        let close = rest.range(of: "</text>")
      else { break }
      out.append((box, String(rest[t.upperBound..<close.lowerBound])))
    }
    return out
  }

  @Test("the destination's name shows beside its pin, clear of every control, by day and night")
  func nameBesidePin() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled(), city: try CityMap.bundled())
    let viewport = MapViewport(center: Self.centre, zoom: 15, width: 800, height: 480)
    let controls = [
      MapRect(x: 0, y: 0, width: 800, height: 52), MapRect(x: 740, y: 180, width: 60, height: 120),
      MapRect(x: 0, y: 40, width: 374, height: 112),
    ]
    let destination = Coordinate(latitude: 51.3115, longitude: 9.4890)
    for dark in [false, true] {
      let pin = MapPin(id: "street-Obere Königsstraße", coordinate: destination, name: "Obere Königsstraße")
      let car = MapPin(id: "car", coordinate: Self.centre, style: .car, heading: 80)
      let svg = renderer.render(viewport, dark: dark, pins: [car, pin], controls: controls)
      let tags = Self.tags(svg)
      #expect(tags.count == 1, "dark \(dark): \(tags.map(\.text))")
      guard let tag = tags.first else { continue }
      #expect(tag.text == "Obere Königsstraße")
      let (x, y, w, h) = tag.box
      for c in controls {
        #expect(
          x + w <= c.x || x >= c.x + c.width || y + h <= c.y || y >= c.y + c.height,
          "the tag \(tag.box) lies under the control \(c)")
      }
      let tip = viewport.pixel(destination)
      #expect(hypot(x + w / 2 - tip.x, y + h / 2 - tip.y) < 120, "the tag is far from its pin")
    }
  }

  @Test("a pin without a name, or whose tag fits nowhere, draws no tag; a long name is cut")
  func noTagWithoutRoom() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled(), city: try CityMap.bundled())
    let viewport = MapViewport(center: Self.centre, zoom: 15, width: 300, height: 200)
    let unnamed = MapPin(id: "p", coordinate: Self.centre)
    #expect(Self.tags(renderer.render(viewport, pins: [unnamed])).isEmpty)
    // Controls over the whole map but a pin-sized hole: no place for a tag.
    let everywhere = [
      MapRect(x: 0, y: 0, width: 300, height: 60), MapRect(x: 0, y: 140, width: 300, height: 60),
      MapRect(x: 0, y: 0, width: 130, height: 200), MapRect(x: 170, y: 0, width: 130, height: 200),
    ]
    let named = MapPin(id: "p", coordinate: Self.centre, name: "Göttingen")
    #expect(Self.tags(renderer.render(viewport, pins: [named], controls: everywhere)).isEmpty)
    #expect(MapSVGRenderer.nameTagText(String(repeating: "a", count: 40)).count == 28)
  }
}
