import CarSession
import Charging
import Foundation
import Geo
import Routing
import TripPlanner

/// The Route tab: destinations (recent, favourite, the basemap's towns), the trip planned to
/// one with its charging stops, the hand-off of its legs to Apple Maps, and planning again when
/// the car has moved on or the driver's car or tariffs changed.
public struct RouteFeature: CarFeature {
  /// The tab's state: its own (towns, recent destinations, the trip) and what planning reads
  /// of the app's.
  public struct State: Equatable, Sendable {
    /// The basemap towns offered as destinations, nearest the car first.
    public var cities: [TripDestination]
    /// Destinations chosen before, newest first (at most ``ChargingApp/recentCount``).
    public var recent: [TripDestination]
    /// The trip.
    public var trip: ChargingApp.Trip
    /// The car's position (read: trips start there).
    public var car: Coordinate
    /// The driver's setup (read: the car and tariffs a trip is planned for).
    public var setup: DriverSetup
    /// Whether the car is connected (read).
    public var connected: Bool
    /// The driver's favourites (read: offered as destinations).
    public var favourites: [PricedSite]?
    /// The register rows live status says cannot be used now (read: trips plan around them).
    public var unusableStations: Set<Station.ID>
    /// The register rows with a charge point live status says is free now (read: trips prefer
    /// them).
    public var freeStations: Set<Station.ID>
    /// Whether the "More towns" list is pushed.
    public var showsAllTowns: Bool
    /// The search template's text and answers while it is pushed; nil otherwise.
    public var search: SearchState?

    /// Creates the tab's state.
    public init(
      cities: [TripDestination] = [], recent: [TripDestination] = [],
      trip: ChargingApp.Trip = .none, car: Coordinate = ChargingApp.kasselCentre,
      setup: DriverSetup = DriverSetup(), connected: Bool = false,
      favourites: [PricedSite]? = nil, unusableStations: Set<Station.ID> = [],
      freeStations: Set<Station.ID> = [], showsAllTowns: Bool = false,
      search: SearchState? = nil
    ) {
      self.showsAllTowns = showsAllTowns
      self.search = search
      self.cities = cities
      self.recent = recent
      self.trip = trip
      self.car = car
      self.setup = setup
      self.connected = connected
      self.favourites = favourites
      self.unusableStations = unusableStations
      self.freeStations = freeStations
    }
  }

  /// The search template's state: the text typed and the answers for it.
  public struct SearchState: Equatable, Sendable {
    /// The text typed so far.
    public var query: String
    /// The answers for ``query`` (empty until they arrive).
    public var results: [SearchResult]

    /// Creates a search state.
    public init(query: String = "", results: [SearchResult] = []) {
      self.query = query
      self.results = results
    }
  }

  /// The effect id of a search; a new keystroke cancels the search in flight.
  public static let searchID = "route-search"

  /// What can happen on the Route tab.
  public enum Action: Equatable, Sendable {
    /// The driver opened the search (where the phone's iOS allows the template).
    case openSearch
    /// The driver typed: the field's whole text.
    case searchChanged(String)
    /// The answers for a text.
    case searchResults(String, [SearchResult])
    /// The driver chose an answer, by its id.
    case chooseResult(String)
    /// The car connected again: a trip summary from before is not shown again.
    case reset
    /// Load the towns; the towns.
    case loadCities, citiesLoaded([TripDestination])
    /// The driver asked for every town ("More towns").
    case showAllTowns
    /// The driver chose a destination.
    case choose(ChargeRoute.DestinationChoice)
    /// The planner's answer.
    case planned(TripSummary), failed(TripDestination, String)
    /// Hand the trip's first leg, or the leg after the stop, to Apple Maps.
    case startNavigation, continueToDestination
    /// The car moved: a summary planned more than ``ChargingApp/replanKilometres`` away is
    /// planned again.
    case moved(Coordinate)
    /// The driver's car or tariffs changed: the trip is planned again.
    case replan
    /// The trip summary was popped.
    case back
  }

  /// Creates the feature; its effects find the towns, the planner and the clock in the
  /// dependency container (`clients.charging`).
  public init() {}

