import CarSession
import CarTemplates
import Geo

/// A navigation app's map template: the app draws its own map (a viewport) under CarPlay's
/// controls; zoom and pan buttons patch the viewport in place.
public struct MapDemo: CarApp {
  /// The demo's state.
  public struct State: Equatable, Sendable {
    /// Map centre.
    public var center = Coordinate(latitude: 51.3127, longitude: 9.4797)
    /// Web Mercator zoom.
    public var zoom = 12.0
    /// Whether the panning interface is shown.
    public var panning = false

    /// Creates a state.
    public init(
      center: Coordinate = Coordinate(latitude: 51.3127, longitude: 9.4797), zoom: Double = 12,
      panning: Bool = false
    ) {
      self.center = center
      self.zoom = zoom
      self.panning = panning
    }
  }

  /// What can happen.
  public enum Action: Sendable {
    case zoomIn, zoomOut, togglePanning, recentre, regionChanged(BoundingBox), moved(Coordinate)
  }

  /// Navigation (`carplay-maps`).
  public static let entitlements = CarEntitlements.single(.navigation)
  /// The app's name.
  public static let name = "Wayside Maps"

  /// Creates the demo.
  public init() {}

  /// The registry entry.
  public static let demo = AnyCarApp(
    "map-kit", summary: "the kit example: a navigation map template with zoom and pan buttons",
    app: MapDemo(),
    state: State(), samples: [State(panning: true)])

  /// Applies an action.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .zoomIn: state.zoom = min(19, state.zoom + 1)
    case .zoomOut: state.zoom = max(3, state.zoom - 1)
    case .togglePanning: state.panning.toggle()
    case .recentre: state.center = State().center
    case .regionChanged(let region): state.center = region.center
    case .moved(let coordinate): state.center = coordinate
    }
    return []
  }

  /// One map template; while panning only two map buttons are offered (carplay-facts.md §1.6).
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let zoom = [
      MapButtonSpec(id: "zoom-in", image: .symbol("plus.magnifyingglass")),
      MapButtonSpec(id: "zoom-out", image: .symbol("minus.magnifyingglass")),
    ]
    let buttons =
      state.panning
      ? zoom
      : zoom + [
        MapButtonSpec(id: "pan", image: .symbol("arrow.up.and.down.and.arrow.left.and.right"))
      ]
    let map = MapTemplateSpec(
      navigationBar: NavigationBarSpec(
        trailing: [
          BarButtonSpec(
            id: state.panning ? "done" : "recentre", title: state.panning ? "Done" : "Recentre")
        ]),
      mapButtons: buttons, isPanning: state.panning,
      viewport: MapViewportSpec(center: state.center, zoom: state.zoom))
    return CarScreen(root: .map("map", map))
  }

  /// Button presses and region changes flow into the state.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .buttonPressed(_, "zoom-in"): .zoomIn
    case .buttonPressed(_, "zoom-out"): .zoomOut
    case .buttonPressed(_, "pan"), .buttonPressed(_, "done"): .togglePanning
    case .buttonPressed(_, "recentre"): .recentre
    case .mapRegionChanged(_, let region): .regionChanged(region)
    case .locationChanged(let coordinate): .moved(coordinate)
    default: nil
    }
  }
}
