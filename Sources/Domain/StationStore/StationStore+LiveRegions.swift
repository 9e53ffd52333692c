import Charging
import Foundation
import Geo

extension StationStore {
  /// How many cached regions each live source keeps; older ones are dropped.
  public static let maximumCachedRegionsPerSource = 64

  /// Stations a live source returned for a region, as cached in the store.
  public struct CachedRegion: Sendable, Hashable {
    /// The region that was fetched.
    public var bounds: BoundingBox
    /// When it was fetched.
    public var fetchedAt: Date
    /// The cached stations (only those inside the region asked for, when read back).
    public var stations: [Station]

    /// The age relative to `now`.
    public func age(at now: Date) -> TimeInterval { now.timeIntervalSince(fetchedAt) }
  }

  /// Caches a live source's answer for `bounds`, replacing an earlier answer for the same bounds.
  public func cacheLiveRegion(
    _ bounds: BoundingBox, source: String, stations: [Station], fetchedAt: Date
  ) throws(StationStoreError) {
    let limit = Self.maximumCachedRegionsPerSource
    try withStations { db in
      try db.transaction {
        let same: [SQLiteValue] = [
          .text(source), .real(bounds.minimum.latitude), .real(bounds.minimum.longitude),
          .real(bounds.maximum.latitude), .real(bounds.maximum.longitude),
        ]
        try db.run(
          """
          DELETE FROM live_regions WHERE source = ?1 AND min_latitude = ?2 AND min_longitude = ?3
          AND max_latitude = ?4 AND max_longitude = ?5
          """, same)
        try db.run(
          """
          INSERT INTO live_regions (source, min_latitude, min_longitude, max_latitude, max_longitude, fetched_at)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6)
          """, same + [.real(fetchedAt.timeIntervalSince1970)])
        guard case .integer(let regionID)? = try db.scalar("SELECT last_insert_rowid()") else {
          return
        }
        let insert = try db.prepare(
          "INSERT OR REPLACE INTO live_region_stations (region_id, station_id, body) VALUES (?1, ?2, ?3)"
        )
        for station in stations {
          try insert.bind([
            .integer(regionID), .text(station.id.rawValue), .blob(StationCodec.encode(station)),
          ])
          while try insert.step() {}
        }
        try db.run(
          """
          DELETE FROM live_regions WHERE source = ?1 AND id NOT IN (
            SELECT id FROM live_regions WHERE source = ?1 ORDER BY fetched_at DESC, id DESC LIMIT ?2)
          """, [.text(source), .integer(Int64(limit))])
      }
    }
  }

  /// The newest cached answer of `source` whose region covers `bounds`, with only the stations
  /// inside `bounds`; nil when no cached region covers it.
  public func cachedLiveRegion(covering bounds: BoundingBox, source: String)
    throws(StationStoreError) -> CachedRegion?
  {
    try withStations { db -> CachedRegion? in
      guard
        let region = try Self.coveringRegion(db, bounds: bounds, source: source)
      else { return nil }
      let statement = try db.prepare(
        "SELECT body FROM live_region_stations WHERE region_id = ?1 ORDER BY station_id")
      try statement.bind([.integer(region.id)])
      var stations: [Station] = []
      while try statement.step() {
        let station = try statement.withBlob(0) { (raw) throws(StationCodecError) in
          try StationCodec.decode(raw)
        }
        if bounds.contains(station.coordinate) { stations.append(station) }
      }
      return CachedRegion(bounds: region.bounds, fetchedAt: region.fetchedAt, stations: stations)
    }
  }

  private static func coveringRegion(_ db: SQLiteConnection, bounds: BoundingBox, source: String)
    throws -> (id: Int64, bounds: BoundingBox, fetchedAt: Date)?
  {
    let statement = try db.prepare(
      """
      SELECT id, min_latitude, min_longitude, max_latitude, max_longitude, fetched_at
      FROM live_regions WHERE source = ?1 AND min_latitude <= ?2 AND min_longitude <= ?3
      AND max_latitude >= ?4 AND max_longitude >= ?5 ORDER BY fetched_at DESC, id DESC LIMIT 1
      """)
    try statement.bind([
      .text(source), .real(bounds.minimum.latitude), .real(bounds.minimum.longitude),
      .real(bounds.maximum.latitude), .real(bounds.maximum.longitude),
    ])
    guard try statement.step() else { return nil }
    let box = BoundingBox(
      minimum: Coordinate(latitude: statement.double(1), longitude: statement.double(2)),
      maximum: Coordinate(latitude: statement.double(3), longitude: statement.double(4)))
    return (statement.int64(0), box, Date(timeIntervalSince1970: statement.double(5)))
  }
}
