import Foundation
import Routing

/// A car's DC charging power as a piecewise-linear function of state of charge.
///
/// The power the car draws at state of charge `s` is `min(P_car(s), P_station)`. Charging time is
/// the exact integral `t = ∫ C / min(P_car(s), P_station) ds`: on a linear piece from `(a, P_a)` to
/// `(b, P_b)` it is `C (b − a) ln(P_b / P_a) / (P_b − P_a)` (or `C (b − a) / P_a` when flat), and
/// pieces are split where they cross the station's power (ev-domain.md §4.1).
public struct ChargingCurve: Hashable, Sendable {
  /// One point of the curve.
  public struct Point: Hashable, Sendable {
    /// State of charge as a fraction, 0…1.
    public var stateOfCharge: Double
    /// Power the car accepts there, in kW.
    public var kilowatts: Double
    /// Creates a point.
    public init(stateOfCharge: Double, kilowatts: Double) {
      self.stateOfCharge = stateOfCharge
      self.kilowatts = kilowatts
    }
  }

  /// The points, by increasing state of charge, from 0 to 1.
  public let points: [Point]

  /// Creates a curve from `(percent, kW)` pairs as Open EV Data writes them (`{0: 246, 35: 238, …}`).
  ///
  /// Throws `RoutingError` unless the percentages increase strictly from 0 to 100 and every
  /// power is positive and finite.
  public init(percentAndKilowatts pairs: [(Double, Double)]) throws(RoutingError) {
    guard let first = pairs.first, let last = pairs.last, first.0 == 0, last.0 == 100,
      pairs.count >= 2
    else {
      throw RoutingError(
        .invalidVehicle,
        "charging curve \(pairs.map { "\($0.0)%: \($0.1) kW" }) must start at 0 % and end at 100 %")
    }
    for (a, b) in zip(pairs, pairs.dropFirst()) where !(b.0 > a.0) {
      throw RoutingError(
        .invalidVehicle,
        "charging curve percentages must increase strictly; found \(a.0) % then \(b.0) %")
    }
    for pair in pairs where !(pair.1 > 0 && pair.1.isFinite) {
      throw RoutingError(
        .invalidVehicle,
        "charging curve power at \(pair.0) % is \(pair.1) kW; expected a positive number")
    }
    points = pairs.map { Point(stateOfCharge: $0.0 / 100, kilowatts: $0.1) }
  }

  /// A flat curve: the same power at every state of charge (the linear-charging model).
  public static func constant(kilowatts: Double) throws(RoutingError) -> ChargingCurve {
    try ChargingCurve(percentAndKilowatts: [(0, kilowatts), (100, kilowatts)])
  }

  /// Whether the power is the same at every state of charge.
  public var isFlat: Bool { points.allSatisfy { $0.kilowatts == points[0].kilowatts } }

  /// The highest power on the curve, in kW.
  public var peakKilowatts: Double { points.map(\.kilowatts).max() ?? 0 }

  /// The car's power at a state of charge (clamped to 0…1), in kW, before any station cap.
  public func kilowatts(at stateOfCharge: Double) -> Double {
    let s = min(1, max(0, stateOfCharge))
    for (a, b) in zip(points, points.dropFirst()) where s <= b.stateOfCharge {
      let t = (s - a.stateOfCharge) / (b.stateOfCharge - a.stateOfCharge)
      return a.kilowatts + t * (b.kilowatts - a.kilowatts)
    }
    return points[points.count - 1].kilowatts
  }

  /// The exact time in seconds to charge a battery of `capacityKilowattHours` from `start` to `end`
  /// (fractions, clamped to 0…1) at a station delivering at most `stationKilowatts`; zero when
  /// `end ≤ start`. No charging losses are modelled.
  public func chargingSeconds(
    from start: Double, to end: Double, capacityKilowattHours: Double,
    stationKilowatts: Double = .infinity
  ) -> Double {
    let lower = min(1, max(0, start))
    let upper = min(1, max(0, end))
    guard upper > lower, stationKilowatts > 0 else { return upper > lower ? .infinity : 0 }
    var hours = 0.0
    for (a, b) in zip(points, points.dropFirst()) {
      let x = max(lower, a.stateOfCharge)
      let y = min(upper, b.stateOfCharge)
      guard y > x else { continue }
      let slope = (b.kilowatts - a.kilowatts) / (b.stateOfCharge - a.stateOfCharge)
      let px = a.kilowatts + slope * (x - a.stateOfCharge)
      let py = a.kilowatts + slope * (y - a.stateOfCharge)
      hours += Self.integrate(x, px, y, py, slope: slope, cap: stationKilowatts)
    }
    return hours * capacityKilowattHours * 3600
  }

  /// ∫ ds / min(P(s), cap) over [x, y] where P is linear from px to py.
  private static func integrate(
    _ x: Double, _ px: Double, _ y: Double, _ py: Double, slope: Double, cap: Double
  ) -> Double {
    if px <= cap && py <= cap { return linear(x, px, y, py) }
    if px >= cap && py >= cap { return (y - x) / cap }
    // The piece crosses the cap once, at z.
    let z = x + (cap - px) / slope
    if px < cap {
      return linear(x, px, z, cap) + (y - z) / cap
    }
    return (z - x) / cap + linear(z, cap, y, py)
  }

  /// ∫ ds / P(s) for P linear from px at x to py at y: (y − x) ln(py/px) / (py − px).
  private static func linear(_ x: Double, _ px: Double, _ y: Double, _ py: Double) -> Double {
    let d = py - px
    let ratio = d / px
    if abs(ratio) < 1e-12 { return (y - x) / px }
    return (y - x) * log1p(ratio) / d
  }
}
