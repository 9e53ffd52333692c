import Charging
import Foundation
import Geo

extension StationStore {
  /// The origin label of stations loaded from the bundled data on first run.
  public static let bundledOrigin = "bundled"

  /// One import recorded in the station file.
  public struct ImportRecord: Sendable, Hashable {
    /// The origin label, e.g. ``StationStore/bundledOrigin`` or a file name.
    public var origin: String
    /// When the import ran.
    public var importedAt: Date
    /// How many stations it wrote.
    public var stationCount: Int
    /// A free-text note, e.g. the importer's summary.
    public var note: String
  }

  /// What ``loadStations(orImport:)`` did.
  public struct Startup: Sendable {
    /// Every station in the store.
    public var stations: [Station]
    /// Whether the loader ran (first run, or station data was rebuilt).
    public var imported: Bool
    /// A station-file recovery performed while loading (a damaged row found late).
    public var recovery: Recovery?
  }

  /// The number of stations in the store.
  public func stationCount() throws(StationStoreError) -> Int {
    try withStations { db in
      guard case .integer(let n)? = try db.scalar("SELECT count(*) FROM stations") else { return 0 }
      return Int(n)
    }
  }

  /// Every station, in insertion order.
  public func loadStations() throws(StationStoreError) -> [Station] {
    try withStations { db in
      let statement = try db.prepare("SELECT id, body FROM stations ORDER BY row")
      var stations: [Station] = []
      let cache = StationCodec.DecodingCache()
      if case .integer(let n)? = try db.scalar("SELECT max(row) FROM stations") {
        stations.reserveCapacity(Int(n))
      }
      while try statement.step() {
        do throws(StationCodecError) {
          stations.append(
            try statement.withBlob(1) { (raw) throws(StationCodecError) in
              try StationCodec.decode(raw, cache: cache)
            })
        } catch {
          throw StationCodecError(
            reason: "station '\(statement.text(0) ?? "?")': \(error.reason)", offset: error.offset)
        }
      }
      return stations
    }
  }

  /// The stations whose coordinates lie inside `box` (a latitude-indexed scan).
  public func stations(in box: BoundingBox) throws(StationStoreError) -> [Station] {
    try withStations { db in
      let statement = try db.prepare(
        """
        SELECT body FROM stations WHERE latitude BETWEEN ?1 AND ?2 AND longitude BETWEEN ?3 AND ?4
        ORDER BY row
        """)
      try statement.bind([
        .real(box.minimum.latitude), .real(box.maximum.latitude), .real(box.minimum.longitude),
        .real(box.maximum.longitude),
      ])
      var stations: [Station] = []
      while try statement.step() {
        stations.append(
          try statement.withBlob(0) { (raw) throws(StationCodecError) in
            try StationCodec.decode(raw)
          })
      }
      return stations
    }
  }

  /// Replaces every station of `origin` with `stations` in one transaction and records the
  /// import; stations of other origins with the same id are overwritten. Returns the count.
  @discardableResult
  public func replaceStations(_ stations: [Station], origin: String, note: String = "")
    throws(StationStoreError) -> Int
  {
    try write(stations, origin: origin, note: note, deleteOrigin: true)
  }

  /// Inserts `stations`, overwriting any stored station with the same id, in one transaction,
  /// and records the import. Returns the count.
  @discardableResult
  public func upsertStations(_ stations: [Station], origin: String, note: String = "")
    throws(StationStoreError) -> Int
  {
    try write(stations, origin: origin, note: note, deleteOrigin: false)
  }

  private func write(_ stations: [Station], origin: String, note: String, deleteOrigin: Bool)
    throws(StationStoreError) -> Int
  {
    let date = now()
    return try withStations { db in
      try db.transaction {
        if deleteOrigin { try db.run("DELETE FROM stations WHERE origin = ?1", [.text(origin)]) }
        let insert = try db.prepare(
          """
          INSERT OR REPLACE INTO stations (id, latitude, longitude, operator, max_power_kw, origin, body)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
          """)
        for station in stations {
          try insert.bind([
            .text(station.id.rawValue), .real(station.coordinate.latitude),
            .real(station.coordinate.longitude), .text(station.operatorName),
            station.maxPower.map { .real($0.kilowatts) } ?? .null, .text(origin),
            .blob(StationCodec.encode(station)),
          ])
          while try insert.step() {}
        }
        try db.run(
          "INSERT INTO imports (origin, imported_at, station_count, note) VALUES (?1, ?2, ?3, ?4)",
          [
            .text(origin), .real(date.timeIntervalSince1970), .integer(Int64(stations.count)),
            .text(note),
          ])
        return stations.count
      }
    }
  }

