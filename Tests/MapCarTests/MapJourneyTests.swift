import CarSession
import CarSimulator
import CarTemplates
import Foundation
import Testing
import Routing
import WaysideApps

@testable import MapCar

let journeys = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Journeys")

@MainActor
func run(_ text: String, name: String) async throws -> JourneyReport {
  await JourneyRunner.run(try Journey.parse(text, name: name), apps: { WaysideApps.named($0) })
}

@MainActor
@Suite("Map app journeys and rules")
struct MapJourneyTests {
  @Test(
    "the map journeys pass",
    arguments: [
      "map-camera.journey", "map-guidance.journey", "map-streets.journey",
      "map-system-events.journey",
    ])
  func journeysPass(_ file: String) async throws {
    let text = try String(contentsOf: journeys.appendingPathComponent(file), encoding: .utf8)
    let report = try await run(text, name: file)
    #expect(report.failure == nil, "\(report.failure?.description ?? "")\n\(report.transcript)")
  }

  @Test("guidance survives a short disconnect and ends after the grace period")
  func reconnectGrace() async throws {
    let start = """
      app map
      connect
      location 51.3127,9.4797
      press destinations
      tap row search
      type "Göttingen"
      tap row place-Göttingen
      start route route-1
      expect text contains "Trip"
      disconnect
      """
    let short = try await run(
      start + "\nwait 30s\nreconnect\nexpect text contains \"Trip\"\n", name: "short")
    #expect(short.failure == nil, "\(short.failure?.description ?? "")")
    let long = try await run(
      start + "\nwait 200s\nreconnect\nexpect text lacks \"Trip\"\n", name: "long")
    #expect(long.failure == nil, "\(long.failure?.description ?? "")")
  }

  @Test(
    "when the car starts limiting the keyboard, the app leaves the search for its list and no typing reaches it"
  )
  func keyboardLimited() async throws {
    let start = """
      app map
      connect
      location 51.3127,9.4797
      press destinations
      tap row search
      type "Kas"
      config limited=keyboard
      """
    // The app offers its destinations list instead of a keyboard the driver cannot use
    // (rule CP051), so nothing is left to type into.
    let refused = try await run(start + "\ntype \"Kassel\"\n", name: "limited")
    #expect(refused.failure?.description.contains("not a search") == true)
    let lifted = try await run(
      start
        + "\nconfig limited=none\ntap row search\ntype \"Kassel\"\nexpect text contains \"Kassel\"\n",
      name: "lifted")
    #expect(lifted.failure == nil, "\(lifted.failure?.description ?? "")")
  }

