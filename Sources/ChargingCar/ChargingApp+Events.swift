import CarSession
import CarTemplates
import Charging

extension ChargingApp {
  /// The screen for a state (``ChargingScreens/screen(_:_:)``).
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    ChargingScreens.screen(state, configuration)
  }

  /// Lifecycle, map, location, card, list, button, voice and lock events flow into the state.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .connected: return .appeared
    case .disconnected: return .disappeared
    case .mapRegionChanged(_, let region): return .regionChanged(region)
    case .locationChanged(let coordinate): return .moved(coordinate)
    case .pointSelected(_, let point): return .select(Station.ID(point.rawValue))
    case .pointDeselected: return .deselect
    case .buttonPressed(_, let button): return buttonAction(button.rawValue)
    case .listItemSelected(let template, let item, _):
      switch template.rawValue {
      case "filters": return .toggleFilter(item.rawValue)
      case "favourites": return .openFavourite(Station.ID(item.rawValue))
      case "route": return .chooseDestination(item.rawValue)
      default: return nil
      }
    case .backPressed: return .back
    case .tabSelected(let index, _): return .selectTab(index)
    case .voiceIntent(let intent):
      return intent == Self.showFastChargersIntent ? .showFastChargers : nil
    case .phoneLockChanged(let locked): return .phoneLock(locked)
    default: return nil
    }
  }

  private func buttonAction(_ id: String) -> Action? {
    switch id {
    case "retry": return .retry
    case "filters": return .showFilters
    case "navigate": return .navigate(nil)
    case "favourite": return .toggleFavourite
    case "start-navigation": return .startNavigation
    case "continue": return .continueToDestination
    default:
      if id.hasPrefix("details-") { return .showDetails(Station.ID(String(id.dropFirst(8)))) }
      if id.hasPrefix("navigate-") { return .navigate(Station.ID(String(id.dropFirst(9)))) }
      return nil
    }
  }
}
