import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error reported by SQLite, carrying its result code, SQLite's message, the file and the SQL.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
  /// The extended SQLite result code, e.g. `SQLITE_CORRUPT` (11) or `SQLITE_NOTADB` (26).
  public var code: Int32
  /// SQLite's own message, e.g. `file is not a database`.
  public var message: String
  /// The database file the connection was opened on.
  public var path: String
  /// The statement that failed, when the failure belongs to one.
  public var sql: String?
  /// The system's `errno` behind an I/O failure (`sqlite3_system_errno`), 0 when none.
  public var systemError: Int32

  /// Creates an error.
  public init(
    code: Int32, message: String, path: String, sql: String? = nil, systemError: Int32 = 0
  ) {
    self.code = code
    self.message = message
    self.path = path
    self.sql = sql
    self.systemError = systemError
  }

  /// Whether the write failed for want of space: SQLite's `SQLITE_FULL`, or an I/O error whose
  /// system cause is `ENOSPC` (SQLite reports a full disk during a write-ahead-log write as
  /// "disk I/O error") or an exhausted quota.
  public var isDiskFull: Bool {
    code & 0xFF == SQLITE_FULL || systemError == ENOSPC || systemError == EDQUOT
  }

  /// Whether the code says the file is damaged or is not an SQLite database at all.
  public var isCorruption: Bool {
    let primary = code & 0xFF
    return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
  }

  /// `SQLite error 26 (file is not a database) on /path/stations.sqlite in "SELECT …"`.
  public var description: String {
    var text = "SQLite error \(code) (\(message)) on \(path)"
    if let sql { text += " in \"\(sql)\"" }
    if isDiskFull {
      text += ": the disk is full; free some space and try again (nothing was written)"
    } else if systemError != 0 {
      text += " (system: \(String(cString: strerror(systemError))))"
    }
    return text
  }
}

/// A value bound to or read from a statement parameter.
enum SQLiteValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text and blobs before `bind` returns.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One open SQLite connection; not thread-safe on its own (``StationStore`` serialises access).
final class SQLiteConnection {
  /// The file path the connection was opened on.
  let path: String
  private let handle: OpaquePointer

  /// Opens (and creates, unless `readOnly`) the database at `path`. With `immutable` (read-only
  /// only) SQLite is told the file cannot change, so it needs no `-shm` file beside it: the way
  /// to read a WAL database in a folder nobody can create files in.
  init(path: String, readOnly: Bool = false, immutable: Bool = false) throws(SQLiteError) {
    self.path = path
    var db: OpaquePointer?
    let flags =
      readOnly
      ? SQLITE_OPEN_READONLY
      : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    var name = path
    var uri: Int32 = 0
    if readOnly, immutable, path.hasPrefix("/") {
      // A URI names the file: '%', '?' and '#' in the path are escaped.
      var escaped = ""
      for character in path {
        switch character {
        case "%": escaped += "%25"
        case "?": escaped += "%3f"
        case "#": escaped += "%23"
        default: escaped.append(character)
        }
      }
      name = "file://" + escaped + "?immutable=1"
      uri = SQLITE_OPEN_URI
    }
    let rc = sqlite3_open_v2(name, &db, flags | uri | SQLITE_OPEN_NOMUTEX, nil)
    guard let db else {
      throw SQLiteError(code: rc, message: "cannot allocate a connection", path: path)
    }
    guard rc == SQLITE_OK else {
      let message = String(cString: sqlite3_errmsg(db))
      sqlite3_close_v2(db)
      throw SQLiteError(code: rc, message: message, path: path)
    }
    sqlite3_extended_result_codes(db, 1)
    sqlite3_busy_timeout(db, 2_000)
    self.handle = db
  }

  deinit { sqlite3_close_v2(handle) }

  /// The connection's last error as a ``SQLiteError`` for `sql`.
  func lastError(_ code: Int32, sql: String?) -> SQLiteError {
    SQLiteError(
      code: code, message: String(cString: sqlite3_errmsg(handle)), path: path, sql: sql,
      systemError: sqlite3_system_errno(handle))
  }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String) throws(SQLiteError) {
    let rc = sqlite3_exec(handle, sql, nil, nil, nil)
    guard rc == SQLITE_OK else { throw lastError(rc, sql: sql) }
  }

  /// Compiles one statement.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard rc == SQLITE_OK, let statement else { throw lastError(rc, sql: sql) }
    return SQLiteStatement(connection: self, handle: statement, sql: sql)
  }

  /// Runs `sql` with `values` bound and returns the first column of the first row, if any.
  func scalar(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteValue? {
    let statement = try prepare(sql)
    try statement.bind(values)
    guard try statement.step() else { return nil }
    return statement.value(0)
  }

  /// Runs `sql` once with `values` bound, ignoring any rows.
  func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
    let statement = try prepare(sql)
    try statement.bind(values)
    while try statement.step() {}
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back when it throws.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// `PRAGMA user_version`, the schema version the migrations have reached.
  func userVersion() throws(SQLiteError) -> Int {
    guard case .integer(let v)? = try scalar("PRAGMA user_version") else { return 0 }
    return Int(v)
  }

  /// `PRAGMA application_id`, the 32-bit tag that says which application owns the file.
  func applicationID() throws(SQLiteError) -> Int32 {
    guard case .integer(let v)? = try scalar("PRAGMA application_id") else { return 0 }
    return Int32(truncatingIfNeeded: v)
  }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  var changes: Int { Int(sqlite3_changes(handle)) }
}

/// A compiled statement bound to its connection.
final class SQLiteStatement {
  /// The SQL text, kept for error messages.
  let sql: String
  private let connection: SQLiteConnection
  private let handle: OpaquePointer

  fileprivate init(connection: SQLiteConnection, handle: OpaquePointer, sql: String) {
    self.connection = connection
    self.handle = handle
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  /// Clears the previous bindings and binds `values` to parameters 1…n.
  func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds one value to the 1-based parameter `index`.
  func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
    let rc: Int32
    switch value {
    case .null: rc = sqlite3_bind_null(handle, index)
    case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
    case .real(let v): rc = sqlite3_bind_double(handle, index, v)
    case .text(let v): rc = sqlite3_bind_text(handle, index, v, -1, transientDestructor)
    case .blob(let bytes):
      rc = bytes.withUnsafeBytes { raw in
        sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), transientDestructor)
      }
    }
    guard rc == SQLITE_OK else { throw connection.lastError(rc, sql: sql) }
  }

  /// Advances to the next row: true when a row is available, false when done.
  func step() throws(SQLiteError) -> Bool {
    let rc = sqlite3_step(handle)
    switch rc {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.lastError(rc, sql: sql)
    }
  }

  /// The value of column `index` (0-based) in the current row.
  func value(_ index: Int32) -> SQLiteValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT: return .text(text(index) ?? "")
    case SQLITE_BLOB: return .blob(withBlob(index) { Array($0) })
    default: return .null
    }
  }

  /// Column `index` as an integer (0 for NULL).
  func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` as a double (0 for NULL).
  func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` as text, nil for NULL.
  func text(_ index: Int32) -> String? {
    guard let pointer = sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// Calls `body` with column `index`'s bytes, valid only inside `body` (no copy).
  func withBlob<T, E: Error>(_ index: Int32, _ body: (UnsafeRawBufferPointer) throws(E) -> T)
    throws(E) -> T
  {
    let pointer = sqlite3_column_blob(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeRawBufferPointer(start: pointer, count: count))
  }
}
