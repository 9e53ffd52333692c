import CarTemplates
import Foundation
import Geo
import Testing

@testable import CarRender

@Suite("Layout of the simulated car screen: symbols, pins, panels")
struct SimulatorLayoutTests {
  @Test(
    "an SF Symbol is drawn with its Material Icons stand-in, variants fall back to the base name")
  func symbolsMapByName() {
    #expect(CarSymbols.icon(for: "ev.charger") == "ev_station")
    #expect(CarSymbols.icon(for: "bolt.car.fill") == "electric_car")
    #expect(CarSymbols.icon(for: "star.fill") == "star")
    #expect(CarSymbols.icon(for: "no.such.symbol") == CarSymbols.unknown)
  }

  @Test("no symbol, system control or unknown image renders as an emoji or a letter")
  func noEmojiNoLetters() {
    let renderer = CarHTMLRenderer(mapRenderer: nil)
    let unknown = renderer.glyph(.symbol("stations.custom"))
    #expect(unknown.contains(">\(CarSymbols.unknown)<"))
    #expect(unknown.contains("title=\"stations.custom\""))
    let html = renderer.render(
      CarDisplayState(
        screen: CarHTMLRendererTests.chargersScreen(selected: 1),
        configuration: SessionConfiguration(display: .standard), appName: "Wayside",
        isPhoneLocked: true))
    let pictographs = html.unicodeScalars.filter {
      $0.properties.isEmojiPresentation || ($0.value >= 0x2300 && $0.value <= 0x2BFF)
    }
    #expect(pictographs.isEmpty, "found \(pictographs.map { String($0) })")
    #expect(!html.contains("placeholder"))
  }

