import Charging
import Foundation
import Testing

@testable import StationStore

/// Damaged, foreign and newer files, written for real into a temporary folder.
@Suite("Station store recovery")
struct StationStoreRecoveryTests {
  /// Creates a healthy store with the Kassel stations, one favourite and its backup.
  private func makeHealthyStore(in folder: TemporaryFolder) throws {
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    _ = try store.loadStations { TestStations.kassel }
    try store.setFavourite("bnetza2022-favourite", true)
  }

  private func writeGarbage(to url: URL) throws {
    try Data("this is not a database, just some text\n".utf8).write(to: url)
  }

  /// A valid SQLite file of another application.
  private func writeForeignDatabase(to url: URL) throws {
    let db = try SQLiteConnection(path: url.path)
    try db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
  }

  @Test("Garbage in the station file is an error naming the file when recovery is off")
  func garbageStationsFail() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeHealthyStore(in: folder)
    try writeGarbage(to: folder.file("stations.sqlite"))
    let before = try folder.contents()
    do {
      _ = try StationStore(directory: folder.url, recovery: .fail)
      Issue.record("a garbage station file was accepted")
    } catch {
      #expect(error.problem == .notSQLite(firstBytes: "\"this is not a da\""))
      #expect(error.description.contains(folder.file("stations.sqlite").path))
      #expect(error.description.contains("expected a Wayside station data database"))
    }
    #expect(try folder.contents() == before)
  }

  @Test("Garbage in the station file is moved aside, stations are rebuilt, user data is kept")
  func garbageStationsRecover() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeHealthyStore(in: folder)
    try writeGarbage(to: folder.file("stations.sqlite"))
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    let recovery = try #require(store.recoveries.first)
    #expect(store.recoveries.count == 1)
    #expect(recovery.movedTo?.lastPathComponent == "stations.sqlite.unusable-20260528T202640Z")
    #expect(
      try String(contentsOf: try #require(recovery.movedTo), encoding: .utf8).hasPrefix(
        "this is not"))
    let startup = try store.loadStations { TestStations.kassel }
    #expect(startup.imported)
    #expect(startup.stations.count == 292)
    #expect(try store.favouriteStationIDs() == ["bnetza2022-favourite"])
  }

  @Test(
    "A foreign or newer station file is reported for what it is",
    arguments: ["foreign", "user file in its place", "newer schema"])
  func foreignAndNewer(_ kind: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeHealthyStore(in: folder)
    let stations = folder.file("stations.sqlite")
    let expected: StationStoreError.Problem
    switch kind {
    case "foreign":
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: stations.path + suffix)
      }
      try writeForeignDatabase(to: stations)
      expected = .foreign(applicationID: 0)
    case "user file in its place":
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: stations.path + suffix)
      }
      try FileManager.default.copyItem(at: folder.file("user.backup.sqlite"), to: stations)
      expected = .foreign(applicationID: Schema.user.applicationID)
    default:
      let db = try SQLiteConnection(path: stations.path)
      try db.execute("PRAGMA user_version = 99")
      expected = .newerSchema(found: 99, supported: Schema.stations.latestVersion)
    }
    do {
      _ = try StationStore(directory: folder.url, recovery: .fail)
      Issue.record("\(kind) was accepted")
    } catch {
      #expect(error.problem == expected)
      #expect(error.file == stations)
    }
    let recovered = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(recovered.recoveries.map(\.problem.problem) == [expected])
    #expect(try recovered.stationCount() == 0)
    #expect(try recovered.favouriteStationIDs() == ["bnetza2022-favourite"])
  }

  @Test("A damaged user file is moved aside and restored from its backup")
  func userRestoredFromBackup() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeHealthyStore(in: folder)
    try writeGarbage(to: folder.file("user.sqlite"))
    do {
      _ = try StationStore(directory: folder.url, recovery: .fail)
      Issue.record("a garbage user file was accepted")
    } catch {
      #expect(error.role == "user data")
    }
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    let recovery = try #require(store.recoveries.first)
    #expect(recovery.restoredFromBackup)
    #expect(recovery.description.contains("restored from backup"))
    #expect(FileManager.default.fileExists(atPath: recovery.movedTo?.path ?? ""))
    #expect(try store.favouriteStationIDs() == ["bnetza2022-favourite"])
    #expect(try store.stationCount() == 292)
  }

  @Test("A damaged user file without a usable backup starts empty and keeps the original aside")
  func userWithoutBackup() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeHealthyStore(in: folder)
    try writeGarbage(to: folder.file("user.sqlite"))
    for backup in ["user.backup.sqlite", "user.backup.1.sqlite", "user.backup.2.sqlite"] {
      try writeGarbage(to: folder.file(backup))
    }
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    let recovery = try #require(store.recoveries.first)
    #expect(!recovery.restoredFromBackup)
    #expect(try store.favouriteStationIDs() == [])
    #expect(
      try String(contentsOf: try #require(recovery.movedTo), encoding: .utf8).hasPrefix(
        "this is not"))
    #expect(try store.stationCount() == 292)
  }

  @Test("Pages damaged inside the station file are found at load and the stations rebuilt")
  func damagedPagesRebuild() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeHealthyStore(in: folder)
    let url = folder.file("stations.sqlite")
    let handle = try FileHandle(forUpdating: url)
    let size = try handle.seekToEnd()
    // Keep page 1 (header, schema) intact; overwrite the table pages.
    try handle.seek(toOffset: 8192)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 8192))
    try handle.close()
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(store.recoveries.isEmpty)
    let startup = try store.loadStations { TestStations.kassel }
    #expect(startup.imported)
    #expect(startup.stations.count == 292)
    #expect(startup.recovery?.problem.role == "station data")
    #expect(try store.loadStations().count == 292)
    #expect(try store.favouriteStationIDs() == ["bnetza2022-favourite"])
  }

  @Test("A failing migration leaves the file at its previous version")
  func failingMigration() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let url = folder.file("test.sqlite")
    let schema = Schema(
      applicationID: 42,
      migrations: [
        Migration(version: 1, summary: "create t", sql: "CREATE TABLE t (a)"),
        Migration(version: 2, summary: "broken", sql: "ALTER TABLE missing ADD COLUMN b"),
      ])
    let file = DatabaseFile(url: url, role: "test data", schema: schema)
    do {
      _ = try file.open(fullCheck: false)
      Issue.record("a broken migration succeeded")
    } catch {
      #expect(error.problem.isMigrationFailure(toVersion: 2))
      #expect(error.description.contains("no such table: missing"))
    }
    let db = try SQLiteConnection(path: url.path)
    #expect(try db.userVersion() == 1)
    #expect(try db.applicationID() == 42)
  }

  @Test("Opening a store turns on WAL for both files")
  func walMode() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let store = try StationStore(directory: folder.url)
    let modes = store.connections.withLock { c in
      [try? c.stations.scalar("PRAGMA journal_mode"), try? c.user.scalar("PRAGMA journal_mode")]
    }
    #expect(modes == [.text("wal"), .text("wal")])
  }
}

extension StationStoreError.Problem {
  func isMigrationFailure(toVersion version: Int) -> Bool {
    if case .migrationFailed(let v, _) = self { return v == version }
    return false
  }
}