  @Test("a charging-category app is refused the map template and the window")
  func chargingAppRefused() async throws {
    let host = CarSimulator(entitlements: .single(.evCharging))
    host.connect(SessionConfiguration())
    #expect(!host.hasWindow)
    host.drawWindow(CarWindowSpec(center: MapApp.home, zoom: 12))
    #expect(host.windowContent == nil)
    #expect(
      host.transcript.entries.contains {
        if case .diagnostic(let d) = $0 { d.ruleID == Diagnostic.windowRefusedID } else { false }
      })
    #expect(throws: CarPlayException.self) {
      _ = try host.perform(
        .setRoot(
          .map("map", MapTemplateSpec(viewport: MapViewportSpec(center: MapApp.home, zoom: 12)))))
    }
    // A navigation app gets the window and its content.
    let nav = CarSimulator(entitlements: .single(.navigation))
    nav.connect(SessionConfiguration())
    #expect(nav.hasWindow)
    nav.drawWindow(CarWindowSpec(center: MapApp.home, zoom: 12))
    #expect(nav.windowContent?.zoom == 12)
  }

  @Test("the buttons stay within the map template's limits in every mode")
  func buttonLimits() {
    for panning in [false, true] {
      for guiding in [false, true] {
        let bar = MapControls.bar(isPanning: panning, isGuiding: guiding)
        #expect(bar.leading.map(\.id) == ["zoom-in", "zoom-out"])
        #expect(bar.trailing.count <= 2)
        #expect(bar.trailing.contains { $0.id == "done" } == panning)
        let buttons = MapControls.mapButtons(isPanning: panning, isFollowing: false)
        #expect(buttons.count <= (panning ? 2 : 4))
      }
    }
    // While panning the app's third wish (zoom out) is dropped from the end, as the host does.
    #expect(
      MapControls.mapButtons(isPanning: true, isFollowing: false).map(\.id) == [
        "recentre", "map-zoom-in",
      ])
    #expect(
      MapControls.mapButtons(isPanning: false, isFollowing: true).map(\.id) == ["pan", "recentre"])
  }

  /// Routes from Kassel to Göttingen on the bundled network, previewed in the app.
  static func previewGöttingen(_ app: MapApp, _ state: inout MapApp.State) async throws -> [Route] {
    let network = try await RoadNetwork.bundled()
    let destination = Destination(
      id: "x", name: "Göttingen", detail: "",
      coordinate: .init(latitude: 51.5339, longitude: 9.9356))
    let routes = try network.routeChoices(from: MapApp.home, to: destination.coordinate)
    _ = app.reduce(&state, .routesFound(destination, routes))
    return routes
  }

  @Test("the phone's map shows the route the car guides, from what the state shares alone")
  func phoneSharesState() async throws {
    let service = NavigationService()
    let app = MapApp(service: service)
    var state = MapApp.State()
    _ = app.reduce(&state, .moved(MapApp.home))
    var shared = NavigationService.Shared(state)
    #expect(shared.location == MapApp.home)
    #expect(PhoneMap.viewport(shared, width: 390, height: 844).route == nil)
    let routes = try await Self.previewGöttingen(app, &state)
    _ = app.reduce(&state, .start(routeIndex: 0))
    shared = NavigationService.Shared(state)
    #expect(shared.activeRoute == routes[0].polyline)
    #expect(PhoneMap.viewport(shared, width: 390, height: 844).route == routes[0].polyline)
    // The phone's map content: the route with its destination marked and the car drawn.
    let phone = try #require(app.phoneMap(state, width: 260, height: 340))
    #expect(phone.route == routes[0].polyline)
    #expect(phone.car == MapApp.home)
    #expect(phone.markers.map(\.title) == ["Göttingen"])
    #expect(phone.markers.first?.location == routes[0].polyline.coordinates.last)
    _ = app.reduce(&state, .endGuidance)
    #expect(NavigationService.Shared(state).activeRoute == nil)
    let idle = try #require(app.phoneMap(state, width: 260, height: 340))
    #expect(idle.route == nil && idle.markers.isEmpty)
    #expect(idle.center == MapApp.home && idle.zoom == 13)
    // The reducer itself wrote nothing: the service changes only through the effects.
    #expect(service.shared == NavigationService.Shared())
  }

  @Test("guidance hands the car numeric travel estimates that agree with the text it shows")
  func numericEstimates() async throws {
    let app = MapApp()
    var state = MapApp.State()
    _ = app.reduce(&state, .moved(MapApp.home))
    let routes = try await Self.previewGöttingen(app, &state)
    func mapSpec() -> MapTemplateSpec? {
      if case .map(let map) = app.screen(state, SessionConfiguration()).root.content {
        map
      } else {
        nil
      }
    }
    let preview = try #require(mapSpec()?.tripPreviews.first?.routeChoices)
    #expect(preview.count == routes.prefix(3).count)
    for (choice, route) in zip(preview, routes) {
      let estimate = try #require(choice.estimate)
      #expect(abs(estimate.metres - route.lengthKilometres * 1000) < 0.5)
      #expect(estimate.seconds == route.durationSeconds)
    }
    _ = app.reduce(&state, .start(routeIndex: 0))
    let session = try #require(mapSpec()?.navigationSession)
    let trip = try #require(session.tripEstimate)
    #expect(trip.metres > 1000 && trip.seconds > 60)
    #expect(
      session.tripEstimates
        == TravelEstimates(
          kilometresRemaining: trip.metres / 1000, secondsRemaining: trip.seconds
        ).text)
    let next = try #require(session.upcomingManeuvers.first)
    let toNext = try #require(next.estimate)
    #expect(toNext.metres <= trip.metres && toNext.seconds <= trip.seconds)
    #expect(next.distance == Guidance.distanceText(toNext.metres / 1000))
    if session.upcomingManeuvers.count > 1, let after = session.upcomingManeuvers[1].estimate {
      #expect(after.metres >= toNext.metres, "the second maneuver lies beyond the first")
    }
  }

  @Test("a remaining estimate is never negative or not a number")
  func estimateClamps() {
    #expect(
      TravelEstimateSpec(metres: -5, seconds: .nan) == TravelEstimateSpec(metres: 0, seconds: 0))
    #expect(TravelEstimateSpec(metres: 12.5, seconds: 3).metres == 12.5)
  }
}

/// Search suggests Kassel's streets as the driver types.
@Suite("Map destinations: streets while typing")
struct StreetSearchTests {
  @Test("typing \"Wilhelmsh\" suggests Wilhelmshöher Allee; a street's point lies on it")
  func wilhelmshoeherAllee() throws {
    let index = try DestinationIndex.bundled()
    let found = index.search("Wilhelmsh")
    #expect(found.contains { $0.name == "Wilhelmshöher Allee" }, "\(found.map(\.name))")
    let street = try #require(found.first { $0.name == "Wilhelmshöher Allee" })
    #expect(street.detail == "Street in Kassel")
    #expect(RoadNetwork.kasselBounds.contains(street.coordinate))
  }
}
