import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Charging
import Foundation
import Testing
import TripPlanner

@testable import ChargingCar

/// The charging app's main flows as specifications: after connecting, each step states how the
/// state changes and exactly which operations the host receives (``CarAppTester``, exhaustive).
///
/// Connecting starts three loads at once (the places, the favourites, the towns) whose answers
/// may arrive in any order, so the connection is checked by its end state, not step by step;
/// every step after it is exhaustive.
@MainActor
@Suite("Charging app: flows step by step")
struct ChargingSpecificationTests {
  /// The app connected in Kassel with the driver's empty setup, its first loads answered.
  static func connected() async throws -> CarAppTester<ChargingApp> {
    let tester = CarAppTester(app: Fixture.app(), state: ChargingApp.State())
    tester.exhaustive = false
    await tester.connect(Fixture.standard)
    tester.exhaustive = true
    let state = tester.currentState
    #expect(state.connected)
    #expect(state.sites.count == ChargingScreens.pointLimit)
    #expect(state.favouriteSites == [])
    #expect(state.cities.count == ChargingServices.cityCount)
    return tester
  }

  /// What the Charge tab loads around Kassel for `filter`.
  static func sites(_ filter: ChargeFilter) async throws -> [PricedSite] {
    try await Fixture.germany().sites(
      SiteQuery(center: ChargingApp.kasselCentre, region: nil, filter: filter),
      setup: DriverSetup(), start: ChargingApp.priceMinute(priceDate))
  }

  /// Ends a flow: the car disconnects, every watch and timer stops.
  static func end(_ tester: CarAppTester<ChargingApp>) async {
    await tester.disconnect {
      $0.connected = false
      $0.request += 1
    }
    await tester.finish()
  }

  @Test("a pin's card, Details, Navigate hands the site to Maps, back pops Details")
  func selectDetailsNavigateBack() async throws {
    let tester = try await Self.connected()
    let site = try #require(tester.currentState.sites.first)
    await tester.tap(ChargeRoute.point(site.id), operations: []) { $0.selected = site.id }
    // The host shows the card on its own; the app follows without an operation.
    await tester.drive(
      { try $0.pressPointButton(primary: true) },
      operations: [.push(.information, TemplateID("details-\(site.id.rawValue)"))]
    ) {
      $0.chargeDestination = .details(site)
    }
    await tester.tap(ChargeRoute.navigateFromDetails, operations: []) { _ in }
    #expect(
      tester.host.openedURLs.last
        == ChargingApp.directions(to: site.site.coordinate, label: site.site.title))
    await tester.drive({ try $0.back() }, operations: []) { $0.chargeDestination = nil }
    await Self.end(tester)
  }

  @Test("Filters: pushed, a row switched on loads the Charge tab again for it, back pops it")
  func filtersToggle() async throws {
    let tester = try await Self.connected()
    let request = tester.currentState.request
    await tester.tap(ChargeRoute.showFilters, operations: [.push(.list, "filters")]) {
      $0.chargeDestination = .filters
    }
    // The title and the row change at once; the new places patch the map when they arrive.
    await tester.tap(
      ChargeRoute.filter(.fast),
      operations: [
        .update(.pointOfInterest, "charge"), .update(.list, "filters"),
        .update(.pointOfInterest, "charge"),
      ]
    ) {
      $0.filter.fastOnly = true
      $0.request = request + 1
    }
    let fast = try await Self.sites(ChargeFilter(fastOnly: true))
    tester.receive(
      .charge(.loaded(request: request + 1, center: ChargingApp.kasselCentre, fast))
    ) {
      $0.places = .loaded(fast)
    }
    await tester.drive({ try $0.back() }, operations: []) { $0.chargeDestination = nil }
    await Self.end(tester)
  }

  @Test("Route: a town is planned, its summary pushed; Start Navigation opens Maps; back")
  func routeDestination() async throws {
    let tester = try await Self.connected()
    let town = try #require(tester.currentState.cities.first)
    await tester.drive({ try $0.selectTab(2) }, operations: []) { $0.tab = .route }
    // The town joins Recent and the summary is pushed while planning; the plan patches it.
    await tester.tap(
      ChargeRoute.destination(.city(town.name)),
      operations: [
        .update(.list, "route"), .push(.information, "trip"),
        .update(.information, "trip"),
      ]
    ) {
      $0.recent = [town]
      $0.trip = .planning(town)
    }
    let summary = try await TripService.plan(
      TripRequest(
        from: ChargingApp.kasselCentre, destination: town, setup: DriverSetup(),
        departure: priceDate))
    tester.receive(.route(.planned(summary))) { $0.trip = .planned(summary) }
    await tester.tap(ChargeRoute.startNavigation, operations: []) { _ in }
    let first = summary.stops.first
    #expect(
      tester.host.openedURLs
        == [
          ChargingApp.directions(
            to: first?.coordinate ?? town.coordinate, label: first?.name ?? town.name)
        ].compactMap { $0 })
    await tester.drive({ try $0.back() }, operations: []) { $0.trip = .none }
    await Self.end(tester)
  }

  /// The flow of Journeys/charging-siri.journey: the App Shortcut sets the fast filter and shows
  /// the Charge tab from the Route tab; the Filters list switches it off again.
  @Test("Siri's 'Show fast chargers' from the Route tab: Charge tab, fast filter; Filters turns it off")
  func siriShowsFastChargers() async throws {
    let tester = try await Self.connected()
    let request = tester.currentState.request
    await tester.drive({ try $0.selectTab(2) }, operations: []) { $0.tab = .route }
    await tester.drive(
      { try $0.say("Show fast chargers in Wayside") },
      operations: [
        .update(.pointOfInterest, "charge"), .selectTab(0), .update(.pointOfInterest, "charge"),
      ]
    ) {
      $0.tab = .charge
      $0.filter.fastOnly = true
      $0.request = request + 1
    }
    let fast = try await Self.sites(ChargeFilter(fastOnly: true))
    tester.receive(
      .charge(.loaded(request: request + 1, center: ChargingApp.kasselCentre, fast))
    ) {
      $0.places = .loaded(fast)
    }
    #expect(tester.host.topTemplate?.title == "Chargers · Fast")
    await tester.tap(ChargeRoute.showFilters, operations: [.push(.list, "filters")]) {
      $0.chargeDestination = .filters
    }
    await tester.tap(
      ChargeRoute.filter(.fast),
      operations: [
        .update(.pointOfInterest, "charge"), .update(.list, "filters"),
        .update(.pointOfInterest, "charge"),
      ]
    ) {
      $0.filter.fastOnly = false
      $0.request = request + 2
    }
    let all = try await Self.sites(ChargeFilter())
    tester.receive(
      .charge(.loaded(request: request + 2, center: ChargingApp.kasselCentre, all))
    ) {
      $0.places = .loaded(all)
    }
    await tester.drive({ try $0.back() }, operations: []) { $0.chargeDestination = nil }
    #expect(tester.host.topTemplate?.title == "Chargers · All")
    await Self.end(tester)
  }
}
