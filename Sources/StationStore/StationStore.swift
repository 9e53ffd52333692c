import Charging
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Geo
import Synchronization

/// Wayside's persistent store: station data, the live-region cache and the user's own data in
/// two SQLite files, so that damage to station data can never cost the user their data.
///
/// - `stations.sqlite` holds the stations, their import history and the live-region cache. It can
///   be rebuilt at any time from the bundled data and the network.
/// - `user.sqlite` holds favourites, selected tariffs, charging cards, the vehicle profile, filter
///   presets and settings. It is never rebuilt; `user.backup.sqlite` is refreshed with
///   `VACUUM INTO` after every successful open and every change, and restores it if it is lost.
///
/// See `Guides/StationStore.md` for the schema, migrations and recovery policy.
public final class StationStore: Sendable {
  /// What to do when a file is damaged, foreign or from a newer version.
  public enum RecoveryPolicy: Sendable {
    /// Throw ``StationStoreError`` and touch nothing.
    case fail
    /// Move the file aside under a timestamped name, then rebuild station data or restore user
    /// data from its backup; the moved file is never deleted.
    case moveAside
  }

  /// A recovery the store performed while opening.
  public struct Recovery: Sendable, CustomStringConvertible {
    /// The problem that was found.
    public var problem: StationStoreError
    /// Where the unusable file now lives.
    public var movedTo: URL
    /// For user data: whether it was restored from the backup (false = started empty).
    public var restoredFromBackup: Bool

    /// `user data file … is damaged (…); moved to …; restored from backup`.
    public var description: String {
      var text = "\(problem); moved to \(movedTo.path)"
      if problem.role == StationStore.userRole {
        text += restoredFromBackup ? "; restored from backup" : "; no usable backup, started empty"
      } else {
        text += "; station data will be rebuilt"
      }
      return text
    }
  }

  struct Connections {
    var stations: SQLiteConnection
    var user: SQLiteConnection
  }

  static let stationRole = "station data"
  static let userRole = "user data"

  /// The folder that holds the files.
  public let directory: URL
  /// Recoveries performed when the store was opened (empty when every file was healthy).
  public let recoveries: [Recovery]
  let policy: RecoveryPolicy
  let now: @Sendable () -> Date
  let stationsFile: DatabaseFile
  let userFile: DatabaseFile
  let connections: Mutex<Connections>
  let extraRecoveries = Mutex<[Recovery]>([])

  /// The station database file inside `directory`.
  public var stationsURL: URL { stationsFile.url }
  /// The user database file inside `directory`.
  public var userURL: URL { userFile.url }
  /// The user database's backup inside `directory`.
  public var userBackupURL: URL { directory.appendingPathComponent("user.backup.sqlite") }

