import Charging
import Foundation
import Testing

@testable import StationStore

/// Reproductions of user-data losses and stuck stores, written for real into a temporary folder.
@Suite("Station store safety")
struct StationStoreSafetyTests {
  /// A store with the Kassel stations and one favourite (so its backup exists), closed again.
  private func makeStore(in folder: TemporaryFolder, favourites: [String] = ["fav-1"]) throws {
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    _ = try store.loadStations { TestStations.kassel }
    for id in favourites { try store.setFavourite(Station.ID(id), true) }
    try store.setSetting(StationStore.openChargeMapAPIKeySetting, "secret-key")
  }

  private func favourites(inBackup url: URL) throws -> [String] {
    let db = try SQLiteConnection(path: url.path, readOnly: true)
    let statement = try db.prepare("SELECT station_id FROM favourites ORDER BY station_id")
    var ids: [String] = []
    while try statement.step() { ids.append(statement.text(0) ?? "") }
    return ids
  }

  private func mode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test("a user file that lost a table is not accepted and never refreshes the backup")
  func droppedTable() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeStore(in: folder)
    do {
      let db = try SQLiteConnection(path: folder.file("user.sqlite").path)
      try db.execute("DROP TABLE favourites")
    }
    do {
      _ = try StationStore(directory: folder.url, recovery: .fail)
      Issue.record("a user file without its favourites table was accepted")
    } catch {
      #expect(error.description.contains("table 'favourites' is missing"), "\(error)")
      #expect(error.description.contains(folder.file("user.sqlite").path))
    }
    #expect(try favourites(inBackup: folder.file("user.backup.sqlite")) == ["fav-1"])
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    let recovery = try #require(store.recoveries.first)
    #expect(recovery.restoredFrom == folder.file("user.backup.sqlite"))
    #expect(try store.favouriteStationIDs() == ["fav-1"])
    #expect(try favourites(inBackup: folder.file("user.backup.sqlite")) == ["fav-1"])
  }

  @Test(
    "a missing or empty user file is restored from the backup, with a warning naming both files",
    arguments: ["deleted", "empty"])
  func missingOrEmpty(_ how: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeStore(in: folder)
    let user = folder.file("user.sqlite")
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: user.path + suffix)
    }
    if how == "empty" { try Data().write(to: user) }
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(try store.favouriteStationIDs() == ["fav-1"])
    #expect(try store.setting(StationStore.openChargeMapAPIKeySetting) == "secret-key")
    let recovery = try #require(store.recoveries.first)
    #expect(recovery.problem.problem == (how == "empty" ? .empty : .missing))
    let warning = recovery.description
    #expect(warning.contains(user.path), "\(warning)")
    #expect(warning.contains(folder.file("user.backup.sqlite").path), "\(warning)")
    #expect((recovery.movedTo != nil) == (how == "empty"))
  }

  @Test("a first run without any backup starts empty and reports nothing")
  func firstRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(store.recoveries.isEmpty)
    #expect(try store.favouriteStationIDs() == [])
  }

  @Test("backups keep three generations, and a damaged newest backup falls back to an older one")
  func generations() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeStore(in: folder, favourites: ["a", "b", "c"])
    let urls = StationStore.backupURLs(in: folder.url)
    #expect(
      urls.map(\.lastPathComponent) == [
        "user.backup.sqlite", "user.backup.1.sqlite", "user.backup.2.sqlite",
      ])
    // Newest has the key too; generation 1 has the three favourites; 2 has a and b.
    #expect(try favourites(inBackup: urls[1]) == ["a", "b", "c"])
    #expect(try favourites(inBackup: urls[2]) == ["a", "b"])
    // Reopening without changes does not shift the generations.
    _ = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(try favourites(inBackup: urls[2]) == ["a", "b"])
    try Data("garbage".utf8).write(to: urls[0])
    try Data("garbage".utf8).write(to: folder.file("user.sqlite"))
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(store.recoveries.first?.restoredFrom == urls[1])
    #expect(try store.favouriteStationIDs() == ["a", "b", "c"])
  }

  @Test("the user file, its companions and every backup are readable by the owner only")
  func secretsAre0600() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    try store.setSetting(StationStore.openChargeMapAPIKeySetting, "k1")
    try store.setSetting(StationStore.openChargeMapAPIKeySetting, "k2")
    var files = ["user.sqlite", "user.backup.sqlite", "user.backup.1.sqlite"]
    if FileManager.default.fileExists(atPath: folder.file("user.sqlite-wal").path) {
      files.append("user.sqlite-wal")
    }
    for name in files {
      #expect(try mode(folder.file(name)) == 0o600, "\(name)")
    }
    // A file from an older build (0644) is narrowed when opened.
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o644], ofItemAtPath: folder.file("user.sqlite").path)
    _ = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(try mode(folder.file("user.sqlite")) == 0o600)
  }

  @Test("a station file with damaged pages is moved aside at the first write and rebuilt")
  func damagedStationsOnWrite() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeStore(in: folder)
    let url = folder.file("stations.sqlite")
    let handle = try FileHandle(forUpdating: url)
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: 8192)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 8192))
    try handle.close()
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    let written = try store.upsertStations(
      Array(TestStations.kassel.prefix(3)), origin: "mine.csv")
    #expect(written == 3)
    let recovery = try #require(store.allRecoveries.first)
    #expect(recovery.problem.role == "station data")
    let aside = try #require(recovery.movedTo)
    #expect(FileManager.default.fileExists(atPath: aside.path))
    #expect(try store.stationCount() == 3)
    #expect(try store.favouriteStationIDs() == ["fav-1"])
    // The next run is not stuck either.
    let again = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(again.recoveries.isEmpty)
    #expect(try again.stationCount() == 3)
  }

  @Test("a directory where a store file should be is an error naming the path, not an NSError dump")
  func directoryInPlace() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    for name in ["user.sqlite", "stations.sqlite"] {
      try FileManager.default.createDirectory(
        at: folder.file(name), withIntermediateDirectories: true)
      do {
        _ = try StationStore(directory: folder.url)
        Issue.record("a directory was accepted as \(name)")
      } catch {
        #expect(error.description.contains(folder.file(name).path))
        #expect(error.description.contains("is a directory, not a file"), "\(error)")
        #expect(!error.description.contains("Error Domain"))
      }
      try FileManager.default.removeItem(at: folder.file(name))
    }
    let file = folder.file("plain")
    try Data("x".utf8).write(to: file)
    #expect(throws: StationStoreError.self) { try StationStore(directory: file) }
    do { _ = try StationStore(directory: file) } catch {
      #expect(error.description.contains("is a file, not a folder"))
    }
  }
}
