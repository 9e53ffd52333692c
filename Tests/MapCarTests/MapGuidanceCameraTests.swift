@testable import CarRender
import CarTemplates
import Geo
import Routing
import Testing

@testable import MapCar

/// While guiding, the car is drawn where the maneuver card, the map's bar and buttons and the
/// scale bar leave the map free — never under the card (seen at 748×456: the car's arrow was
/// under "Turn sharp left onto Adolfstraße").
@Suite("Map app: the car stays clear of the maneuver card while guiding")
struct MapGuidanceCameraTests {
  @Test("following the car while guiding keeps it in the free area, on every display profile")
  func carInFreeArea() async throws {
    let app = MapApp()
    let routes = try await RoadNetwork.bundled().routeChoices(
      from: MapApp.home, to: MapRouteTests.göttingen.coordinate, maximumCount: 3)
    let drive = [
      MapApp.home, Coordinate(latitude: 51.311502, longitude: 9.485267),
      Coordinate(latitude: 51.30937, longitude: 9.5196),
    ]
    for display in DisplayProfile.all {
      var state = MapApp.State()
      _ = app.reduce(&state, .connected(isDark: false, display: display))
      _ = app.reduce(&state, .moved(MapApp.home))
      _ = app.reduce(&state, .routesFound(MapRouteTests.göttingen, routes))
      _ = app.reduce(&state, .start(routeIndex: 0))
      let (width, height) = MapCameraFit.mapSize(display)
      let area = MapCameraFit.guidanceArea(display)
      #expect(area.x0 >= 8 + 0.45 * width, "\(display.id): the card covers the area")
      for (step, position) in drive.enumerated() {
        if step > 0 { _ = app.reduce(&state, .moved(position)) }
        let view = state.camera.viewport(width: width, height: height)
        let p = view.pixel(position)
        #expect(
          p.x >= area.x0 && p.x <= area.x1 && p.y >= area.y0 && p.y <= area.y1,
          "\(display.id): the car at \(p) is outside the free area \(area) (step \(step))")
        // The renderer's own rectangles of the card, the bar and the buttons as drawn: the
        // car's arrow (about 12 points around its point) is under none of them.
        guard
          case .map(let map) = app.screen(state, SessionConfiguration(display: display)).root
            .content
        else {
          Issue.record("\(display.id): the root is not a map")
          continue
        }
        let controls = CarHTMLRenderer.mapControls(
          map, width: width, height: height, compact: CarHTMLRenderer.isCompact(display))
        for rect in controls {
          let clear =
            p.x + 12 < rect.x || p.x - 12 > rect.x + rect.width || p.y + 12 < rect.y
            || p.y - 12 > rect.y + rect.height
          #expect(clear, "\(display.id): the car at \(p) is under \(rect) (step \(step))")
        }
      }
      // Re-centre while guiding puts it back there too, after a drag moved the map away.
      _ = app.reduce(&state, .drag(200, 0))
      _ = app.reduce(&state, .recentre)
      let p = state.camera.viewport(width: width, height: height).pixel(drive[2])
      #expect(p.x >= area.x0 && p.x <= area.x1, "\(display.id): re-centred car at \(p)")
      // Without guidance the car is in the middle again.
      _ = app.reduce(&state, .endGuidance)
      _ = app.reduce(&state, .moved(drive[1]))
      let q = state.camera.viewport(width: width, height: height).pixel(drive[1])
      #expect(abs(q.x - width / 2) < 1 && abs(q.y - height / 2) < 1, "\(display.id): \(q)")
    }
  }
}
