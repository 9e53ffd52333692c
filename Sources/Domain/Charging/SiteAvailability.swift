import Foundation

/// A site's live status as the driver reads it: "2 of 4 free", "all busy", "out of order", or
/// "unknown since HH:MM" when every status it has is stale.
///
/// Built from the last known observation of each of the site's charge points; a stale one
/// (``LiveStatusPolicy/staleAfter``) never counts as free, busy or out of order.
public struct SiteAvailability: Hashable, Sendable {
  /// Charge points with a fresh status that are free.
  public var free = 0
  /// Charge points with a fresh status that are busy (charging, reserved, blocked).
  public var busy = 0
  /// Charge points with a fresh status that are out of order or inoperative.
  public var outOfOrder = 0
  /// Charge points with a fresh status that says nothing (unknown, planned).
  public var unknown = 0
  /// Charge points whose last status is stale.
  public var stale = 0
  /// The oldest fresh observation, which dates the summary.
  public var oldestFresh: Date?
  /// The newest observation of all, fresh or stale: "unknown since" this time when all are stale.
  public var newest: Date?
  /// Whether the newest observation is more than ``clockTimeSpan`` old: "unknown since" then
  /// gives its date, not a clock time that would read as today's (a status kept in the store
  /// from before a long stop).
  public var newestIsOld = false

  /// How long "unknown since" gives a clock time ("unknown since 14:05"); older, a date
  /// ("unknown since 3 Dec"). Within 12 hours a clock time cannot be mistaken for a later one.
  public static let clockTimeSpan: TimeInterval = 12 * 3600

  /// Summarises `observations` (one per charge point) as of `now`.
  public init(_ observations: some Sequence<StatusObservation>, now: Date) {
    for observation in observations {
      if newest.map({ observation.observedAt > $0 }) ?? true { newest = observation.observedAt }
      if LiveStatusPolicy.isStale(observedAt: observation.observedAt, now: now) {
        stale += 1
        continue
      }
      if oldestFresh.map({ observation.observedAt < $0 }) ?? true {
        oldestFresh = observation.observedAt
      }
      switch observation.status.availability {
      case .free: free += 1
      case .busy: busy += 1
      case .outOfOrder: outOfOrder += 1
      case .unknown: unknown += 1
      }
    }
    if let newest { newestIsOld = now.timeIntervalSince(newest) > Self.clockTimeSpan }
  }

  /// Charge points with any live status, fresh or stale.
  public var total: Int { free + busy + outOfOrder + unknown + stale }

  /// Charge points with a fresh status.
  public var fresh: Int { free + busy + outOfOrder + unknown }

  /// Whether the site has live status at all.
  public var hasStatus: Bool { total > 0 }

  /// Whether at least one charge point is free now (by a fresh status).
  public var hasFree: Bool { free > 0 }

  /// Whether the site is known to be unusable now: fresh statuses, none free, none unknown, none
  /// stale — every charge point busy or out of order.
  public var isKnownUnusable: Bool { fresh > 0 && free == 0 && unknown == 0 && stale == 0 }

  /// The summary: "2 of 4 free", "all busy", "out of order", "unknown since 14:05" (or
  /// "unknown since 3 Dec" when the newest status is older than ``clockTimeSpan``); nil when the
  /// site has no live status. `timeZone` sets the clock time and date of "unknown since".
  public func text(timeZone: TimeZone) -> String? {
    guard hasStatus else { return nil }
    if fresh == 0 {
      guard let newest else { return "status unknown" }
      return "unknown since "
        + (newestIsOld
          ? Self.day(newest, timeZone: timeZone) : Self.clockTime(newest, timeZone: timeZone))
    }
    if free == 0, busy == 0, unknown == 0, stale == 0, outOfOrder > 0 { return "out of order" }
    if free == 0, busy > 0, unknown == 0, stale == 0, outOfOrder == 0 { return "all busy" }
    var text = "\(free) of \(total) free"
    if outOfOrder > 0 { text += ", \(outOfOrder) out of order" }
    return text
  }

  /// The summary with the age of its oldest fresh status: "2 of 4 free · 3 min ago"; stale and
  /// missing statuses as in ``text(timeZone:)``.
  public func textWithAge(now: Date, timeZone: TimeZone) -> String? {
    guard let text = text(timeZone: timeZone) else { return nil }
    guard fresh > 0, let oldestFresh else { return text }
    return text + " · " + Self.age(of: oldestFresh, now: now)
  }

  /// "just now", "4 min ago" (whole minutes, rounded down).
  public static func age(of date: Date, now: Date) -> String {
    let minutes = Int(max(0, now.timeIntervalSince(date)) / 60)
    return minutes == 0 ? "just now" : "\(minutes) min ago"
  }

  /// `3 Dec` in `timeZone` (English month abbreviations, as the rest of the car's text).
  public static func day(_ date: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.day, .month], from: date)
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let month = months[min(11, max(0, (parts.month ?? 1) - 1))]
    return "\(parts.day ?? 1) \(month)"
  }

  /// `HH:MM` in `timeZone`.
  public static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    let hour = parts.hour ?? 0
    let minute = parts.minute ?? 0
    return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }
}
