import CarAppTesting
import CarSession
import CarTemplates
import Geo
import Routing
import Testing

@testable import MapCar

/// Taps reach Wayside Maps as ``MapRoute``s; the reducer is pure, and what the phone shares
/// is published by an effect.
@Suite("Map app: typed routes and a pure reducer")
struct MapRouteTests {
  static let göttingen = Destination(
    id: "place-Göttingen", name: "Göttingen", detail: "Town",
    coordinate: Coordinate(latitude: 51.5339, longitude: 9.9356))

  /// The map following, panning, with the destinations list and search pushed, previewing
  /// routes and guiding.
  static func states() async throws -> [(String, MapApp.State)] {
    let app = MapApp()
    var following = MapApp.State()
    _ = app.reduce(&following, .moved(MapApp.home))
    var panning = following
    panning.isPanning = true
    var search = following
    search.pushed = [.destinations, .search]
    search.recents = [göttingen]
    search.results = [göttingen, Destination(id: "street-x", name: "X", detail: "", coordinate: MapApp.home)]
    var preview = following
    let routes = try await RoadNetwork.bundled().routeChoices(
      from: MapApp.home, to: göttingen.coordinate, maximumCount: 3)
    _ = app.reduce(&preview, .routesFound(göttingen, routes))
    var guiding = preview
    _ = app.reduce(&guiding, .start(routeIndex: 0))
    return [
      ("following", following), ("panning", panning), ("search", search), ("preview", preview),
      ("guiding", guiding),
    ]
  }

  @Test("every tappable element of every screen decodes to a route the app offers")
  func everyElementDecodes() async throws {
    let checked = CarAppChecks.expectEveryTapDecodes(MapApp(), states: try await Self.states())
    #expect(checked > 20)
  }

  @Test("both zoom buttons keep their ids and mean the same zoom")
  func zoomSpellings() {
    let app = MapApp()
    let state = MapApp.State()
    #expect(MapRoute.zoomIn(.navigationBar).elementID == "zoom-in")
    #expect(MapRoute.zoomIn(.mapButton).elementID == "map-zoom-in")
    #expect(MapRoute.zoomOut(.mapButton).elementID == "map-zoom-out")
    #expect(MapRoute.startRoute(0).elementID == "route-1")
    for route in [MapRoute.zoomIn(.navigationBar), .zoomIn(.mapButton)] {
      guard case .zoom(1) = app.action(for: route, in: state) else {
        Issue.record("\(route) does not zoom in")
        continue
      }
    }
  }

  @Test("the reducer run twice on the same state and action gives the same state and effects, and writes no shared service")
  func pure() async throws {
    let service = NavigationService()
    let app = MapApp(service: service)
    let actions: [MapApp.Action] = [
      .connected(isDark: true), .styleChanged(isDark: false), .disconnected,
      .resumed(now: .seconds(500)), .tick, .zoom(1), .startPanning, .donePanning, .pan(.left),
      .drag(10, -4), .recentre, .moved(Coordinate(latitude: 51.32, longitude: 9.49)),
      .openDestinations, .openSearch, .popped("search"), .searchChanged("Gött"),
      .choose(Self.göttingen.id), .start(routeIndex: 0), .start(routeIndex: 5), .endGuidance,
    ]
    CarAppChecks.expectPureReducer(app, states: try await Self.states(), actions: actions)
    #expect(service.shared == NavigationService.Shared())
  }
}
