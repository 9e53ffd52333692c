import Charging
import Geo

/// A fast-charging site as the planner needs it: position, power, and a name to show.
public struct PlannerSite: Hashable, Sendable, Identifiable {
  /// The source's stable id, e.g. `bnetza2026fast-…`.
  public var id: String
  /// The operator (CPO).
  public var operatorName: String
  /// Street and city, for display.
  public var address: String
  /// The site's position.
  public var coordinate: Coordinate
  /// The highest power one connector delivers, kW — the cap a single car can get.
  public var maxPowerKilowatts: Double

  /// Creates a site.
  public init(
    id: String, operatorName: String, address: String, coordinate: Coordinate,
    maxPowerKilowatts: Double
  ) {
    self.id = id
    self.operatorName = operatorName
    self.address = address
    self.coordinate = coordinate
    self.maxPowerKilowatts = maxPowerKilowatts
  }

  /// `"Operator, Street, City"`.
  public var displayName: String { address.isEmpty ? operatorName : "\(operatorName), \(address)" }
}

extension PlannerSite {
  /// The site for a charging station, or nil when no connector power is known (a site the
  /// planner cannot time a charge at).
  public init?(station: Station) {
    guard let power = station.maxPower, power.kilowatts > 0 else { return nil }
    self.init(
      id: station.id.rawValue, operatorName: station.operatorName,
      address: station.address.shortText, coordinate: station.coordinate,
      maxPowerKilowatts: power.kilowatts)
  }
}
