import CSQLite
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
///   presets and settings (among them the Open Charge Map key, so it and its backups are mode
///   0600). It is never rebuilt; `user.backup.sqlite` is refreshed with `VACUUM INTO` after
///   every successful open and every change, keeping ``backupGenerations`` generations
///   (`user.backup.1.sqlite`, … older). A missing, empty or damaged user file is restored from
///   the newest backup that opens and passes the schema check.
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
    /// Where the unusable file now lives; nil when there was no file to move (it was missing).
    public var movedTo: URL?
    /// For user data: the backup it was restored from (nil = started empty).
    public var restoredFrom: URL?
    /// What was done, when it is neither a restore nor a rebuild (a file replaced while open
    /// was reopened).
    public var note: String?

    /// Creates a recovery record.
    public init(problem: StationStoreError, movedTo: URL?, restoredFrom: URL? = nil, note: String? = nil) {
      self.problem = problem
      self.movedTo = movedTo
      self.restoredFrom = restoredFrom
      self.note = note
    }

    /// For user data: whether it was restored from a backup (false = started empty).
    public var restoredFromBackup: Bool { restoredFrom != nil }

    /// `user data file … is damaged (…); moved to …; restored from backup …`, naming the user
    /// file and the backup it was restored from.
    public var description: String {
      var text = "\(problem)"
      if let movedTo { text += "; moved to \(movedTo.path)" }
      if let note {
        text += "; \(note)"
      } else if problem.role == StationStore.userRole {
        text +=
          restoredFrom.map { "; restored from backup \($0.path)" }
          ?? "; no usable backup, started empty"
      } else {
        text += "; station data will be rebuilt"
      }
      return text
    }
  }

  struct Connections {
    var stations: SQLiteConnection
    var user: SQLiteConnection
    /// The user file the user connection has open (device and inode), checked before every
    /// use: a file replaced or removed under the store is noticed before a change is
    /// acknowledged.
    var userIdentity: FileIdentity?
  }

  /// A file's device and inode: which file a path names right now.
  struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file at `path` (symbolic links not followed); nil when there is none.
    init?(path: String) {
      var info = stat()
      guard lstat(path, &info) == 0 else { return nil }
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
    }
  }

  static let stationRole = "station data"
  static let userRole = "user data"

  /// The folder that holds the files.
  public let directory: URL
  /// Recoveries performed when the store was opened (empty when every file was healthy).
  public let recoveries: [Recovery]
  /// Whether the folder cannot be written (a read-only file system or mount, no permission):
  /// the store is then read as it is — no lock, backup or recovery — and every change fails with
  /// an error naming the folder (`Guides/StationStore.md`).
  public let isReadOnly: Bool
  let policy: RecoveryPolicy
  let now: @Sendable () -> Date
  let stationsFile: DatabaseFile
  let userFile: DatabaseFile
  let connections: Mutex<Connections>
  let extraRecoveries = Mutex<[Recovery]>([])
  private let recoveryHandler = Mutex<(@Sendable (Recovery) -> Void)?>(nil)

  /// Calls `handler` with every recovery the store performs from now on while it is open (a
  /// station file rebuilt, a user file replaced under it and reopened): a long-lived process
  /// such as the simulator prints them.
  public func onRecovery(_ handler: @escaping @Sendable (Recovery) -> Void) {
    recoveryHandler.withLock { $0 = handler }
  }

  /// Records recoveries performed after opening and tells the handler.
  func recordRecoveries(_ new: [Recovery]) {
    guard !new.isEmpty else { return }
    extraRecoveries.withLock { $0 += new }
    if let handler = recoveryHandler.withLock({ $0 }) { for recovery in new { handler(recovery) } }
  }

  /// The station database file inside `directory`.
  public var stationsURL: URL { stationsFile.url }
  /// The user database file inside `directory`.
  public var userURL: URL { userFile.url }
  /// The user database's newest backup inside `directory`.
  public var userBackupURL: URL { Self.backupURL(in: directory, generation: 0) }
  /// Every backup generation of the user database, newest first.
  public var userBackupURLs: [URL] { Self.backupURLs(in: directory) }

  /// How many generations of user-data backups are kept.
  public static let backupGenerations = 3

  /// Generation 0 is `user.backup.sqlite`, generation n `user.backup.n.sqlite`.
  static func backupURL(in directory: URL, generation: Int) -> URL {
    directory.appendingPathComponent(
      generation == 0 ? "user.backup.sqlite" : "user.backup.\(generation).sqlite")
  }

  static func backupURLs(in directory: URL) -> [URL] {
    (0..<backupGenerations).map { backupURL(in: directory, generation: $0) }
  }

  /// Recoveries performed when the store was opened and since (a station file found damaged
  /// while reading or writing is moved aside and rebuilt at once).
  public var allRecoveries: [Recovery] { recoveries + extraRecoveries.withLock { $0 } }

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
      url: directory.appendingPathComponent("user.sqlite"), role: Self.userRole, schema: .user,
      secret: true)
    self.stationsFile = stationsFile
    self.userFile = userFile
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      let kind = FileKind(path: directory.resolvingSymlinksInPath().path)
      let what = kind == .regular ? "a file" : kind.phrase
      throw StationStoreError(
        file: directory, role: "store folder",
        problem: .io("is \(what), not a folder; expected a folder for the store's databases"))
    }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw StationStoreError(
        file: directory, role: "store folder",
        problem: .io(
          "cannot be created (\(DatabaseFile.describe(error))); expected a writable folder"))
    }
    if StoreLock.folderIsReadOnly(directory) {
      // Nothing can be created here: no lock, companion file, backup or recovery. The files are
      // read as they are (a missing one as empty), and every change fails naming the folder.
      self.isReadOnly = true
      self.recoveries = []
      let user = try userFile.openReadOnly()
      let stations = try stationsFile.openReadOnly()
      self.connections = Mutex(
        Connections(stations: stations, user: user, userIdentity: FileIdentity(path: userFile.url.path)))
      return
    }
    self.isReadOnly = false
    // Concurrent opens of one folder take turns from here to the end of the first backup.
    let lock = try StoreLock(directory: directory)
    var recoveries: [Recovery] = []
    let user = try Self.openUser(
      userFile, backups: Self.backupURLs(in: directory), policy: recovery, now: now(),
      recoveries: &recoveries)
    let stations: SQLiteConnection
    do {
      stations = try stationsFile.open(fullCheck: false)
    } catch
      where recovery == .moveAside && (error.isRecoverableByMovingAside || error.isNewerSchema)
    {
      // Station data from a newer schema can be rebuilt from the bundled data; the newer file is
      // kept aside rather than deleted.
      let aside = try stationsFile.moveAside(now: now())
      recoveries.append(Recovery(problem: error, movedTo: aside))
      stations = try stationsFile.open(fullCheck: false)
    }
    self.recoveries = recoveries
    self.connections = Mutex(
      Connections(stations: stations, user: user, userIdentity: FileIdentity(path: userFile.url.path)))
    backUpUserData(holding: lock)
  }

  /// Opens the user file, or restores it from the newest usable backup when it is missing or
  /// empty while a backup exists, or damaged (``StationStoreError/isRecoverableByMovingAside``).
  private static func openUser(
    _ file: DatabaseFile, backups: [URL], policy: RecoveryPolicy, now: Date,
    recoveries: inout [Recovery]
  ) throws(StationStoreError) -> SQLiteConnection {
    let fm = FileManager.default
    let path = file.url.path
    let hasBackup = backups.contains { fm.fileExists(atPath: $0.path) }
    let exists = fm.fileExists(atPath: path)
    var problem: StationStoreError?
    if hasBackup, !exists, !fm.fileExists(atPath: path + "-wal") {
      problem = file.error(.missing)
    } else if hasBackup, exists,
      let size = (try? fm.attributesOfItem(atPath: path))?[.size] as? Int, size == 0,
      !fm.fileExists(atPath: path + "-wal")
    {
      problem = file.error(.empty)
    }
    if let problem, policy == .fail { throw problem }
    if problem == nil {
      do {
        return try file.open(fullCheck: true)
      } catch  where policy == .moveAside && error.isRecoverableByMovingAside {
        problem = error
      }
    }
    guard let problem else { return try file.open(fullCheck: true) }
    let present = ["", "-wal", "-shm"].contains { FileKind(path: path + $0) != .missing }
    let aside = present ? try file.moveAside(now: now) : nil
    for backup in backups where fm.fileExists(atPath: backup.path) {
      do {
        try fm.copyItem(at: backup, to: file.url)
        let db = try file.open(fullCheck: true)
        recoveries.append(Recovery(problem: problem, movedTo: aside, restoredFrom: backup))
        return db
      } catch {
        // This backup is unusable too; drop the copy (the backup itself stays) and try the
        // next older one.
        for suffix in ["", "-wal", "-shm"] { try? fm.removeItem(atPath: path + suffix) }
      }
    }
    recoveries.append(Recovery(problem: problem, movedTo: aside, restoredFrom: nil))
    return try file.open(fullCheck: true)
  }

  /// Refreshes `user.backup.sqlite` from the live user file: `VACUUM INTO` a temporary file
  /// created with mode 0600, then, when its content differs from the newest backup, shift the
  /// older generations down (`user.backup.1.sqlite`, …, up to ``backupGenerations``) and rename
  /// it into place. A failed backup leaves the previous ones in place; the change that triggered
  /// it is already committed, and the next change tries again.
  ///
  /// Two kinds of user file never replace a backup: an empty one (after a recovery that started
  /// empty the old backup may be the only copy left of the user's data; the price is that a
  /// user who deletes everything keeps a stale backup until the next non-empty change), and one
  /// that lost tables or columns (``Schema/verify(_:file:)``), which is damaged.
  func backUpUserData() {
    guard let lock = try? StoreLock(directory: directory) else { return }
    backUpUserData(holding: lock)
  }

  /// ``backUpUserData()`` while the folder's lock is held (`lock` proves it).
  private func backUpUserData(holding lock: StoreLock) {
    defer { withExtendedLifetime(lock) {} }
    let temporary = directory.appendingPathComponent("user.backup.sqlite.tmp")
    let fm = FileManager.default
    let newest = userBackupURL
    if fm.fileExists(atPath: newest.path), (try? userDataIsEmpty()) ?? true { return }
    let file = userFile
    let intact = connections.withLock { c in (try? file.schema.verify(c.user, file: file)) != nil }
    guard intact else { return }
    try? fm.removeItem(at: temporary)
    guard
      fm.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600])
    else { return }
    let escaped = temporary.path.replacingOccurrences(of: "'", with: "''")
    let succeeded = connections.withLock { c in
      (try? c.user.execute("VACUUM INTO '\(escaped)'")) != nil
    }
    guard succeeded else {
      try? fm.removeItem(at: temporary)
      return
    }
    if let old = try? Data(contentsOf: newest), let new = try? Data(contentsOf: temporary),
      old == new
    {
      try? fm.removeItem(at: temporary)
      return
    }
    // rename(2) replaces atomically (FileManager.replaceItemAt is unreliable on Linux's
    // Foundation); older generations move first, so a crash in between loses no generation.
    let generations = userBackupURLs
    for index in stride(from: generations.count - 1, to: 0, by: -1)
    where fm.fileExists(atPath: generations[index - 1].path) {
      _ = rename(generations[index - 1].path, generations[index].path)
    }
    if rename(temporary.path, newest.path) != 0 { try? fm.removeItem(at: temporary) }
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
    case let e as SQLiteError where isReadOnly && e.code & 0xFF == SQLITE_READONLY:
      return file.error(
        .io(
          "cannot be changed: the store folder \(directory.path) is read-only (it is read as it is);"
            + " expected a writable folder to keep changes"))
    case let e as SQLiteError:
      return file.error(e.isCorruption ? .corrupt(e.message) : .io(e.description))
    case let e as StationCodecError: return file.error(.corrupt(e.description))
    default: return file.error(.io("\(error)"))
    }
  }

  /// Runs `body` on the station connection, mapping errors to ``StationStoreError``.
  ///
  /// Station data can always be rebuilt, so under ``RecoveryPolicy/moveAside`` a station file
  /// found damaged here (while reading or writing) is moved aside and replaced by an empty one
  /// (``rebuildStationFile(after:)``, recorded in ``allRecoveries``) and `body` runs once more
  /// on it: a damaged file never makes every later run fail.
  func withStations<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws(StationStoreError)
    -> T
  {
    do {
      return try connections.withLock { c in try body(c.stations) }
    } catch {
      let problem = storeError(error, in: stationsFile)
      guard policy == .moveAside, !isReadOnly, problem.isRecoverableByMovingAside else { throw problem }
      try rebuildStationFile(after: problem)
      do {
        return try connections.withLock { c in try body(c.stations) }
      } catch {
        throw storeError(error, in: stationsFile)
      }
    }
  }

  /// Reopens the user file when the path no longer names the file the connection has open:
  /// another process restored it from a backup, moved it aside in a recovery, or the folder
  /// was deleted. Without this a change would be written to the unlinked file and acknowledged,
  /// then lost. The store's current file is opened (or restored from the newest backup, or
  /// started empty, as at open), and the event is recorded in ``allRecoveries``.
  private func reopenUserIfReplaced(_ c: inout Connections) throws(StationStoreError) {
    let path = userFile.url.path
    // A read-only folder changes under nobody who could write to it: nothing to reopen.
    guard !isReadOnly else { return }
    let current = FileIdentity(path: path)
    guard current == nil || current != c.userIdentity else { return }
    try? FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var recoveries: [Recovery] = []
    let reopened = try Self.openUser(
      userFile, backups: Self.backupURLs(in: directory), policy: policy, now: now(),
      recoveries: &recoveries)
    c.user = reopened
    c.userIdentity = FileIdentity(path: path)
    let event = Recovery(
      problem: userFile.error(
        .io(current == nil ? "was removed while the store had it open" : "was replaced while the store had it open")),
      movedTo: nil,
      note: "reopened the store's current file; changes from now on are written there")
    recordRecoveries([event] + recoveries)
  }

  /// Runs `body` on the user connection, mapping errors to ``StationStoreError``.
  func withUser<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws(StationStoreError) -> T
  {
    do {
      return try connections.withLock { c in
        try reopenUserIfReplaced(&c)
        return try body(c.user)
      }
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
