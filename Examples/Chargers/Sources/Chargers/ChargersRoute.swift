import CarSession
import CarTemplates

/// What the driver can tap, as a type. Each case spells itself as the element id the car
/// shows once, here; the screen writes ids through it and the session turns a tap back into
/// the route, so the app never compares id strings.
public enum ChargersRoute: CarRoute {
  /// A charger's row on the list.
  case charger(Charger.ID)
  /// Retry on the list after the chargers failed to load.
  case retry
  /// Navigate on a charger's details.
  case navigate(Charger.ID)

  /// The element id the car shows, in the template it is shown on.
  public var address: RouteAddress {
    switch self {
    case .charger(let id): RouteAddress(ElementID(id), in: Chargers.listID)
    case .retry: RouteAddress("retry", in: Chargers.listID)
    case .navigate(let id): RouteAddress("navigate", in: Chargers.detailsID(id))
    }
  }
}
