import Charging
import Foundation

/// The last known status of one charge point as the store keeps it.
public struct LiveStatusRecord: Hashable, Sendable {
  /// The status, its charge point and when it was observed.
  public var observation: StatusObservation
  /// The register station the charge point was matched to; nil when it matched none.
  public var stationID: Station.ID?
  /// The feed it came from, e.g. `ocpi:http://127.0.0.1:8111/ocpi/locations`.
  public var source: String

  /// Creates a record.
  public init(observation: StatusObservation, stationID: Station.ID?, source: String) {
    self.observation = observation
    self.stationID = stationID
    self.source = source
  }
}

extension StationStore {
  /// Saves the latest status of each charge point in `records` in one transaction; a record
  /// older than the one already kept for its charge point is ignored (a delayed delta must not
  /// overwrite a newer status). A record dated after `now` is kept as observed `now`: a future
  /// date would win over every later real status. Returns how many rows changed.
  @discardableResult
  public func applyLiveStatus(_ records: [LiveStatusRecord], now: Date = Date()) throws(StationStoreError)
    -> Int
  {
    guard !records.isEmpty else { return 0 }
    return try withStations { db in
      try db.transaction {
        let upsert = try db.prepare(
          """
          INSERT INTO live_status (evse_id, station_id, status, observed_at, source)
          VALUES (?1, ?2, ?3, ?4, ?5)
          ON CONFLICT(evse_id) DO UPDATE SET station_id = excluded.station_id,
            status = excluded.status, observed_at = excluded.observed_at, source = excluded.source
          WHERE excluded.observed_at >= live_status.observed_at
          """)
        var changed = 0
        for record in records {
          try upsert.bind([
            .text(record.observation.evseID),
            record.stationID.map { .text($0.rawValue) } ?? .null,
            .text(record.observation.status.rawValue),
            .real(min(record.observation.observedAt, now).timeIntervalSince1970),
            .text(record.source),
          ])
          while try upsert.step() {}
          changed += db.changes
        }
        return changed
      }
    }
  }

  /// Every kept status, by charge point id.
  public func liveStatus() throws(StationStoreError) -> [LiveStatusRecord] {
    try withStations { db in
      let statement = try db.prepare(
        "SELECT evse_id, station_id, status, observed_at, source FROM live_status ORDER BY evse_id")
      var records: [LiveStatusRecord] = []
      while try statement.step() {
        records.append(Self.liveRecord(statement))
      }
      return records
    }
  }

  /// The kept statuses of the charge points matched to `stationIDs`.
  public func liveStatus(forStations stationIDs: [Station.ID]) throws(StationStoreError)
    -> [LiveStatusRecord]
  {
    try withStations { db in
      let statement = try db.prepare(
        """
        SELECT evse_id, station_id, status, observed_at, source FROM live_status
        WHERE station_id = ?1 ORDER BY evse_id
        """)
      var records: [LiveStatusRecord] = []
      for id in stationIDs {
        try statement.bind([.text(id.rawValue)])
        while try statement.step() { records.append(Self.liveRecord(statement)) }
      }
      return records
    }
  }

  /// Dates every kept status observed after `now` at `now` (rows an earlier run kept from a feed
  /// dated in the future, or written while the clock was ahead); returns how many.
  @discardableResult
  public func repairFutureLiveStatus(now: Date = Date()) throws(StationStoreError) -> Int {
    try withStations { db in
      try db.run(
        "UPDATE live_status SET observed_at = ?1 WHERE observed_at > ?1",
        [.real(now.timeIntervalSince1970)])
      return db.changes
    }
  }

  /// Forgets the statuses of the charge points `evseIDs` (ones their feed no longer sends) in
  /// one transaction; returns how many rows went.
  @discardableResult
  public func removeLiveStatus(evseIDs: [String]) throws(StationStoreError) -> Int {
    guard !evseIDs.isEmpty else { return 0 }
    return try withStations { db in
      try db.transaction {
        let delete = try db.prepare("DELETE FROM live_status WHERE evse_id = ?1")
        var removed = 0
        for id in evseIDs {
          try delete.bind([.text(id)])
          while try delete.step() {}
          removed += db.changes
        }
        return removed
      }
    }
  }

  /// Forgets every status observed more than `age` seconds before the newest one kept (expired
  /// ones); returns how many rows went.
  @discardableResult
  public func removeLiveStatus(olderThanNewestBy age: TimeInterval) throws(StationStoreError) -> Int {
    try withStations { db in
      try db.run(
        "DELETE FROM live_status WHERE observed_at < (SELECT MAX(observed_at) FROM live_status) - ?1",
        [.real(age)])
      return db.changes
    }
  }

  /// Forgets every status that came from `source`.
  public func removeLiveStatus(source: String) throws(StationStoreError) {
    try withStations { db in
      try db.run("DELETE FROM live_status WHERE source = ?1", [.text(source)])
    }
  }

  private static func liveRecord(_ statement: SQLiteStatement) -> LiveStatusRecord {
    // A status word this version does not know (a newer one wrote it) reads as unknown.
    let status = EVSEStatus(rawValue: statement.text(2) ?? "") ?? .unknown
    return LiveStatusRecord(
      observation: StatusObservation(
        evseID: statement.text(0) ?? "", status: status,
        observedAt: Date(timeIntervalSince1970: statement.double(3))),
      stationID: statement.text(1).map { Station.ID($0) }, source: statement.text(4) ?? "")
  }
}
