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
    await tester.tap(MapRoute.zoomIn(.navigationBar), operations: []) {
      $0.camera = camera.zoomed(by: 1)
    }
    #expect(tester.host.windowContent?.zoom == camera.zoomed(by: 1).zoom)
    #expect(tester.host.windowContent?.center == camera.center)
    await tester.tap(MapRoute.pan, operations: ["update CPMapTemplate 'map'"]) {
      $0.isPanning = true
      $0.isFollowing = false
    }
    await tester.tap(MapRoute.zoomIn(.mapButton), operations: []) {
      $0.camera = camera.zoomed(by: 1).zoomed(by: 1)
    }
    #expect(tester.host.windowContent?.zoom == camera.zoomed(by: 1).zoomed(by: 1).zoom)
    await tester.tap(MapRoute.donePanning, operations: ["update CPMapTemplate 'map'"]) {
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
    await tester.tap(
      MapRoute.destinations,
      operations: ["push CPListTemplate 'destinations'", "update CPListTemplate 'destinations'"]
    ) {
      $0.pushed = [.destinations]
    }
    // Go to offers the places nearest the car before search (issue 23, item 11).
    let nearby = try DestinationIndex.bundled().nearby(MapApp.home, limit: MapApp.nearbyCount)
    tester.receive(.nearbyLoaded(nearby)) { $0.nearby = nearby }
    await tester.tap(
      MapRoute.search, operations: ["push CPSearchTemplate 'search'"]
    ) {
      $0.pushed = [.destinations, .search]
    }
    await tester.drive({ try $0.back() }) { $0.pushed = [.destinations] }
    await tester.drive({ try $0.back() }) { $0.pushed = [] }
    await tester.finish()
  }

  /// The flow of Journeys/several-cars-map.journey's first steps, in two cars on one clock:
  /// the second car connects while the first runs, and each step of either car states its
  /// own state change and exactly its own operations; neither car hears the other's service.
  @Test("two map cars on one clock: each connects and opens Go to exactly as alone")
  func twoCarsOnOneClock() async throws {
    let clock = ManualClock()
    let services = [NavigationService(), NavigationService()]
    let testers = services.map { service in
      CarAppTester(
        app: MapApp(service: service, destinations: { try DestinationIndex.bundled() }),
        state: MapApp.State(), clock: clock)
    }
    let nearby = try DestinationIndex.bundled().nearby(MapApp.home, limit: MapApp.nearbyCount)
    for (index, tester) in testers.enumerated() {
      let style: SessionConfiguration =
        index == 0 ? SessionConfiguration() : SessionConfiguration(contentStyle: .dark)
      await tester.connect(style, operations: ["setRoot CPMapTemplate 'map'"]) {
        if index == 1 {
          $0.isDark = true
          $0.sharedRevision = 1
        }
      }
      tester.receive(.resumed(now: .zero))
    }
    #expect(!services[0].shared.isDark && services[1].shared.isDark)
    for tester in testers {
      await tester.tap(
        MapRoute.destinations,
        operations: ["push CPListTemplate 'destinations'", "update CPListTemplate 'destinations'"]
      ) {
        $0.pushed = [.destinations]
      }
      tester.receive(.nearbyLoaded(nearby)) { $0.nearby = nearby }
    }
    for tester in testers {
      await tester.tap(MapRoute.search, operations: ["push CPSearchTemplate 'search'"]) {
        $0.pushed = [.destinations, .search]
      }
      await tester.finish()
    }
  }

  /// A tap names the app's route; a route the car does not show where it belongs fails the
  /// step, naming the route and where it belongs, and nothing is tapped.
  @Test("a typed tap on a route the car does not show fails, naming the route")
  func tapOffScreenRoute() async {
    let tester = CarAppTester(app: MapApp(service: NavigationService()), state: MapApp.State())
    await tester.connect(operations: ["setRoot CPMapTemplate 'map'"])
    tester.receive(.resumed(now: .zero))
    await withKnownIssue {
      await tester.tap(MapRoute.search)
    } matching: { "\($0)".contains("belongs to template 'destinations'") }
    await withKnownIssue {
      await tester.tap(MapRoute.endGuidance)
    } matching: { "\($0)".contains("is not on the car's screen") }
    await tester.finish()
  }
}
