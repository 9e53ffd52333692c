import CarSession
import Charging
import Foundation
import Geo

/// The Charge tab: the sites around the car or in the driver's region, the rules that load
/// them again (distance, region, period), the selected pin, and what is pushed above the map —
/// a site's Details or the Filters list (Guides/ChargingApp.md, "Refresh rules").
public struct ChargeFeature: CarFeature {
  /// What is pushed above the map: one screen at a time, so the tab's stack is never in doubt.
  public enum Destination: Equatable, Sendable {
    /// A site's Details.
    case details(PricedSite)
    /// The Filters list.
    case filters

    /// The site of Details; nil for the Filters list.
    public var site: PricedSite? {
      if case .details(let site) = self { site } else { nil }
    }
  }

  /// The tab's state: its own (places, loads, selection, what is pushed) and what it reads or
  /// moves of the app's (the car's position, the filter, the driver's setup, the connection).
  public struct State: Equatable, Sendable {
    /// The car's last known position (shared: the other tabs measure from it too).
    public var car: Coordinate
    /// Whether ``car`` is a position the car reported.
    public var carKnown: Bool
    /// The region the driver panned or zoomed to; nil while the map follows the car.
    public var region: BoundingBox?
    /// Where the shown places were loaded around.
    public var loadedCenter: Coordinate?
    /// The tab's content.
    public var places: ChargingApp.Places
    /// The number of the latest load; older answers are dropped.
    public var request: Int
    /// The selected site (its card is open).
    public var selected: Station.ID?
    /// What is pushed above the map.
    public var destination: Destination?
    /// The driver's filter (read; the Filters feature changes it).
    public var filter: ChargeFilter
    /// The driver's setup (read: a load prices for it).
    public var setup: DriverSetup
    /// Whether the car is connected (read).
    public var connected: Bool
    /// With "free now" on, the register rows with a fresh free charge point (read: a load keeps
    /// only their sites); nil otherwise.
    public var freeStations: Set<Station.ID>?

    /// Creates the tab's state.
    public init(
      car: Coordinate = ChargingApp.kasselCentre, carKnown: Bool = false,
      region: BoundingBox? = nil, loadedCenter: Coordinate? = nil,
      places: ChargingApp.Places = .loading, request: Int = 0, selected: Station.ID? = nil,
      destination: Destination? = nil, filter: ChargeFilter = ChargeFilter(),
      setup: DriverSetup = DriverSetup(), connected: Bool = false,
      freeStations: Set<Station.ID>? = nil
    ) {
      self.car = car
      self.carKnown = carKnown
      self.region = region
      self.loadedCenter = loadedCenter
      self.places = places
      self.request = request
      self.selected = selected
      self.destination = destination
      self.filter = filter
      self.setup = setup
      self.connected = connected
      self.freeStations = freeStations
    }

    /// The sites on the map (the stale ones after a failure).
    public var sites: [PricedSite] {
      switch places {
      case .loaded(let sites), .failed(_, let sites): sites
      case .loading, .zoomedOutTooFar: []
      }
    }

    /// The site whose Details are pushed on this tab.
    public var details: PricedSite? { destination?.site }
  }

  /// What can happen on the Charge tab.
  public enum Action: Equatable, Sendable {
    /// The car connected again: the selection and pushed screens reset, the region follows the
    /// car, the next load is a fresh one.
    case reset
    /// The car disconnected: the load and the timers stop; an answer on its way is dropped.
    case stop
    /// The driver moved the map; the region has been still long enough to load.
    case regionChanged(BoundingBox), regionSettled
    /// The phone moved.
    case moved(Coordinate)
    /// The periodic refresh is due (or something the load depends on changed); the driver
    /// pressed Retry.
    case refresh, retry
    /// A load's answer; `located` when the centre is a position the phone reported.
    case loaded(request: Int, center: Coordinate, [PricedSite], located: Bool = false)
    /// A load failed.
    case failed(request: Int, String)
    /// A pin's card opened; the driver closed it.
    case select(Station.ID), deselect
    /// Navigate to a site (nil: the site whose Details or card is open).
    case navigate(Station.ID?)
    /// Push a site's Details (nil: the selected one).
    case showDetails(Station.ID?)
    /// Push the Filters list.
    case showFilters
    /// The screen above the map was popped (or closed).
    case back
  }

  /// Creates the feature; its effects find the sites client and the price clock in the
  /// dependency container (`clients.charging`).
  public init() {}

