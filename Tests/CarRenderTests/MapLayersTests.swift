import Foundation
import Geo
import Testing

@testable import CarRender

@Suite("Map layers: a base image named by camera and style, and an overlay of route and pins")
struct MapLayersTests {
  static let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
  static let viewport = MapViewport(center: kassel, zoom: 12, width: 800, height: 480)

  @Test(
    "the base is the map without pins or route; its key names the places (its labels keep clear of them), not the selection"
  )
  func baseIgnoresPins() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled())
    let here = Coordinate(latitude: 51.32, longitude: 9.49)
    let pin = MapPin(id: "s1", coordinate: here, label: "1")
    let plain = renderer.layers(Self.viewport)
    let pinned = renderer.layers(Self.viewport, pins: [pin])
    let selected = renderer.layers(
      Self.viewport, pins: [MapPin(id: "s1", coordinate: here, label: "1", style: .selected)])
    #expect(plain.key != pinned.key)
    #expect(selected.key == pinned.key)
    #expect(selected.base == pinned.base)
    #expect(selected.overlay != pinned.overlay)
    #expect(plain.base == renderer.render(Self.viewport))
    #expect(!pinned.base.contains("data-pin-id=\"s1\""))
    #expect(pinned.overlay.contains("data-pin-id=\"s1\""))
    #expect(pinned.overlay.contains("class=\"map map-overlay\""))
  }

  @Test("the key moves with the camera and the style, and is safe in a URL path")
  func keyFollowsCameraAndStyle() throws {
    let renderer = MapSVGRenderer(basemap: try Basemap.bundled())
    var zoomed = Self.viewport
    zoomed.zoom += 1
    let keys = [
      renderer.layers(Self.viewport).key, renderer.layers(zoomed).key,
      renderer.layers(Self.viewport, dark: true).key,
    ]
    #expect(Set(keys).count == 3)
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.,_-")
    for key in keys { #expect(key.allSatisfy { allowed.contains($0) }, "\(key)") }
  }

  @Test("a renderer with an image store links the base image and keeps it for the server")
  func linkedBase() throws {
    let store = MapImageStore()
    let renderer = CarHTMLRenderer(
      mapRenderer: MapSVGRenderer(basemap: try Basemap.bundled()), mapImages: store)
    let html = renderer.mapSVG(Self.viewport, dark: false, pins: [], route: nil)
    let layers = try #require(renderer.mapRenderer).layers(Self.viewport)
    #expect(html.contains("<img class=\"map map-base\" src=\"/maps/\(layers.key).svg\""))
    #expect(!html.contains("class=\"motorways\""))
    #expect(store.image(layers.key) == layers.base)
  }
}
