import Foundation
import Geo

/// The street-level part of a map drawing, split so the national layers fit in between.
struct CityMarkup {
  /// Landuse, water and rail: drawn above the land and under every road.
  var below = ""
  /// Streets by class, minor first, each with a casing.
  var roads = ""
  /// Street names.
  var labels = ""
  /// Whether the city's data covers the whole view (the national roads are then left out,
  /// since the city has the same roads in more detail).
  var coversView = false
}

extension MapSVGRenderer {
  /// Draws the city's layers that belong at this zoom and intersect the view.
  func cityLayers(
    _ viewport: MapViewport, dark: Bool, cull: (Double, Double, Double, Double),
    origin: (Double, Double), size: Double
  ) -> CityMarkup {
    var out = CityMarkup()
    guard let city, viewport.zoom >= 11 else { return out }
    let cityMin = WebMercator.project(city.bounds.minimum)
    let cityMax = WebMercator.project(city.bounds.maximum)
    // World y grows southwards: the box's north edge has the smaller y.
    let box = (
      min(cityMin.x, cityMax.x), min(cityMin.y, cityMax.y), max(cityMin.x, cityMax.x),
      max(cityMin.y, cityMax.y)
    )
    guard cull.2 >= box.0, cull.0 <= box.2, cull.3 >= box.1, cull.1 <= box.3 else { return out }
    out.coversView = cull.0 >= box.0 && cull.2 <= box.2 && cull.1 >= box.1 && cull.3 <= box.3
    let palette = dark ? CityPalette.night : CityPalette.day
    let zoom = viewport.zoom

    func visible(_ path: Basemap.Path) -> Bool {
      path.maxX >= cull.0 && path.minX <= cull.2 && path.maxY >= cull.1 && path.minY <= cull.3
    }
    let clip = ScreenPath(
      minX: (cull.0 - origin.0) * size - ScreenPath.margin,
      minY: (cull.1 - origin.1) * size - ScreenPath.margin,
      maxX: (cull.2 - origin.0) * size + ScreenPath.margin,
      maxY: (cull.3 - origin.1) * size + ScreenPath.margin, step: 1)
    func data(_ path: Basemap.Path) -> String {
      clip.data(path.points, isRing: path.isRing, origin: origin, size: size)
    }
    func combined(_ kind: CityMap.Kind) -> String {
      var d = ""
      for feature in city.features[kind] ?? [] where visible(feature.path) {
        d += data(feature.path)
      }
      return d
    }
    let lineStyle = "fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
    for kind in CityMap.Kind.allCases where !kind.isRoad && zoom >= CityMap.minimumZoom(kind) {
      let d = combined(kind)
      guard !d.isEmpty else { continue }
      if kind.isArea {
        out.below +=
          "<path class=\"city-\(kind.rawValue)\" d=\"\(d)\" fill=\"\(palette.colour(kind))\" stroke=\"none\"/>\n"
      } else {
        let dash = kind == .railway ? " stroke-dasharray=\"6 3\"" : ""
        out.below +=
          "<path class=\"city-\(kind.rawValue)\" d=\"\(d)\" \(lineStyle) stroke=\"\(palette.colour(kind))\" stroke-width=\"\(fmt(kind.width(atZoom: zoom)))\"\(dash)/>\n"
      }
    }
    let roads = CityMap.Kind.allCases.filter { $0.isRoad && zoom >= CityMap.minimumZoom($0) }
    var casings = ""
    var fills = ""
    for kind in roads {
      let d = combined(kind)
      guard !d.isEmpty else { continue }
      let width = kind.width(atZoom: zoom)
      casings +=
        "<path class=\"city-casing\" d=\"\(d)\" \(lineStyle) stroke=\"\(palette.casing)\" stroke-width=\"\(fmt(width + (zoom >= 14 ? 1.6 : 1)))\"/>\n"
      fills +=
        "<path class=\"city-\(kind.rawValue)\" d=\"\(d)\" \(lineStyle) stroke=\"\(palette.colour(kind))\" stroke-width=\"\(fmt(width))\"/>\n"
    }
    out.roads = casings + fills
    out.labels = streetLabels(
      city, roads: roads, viewport: viewport, palette: palette, visible: visible, origin: origin,
      size: size)
    return out
  }

