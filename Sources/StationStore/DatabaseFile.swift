import Foundation

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
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw self.error(
        .io("is a directory, not a file; expected an SQLite database file at this path"))
    }
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

  /// Creates the file (empty) with mode 0600 before SQLite does, or narrows an existing file and
  /// its `-wal`/`-shm` companions to 0600; SQLite gives new companions the file's mode.
  func restrictPermissions() throws(StationStoreError) {
    let fm = FileManager.default
    if !fm.fileExists(atPath: url.path) {
      guard fm.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
      else {
        throw self.error(
          .io(
            "cannot be created; expected a writable folder at \(url.deletingLastPathComponent().path)"
          ))
      }
    }
    for suffix in ["", "-wal", "-shm"] where fm.fileExists(atPath: url.path + suffix) {
      do {
        try fm.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path + suffix)
      } catch {
        throw self.error(
          .io(
            "its permissions cannot be set to 0600 (\(Self.describe(error))); expected a file the user owns"
          ))
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
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    let head: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      head = try handle.read(upToCount: 16) ?? Data()
    } catch {
      throw self.error(.io("cannot be read (\(Self.describe(error))); expected a readable file"))
    }
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
  func moveAside(now: Date) throws(StationStoreError) -> URL {
    let fm = FileManager.default
    let stamp = Self.timestamp(now)
    var target = url.appendingPathExtension("unusable-\(stamp)")
    var counter = 2
    while fm.fileExists(atPath: target.path) {
      target = url.appendingPathExtension("unusable-\(stamp)-\(counter)")
      counter += 1
    }
    do {
      for suffix in ["", "-wal", "-shm"] {
        let from = URL(fileURLWithPath: url.path + suffix)
        if fm.fileExists(atPath: from.path) {
          try fm.moveItem(at: from, to: URL(fileURLWithPath: target.path + suffix))
        }
      }
    } catch {
      throw self.error(
        .io(
          "cannot be moved aside to \(target.path) (\(Self.describe(error))); expected a writable folder"
        ))
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
