/// Turns responses into the bytes written on the wire.
enum HTTPResponseEncoder {
  /// Header names the server owns; a handler's values for them are replaced.
  static let framingHeaders = ["Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive"]

  /// How the body after the head is delimited.
  enum Framing {
    /// `Content-Length: n`.
    case length(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
    /// No length: the body ends when the connection closes (HTTP/1.0 event streams).
    case untilClose
    /// No body and no length field (1xx, 204).
    case none
  }

  /// The head bytes: status line, the handler's headers minus framing headers, then ours.
  static func head(status: HTTPStatus, headers: HTTPHeaders, framing: Framing, keepAlive: Bool)
    -> [UInt8]
  {
    var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
    for field in headers
    where !framingHeaders.contains(where: { HTTPHeaders.namesMatch($0, field.name) }) {
      text += "\(field.name): \(field.value)\r\n"
    }
    switch framing {
    case .length(let count): text += "Content-Length: \(count)\r\n"
    case .chunked: text += "Transfer-Encoding: chunked\r\n"
    case .untilClose, .none: break
    }
    text += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
    return Array(text.utf8)
  }

  /// A description of the first header a handler set that cannot be sent safely, or `nil`.
  ///
  /// Names must be tokens and values must not contain CR, LF or NUL: otherwise a value taken
  /// from user input could inject headers or a second response.
  static func invalidHeader(in response: HTTPResponse) -> String? {
    for field in response.headers {
      if field.name.isEmpty || !field.name.utf8.allSatisfy(HTTPRequestParser.isTokenByte) {
        return "header name '\(field.name.prefix(60))' is not a token"
      }
      if field.value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
        return "header '\(field.name)' has a value with a control character (CR, LF or NUL)"
      }
    }
    if response.status.code < 100 || response.status.code > 999
      || response.status.reason.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
    {
      return "status '\(response.status.code)' or its reason phrase is not sendable"
    }
    return nil
  }

  /// One chunk of a chunked body: hex length, CRLF, bytes, CRLF.
  static func chunk(_ bytes: [UInt8]) -> [UInt8] {
    Array(String(bytes.count, radix: 16).utf8) + [0x0D, 0x0A] + bytes + [0x0D, 0x0A]
  }

  /// The last chunk, which ends a chunked body.
  static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)
}
