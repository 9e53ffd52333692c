import CarSession
import CarTemplates

/// What the driver can tap in Wayside Maps, with its typed data; ``address`` spells each as the
/// element id the host shows (`zoom-in`, `map-zoom-in`, `place-Kassel`, `route-1`).
public enum MapRoute: CarRoute {
  /// Zoom in, from the navigation bar or from the map buttons shown while panning.
  case zoomIn(MapControl)
  /// Zoom out, from the navigation bar or from the map buttons shown while panning.
  case zoomOut(MapControl)
  /// The pan map button.
  case pan
  /// Done, ending the panning interface.
  case donePanning
  /// The re-centre map button.
  case recentre
  /// Go to: the destinations list.
  case destinations
  /// End guidance.
  case endGuidance
  /// The Search row of the destinations list.
  case search
  /// A destination row (a recent one or a search result).
  case destination(Destination.ID)
  /// A trip preview's route choice, started with Go; 0 is the fastest.
  case startRoute(Int)
  /// OK on the notice (the arrival, or why search cannot open while driving).
  case dismissNotice

  /// Where a zoom button sits: the map template shows zoom in the navigation bar, and again
  /// among the map buttons while panning (the bar is hidden then), each with its own id.
  public enum MapControl: Hashable, Sendable {
    /// A navigation-bar button.
    case navigationBar
    /// A map button.
    case mapButton
  }

  /// The element id the host shows; a destination's row is scoped to the list it is in, so
  /// the Search row can never be taken for a destination.
  public var address: RouteAddress {
    switch self {
    case .zoomIn(.navigationBar): RouteAddress("zoom-in")
    case .zoomIn(.mapButton): RouteAddress("map-zoom-in")
    case .zoomOut(.navigationBar): RouteAddress("zoom-out")
    case .zoomOut(.mapButton): RouteAddress("map-zoom-out")
    case .pan: RouteAddress("pan")
    case .donePanning: RouteAddress("done")
    case .recentre: RouteAddress("recentre")
    case .destinations: RouteAddress("destinations")
    case .endGuidance: RouteAddress("end")
    case .search: RouteAddress("search", in: MapApp.Pushed.destinations.templateID)
    case .destination(let id): RouteAddress(ElementID(id))
    case .startRoute(let index): RouteAddress(ElementID("route-\(index + 1)"))
    case .dismissNotice: RouteAddress("ok", in: MapApp.noticeID)
    }
  }
}
