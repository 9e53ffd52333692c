import Foundation

/// What a live feed last said about one charge point: its status and when it was observed.
///
/// The observation time is the feed's own time for the status where it gives one that tracks
/// status changes (DATEX II `lastUpdated`), else the time the feed was published or fetched
/// (see `Guides/LiveStatus.md`, "Observation time").
public struct StatusObservation: Hashable, Sendable, Codable {
  /// The charge point's eMI3 EVSE id, e.g. `DE*EBW*E914082*2`.
  public var evseID: String
  /// The status in the one model every feed maps onto.
  public var status: EVSEStatus
  /// When the status was observed.
  public var observedAt: Date

  /// Creates an observation.
  public init(evseID: String, status: EVSEStatus, observedAt: Date) {
    self.evseID = evseID
    self.status = status
    self.observedAt = observedAt
  }
}

/// How long a live status is believed, and how a charge point's status counts for the driver.
public enum LiveStatusPolicy {
  /// A status older than this is stale: shown as "unknown since HH:MM", never as free.
  ///
  /// Fifteen minutes: AFIR feeds on the national access point are pulled every minute or few
  /// (EnBW's is a `deltaPull`), a charging session lasts 20–40 minutes at a fast charger, so a
  /// status a quarter of an hour old no longer says whether the charge point is free now.
  public static let staleAfter: TimeInterval = 15 * 60

  /// A status observed this long before the newest status kept is forgotten — in memory and in
  /// the store — whether or not its feed still names the charge point: two days older than what
  /// the feeds say now, it says little a missing status does not (both are "unknown"; until
  /// then it reads "unknown since" its date), and a feed whose charge point ids change would
  /// otherwise grow the kept statuses without limit. Measured
  /// from the newest status, not the clock, so statuses kept over a long stop stay until the
  /// feeds speak again, and a journey's or test's fixed dates age only with their own feed.
  public static let expireAfter: TimeInterval = 48 * 60 * 60

  /// Whether an observation made at `observedAt` has expired when the newest status kept was
  /// observed at `newest` (``expireAfter``).
  public static func isExpired(observedAt: Date, newest: Date) -> Bool {
    newest.timeIntervalSince(observedAt) > expireAfter
  }

  /// Whether an observation made at `observedAt` is stale at `now`.
  public static func isStale(observedAt: Date, now: Date) -> Bool {
    now.timeIntervalSince(observedAt) > staleAfter
  }
}

extension EVSEStatus {
  /// How the status counts for a driver who wants to charge now.
  public enum Availability: Hashable, Sendable {
    /// Free: a session can start.
    case free
    /// In use, reserved or blocked by a parked car: working, but not free now.
    case busy
    /// Broken or out of service.
    case outOfOrder
    /// No usable status.
    case unknown
  }

  /// The status's availability class: available is free; charging, reserved and blocked are
  /// busy; out of order, inoperative and removed are out of order; planned and unknown are
  /// unknown.
  public var availability: Availability {
    switch self {
    case .available: .free
    case .charging, .reserved, .blocked: .busy
    case .outOfOrder, .inoperative, .removed: .outOfOrder
    case .planned, .unknown: .unknown
    }
  }
}