  /// Applies an action to the tab.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .reset:
      // After a reconnect the car may be far from where the trip was planned
      // (Guides/ChargingApp.md: pushed screens reset on reconnect).
      state.trip = .none
      state.showsAllTowns = false
      state.search = nil
    case .back:
      // Back pops the top screen: the trip summary, else the search or the "More towns" list.
      if state.trip != .none {
        state.trip = .none
      } else if state.search != nil {
        state.search = nil
        return [.cancel(id: Self.searchID)]
      } else {
        state.showsAllTowns = false
      }
    case .openSearch:
      state.search = SearchState()
    case .searchChanged(let text):
      guard state.search != nil else { return [] }
      state.search?.query = text
      let car = state.car
      return [
        .run(id: Self.searchID) { clients, send in
          let towns = (try? await PlaceDirectory.bundled())?.places ?? []
          let search = try? await clients.charging.search()
          await send(
            .searchResults(
              text, DestinationSearch.results(text, towns: towns, search: search, car: car)))
        }
      ]
    case .searchResults(let text, let results):
      // Answers to an older text are dropped.
      guard state.search?.query == text else { return [] }
      state.search?.results = results
    case .chooseResult(let id):
      guard let result = state.search?.results.first(where: { $0.id == id }) else { return [] }
      return choose(result.destination, &state)
    case .showAllTowns:
      state.showsAllTowns = true
    case .loadCities:
      return [.run { clients in (try? await clients.charging.cities()).map { .citiesLoaded($0) } }]
    case .citiesLoaded(let cities):
      let car = state.car
      state.cities = cities.sorted {
        GreatCircle.distanceKilometres(car, $0.coordinate)
          < GreatCircle.distanceKilometres(car, $1.coordinate)
      }
    case .choose(let choice):
      guard let destination = destination(choice, in: state) else { return [] }
      return choose(destination, &state)
    case .planned(let summary):
      guard state.trip.destination == summary.destination else { return [] }
      state.trip = .planned(summary)
    case .failed(let destination, let message):
      guard state.trip.destination == destination else { return [] }
      state.trip = .failed(destination, message)
    case .startNavigation:
      guard case .planned(let summary) = state.trip else { return [] }
      let first = summary.stops.first
      let url = ChargingApp.directions(
        to: first?.coordinate ?? summary.destination.coordinate,
        label: first?.name ?? summary.destination.name)
      return url.map { [.openURL($0)] } ?? []
    case .continueToDestination:
      guard let destination = state.trip.destination,
        let url = ChargingApp.directions(to: destination.coordinate, label: destination.name)
      else { return [] }
      return [.openURL(url)]
    case .moved(let coordinate):
      guard state.connected, case .planned(let summary) = state.trip,
        let origin = summary.origin,
        GreatCircle.distanceKilometres(origin, coordinate) > ChargingApp.replanKilometres
      else { return [] }
      // The car has moved on: the summary's stops and arrival charge are planned again.
      state.trip = .planning(summary.destination)
      return [plan(to: summary.destination, state)]
    case .replan:
      guard let destination = state.trip.destination else { return [] }
      state.trip = .planning(destination)
      return [plan(to: destination, state)]
    }
    return []
  }

  /// Plans the trip to `destination` and puts it first among the recent ones.
  private func choose(_ destination: TripDestination, _ state: inout State) -> [Effect<Action>] {
    state.recent.removeAll { $0 == destination }
    state.recent.insert(destination, at: 0)
    state.recent = Array(state.recent.prefix(ChargingApp.recentCount))
    state.trip = .planning(destination)
    return [plan(to: destination, state)]
  }

  private func destination(_ choice: ChargeRoute.DestinationChoice, in state: State)
    -> TripDestination?
  {
    switch choice {
    case .city(let name): return state.cities.first { $0.name == name }
    case .recent(let index):
      return state.recent.indices.contains(index) ? state.recent[index] : nil
    case .favourite(let id):
      return state.favourites?.first { $0.id == id }.map {
        TripDestination(name: $0.site.title, coordinate: $0.site.coordinate)
      }
    }
  }

  private func plan(to destination: TripDestination, _ state: State) -> Effect<Action> {
    let car = state.car
    let setup = state.setup
    let unusable = state.unusableStations
    let free = state.freeStations
    return .run { clients in
      let services = clients.charging
      let request = TripRequest(
        from: car, destination: destination, setup: setup, departure: services.now(),
        unusableStations: unusable, freeStations: free)
      do {
        return .planned(try await services.plan(request))
      } catch {
        return .failed(destination, "\(error)")
      }
    }
  }
}
