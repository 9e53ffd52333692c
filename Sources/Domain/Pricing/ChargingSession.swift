import Charging
import Foundation

/// A charging session to price: when it starts, where (time zone), and what happened in order.
///
/// The periods are the timeline §1.8 of `Documentation/Reference/ev-domain.md` asks an estimate to
/// build itself: reservation periods (if any) first, then charging and parking periods. The
/// calculator splits them further wherever a tariff restriction could switch.
public struct ChargingSession: Hashable, Sendable {
  /// When the first period starts.
  public var start: Date
  /// The location's time zone; all time-of-day, date and weekday restrictions use it.
  public var timeZone: TimeZone
  /// What happened, in order.
  public var periods: [SessionPeriod]

  /// Creates a session.
  public init(start: Date, timeZone: TimeZone, periods: [SessionPeriod]) {
    self.start = start
    self.timeZone = timeZone
    self.periods = periods
  }

  /// A session of one charging period followed by an optional parking period.
  ///
  /// - Parameters:
  ///   - energyKWh: energy delivered while charging.
  ///   - chargeMinutes: minutes of charging (fractions allowed; kept to the millisecond).
  ///   - parkMinutes: minutes plugged in but not charging afterwards.
  ///   - maxPowerKW: the power power restrictions see; when nil, the average power
  ///     `energy / time` is used. The average may not exceed it.
  /// - Throws: ``SessionError`` naming the bad value and what was expected.
  public static func simple(
    start: Date, timeZone: TimeZone, energyKWh: Decimal, chargeMinutes: Decimal,
    parkMinutes: Decimal = 0, maxPowerKW: Decimal? = nil
  ) throws -> ChargingSession {
    guard energyKWh >= 0 else {
      throw SessionError("energy \(energyKWh) kWh is negative, expected ≥ 0")
    }
    guard chargeMinutes >= 0 else {
      throw SessionError("charging time \(chargeMinutes) min is negative, expected ≥ 0")
    }
    guard parkMinutes >= 0 else {
      throw SessionError("parking time \(parkMinutes) min is negative, expected ≥ 0")
    }
    if energyKWh > 0, chargeMinutes == 0 {
      throw SessionError(
        "\(energyKWh) kWh cannot be charged in 0 minutes, expected a charging time > 0")
    }
    if let maxPowerKW {
      guard maxPowerKW > 0 else {
        throw SessionError("max power \(maxPowerKW) kW is not positive, expected > 0")
      }
      let average = energyKWh * 60 / chargeMinutes
      if chargeMinutes > 0, average > maxPowerKW {
        throw SessionError(
          "\(energyKWh) kWh in \(chargeMinutes) min needs an average of \(DecimalText.short(average)) kW, more than the max power \(maxPowerKW) kW"
        )
      }
    }
    var periods: [SessionPeriod] = []
    if chargeMinutes > 0 {
      periods.append(
        try .charging(
          milliseconds: SessionPeriod.milliseconds(minutes: chargeMinutes, of: "charging time"),
          energyKWh: energyKWh,
          powerKW: maxPowerKW))
    }
    if parkMinutes > 0 {
      periods.append(
        .parking(
          milliseconds: try SessionPeriod.milliseconds(minutes: parkMinutes, of: "parking time")))
    }
    return ChargingSession(start: start, timeZone: timeZone, periods: periods)
  }
}

/// One stretch of a session during which nothing the tariff can see changes by itself.
public struct SessionPeriod: Hashable, Sendable {
  /// What the vehicle does during a period.
  public enum Activity: Hashable, Sendable {
    /// Charging: energy delivered, and the power/current restrictions see (nil = unknown;
    /// unknown power falls back to the period's average, unknown current never matches a
    /// current restriction).
    case charging(energyKWh: Decimal, powerKW: Decimal?, currentA: Decimal?)
    /// Plugged in or parked without requesting power.
    case parking
    /// A reservation before charging; `expired` when it ended without a charging session.
    case reservation(expired: Bool)
  }

  /// What happens.
  public var activity: Activity
  /// How long it lasts, in milliseconds.
  public var milliseconds: Int64

  /// Creates a period.
  public init(activity: Activity, milliseconds: Int64) {
    self.activity = activity
    self.milliseconds = milliseconds
  }

  /// A charging period.
  public static func charging(
    milliseconds: Int64, energyKWh: Decimal, powerKW: Decimal? = nil, currentA: Decimal? = nil
  ) -> SessionPeriod {
    SessionPeriod(
      activity: .charging(energyKWh: energyKWh, powerKW: powerKW, currentA: currentA),
      milliseconds: milliseconds)
  }

  /// A charging period given in whole minutes.
  public static func charging(
    minutes: Int, energyKWh: Decimal, powerKW: Decimal? = nil, currentA: Decimal? = nil
  ) -> SessionPeriod {
    charging(
      milliseconds: Int64(minutes) * 60_000, energyKWh: energyKWh, powerKW: powerKW,
      currentA: currentA)
  }

  /// A parking period.
  public static func parking(milliseconds: Int64) -> SessionPeriod {
    SessionPeriod(activity: .parking, milliseconds: milliseconds)
  }

  /// A parking period given in whole minutes.
  public static func parking(minutes: Int) -> SessionPeriod {
    parking(milliseconds: Int64(minutes) * 60_000)
  }

  /// A reservation period given in whole minutes.
  public static func reservation(minutes: Int, expired: Bool = false) -> SessionPeriod {
    SessionPeriod(activity: .reservation(expired: expired), milliseconds: Int64(minutes) * 60_000)
  }

  /// The longest period ``milliseconds(minutes:of:)`` accepts, in whole minutes (about 73
  /// million years: the bound keeps every sum of periods inside 64-bit milliseconds).
  static let maximumMinutes: Int64 = Int64.max / 4 / 60_000

  /// Converts minutes (fractions allowed) into whole milliseconds, rounding half up; `what` names
  /// the duration in the error (e.g. `charging time`).
  static func milliseconds(minutes: Decimal, of what: String) throws -> Int64 {
    guard let scaled = DecimalScaling.scaled(minutes * 60_000, decimals: 0, rounding: true),
      scaled >= 0, scaled < Int128(Int64.max / 4)
    else {
      throw SessionError(
        "\(what) \(minutes) min is out of range, expected 0 … \(maximumMinutes) min")
    }
    return Int64(scaled)
  }
}

/// A session description that cannot be priced, saying which value is wrong and why.
public struct SessionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong and what was expected.
  public var message: String
  /// Creates an error.
  public init(_ message: String) { self.message = message }
  /// A one-line text for messages and logs.
  public var description: String { message }
}

/// Short decimal text for messages.
enum DecimalText {
  static func short(_ value: Decimal) -> String {
    var v = value
    var rounded = Decimal()
    NSDecimalRound(&rounded, &v, 2, .plain)
    return rounded.description
  }
}
