import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One of the store's SQLite files: where it lives, what it is for and the schema it must have.
struct DatabaseFile: Sendable {
  /// The file.
  var url: URL
  /// `station data` or `user data`, used in every message about the file.
  var role: String
  /// The schema the file must carry.
  var schema: Schema
  /// Whether the file holds secrets (the Open Charge Map key): it and its companions are kept
  /// readable by the owner only (mode 0600).
  var secret = false

  /// The 16-byte header every SQLite 3 database starts with.
  static let sqliteHeader = Array("SQLite format 3\0".utf8)

  func error(_ problem: StationStoreError.Problem) -> StationStoreError {
    StationStoreError(file: url, role: role, problem: problem)
  }

  /// Opens the file, proves it is this schema's database (or a new one), migrates it and turns
  /// on WAL. `fullCheck` also runs `PRAGMA quick_check`, which reads every page.
  ///
  /// The tables and columns are verified after migrating (``Schema/verify(_:file:)``), so a file
  /// that lost a table is reported as damaged instead of being used (and backed up).
  func open(fullCheck: Bool) throws(StationStoreError) -> SQLiteConnection {
    try checkKinds()
    if secret { try restrictPermissions() }
    try checkHeader()
    let db: SQLiteConnection
    do {
      db = try SQLiteConnection(path: url.path)
    } catch {
      throw self.error(error.isCorruption ? .corrupt(error.message) : .io(error.description))
    }
    do {
      let appID = try db.applicationID()
      let version = try db.userVersion()
      guard case .integer(let tableCount)? = try db.scalar("SELECT count(*) FROM sqlite_master")
      else { throw self.error(.corrupt("sqlite_master cannot be read")) }
      if appID != schema.applicationID {
        // A brand-new empty file has no owner yet; anything else belongs to someone else.
        guard appID == 0, version == 0, tableCount == 0 else {
          throw self.error(.foreign(applicationID: appID))
        }
      }
      if version > schema.latestVersion {
        throw self.error(.newerSchema(found: version, supported: schema.latestVersion))
      }
      if fullCheck, case .text(let result)? = try db.scalar("PRAGMA quick_check"), result != "ok" {
        throw self.error(.corrupt(result))
      }
      try db.execute(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
    } catch let error as SQLiteError {
      throw self.error(error.isCorruption ? .corrupt(error.message) : .io(error.description))
    } catch let error as StationStoreError {
      throw error
    } catch {
      throw self.error(.io("\(error)"))
    }
    try schema.migrate(db, file: self)
    try schema.verify(db, file: self)
    return db
  }

  /// Opens the file for reading only, in a folder that cannot be written (no companion file can
  /// be created, no migration or recovery made): proves it is this schema's database at its
  /// latest version. A missing file is an empty database in memory of this schema, so a
  /// read-only folder without it reads as a new store.
  func openReadOnly() throws(StationStoreError) -> SQLiteConnection {
    try checkKinds()
    guard FileKind(path: url.path) != .missing else {
      let db: SQLiteConnection
      do {
        db = try SQLiteConnection(path: ":memory:")
      } catch {
        throw self.error(.io(error.description))
      }
      try schema.migrate(db, file: self)
      // Writes fail as they do on the files of a read-only folder: never acknowledged, then lost.
      do { try db.execute("PRAGMA query_only = 1") } catch { throw self.error(.io(error.description)) }
      return db
    }
    try checkHeader()
    let db: SQLiteConnection
    do {
      // Without its -shm SQLite cannot read a WAL file in a read-only folder unless told the
      // file will not change; the plain read-only open comes first (it sees a -wal's pages).
      db = try Self.readOnlyConnection(url.path)
    } catch {
      throw self.error(error.isCorruption ? .corrupt(error.message) : .io(error.description))
    }
    do {
      let appID = try db.applicationID()
      let version = try db.userVersion()
      guard appID == schema.applicationID else { throw self.error(.foreign(applicationID: appID)) }
      if version > schema.latestVersion {
        throw self.error(.newerSchema(found: version, supported: schema.latestVersion))
      }
      if version < schema.latestVersion {
        throw self.error(
          .io(
            "is at schema version \(version) and needs updating to \(schema.latestVersion), which a"
              + " read-only folder does not allow; expected a writable folder (once)"))
      }
    } catch let error as SQLiteError {
      throw self.error(error.isCorruption ? .corrupt(error.message) : .io(error.description))
    } catch let error as StationStoreError {
      throw error
    } catch {
      throw self.error(.io("\(error)"))
    }
    try schema.verify(db, file: self)
    return db
  }

  /// A read-only connection that can read: plain, else immutable.
  private static func readOnlyConnection(_ path: String) throws(SQLiteError) -> SQLiteConnection {
    if let plain = try? SQLiteConnection(path: path, readOnly: true),
      (try? plain.scalar("SELECT count(*) FROM sqlite_master")) != nil
    {
      return plain
    }
    return try SQLiteConnection(path: path, readOnly: true, immutable: true)
  }

  /// Proves, with `lstat` and before anything opens the file, that the file and its
  /// `-wal`/`-shm` companions are regular files or absent: SQLite would block for ever opening
  /// a named pipe, and a symbolic link would let a mode change or a write land elsewhere.
  ///
  /// A directory is refused with an I/O error (it is never moved aside); anything else that is
  /// not a regular file is ``StationStoreError/Problem/notAFile(_:)``, which the store moves
  /// aside (the link itself, never its target).
  func checkKinds() throws(StationStoreError) {
    for suffix in ["", "-wal", "-shm"] {
      let kind = FileKind(path: url.path + suffix)
      switch kind {
      case .missing, .regular: continue
      case .directory where suffix.isEmpty:
        throw self.error(
          .io("is a directory, not a file; expected an SQLite database file at this path"))
      case .unreadable(let reason):
        throw self.error(
          .io(
            "\(suffix.isEmpty ? "" : "its companion \(url.lastPathComponent + suffix) ")"
              + "cannot be examined (\(reason)); expected a readable folder"))
      default:
        throw self.error(
          .notAFile(
            suffix.isEmpty
              ? kind.phrase : "its companion \(url.lastPathComponent + suffix) is \(kind.phrase)"
          ))
      }
    }
  }

  /// Creates the file (empty) with mode 0600 before SQLite does, or narrows an existing file and
  /// its `-wal`/`-shm` companions to 0600; SQLite gives new companions the file's mode.
  ///
  /// The mode is changed on an open descriptor (`fchmod`) of a file opened without following
  /// links, so a link swapped in after ``checkKinds()`` never has its target changed.
  func restrictPermissions() throws(StationStoreError) {
    if FileKind(path: url.path) == .missing {
      let created = SystemFile.open(url.path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard created >= 0 else {
        let reason = String(cString: strerror(errno))
        throw self.error(
          .io(
            "cannot be created (\(reason)); expected a writable folder at "
              + url.deletingLastPathComponent().path))
      }
      SystemFile.close(created)
    }
    for suffix in ["", "-wal", "-shm"] {
      let path = url.path + suffix
      let descriptor: Int32?
      do { descriptor = try FileKind.openRegular(path) } catch {
        throw self.error(
          suffix.isEmpty
            ? .notAFile(error.kind.phrase)
            : .notAFile("its companion \(url.lastPathComponent + suffix) is \(error.kind.phrase)"))
      }
      guard let descriptor else { continue }
      defer { SystemFile.close(descriptor) }
      guard fchmod(descriptor, 0o600) == 0 else {
        let reason = String(cString: strerror(errno))
        throw self.error(
          .io("its permissions cannot be set to 0600 (\(reason)); expected a file the user owns"))
      }
    }
  }

  /// A short reason for a Foundation error, without the raw `NSError` dump.
  static func describe(_ error: any Error) -> String {
    let text = error.localizedDescription
    return text.isEmpty ? "\(type(of: error))" : text
  }

  /// Rejects a non-empty file that does not start with the SQLite header, before SQLite sees it.
  private func checkHeader() throws(StationStoreError) {
    let opened: Int32?
    do { opened = try FileKind.openRegular(url.path) } catch {
      if case .unreadable(let reason) = error.kind {
        throw self.error(.io("cannot be read (\(reason)); expected a readable file"))
      }
      throw self.error(.notAFile(error.kind.phrase))
    }
    guard let descriptor = opened else { return }
    defer { SystemFile.close(descriptor) }
    guard let bytes = SystemFile.read(descriptor, count: 16) else {
      let reason = String(cString: strerror(errno))
      throw self.error(.io("cannot be read (\(reason)); expected a readable file"))
    }
    let head = Data(bytes)
    guard !head.isEmpty, Array(head) != Self.sqliteHeader else { return }
    throw self.error(.notSQLite(firstBytes: Self.printable(head)))
  }

  /// The bytes as a quoted string with non-printable bytes escaped, e.g. `"PK\x03\x04"`.
  static func printable(_ bytes: Data) -> String {
    var text = "\""
    for b in bytes {
      if b >= 0x20, b < 0x7F, b != UInt8(ascii: "\"") {
        text.append(Character(Unicode.Scalar(b)))
      } else {
        text += String(format: "\\x%02X", b)
      }
    }
    return text + "\""
  }

  /// Moves the file and its `-wal`/`-shm` companions to `<name>.unusable-<UTC timestamp>` and
  /// returns the new location; the content is kept untouched for inspection or manual rescue.
  ///
  /// Names are taken with `lstat` and moved with `rename(2)`, so a symbolic link is moved as
  /// the link (its target is never touched) and a named pipe is never opened.
  func moveAside(now: Date) throws(StationStoreError) -> URL {
    let stamp = Self.timestamp(now)
    var target = url.appendingPathExtension("unusable-\(stamp)")
    var counter = 2
    // Bounded: each taken name moves the counter on, and a folder holds finitely many names.
    while FileKind(path: target.path) != .missing, counter < 100_000 {
      target = url.appendingPathExtension("unusable-\(stamp)-\(counter)")
      counter += 1
    }
    for suffix in ["", "-wal", "-shm"] where FileKind(path: url.path + suffix) != .missing {
      guard rename(url.path + suffix, target.path + suffix) == 0 else {
        let reason = String(cString: strerror(errno))
        throw self.error(
          .io("cannot be moved aside to \(target.path) (\(reason)); expected a writable folder"))
      }
    }
    return target
  }

  /// `20260512T101500Z`.
  static func timestamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
      c.minute ?? 0, c.second ?? 0)
  }
}
