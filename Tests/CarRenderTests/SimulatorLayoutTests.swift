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

  @Test("pins at one spot are spread so that no two heads overlap; the selected one stays put")
  func pinsSpread() {
    let here = Coordinate(latitude: 51.3, longitude: 9.4)
    let pins = (0..<6).map { i in
      MapPin(id: "p\(i)", coordinate: here, label: "\(i + 1)", style: i == 3 ? .selected : .place)
    }
    let points = Array(repeating: (x: 300.0, y: 200.0), count: pins.count)
    let spread = MapSVGRenderer.spread(
      pins, at: points, width: 600, height: 400, covered: (left: 0, top: 0))
    #expect(spread[3]?.x == 300 && spread[3]?.y == 200)
    let drawn = spread.compactMap { $0 }
    #expect(drawn.count == pins.count)
    for i in drawn.indices {
      for j in drawn.indices where j > i {
        let dx = drawn[i].x - drawn[j].x
        let dy = drawn[i].y - drawn[j].y
        #expect((dx * dx + dy * dy).squareRoot() >= 20, "pins \(i) and \(j) overlap")
      }
    }
  }

  @Test("spread pins never move under the covered edge of the map")
  func spreadAvoidsPanel() {
    let pins = (0..<4).map { MapPin(id: "p\($0)", coordinate: .init(latitude: 0, longitude: 0)) }
    let points = Array(repeating: (x: 240.0, y: 100.0), count: pins.count)
    let spread = MapSVGRenderer.spread(
      pins, at: points, width: 500, height: 300, covered: (left: 228, top: 0))
    #expect(spread.allSatisfy { ($0?.x ?? 1000) - 10 >= 228 })
  }

  @Test("pins that find no free spot are clustered into the nearest drawn pin's +n badge")
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