  /// The per-user default folder: `$XDG_DATA_HOME/wayside`, else `~/.local/share/wayside`.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("wayside")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/wayside")
  }

  /// Opens (creating when needed) the store in `directory`, recovering unusable files by
  /// `recovery`.
  ///
  /// A user file written by a newer Wayside (a schema version above this one's) is never moved
  /// aside or replaced: opening throws ``StationStoreError`` with ``StationStoreError/Problem/newerSchema(found:supported:)``
  /// under either policy, and the file and its backup stay as they are.
  public init(
    directory: URL, recovery: RecoveryPolicy = .moveAside,
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws(StationStoreError) {
    self.directory = directory
    self.policy = recovery
    self.now = now
    let stationsFile = DatabaseFile(
      url: directory.appendingPathComponent("stations.sqlite"), role: Self.stationRole,
      schema: .stations)
    let userFile = DatabaseFile(
      url: directory.appendingPathComponent("user.sqlite"), role: Self.userRole, schema: .user)
    self.stationsFile = stationsFile
    self.userFile = userFile
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw StationStoreError(
        file: directory, role: "store folder",
        problem: .io("cannot be created: \(error); expected a writable folder"))
    }
    var recoveries: [Recovery] = []
    let backupURL = directory.appendingPathComponent("user.backup.sqlite")
    let user = try Self.openUser(
      userFile, backup: backupURL, policy: recovery, now: now(), recoveries: &recoveries)
    let stations: SQLiteConnection
    do {
      stations = try stationsFile.open(fullCheck: false)
    } catch
      where recovery == .moveAside && (error.isRecoverableByMovingAside || error.isNewerSchema)
    {
      // Station data from a newer schema can be rebuilt from the bundled data; the newer file is
      // kept aside rather than deleted.
      let aside = try stationsFile.moveAside(now: now())
      recoveries.append(Recovery(problem: error, movedTo: aside, restoredFromBackup: false))
      stations = try stationsFile.open(fullCheck: false)
    }
    self.recoveries = recoveries
    self.connections = Mutex(Connections(stations: stations, user: user))
    backUpUserData()
  }

  private static func openUser(
    _ file: DatabaseFile, backup: URL, policy: RecoveryPolicy, now: Date,
    recoveries: inout [Recovery]
  ) throws(StationStoreError) -> SQLiteConnection {
    do {
      return try file.open(fullCheck: true)
    } catch  where policy == .moveAside && error.isRecoverableByMovingAside {
      let aside = try file.moveAside(now: now)
      let fm = FileManager.default
      if fm.fileExists(atPath: backup.path) {
        do {
          try fm.copyItem(at: backup, to: file.url)
          let db = try file.open(fullCheck: true)
          recoveries.append(Recovery(problem: error, movedTo: aside, restoredFromBackup: true))
          return db
        } catch {
          // The backup is unusable too; drop the copy (the backup file itself stays) and start
          // empty. The original remains at `aside`.
          for suffix in ["", "-wal", "-shm"] { try? fm.removeItem(atPath: file.url.path + suffix) }
        }
      }
      recoveries.append(Recovery(problem: error, movedTo: aside, restoredFromBackup: false))
      return try file.open(fullCheck: true)
    }
  }

  /// Refreshes `user.backup.sqlite` from the live user file (write to a temporary file, then an
  /// atomic rename). A failed backup leaves the previous one in place; the change that triggered
  /// it is already committed, and the next change tries again.
  ///
  /// An empty user file never replaces an existing backup: after a recovery that started empty
  /// the old backup may be the only copy left of the user's data. The price is that a user who
  /// deletes everything keeps a stale backup until the next non-empty change.
  func backUpUserData() {
    let temporary = directory.appendingPathComponent("user.backup.sqlite.tmp")
    let fm = FileManager.default
    if fm.fileExists(atPath: userBackupURL.path), (try? userDataIsEmpty()) ?? true { return }
    try? fm.removeItem(at: temporary)
    let escaped = temporary.path.replacingOccurrences(of: "'", with: "''")
    let succeeded = connections.withLock { c in
      (try? c.user.execute("VACUUM INTO '\(escaped)'")) != nil
    }
    guard succeeded else { return }
    // rename(2) replaces the old backup atomically (FileManager.replaceItemAt is unreliable on
    // Linux's Foundation).
    if rename(temporary.path, userBackupURL.path) != 0 { try? fm.removeItem(at: temporary) }
  }

  /// Whether every user table is empty.
  func userDataIsEmpty() throws -> Bool {
    try connections.withLock { c in
      let tables = try c.user.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      var names: [String] = []
      while try tables.step() { names.append(tables.text(0) ?? "") }
      for name in names {
        let quoted = name.replacingOccurrences(of: "\"", with: "\"\"")
        if case .integer(let n)? = try c.user.scalar("SELECT count(*) FROM \"\(quoted)\""), n > 0 {
          return false
        }
      }
      return true
    }
  }

  /// Maps an SQLite or codec error on `file` to a ``StationStoreError`` naming the file.
  func storeError(_ error: any Error, in file: DatabaseFile) -> StationStoreError {
    switch error {
    case let e as StationStoreError: return e
    case let e as SQLiteError:
      return file.error(e.isCorruption ? .corrupt(e.message) : .io(e.description))
    case let e as StationCodecError: return file.error(.corrupt(e.description))
    default: return file.error(.io("\(error)"))
    }
  }

  /// Runs `body` on the station connection, mapping errors to ``StationStoreError``.
  func withStations<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws(StationStoreError)
    -> T
  {
    do {
      return try connections.withLock { c in try body(c.stations) }
    } catch {
      throw storeError(error, in: stationsFile)
    }
  }

  /// Runs `body` on the user connection, mapping errors to ``StationStoreError``.
  func withUser<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws(StationStoreError) -> T
  {
    do {
      return try connections.withLock { c in try body(c.user) }
    } catch {
      throw storeError(error, in: userFile)
    }
  }

  /// Runs `body` in a transaction on the user connection, then refreshes the backup.
  func changeUser(_ body: (SQLiteConnection) throws -> Void) throws(StationStoreError) {
    try withUser { db in try db.transaction { try body(db) } }
    backUpUserData()
  }
}
