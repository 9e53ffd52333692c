import Charging
import Foundation
import Testing

@testable import StationStore

/// Files from newer versions and bundled data that changes between builds.
@Suite("Station store across versions")
struct StationStoreVersionTests {
  /// A store with the Kassel stations and one favourite; the store is closed on return.
  private func makeStore(in folder: TemporaryFolder, fingerprint: String? = nil) throws {
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    _ = try store.loadStations(bundledFingerprint: fingerprint) { TestStations.kassel }
    try store.setFavourite("bnetza2022-favourite", true)
  }

  private func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

  @Test(
    "A user file from a newer schema is refused under either policy and never moved or replaced",
    arguments: [StationStore.RecoveryPolicy.moveAside, .fail])
  func newerUserFileRefused(policy: StationStore.RecoveryPolicy) throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeStore(in: folder)
    let user = folder.file("user.sqlite")
    do {
      let db = try SQLiteConnection(path: user.path)
      try db.execute("PRAGMA user_version = 7")
      try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let userBefore = try bytes(user)
    let backupBefore = try bytes(folder.file("user.backup.sqlite"))
    let filesBefore = try folder.contents()
    do {
      _ = try StationStore(directory: folder.url, recovery: policy, now: { fixedNow })
      Issue.record("a user file from a newer schema was opened")
    } catch {
      #expect(error.problem == .newerSchema(found: 7, supported: Schema.user.latestVersion))
      #expect(!error.isRecoverableByMovingAside)
      #expect(
        error.description
          == "user data file \(user.path) has schema version 7, written by a newer Wayside; this version understands versions up to \(Schema.user.latestVersion); open it with that newer Wayside (the file and its backup were left untouched)"
      )
    }
    #expect(try bytes(user) == userBefore)
    #expect(try bytes(folder.file("user.backup.sqlite")) == backupBefore)
    #expect(try folder.contents() == filesBefore)
  }

  @Test("A station file from a newer schema is kept aside and rebuilt; user data is kept")
  func newerStationFileRebuilt() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeStore(in: folder)
    do {
      let db = try SQLiteConnection(path: folder.file("stations.sqlite").path)
      try db.execute("PRAGMA user_version = 99")
    }
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    let recovery = try #require(store.recoveries.first)
    #expect(recovery.problem.isNewerSchema)
    #expect(FileManager.default.fileExists(atPath: recovery.movedTo?.path ?? ""))
    let startup = try store.loadStations(bundledFingerprint: "a") { TestStations.kassel }
    #expect(startup.imported)
    #expect(try store.favouriteStationIDs() == ["bnetza2022-favourite"])
  }

  @Test("An empty user file never replaces an existing backup")
  func emptyUserKeepsBackup() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeStore(in: folder)
    try Data("garbage, not a database\n".utf8).write(to: folder.file("user.sqlite"))
    try Data("a damaged backup, kept for rescue\n".utf8).write(
      to: folder.file("user.backup.sqlite"))
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(try store.favouriteStationIDs() == [])
    #expect(
      try String(contentsOf: folder.file("user.backup.sqlite"), encoding: .utf8)
        == "a damaged backup, kept for rescue\n")
    // The first real change is backed up again.
    try store.setFavourite("new", true)
    #expect(try bytes(folder.file("user.backup.sqlite")).prefix(6) == Data("SQLite".utf8))
  }

  @Test("Bundled data with a new fingerprint is re-imported at start-up; the same one is not")
  func fingerprintReimport() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try makeStore(in: folder, fingerprint: "v1-aaaa")
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(try store.bundledFingerprint() == "v1-aaaa")
    try store.upsertStations(
      [TestStations.kassel[0]].map {
        var s = $0; s.id = "mine"; return s
      }, origin: "my-file.csv")
    var calls = 0
    let same = try store.loadStations(bundledFingerprint: "v1-aaaa") {
      calls += 1
      return TestStations.kassel
    }
    #expect(!same.imported && calls == 0)
    #expect(same.stations.count == 293)
    let newer = Array(TestStations.kassel.prefix(100))
    let changed = try store.loadStations(bundledFingerprint: "v1-bbbb") {
      calls += 1
      return newer
    }
    #expect(changed.imported && calls == 1)
    #expect(try store.bundledFingerprint() == "v1-bbbb")
    // The bundled stations were replaced; the user's own import stayed.
    #expect(changed.stations.count == 101)
    #expect(changed.stations.contains { $0.id == "mine" })
    #expect(
      try store.importHistory().first?.note
        == "bundled data changed (fingerprint v1-aaaa → v1-bbbb)")
    let again = try store.loadStations(bundledFingerprint: "v1-bbbb") { [] }
    #expect(!again.imported && again.stations.count == 101)
  }

  @Test("A station file from before fingerprints migrates and re-imports once")
  func storeWithoutFingerprint() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    // A version-1 station file with the Kassel stations, as older builds wrote it.
    let url = folder.file("stations.sqlite")
    do {
      let old = Schema(
        applicationID: Schema.stations.applicationID, migrations: [Schema.stations.migrations[0]])
      let db = try DatabaseFile(url: url, role: "station data", schema: old).open(fullCheck: false)
      try db.run(
        "INSERT INTO stations (id, latitude, longitude, operator, origin, body) VALUES ('x', 51, 9, 'Op', 'bundled', ?1)",
        [.blob(StationCodec.encode(TestStations.kassel[0]))])
      #expect(try db.userVersion() == 1)
    }
    let store = try StationStore(directory: folder.url, now: { fixedNow })
    #expect(store.recoveries.isEmpty)
    #expect(try store.stationCount() == 1)
    #expect(try store.bundledFingerprint() == nil)
    let startup = try store.loadStations(bundledFingerprint: "v1-cccc") { TestStations.kassel }
    #expect(startup.imported)
    #expect(try store.stationCount() == 292)
    #expect(try store.importHistory().first?.note == "first-run import")
  }
}
