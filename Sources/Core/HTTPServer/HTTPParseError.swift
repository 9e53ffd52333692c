/// A request the server refuses to process: the status to answer with and why.
///
/// The parser throws these; the server answers with ``status`` and the message as a plain-text
/// body, then closes the connection.
public struct HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The status the server answers with, e.g. 400, 413, 431 or 505.
  public var status: HTTPStatus
  /// What failed, for which input, and what was expected.
  public var message: String

  /// Creates an error with the status to answer and a message naming the input.
  public init(_ status: HTTPStatus, _ message: String) {
    self.status = status
    self.message = message
  }

  /// The status and message, e.g. `431 Request Header Fields Too Large: header block ...`.
  public var description: String { "\(status): \(message)" }
}
