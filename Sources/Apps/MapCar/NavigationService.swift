import CarTemplates
import Foundation
import Geo
import Synchronization

/// The state the phone's map and the car's map share: where the car is, the content style
/// and the active route. Each side draws its own map from it; the car never needs the phone's
/// screen, and the phone shows the route the car is guiding (issue 11, item 7).
public final class NavigationService: Sendable {
  /// What both maps see.
  public struct Shared: Hashable, Sendable {
    /// The latest position.
    public var location: Coordinate?
    /// Whether the maps use their night colours.
    public var isDark = false
    /// The route being guided and its destination's name.
    public var activeRoute: Polyline?
    /// The active route's destination.
    public var destinationName: String?
  }

  private let state = Mutex((shared: Shared(), revision: 0))

  /// Creates an empty service.
  public init() {}

  /// What both maps see now.
  public var shared: Shared { state.withLock { $0.shared } }

  /// Changes the shared state.
  public func update(_ change: @Sendable (inout Shared) -> Void) {
    state.withLock { change(&$0.shared) }
  }

  /// Publishes what the car app shares at `revision`; a publication older than the newest
  /// one seen is dropped (effects publishing in turn may run out of order).
  public func publish(_ shared: Shared, revision: Int) {
    state.withLock {
      guard revision > $0.revision else { return }
      $0 = (shared, revision)
    }
  }
}

extension NavigationService.Shared {
  /// What the car app's state shares with the phone: the car's position, the colours and the
  /// guided route with its destination.
  public init(_ state: MapApp.State) {
    self.init(
      location: state.car, isDark: state.isDark, activeRoute: state.guidance?.route.polyline,
      destinationName: state.guidance?.destinationName)
  }
}

/// The phone's own map over the shared state: a north-up view of the whole active route, or
/// the car's surroundings when nothing is guided.
public enum PhoneMap {
  /// The phone's viewport for its screen size.
  public static func viewport(_ shared: NavigationService.Shared, width: Double, height: Double)
    -> (center: Coordinate, zoom: Double, route: Polyline?)
  {
    if let route = shared.activeRoute, let box = route.boundingBox {
      let fit = MapCameraFit.fitting(box, width: width, height: height)
      return (fit.center, fit.zoom, route)
    }
    return (shared.location ?? MapApp.home, 13, nil)
  }
}

extension MapApp {
  /// The phone's map over what the state shares with the phone: the whole active route
  /// north-up with its destination, or the car's surroundings, in the shared day or night
  /// colours.
  public func phoneMap(_ state: State, width: Double, height: Double) -> CarWindowSpec? {
    PhoneMap.content(NavigationService.Shared(state), width: width, height: height)
  }
}

extension PhoneMap {
  /// What the phone draws for the shared state on a screen of that size.
  public static func content(_ shared: NavigationService.Shared, width: Double, height: Double)
    -> CarWindowSpec
  {
    let view = viewport(shared, width: width, height: height)
    var markers: [PointOfInterestSpec] = []
    if let route = view.route, let end = route.coordinates.last {
      markers.append(
        PointOfInterestSpec(
          id: "destination", location: end, title: shared.destinationName ?? "Destination"))
    }
    return CarWindowSpec(
      center: view.center, zoom: view.zoom, isDark: shared.isDark, car: shared.location,
      route: view.route, markers: markers)
  }
}

/// Fitting a region into a view, as a camera.
enum MapCameraFit {
  static func fitting(_ box: BoundingBox, width: Double, height: Double) -> MapCamera {
    let v = MapViewport.fitting(box, width: width, height: height, padding: 40)
    return MapCamera(center: v.center, zoom: v.zoom)
  }
}
