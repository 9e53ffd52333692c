import CarAppTesting
import CarSession
import CarTemplates
import Charging
import Geo
import Testing

@testable import ChargingCar

/// Taps reach the charging app as ``ChargeRoute``s: every tappable element of every screen
/// decodes, the ids keep their spellings, and the reducer is pure.
@Suite("Charging app: typed routes and a pure reducer")
struct ChargingRouteTests {
  static let app = Fixture.app()

  /// States covering every screen: the Charge tab loaded and failed, Details and Filters
  /// pushed, the Favourites tab with Details, the Route tab with each kind of destination and
  /// its trip summary.
  static func states() throws -> [(String, ChargingApp.State)] {
    let sites = try Fixture.kassel().sites(
      SiteQuery(center: ChargingApp.kasselCentre, region: nil, filter: ChargeFilter(), limit: 14),
      setup: DriverSetup(), start: priceDate)
    var loaded = ChargingApp.State(places: .loaded(sites))
    loaded.loadedCenter = ChargingApp.kasselCentre
    loaded.favouriteSites = Array(sites.prefix(3))
    loaded.cities = [
      TripDestination(name: "Bremen", coordinate: Coordinate(latitude: 53.08, longitude: 8.8))
    ]
    loaded.recent = loaded.cities
    var details = loaded
    details.details = sites.first
    var filters = loaded
    filters.showingFilters = true
    var failed = loaded
    failed.places = .failed("offline", stale: sites)
    var favourites = loaded
    favourites.tab = .favourites
    var favouriteDetails = favourites
    favouriteDetails.details = sites.last
    favouriteDetails.detailsTab = .favourites
    var route = loaded
    route.tab = .route
    var trip = route
    trip.trip = .failed(loaded.cities[0], "no plan")
    return [
      ("charge", loaded), ("details", details), ("filters", filters), ("failed", failed),
      ("favourites", favourites), ("favourite details", favouriteDetails), ("route", route),
      ("trip", trip),
    ]
  }

  @Test("every tappable element of every screen decodes to a route the app offers")
  func everyElementDecodes() throws {
    let checked = CarAppChecks.expectEveryTapDecodes(
      Self.app, states: try Self.states(), configurations: [Fixture.standard])
    #expect(checked > 50)
  }

  @Test("routes keep the spellings journeys and the web page use")
  func spellings() {
    let id = Station.ID("DE-1")
    let spelled: [(ChargeRoute, String)] = [
      (.details(id), "details-DE-1"), (.navigate(id), "navigate-DE-1"), (.point(id), "DE-1"),
      (.destination(.city("Bremen")), "city-Bremen"), (.destination(.recent(0)), "recent-0"),
      (.destination(.favourite(id)), "fav-DE-1"), (.filter(.fast), "fast"),
      (.filter(.connector(.ccs)), "ccs"), (.filter(.favouritesOnly), "favourites"),
      (.filter(.knownPrice), "priced"), (.showFilters, "filters"), (.retry, "retry"),
      (.navigateFromDetails, "navigate"), (.toggleFavourite, "favourite"),
      (.startNavigation, "start-navigation"), (.continueToDestination, "continue"),
    ]
    for (route, id) in spelled { #expect(route.elementID.rawValue == id, "\(route)") }
  }

  @Test("a station id is a pin on Charge and a row on Favourites, each its own route")
  func scopedAddresses() throws {
    let state = try #require(try Self.states().first?.1)
    let table = RouteTable(Self.app.routes(state))
    let site = try #require(state.favouriteSites?.first)
    let element = ElementID(site.id.rawValue)
    #expect(table.route(at: element, in: ChargingScreens.chargeID) == .point(site.id))
    #expect(table.route(at: element, in: ChargingScreens.favouritesID) == .favourite(site.id))
    #expect(table.route(at: "favourites", in: ChargingScreens.filtersID) == .filter(.favouritesOnly))
  }

  @Test("the reducer run twice on the same state and action gives the same state and effects")
  func pure() throws {
    let states = try Self.states()
    let site = try #require(states[0].1.sites.first)
    let actions: [ChargingApp.Action] = [
      .appeared, .disappeared, .setupLoaded(DriverSetup()), .setupFailed("x"),
      .charge(.regionChanged(BoundingBox(minimum: Coordinate(latitude: 51, longitude: 9), maximum: Coordinate(latitude: 51.1, longitude: 9.1)))),
      .charge(.regionSettled), .moved(Coordinate(latitude: 51.4, longitude: 9.6)),
      .charge(.refresh), .charge(.retry), .charge(.select(site.id)), .charge(.navigate(site.id)),
      .charge(.showDetails(site.id)), .favourites(.open(site.id)), .details(.toggleFavourite),
      .details(.navigate), .back, .selectTab(1), .selectTab(2), .charge(.showFilters),
      .filters(.toggle(.fast)), .filters(.toggle(.connector(.ccs))),
      .route(.choose(.city("Bremen"))), .route(.choose(.recent(0))),
      .route(.choose(.favourite(site.id))), .route(.startNavigation),
      .route(.continueToDestination), .showFastChargers, .phoneLock(false),
    ]
    CarAppChecks.expectPureReducer(Self.app, states: states, actions: actions)
  }
}
