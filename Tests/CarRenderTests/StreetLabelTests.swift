import Foundation
import Geo
import Testing

@testable import CarRender

/// Street names along the streets: how many, upright, clear of each other, of the car, the
/// pins and the controls over the map.
@Suite("Street names along the streets")
struct StreetLabelTests {
  static func renderer() throws -> MapSVGRenderer {
    MapSVGRenderer(basemap: try Basemap.bundled(), city: try CityMap.bundled())
  }

  static let centre = Coordinate(latitude: 51.3127, longitude: 9.4797)

  /// The label paths' points by id, and the names drawn on them.
  static func labels(_ svg: String) -> [(name: String, points: [(Double, Double)])] {
    var paths: [String: [(Double, Double)]] = [:]
    var rest = svg[...]
    while let r = rest.range(of: "<path id=\"") {
      rest = rest[r.upperBound...]
      guard let q = rest.firstIndex(of: "\""), let d = rest.range(of: "d=\""),
        let end = rest[d.upperBound...].firstIndex(of: "\"")
      else { break }
      let id = String(rest[..<q])
      let numbers = rest[d.upperBound..<end].split(whereSeparator: { "MLHVZ ,".contains($0) })
        .compactMap { Double($0) }
      var points: [(Double, Double)] = []
      var i = 0
      while i + 1 < numbers.count {
        points.append((numbers[i], numbers[i + 1]))
        i += 2
      }
      paths[id] = points
    }
    var out: [(String, [(Double, Double)])] = []
    rest = svg[...]
    while let r = rest.range(of: "<textPath href=\"#") {
      rest = rest[r.upperBound...]
      guard let q = rest.firstIndex(of: "\""), let open = rest.firstIndex(of: ">"),
        let close = rest.range(of: "</textPath>")
      else { break }
      let id = String(rest[..<q])
      out.append((String(rest[rest.index(after: open)..<close.lowerBound]), paths[id] ?? []))
      rest = rest[close.upperBound...]
    }
    return out
  }

  @Test("at zoom 15 and 17 on a 1280 × 720 map: at least 10 and 20 names, upright, on screen")
  func counts() throws {
    let renderer = try Self.renderer()
    for (zoom, least) in [(15.0, 10), (17.0, 20)] {
      let viewport = MapViewport(center: Self.centre, zoom: zoom, width: 1280, height: 720)
      let svg = renderer.render(viewport)
      let labels = Self.labels(svg)
      #expect(Set(labels.map(\.name)).count >= least, "zoom \(zoom): \(labels.map(\.name))")
      for label in labels {
        guard let first = label.points.first, let last = label.points.last else {
          Issue.record("\(label.name) has no path")
          continue
        }
        // Upright: the text runs left to right.
        #expect(last.0 >= first.0, "\(label.name) runs right to left")
        for p in label.points {
          #expect(p.0 >= 0 && p.0 <= 1280 && p.1 >= 0 && p.1 <= 720, "\(label.name) off screen")
        }
      }
    }
  }

  @Test("no name lies under a control, the car or a pin, and names do not overlap")
  func clearOfControls() throws {
    let renderer = try Self.renderer()
    let viewport = MapViewport(center: Self.centre, zoom: 16, width: 800, height: 480)
    let controls = [
      MapRect(x: 0, y: 0, width: 800, height: 52), MapRect(x: 740, y: 180, width: 60, height: 120),
      MapRect(x: 0, y: 40, width: 374, height: 112),
    ]
    let car = MapPin(id: "car", coordinate: Self.centre, style: .car, heading: 80)
    let pin = MapPin(
      id: "p", coordinate: Coordinate(latitude: 51.3140, longitude: 9.4830), label: "1")
    let svg = renderer.render(viewport, pins: [car, pin], controls: controls)
    let labels = Self.labels(svg)
    #expect(labels.count >= 5, "\(labels.map(\.name))")
    let carPoint = viewport.pixel(Self.centre)
    let pinPoint = viewport.pixel(pin.coordinate)
    var boxes: [(Double, Double, Double, Double, String)] = []
    for label in labels {
      for p in label.points {
        for c in controls {
          #expect(
            !(p.0 > c.x && p.0 < c.x + c.width && p.1 > c.y && p.1 < c.y + c.height),
            "\(label.name) under a control at \(p)")
        }
        #expect(hypot(p.0 - carPoint.x, p.1 - carPoint.y) > 14, "\(label.name) over the car")
        #expect(
          !(abs(p.0 - pinPoint.x) < 13 && p.1 < pinPoint.y + 1 && p.1 > pinPoint.y - 38),
          "\(label.name) over the pin")
      }
      if let first = label.points.first, let last = label.points.last {
        boxes.append(
          (min(first.0, last.0), min(first.1, last.1), max(first.0, last.0), max(first.1, last.1),
            label.name))
      }
    }
    // Two names' end points never fall inside each other's stretch box (a coarse overlap check;
    // the placement itself checks boxes along the text).
    for i in boxes.indices {
      for j in boxes.indices where j > i {
        let a = boxes[i]
        let b = boxes[j]
        let centreB = ((b.0 + b.2) / 2, (b.1 + b.3) / 2)
        #expect(
          !(centreB.0 > a.0 + 2 && centreB.0 < a.2 - 2 && centreB.1 > a.1 + 2 && centreB.1 < a.3 - 2
            && abs(centreB.1 - (a.1 + a.3) / 2) < 4),
          "\(a.4) and \(b.4) overlap")
      }
    }
  }
}
