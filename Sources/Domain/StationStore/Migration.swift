import Synchronization

/// One ordered step of a database schema; step N takes the file from version N-1 to N.
struct Migration: Sendable {
  /// The `user_version` the file has after this step.
  var version: Int
  /// What the step does, for error messages.
  var summary: String
  /// The SQL the step runs.
  var sql: String
}

/// The schema of one of the store's files: its owner tag and its migrations.
struct Schema: Sendable {
  /// `PRAGMA application_id`, so a file of another application (or the other Wayside file) is
  /// recognised as foreign.
  var applicationID: Int32
  /// The steps, in order, versions 1…n without gaps.
  var migrations: [Migration]
  /// The version the last migration reaches.
  var latestVersion: Int { migrations.last?.version ?? 0 }

  /// Applies the migrations above the file's current version, each in its own transaction that
  /// also bumps `user_version`, so a failed step leaves the file at the previous version.
  func migrate(_ db: SQLiteConnection, file: DatabaseFile) throws(StationStoreError) {
    let current: Int
    do { current = try db.userVersion() } catch {
      throw file.error(.corrupt(error.message))
    }
    for migration in migrations where migration.version > current {
      do {
        try db.transaction {
          try db.execute(migration.sql)
          try db.execute("PRAGMA application_id = \(applicationID)")
          try db.execute("PRAGMA user_version = \(migration.version)")
        }
      } catch {
        throw file.error(
          .migrationFailed(toVersion: migration.version, reason: "\(migration.summary): \(error)"))
      }
    }
  }
}

extension Schema {
  /// `WYST`: the rebuildable station file.
  static let stations = Schema(
    applicationID: 0x5759_5354,
    migrations: [
      Migration(
        version: 1, summary: "create stations, imports and the live-region cache",
        sql: """
          CREATE TABLE stations (
            row INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            operator TEXT NOT NULL,
            max_power_kw REAL,
            origin TEXT NOT NULL,
            body BLOB NOT NULL
          );
          CREATE INDEX stations_by_latitude ON stations(latitude);
          CREATE TABLE imports (
            id INTEGER PRIMARY KEY,
            origin TEXT NOT NULL,
            imported_at REAL NOT NULL,
            station_count INTEGER NOT NULL,
            note TEXT NOT NULL
          );
          CREATE TABLE live_regions (
            id INTEGER PRIMARY KEY,
            source TEXT NOT NULL,
            min_latitude REAL NOT NULL,
            min_longitude REAL NOT NULL,
            max_latitude REAL NOT NULL,
            max_longitude REAL NOT NULL,
            fetched_at REAL NOT NULL
          );
          CREATE TABLE live_region_stations (
            region_id INTEGER NOT NULL REFERENCES live_regions(id) ON DELETE CASCADE,
            station_id TEXT NOT NULL,
            body BLOB NOT NULL,
            PRIMARY KEY (region_id, station_id)
          ) WITHOUT ROWID;
          """),
      Migration(
        version: 2, summary: "add the metadata table (the bundled data's fingerprint)",
        sql: """
          CREATE TABLE metadata (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
          );
          """),
      Migration(
        version: 3, summary: "add the last known live status per charge point",
        sql: """
          CREATE TABLE live_status (
            evse_id TEXT PRIMARY KEY,
            station_id TEXT,
            status TEXT NOT NULL,
            observed_at REAL NOT NULL,
            source TEXT NOT NULL
          ) WITHOUT ROWID;
          CREATE INDEX live_status_by_station ON live_status(station_id);
          """),
    ])

  /// `WYUS`: the user's data, never rebuilt.
  static let user = Schema(
    applicationID: 0x5759_5553,
    migrations: [
      Migration(
        version: 1, summary: "create favourites, tariffs, cards, vehicle, presets and settings",
        sql: """
          CREATE TABLE favourites (
            station_id TEXT PRIMARY KEY,
            added_at REAL NOT NULL
          );
          CREATE TABLE selected_tariffs (
            tariff_id TEXT PRIMARY KEY,
            position INTEGER NOT NULL
          );
          CREATE TABLE charging_cards (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            provider TEXT NOT NULL,
            tariff_ids TEXT NOT NULL,
            position INTEGER NOT NULL
          );
          CREATE TABLE vehicle_profile (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            json TEXT NOT NULL,
            updated_at REAL NOT NULL
          );
          CREATE TABLE filter_presets (
            name TEXT PRIMARY KEY,
            json TEXT NOT NULL,
            updated_at REAL NOT NULL
          );
          CREATE TABLE settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
          );
          """)
    ])
}

extension Schema {
  /// The tables and their columns a file of this schema has at ``latestVersion``, found by
  /// running the migrations on an in-memory database (so the list can never drift from them).
  var expectedTables: [String: Set<String>] {
    Self.expected.withLock { cache in
      let key = "\(applicationID)/\(latestVersion)"
      if let known = cache[key] { return known }
      var tables: [String: Set<String>] = [:]
      if let db = try? SQLiteConnection(path: ":memory:") {
        for migration in migrations { try? db.execute(migration.sql) }
        tables = (try? Self.tables(in: db)) ?? [:]
      }
      cache[key] = tables
      return tables
    }
  }

  /// Expected tables by application id and version.
  private static let expected = Mutex<[String: [String: Set<String>]]>([:])

  /// The user tables of `db` and their column names.
  static func tables(in db: SQLiteConnection) throws(SQLiteError) -> [String: Set<String>] {
    let list = try db.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    var names: [String] = []
    while try list.step() { names.append(list.text(0) ?? "") }
    var tables: [String: Set<String>] = [:]
    for name in names {
      let quoted = name.replacingOccurrences(of: "\"", with: "\"\"")
      let info = try db.prepare("PRAGMA table_info(\"\(quoted)\")")
      var columns = Set<String>()
      while try info.step() { columns.insert(info.text(1) ?? "") }
      tables[name] = columns
    }
    return tables
  }

  /// Checks that every table and column of the schema is present (extra ones are allowed);
  /// throws ``StationStoreError/Problem/wrongSchema(_:)`` naming what is missing.
  func verify(_ db: SQLiteConnection, file: DatabaseFile) throws(StationStoreError) {
    let found: [String: Set<String>]
    do { found = try Self.tables(in: db) } catch {
      throw file.error(error.isCorruption ? .corrupt(error.message) : .io(error.description))
    }
    var problems: [String] = []
    for (table, columns) in expectedTables.sorted(by: { $0.key < $1.key }) {
      guard let have = found[table] else {
        problems.append("table '\(table)' is missing")
        continue
      }
      let missing = columns.subtracting(have).sorted()
      if !missing.isEmpty {
        problems.append("table '\(table)' lacks column(s) \(missing.joined(separator: ", "))")
      }
    }
    guard problems.isEmpty else {
      let all = expectedTables.keys.sorted().joined(separator: ", ")
      throw file.error(
        .wrongSchema("\(problems.joined(separator: "; ")); expected tables \(all)"))
    }
  }
}
