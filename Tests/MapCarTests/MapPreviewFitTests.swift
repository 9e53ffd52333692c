import CarRender
import CarTemplates
import Geo
import Routing
import Testing

@testable import MapCar

/// A trip preview shows its route whole in the part of the map the preview's card, the map's
/// bar and buttons and the scale bar leave free, on every display.
@Suite("Map app: the trip preview's fit")
struct MapPreviewFitTests {
  static let göttingen = MapRouteTests.göttingen

  @Test("the previewed route lies inside the free area on every display profile")
  func routeInsideFreeArea() async throws {
    let app = MapApp()
    let routes = try await RoadNetwork.bundled().routeChoices(
      from: MapApp.home, to: Self.göttingen.coordinate, maximumCount: 3)
    let route = try #require(routes.first)
    for display in DisplayProfile.all {
      var state = MapApp.State()
      _ = app.reduce(&state, .connected(isDark: false, display: display))
      _ = app.reduce(&state, .moved(MapApp.home))
      _ = app.reduce(&state, .routesFound(Self.göttingen, routes))
      let (width, height) = MapCameraFit.mapSize(display)
      let area = MapCameraFit.previewArea(display)
      let view = state.camera.viewport(width: width, height: height)
      for point in route.polyline.coordinates {
        let p = view.pixel(point)
        #expect(
          p.x >= area.x0 - 0.5 && p.x <= area.x1 + 0.5 && p.y >= area.y0 - 0.5
            && p.y <= area.y1 + 0.5,
          "\(display.id): \(point) at \(p) lies outside the free area \(area)")
      }
      // The card (left) and the map buttons (right) stay off the free area.
      #expect(area.x0 >= 8 + min(260, 0.45 * width), "\(display.id): the card covers the area")
      #expect(area.x1 <= width - 54, "\(display.id): the map buttons cover the area")
    }
  }

  @Test("a display switch during the preview fits the route to the new display")
  func refitsOnDisplaySwitch() async throws {
    let app = MapApp()
    let routes = try await RoadNetwork.bundled().routeChoices(
      from: MapApp.home, to: Self.göttingen.coordinate, maximumCount: 3)
    var state = MapApp.State()
    _ = app.reduce(&state, .connected(isDark: false, display: .minimum))
    _ = app.reduce(&state, .routesFound(Self.göttingen, routes))
    let small = state.camera
    _ = app.reduce(&state, .styleChanged(isDark: false, display: .hd))
    #expect(state.camera != small)
    let box = try #require(routes.first?.polyline.boundingBox)
    #expect(state.camera == MapCameraFit.fittingPreview(box, display: .hd))
  }
}
