import Foundation
import Geo
import Synchronization

/// A pin drawn on a map: a charging station, a search result, the car.
public struct MapPin: Hashable, Sendable {
  /// How the pin looks.
  public enum Style: String, Hashable, Sendable { case place, selected, car }
  /// The id a click on the pin reports (an element id of the template).
  public var id: String
  /// Where it is.
  public var coordinate: Coordinate
  /// A short text inside or beside the pin, e.g. "3" or "150".
  public var label: String?
  /// How it is drawn.
  public var style: Style
  /// The direction of travel in degrees clockwise from north; a car pin with a heading is
  /// drawn as an arrow.
  public var heading: Double?
  /// The app's pin image as an SVG document (a place pin drawn as the app ships it, its tip at
  /// the drawing's bottom centre, the label on a badge beside it); nil draws the default pin.
  public var imageSVG: String?
  /// The place's name, drawn on a tag beside the pin (a navigation map's destination) where it
  /// fits clear of the map's controls, panels, other pins and badges; nil draws none.
  public var name: String?

  /// Creates a pin.
  public init(
    id: String, coordinate: Coordinate, label: String? = nil, style: Style = .place,
    heading: Double? = nil, imageSVG: String? = nil, name: String? = nil
  ) {
    self.imageSVG = imageSVG
    self.name = name
    self.id = id
    self.coordinate = coordinate
    self.label = label
    self.style = style
    self.heading = heading
  }
}

/// A rectangle of the map in pixels from its top left corner: a control or panel drawn over
/// the map, which no label may lie under.
public struct MapRect: Hashable, Sendable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a rectangle.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Left, top, right, bottom.
  var box: MapSVGRenderer.Box { (x, y, x + width, y + height) }
}

/// Colours for day and night maps.
package struct MapPalette: Sendable {
  public var water, sea, land, neighbour, border, river, motorway, motorwayCasing, federal, link,
    placeText, placeHalo, pin, pinSelected, car, route, scale: String
  /// Other route choices of a preview, under the chosen route.
  public var alternativeRoute: String = "#7fa7d9"
  /// A pin's name tag: its fill and its text (contrast above 12:1 by day and by night).
  public var nameTagFill: String = "#ffffff"
  public var nameTagText: String = "#111111"

  /// The day palette.
  public static let day = MapPalette(
    water: "#a9d3f0", sea: "#c7e3f5", land: "#f4f1ea", neighbour: "#e6e2da", border: "#b9aebf",
    river: "#8cc3ea", motorway: "#f0a04b", motorwayCasing: "#c2762a", federal: "#f7d978",
    link: "#f3c48a", placeText: "#333333", placeHalo: "#ffffff", pin: "#1f8a4c",
    pinSelected: "#0a5bd6", car: "#0a84ff", route: "#0a84ff", scale: "#333333",
    alternativeRoute: "#8fb3e0")

  /// The night palette.
  public static let night = MapPalette(
    water: "#1d3a55", sea: "#142a3e", land: "#23272e", neighbour: "#1b1e23", border: "#4d4658",
    river: "#2f5a80", motorway: "#b8793a", motorwayCasing: "#7a4e22", federal: "#7f6e3a",
    link: "#8a6a45", placeText: "#e6e6e6", placeHalo: "#111418", pin: "#34c759",
    pinSelected: "#5ac8fa", car: "#64d2ff", route: "#64d2ff", scale: "#dddddd",
    alternativeRoute: "#4f6f94", nameTagFill: "#1c1f24", nameTagText: "#f2f2f2")
}

/// Draws the basemap, pins and an optional route as a standalone SVG document.
///
/// Renders are memoised (the last few viewports), because a car screen is redrawn on every tap
/// while its map rarely moves.
public struct MapSVGRenderer: Sendable {
  /// The layers drawn.
  public var basemap: Basemap
  /// The street-level layers drawn from zoom 11 on where they cover the view; nil draws only
  /// the national layers.
  public var city: CityMap?
  private let cache = RenderCache()

  /// Creates a renderer over a loaded basemap and, optionally, the city's streets.
  public init(basemap: Basemap, city: CityMap? = nil) {
    self.basemap = basemap
    self.city = city
  }

  /// Renders the viewport; pins carry `data-pin-id` attributes so a page can make them clickable.
  ///
  /// `coveredLeft` and `coveredTop` are the pixels a panel covers at the left or top edge: no
  /// place label is drawn there, and pins are spread so that each keeps a tap target of its
  /// own outside the panel. `controls` are the buttons and cards drawn over the map: no street
  /// or town name is drawn under them.
  public func render(
    _ viewport: MapViewport, dark: Bool = false, pins: [MapPin] = [], route: Polyline? = nil,
    showsAttribution: Bool = true, coveredLeft: Double = 0, coveredTop: Double = 0,
    heading: Double = 0, controls: [MapRect] = [], alternatives: [Polyline] = []
  ) -> String {
    let key = RenderCache.Key(
      viewport: viewport, dark: dark, pins: pins, route: route, showsAttribution: showsAttribution,
      coveredLeft: coveredLeft, coveredTop: coveredTop, heading: heading, controls: controls,
      alternatives: alternatives)
    if let hit = cache.value(for: key) { return hit }
    let svg = draw(
      viewport, dark: dark, pins: pins, route: route, showsAttribution: showsAttribution,
      coveredLeft: coveredLeft, coveredTop: coveredTop, heading: heading, controls: controls,
      alternatives: alternatives)
    cache.store(svg, for: key)
    return svg
  }

