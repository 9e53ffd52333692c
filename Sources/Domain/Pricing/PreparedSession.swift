import Charging
import Foundation

/// A session converted to integers (ms, mWh, mW, mA) with its local clock, reusable for pricing
/// the same session under many tariffs.
public struct PreparedSession: Sendable {
  /// The session as described.
  public let session: ChargingSession
  /// UTC milliseconds of the first period's start.
  let startUTC: Int64
  /// Offset (ms from `startUTC`) at which the charging session proper begins (after reservations).
  let sessionZero: Int64
  let periods: [PreparedPeriod]
  let clock: LocalClock

  /// Converts a session; throws ``SessionError`` for negative durations or energies, for
  /// reservations after charging began, or for values out of range.
  public init(_ session: ChargingSession) throws {
    self.session = session
    let startUTC = Int64((session.start.timeIntervalSince1970 * 1000).rounded())
    self.startUTC = startUTC
    var periods: [PreparedPeriod] = []
    var cursor: Int64 = 0
    var energy: Int64 = 0
    var sessionZero: Int64?
    for (index, period) in session.periods.enumerated() {
      guard period.milliseconds >= 0 else {
        throw SessionError("period \(index + 1) lasts \(period.milliseconds) ms, expected ≥ 0")
      }
      let end = cursor + period.milliseconds
      switch period.activity {
      case .reservation(let expired):
        guard sessionZero == nil else {
          throw SessionError(
            "period \(index + 1) is a reservation after charging began, expected reservations first"
          )
        }
        periods.append(
          PreparedPeriod(
            kind: expired ? .expiredReservation : .reservation, start: cursor, end: end,
            energyStart: energy, energyEnd: energy, powerNumerator: 0, powerDenominator: 1,
            currentMilliamps: nil))
      case .parking:
        if sessionZero == nil { sessionZero = cursor }
        periods.append(
          PreparedPeriod(
            kind: .parking, start: cursor, end: end, energyStart: energy, energyEnd: energy,
            powerNumerator: 0, powerDenominator: 1, currentMilliamps: 0))
      case .charging(let kWh, let powerKW, let currentA):
        if sessionZero == nil { sessionZero = cursor }
        guard kWh >= 0, let mWh = DecimalScaling.scaled(kWh, decimals: 6, rounding: true),
          mWh < 1_000_000_000_000
        else {
          throw SessionError("period \(index + 1): energy \(kWh) kWh is negative or out of range")
        }
        var numerator: Int128
        var denominator: Int128
        if let powerKW {
          guard powerKW >= 0, let mW = DecimalScaling.scaled(powerKW, decimals: 6, rounding: true)
          else {
            throw SessionError(
              "period \(index + 1): power \(powerKW) kW is negative or out of range")
          }
          numerator = mW
          denominator = 1
        } else {
          // Average power in mW = mWh × 3.6e6 / ms.
          numerator = mWh * 3_600_000
          denominator = Int128(max(period.milliseconds, 1))
        }
        var current: Int64?
        if let currentA {
          guard currentA >= 0, let mA = DecimalScaling.scaled(currentA, decimals: 3, rounding: true)
          else {
            throw SessionError(
              "period \(index + 1): current \(currentA) A is negative or out of range")
          }
          current = Int64(mA)
        }
        periods.append(
          PreparedPeriod(
            kind: .charging, start: cursor, end: end, energyStart: energy,
            energyEnd: energy + Int64(mWh), powerNumerator: numerator,
            powerDenominator: denominator, currentMilliamps: current))
        energy += Int64(mWh)
      }
      cursor = end
    }
    self.periods = periods
    self.sessionZero = sessionZero ?? cursor
    self.clock = LocalClock(timeZone: session.timeZone, fromUTC: startUTC, toUTC: startUTC + cursor)
  }

  /// A one-charge-then-park session from integers (the quote fast path, no decimal arithmetic).
  init(
    start: Date, timeZone: TimeZone, chargeMilliseconds: Int64, energyMilliwattHours: Int64,
    powerMilliwatts: Int64, parkMilliseconds: Int64
  ) {
    session = ChargingSession(start: start, timeZone: timeZone, periods: [])
    let startUTC = Int64((start.timeIntervalSince1970 * 1000).rounded())
    self.startUTC = startUTC
    sessionZero = 0
    var periods = [
      PreparedPeriod(
        kind: .charging, start: 0, end: chargeMilliseconds, energyStart: 0,
        energyEnd: energyMilliwattHours, powerNumerator: Int128(powerMilliwatts),
        powerDenominator: 1, currentMilliamps: nil)
    ]
    if parkMilliseconds > 0 {
      periods.append(
        PreparedPeriod(
          kind: .parking, start: chargeMilliseconds, end: chargeMilliseconds + parkMilliseconds,
          energyStart: energyMilliwattHours, energyEnd: energyMilliwattHours, powerNumerator: 0,
          powerDenominator: 1, currentMilliamps: 0))
    }
    self.periods = periods
    clock = LocalClock(
      timeZone: timeZone, fromUTC: startUTC, toUTC: startUTC + chargeMilliseconds + parkMilliseconds
    )
  }

  /// Total energy charged, in mWh.
  public var energyMilliwattHours: Int64 { periods.last?.energyEnd ?? 0 }

  /// The instant charging (or parking) begins, after any reservation.
  public var sessionStart: Date {
    Date(timeIntervalSince1970: Double(startUTC + sessionZero) / 1000)
  }
}

struct PreparedPeriod: Sendable {
  enum Kind: Sendable { case charging, parking, reservation, expiredReservation }
  let kind: Kind
  let start: Int64
  let end: Int64
  let energyStart: Int64
  let energyEnd: Int64
  let powerNumerator: Int128
  let powerDenominator: Int128
  let currentMilliamps: Int64?

  /// Cumulative session energy (mWh) at offset `t`, linear within the period.
  @inline(__always)
  func energy(at t: Int64) -> Int64 {
    if t <= start || energyEnd == energyStart { return energyStart }
    if t >= end { return energyEnd }
    let delivered = Int128(energyEnd - energyStart) * Int128(t - start) / Int128(end - start)
    return energyStart + Int64(delivered)
  }
}
