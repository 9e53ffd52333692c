import CarSession
import Charging
import Geo
import Testing
import TripPlanner

@testable import ChargingCar

/// Each of the charging app's features alone (its own state and actions), and how the app
/// composes them (Guides/ChargingApp.md, "Features").
@Suite("Charging app: features")
struct ChargingFeatureTests {
  static let services = ChargingServices.bundled(
    driver: .memory(DriverSetupBox()), now: { priceDate })

  static func sites() throws -> [PricedSite] {
    try Fixture.kassel().sites(
      SiteQuery(center: ChargingApp.kasselCentre, region: nil, filter: ChargeFilter(), limit: 4),
      setup: DriverSetup(), start: priceDate)
  }

  static let bremen = TripDestination(
    name: "Bremen", coordinate: Coordinate(latitude: 53.08, longitude: 8.8))

  // MARK: Charge

  @Test("Charge: an answer to an older load is dropped, the newest shows and arms the refresh")
  func chargeDropsOlderAnswers() throws {
    let sites = try Self.sites()
    let charge = ChargeFeature(services: Self.services)
    var state = ChargeFeature.State(connected: true)
    _ = charge.reduce(&state, .refresh)
    _ = charge.reduce(&state, .refresh)
    #expect(state.request == 2)
    let old = charge.reduce(
      &state, .loaded(request: 1, center: ChargingApp.kasselCentre, sites))
    #expect(old.isEmpty)
    #expect(state.places == .loading)
    let new = charge.reduce(
      &state, .loaded(request: 2, center: ChargingApp.kasselCentre, sites))
    #expect(new.count == 1)
    #expect(state.places == .loaded(sites))
    #expect(state.loadedCenter == ChargingApp.kasselCentre)
  }

  @Test("Charge: Details and Filters are one pushed screen; back pops it")
  func chargeDestination() throws {
    let sites = try Self.sites()
    let charge = ChargeFeature(services: Self.services)
    var state = ChargeFeature.State(places: .loaded(sites), connected: true)
    _ = charge.reduce(&state, .select(sites[1].id))
    _ = charge.reduce(&state, .showDetails(nil))
    #expect(state.destination == .details(sites[1]))
    #expect(state.selected == sites[1].id)
    _ = charge.reduce(&state, .showFilters)
    #expect(state.destination == .filters)
    _ = charge.reduce(&state, .back)
    #expect(state.destination == nil)
    #expect(charge.reduce(&state, .showDetails(Station.ID("nowhere"))).isEmpty)
    #expect(state.destination == nil, "an unknown site pushes nothing")
  }

  @Test("Charge: a move within 2 km of the loaded centre does not load; farther it does")
  func chargeRefreshDistance() throws {
    let charge = ChargeFeature(services: Self.services)
    var state = ChargeFeature.State(
      loadedCenter: ChargingApp.kasselCentre, places: .loaded([]), connected: true)
    let near = Coordinate(latitude: 51.32, longitude: 9.48)
    #expect(charge.reduce(&state, .moved(near)).isEmpty)
    #expect(state.car == near && state.carKnown)
    #expect(state.request == 0)
    let far = Coordinate(latitude: 51.40, longitude: 9.60)
    #expect(!charge.reduce(&state, .moved(far)).isEmpty)
    #expect(state.request == 1)
  }

  @Test("Charge: a region wider than 150 km shows the zoomed-out state instead of a load")
  func chargeZoomedOut() {
    let charge = ChargeFeature(services: Self.services)
    var state = ChargeFeature.State(places: .loaded([]), selected: "x", connected: true)
    _ = charge.reduce(
      &state,
      .regionChanged(
        BoundingBox(
          minimum: Coordinate(latitude: 50, longitude: 8),
          maximum: Coordinate(latitude: 52, longitude: 11))))
    _ = charge.reduce(&state, .regionSettled)
    #expect(state.places == .zoomedOutTooFar)
    #expect(state.selected == nil)
  }

  // MARK: Filters, Favourites, Details

  @Test("Filters: each row flips its condition; twice is no change")
  func filtersToggle() {
    let filters = FiltersFeature()
    for row in ChargeRoute.FilterRow.allCases {
      var filter = ChargeFilter()
      _ = filters.reduce(&filter, .toggle(row))
      #expect(filter != ChargeFilter(), "\(row)")
      _ = filters.reduce(&filter, .toggle(row))
      #expect(filter == ChargeFilter(), "\(row)")
    }
  }

  @Test("Favourites: a listed favourite opens its Details, an unknown one nothing; back pops")
  func favouritesOpen() throws {
    let sites = try Self.sites()
    let favourites = FavouritesFeature(services: Self.services)
    var state = FavouritesFeature.State()
    _ = favourites.reduce(&state, .open(sites[0].id))
    #expect(state.details == nil, "nothing is listed yet")
    _ = favourites.reduce(&state, .loaded(Array(sites.prefix(2))))
    _ = favourites.reduce(&state, .open(sites[1].id))
    #expect(state.details == sites[1])
    _ = favourites.reduce(&state, .back)
    #expect(state.details == nil)
    #expect(favourites.reduce(&state, .load).count == 1)
  }

