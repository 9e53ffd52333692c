import Foundation
import Synchronization
import Testing

@testable import StationStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A long-lived store (the simulator's) whose user file is replaced under it by another command
/// must not acknowledge a change into the unlinked file (issue 40, finding 6): the change has to
/// be in the file the next process opens.
@Suite("Store: the user file replaced while open")
struct StoreFileReplacedTests {
  static func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("wayside-replaced-\(UUID().uuidString)")
  }

  @Test("the user file deleted and restored from its backup by another command: the change lands in the new file")
  func deletedThenRestored() throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let simulator = try StationStore(directory: directory)
    try simulator.setSelectedTariffIDs(["first"])
    // Another process: the file goes, the next command restores it from the backup.
    let fm = FileManager.default
    for suffix in ["", "-wal", "-shm"] { try? fm.removeItem(atPath: simulator.userURL.path + suffix) }
    let other = try StationStore(directory: directory)
    #expect(other.recoveries.contains { $0.restoredFromBackup })
    #expect(try other.selectedTariffIDs() == ["first"])

    let heard = RecoveryLog()
    simulator.onRecovery { heard.append("\($0)") }
    try simulator.setSelectedTariffIDs(["second"])
    #expect(try StationStore(directory: directory).selectedTariffIDs() == ["second"])
    #expect(heard.lines.contains { $0.contains("was removed while the store had it open") || $0.contains("was replaced") }, "\(heard.lines)")
  }

  @Test("the whole store folder deleted: the change is written to a new file there, and said")
  func folderDeleted() throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let simulator = try StationStore(directory: directory)
    try simulator.setSelectedTariffIDs(["first"])
    try FileManager.default.removeItem(at: directory)
    try simulator.setSelectedTariffIDs(["second"])
    #expect(try StationStore(directory: directory).selectedTariffIDs() == ["second"])
    #expect(simulator.allRecoveries.contains { "\($0)".contains("was removed while the store had it open") })
  }

  @Test("the user file moved aside and replaced by another file: the change goes to the new one")
  func movedAside() throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let simulator = try StationStore(directory: directory)
    try simulator.setSelectedTariffIDs(["first"])
    let aside = directory.appendingPathComponent("user.aside.sqlite")
    #expect(rename(simulator.userURL.path, aside.path) == 0)
    try FileManager.default.copyItem(at: simulator.userBackupURL, to: simulator.userURL)
    try simulator.setSelectedTariffIDs(["second"])
    #expect(try StationStore(directory: directory).selectedTariffIDs() == ["second"])
  }
}

private final class RecoveryLog: Sendable {
  private let storage = Mutex<[String]>([])
  func append(_ line: String) { storage.withLock { $0.append(line) } }
  var lines: [String] { storage.withLock { $0 } }
}
