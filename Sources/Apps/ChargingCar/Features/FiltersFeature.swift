import CarSession
import Charging

/// The Filters list: each row switches one condition of the driver's filter on or off. The
/// app loads the Charge tab again after every change.
public struct FiltersFeature: CarFeature {
  /// The filter is the whole state.
  public typealias State = ChargeFilter

  /// What can happen on the Filters list.
  public enum Action: Equatable, Sendable {
    /// A row was tapped: its condition flips.
    case toggle(ChargeRoute.FilterRow)
  }

  /// Creates the feature.
  public init() {}

  /// Flips the row's condition.
  public func reduce(_ filter: inout ChargeFilter, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .toggle(let row):
      switch row {
      case .fast: filter.fastOnly.toggle()
      case .favouritesOnly: filter.favouritesOnly.toggle()
      case .knownPrice: filter.knownPriceOnly.toggle()
      case .freeNow: filter.freeNowOnly.toggle()
      case .myNetworks: filter.myNetworksOnly.toggle()
      case .minimumPower(let kilowatts):
        // One minimum at a time: choosing another replaces it, the one that is on turns off.
        filter.minimumKilowatts = filter.minimumKilowatts == kilowatts ? nil : kilowatts
      case .connector(let choice):
        if filter.connectors.contains(choice) {
          filter.connectors.remove(choice)
        } else {
          filter.connectors.insert(choice)
        }
      }
    }
    return []
  }
}