  func draw(
    _ viewport: MapViewport, dark: Bool, pins: [MapPin], route: Polyline?, showsAttribution: Bool,
    coveredLeft: Double, coveredTop: Double = 0, heading: Double = 0, drawsPins: Bool = true,
    controls: [MapRect] = [], alternatives: [Polyline] = []
  ) -> String {
    let palette = dark ? MapPalette.night : MapPalette.day
    let w = viewport.width
    let h = viewport.height
    var svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(fmt(w)) \(fmt(h))" width="\(fmt(w))" height="\(fmt(h))" class="map">
      <rect width="100%" height="100%" fill="\(palette.sea)"/>

      """
    let size = WebMercator.worldSize(zoom: viewport.zoom)
    let centre = WebMercator.project(viewport.center)
    let originX = centre.x - w / 2 / size
    let originY = centre.y - h / 2 / size
    // A rotated map needs everything within the circle around the view drawn.
    let rotated = abs(heading.truncatingRemainder(dividingBy: 360)) > 0.01
    let reach = rotated ? (w * w + h * h).squareRoot() / 2 : 0
    let cullMinX = rotated ? centre.x - reach / size : originX
    let cullMinY = rotated ? centre.y - reach / size : originY
    let maxX = rotated ? centre.x + reach / size : originX + w / size
    let maxY = rotated ? centre.y + reach / size : originY + h / size
    let zoom = viewport.zoom
    if rotated {
      svg +=
        "<g class=\"rotated\" transform=\"rotate(\(fmt(-heading)) \(fmt(w / 2)) \(fmt(h / 2)))\">\n"
    }
    let cityMarkup = cityLayers(
      viewport, dark: dark, cull: (cullMinX, cullMinY, maxX, maxY), origin: (originX, originY),
      size: size)

    // What can show of a path: the culled view in screen points and a margin (ScreenPath).
    let clip = ScreenPath(
      minX: (cullMinX - originX) * size - ScreenPath.margin,
      minY: (cullMinY - originY) * size - ScreenPath.margin,
      maxX: (maxX - originX) * size + ScreenPath.margin,
      maxY: (maxY - originY) * size + ScreenPath.margin, step: 0.8)

    func pathData(_ path: Basemap.Path) -> String? {
      guard path.maxX >= cullMinX, path.minX <= maxX, path.maxY >= cullMinY, path.minY <= maxY
      else {
        return nil
      }
      let d = clip.data(path.points, isRing: path.isRing, origin: (originX, originY), size: size)
      return d.isEmpty ? nil : d
    }

    func layer(
      _ layer: Basemap.Layer, _ style: String, include: (Basemap.Path) -> Bool = { _ in true }
    ) {
      var combined = ""
      for path in basemap.layers[layer] ?? [] where include(path) {
        if let d = pathData(path) { combined += d }
      }
      if !combined.isEmpty {
        svg += "<path class=\"\(layer.rawValue)\" d=\"\(combined)\" \(style)/>\n"
      }
    }

    layer(
      .neighbours, "fill=\"\(palette.neighbour)\" stroke=\"\(palette.border)\" stroke-width=\"0.6\""
    )
    layer(
      .states,
      "fill=\"\(palette.land)\" stroke=\"\(palette.border)\" stroke-width=\"0.8\" stroke-dasharray=\"4 2\""
    )
    layer(.lakes, "fill=\"\(palette.water)\" stroke=\"none\"") { $0.minZoom <= zoom + 2 }
    layer(
      .rivers,
      "fill=\"none\" stroke=\"\(palette.river)\" stroke-width=\"\(fmt(zoom >= 9 ? 1.6 : 1))\""
    ) {
      $0.minZoom <= zoom + 1.5
    }
    svg += cityMarkup.below
    let nationalRoads = !cityMarkup.coversView
    // At street zoom outside the city's data the national roads are drawn as wide as the city's
    // roads of their class, with casings, so the map is never a thin line on an empty field.
    let streetZoom = zoom >= 12
    if zoom >= 7, nationalRoads {
      let width = streetZoom ? CityMap.Kind.primary.width(atZoom: zoom) : zoom >= 11 ? 3.0 : zoom >= 9 ? 2.0 : 1.2
      if streetZoom {
        layer(
          .federalRoads,
          "fill=\"none\" stroke=\"\(palette.motorwayCasing)\" stroke-opacity=\"0.45\" stroke-width=\"\(fmt(width + 1.6))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
        )
      }
      layer(
        .federalRoads,
        "fill=\"none\" stroke=\"\(palette.federal)\" stroke-width=\"\(fmt(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
      )
    }
    if zoom >= 9, nationalRoads {
      layer(
        .motorways,
        "fill=\"none\" stroke=\"\(palette.link)\" stroke-width=\"1.5\" stroke-linecap=\"round\""
      ) {
        $0.kind == "motorway_link"
      }
    }
    let motorwayWidth =
      streetZoom ? CityMap.Kind.motorway.width(atZoom: zoom) : zoom >= 11 ? 4.5 : zoom >= 9 ? 3.2 : zoom >= 7 ? 2.2 : 1.3
    if nationalRoads {
      layer(
        .motorways,
        "fill=\"none\" stroke=\"\(palette.motorwayCasing)\" stroke-width=\"\(fmt(motorwayWidth + 1.2))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
      ) {
        $0.kind == "motorway"
      }
      layer(
        .motorways,
        "fill=\"none\" stroke=\"\(palette.motorway)\" stroke-width=\"\(fmt(motorwayWidth))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
      ) {
        $0.kind == "motorway"
      }
    }
    svg += cityMarkup.roads

    for other in alternatives {
      svg += routeMarkup(other, viewport: viewport, palette: palette, isAlternative: true)
    }
    if let route { svg += routeMarkup(route, viewport: viewport, palette: palette) }

    let lines = showsAttribution ? Self.attributionLines(width: w - coveredLeft) : []
    // Pins are placed first, clear of the attribution and the scale bar; the towns' labels
    // then take a spot no pin, leader or badge covers (or are left out).
    let scaleBottom = h - 8 - Double(lines.count) * Self.attributionLineHeight
    let reserved = Self.reservedBoxes(viewport, showsAttribution: showsAttribution, coveredLeft: coveredLeft)
    let layout = pinLayout(
      pins, viewport: viewport, heading: heading, covered: (coveredLeft, coveredTop),
      reserved: reserved, controls: controls.map(\.box))
    // What no label may cover, in screen pixels: the pins, the car, the attribution and scale
    // bar, the controls drawn over the map and the panel's edges.
    var blocked = reserved + layout.obstacles + controls.map(\.box)
    for index in pins.indices where pins[index].style == .car {
      guard let tip = layout.tips[index] else { continue }
      blocked.append((tip.x - 16, tip.y - 16, tip.x + 16, tip.y + 16))
    }
    if coveredLeft > 0 { blocked.append((0, 0, coveredLeft, h)) }
    if coveredTop > 0 { blocked.append((0, 0, w, coveredTop)) }
    if let city, !cityMarkup.labelRoads.isEmpty {
      svg += streetLabels(
        city, roads: cityMarkup.labelRoads, viewport: viewport,
        palette: dark ? CityPalette.night : CityPalette.day, origin: (originX, originY),
        size: size, heading: rotated ? heading : 0, obstacles: blocked)
    }
    svg += placeLabels(
      viewport, palette: palette, originX: originX, originY: originY, size: size,
      covered: rotated ? (0, 0) : (coveredLeft, coveredTop),
      avoiding: rotated ? [] : blocked, inside: !rotated)
    if rotated { svg += "</g>\n" }
    for (index, line) in lines.reversed().enumerated() {
      let y = h - 4 - Double(index) * Self.attributionLineHeight
      svg +=
        "<text class=\"attribution\" pointer-events=\"none\" x=\"\(fmt(w - 4))\" y=\"\(fmt(y))\" text-anchor=\"end\" font-size=\"\(fmt(Self.attributionFontSize))\" font-family=\"Wayside Inter, -apple-system, sans-serif\" fill=\"\(palette.placeText)\" stroke=\"\(palette.placeHalo)\" stroke-width=\"2\" stroke-opacity=\"0.6\" paint-order=\"stroke\">\(Markup.escape(line))</text>\n"
    }
    svg += scaleBar(viewport, palette: palette, bottom: scaleBottom)
    // Pins draw last: nothing on the map covers their tap targets.
    if drawsPins { svg += pinMarkup(pins, layout: layout, palette: palette, heading: heading) }
    svg += "</svg>\n"
    return svg
  }

  /// The route as an SVG path, or nothing for a route of fewer than two points; an alternative
  /// route of a preview is drawn paler and narrower, under the chosen one.
  func routeMarkup(
    _ route: Polyline, viewport: MapViewport, palette: MapPalette, isAlternative: Bool = false
  ) -> String {
    guard route.coordinates.count > 1 else { return "" }
    // Only the route's segments that reach the view (or the circle a rotated view turns in).
    let w = viewport.width
    let h = viewport.height
    let reach = (w * w + h * h).squareRoot() / 2 + ScreenPath.margin
    let clip = ScreenPath(
      minX: w / 2 - reach, minY: h / 2 - reach, maxX: w / 2 + reach, maxY: h / 2 + reach, step: 0)
    var xs: [Double] = []
    var ys: [Double] = []
    xs.reserveCapacity(route.coordinates.count)
    ys.reserveCapacity(route.coordinates.count)
    for c in route.coordinates {
      let p = viewport.pixel(c)
      xs.append(p.x)
      ys.append(p.y)
    }
    let d =
      xs.allSatisfy({ $0 >= clip.minX && $0 <= clip.maxX })
        && ys.allSatisfy({ $0 >= clip.minY && $0 <= clip.maxY })
      ? ScreenPath.write(xs, ys, closed: false, step: 0) : clip.runs(xs, ys)
    guard !d.isEmpty else { return "" }
    if isAlternative {
      return
        "<path class=\"route alternative\" d=\"\(d)\" fill=\"none\" stroke=\"\(palette.alternativeRoute)\" stroke-width=\"4\" stroke-opacity=\"0.9\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
    }
    return
      "<path class=\"route\" d=\"\(d)\" fill=\"none\" stroke=\"\(palette.route)\" stroke-width=\"5\" stroke-opacity=\"0.85\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
  }

  /// The map as two layers: a base image that depends only on the camera, the style and what
  /// covers the map (``MapLayers/key`` names it), and an overlay of the route and the pins,
  /// drawn over it with the same size.
  ///
  /// A page fetches the base once per key and keeps it while pins are selected or the route
  /// changes; the overlay is small. The route is drawn above the place labels here (in
  /// ``render(_:dark:pins:route:showsAttribution:coveredLeft:coveredTop:heading:controls:alternatives:)`` below them).
  public func layers(
    _ viewport: MapViewport, dark: Bool = false, pins: [MapPin] = [], route: Polyline? = nil,
    showsAttribution: Bool = true, coveredLeft: Double = 0, coveredTop: Double = 0,
    heading: Double = 0, controls: [MapRect] = [], alternatives: [Polyline] = []
  ) -> MapLayers {
    // The base's town labels keep clear of where the pins stand (placed alike whether one is
    // selected or not), so the base depends on the places, not on the selection.
    let placed = pins.map { pin -> MapPin in
      var pin = pin
      if pin.style == .selected { pin.style = .place }
      return pin
    }
    let baseKey = RenderCache.Key(
      viewport: viewport, dark: dark, pins: placed, route: nil, showsAttribution: showsAttribution,
      coveredLeft: coveredLeft, coveredTop: coveredTop, heading: heading, drawsPins: false,
      controls: controls)
    let base: String
    if let hit = cache.value(for: baseKey) {
      base = hit
    } else {
      base = draw(
        viewport, dark: dark, pins: placed, route: nil, showsAttribution: showsAttribution,
        coveredLeft: coveredLeft, coveredTop: coveredTop, heading: heading, drawsPins: false,
        controls: controls)
      cache.store(base, for: baseKey)
    }
    let palette = dark ? MapPalette.night : MapPalette.day
    let w = viewport.width
    let h = viewport.height
    var overlay =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(fmt(w)) \(fmt(h))\" width=\"\(fmt(w))\" height=\"\(fmt(h))\" class=\"map map-overlay\">\n"
    if let route {
      let rotated = abs(heading.truncatingRemainder(dividingBy: 360)) > 0.01
      let path =
        alternatives.map {
          routeMarkup($0, viewport: viewport, palette: palette, isAlternative: true)
        }.joined() + routeMarkup(route, viewport: viewport, palette: palette)
      overlay +=
        rotated
        ? "<g transform=\"rotate(\(fmt(-heading)) \(fmt(w / 2)) \(fmt(h / 2)))\">\(path)</g>\n" : path
    }
    let layout = pinLayout(
      pins, viewport: viewport, heading: heading, covered: (coveredLeft, coveredTop),
      reserved: Self.reservedBoxes(
        viewport, showsAttribution: showsAttribution, coveredLeft: coveredLeft))
    overlay += pinMarkup(pins, layout: layout, palette: palette, heading: heading)
    overlay += "</svg>\n"
    let key = [
      String(format: "z%.3f", viewport.zoom),
      String(format: "%.6f,%.6f", viewport.center.latitude, viewport.center.longitude),
      "\(fmt(w))x\(fmt(h))", dark ? "night" : "day", showsAttribution ? "a" : "n",
      "l\(fmt(coveredLeft))", "t\(fmt(coveredTop))", "h\(fmt(heading))",
      "p\(Self.placesDigest(placed))",
    ].joined(separator: "_") + (controls.isEmpty ? "" : "_c" + Self.digest(controls.map {
      "\(fmt($0.x)),\(fmt($0.y)),\(fmt($0.width)),\(fmt($0.height))"
    }.joined(separator: ";")))
    return MapLayers(key: key, base: base, overlay: overlay)
  }

  /// Place labels by population; the smallest rank shown grows with zoom, and labels that would
  /// overlap a bigger place's label or an obstacle (pins, the scale bar, the attribution), lie
  /// under a panel (`covered` left and top pixels) or — `inside` — run off the map's right or
  /// bottom edge are skipped.
  func placeLabels(
    _ viewport: MapViewport, palette: MapPalette, originX: Double, originY: Double, size: Double,
    covered: (left: Double, top: Double) = (0, 0), avoiding obstacles: [Box] = [],
    inside: Bool = false
  ) -> String {
    let zoom = viewport.zoom
    let maxRank = zoom < 6 ? 2 : zoom < 7 ? 3 : zoom < 8.5 ? 4 : zoom < 10 ? 5 : 6
    var taken: [Box] = []
    var out = ""
    for place in basemap.places where place.rank <= maxRank {
      let px = (place.x - originX) * size
      let py = (place.y - originY) * size
      guard px >= -20, py >= -10, px <= viewport.width + 20, py <= viewport.height + 10 else {
        continue
      }
      let fontSize = place.rank <= 1 ? 14.0 : place.rank <= 3 ? 12.0 : 10.5
      let width = Double(place.name.count) * fontSize * 0.58
      // Above the town's dot, else below, right or left of it: the first spot clear of the
      // panel, bigger towns' labels and the pins.
      let spots: [(x: Double, baseline: Double, anchor: String)] = [
        (px, py - 5, "middle"), (px, py + fontSize + 3, "middle"),
        (px + 5, py + fontSize / 2 - 1, "start"), (px - 5, py + fontSize / 2 - 1, "end"),
      ]
      var chosen: (x: Double, baseline: Double, anchor: String)?
      for spot in spots {
        let left =
          spot.anchor == "middle" ? spot.x - width / 2 : spot.anchor == "start" ? spot.x : spot.x - width
        let box = (left - 2, spot.baseline - fontSize - 1, left + width + 2, spot.baseline + 4)
        if box.0 < covered.left || box.1 < covered.top { continue }
        if inside, box.2 > viewport.width || box.3 > viewport.height { continue }
        let clash = { (other: Box) in !(box.2 < other.0 || box.0 > other.2 || box.3 < other.1 || box.1 > other.3) }
        if taken.contains(where: clash) || obstacles.contains(where: clash) { continue }
        taken.append(box)
        chosen = spot
        break
      }
      guard let spot = chosen else { continue }
      out +=
        "<circle cx=\"\(fmt(px))\" cy=\"\(fmt(py))\" r=\"\(place.rank <= 2 ? 3 : 2)\" fill=\"\(palette.placeText)\"/>"
      out +=
        "<text class=\"place\" x=\"\(fmt(spot.x))\" y=\"\(fmt(spot.baseline))\" text-anchor=\"\(spot.anchor)\" font-size=\"\(fmt(fontSize))\" font-family=\"Wayside Inter, -apple-system, sans-serif\" font-weight=\"\(place.rank <= 3 ? 600 : 400)\" fill=\"\(palette.placeText)\" stroke=\"\(palette.placeHalo)\" stroke-width=\"3\" paint-order=\"stroke\">\(Markup.escape(place.name))</text>\n"
    }
    return out
  }

  /// A box in map pixels: left, top, right, bottom.
  typealias Box = (Double, Double, Double, Double)

  /// Where each pin is drawn (nil: clustered into a drawn pin's badge), the badges' counts,
  /// and the boxes pins, leaders and badges take (which labels avoid).
  struct PinLayout {
    var anchors: [(x: Double, y: Double)]
    var tips: [(x: Double, y: Double)?]
    var clustered: [Int: Int]
    var badges: [Int: Box]
    var obstacles: [Box]
    /// Places neither drawn nor counted on a drawn pin's badge (off the free part of the map,
    /// or joined to a pin with no room for its badge): counted on a badge of their own.
    var unplaced = 0
    /// Where that badge goes, at a free corner of the map.
    var unplacedBadge: Box?
    /// The name tags of pins with a name, where each fits (a pin whose tag fits nowhere has
    /// none), and the text each shows.
    var nameTags: [Int: (box: Box, text: String)] = [:]
  }

  /// A name tag's text: at most 28 characters, cut with an ellipsis.
  static func nameTagText(_ name: String) -> String {
    name.count <= 28 ? name : String(name.prefix(27)) + "…"
  }

  /// A name tag's width for its text (12-point semibold, about 7 points a character).
  static func nameTagWidth(_ text: String) -> Double { Double(text.count) * 7 + 14 }

  /// The radius every place pin is placed with, whether selected or not, so that selecting a
  /// pin moves no other pin (a selected pin is drawn 13, others 10).
  static let placementRadius = 12.0

  /// `controls` are the boxes drawn over the map (bar, buttons, cards): pins may stand under
  /// them (a place is where it is), a pin's name tag never does.
  func pinLayout(
    _ pins: [MapPin], viewport: MapViewport, heading mapHeading: Double,
    covered: (left: Double, top: Double), reserved: [Box], controls: [Box] = []
  ) -> PinLayout {
    let points = pins.map {
      rotate(viewport.pixel($0.coordinate), viewport: viewport, by: -mapHeading)
    }
    var tips = Self.spread(
      pins, at: points, width: viewport.width, height: viewport.height, covered: covered,
      reserved: reserved)
    // Each clustered pin joins the drawn place pin nearest to its place.
    var clustered: [Int: Int] = [:]
    var unplaced = 0
    for index in pins.indices where tips[index] == nil && pins[index].style != .car {
      let anchor = points[index]
      // A place off the free part of the map (under the panel, beyond an edge) is not drawn;
      // it is counted on the map's own "+n more", so every place in the list is accounted
      // for on the map.
      guard anchor.x >= covered.left, anchor.y >= covered.top, anchor.x <= viewport.width,
        anchor.y <= viewport.height
      else {
        // Numbered places only (a list's rows); a navigation map's markers may lie off screen.
        if pins[index].label != nil { unplaced += 1 }
        continue
      }
      let nearest = pins.indices.filter { tips[$0] != nil && pins[$0].style != .car }.min {
        hypot(points[$0].x - anchor.x, points[$0].y - anchor.y)
          < hypot(points[$1].x - anchor.x, points[$1].y - anchor.y)
      }
      if let nearest { clustered[nearest, default: 0] += 1 }
    }
    var obstacles: [Box] = reserved
    for index in pins.indices where pins[index].style != .car {
      guard let tip = tips[index] else { continue }
      // A selected pin's size for every pin: selecting one changes no label.
      let r = 13.0
      obstacles.append((tip.x - r - 1, tip.y - r * 2.94 - 1, tip.x + r + 1, tip.y + 1))
    }
    // A badge takes the first side of its pin (right, left, above, below) clear of the map's
    // edges, the panel, the other pins and badges; with none, the pin draws no badge.
    var badges: [Int: Box] = [:]
    for index in clustered.keys.sorted() {
      guard let tip = tips[index], let count = clustered[index] else { continue }
      let r = pins[index].style == .selected ? 13.0 : 10.0
      let w = Self.badgeWidth(count)
      let head = tip.y - r * 1.94
      let sides: [Box] = [
        (tip.x + r + 2, head - 8, tip.x + r + 2 + w, head + 8),
        (tip.x - r - 2 - w, head - 8, tip.x - r - 2, head + 8),
        (tip.x - w / 2, head - r - 19, tip.x + w / 2, head - r - 3),
        (tip.x - w / 2, tip.y + 3, tip.x + w / 2, tip.y + 19),
      ]
      let own = (tip.x - r - 1, tip.y - r * 2.94 - 1, tip.x + r + 1, tip.y + 1)
      let side = sides.first { box in
        box.0 >= covered.left + 2 && box.1 >= covered.top + 2 && box.2 <= viewport.width - 2
          && box.3 <= viewport.height - 2
          && !obstacles.contains { o in
            !(o == own) && box.0 < o.2 && box.2 > o.0 && box.1 < o.3 && box.3 > o.1
          }
      }
      if let side {
        badges[index] = side
        obstacles.append(side)
      } else {
        // No room beside the pin: its places join the map's own "+n more".
        unplaced += count
        clustered[index] = nil
      }
    }
    var unplacedBadge: Box?
    if unplaced > 0 {
      // The places not drawn get a badge of their own at the first free spot of the free
      // area. When the map has no room for it, the last drawn place pin joins the count (as a
      // map clusters a crowded corner) and the search runs again: bounded by the pins.
      func pinBox(_ tip: (x: Double, y: Double)) -> Box {
        (tip.x - 14, tip.y - 13 * 2.94 - 1, tip.x + 14, tip.y + 1)
      }
      for _ in 0...pins.count {
        var blockers = reserved + badges.values
        for index in pins.indices where pins[index].style != .car {
          if let tip = tips[index] { blockers.append(pinBox(tip)) }
        }
        if let spot = Self.freeSpot(
          width: Self.badgeWidth(unplaced), in: viewport, covered: covered, avoiding: blockers)
        {
          unplacedBadge = spot
          break
        }
        guard
          let last = pins.indices.last(where: { tips[$0] != nil && pins[$0].style == .place })
        else { break }
        tips[last] = nil
        unplaced += 1 + (clustered.removeValue(forKey: last) ?? 0)
        badges[last] = nil
      }
      let left = covered.left + 8
      let top = covered.top + 8
      if unplacedBadge == nil {
        unplacedBadge = (left, top, left + Self.badgeWidth(unplaced), top + 16)
      }
      obstacles = reserved
      for index in pins.indices where pins[index].style != .car {
        if let tip = tips[index] { obstacles.append(pinBox(tip)) }
      }
      obstacles += badges.values
      if let unplacedBadge { obstacles.append(unplacedBadge) }
    }
    // Name tags: right of the pin's head, else left, else above; clear of the map's edges,
    // the covered edges, the controls, every pin and badge, and each other.
    var nameTags: [Int: (box: Box, text: String)] = [:]
    var tagBlockers = controls
    for index in pins.indices where pins[index].style == .car {
      guard let tip = tips[index] else { continue }
      tagBlockers.append((tip.x - 16, tip.y - 16, tip.x + 16, tip.y + 16))
    }
    for index in pins.indices where pins[index].style != .car {
      guard let name = pins[index].name, !name.isEmpty, let tip = tips[index] else { continue }
      let text = Self.nameTagText(name)
      let w = Self.nameTagWidth(text)
      let r = 13.0
      let head = tip.y - r * 1.94
      let own = (tip.x - r - 1, tip.y - r * 2.94 - 1, tip.x + r + 1, tip.y + 1)
      let sides: [Box] = [
        (tip.x + r + 4, head - 10, tip.x + r + 4 + w, head + 10),
        (tip.x - r - 4 - w, head - 10, tip.x - r - 4, head + 10),
        (tip.x - w / 2, tip.y - r * 2.94 - 24, tip.x + w / 2, tip.y - r * 2.94 - 4),
      ]
      let side = sides.first { box in
        box.0 >= covered.left + 2 && box.1 >= covered.top + 2 && box.2 <= viewport.width - 2
          && box.3 <= viewport.height - 2
          && !(obstacles + tagBlockers).contains { o in
            !(o == own) && box.0 < o.2 && box.2 > o.0 && box.1 < o.3 && box.3 > o.1
          }
      }
      if let side {
        nameTags[index] = (side, text)
        obstacles.append(side)
      }
    }
    obstacles = Array(obstacles.dropFirst(reserved.count))
    for index in pins.indices where pins[index].style != .car {
      guard let tip = tips[index] else { continue }
      let anchor = points[index]
      if abs(anchor.x - tip.x) + abs(anchor.y - tip.y) > 0.5 {
        for step in 0...8 {
          let t = Double(step) / 8
          let x = anchor.x + (tip.x - anchor.x) * t
          let y = anchor.y + (tip.y - anchor.y) * t
          obstacles.append((x - 3, y - 3, x + 3, y + 3))
        }
      }
    }
    return PinLayout(
      anchors: points, tips: tips, clustered: clustered, badges: badges, obstacles: obstacles,
      unplaced: unplaced, unplacedBadge: unplacedBadge, nameTags: nameTags)
  }

  static func badgeWidth(_ count: Int) -> Double { count < 10 ? 42 : 48 }

  /// The first spot for a badge `width` wide, scanning the map's free part (right of and
  /// below the `covered` edges) from its top-left corner in 12-point rows and 8-point steps,
  /// clear of every `avoiding` box; nil when there is none (at most 2000 spots are tried).
  static func freeSpot(
    width w: Double, in viewport: MapViewport, covered: (left: Double, top: Double),
    avoiding obstacles: [Box]
  ) -> Box? {
    var tried = 0
    var y = covered.top + 8
    while y + 16 <= viewport.height - 2 {
      var x = covered.left + 8
      while x + w <= viewport.width - 8 {
        let box: Box = (x, y, x + w, y + 16)
        if !obstacles.contains(where: { o in
          box.0 < o.2 && box.2 > o.0 && box.1 < o.3 && box.3 > o.1
        }) {
          return box
        }
        tried += 1
        if tried >= 2000 { return nil }
        x += 8
      }
      y += 12
    }
    return nil
  }

  func pinMarkup(
    _ pins: [MapPin], layout: PinLayout, palette: MapPalette, heading mapHeading: Double = 0
  ) -> String {
    var out = ""
    // The car first, under the places' pins (a pin's number names its row in the list, so the
    // car's dot must not cover it); selected pins last so they draw on top.
    func layer(_ style: MapPin.Style) -> Int { style == .car ? 0 : style == .selected ? 2 : 1 }
    let order = pins.indices.sorted {
      (layer(pins[$0].style), $0) < (layer(pins[$1].style), $1)
    }
    var badges = ""
    // Every leader before every pin: a leader crossing another pin's head would cut its number.
    var leaders = ""
    for index in order {
      let pin = pins[index]
      guard let p = layout.tips[index] else { continue }
      let anchor = layout.anchors[index]
      if pin.style != .car, abs(anchor.x - p.x) + abs(anchor.y - p.y) > 0.5 {
        // A spread pin points at its place with a thin leader, as a map's spread cluster does.
        leaders +=
          "<g class=\"leader\" pointer-events=\"none\"><path d=\"M\(fmt(anchor.x)) \(fmt(anchor.y))L\(fmt(p.x)) \(fmt(p.y))\" stroke=\"\(palette.pin)\" stroke-width=\"1.5\"/><circle cx=\"\(fmt(anchor.x))\" cy=\"\(fmt(anchor.y))\" r=\"2.5\" fill=\"\(palette.pin)\"/></g>"
      }
      switch pin.style {
      case .car where pin.heading != nil:
        let angle = (pin.heading ?? 0) - mapHeading
        out +=
          "<g class=\"car\" transform=\"translate(\(fmt(p.x)) \(fmt(p.y))) rotate(\(fmt(angle)))\"><circle r=\"13\" fill=\"\(palette.car)\" fill-opacity=\"0.2\"/><path d=\"M0 -11 L8 8 L0 4 L-8 8 Z\" fill=\"\(palette.car)\" stroke=\"#ffffff\" stroke-width=\"2\" stroke-linejoin=\"round\"/></g>\n"
      case .car:
        out +=
          "<g class=\"car\" transform=\"translate(\(fmt(p.x)) \(fmt(p.y)))\"><circle r=\"9\" fill=\"\(palette.car)\" fill-opacity=\"0.25\"/><circle r=\"5.5\" fill=\"\(palette.car)\" stroke=\"#ffffff\" stroke-width=\"2\"/></g>\n"
      case .place, .selected:
        let colour = pin.style == .selected ? palette.pinSelected : palette.pin
        let r = pin.style == .selected ? 13.0 : 10.0
        if pin.imageSVG != nil {
          // The app's own pin image, its tip on the place; the number on a badge at its
          // shoulder, so the image's shape and colour stay whole. Image, ring and badge stay
          // inside the room the placement keeps for a pin (``placementRadius`` and 2 points
          // each side): a selected pin at the map's edge was cut by the edge.
          let width = min(r * 2.4, 2 * (Self.placementRadius + 2))
          let height = width * 1.25
          out +=
            "<g class=\"pin app-pin\" data-pin-id=\"\(Markup.escape(pin.id))\" transform=\"translate(\(fmt(p.x)) \(fmt(p.y)))\" style=\"cursor:pointer\">\(AssetSVG.embed(pin.imageSVG ?? "", x: -width / 2, y: -height, width: width, height: height))"
          if pin.style == .selected {
            out +=
              "<circle cx=\"0\" cy=\"\(fmt(-height * 0.62))\" r=\"\(fmt(min(r * 1.4, width / 2 - 1.5)))\" fill=\"none\" stroke=\"\(palette.pinSelected)\" stroke-width=\"3\"/>"
          }
          if let label = pin.label {
            out +=
              "<circle cx=\"\(fmt(width / 2 - r * 0.62))\" cy=\"\(fmt(-height + r * 0.62))\" r=\"\(fmt(r * 0.62))\" fill=\"#ffffff\" stroke=\"#333333\" stroke-width=\"1\"/><text x=\"\(fmt(width / 2 - r * 0.62))\" y=\"\(fmt(-height + r * 0.62 + r * 0.3))\" pointer-events=\"none\" text-anchor=\"middle\" font-size=\"\(fmt(r * 0.8))\" font-weight=\"700\" font-family=\"Wayside Inter, -apple-system, sans-serif\" fill=\"#111111\">\(Markup.escape(label))</text>"
          }
        } else {
          out +=
            "<g class=\"pin\" data-pin-id=\"\(Markup.escape(pin.id))\" transform=\"translate(\(fmt(p.x)) \(fmt(p.y)))\" style=\"cursor:pointer\"><path d=\"M0 0 L\(fmt(-r * 0.55)) \(fmt(-r * 1.1)) A\(fmt(r)) \(fmt(r)) 0 1 1 \(fmt(r * 0.55)) \(fmt(-r * 1.1)) Z\" fill=\"\(colour)\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
          if let label = pin.label {
            out +=
              "<text x=\"0\" y=\"\(fmt(-r * 1.55))\" pointer-events=\"none\" text-anchor=\"middle\" font-size=\"\(fmt(r * 0.95))\" font-weight=\"700\" font-family=\"Wayside Inter, -apple-system, sans-serif\" fill=\"#ffffff\">\(Markup.escape(label))</text>"
          }
        }
        out += "</g>\n"
        if let count = layout.clustered[index], let box = layout.badges[index] {
          // Under every pin: a badge never covers another pin's head. It says in words how
          // many more places this pin stands for.
          badges +=
            "<g class=\"cluster\" pointer-events=\"none\"><title>\(count) more place\(count == 1 ? "" : "s") here</title><rect x=\"\(fmt(box.0))\" y=\"\(fmt(box.1))\" width=\"\(fmt(box.2 - box.0))\" height=\"16\" rx=\"8\" fill=\"#ffffff\" stroke=\"\(colour)\" stroke-width=\"1.5\"/><text x=\"\(fmt((box.0 + box.2) / 2))\" y=\"\(fmt(box.1 + 11.5))\" text-anchor=\"middle\" font-size=\"9.5\" font-weight=\"700\" font-family=\"Wayside Inter, -apple-system, sans-serif\" fill=\"\(colour)\">+\(count) more</text></g>\n"
        }
      }
    }
    if layout.unplaced > 0, let box = layout.unplacedBadge {
      let n = layout.unplaced
      badges +=
        "<g class=\"cluster more-off-map\" pointer-events=\"none\"><title>\(n) more place\(n == 1 ? "" : "s") not shown on the map</title><rect x=\"\(fmt(box.0))\" y=\"\(fmt(box.1))\" width=\"\(fmt(box.2 - box.0))\" height=\"16\" rx=\"8\" fill=\"#ffffff\" stroke=\"\(palette.pin)\" stroke-width=\"1.5\"/><text x=\"\(fmt((box.0 + box.2) / 2))\" y=\"\(fmt(box.1 + 11.5))\" text-anchor=\"middle\" font-size=\"9.5\" font-weight=\"700\" font-family=\"Wayside Inter, -apple-system, sans-serif\" fill=\"\(palette.pin)\">+\(n) more</text></g>\n"
    }
    var tags = ""
    for index in layout.nameTags.keys.sorted() {
      guard let (box, text) = layout.nameTags[index] else { continue }
      // Above the pins: the name is the point of the tag. Dark text on white by day, light on
      // dark by night, with the pin's colour as its edge.
      let edge = pins[index].style == .selected ? palette.pinSelected : palette.pin
      tags +=
        "<g class=\"pin-name\" pointer-events=\"none\"><rect x=\"\(fmt(box.0))\" y=\"\(fmt(box.1))\" width=\"\(fmt(box.2 - box.0))\" height=\"\(fmt(box.3 - box.1))\" rx=\"6\" fill=\"\(palette.nameTagFill)\" stroke=\"\(edge)\" stroke-width=\"1.5\"/><text x=\"\(fmt((box.0 + box.2) / 2))\" y=\"\(fmt(box.1 + 14))\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"600\" font-family=\"Wayside Inter, -apple-system, sans-serif\" fill=\"\(palette.nameTagText)\">\(Markup.escape(text))</text></g>\n"
    }
    return leaders + badges + out + tags
  }

  /// Pixel positions for the pins' tips so that no two place pins' heads overlap and no pin,
  /// leader or badge covers a `reserved` box (the attribution, the scale bar): each pin in
  /// the order given (not by selection, so selecting a pin moves none) stays or moves to the
  /// nearest free spot on rings around its place (8 directions, 3 rings), never under the
  /// covered edges. Bounded: at most 25 candidates per pin. A pin with no free spot is
  /// clustered (nil): the nearest drawn pin counts it with a "+n more" badge, as a map
  /// clusters what it cannot spread. A place off the free part of the map shows no pin.
  static func spread(
    _ pins: [MapPin], at points: [(x: Double, y: Double)], width: Double, height: Double,
    covered: (left: Double, top: Double), reserved: [Box] = []
  ) -> [(x: Double, y: Double)?] {
    var result: [(x: Double, y: Double)?] = points
    var placed: [(x: Double, y: Double, r: Double)] = []
    let r = placementRadius
    func overlaps(_ a: Box, _ b: Box) -> Bool {
      a.0 < b.2 && a.2 > b.0 && a.1 < b.3 && a.3 > b.1
    }
    func free(_ x: Double, _ y: Double, from anchor: (x: Double, y: Double)) -> Bool {
      // The head is a circle of radius r whose centre sits 1.94 r above the tip.
      let hy = y - r * 1.94
      guard x - r >= covered.left + 2, hy - r >= covered.top + 2, x + r <= width - 2,
        y <= height - 2
      else { return false }
      let body = (x - r, hy - r, x + r, y)
      if reserved.contains(where: { overlaps(body, $0) }) { return false }
      for step in 0...8 {
        let t = Double(step) / 8
        let px = anchor.x + (x - anchor.x) * t
        let py = anchor.y + (y - anchor.y) * t
        if reserved.contains(where: { overlaps((px - 2, py - 2, px + 2, py + 2), $0) }) {
          return false
        }
      }
      return placed.allSatisfy { other in
        let dx = x - other.x
        let dy = hy - other.y
        let gap = r + other.r + 4
        return dx * dx + dy * dy >= gap * gap
      }
    }
    for index in pins.indices where pins[index].style != .car {
      let p = points[index]
      let inside = p.x >= covered.left && p.y >= covered.top && p.x <= width && p.y <= height
      guard inside else {
        result[index] = nil
        continue
      }
      var chosen: (x: Double, y: Double)? = nil
      if free(p.x, p.y, from: p) {
        chosen = p
      } else {
        search: for ring in 1...3 {
          let distance = Double(ring) * (2 * r + 6)
          for step in 0..<8 {
            let angle = Double(step) * .pi / 4 - .pi / 2
            let x = p.x + distance * cos(angle)
            let y = p.y + distance * sin(angle)
            if free(x, y, from: p) {
              chosen = (x, y)
              break search
            }
          }
        }
      }
      result[index] = chosen
      if let chosen { placed.append((chosen.x, chosen.y - r * 1.94, r)) }
    }
    return result
  }

  /// The boxes no pin may cover: the attribution and the scale bar.
  static func reservedBoxes(_ viewport: MapViewport, showsAttribution: Bool, coveredLeft: Double)
    -> [Box]
  {
    let lines = showsAttribution ? attributionLines(width: viewport.width - coveredLeft) : []
    let scaleBottom = viewport.height - 8 - Double(lines.count) * attributionLineHeight
    return [
      attributionBox(lines, width: viewport.width, height: viewport.height),
      scaleBox(viewport, bottom: scaleBottom),
    ].compactMap { $0 }
  }

  /// A stable digest (FNV-1a, 64 bits) of the places' ids and positions, naming a base image
  /// whose labels keep clear of them.
  static func placesDigest(_ pins: [MapPin]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for pin in pins {
      for byte in "\(pin.id)@\(pin.coordinate.latitude),\(pin.coordinate.longitude);".utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
    }
    return String(hash, radix: 16)
  }

  /// The attribution's box at the bottom right (nil without attribution).
  static func attributionBox(_ lines: [String], width: Double, height: Double) -> Box? {
    guard let longest = lines.map(\.count).max() else { return nil }
    let textWidth = Double(longest) * attributionFontSize * 0.62
    return (width - 6 - textWidth, height - 2 - Double(lines.count) * attributionLineHeight, width, height)
  }

  /// The scale bar's box (its bar and label), right-aligned above `bottom`.
  static func scaleBox(_ viewport: MapViewport, bottom: Double) -> Box? {
    (viewport.width - 10 - 110 - 40 - 4, bottom - 14, viewport.width - 4, bottom + 3)
  }

  static let attributionFontSize = 8.0
  static let attributionLineHeight = 10.0

  /// The attribution broken at its " · " separators into lines that fit in the right half of
  /// the map (the left may be covered by a panel), so every credit stays readable on the
  /// smallest display.
  static func attributionLines(width: Double) -> [String] {
    let maxCharacters = max(16, Int((width - 12) / (attributionFontSize * 0.62)))
    var lines: [String] = []
    var current = ""
    for part in Basemap.attribution.components(separatedBy: " · ") {
      let candidate = current.isEmpty ? part : current + " · " + part
      if candidate.count <= maxCharacters || current.isEmpty {
        current = candidate
      } else {
        lines.append(current)
        current = part
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// A scale bar of 1, 2 or 5 × 10ⁿ metres, at most 110 pixels long, at the right edge just
  /// above the attribution (the left side may be covered by a panel).
  func scaleBar(_ viewport: MapViewport, palette: MapPalette, bottom: Double) -> String {
    let metresPerPixel = viewport.metresPerPixel
    let maxMetres = metresPerPixel * 110
    var step = pow(10, floor(log10(maxMetres)))
    if step * 5 <= maxMetres { step *= 5 } else if step * 2 <= maxMetres { step *= 2 }
    let length = step / metresPerPixel
    let label = step >= 1000 ? "\(Int(step / 1000)) km" : "\(Int(step)) m"
    let x = viewport.width - 10 - length - 40
    let y = bottom
    return """
      <g class="scale" pointer-events="none"><path d="M\(fmt(x)) \(fmt(y - 5))V\(fmt(y))H\(fmt(x + length))V\(fmt(y - 5))" fill="none" stroke="\(palette.scale)" stroke-width="1.5"/><text x="\(fmt(x + length + 4))" y="\(fmt(y))" font-size="10" font-family="Wayside Inter, -apple-system, sans-serif" fill="\(palette.scale)">\(label)</text></g>

      """
  }
}

/// The last few rendered maps by their inputs.
final class RenderCache: Sendable {
  struct Key: Hashable, Sendable {
    var viewport: MapViewport
    var dark: Bool
    var pins: [MapPin]
    var route: Polyline?
    var showsAttribution: Bool
    var coveredLeft: Double
    var coveredTop: Double
    var heading: Double
    var drawsPins = true
    var controls: [MapRect] = []
    var alternatives: [Polyline] = []
  }

  /// Enough for the screens a session moves between (list, card, details, back).
  static let capacity = 16
  private let entries = Mutex<[(key: Key, svg: String)]>([])

  func value(for key: Key) -> String? {
    entries.withLock { list in
      guard let index = list.firstIndex(where: { $0.key == key }) else { return nil }
      let entry = list.remove(at: index)
      list.append(entry)
      return entry.svg
    }
  }

  func store(_ svg: String, for key: Key) {
    entries.withLock { list in
      list.removeAll { $0.key == key }
      list.append((key, svg))
      if list.count > Self.capacity { list.removeFirst(list.count - Self.capacity) }
    }
  }
}

/// A map drawn as a base image, named by what it depends on, and an overlay of route and pins
/// (``MapSVGRenderer/layers(_:dark:pins:route:showsAttribution:coveredLeft:coveredTop:heading:controls:alternatives:)``).
public struct MapLayers: Hashable, Sendable {
  /// The base image's name: camera, size, style, attribution, covered edges and heading, in
  /// characters safe in a URL path (`z15.000_51.312700,9.479700_800x480_day_a_l0_t0_h0`).
  public var key: String
  /// The base image as SVG: everything but the route and the pins.
  public var base: String
  /// The route and the pins as SVG of the same size, to be drawn over the base.
  public var overlay: String
}

/// One decimal, no trailing ".0" — compact SVG numbers.
func fmt(_ value: Double) -> String {
  let r = (value * 10).rounded() / 10
  if r == r.rounded(), abs(r) < 1e9 { return String(Int(r)) }
  return String(r)
}

/// Text escaping for SVG and HTML output.
package enum Markup {
  /// Escapes text for XML/HTML content and attribute values.
  public static func escape(_ text: String) -> String {
    // Most text (names, numbers, words) has nothing to escape: answer it as it is, found by
    // one pass over its bytes (each of the five is ASCII, so no byte of a longer character
    // matches).
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
    else { return text }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      switch byte {
      case 0x26: out.append(contentsOf: "&amp;".utf8)
      case 0x3C: out.append(contentsOf: "&lt;".utf8)
      case 0x3E: out.append(contentsOf: "&gt;".utf8)
      case 0x22: out.append(contentsOf: "&quot;".utf8)
      case 0x27: out.append(contentsOf: "&#39;".utf8)
      default: out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
