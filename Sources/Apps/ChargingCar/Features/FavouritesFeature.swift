import CarSession
import Charging
import Geo

/// The Favourites tab: the driver's saved sites with distance and price, and a favourite's
/// Details pushed above the list.
public struct FavouritesFeature: CarFeature {
  /// The tab's state: its list and pushed Details, and what a load reads of the app's.
  public struct State: Equatable, Sendable {
    /// The favourites with distance and price; nil until loaded.
    public var sites: [PricedSite]?
    /// The favourite whose Details are pushed on this tab.
    public var details: PricedSite?
    /// The car's position (read: the list is nearest first).
    public var car: Coordinate
    /// The driver's setup (read: which sites, priced for which tariffs).
    public var setup: DriverSetup

    /// Creates the tab's state.
    public init(
      sites: [PricedSite]? = nil, details: PricedSite? = nil,
      car: Coordinate = ChargingApp.kasselCentre, setup: DriverSetup = DriverSetup()
    ) {
      self.sites = sites
      self.details = details
      self.car = car
      self.setup = setup
    }
  }

  /// What can happen on the Favourites tab.
  public enum Action: Equatable, Sendable {
    /// Load the favourites (the tab was chosen, or the setup changed).
    case load
    /// The favourites with their prices.
    case loaded([PricedSite])
    /// Open a favourite's Details.
    case open(Station.ID)
    /// Details were popped.
    case back
  }

  /// Creates the feature; its effects find the search and the price clock in the dependency
  /// container (`clients.charging`).
  public init() {}

  /// Applies an action to the tab.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .load:
      let setup = state.setup
      let car = state.car
      return [
        .run { clients in
          let services = clients.charging
          guard let search = try? await services.search() else { return .loaded([]) }
          return .loaded(
            search.favourites(
              setup.favourites, near: car, setup: setup,
              start: ChargingApp.priceMinute(services.now()), limit: ChargingScreens.listLimit))
        }
      ]
    case .loaded(let sites):
      state.sites = sites
    case .open(let id):
      guard let site = state.sites?.first(where: { $0.id == id }) else { return [] }
      state.details = site
    case .back:
      state.details = nil
    }
    return []
  }
}