  /// The recorded imports, newest first.
  public func importHistory() throws(StationStoreError) -> [ImportRecord] {
    try withStations { db in
      let statement = try db.prepare(
        "SELECT origin, imported_at, station_count, note FROM imports ORDER BY id DESC")
      var records: [ImportRecord] = []
      while try statement.step() {
        records.append(
          ImportRecord(
            origin: statement.text(0) ?? "",
            importedAt: Date(timeIntervalSince1970: statement.double(1)),
            stationCount: Int(statement.int64(2)), note: statement.text(3) ?? ""))
      }
      return records
    }
  }

  /// Start-up: the stored stations, or — on first run, or when the station file turns out to be
  /// damaged — the loader's stations, which are written to the store as ``bundledOrigin``.
  public func loadStations(orImport loader: () throws -> [Station]) throws -> Startup {
    try loadStations(bundledFingerprint: nil, orImport: loader)
  }

  /// Start-up that also notices new bundled data: the stored stations when the store holds some
  /// and was last filled from bundled data with this `bundledFingerprint`; otherwise (first run,
  /// a damaged station file, or a build whose bundled data changed) the loader's stations, which
  /// replace the ``bundledOrigin`` stations, after which the fingerprint is recorded.
  ///
  /// Stations of other origins (files the user imported) are kept. The fingerprint is written
  /// after the stations, so an interrupted import is repeated at the next start. A nil
  /// fingerprint skips the comparison (``loadStations(orImport:)``).
  public func loadStations(bundledFingerprint: String?, orImport loader: () throws -> [Station])
    throws -> Startup
  {
    var recovery: Recovery?
    let earlier = extraRecoveries.withLock { $0.count }
    let stored: Result<[Station]?, StationStoreError> = Result { () throws(StationStoreError) in
      guard try stationCount() > 0 else { return nil }
      if let bundledFingerprint, try self.bundledFingerprint() != bundledFingerprint {
        return nil
      }
      return try loadStations()
    }
    // A damaged file met while reading was rebuilt empty on the spot; import into it.
    let rebuilt = extraRecoveries.withLock { $0.count > earlier ? $0.last : nil }
    switch stored {
    case .success(let stations?) where rebuilt == nil:
      return Startup(stations: stations, imported: false, recovery: nil)
    case .success:
      recovery = rebuilt
    case .failure(let error):
      guard policy == .moveAside, error.isRecoverableByMovingAside else { throw error }
      recovery = try rebuildStationFile(after: error)
    }
    let previous = try self.bundledFingerprint()
    let bundled = try loader()
    let note =
      previous == nil || bundledFingerprint == nil
      ? "first-run import"
      : "bundled data changed (fingerprint \(previous ?? "") → "
        + "\(bundledFingerprint ?? ""))"
    try replaceStations(bundled, origin: Self.bundledOrigin, note: note)
    if let bundledFingerprint {
      try withStations { db in
        try db.run(
          "INSERT OR REPLACE INTO metadata (key, value) VALUES ('bundled_fingerprint', ?1)",
          [.text(bundledFingerprint)])
      }
    }
    // Other origins stay, so the answer is every stored station, not just the loader's.
    let all = try stationCount() == bundled.count ? bundled : try loadStations()
    return Startup(stations: all, imported: true, recovery: recovery)
  }

  /// The fingerprint of the bundled data the ``bundledOrigin`` stations were imported from, or
  /// nil when none was recorded (first run, or a store from before fingerprints).
  public func bundledFingerprint() throws(StationStoreError) -> String? {
    try withStations { db in
      guard
        case .text(let value)? = try db.scalar(
          "SELECT value FROM metadata WHERE key = 'bundled_fingerprint'")
      else { return nil }
      return value
    }
  }

  /// Moves the station file aside and starts an empty one; user data is untouched.
  @discardableResult
  public func rebuildStationFile(after problem: StationStoreError) throws(StationStoreError)
    -> Recovery
  {
    let file = stationsFile
    let date = now()
    // Another process may be opening the folder; it must not see the file half moved.
    let lock = try StoreLock(directory: directory)
    defer { withExtendedLifetime(lock) {} }
    let result: Result<Recovery, StationStoreError> = connections.withLock { c in
      do {
        // Release the damaged file's handle before moving it (the placeholder is never used).
        c.stations = try SQLiteConnection(path: ":memory:")
      } catch {
        return .failure(file.error(.io("cannot release the file: \(error)")))
      }
      do throws(StationStoreError) {
        let aside = try file.moveAside(now: date)
        c.stations = try file.open(fullCheck: false)
        return .success(Recovery(problem: problem, movedTo: aside))
      } catch {
        return .failure(error)
      }
    }
    let recovery = try result.get()
    recordRecoveries([recovery])
    return recovery
  }
}
