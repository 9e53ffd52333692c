import CarSession
import Charging

/// Each feature's view of the app's state (Guides/CarSession.md, "Composing features"): what
/// the feature owns and what it shares with the others (the car's position, the driver's
/// setup, the filter, the connection), read and written back as one value by
/// `CarFeature.scope`.
extension ChargingApp.State {
  /// The Charge tab's state.
  public var chargeTab: ChargeFeature.State {
    get {
      ChargeFeature.State(
        car: car, carKnown: carKnown, region: region, loadedCenter: loadedCenter,
        places: places, request: request, selected: selected, destination: chargeDestination,
        filter: filter, setup: setup, connected: connected, freeStations: freeStationsNow)
    }
    set {
      car = newValue.car
      carKnown = newValue.carKnown
      region = newValue.region
      loadedCenter = newValue.loadedCenter
      places = newValue.places
      request = newValue.request
      selected = newValue.selected
      chargeDestination = newValue.destination
    }
  }

  /// The Favourites tab's state.
  public var favouritesTab: FavouritesFeature.State {
    get {
      FavouritesFeature.State(sites: favouriteSites, details: favouriteDetails, car: car, setup: setup)
    }
    set {
      favouriteSites = newValue.sites
      favouriteDetails = newValue.details
    }
  }

  /// The Route tab's state.
  public var routeTab: RouteFeature.State {
    get {
      RouteFeature.State(
        cities: cities, recent: recent, trip: trip, car: car, setup: setup, connected: connected,
        favourites: favouriteSites, unusableStations: unusableStationsNow,
        freeStations: stationsWithFreeNow, showsAllTowns: showsAllTowns, search: search)
    }
    set {
      cities = newValue.cities
      recent = newValue.recent
      trip = newValue.trip
      showsAllTowns = newValue.showsAllTowns
      search = newValue.search
    }
  }

  /// The Details that are open, on whichever tab, with the driver's favourites; nil when none
  /// is. Details are one screen: opening them on one tab closes them on the other.
  public var openDetails: DetailsFeature.State? {
    get {
      details.map { DetailsFeature.State(site: $0, favourites: setup.favourites) }
    }
    set {
      guard let newValue else {
        details = nil
        return
      }
      details = newValue.site
      setup.favourites = newValue.favourites
    }
  }

  /// The site whose Details are pushed, on the Charge or the Favourites tab (at most one is:
  /// opening Details on one tab closes them on the other). Setting a site pushes it on the tab
  /// that shows Details now, else on the Charge tab; setting nil closes Details everywhere.
  public var details: PricedSite? {
    get { chargeDestination?.site ?? favouriteDetails }
    set {
      guard let site = newValue else {
        if chargeDestination?.site != nil { chargeDestination = nil }
        favouriteDetails = nil
        return
      }
      if favouriteDetails != nil {
        favouriteDetails = site
      } else {
        chargeDestination = .details(site)
      }
    }
  }

  /// The tab whose stack the Details are pushed on (`.charge` when none are); setting it moves
  /// open Details there.
  public var detailsTab: ChargingApp.Tab {
    get { favouriteDetails != nil ? .favourites : .charge }
    set {
      guard let site = details, newValue != detailsTab else { return }
      details = nil
      if newValue == .favourites {
        favouriteDetails = site
      } else {
        chargeDestination = .details(site)
      }
    }
  }

  /// Whether the Filters list is pushed on the Charge tab; setting it pushes or pops it.
  public var showingFilters: Bool {
    get { chargeDestination == .filters }
    set {
      if newValue {
        chargeDestination = .filters
      } else if chargeDestination == .filters {
        chargeDestination = nil
      }
    }
  }
}