  /// Street names along their longest on-screen segment, biggest roads first, without overlaps;
  /// at most 40 per view. Secondary roads and above are named from zoom 14, streets from 15.
  func streetLabels(
    _ city: CityMap, roads: [CityMap.Kind], viewport: MapViewport, palette: CityPalette,
    visible: (Basemap.Path) -> Bool, origin: (Double, Double), size: Double
  ) -> String {
    let zoom = viewport.zoom
    guard zoom >= 14 else { return "" }
    var taken: [(Double, Double, Double, Double)] = []
    var seen: Set<String> = []
    var out = ""
    let fontSize = zoom >= 16 ? 11.0 : 10.0
    for kind in roads.reversed() where kind != .service {
      if kind == .minor || kind == .tertiary, zoom < 15 { continue }
      for feature in city.features[kind] ?? [] where visible(feature.path) {
        guard taken.count < 40 else { return out }
        guard let name = feature.name ?? feature.ref, !seen.contains(name) else { continue }
        var bestLength = 0.0
        var best: (Double, Double, Double, Double) = (0, 0, 0, 0)
        let n = feature.path.points.count / 2
        for i in 0..<max(0, n - 1) {
          let x0 = (feature.path.points[2 * i] - origin.0) * size
          let y0 = (feature.path.points[2 * i + 1] - origin.1) * size
          let x1 = (feature.path.points[2 * i + 2] - origin.0) * size
          let y1 = (feature.path.points[2 * i + 3] - origin.1) * size
          let length = ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
          if length > bestLength {
            bestLength = length
            best = (x0, y0, x1, y1)
          }
        }
        let textWidth = Double(name.count) * fontSize * 0.56
        guard bestLength >= textWidth + 8 else { continue }
        let cx = (best.0 + best.2) / 2
        let cy = (best.1 + best.3) / 2
        guard cx >= 0, cy >= 0, cx <= viewport.width, cy <= viewport.height else { continue }
        var angle = atan2(best.3 - best.1, best.2 - best.0) * 180 / .pi
        if angle > 90 { angle -= 180 } else if angle < -90 { angle += 180 }
        let half = textWidth / 2 + 4
        let box = (cx - half, cy - half, cx + half, cy + half)
        if taken.contains(where: { !(box.2 < $0.0 || box.0 > $0.2 || box.3 < $0.1 || box.1 > $0.3) }
        ) {
          continue
        }
        taken.append(box)
        seen.insert(name)
        out +=
          "<text class=\"street\" x=\"\(fmt(cx))\" y=\"\(fmt(cy))\" dy=\"0.35em\" transform=\"rotate(\(fmt(angle)) \(fmt(cx)) \(fmt(cy)))\" text-anchor=\"middle\" font-size=\"\(fmt(fontSize))\" font-family=\"Wayside Inter, -apple-system, sans-serif\" fill=\"\(palette.streetText)\" stroke=\"\(palette.streetHalo)\" stroke-width=\"2.5\" paint-order=\"stroke\">\(Markup.escape(name))</text>\n"
      }
    }
    return out
  }

  /// A pixel turned about the view's centre by `degrees` (clockwise on screen).
  func rotate(_ p: (x: Double, y: Double), viewport: MapViewport, by degrees: Double) -> (
    x: Double, y: Double
  ) {
    guard abs(degrees) > 0.01 else { return p }
    let a = degrees * .pi / 180
    let dx = p.x - viewport.width / 2
    let dy = p.y - viewport.height / 2
    return (
      viewport.width / 2 + dx * cos(a) - dy * sin(a),
      viewport.height / 2 + dx * sin(a) + dy * cos(a)
    )
  }
}
