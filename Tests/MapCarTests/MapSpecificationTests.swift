import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Testing

@testable import MapCar

/// Wayside Maps' flows as specifications: each step states how the state changes and exactly
/// which operations the host receives (``CarAppTester``, exhaustive).
@MainActor
@Suite("Map app: flows step by step")
struct MapSpecificationTests {
  @Test("connecting at night shows the map, notes the time and shares the night colours")
  func connectAtNight() async {
    let service = NavigationService()
    let tester = CarAppTester(app: MapApp(service: service), state: MapApp.State())
    await tester.connect(
      SessionConfiguration(contentStyle: .dark), operations: ["setRoot CPMapTemplate 'map'"]
    ) {
      $0.isDark = true
      $0.sharedRevision = 1
    }
    tester.receive(.resumed(now: .zero))
    #expect(service.shared.isDark)
    await tester.finish()
  }

  @Test(
    "zoom from the bar redraws the car window only (one camera: no template update), pan mode with its own zoom button, and Done"
  )
  func zoomAndPan() async throws {
    let tester = CarAppTester(app: MapApp(service: NavigationService()), state: MapApp.State())
    await tester.connect(operations: ["setRoot CPMapTemplate 'map'"])
    tester.receive(.resumed(now: .zero))
    let camera = tester.currentState.camera
    #expect(tester.host.windowContent?.zoom == camera.zoom)
    await tester.drive({ try $0.press("zoom-in") }, operations: []) {
      $0.camera = camera.zoomed(by: 1)
    }
    #expect(tester.host.windowContent?.zoom == camera.zoomed(by: 1).zoom)
    #expect(tester.host.windowContent?.center == camera.center)
    await tester.drive({ try $0.press("pan") }, operations: ["update CPMapTemplate 'map'"]) {
      $0.isPanning = true
      $0.isFollowing = false
    }
    await tester.drive({ try $0.press("map-zoom-in") }, operations: []) {
      $0.camera = camera.zoomed(by: 1).zoomed(by: 1)
    }
    #expect(tester.host.windowContent?.zoom == camera.zoomed(by: 1).zoomed(by: 1).zoom)
    await tester.drive({ try $0.press("done") }, operations: ["update CPMapTemplate 'map'"]) {
      $0.isPanning = false
    }
    await tester.finish()
  }

  @Test("Go to pushes the destinations list, Search pushes search, back pops both")
  func destinationsAndBack() async throws {
    let tester = CarAppTester(
      app: MapApp(service: NavigationService(), destinations: { try DestinationIndex.bundled() }),
      state: MapApp.State())
    await tester.connect(operations: ["setRoot CPMapTemplate 'map'"])
    tester.receive(.resumed(now: .zero))
    await tester.drive(
      { try $0.press("destinations") },
      operations: ["push CPListTemplate 'destinations'", "update CPListTemplate 'destinations'"]
    ) {
      $0.pushed = [.destinations]
    }
    // Go to offers the places nearest the car before search (issue 23, item 11).
    let nearby = try DestinationIndex.bundled().nearby(MapApp.home, limit: MapApp.nearbyCount)
    tester.receive(.nearbyLoaded(nearby)) { $0.nearby = nearby }
    await tester.drive(
      { _ = try $0.tapRow("search") }, operations: ["push CPSearchTemplate 'search'"]
    ) {
      $0.pushed = [.destinations, .search]
    }
    await tester.drive({ try $0.back() }) { $0.pushed = [.destinations] }
    await tester.drive({ try $0.back() }) { $0.pushed = [] }
    await tester.finish()
  }
}
