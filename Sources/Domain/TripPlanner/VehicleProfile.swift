import Charging
import Routing

/// An electric car as the planner sees it: usable battery, consumption and DC charging curve.
///
/// The shape follows Open EV Data (ev-domain.md §7): usable kWh, DC curve as `(SoC %, kW)`,
/// average consumption.
public struct VehicleProfile: Hashable, Sendable, Identifiable {
  /// A short, lower-case key for the command line, e.g. `model-y-lr-2020`.
  public var id: String
  /// The display name, e.g. `Tesla Model Y Long Range (2020)`.
  public var name: String
  /// Usable battery capacity in kWh.
  public var usableCapacityKilowattHours: Double
  /// Energy use per distance.
  public var consumption: ConsumptionModel
  /// DC charging power versus state of charge.
  public var chargingCurve: ChargingCurve
  /// Where the numbers come from.
  public var source: String
  /// The plugs the car takes (its inlets): `type2` for AC, `type2Combo` (CCS) for DC. A car
  /// without a DC inlet (a Renault Zoe ZE40) is never planned at a DC-only charger.
  public var connectors: Set<ConnectorStandard>

  /// Creates a profile; throws `RoutingError` when the capacity or consumption is invalid.
  public init(
    id: String, name: String, usableCapacityKilowattHours: Double, consumption: ConsumptionModel,
    chargingCurve: ChargingCurve, source: String,
    connectors: Set<ConnectorStandard> = [.type2, .type2Combo]
  ) throws(RoutingError) {
    guard usableCapacityKilowattHours > 0, usableCapacityKilowattHours.isFinite else {
      throw RoutingError(
        .invalidVehicle,
        "vehicle '\(id)' has usable capacity \(usableCapacityKilowattHours) kWh; expected a positive number"
      )
    }
    try consumption.validate()
    self.id = id
    self.name = name
    self.usableCapacityKilowattHours = usableCapacityKilowattHours
    self.consumption = consumption
    self.chargingCurve = chargingCurve
    self.source = source
    self.connectors = connectors
  }

  /// Whether the car can charge by direct current (it has a DC inlet).
  public var chargesDirectCurrent: Bool {
    connectors.contains { $0.isDirectCurrent }
  }

  /// Seconds to charge from `start` to `end` (fractions) at a station of `stationKilowatts`.
  public func chargingSeconds(from start: Double, to end: Double, stationKilowatts: Double)
    -> Double
  {
    chargingCurve.chargingSeconds(
      from: start, to: end, capacityKilowattHours: usableCapacityKilowattHours,
      stationKilowatts: stationKilowatts)
  }
}
