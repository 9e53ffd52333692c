import Foundation
import Testing

@testable import StationStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store folder nobody can create files in (issue 40, finding 9): the guide says it is read
/// as it is; every command refused to start instead (SQLite could not create the `-shm` file of
/// a WAL database beside it).
@Suite("Store: a read-only folder", .serialized)
struct ReadOnlyStoreTests {
  /// Makes `folder` refuse new files: without write permission, or (as root, whom permissions
  /// do not stop) immutable with `chattr +i`. Returns the undo, or nil when neither works here.
  static func makeReadOnly(_ folder: URL) -> (() -> Void)? {
    if getuid() != 0 {
      guard chmod(folder.path, 0o500) == 0 else { return nil }
      return { _ = chmod(folder.path, 0o700) }
    }
    func chattr(_ flag: String) -> Bool {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
      process.arguments = [flag, folder.path]
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return false }
      process.waitUntilExit()
      return process.terminationStatus == 0
    }
    guard chattr("+i") else { return nil }
    return { _ = chattr("-i") }
  }

  static func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("wayside-readonly-\(UUID().uuidString)")
  }

  @Test("a store in a read-only folder opens, reads what was kept, creates nothing, and refuses a change naming the folder")
  func readsAndRefusesChanges() throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let store = try StationStore(directory: directory)
      try store.setSelectedTariffIDs(["kept"])
      #expect(!store.isReadOnly)
    }
    let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    guard let undo = Self.makeReadOnly(directory) else {
      // Neither permissions nor chattr can make a read-only folder on this machine.
      return
    }
    defer { undo() }
    let store = try StationStore(directory: directory)
    #expect(store.isReadOnly)
    #expect(try store.selectedTariffIDs() == ["kept"])
    #expect(store.recoveries.isEmpty)
    do {
      try store.setSelectedTariffIDs(["lost"])
      Issue.record("a change was accepted in a read-only folder")
    } catch {
      #expect("\(error)".contains("is read-only"), "\(error)")
      #expect("\(error)".contains(directory.path), "\(error)")
    }
    #expect(try store.selectedTariffIDs() == ["kept"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
  }

  @Test("a read-only folder without the store's files reads as an empty store, and refuses a change")
  func emptyReadOnlyFolder() throws {
    let directory = Self.folder()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    guard let undo = Self.makeReadOnly(directory) else { return }
    defer { undo() }
    let store = try StationStore(directory: directory)
    #expect(store.isReadOnly)
    #expect(try store.selectedTariffIDs() == [])
    #expect(throws: StationStoreError.self) { try store.setSelectedTariffIDs(["lost"]) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