  @Test("a number stays with its unit: no line breaks inside 0.69 €/kWh, 22 kW or 0.1 km")
  func numbersKeepTheirUnits() {
    let nbsp = "\u{00A0}"
    #expect(
      CarHTMLRenderer.keepingUnits("22 kW · 0.69 €/kWh")
        == "22\(nbsp)kW · 0.69\(nbsp)€/kWh")
    #expect(
      CarHTMLRenderer.keepingUnits("0.1 km · Type 2 · 6 charge points")
        == "0.1\(nbsp)km · Type 2 · 6 charge points")
    #expect(CarHTMLRenderer.keepingUnits("in 12 min, 80 %") == "in 12\(nbsp)min, 80\(nbsp)%")
    #expect(CarHTMLRenderer.keepingUnits("2 hours") == "2 hours")
    // Text with no number before a space is answered as it is; beyond ASCII the whole rule
    // applies (a superscript is a number too).
    #expect(CarHTMLRenderer.keepingUnits("Friedrichsplatz (Parkgarage)") == "Friedrichsplatz (Parkgarage)")
    #expect(CarHTMLRenderer.keepingUnits("Stave 1: Marley's Ghost") == "Stave 1: Marley's Ghost")
    #expect(CarHTMLRenderer.keepingUnits("Straße 3 km") == "Straße 3\(nbsp)km")
    #expect(CarHTMLRenderer.keepingUnits("5² m") == "5²\(nbsp)m")
    // Drawn in a place's row, the no-break space is the character (XML has no &nbsp;).
    let html = CarHTMLRenderer(mapRenderer: nil).render(
      CarDisplayState(
        screen: CarHTMLRendererTests.chargersScreen(),
        configuration: SessionConfiguration(display: .standard), appName: "Wayside"))
    #expect(!html.contains("&nbsp;"))
  }

  @Test("pins at one spot are spread so that no two heads overlap; selecting one moves none")
  func pinsSpread() {
    let here = Coordinate(latitude: 51.3, longitude: 9.4)
    func pins(selected: Int?) -> [MapPin] {
      (0..<6).map { i in
        MapPin(id: "p\(i)", coordinate: here, label: "\(i + 1)", style: i == selected ? .selected : .place)
      }
    }
    let points = Array(repeating: (x: 300.0, y: 200.0), count: 6)
    let spread = MapSVGRenderer.spread(
      pins(selected: nil), at: points, width: 600, height: 400, covered: (left: 0, top: 0))
    #expect(spread[0]?.x == 300 && spread[0]?.y == 200)
    let selected = MapSVGRenderer.spread(
      pins(selected: 3), at: points, width: 600, height: 400, covered: (left: 0, top: 0))
    #expect(selected.map { $0.map { [$0.x, $0.y] } } == spread.map { $0.map { [$0.x, $0.y] } })
    let drawn = spread.compactMap { $0 }
    #expect(drawn.count == 6)
    for i in drawn.indices {
      for j in drawn.indices where j > i {
        let dx = drawn[i].x - drawn[j].x
        let dy = drawn[i].y - drawn[j].y
        #expect((dx * dx + dy * dy).squareRoot() >= 20, "pins \(i) and \(j) overlap")
      }
    }
  }

  @Test("no pin or leader is placed over a reserved box (the attribution, the scale bar)")
  func pinsAvoidReserved() {
    let pins = (0..<3).map { MapPin(id: "p\($0)", coordinate: .init(latitude: 0, longitude: 0)) }
    let points: [(x: Double, y: Double)] = [(500, 290), (300, 150), (450, 200)]
    let reserved = (400.0, 250.0, 600.0, 300.0)
    let spread = MapSVGRenderer.spread(
      pins, at: points, width: 600, height: 300, covered: (left: 0, top: 0),
      reserved: [reserved])
    // The first lies under the box: its leader would start there, so it is clustered.
    #expect(spread[0] == nil)
    #expect(spread[1]?.x == 300 && spread[1]?.y == 150)
    // The third's head would reach into the box from above only if it stood lower.
    let third = spread[2]
    #expect(third != nil)
    if let third { #expect(third.y <= 250) }
  }

  @Test("a town's label moves aside or is left out where a pin stands; none lies under a pin")
  func labelsAvoidPins() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled())
    let kassel = Coordinate(latitude: 51.3155, longitude: 9.4980)
    let viewport = MapViewport(center: kassel, zoom: 11, width: 600, height: 400)
    let pins = [MapPin(id: "p", coordinate: kassel, label: "1")]
    let svg = renderer.render(viewport, pins: pins)
    let tip = viewport.pixel(kassel)
    let pinBox = (tip.x - 11, tip.y - 31, tip.x + 11, tip.y + 1)
    for match in svg.matches(of: /class="place" x="([\d.]+)" y="([\d.]+)" text-anchor="(\w+)"/) {
      let x = Double(match.output.1) ?? 0
      let y = Double(match.output.2) ?? 0
      // A label's baseline sits below its text: the label spans y - 14 … y + 4.
      let overlapsVertically = y + 4 > pinBox.1 && y - 14 < pinBox.3
      let spansPin =
        match.output.3 == "middle" ? abs(x - tip.x) < 40 : match.output.3 == "start" ? x < pinBox.2 : x > pinBox.0
      #expect(!(overlapsVertically && spansPin && abs(x - tip.x) < 12), "label at \(x), \(y)")
    }
  }

  @Test(
    "a town's label lies wholly inside the map and clear of the scale bar and the attribution, at the smallest and the widest display"
  )
  func labelsStayInsideAndClearOfTheScaleBar() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled())
    var checked = 0
    for (width, height) in [(400.0, 240.0), (640.0, 240.0), (800.0, 480.0)] {
      for zoom in [8.0, 9.0, 10.0, 11.0] {
        for step in 0..<9 {
          // Views around Kassel, moved so towns pass every edge and the scale bar's corner.
          let center = Coordinate(
            latitude: 51.31 + Double(step / 3 - 1) * 0.12, longitude: 9.48 + Double(step % 3 - 1) * 0.2)
          let viewport = MapViewport(center: center, zoom: zoom, width: width, height: height)
          let svg = renderer.render(viewport)
          let reserved = MapSVGRenderer.reservedBoxes(viewport, showsAttribution: true, coveredLeft: 0)
          for match in svg.matches(
            of: /class="place" x="([\d.-]+)" y="([\d.-]+)" text-anchor="(\w+)" font-size="([\d.]+)"[^>]*>([^<]+)</)
          {
            let x = Double(match.output.1) ?? 0
            let y = Double(match.output.2) ?? 0
            let size = Double(match.output.4) ?? 10
            let name = String(match.output.5)
            let textWidth = Double(name.count) * size * 0.58
            let left =
              match.output.3 == "middle" ? x - textWidth / 2 : match.output.3 == "start" ? x : x - textWidth
            let box = (left, y - size, left + textWidth, y + 2)
            checked += 1
            #expect(
              box.0 >= 0 && box.2 <= width && box.1 >= 0 && box.3 <= height,
              "\(name) runs off the \(Int(width))×\(Int(height)) map at z\(zoom) around \(center)")
            for other in reserved {
              let clear = box.2 <= other.0 || box.0 >= other.2 || box.3 <= other.1 || box.1 >= other.3
              #expect(clear, "\(name) lies under the scale bar or attribution at z\(zoom) around \(center)")
            }
          }
        }
      }
    }
    #expect(checked > 100, "the views show towns")
  }

  @Test("the car's dot and every leader draw under the places' pins, so neither crosses a pin's number; a selected pin draws on top")
  func carUnderPins() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled())
    let kassel = Coordinate(latitude: 51.3155, longitude: 9.4980)
    let viewport = MapViewport(center: kassel, zoom: 13, width: 400, height: 240)
    // The car a pin's height above the place: the car's dot lies on the pin's head.
    let car = viewport.coordinate(atPixelX: 200, y: 100)
    let place = viewport.coordinate(atPixelX: 200, y: 115)
    let svg = renderer.render(
      viewport,
      pins: [
        MapPin(id: "p1", coordinate: place, label: "1"),
        MapPin(id: "p2", coordinate: kassel, label: "2", style: .selected),
        MapPin(id: "car", coordinate: car, style: .car),
      ])
    let carAt = try #require(svg.range(of: "<g class=\"car\"")?.lowerBound)
    let pinAt = try #require(svg.range(of: "data-pin-id=\"p1\"")?.lowerBound)
    let selectedAt = try #require(svg.range(of: "data-pin-id=\"p2\"")?.lowerBound)
    #expect(carAt < pinAt, "the car draws first")
    #expect(pinAt < selectedAt, "the selected pin draws last")

    // Pins spread from one place point at it with leaders; every leader draws before every
    // pin's head, so no leader crosses a number.
    let crowded = renderer.render(
      viewport,
      pins: (1...6).map { MapPin(id: "c\($0)", coordinate: kassel, label: "\($0)") })
    let lastLeader = try #require(crowded.ranges(of: "class=\"leader\"").last?.lowerBound)
    let firstPin = try #require(crowded.range(of: "class=\"pin\"")?.lowerBound)
    #expect(lastLeader < firstPin, "every leader under every pin")
  }

  @Test("spread pins never move under the covered edge of the map")
  func spreadAvoidsPanel() {
    let pins = (0..<4).map { MapPin(id: "p\($0)", coordinate: .init(latitude: 0, longitude: 0)) }
    let points = Array(repeating: (x: 240.0, y: 100.0), count: pins.count)
    let spread = MapSVGRenderer.spread(
      pins, at: points, width: 500, height: 300, covered: (left: 228, top: 0))
    #expect(spread.allSatisfy { ($0?.x ?? 1000) - 10 >= 228 })
  }

  @Test("pins that find no free spot are clustered into the nearest drawn pin's '+n more' badge")
  func crowdedPinsCluster() {
    let pins = (0..<30).map { MapPin(id: "p\($0)", coordinate: .init(latitude: 0, longitude: 0)) }
    let points = Array(repeating: (x: 60.0, y: 60.0), count: pins.count)
    let spread = MapSVGRenderer.spread(
      pins, at: points, width: 120, height: 90, covered: (left: 0, top: 0))
    let drawn = spread.compactMap { $0 }
    #expect(drawn.count > 1 && drawn.count < pins.count)
  }

  @Test("the portrait point-of-interest panel spans the top and the places fit below it")
  func portraitPanel() throws {
    let renderer = CarHTMLRenderer(mapRenderer: MapSVGRenderer(basemap: try Basemap.bundled()))
    let html = renderer.render(
      CarDisplayState(
        screen: CarHTMLRendererTests.chargersScreen(),
        configuration: SessionConfiguration(display: .portrait), appName: "Wayside"))
    // 300 × 400 points less the 56-point dock and the 44-point tab bar.
    #expect(html.contains("class=\"poi portrait\""))
    #expect(html.contains("style=\"width:228px;height:195px\""))
    // Every pin's tip lies in the map below the panel (203 px from the top).
    let tips = html.matches(of: /data-pin-id="s\d" transform="translate\(([\d.]+) ([\d.]+)\)/)
    #expect(tips.count == 5)
    for tip in tips {
      let y = Double(tip.output.2) ?? 0
      #expect(y > 203 + 20 && y <= 356, "pin at y \(y)")
    }
  }

  @Test("no place label is drawn under the panel's covered edge")
  func labelsAvoidPanel() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled())
    let viewport = MapViewport(
      center: Coordinate(latitude: 51.16, longitude: 10.45), zoom: 6, width: 600, height: 400)
    let open = renderer.render(viewport)
    let covered = renderer.render(viewport, coveredLeft: 300)
    let xs = covered.matches(of: /class="place" x="([\d.]+)"/).map { Double($0.output.1) ?? 0 }
    #expect(!xs.isEmpty)
    #expect(xs.allSatisfy { $0 > 300 })
    #expect(
      open.matches(of: /class="place" x="([\d.]+)"/).contains { (Double($0.output.1) ?? 0) < 300 })
  }
}
