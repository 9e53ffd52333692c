import CarSession
import Charging
import Foundation
import Geo
import TripPlanner

extension ChargingApp {
  /// The Charge tab (``ChargeFeature``).
  var charge: ChargeFeature { ChargeFeature() }
  /// The Favourites tab (``FavouritesFeature``).
  var favourites: FavouritesFeature { FavouritesFeature() }
  /// The Route tab (``RouteFeature``).
  var route: RouteFeature { RouteFeature() }
  /// A site's Details (``DetailsFeature``).
  var details: DetailsFeature { DetailsFeature() }

  /// Applies an action: the app's own (the connection, the driver's setup, the car's position,
  /// tabs, back, Siri, the phone's lock, live status) here, each feature's in its reducer on
  /// its part of the state (Guides/CarSession.md, "Composing features").
  /// After every action the Details' age timer is brought up to date (``ageTimer``).
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    let effects = reduceAction(&state, action)
    return effects + scheduleDetailsAge(&state)
  }

  private func reduceAction(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .appeared:
      // Reconnect: filter, favourites and tariffs stay; selection and pushed screens reset —
      // the trip summary too; the driver's setup is read again and the places load afresh.
      state.connected = true
      state.nearPlace = nil
      _ = charge.scope(&state, \.chargeTab, .reset, embed: Action.charge)
      state.favouriteDetails = nil
      _ = route.scope(&state, \.routeTab, .reset, embed: Action.route)
      return [readSetup()] + watchSetup() + watchLive()
    case .disappeared:
      state.connected = false
      return charge.scope(&state, \.chargeTab, .stop, embed: Action.charge)
    case .setupLoaded(let setup):
      let changed =
        state.setup.tariffIDs != setup.tariffIDs || state.setup.vehicleID != setup.vehicleID
      state.setup = setup
      var effects = charge.scope(&state, \.chargeTab, .refresh, embed: Action.charge)
      effects += favourites.scope(&state, \.favouritesTab, .load, embed: Action.favourites)
      if state.cities.isEmpty {
        effects += route.scope(&state, \.routeTab, .loadCities, embed: Action.route)
      }
      // A trip planned for other tariffs or another car is planned again.
      if changed { effects += route.scope(&state, \.routeTab, .replan, embed: Action.route) }
      return effects
    case .setupChanged:
      guard state.connected else { return [] }
      return [readSetup()]
    case .setupFailed:
      var effects = charge.scope(&state, \.chargeTab, .refresh, embed: Action.charge)
      if state.cities.isEmpty {
        effects += route.scope(&state, \.routeTab, .loadCities, embed: Action.route)
      }
      return effects
    case .moved(let coordinate):
      let arrived = checkArrival(&state, at: coordinate)
      let loads = charge.scope(&state, \.chargeTab, .moved(coordinate), embed: Action.charge)
      return arrived + loads
        + route.scope(&state, \.routeTab, .moved(coordinate), embed: Action.route)
    case .back:
      switch state.tab {
      case .charge: return charge.scope(&state, \.chargeTab, .back, embed: Action.charge)
      case .favourites:
        return favourites.scope(&state, \.favouritesTab, .back, embed: Action.favourites)
      case .route: return route.scope(&state, \.routeTab, .back, embed: Action.route)
      }
    case .selectTab(let index):
      state.tab = Tab(rawValue: index) ?? .charge
      guard state.tab == .favourites else { return [] }
      return favourites.scope(&state, \.favouritesTab, .load, embed: Action.favourites)
    case .showFastChargers:
      state.filter.fastOnly = true
      state.tab = .charge
      _ = charge.scope(&state, \.chargeTab, .back, embed: Action.charge)
      return charge.scope(&state, \.chargeTab, .refresh, embed: Action.charge)
    case .showFastChargersNear(let town):
      // The Charge tab shows the town's region (the map follows the points), fast chargers only.
      state.filter.fastOnly = true
      state.tab = .charge
      _ = charge.scope(&state, \.chargeTab, .back, embed: Action.charge)
      state.region = Self.region(near: town.coordinate)
      state.nearPlace = town
      state.selected = nil
      return charge.scope(&state, \.chargeTab, .refresh, embed: Action.charge)
    case .showFastChargersWith(let connector):
      state.filter.fastOnly = true
      state.filter.connectors = [connector]
      state.tab = .charge
      _ = charge.scope(&state, \.chargeTab, .back, embed: Action.charge)
      return charge.scope(&state, \.chargeTab, .refresh, embed: Action.charge)
    case .phoneLock(let locked):
      // Locked, the store stays readable (DriverSetup's data-protection class): nothing
      // changes. Unlocked, the driver may have changed tariffs on the phone: read them again.
      guard !locked, state.connected else { return [] }
      return [readSetup()]
    case .liveStatus(let updates, let time):
      return reduceLive(&state, updates, at: time)
    case .applyLiveStatus(let time):
      return applyPendingLive(&state, at: time)
    case .charge(let action):
      // The driver moved the map: it no longer shows the town Siri was asked about.
      if case .regionChanged = action { state.nearPlace = nil }
      let effects = charge.scope(&state, \.chargeTab, action, embed: Action.charge)
      // Details are one screen: pushed on the Charge tab, they close on Favourites.
      if case .showDetails = action, state.chargeDestination?.site != nil {
        state.favouriteDetails = nil
      }
      return effects
    case .favourites(let action):
      let effects = favourites.scope(&state, \.favouritesTab, action, embed: Action.favourites)
      // Details are one screen: pushed on Favourites, they close on the Charge tab.
      if case .open = action, state.favouriteDetails != nil, state.chargeDestination?.site != nil {
        state.chargeDestination = nil
      }
      return effects
    case .route(let action):
      return route.scope(&state, \.routeTab, action, embed: Action.route)
    case .details(.delegate(.setupSaved(let setup))):
      return reduceAction(&state, .setupLoaded(setup))
    case .details(.delegate(.setupFailed(let message))):
      return reduceAction(&state, .setupFailed(message))
    case .details(.navigate) where state.openDetails == nil:
      // Navigate with no Details open: the selected site's card.
      return charge.scope(&state, \.chargeTab, .navigate(nil), embed: Action.charge)
    case .details(let action):
      return details.scope(&state, \.openDetails, action, embed: Action.details)
    case .filters(let action):
      let effects = FiltersFeature().scope(&state, \.filter, action, embed: Action.filters)
      return effects + charge.scope(&state, \.chargeTab, .refresh, embed: Action.charge)
    case .watch:
      return reduceWatch(&state)
    case .watchExpired:
      state.watch = nil
      return []
    case .notificationOpened(let id):
      return openNotification(&state, id: id)
    case .detailsAgeTick(let time):
      state.ageNow = max(state.ageNow ?? time, time)
      state.ageTickDue = nil
      return []
    }
  }

  /// How many recent destinations the Route tab keeps.
  public static let recentCount = 3

  private func readSetup() -> Effect<Action> {
    return .run { clients in
      let driver = clients.charging.driver
      let search = clients.charging.search
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
    return [
      .run(id: Self.setupWatchID) { clients, send in
        for await _ in clients.charging.driver.changes(clients.clock.idle) { await send(.setupChanged) }
      },
      .run(id: Self.phoneWatchID) { clients, send in
        for await _ in clients.phone.events.values(counting: clients.clock.idle) {
          await send(.setupChanged)
        }
      },
      .run(id: Self.dataSwitchWatchID) { clients, send in
        for await _ in clients.dataSource.switches.values(counting: clients.clock.idle) {
          await send(.charge(.retry))
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