  /// Applies an action to the tab.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .reset:
      state.region = nil
      state.selected = nil
      state.destination = nil
      state.loadedCenter = nil
    case .stop:
      state.request += 1  // an answer still on its way finds no car
      return [
        .cancel(id: ChargingApp.loadID), .cancel(id: ChargingApp.refreshTimer),
        .cancel(id: ChargingApp.regionTimer),
      ]
    case .regionChanged(let region):
      state.region = region
      return [
        .schedule(id: ChargingApp.regionTimer, after: ChargingApp.regionDebounce, .regionSettled)
      ]
    case .regionSettled, .refresh, .retry:
      return load(&state)
    case .moved(let coordinate):
      state.car = coordinate
      state.carKnown = true
      guard state.connected, state.region == nil else { return [] }
      if let loaded = state.loadedCenter,
        GreatCircle.distanceKilometres(loaded, coordinate)
          <= ChargingApp.refreshDistanceKilometres
      {
        return []
      }
      return load(&state)
    case .loaded(let request, let center, let sites, let located):
      guard request == state.request else { return [] }
      state.places = .loaded(sites)
      state.loadedCenter = center
      if state.region == nil { state.car = center }
      if located { state.carKnown = true }
      if !sites.contains(where: { $0.id == state.selected }) { state.selected = nil }
      return [
        .schedule(id: ChargingApp.refreshTimer, after: ChargingApp.refreshInterval, .refresh)
      ]
    case .failed(let request, let message):
      guard request == state.request else { return [] }
      state.places = .failed(message, stale: state.sites)
      return [
        .schedule(id: ChargingApp.refreshTimer, after: ChargingApp.refreshInterval, .refresh)
      ]
    case .select(let id):
      state.selected = id
    case .deselect:
      state.selected = nil
    case .navigate(let id):
      let target = site(id, in: state) ?? state.details ?? site(state.selected, in: state)
      guard let site = target,
        let url = ChargingApp.directions(to: site.site.coordinate, label: site.site.title)
      else { return [] }
      return [.openURL(url)]
    case .showDetails(let id):
      guard let site = site(id ?? state.selected, in: state) else { return [] }
      state.selected = site.id
      state.destination = .details(site)
    case .showFilters:
      state.destination = .filters
    case .back:
      state.destination = nil
    }
    return []
  }

  private func site(_ id: Station.ID?, in state: State) -> PricedSite? {
    guard let id else { return nil }
    return state.sites.first { $0.id == id }
  }

  /// Starts a load for the driver's region, or else around the car; the places on the map stay
  /// until the answer replaces them, so only an empty map shows "Loading chargers…".
  func load(_ state: inout State) -> [Effect<Action>] {
    state.request += 1
    if let region = state.region,
      GreatCircle.distanceKilometres(region.minimum, region.maximum)
        > ChargingApp.maximumRegionKilometres
    {
      state.places = .zoomedOutTooFar
      state.selected = nil
      return [.cancel(id: ChargingApp.loadID), .cancel(id: ChargingApp.refreshTimer)]
    }
    if case .zoomedOutTooFar = state.places { state.places = .loading }
    if state.sites.isEmpty, case .loaded = state.places { state.places = .loading }
    let request = state.request
    let known = state.car
    let region = state.region
    let filter = state.filter
    let setup = state.setup
    let free = state.freeStations
    return [
      .cancel(id: ChargingApp.refreshTimer),
      Self.loadEffect { clients in
        var center = region?.center ?? known
        var located = false
        if region == nil, let here = await clients.location.current() {
          center = here
          located = true
        }
        do {
          // Through the container: the empty or failing client when the switch says so.
          let services = clients.charging
          let sites = try await services.sites.sites(
            SiteQuery(center: center, region: region, filter: filter, onlyStations: free), setup,
            ChargingApp.priceMinute(services.now()))
          return .loaded(request: request, center: center, sites, located: located)
        } catch {
          return .failed(request: request, "\(error)")
        }
      },
    ]
  }

  /// The load as an effect under ``ChargingApp/loadID``: a new load cancels the one in flight,
  /// whose answer is then dropped.
  static func loadEffect(_ work: @escaping @Sendable (CarClients) async -> Action)
    -> Effect<Action>
  {
    .run(id: ChargingApp.loadID) { clients, send in
      let action = await work(clients)
      guard !Task.isCancelled else { return }
      await send(action)
    }
  }
}
