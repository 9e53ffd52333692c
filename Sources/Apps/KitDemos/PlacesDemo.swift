import CarSession
import CarTemplates
import Charging
import Foundation
import Geo

/// A point-of-interest screen (EV charging): the fast chargers nearest the car or inside the
/// visible map region, from a ``PlacesClient`` (by default the bundled BNetzA extract around
/// Kassel), a detail card with "Navigate" (hands off to Apple Maps) and "Details" (pushes an
/// information template), and explicit loading, empty and error states (DESIGN.md principle 6).
///
/// Refreshing (carplay-facts.md §1.5): a map-region change from the driver and a location
/// update (while the driver has not moved the map) load at once; otherwise the places are
/// reloaded periodically, at most once every 60 s. A query that fails shows "Chargers can't be
/// loaded right now" with a Retry button on the car screen.
public struct PlacesDemo: CarApp {
  /// What the map shows.
  public enum Places: Equatable, Sendable {
    /// The first answer has not arrived yet.
    case loading
    /// The answer to a query around `center`, nearest first; empty when there is none.
    case loaded(center: Coordinate, [Station])
    /// The last query failed with this message.
    case failed(String)
  }

  /// The demo's state.
  public struct State: Equatable, Sendable {
    /// The car's last known position, or Kassel's centre before the first location update.
    public var car: Coordinate
    /// The visible map region once the driver has moved the map; nil while it follows the car.
    public var region: BoundingBox?
    /// What the map shows.
    public var places: Places
    /// The number of the latest query; answers to older queries are dropped.
    public var request: Int
    /// The selected station (its detail card is open).
    public var selected: Station.ID?
    /// The station whose details are pushed (kept as shown, even if a refresh drops it).
    public var details: Station?
    /// The selected tab: 0 map, 1 favourites.
    public var tab: Int

    /// Creates a state; by default at Kassel's centre, loading.
    public init(
      car: Coordinate = BundledStations.kasselCentre, region: BoundingBox? = nil,
      places: Places = .loading, request: Int = 0, selected: Station.ID? = nil,
      details: Station? = nil, tab: Int = 0
    ) {
      self.car = car
      self.region = region
      self.places = places
      self.request = request
      self.selected = selected
      self.details = details
      self.tab = tab
    }

    /// The stations on the map (none while loading or after a failure).
    public var stations: [Station] {
      if case .loaded(_, let stations) = places { return stations }
      return []
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// The car connected / disconnected.
    case appeared, disappeared
    /// The driver moved the map; the phone moved.
    case regionChanged(BoundingBox), moved(Coordinate)
    /// The periodic refresh is due; the driver pressed Retry.
    case refresh, retry
    /// A query's answer arrived.
    case loaded(request: Int, center: Coordinate, [Station])
    /// A query failed.
    case failed(request: Int, String)
    /// Card, details and tab events.
    case select(ElementID), deselect, navigate, showDetails, back, selectTab(Int)
  }

  /// EV charging.
  public static let entitlements = CarEntitlements.single(.evCharging)
  /// The app's name.
  public static let name = "Wayside"
  /// The timer id of the periodic refresh.
  static let refreshTimer = "refresh-places"
  /// Periodic refreshes come at most this often (carplay-facts.md §1.5: "don't periodically
  /// refresh POIs more than once every 60 s").
  public static let refreshInterval = Duration.seconds(60)

  /// The station source.
  public var stations: PlacesClient<Station>

  /// Creates the demo over a station source (by default the bundled Kassel fast chargers).
  public init(stations: PlacesClient<Station> = .bundledKasselFastChargers) {
    self.stations = stations
  }

  /// The registry entry.
  public static let demo = AnyCarApp(
    "places", summary: "real fast chargers near the car on CarPlay's map, card and Maps hand-off",
    app: PlacesDemo(), state: State(), samples: sampleStates())

