import Routing

/// How much energy a car uses per distance, constant or as a function of speed.
public enum ConsumptionModel: Hashable, Sendable {
  /// The same kWh per 100 km at every speed.
  case constant(kilowattHoursPer100Kilometres: Double)
  /// kWh per 100 km at listed speeds (km/h, increasing), linearly interpolated and held flat
  /// beyond the ends — the shape TomTom and Mapbox use (ev-domain.md §4.1).
  case speedTable([SpeedPoint])

  /// One entry of a speed table.
  public struct SpeedPoint: Hashable, Sendable {
    /// Speed in km/h.
    public var kilometresPerHour: Double
    /// Consumption at that speed in kWh per 100 km.
    public var kilowattHoursPer100Kilometres: Double
    /// Creates an entry.
    public init(kilometresPerHour: Double, kilowattHoursPer100Kilometres: Double) {
      self.kilometresPerHour = kilometresPerHour
      self.kilowattHoursPer100Kilometres = kilowattHoursPer100Kilometres
    }
  }

  /// Mapbox's documented example speed table, `0,300;20,160;80,140;120,180` Wh/km
  /// (ev-domain.md §4.1): 18 kWh/100 km at motorway speed, 14 at 80 km/h.
  public static let mapboxExample = ConsumptionModel.speedTable([
    SpeedPoint(kilometresPerHour: 0, kilowattHoursPer100Kilometres: 30),
    SpeedPoint(kilometresPerHour: 20, kilowattHoursPer100Kilometres: 16),
    SpeedPoint(kilometresPerHour: 80, kilowattHoursPer100Kilometres: 14),
    SpeedPoint(kilometresPerHour: 120, kilowattHoursPer100Kilometres: 18),
  ])

  /// Whether the consumption does not depend on speed.
  public var isConstant: Bool {
    if case .constant = self { return true }
    return false
  }

  /// kWh per kilometre at a speed.
  public func kilowattHoursPerKilometre(atKilometresPerHour speed: Double) -> Double {
    switch self {
    case .constant(let value):
      return value / 100
    case .speedTable(let table):
      guard let first = table.first, let last = table.last else { return 0 }
      if speed <= first.kilometresPerHour { return first.kilowattHoursPer100Kilometres / 100 }
      for (a, b) in zip(table, table.dropFirst()) where speed <= b.kilometresPerHour {
        let t = (speed - a.kilometresPerHour) / (b.kilometresPerHour - a.kilometresPerHour)
        return
          (a.kilowattHoursPer100Kilometres
          + t * (b.kilowattHoursPer100Kilometres - a.kilowattHoursPer100Kilometres)) / 100
      }
      return last.kilowattHoursPer100Kilometres / 100
    }
  }

  /// Checks the model: positive finite values, speeds strictly increasing.
  func validate() throws(RoutingError) {
    switch self {
    case .constant(let value):
      guard value > 0, value.isFinite else {
        throw RoutingError(
          .invalidVehicle, "consumption \(value) kWh/100 km; expected a positive number")
      }
    case .speedTable(let table):
      guard !table.isEmpty,
        table.allSatisfy({ $0.kilowattHoursPer100Kilometres > 0 && $0.kilometresPerHour >= 0 }),
        zip(table, table.dropFirst()).allSatisfy({ $0.kilometresPerHour < $1.kilometresPerHour })
      else {
        throw RoutingError(
          .invalidVehicle,
          "consumption speed table must be non-empty with increasing speeds and positive values")
      }
    }
  }
}
