import CarSession
import CarTemplates
import Charging

extension ChargingApp {
  /// The screen for a state (``ChargingScreens/screen(_:_:)``).
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    ChargingScreens.screen(state, configuration)
  }

  /// Lifecycle, map, location, tab, back, voice and lock events flow into the state; taps
  /// arrive decoded, as ``ChargeRoute``s.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .connected: return .appeared
    case .disconnected: return .disappeared
    case .mapRegionChanged(_, let region): return .charge(.regionChanged(region))
    case .locationChanged(let coordinate): return .moved(coordinate)
    // The driver closed the card: CarPlay calls no delegate; the host reports it so that
    // the next update does not reopen it.
    case .pointDeselected: return .charge(.deselect)
    case .backPressed: return .back
    case .tabSelected(let index, _): return .selectTab(index)
    case .voiceIntent(let intent):
      return intent == Self.showFastChargersIntent ? .showFastChargers : nil
    case .voiceIntentWithParameters(let intent, let parameters):
      // The host resolved the parameter to one of the values the shortcut declared.
      if intent == Self.showFastChargersNearIntent, let name = parameters["town"],
        let town = Self.voiceTowns.first(where: { $0.name == name })
      {
        return .showFastChargersNear(TripDestination(name: town.name, coordinate: town.coordinate))
      }
      if intent == Self.showFastChargersWithIntent,
        let connector = parameters["connector"].flatMap(ConnectorChoice.init(rawValue:))
      {
        return .showFastChargersWith(connector)
      }
      return nil
    case .phoneLockChanged(let locked): return .phoneLock(locked)
    case .searchTextChanged(_, let text): return .route(.searchChanged(text))
    case .notificationOpened(let id): return .notificationOpened(id)
    default: return nil
    }
  }

  /// Everything the screen can offer for a state: every site's pin and card buttons, the fixed
  /// buttons, the filter rows, the favourites and the Route tab's destinations.
  public func routes(_ state: State) -> [ChargeRoute] {
    var routes: [ChargeRoute] = [
      .showFilters, .retry, .navigateFromDetails, .toggleFavourite, .startNavigation,
      .continueToDestination, .watch, .searchDestinations,
    ]
    for site in state.sites { routes += [.point(site.id), .details(site.id), .navigate(site.id)] }
    routes += ChargeRoute.FilterRow.allCases.map(ChargeRoute.filter)
    for site in state.favouriteSites ?? [] {
      routes += [.favourite(site.id), .destination(.favourite(site.id))]
    }
    routes += state.recent.indices.map { .destination(.recent($0)) }
    routes += state.cities.map { .destination(.city($0.name)) }
    routes += [.moreTowns] + state.cities.map { .town($0.name) }
    routes += (state.search?.results ?? []).map { .searchResult($0.id) }
    return routes
  }

  /// The action a tap means.
  public func action(for route: ChargeRoute, in state: State) -> Action? {
    switch route {
    case .point(let id): .charge(.select(id))
    case .details(let id): .charge(.showDetails(id))
    case .navigate(let id): .charge(.navigate(id))
    case .showFilters: .charge(.showFilters)
    case .retry: .charge(.retry)
    case .navigateFromDetails: .details(.navigate)
    case .toggleFavourite: .details(.toggleFavourite)
    case .filter(let row): .filters(.toggle(row))
    case .favourite(let id): .favourites(.open(id))
    case .destination(let choice): .route(.choose(choice))
    case .moreTowns: .route(.showAllTowns)
    case .town(let name): .route(.choose(.city(name)))
    case .startNavigation: .route(.startNavigation)
    case .continueToDestination: .route(.continueToDestination)
    case .watch: .watch
    case .searchDestinations: .route(.openSearch)
    case .searchResult(let id): .route(.chooseResult(id))
    }
  }
}
