import Foundation
import Geo

/// The street-level part of a map drawing, split so the national layers fit in between.
struct CityMarkup {
  /// Landuse, water and rail: drawn above the land and under every road.
  var below = ""
  /// Streets by class, minor first, each with a casing.
  var roads = ""
  /// The road kinds drawn, whose streets ``MapSVGRenderer/streetLabels(_:roads:viewport:palette:origin:size:heading:obstacles:)``
  /// names once the pins and controls are placed.
  var labelRoads: [CityMap.Kind] = []
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
    if !out.coversView {
      // The street data's edge, softened: a wide band of the land's colour over the city's
      // areas fades them out, and a thin dashed line marks where the streets end.
      let a = (WebMercator.project(city.bounds.minimum), WebMercator.project(city.bounds.maximum))
      let x0 = (min(a.0.x, a.1.x) - origin.0) * size
      let x1 = (max(a.0.x, a.1.x) - origin.0) * size
      let y0 = (min(a.0.y, a.1.y) - origin.1) * size
      let y1 = (max(a.0.y, a.1.y) - origin.1) * size
      let d = "M\(fmt(x0)) \(fmt(y0))H\(fmt(x1))V\(fmt(y1))H\(fmt(x0))Z"
      out.below +=
        "<path class=\"city-edge\" d=\"\(d)\" fill=\"none\" stroke=\"\(dark ? MapPalette.night.land : MapPalette.day.land)\" stroke-width=\"36\" stroke-opacity=\"0.7\"/>\n"
        + "<path class=\"city-edge-line\" d=\"\(d)\" fill=\"none\" stroke=\"\(palette.railway)\" stroke-width=\"1\" stroke-dasharray=\"2 6\" stroke-opacity=\"0.8\"/>\n"
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
    out.labelRoads = roads
    return out
  }

