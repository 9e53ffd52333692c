import CarSession
import CarTemplates
import Foundation
import Geo

/// A point-of-interest screen (EV charging): chargers near the visible region on CarPlay's map,
/// a detail card with "Navigate" (hands off to Apple Maps) and "Details" (pushes information).
public struct PlacesDemo: CarApp {
  /// A charger on the map.
  public struct Place: Hashable, Sendable {
    /// Point id.
    public var id: ElementID
    /// Display name.
    public var name: String
    /// Position.
    public var location: Coordinate
    /// Power text.
    public var power: String
  }

  /// The demo's state.
  public struct State: Equatable, Sendable {
    /// The visible region's centre.
    public var center = Coordinate(latitude: 51.3127, longitude: 9.4797)
    /// The selected point.
    public var selected: ElementID?
    /// The point whose details are pushed.
    public var details: ElementID?
    /// The selected tab: 0 map, 1 favourites.
    public var tab = 0

    /// Creates a state.
    public init(
      center: Coordinate = Coordinate(latitude: 51.3127, longitude: 9.4797),
      selected: ElementID? = nil, details: ElementID? = nil, tab: Int = 0
    ) {
      self.center = center
      self.selected = selected
      self.details = details
      self.tab = tab
    }
  }

  /// What can happen.
  public enum Action: Sendable {
    case regionChanged(BoundingBox), moved(Coordinate), select(ElementID), navigate
    case showDetails, back, selectTab(Int)
  }

  /// EV charging.
  public static let entitlements = CarEntitlements.single(.evCharging)
  /// The app's name.
  public static let name = "Wayside"

  /// Places around Kassel and Göttingen, on a 0.02° grid (demo data, not real stations).
  public static let places: [Place] = (0..<30).map { index in
    let base =
      index < 15
      ? Coordinate(latitude: 51.29, longitude: 9.44)
      : Coordinate(latitude: 51.52, longitude: 9.91)
    let n = index % 15
    return Place(
      id: ElementID("place-\(index + 1)"), name: "Demo charger \(index + 1)",
      location: Coordinate(
        latitude: base.latitude + Double(n / 5) * 0.02,
        longitude: base.longitude + Double(n % 5) * 0.02),
      power: ["22 kW", "50 kW", "150 kW"][index % 3])
  }

  /// Creates the demo.
  public init() {}

  /// The registry entry.
  public static let demo = KitDemo(
    "places", summary: "chargers on CarPlay's map with a detail card and Maps hand-off",
    app: PlacesDemo(), state: State(),
    samples: [State(selected: "place-1"), State(selected: "place-1", details: "place-1")])

  /// The points near a centre: at most 12, nearest first (carplay-facts.md §1.5: 12 points).
  public static func nearby(_ center: Coordinate) -> [Place] {
    let near = places.filter {
      abs($0.location.latitude - center.latitude) < 0.1
        && abs($0.location.longitude - center.longitude) < 0.15
    }
    return Array(
      near.sorted {
        GreatCircle.distanceKilometres(center, $0.location)
          < GreatCircle.distanceKilometres(center, $1.location)
      }.prefix(12))
  }

  /// Applies an action.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .regionChanged(let region):
      state.center = region.center
    case .moved(let coordinate):
      state.center = coordinate
    case .select(let id):
      state.selected = id
    case .navigate:
      guard let place = Self.places.first(where: { $0.id == state.selected }),
        let url = URL(
          string:
            "https://maps.apple.com/?daddr=\(place.location)&dirflg=d"
        )
      else { return [] }
      return [.openURL(url)]
    case .showDetails:
      state.details = state.selected
    case .back:
      state.details = nil
    case .selectTab(let index):
      state.tab = index
    }
    return []
  }

  /// A tab bar: the map of nearby chargers and a favourites list; details pushed above.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let nearby = Self.nearby(state.center)
    let points = nearby.map { place in
      PointOfInterestSpec(
        id: place.id, location: place.location, title: place.name, subtitle: place.power,
        summary: "Open 24/7",
        primaryButton: TextButtonSpec(id: ElementID("navigate-\(place.id)"), title: "Navigate"),
        secondaryButton: TextButtonSpec(id: ElementID("details-\(place.id)"), title: "Details"))
    }
    let map = TemplateSpec.pointOfInterest(
      "nearby", tab: TabAppearance(title: "Nearby", image: .symbol("map")),
      PointOfInterestTemplateSpec(
        title: "Nearby chargers", points: points,
        selectedIndex: nearby.firstIndex { $0.id == state.selected }))
    let favourites = TemplateSpec.list(
      "favourites", tab: TabAppearance(title: "Favourites", image: .symbol("star")),
      ListTemplateSpec(
        title: "Favourites", sections: [],
        emptyViewTitleVariants: ["No favourites yet", "No favourites"]))
    let root = TemplateSpec.tabBar(
      "places", TabBarTemplateSpec(tabs: [map, favourites], selectedIndex: state.tab))
    guard state.tab == 0, let id = state.details,
      let place = Self.places.first(where: { $0.id == id })
    else { return CarScreen(root: root) }
    let detail = TemplateSpec.information(
      TemplateID("details-\(place.id)"),
      InformationTemplateSpec(
        title: place.name,
        items: [
          InformationItemSpec(id: "power", title: "Power", detail: place.power),
          InformationItemSpec(id: "position", title: "Position", detail: "\(place.location)"),
        ]))
    return CarScreen(root: root, stack: [detail])
  }

  /// Map, point and button events flow into the state.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .mapRegionChanged(_, let region): return .regionChanged(region)
    case .locationChanged(let coordinate): return .moved(coordinate)
    case .pointSelected(_, let point): return .select(point)
    case .buttonPressed(_, let button):
      if button.rawValue.hasPrefix("navigate-") { return .navigate }
      if button.rawValue.hasPrefix("details-") { return .showDetails }
      return nil
    case .backPressed: return .back
    case .tabSelected(let index, _): return .selectTab(index)
    default: return nil
    }
  }
}
