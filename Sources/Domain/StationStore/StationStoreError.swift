import Foundation

/// A store file could not be used; each case names the file and what was expected.
public struct StationStoreError: Error, Sendable, CustomStringConvertible {
  /// What is wrong with the file.
  public enum Problem: Sendable, Equatable {
    /// The file does not start with the SQLite header (garbage or another format).
    case notSQLite(firstBytes: String)
    /// SQLite reports the file as damaged.
    case corrupt(String)
    /// A valid SQLite database that belongs to another application (or another Wayside file).
    case foreign(applicationID: Int32)
    /// Written by a newer Wayside whose schema this version does not know.
    case newerSchema(found: Int, supported: Int)
    /// A migration step failed; the file was left at its previous version.
    case migrationFailed(toVersion: Int, reason: String)
    /// Reading, writing or moving the file failed.
    case io(String)
    /// The file is empty (0 bytes) although a backup of it exists.
    case empty
    /// The file does not exist although a backup of it does.
    case missing
    /// The file is a Wayside database of the right version, but tables or columns are missing.
    case wrongSchema(String)
    /// Something other than a regular file sits where the file belongs (a named pipe, a device,
    /// a symbolic link); the text names what, e.g. `a named pipe`.
    case notAFile(String)
  }

  /// Which of the store's files.
  public var file: URL
  /// The role of the file: `station data` or `user data`.
  public var role: String
  /// What is wrong.
  public var problem: Problem

  /// Creates an error.
  public init(file: URL, role: String, problem: Problem) {
    self.file = file
    self.role = role
    self.problem = problem
  }

  /// Whether the file is damaged or foreign, so moving it aside and starting again is the right
  /// recovery.
  ///
  /// A file from a newer schema is not damaged: it belongs to a newer Wayside and must be left
  /// alone (see ``isNewerSchema``). Only station data, which can be rebuilt at any time, is then
  /// moved aside; user data is refused with an error.
  public var isRecoverableByMovingAside: Bool {
    switch problem {
    case .notSQLite, .corrupt, .foreign, .empty, .missing, .wrongSchema, .notAFile: true
    case .newerSchema, .migrationFailed, .io: false
    }
  }

  /// Whether the file was written by a newer Wayside with a schema this version does not know.
  public var isNewerSchema: Bool {
    if case .newerSchema = problem { return true }
    return false
  }

  /// A sentence naming the file, the problem and what was expected.
  public var description: String {
    let path = file.path
    switch problem {
    case .notSQLite(let head):
      return
        "\(role) file \(path) is not an SQLite database (it starts with \(head)); expected a "
        + "Wayside \(role) database"
    case .corrupt(let message):
      return "\(role) file \(path) is damaged (\(message)); expected an intact SQLite database"
    case .foreign(let id):
      return
        "\(role) file \(path) belongs to another application (application_id "
        + "\(String(format: "0x%08X", UInt32(bitPattern: id)))); expected a Wayside \(role) "
        + "database"
    case .newerSchema(let found, let supported):
      return
        "\(role) file \(path) has schema version \(found), written by a newer Wayside; this "
        + "version understands versions up to \(supported)"
        + (role == "user data"
          ? "; open it with that newer Wayside (the file and its backup were left untouched)"
          : "")
    case .migrationFailed(let version, let reason):
      return
        "\(role) file \(path) could not be migrated to schema version \(version): \(reason); "
        + "the file was left unchanged"
    case .io(let message):
      return "\(role) file \(path): \(message)"
    case .empty:
      return "\(role) file \(path) is empty (0 bytes); expected a Wayside \(role) database"
    case .missing:
      return "\(role) file \(path) is missing; expected a Wayside \(role) database"
    case .notAFile(let what):
      return
        "\(role) file \(path) is \(what), not a regular file; expected a Wayside \(role) "
        + "database file (the store neither opens nor follows anything else)"
    case .wrongSchema(let detail):
      return
        "\(role) file \(path) does not have the Wayside \(role) schema: \(detail)"
    }
  }
}