  /// A loaded, a selected, a detailed, an empty and a failed state, for the lint.
  static func sampleStates() -> [State] {
    let centre = BundledStations.kasselCentre
    let query = PlacesQuery(center: centre, limit: FixedLimits.pointsOfInterest)
    let all = (try? BundledStations.kasselFastChargers()) ?? []
    let near = PlacesClient<Station>.nearest(all, to: query, coordinate: \.coordinate)
    let loaded = State(places: .loaded(center: centre, near))
    var samples = [loaded]
    if let first = near.first {
      samples.append(State(places: loaded.places, selected: first.id))
      samples.append(State(places: loaded.places, selected: first.id, details: first))
    }
    samples.append(State(places: .loaded(center: centre, [])))
    samples.append(State(places: .failed("the data source is set to fail")))
    return samples
  }

  // MARK: - Reducer

  /// Applies an action.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .appeared:
      state.region = nil
      return load(&state)
    case .disappeared:
      state.request += 1  // an answer still on its way finds no car; the next connection reloads
      return [.cancel(id: Self.refreshTimer)]
    case .regionChanged(let region):
      state.region = region
      return load(&state)
    case .moved(let coordinate):
      state.car = coordinate
      // The driver's own region wins over the car's position until the next connection.
      return state.region == nil ? load(&state) : []
    case .refresh, .retry:
      return load(&state)
    case .loaded(let request, let center, let stations):
      guard request == state.request else { return [] }
      state.places = .loaded(center: center, stations)
      if state.region == nil { state.car = center }
      if !stations.contains(where: { $0.id == state.selected }) { state.selected = nil }
      return [.schedule(id: Self.refreshTimer, after: Self.refreshInterval, .refresh)]
    case .failed(let request, let message):
      guard request == state.request else { return [] }
      state.places = .failed(message)
      state.selected = nil
      return [.schedule(id: Self.refreshTimer, after: Self.refreshInterval, .refresh)]
    case .select(let id):
      state.selected = Station.ID(id.rawValue)
    case .deselect:
      state.selected = nil
    case .navigate:
      guard let station = state.details ?? selectedStation(state),
        let url = Self.directions(to: station)
      else { return [] }
      return [.openURL(url)]
    case .showDetails:
      state.details = selectedStation(state)
    case .back:
      state.details = nil
    case .selectTab(let index):
      state.tab = index
    }
    return []
  }

  private func selectedStation(_ state: State) -> Station? {
    state.stations.first { $0.id == state.selected }
  }

  /// Starts a query for the driver's region, or else around the phone's current position (the
  /// last known one when the location client has none); the places on the map stay until the
  /// answer replaces them, so only an empty map shows "Loading chargers…".
  private func load(_ state: inout State) -> [Effect<Action>] {
    state.request += 1
    if state.stations.isEmpty { state.places = .loading }
    let request = state.request
    let known = state.car
    let region = state.region
    let source = stations
    return [
      .cancel(id: Self.refreshTimer),
      .run { clients in
        var center = region?.center ?? known
        if region == nil, let here = await clients.location.current() {
          center = here
        }
        let query = PlacesQuery(
          center: center, region: region, limit: FixedLimits.pointsOfInterest)
        do {
          let found = try await clients.installed(source).near(query)
          return .loaded(request: request, center: center, found)
        } catch {
          return .failed(request: request, "\(error)")
        }
      },
    ]
  }

  /// Directions to the station in Apple Maps (carplay-facts.md §6: the Maps hand-off), with the
  /// station's coordinate as the destination and its operator as the label.
  public static func directions(to station: Station) -> URL? {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "+&=")
    guard
      let label = station.operatorName.addingPercentEncoding(withAllowedCharacters: allowed)
    else { return nil }
    return URL(string: "https://maps.apple.com/?daddr=\(station.coordinate)&q=\(label)&dirflg=d")
  }

  // MARK: - Screen

  /// A tab bar: the map of nearby chargers (or its loading, empty or error state) and a
  /// favourites list; a station's details pushed above.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let root = TemplateSpec.tabBar(
      "places",
      TabBarTemplateSpec(tabs: [nearbyTab(state), Self.favouritesTab], selectedIndex: state.tab))
    guard state.tab == 0, let station = state.details else { return CarScreen(root: root) }
    return CarScreen(root: root, stack: [Self.details(station)])
  }

  private func nearbyTab(_ state: State) -> TemplateSpec {
    let tab = TabAppearance(title: "Nearby", image: .symbol("map"))
    let spec: PointOfInterestTemplateSpec
    switch state.places {
    case .loading:
      spec = PointOfInterestTemplateSpec(title: "Loading chargers…", points: [])
    case .failed:
      spec = PointOfInterestTemplateSpec(
        title: "Chargers can't be loaded right now", points: [],
        navigationBar: NavigationBarSpec(trailing: [BarButtonSpec(id: "retry", title: "Retry")]))
    case .loaded(_, let stations) where stations.isEmpty:
      spec = PointOfInterestTemplateSpec(title: "No chargers in this area", points: [])
    case .loaded(let center, let stations):
      spec = PointOfInterestTemplateSpec(
        title: "Nearby chargers", points: stations.map { Self.point($0, from: center) },
        selectedIndex: stations.firstIndex { $0.id == state.selected })
    }
    return .pointOfInterest("nearby", tab: tab, spec)
  }

  static let favouritesTab = TemplateSpec.list(
    "favourites", tab: TabAppearance(title: "Favourites", image: .symbol("star")),
    ListTemplateSpec(
      title: "Favourites", sections: [],
      emptyViewTitleVariants: ["No favourites yet", "No favourites"]))

  /// A station as a map pin with its card: operator, street, distance and power (kept short:
  /// the card sits beside the map on the smallest displays; the rest is in Details).
  static func point(_ station: Station, from center: Coordinate) -> PointOfInterestSpec {
    let id = ElementID(station.id.rawValue)
    let distance = distanceText(from: center, to: station.coordinate)
    return PointOfInterestSpec(
      id: id, location: station.coordinate, title: station.operatorName,
      subtitle: station.address.shortText,
      summary: [distance, station.maxPower?.description].compactMap { $0 }
        .joined(separator: " · "),
      primaryButton: TextButtonSpec(id: ElementID("navigate-\(id)"), title: "Navigate"),
      secondaryButton: TextButtonSpec(id: ElementID("details-\(id)"), title: "Details"))
  }

  /// The station's details: what the register says, at most 10 items and one action
  /// (carplay-facts.md §1.4).
  static func details(_ station: Station) -> TemplateSpec {
    let address = station.address
    let town = [address.postcode, address.city].compactMap { $0 }.joined(separator: " ")
    // Most important first: small displays show only the first items without scrolling.
    let items = [
      InformationItemSpec(id: "power", title: "Power", detail: powerText(station)),
      InformationItemSpec(
        id: "address", title: "Address",
        detail: [address.street, town].compactMap { $0?.isEmpty == false ? $0 : nil }
          .joined(separator: ", ")),
      InformationItemSpec(
        id: "points", title: "Charge points", detail: "\(station.chargePointCount)"),
      InformationItemSpec(id: "operator", title: "Operator", detail: station.operatorName),
      InformationItemSpec(id: "position", title: "Position", detail: "\(station.coordinate)"),
      InformationItemSpec(
        id: "source", title: "Source", detail: "\(station.source.name), \(station.source.date)"),
    ]
    return .information(
      TemplateID("details-\(station.id.rawValue)"),
      InformationTemplateSpec(
        title: station.operatorName, items: items,
        actions: [TextButtonSpec(id: "navigate", title: "Navigate")]))
  }

  static func powerText(_ station: Station) -> String {
    station.maxPower.map { "up to \($0)" } ?? "not given in the register"
  }

  static func distanceText(from a: Coordinate, to b: Coordinate) -> String {
    let km = GreatCircle.distanceKilometres(a, b)
    return km < 10 ? String(format: "%.1f km", km) : "\(Int(km.rounded())) km"
  }

  // MARK: - Events

  /// Lifecycle, map, location, point and button events flow into the state.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .connected: return .appeared
    case .disconnected: return .disappeared
    case .mapRegionChanged(_, let region): return .regionChanged(region)
    case .locationChanged(let coordinate): return .moved(coordinate)
    case .pointSelected(_, let point): return .select(point)
    case .pointDeselected: return .deselect
    case .buttonPressed(_, let button):
      if button == "retry" { return .retry }
      if button.rawValue.hasPrefix("navigate") { return .navigate }
      if button.rawValue.hasPrefix("details-") { return .showDetails }
      return nil
    case .backPressed: return .back
    case .tabSelected(let index, _): return .selectTab(index)
    default: return nil
    }
  }
}
