import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Routing
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
      SessionConfiguration(contentStyle: .dark), operations: [.setRoot(.map, "map")]
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
    let tester = CarAppTester(app: MapApp(), state: MapApp.State())
    await tester.connect(operations: [.setRoot(.map, "map")])
    tester.receive(.resumed(now: .zero))
    let camera = tester.currentState.camera
    #expect(tester.host.windowContent?.zoom == camera.zoom)
    await tester.tap(MapRoute.zoomIn(.navigationBar), operations: []) {
      $0.camera = camera.zoomed(by: 1)
    }
    #expect(tester.host.windowContent?.zoom == camera.zoomed(by: 1).zoom)
    #expect(tester.host.windowContent?.center == camera.center)
    await tester.tap(MapRoute.pan, operations: [.update(.map, "map")]) {
      $0.isPanning = true
      $0.isFollowing = false
    }
    await tester.tap(MapRoute.zoomIn(.mapButton), operations: []) {
      $0.camera = camera.zoomed(by: 1).zoomed(by: 1)
    }
    #expect(tester.host.windowContent?.zoom == camera.zoomed(by: 1).zoomed(by: 1).zoom)
    await tester.tap(MapRoute.donePanning, operations: [.update(.map, "map")]) {
      $0.isPanning = false
    }
    await tester.finish()
  }

  @Test("Go to pushes the destinations list, Search pushes search, back pops both")
  func destinationsAndBack() async throws {
    let tester = CarAppTester(
      app: MapApp(service: NavigationService(), destinations: { try DestinationIndex.bundled() }),
      state: MapApp.State())
    await tester.connect(operations: [.setRoot(.map, "map")])
    tester.receive(.resumed(now: .zero))
    await tester.tap(
      MapRoute.destinations,
      operations: [.push(.list, "destinations"), .update(.list, "destinations")]
    ) {
      $0.pushed = [.destinations]
    }
    // Go to offers the places nearest the car before search (issue 23, item 11).
    let nearby = try DestinationIndex.bundled().nearby(MapApp.home, limit: MapApp.nearbyCount)
    tester.receive(.nearbyLoaded(nearby)) { $0.nearby = nearby }
    await tester.tap(
      MapRoute.search, operations: [.push(.search, "search")]
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
      await tester.connect(style, operations: [.setRoot(.map, "map")]) {
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
        operations: [.push(.list, "destinations"), .update(.list, "destinations")]
      ) {
        $0.pushed = [.destinations]
      }
      tester.receive(.nearbyLoaded(nearby)) { $0.nearby = nearby }
    }
    for tester in testers {
      await tester.tap(MapRoute.search, operations: [.push(.search, "search")]) {
        $0.pushed = [.destinations, .search]
      }
      await tester.finish()
    }
  }

  /// A tap names the app's route; a route the car does not show where it belongs fails the
  /// step, naming the route and where it belongs, and nothing is tapped.
  @Test("a typed tap on a route the car does not show fails, naming the route")
  func tapOffScreenRoute() async {
    let tester = CarAppTester(app: MapApp(), state: MapApp.State())
    await tester.connect(operations: [.setRoot(.map, "map")])
    tester.receive(.resumed(now: .zero))
    await withKnownIssue {
      await tester.tap(MapRoute.search)
    } matching: { "\($0)".contains("belongs to template 'destinations'") }
    await withKnownIssue {
      await tester.tap(MapRoute.endGuidance)
    } matching: { "\($0)".contains("is not on the car's screen") }
    await tester.finish()
  }

  /// The flow of Journeys/several-cars-map.journey's car: the phone reports Kassel, Go to,
  /// Search, "Götting", Göttingen chosen (its route choices previewed), the fastest started.
  @Test("Go to, search, choose Göttingen, start the fastest route: every step exact")
  func searchChooseStart() async throws {
    let network = try await RoadNetwork.bundledWithStreets()
    let index = try DestinationIndex.bundled()
    let tester = CarAppTester(
      app: MapApp(
        service: NavigationService(), network: { network }, destinations: { index },
        timeOfDay: { 12 * 3600 }),
      state: MapApp.State())
    await tester.connect(operations: [.setRoot(.map, "map")])
    tester.receive(.resumed(now: .zero))
    // The phone's position reaches the car; the phone's map shares it.
    await tester.drive({ $0.moveTo(MapApp.home) }, operations: []) {
      $0.car = MapApp.home
      $0.sharedRevision = 1
    }
    let nearby = index.nearby(MapApp.home, limit: MapApp.nearbyCount)
    await tester.tap(
      MapRoute.destinations,
      operations: [.push(.list, "destinations"), .update(.list, "destinations")]
    ) {
      $0.pushed = [.destinations]
    }
    tester.receive(.nearbyLoaded(nearby)) { $0.nearby = nearby }
    await tester.tap(MapRoute.search, operations: [.push(.search, "search")]) {
      $0.pushed = [.destinations, .search]
    }
    // The text, then its results (the search answers at once): two updates of the search.
    let found = index.search("Götting")
    await tester.drive(
      { try $0.typeSearch("Götting") },
      operations: [.update(.search, "search"), .update(.search, "search")]
    ) {
      $0.query = "Götting"
    }
    tester.receive(.results("Götting", found)) { $0.results = found }
    // Choosing Göttingen pops to the map, remembers it, and previews its route choices.
    let göttingen = try #require(found.first { $0.name == "Göttingen" })
    await tester.tap(
      MapRoute.destination(göttingen.id), operations: [.popToRoot, .update(.map, "map")]
    ) {
      $0.pushed = []
      $0.recents = [göttingen]
    }
    let routes = try network.streetRouteChoices(
      from: MapApp.home, heading: nil, to: göttingen.coordinate, maximumCount: 3)
    let box = try #require(routes.first?.polyline.boundingBox)
    tester.receive(.routesFound(göttingen, routes)) {
      $0.preview = MapApp.Preview(destination: göttingen, routes: Array(routes.prefix(3)))
      $0.camera = MapCameraFit.fittingPreview(box, display: $0.display)
      $0.isFollowing = false
    }
    // Start: guidance on the fastest, the camera back on the car; the clock and the time of
    // day are read for the arrival time, and the guidance tick is scheduled.
    await tester.tap(
      MapRoute.startRoute(0),
      operations: [.update(.map, "map"), .update(.map, "map")]
    ) {
      $0.guidance = Guidance(route: routes[0], destinationName: "Göttingen")
      $0.tripDestination = göttingen
      $0.preview = nil
      $0.isFollowing = true
      // On the car, clear of the maneuver card.
      $0.camera = MapCameraFit.followingWhileGuiding(
        MapApp.home, camera: MapCamera(center: MapApp.home, zoom: MapApp.followZoom),
        display: $0.display)
      $0.sharedRevision = 2
    }
    tester.receive(.timeOfDayRead(secondsSinceMidnight: 12 * 3600, at: .zero)) {
      $0.dayOffset = 12 * 3600
    }
    await tester.disconnect { $0.disconnectedAt = .zero }
    await tester.finish()
  }

  /// Each key the flow above touches, its service deleted from the app in turn: the flow fails
  /// naming that key, and no other issue is recorded.
  @Test(
    "a deleted override fails the flow naming its key",
    arguments: ["NavigationServiceKey", "RoadNetworkKey", "DestinationIndexKey", "TimeOfDayKey"])
  func deletedOverrideFails(_ deleted: String) async throws {
    let network = try await RoadNetwork.bundledWithStreets()
    let index = try DestinationIndex.bundled()
    let roads: @Sendable () async throws -> RoadNetwork = { network }
    let places: @Sendable () throws -> DestinationIndex = { index }
    let noon: @Sendable () -> Double = { 12 * 3600 }
    let app = MapApp(
      service: deleted == "NavigationServiceKey" ? nil : NavigationService(),
      network: deleted == "RoadNetworkKey" ? nil : roads,
      destinations: deleted == "DestinationIndexKey" ? nil : places,
      timeOfDay: deleted == "TimeOfDayKey" ? nil : noon)
    let göttingen = try #require(index.search("Götting").first { $0.name == "Göttingen" })
    await withKnownIssue {
      let tester = CarAppTester(app: app, state: MapApp.State())
      tester.exhaustive = false
      await tester.connect()
      await tester.drive({ $0.moveTo(MapApp.home) })
      await tester.tap(MapRoute.destinations)
      await tester.tap(MapRoute.search)
      await tester.drive({ try $0.typeSearch("Götting") })
      await tester.tap(MapRoute.destination(göttingen.id))
      await tester.tap(MapRoute.startRoute(0))
      await tester.disconnect()
    } matching: { issue in
      "\(issue)".contains("\(deleted) has no test value")
    }
  }
}
