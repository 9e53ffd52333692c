import CarRender
import CarSession
import CarTemplates
import Testing
import WaysideApps

@testable import PreviewServer

@MainActor
@Suite("Web simulator: the phone's own map beside the car")
struct PhoneMapPanelTests {
  static func controller(_ id: String) throws -> SimulatorController {
    let app = try #require(WaysideApps.named(id))
    return SimulatorController(
      apps: WaysideApps.all, app: app, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { "12:00" })
  }

  @Test("The map app's panel draws the phone's map from the shared state, with the car on it")
  func mapAppHasPhoneMap() async throws {
    let controller = try Self.controller("map")
    await controller.handle(PanelCommand(cmd: "move", value: "51.3127,9.4797"))
    let phone = try #require(controller.panel().phoneMap)
    #expect(phone.route == nil)
    #expect(phone.car?.latitude == 51.3127 && phone.car?.longitude == 9.4797)
    let renderer = CarHTMLRenderer(mapRenderer: MapSVGRenderer(basemap: try Basemap.bundled()))
    let html = PanelRenderer.render(controller.panel(), maps: renderer)
    #expect(html.contains("<h3>Phone map</h3>"))
    #expect(html.contains("class=\"phone-map\""))
    #expect(html.contains("<svg"))
    #expect(html.contains("<g class=\"car\""), "the car's position is drawn on the phone")
    // Night on the car's display reaches the phone through the shared state.
    #expect(controller.panel().phoneMap?.isDark == false)
    await controller.handle(PanelCommand(cmd: "style", value: "night"))
    #expect(controller.panel().phoneMap?.isDark == true)
  }

  @Test("Apps whose phone screen has no map show no phone map, and no renderer draws none")
  func otherAppsHaveNone() async throws {
    let controller = try Self.controller("media")
    #expect(controller.panel().phoneMap == nil)
    #expect(!PanelRenderer.render(controller.panel()).contains("Phone map"))
    let map = try Self.controller("map")
    #expect(!PanelRenderer.render(map.panel()).contains("Phone map"), "no renderer, no map")
  }
}
