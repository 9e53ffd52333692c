/// One `wayside` subcommand.
public protocol WaysideCommand: Sendable {
  /// The word that selects it, e.g. `stations`.
  static var name: String { get }
  /// One line for `wayside --help`.
  static var abstract: String { get }
  /// The full help text for `wayside NAME --help`.
  static var usage: String { get }
  /// Runs the command and returns its exit status.
  static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32
}

/// A failure a command reports to the user, with the exit status to use.
public struct CommandError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, naming the input and what was expected.
  public var message: String
  /// 2 for usage errors, 1 for failures.
  public var exitCode: Int32

  /// Creates an error.
  public init(message: String, exitCode: Int32) {
    self.message = message
    self.exitCode = exitCode
  }

  /// A usage error (bad or missing arguments): exit status 2.
  public static func usage(_ message: String) -> CommandError {
    CommandError(message: message, exitCode: 2)
  }

  /// A failure while doing the work (unreadable file, no route): exit status 1.
  public static func failure(_ message: String) -> CommandError {
    CommandError(message: message, exitCode: 1)
  }

  /// The message.
  public var description: String { message }
}