  @Test("Details: Favourite flips the site in the driver's favourites and writes it")
  func detailsToggleFavourite() throws {
    let site = try #require(try Self.sites().first)
    let details = DetailsFeature(driver: .memory(DriverSetupBox()))
    var state = DetailsFeature.State(site: site)
    #expect(details.reduce(&state, .toggleFavourite).count == 1)
    #expect(state.isFavourite)
    _ = details.reduce(&state, .toggleFavourite)
    #expect(!state.isFavourite)
    #expect(details.reduce(&state, .navigate).count == 1)
    #expect(details.reduce(&state, .delegate(.setupFailed("x"))).isEmpty)
  }

  // MARK: Route

  @Test("Route: a chosen town is planned and remembered first, at most three recent")
  func routeChoose() {
    let route = RouteFeature(services: Self.services)
    let towns = (0..<5).map {
      TripDestination(
        name: "T\($0)", coordinate: Coordinate(latitude: 52 + Double($0), longitude: 9))
    }
    var state = RouteFeature.State(cities: towns)
    for town in towns {
      #expect(route.reduce(&state, .choose(.city(town.name))).count == 1)
    }
    #expect(state.recent.map(\.name) == ["T4", "T3", "T2"])
    #expect(state.trip == .planning(towns[4]))
    #expect(route.reduce(&state, .choose(.city("Atlantis"))).isEmpty)
    _ = route.reduce(&state, .choose(.recent(2)))
    #expect(state.recent.map(\.name) == ["T2", "T4", "T3"])
    _ = route.reduce(&state, .failed(Self.bremen, "elsewhere"))
    #expect(state.trip == .planning(towns[2]), "an answer for another destination is dropped")
    _ = route.reduce(&state, .back)
    #expect(state.trip == .none)
  }

  @Test("Route: no destination, no replanning; with one, a changed setup plans again")
  func routeReplan() {
    let route = RouteFeature(services: Self.services)
    var state = RouteFeature.State()
    #expect(route.reduce(&state, .replan).isEmpty)
    state.trip = .failed(Self.bremen, "no plan")
    #expect(route.reduce(&state, .replan).count == 1)
    #expect(state.trip == .planning(Self.bremen))
  }

  // MARK: The composed app

  @Test("the app: Details are one screen — opened on Favourites, they close on Charge")
  func detailsAcrossTabs() throws {
    let sites = try Self.sites()
    let app = Fixture.app()
    var state = ChargingApp.State(places: .loaded(sites))
    state.favouriteSites = [sites[2]]
    _ = app.reduce(&state, .charge(.showDetails(sites[0].id)))
    #expect(state.details == sites[0] && state.detailsTab == .charge)
    _ = app.reduce(&state, .favourites(.open(sites[2].id)))
    #expect(state.chargeDestination == nil)
    #expect(state.details == sites[2] && state.detailsTab == .favourites)
    _ = app.reduce(&state, .charge(.showFilters))
    #expect(state.showingFilters && state.favouriteDetails == sites[2])
    _ = app.reduce(&state, .charge(.showDetails(sites[1].id)))
    #expect(state.favouriteDetails == nil && state.details == sites[1])
  }

  @Test("the app: back goes to the selected tab's feature; Siri's fast chargers pop the Charge tab only")
  func backPerTab() throws {
    let sites = try Self.sites()
    let app = Fixture.app()
    var state = ChargingApp.State(places: .loaded(sites))
    state.favouriteSites = [sites[2]]
    state.trip = .failed(Self.bremen, "no plan")
    _ = app.reduce(&state, .favourites(.open(sites[2].id)))
    _ = app.reduce(&state, .charge(.showFilters))
    state.tab = .route
    _ = app.reduce(&state, .back)
    #expect(state.trip == .none && state.showingFilters && state.favouriteDetails != nil)
    _ = app.reduce(&state, .showFastChargers)
    #expect(state.tab == .charge && !state.showingFilters && state.filter.fastOnly)
    #expect(state.favouriteDetails == sites[2])
    state.tab = .favourites
    _ = app.reduce(&state, .back)
    #expect(state.favouriteDetails == nil)
  }

  @Test("the app: Navigate on Details with none open falls back to the selected site's card")
  func navigateWithoutDetails() throws {
    let sites = try Self.sites()
    let app = Fixture.app()
    var state = ChargingApp.State(places: .loaded(sites))
    #expect(app.reduce(&state, .details(.navigate)).isEmpty)
    state.selected = sites[0].id
    #expect(app.reduce(&state, .details(.navigate)).count == 1)
  }
}
