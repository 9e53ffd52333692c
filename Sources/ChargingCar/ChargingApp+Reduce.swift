import CarSession
import Charging
import Foundation
import Geo
import TripPlanner

extension ChargingApp {
  /// Applies an action.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .appeared:
      // Reconnect: filter, favourites and tariffs stay; selection and pushed screens reset;
      // the driver's setup is read again and the places load afresh.
      state.connected = true
      state.region = nil
      state.selected = nil
      state.details = nil
      state.showingFilters = false
      state.loadedCenter = nil
      // A trip summary from before the disconnect is not shown again: the car may be far from
      // where it was planned (Guides/ChargingApp.md: pushed screens reset on reconnect).
      state.trip = .none
      return [readSetup()] + watchSetup()
    case .disappeared:
      state.connected = false
      state.request += 1  // an answer still on its way finds no car
      return [
        .cancel(id: Self.loadID), .cancel(id: Self.refreshTimer), .cancel(id: Self.regionTimer),
      ]
    case .setupLoaded(let setup):
      let changed =
        state.setup.tariffIDs != setup.tariffIDs || state.setup.vehicleID != setup.vehicleID
      state.setup = setup
      var effects = load(&state) + [loadFavourites(state)]
      if state.cities.isEmpty { effects.append(loadCities()) }
      // A trip planned for other tariffs or another car is planned again.
      if changed, let destination = state.trip.destination {
        state.trip = .planning(destination)
        effects.append(plan(to: destination, state))
      }
      return effects
    case .setupChanged:
      guard state.connected else { return [] }
      return [readSetup()]
    case .setupFailed:
      return load(&state) + (state.cities.isEmpty ? [loadCities()] : [])
    case .regionChanged(let region):
      state.region = region
      return [.schedule(id: Self.regionTimer, after: Self.regionDebounce, .regionSettled)]
    case .regionSettled:
      return load(&state)
    case .moved(let coordinate):
      state.car = coordinate
      state.carKnown = true
      var replan: [Effect<Action>] = []
      if state.connected, case .planned(let summary) = state.trip, let origin = summary.origin,
        GreatCircle.distanceKilometres(origin, coordinate) > Self.replanKilometres
      {
        // The car has moved on: the summary's stops and arrival charge are planned again.
        state.trip = .planning(summary.destination)
        replan = [plan(to: summary.destination, state)]
      }
      guard state.connected, state.region == nil else { return replan }
      if let loaded = state.loadedCenter,
        GreatCircle.distanceKilometres(loaded, coordinate) <= Self.refreshDistanceKilometres
      {
        return replan
      }
      return load(&state) + replan
    case .refresh, .retry:
      return load(&state)
    case .loaded(let request, let center, let sites, let located):
      guard request == state.request else { return [] }
      state.places = .loaded(sites)
      state.loadedCenter = center
      if state.region == nil { state.car = center }
      if located { state.carKnown = true }
      if !sites.contains(where: { $0.id == state.selected }) { state.selected = nil }
      return [.schedule(id: Self.refreshTimer, after: Self.refreshInterval, .refresh)]
    case .failed(let request, let message):
      guard request == state.request else { return [] }
      state.places = .failed(message, stale: state.sites)
      return [.schedule(id: Self.refreshTimer, after: Self.refreshInterval, .refresh)]
    case .favouritesLoaded(let sites):
      state.favouriteSites = sites
    case .select(let id):
      state.selected = id
    case .deselect:
      state.selected = nil
    case .navigate(let id):
      let target = id.flatMap { lookup($0, in: state) } ?? state.details ?? selectedSite(state)
      guard let site = target,
        let url = Self.directions(to: site.site.coordinate, label: site.site.title)
      else { return [] }
      return [.openURL(url)]
    case .showDetails(let id):
      guard let site = lookup(id ?? state.selected, in: state) else { return [] }
      state.selected = site.id
      state.details = site
      state.detailsTab = .charge
      state.showingFilters = false
    case .openFavourite(let id):
      guard let site = state.favouriteSites?.first(where: { $0.id == id }) else { return [] }
      state.details = site
      state.detailsTab = .favourites
    case .toggleFavourite:
      guard let site = state.details else { return [] }
      let on = !state.setup.favourites.contains(site.id)
      if on {
        state.setup.favourites.insert(site.id)
      } else {
        state.setup.favourites.remove(site.id)
      }
      let driver = services.driver
      let id = site.id
      return [
        .run { _ in
          do {
            try await driver.setFavourite(id, on)
            return .setupLoaded(try await driver.load())
          } catch {
            return .setupFailed("\(error)")
          }
        }
      ]
    case .back:
      switch state.tab {
      case .charge:
        if state.details != nil, state.detailsTab == .charge {
          state.details = nil
        } else {
          state.showingFilters = false
        }
      case .favourites:
        if state.detailsTab == .favourites { state.details = nil }
      case .route:
        state.trip = .none
      }
    case .selectTab(let index):
      state.tab = Tab(rawValue: index) ?? .charge
      if state.tab == .favourites { return [loadFavourites(state)] }
    case .showFilters:
      state.showingFilters = true
      if state.detailsTab == .charge { state.details = nil }
    case .toggleFilter(let row):
      switch row {
      case .fast: state.filter.fastOnly.toggle()
      case .favouritesOnly: state.filter.favouritesOnly.toggle()
      case .knownPrice: state.filter.knownPriceOnly.toggle()
      case .connector(let choice):
        if state.filter.connectors.contains(choice) {
          state.filter.connectors.remove(choice)
        } else {
          state.filter.connectors.insert(choice)
        }
      }
      return load(&state)
    case .citiesLoaded(let cities):
      let car = state.car
      state.cities = cities.sorted {
        GreatCircle.distanceKilometres(car, $0.coordinate)
          < GreatCircle.distanceKilometres(car, $1.coordinate)
      }
    case .chooseDestination(let choice):
      guard let destination = destination(choice, in: state) else { return [] }
      state.recent.removeAll { $0 == destination }
      state.recent.insert(destination, at: 0)
      state.recent = Array(state.recent.prefix(Self.recentCount))
      state.trip = .planning(destination)
      return [plan(to: destination, state)]
    case .tripPlanned(let summary):
      guard state.trip.destination == summary.destination else { return [] }
      state.trip = .planned(summary)
    case .tripFailed(let destination, let message):
      guard state.trip.destination == destination else { return [] }
      state.trip = .failed(destination, message)
    case .startNavigation:
      guard case .planned(let summary) = state.trip else { return [] }
      let first = summary.stops.first
      let url = Self.directions(
        to: first?.coordinate ?? summary.destination.coordinate,
        label: first?.name ?? summary.destination.name)
      return url.map { [.openURL($0)] } ?? []
    case .continueToDestination:
      guard let destination = state.trip.destination,
        let url = Self.directions(to: destination.coordinate, label: destination.name)
      else { return [] }
      return [.openURL(url)]
    case .showFastChargers:
      state.filter.fastOnly = true
      state.tab = .charge
      state.showingFilters = false
      if state.detailsTab == .charge { state.details = nil }
      return load(&state)
    case .phoneLock(let locked):
      // Locked, the store stays readable (DriverSetup's data-protection class): nothing
      // changes. Unlocked, the driver may have changed tariffs on the phone: read them again.
      guard !locked, state.connected else { return [] }
      return [readSetup()]
    case .liveStatus(let updates, let time):
      return reduceLive(&state, updates, at: time)
    case .applyLiveStatus(let time):
      applyPendingLive(&state, at: time)
    }
    return []
  }

  /// How many recent destinations the Route tab keeps.
  public static let recentCount = 3

  private func lookup(_ id: Station.ID?, in state: State) -> PricedSite? {
    guard let id else { return nil }
    return state.sites.first { $0.id == id } ?? state.favouriteSites?.first { $0.id == id }
  }

  private func selectedSite(_ state: State) -> PricedSite? { lookup(state.selected, in: state) }

  private func destination(_ choice: ChargeRoute.DestinationChoice, in state: State)
    -> TripDestination?
  {
    switch choice {
    case .city(let name): return state.cities.first { $0.name == name }
    case .recent(let index):
      return state.recent.indices.contains(index) ? state.recent[index] : nil
    case .favourite(let id):
      return state.favouriteSites?.first { $0.id == id }.map {
        TripDestination(name: $0.site.title, coordinate: $0.site.coordinate)
      }
    }
  }

  private func readSetup() -> Effect<Action> {
    let driver = services.driver
    let search = services.search
    return .run { clients in
      do {
        let tariffs = clients.phone.values(for: "tariffs") == nil ? nil : try? await search()
        let known = tariffs.map { $0.pricing.quoter.catalog.entries.map(\.id) }
        return .setupLoaded(
          try Self.phoneSettings(clients.phone, over: try await driver.load(), tariffIDs: known))
      } catch {
        return .setupFailed("\(error)")
      }
    }
  }

  /// The setup with what the phone app's settings say on top (a journey's `phone` step):
  /// `tariffs` (catalogue ids, none for no tariff; checked against `tariffIDs` when given)
  /// and `vehicle` (a profile id). A value the app cannot use is refused with a sentence
  /// naming it and what was expected, which is also told to the phone box (a journey reports
  /// it as the step's failure).
  static func phoneSettings(
    _ phone: PhoneSettingsBox, over setup: DriverSetup, tariffIDs: [String]? = nil
  ) throws -> DriverSetup {
    var setup = setup
    if let tariffs = phone.values(for: "tariffs") {
      if let known = tariffIDs, let unknown = tariffs.first(where: { !known.contains($0) }) {
        let problem = DriverSetupError(
          "phone setting tariffs '\(unknown)': no such tariff; expected 'none' or ids of the"
            + " \(known.count) catalogue tariffs, e.g. "
            + known.prefix(3).joined(separator: ", ") + " (`wayside tariffs` lists them)")
        phone.reject(problem.description)
        throw problem
      }
      setup.tariffIDs = tariffs
    }
    if let vehicle = phone.values(for: "vehicle")?.first {
      guard VehicleProfiles.named(vehicle) != nil else {
        let problem = DriverSetupError(
          "phone setting vehicle '\(vehicle)': no such profile; expected one of "
            + VehicleProfiles.all.map(\.id).joined(separator: ", "))
        phone.reject(problem.description)
        throw problem
      }
      setup.vehicleID = vehicle
    }
    return setup
  }

  /// While connected, every change the phone makes to the setup reads it again (the session
  /// cancels the watches on disconnect): the store's changes and the phone settings' alike; and
  /// the simulator's Empty/Fail switch is answered at once (the places load again).
  private func watchSetup() -> [Effect<Action>] {
    let driver = services.driver
    return [
      .run(id: Self.setupWatchID) { clients, send in
        for await _ in driver.changes(clients.clock.idle) { await send(.setupChanged) }
      },
      .run(id: Self.phoneWatchID) { clients, send in
        for await _ in clients.phone.events.values(counting: clients.clock.idle) {
          await send(.setupChanged)
        }
      },
      .run(id: Self.dataSwitchWatchID) { clients, send in
        for await _ in clients.dataSource.switches.values(counting: clients.clock.idle) {
          await send(.retry)
        }
      },
    ]
  }

  private func loadCities() -> Effect<Action> {
    let services = services
    return .run { _ in
      (try? await services.cities()).map { .citiesLoaded($0) }
    }
  }

  private func loadFavourites(_ state: State) -> Effect<Action> {
    let services = services
    let setup = state.setup
    let car = state.car
    return .run { _ in
      guard let search = try? await services.search() else { return .favouritesLoaded([]) }
      return .favouritesLoaded(
        search.favourites(
          setup.favourites, near: car, setup: setup, start: Self.priceMinute(services.now()),
          limit: ChargingScreens.listLimit))
    }
  }

  private func plan(to destination: TripDestination, _ state: State) -> Effect<Action> {
    let services = services
    let request = TripRequest(
      from: state.car, destination: destination, setup: state.setup, departure: services.now())
    return .run { _ in
      do {
        return .tripPlanned(try await services.plan(request))
      } catch {
        return .tripFailed(destination, "\(error)")
      }
    }
  }

  /// Starts a load for the driver's region, or else around the car; the places on the map stay
  /// until the answer replaces them, so only an empty map shows "Loading chargers…".
  func load(_ state: inout State) -> [Effect<Action>] {
    state.request += 1
    if let region = state.region,
      GreatCircle.distanceKilometres(region.minimum, region.maximum) > Self.maximumRegionKilometres
    {
      state.places = .zoomedOutTooFar
      state.selected = nil
      return [.cancel(id: Self.loadID), .cancel(id: Self.refreshTimer)]
    }
    if case .zoomedOutTooFar = state.places { state.places = .loading }
    if state.sites.isEmpty, case .loaded = state.places { state.places = .loading }
    let request = state.request
    let known = state.car
    let region = state.region
    let filter = state.filter
    let setup = state.setup
    let services = services
    return [
      .cancel(id: Self.refreshTimer),
      Self.loadEffect { clients in
        var center = region?.center ?? known
        var located = false
        if region == nil, let here = await clients.location.current() {
          center = here
          located = true
        }
        do {
          let sites = try await clients.installed(services.sites).sites(
            SiteQuery(center: center, region: region, filter: filter), setup,
            Self.priceMinute(services.now()))
          return .loaded(request: request, center: center, sites, located: located)
        } catch {
          return .failed(request: request, "\(error)")
        }
      },
    ]
  }

  /// The start of the session the Charge tab prices: the current minute. Tariff restrictions
  /// are given to the minute (OCPI `start_time` is `HH:MM`), and a refresh within the same
  /// minute finds the prices it worked out before.
  public static func priceMinute(_ now: Date) -> Date {
    Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
  }

  /// The load as an effect under ``loadID``: a new load cancels the one in flight, whose answer
  /// is then dropped.
  static func loadEffect(_ work: @escaping @Sendable (CarClients) async -> Action)
    -> Effect<Action>
  {
    .run(id: loadID) { clients, send in
      let action = await work(clients)
      guard !Task.isCancelled else { return }
      await send(action)
    }
  }

  /// Directions by car to a coordinate in Apple Maps (carplay-facts.md §6), labelled.
  public static func directions(to coordinate: Coordinate, label: String) -> URL? {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "+&=?#")
    guard let name = label.addingPercentEncoding(withAllowedCharacters: allowed) else {
      return nil
    }
    return URL(string: "https://maps.apple.com/?daddr=\(coordinate)&q=\(name)&dirflg=d")
  }
}