  /// Street names written along the streets they name (SVG `textPath`), biggest roads first.
  ///
  /// The pieces of one street (OpenStreetMap splits a street wherever a property changes) are
  /// joined end to end, and a name is placed on a stretch of the joined line as long as the
  /// text that bends by at most ``maximumLabelBend`` between neighbouring segments and
  /// ``maximumLabelTurn`` over the whole stretch. Every name reads upright (its stretch is
  /// reversed when it runs leftwards on screen, after the map's rotation) and is repeated every
  /// ``labelRepeatPixels`` along a long street. A name never overlaps another name, an
  /// `obstacle` (pins, the car, the map's controls and panels, the scale bar, the attribution;
  /// screen boxes, unrotated) or the display's edge. Main roads are named from zoom 14,
  /// every street from 15; at most ``maximumStreetLabels`` names per view.
  func streetLabels(
    _ city: CityMap, roads: [CityMap.Kind], viewport: MapViewport, palette: CityPalette,
    origin: (Double, Double), size: Double, heading: Double, obstacles: [Box]
  ) -> String {
    let zoom = viewport.zoom
    guard zoom >= 14, city.features.isEmpty == false else { return "" }
    let fontSize = zoom >= 16 ? 11.5 : 10.5
    let advance = fontSize * Self.streetAdvance
    let halfHeight = fontSize * 0.62
    // The view in world units, with a label's length around it.
    let reach = (viewport.width * viewport.width + viewport.height * viewport.height).squareRoot()
      / 2 / size
    let centre = WebMercator.project(viewport.center)
    let cull = (centre.x - reach, centre.y - reach, centre.x + reach, centre.y + reach)
    let pixelReach = reach * size + 40
    let view = (
      viewport.width / 2 - pixelReach, viewport.height / 2 - pixelReach,
      viewport.width / 2 + pixelReach, viewport.height / 2 + pixelReach
    )
    var taken: [Box] = []
    var placedNames: [String: [(Double, Double)]] = [:]
    var defs = ""
    var texts = ""
    var count = 0
    // A digest of the view names the label paths, so two maps on one page never share an id
    // unless they are the same map.
    let prefix = "sl" + Self.digest(
      "\(viewport.zoom),\(viewport.center.latitude),\(viewport.center.longitude),\(viewport.width)x\(viewport.height),\(heading)"
    )
    func screen(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
      rotate((x, y), viewport: viewport, by: -heading)
    }
    func overlaps(_ a: Box, _ b: Box) -> Bool { a.0 < b.2 && a.2 > b.0 && a.1 < b.3 && a.3 > b.1 }

    for kind in roads.reversed() where kind != .service {
      if kind == .minor || kind == .tertiary || kind == .motorwayLink, zoom < 15 { continue }
      // The visible pieces of every named street of this class, in pixels, joined end to end.
      var pieces: [String: [[(x: Double, y: Double)]]] = [:]
      var order: [String] = []
      for feature in city.features[kind] ?? [] {
        let path = feature.path
        guard path.maxX >= cull.0, path.minX <= cull.2, path.maxY >= cull.1, path.minY <= cull.3,
          let name = feature.name ?? feature.ref, !name.isEmpty
        else { continue }
        // The runs of the line inside the view (and its rotation's reach), each a piece.
        var line: [(x: Double, y: Double)] = []
        let n = path.points.count / 2
        var previousInside = false
        for i in 0..<n {
          let p = ((path.points[2 * i] - origin.0) * size, (path.points[2 * i + 1] - origin.1) * size)
          let inside = p.0 >= view.0 && p.0 <= view.2 && p.1 >= view.1 && p.1 <= view.3
          if inside || previousInside {
            if !previousInside, i > 0 {
              line.append(
                ((path.points[2 * i - 2] - origin.0) * size,
                  (path.points[2 * i - 1] - origin.1) * size))
            }
            line.append(p)
          } else if line.count >= 2 {
            if pieces[name] == nil { order.append(name) }
            pieces[name, default: []].append(line)
            line = []
          } else {
            line = []
          }
          previousInside = inside
        }
        guard line.count >= 2 else { continue }
        if pieces[name] == nil { order.append(name) }
        pieces[name, default: []].append(line)
      }
      var lines: [(name: String, points: [(x: Double, y: Double)], length: Double)] = []
      for name in order {
        for joined in Self.joinEnds(pieces[name] ?? []) {
          lines.append((name, joined, Self.length(joined)))
        }
      }
      lines.sort { $0.length != $1.length ? $0.length > $1.length : $0.name < $1.name }
      for line in lines {
        let textLength = Double(line.name.count) * advance
        let span = textLength + 10
        guard line.length >= span else { continue }
        // Where along the line each vertex lies.
        var along = [0.0]
        for i in 1..<line.points.count {
          along.append(
            along[i - 1]
              + hypot(
                line.points[i].x - line.points[i - 1].x, line.points[i].y - line.points[i - 1].y))
        }
        var start = 0.0
        var attempts = 0
        while start + span <= line.length, attempts < 400, count < Self.maximumStreetLabels {
          attempts += 1
          guard
            let stretch = Self.stretch(line.points, along: along, from: start, to: start + span),
            Self.isGentle(stretch)
          else {
            start += 10
            continue
          }
          // The label's footprint on screen: small boxes along the stretch.
          var boxes: [Box] = []
          var fits = true
          let steps = max(2, Int(span / (halfHeight * 1.5)))
          for k in 0...steps {
            guard
              let p = Self.point(
                line.points, along: along, at: start + span * Double(k) / Double(steps))
            else { continue }
            let s = screen(p.x, p.y)
            let box = (s.x - halfHeight, s.y - halfHeight, s.x + halfHeight, s.y + halfHeight)
            if box.0 < 2 || box.1 < 2 || box.2 > viewport.width - 2 || box.3 > viewport.height - 2
              || obstacles.contains(where: { overlaps(box, $0) })
              || taken.contains(where: { overlaps(box, $0) })
            {
              fits = false
              break
            }
            boxes.append(box)
          }
          // The same name (another carriageway, another piece) only a repeat's distance away.
          let middle = boxes.isEmpty ? (0, 0, 0, 0) : boxes[boxes.count / 2]
          let centre = ((middle.0 + middle.2) / 2, (middle.1 + middle.3) / 2)
          if fits, !boxes.isEmpty,
            (placedNames[line.name] ?? []).contains(where: {
              hypot($0.0 - centre.0, $0.1 - centre.1) < Self.labelRepeatPixels
            })
          {
            fits = false
          }
          guard fits else {
            start += 10
            continue
          }
          placedNames[line.name, default: []].append(centre)
          taken += boxes
          // Upright: the stretch runs rightwards on screen.
          let first = screen(stretch[0].x, stretch[0].y)
          let last = screen(stretch[stretch.count - 1].x, stretch[stretch.count - 1].y)
          let points = last.x < first.x ? Array(stretch.reversed()) : stretch
          let id = "\(prefix)-\(count)"
          count += 1
          defs +=
            "<path id=\"\(id)\" d=\"\(ScreenPath.write(points.map(\.x), points.map(\.y), closed: false, step: 0))\"/>"
          texts +=
            "<text class=\"street\" dy=\"0.35em\" font-size=\"\(fmt(fontSize))\" font-family=\"Wayside Inter, -apple-system, sans-serif\" fill=\"\(palette.streetText)\" stroke=\"\(palette.streetHalo)\" stroke-width=\"2.5\" paint-order=\"stroke\"><textPath href=\"#\(id)\" startOffset=\"50%\" text-anchor=\"middle\">\(Markup.escape(line.name))</textPath></text>\n"
          start += span + Self.labelRepeatPixels
        }
      }
    }
    guard count > 0 else { return "" }
    return "<defs>\(defs)</defs>\n" + texts
  }

