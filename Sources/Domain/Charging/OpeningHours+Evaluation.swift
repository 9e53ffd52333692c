import Foundation

/// A moment expressed in a station's local time, the input to ``OpeningHours/isOpen(at:local:)``.
///
/// Computing it needs a `Calendar`, which is slow next to the rule itself; callers that test many
/// stations in one zone (the spatial index's "open now" filter) compute it once per zone.
public struct LocalMoment: Hashable, Sendable {
  /// Seconds since 1970-01-01T00:00:00Z, for OCPI's exceptional periods (which are in UTC).
  public var utcSeconds: Double
  /// The local weekday, 1 = Monday … 7 = Sunday (OCPI `weekday`).
  public var weekday: Int
  /// Minutes after local midnight, 0 ..< 1440.
  public var minuteOfDay: Int

  /// Creates a moment from its parts.
  public init(utcSeconds: Double, weekday: Int, minuteOfDay: Int) {
    self.utcSeconds = utcSeconds
    self.weekday = weekday
    self.minuteOfDay = minuteOfDay
  }

  /// The instant `date` on the wall clock of `timeZone`.
  public init(_ date: Date, in timeZone: TimeZone) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
    // Calendar counts 1 = Sunday … 7 = Saturday; OCPI counts 1 = Monday … 7 = Sunday.
    let gregorianWeekday = parts.weekday ?? 1
    self.init(
      utcSeconds: date.timeIntervalSince1970,
      weekday: (gregorianWeekday + 5) % 7 + 1,
      minuteOfDay: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
  }
}

extension OpeningHours {
  /// Whether the station is open at `date`, reading the regular hours on the wall clock of
  /// `timeZone`.
  ///
  /// Follows OCPI 2.2.1 `Hours` (`Documentation/Reference/ev-domain.md` §1.5): an exceptional closing
  /// wins over everything, then an exceptional opening opens, then `twentyfourseven`, then the
  /// regular hours in local time (`begin ≤ t < end`). Exceptional periods are half-open UTC
  /// intervals `[begin, end)`.
  public func isOpen(at date: Date, in timeZone: TimeZone) -> Bool {
    isOpen(at: LocalMoment(date, in: timeZone))
  }

  /// Whether the station is open at a moment already converted to its local time.
  ///
  /// A regular period whose end is not after its begin (an importer that did not split an
  /// overnight period, e.g. 22:00–06:00) is read as running past midnight into the next day
  /// rather than being dropped.
  public func isOpen(at moment: LocalMoment) -> Bool {
    let t = moment.utcSeconds
    if exceptionalClosings.contains(where: { $0.begin <= t && t < $0.end }) { return false }
    if exceptionalOpenings.contains(where: { $0.begin <= t && t < $0.end }) { return true }
    if twentyFourSeven { return true }
    let previousWeekday = moment.weekday == 1 ? 7 : moment.weekday - 1
    let minute = moment.minuteOfDay
    for period in regular {
      if period.endMinute > period.beginMinute {
        if period.weekday == moment.weekday, period.beginMinute <= minute,
          minute < period.endMinute
        {
          return true
        }
      } else {
        // Overnight: [begin, 24:00) on its weekday and [00:00, end) on the next day.
        if period.weekday == moment.weekday, minute >= period.beginMinute { return true }
        if period.weekday == previousWeekday, minute < period.endMinute { return true }
      }
    }
    return false
  }
}

extension Station {
  /// Whether the station is open at `date` in its own IANA time zone.
  ///
  /// Unknown hours count as open: the 2022 register and the 2026 fast-charger list carry no
  /// hours, and hiding every such station behind an "open now" filter would hide almost all of
  /// them. A time zone identifier the system does not know also counts as unknown (open), because
  /// the local wall clock cannot be read; an exceptional closing in UTC still closes the station.
  public func isOpen(at date: Date) -> Bool {
    guard let hours = openingHours else { return true }
    guard let zone = TimeZone(identifier: timeZone) else {
      let t = date.timeIntervalSince1970
      return !hours.exceptionalClosings.contains { $0.begin <= t && t < $0.end }
    }
    return hours.isOpen(at: date, in: zone)
  }
}
