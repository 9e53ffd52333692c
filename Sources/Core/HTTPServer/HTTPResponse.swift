import Foundation

/// The answer to one request: status, headers and a body that is either bytes or a stream of
/// server-sent events.
///
/// The server owns framing: it sets `Content-Length`, `Connection` and, for event streams,
/// `Transfer-Encoding`, replacing any such fields a handler set.
public struct HTTPResponse: Sendable {
  /// What follows the response head.
  public enum Body: Sendable {
    /// A complete body sent with `Content-Length`.
    case bytes([UInt8])
    /// A `text/event-stream` body: each event is written as it is produced, until the stream
    /// finishes, the client goes away, or the server stops (the stream's consumer is then
    /// cancelled, which fires the producer's `onTermination`).
    case events(AsyncStream<ServerSentEvent>)
  }

  /// The status.
  public var status: HTTPStatus
  /// The header fields the handler chose.
  public var headers: HTTPHeaders
  /// The body.
  public var body: Body

  /// Creates a response from its parts.
  public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: Body = .bytes([])) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// Creates a response whose body is `bytes`, labelled with `contentType`.
  public init(
    status: HTTPStatus = .ok, contentType: String, bytes: some Sequence<UInt8>,
    headers: HTTPHeaders = [:]
  ) {
    var headers = headers
    headers["Content-Type"] = contentType
    self.init(status: status, headers: headers, body: .bytes(Array(bytes)))
  }

  /// The body bytes, or `nil` for an event stream.
  public var bodyBytes: [UInt8]? {
    if case .bytes(let bytes) = body { return bytes }
    return nil
  }

  /// The body as UTF-8 text, or `nil` for an event stream or invalid UTF-8.
  public var bodyText: String? {
    bodyBytes.flatMap { String(validating: $0, as: UTF8.self) }
  }

  /// A `text/plain; charset=utf-8` response.
  public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", bytes: text.utf8)
  }

  /// A `text/html; charset=utf-8` response.
  public static func html(_ html: String, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "text/html; charset=utf-8", bytes: html.utf8)
  }

  /// An `application/json` response from JSON text the caller already encoded.
  public static func json(_ json: String, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "application/json", bytes: json.utf8)
  }

  /// An `application/json` response from JSON bytes the caller already encoded.
  public static func json(bytes: some Sequence<UInt8>, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "application/json", bytes: bytes)
  }

  /// An `application/json` response encoding `value`.
  /// - Throws: the encoder's error when `value` cannot be encoded.
  public static func json(
    _ value: some Encodable, status: HTTPStatus = .ok, encoder: JSONEncoder = JSONEncoder()
  ) throws -> HTTPResponse {
    json(bytes: try encoder.encode(value), status: status)
  }

  /// An `image/svg+xml` response.
  public static func svg(_ svg: String, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "image/svg+xml; charset=utf-8", bytes: svg.utf8)
  }

  /// A server-sent-events response that writes each event of `events` as it arrives.
  public static func eventStream(_ events: AsyncStream<ServerSentEvent>) -> HTTPResponse {
    HTTPResponse(
      status: .ok,
      headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store"],
      body: .events(events))
  }

  /// A plain-text error response whose body is the status line followed by `message`.
  public static func error(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
    text("\(status)\n\(message)\n", status: status)
  }

  /// A redirect (303 See Other unless given) to `location`.
  public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Location": location])
  }
}