  /// A stable digest (FNV-1a, 64 bits, base 36) of a text.
  static func digest(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return String(hash, radix: 36)
  }

  /// At most this many street names in one view.
  static let maximumStreetLabels = 60
  /// A name repeats at most once per this many pixels along its street.
  static let labelRepeatPixels = 260.0
  /// The largest bend between two neighbouring segments under a name, degrees.
  static let maximumLabelBend = 35.0
  /// The largest change of direction over a whole name, degrees.
  static let maximumLabelTurn = 60.0
  /// A character's advance in the map's sans-serif as a fraction of the font size (Inter's
  /// average for German street names, rounded up so names are never placed too tight).
  static let streetAdvance = 0.58

  /// Pieces of one street joined where one ends where another starts or ends (within half a
  /// pixel); bounded by the number of pieces squared.
  static func joinEnds(_ pieces: [[(x: Double, y: Double)]]) -> [[(x: Double, y: Double)]] {
    var open = pieces
    var result: [[(x: Double, y: Double)]] = []
    func same(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
      abs(a.x - b.x) < 0.5 && abs(a.y - b.y) < 0.5
    }
    while var line = open.popLast() {
      var grew = true
      while grew {
        grew = false
        for i in open.indices.reversed() {
          let other = open[i]
          guard let lf = line.first, let ll = line.last, let of = other.first, let ol = other.last
          else { continue }
          if same(ll, of) {
            line += other.dropFirst()
          } else if same(ll, ol) {
            line += other.reversed().dropFirst()
          } else if same(lf, ol) {
            line = other + line.dropFirst()
          } else if same(lf, of) {
            line = other.reversed() + line.dropFirst()
          } else {
            continue
          }
          open.remove(at: i)
          grew = true
        }
      }
      result.append(line)
    }
    return result
  }

  static func length(_ line: [(x: Double, y: Double)]) -> Double {
    var total = 0.0
    for i in line.indices.dropFirst() {
      total += hypot(line[i].x - line[i - 1].x, line[i].y - line[i - 1].y)
    }
    return total
  }

  /// The point `distance` along a line whose vertices lie at `along`.
  static func point(_ line: [(x: Double, y: Double)], along: [Double], at distance: Double)
    -> (x: Double, y: Double)?
  {
    guard line.count >= 2 else { return nil }
    var i = 1
    while i < line.count - 1, along[i] < distance { i += 1 }
    let span = along[i] - along[i - 1]
    let t = span > 0 ? min(1, max(0, (distance - along[i - 1]) / span)) : 0
    return (
      line[i - 1].x + (line[i].x - line[i - 1].x) * t,
      line[i - 1].y + (line[i].y - line[i - 1].y) * t
    )
  }

  /// The part of a line between two distances along it, its ends interpolated.
  static func stretch(
    _ line: [(x: Double, y: Double)], along: [Double], from a: Double, to b: Double
  ) -> [(x: Double, y: Double)]? {
    guard let first = point(line, along: along, at: a), let last = point(line, along: along, at: b)
    else { return nil }
    var out = [first]
    for i in line.indices where along[i] > a + 0.5 && along[i] < b - 0.5 { out.append(line[i]) }
    out.append(last)
    return out
  }

  /// Whether text can follow a stretch: no sharp bend, no large turn overall.
  static func isGentle(_ points: [(x: Double, y: Double)]) -> Bool {
    var headings: [Double] = []
    for i in points.indices.dropFirst() {
      let dx = points[i].x - points[i - 1].x
      let dy = points[i].y - points[i - 1].y
      if dx * dx + dy * dy < 0.25 { continue }
      headings.append(atan2(dy, dx) * 180 / .pi)
    }
    guard let first = headings.first else { return false }
    func difference(_ a: Double, _ b: Double) -> Double {
      var d = b - a
      while d > 180 { d -= 360 }
      while d < -180 { d += 360 }
      return abs(d)
    }
    for i in headings.indices.dropFirst()
    where difference(headings[i - 1], headings[i]) > maximumLabelBend {
      return false
    }
    return headings.allSatisfy { difference(first, $0) <= maximumLabelTurn }
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
