/// A pure, incremental HTTP/1.1 request parser: feed it bytes as they arrive, take requests out.
///
/// It reads the request line, header fields and a `Content-Length` body, and enforces the
/// limits in ``Limits``. It performs no I/O, so every rule is tested in-process. Supported
/// framing is `Content-Length` only: a request with `Transfer-Encoding` (for example a chunked
/// body) is refused with 501 Not Implemented, and one with both framings with 400, because
/// mixing them is the classic request-smuggling vector (RFC 9112 §6.1).
///
/// After a thrown error the parser stays failed and rethrows the same error: the connection's
/// byte stream can no longer be framed, so the server must close it.
public struct HTTPRequestParser: Sendable {
  /// Size limits applied while parsing.
  public struct Limits: Sendable, Hashable {
    /// The largest request line in bytes; a longer one is answered with 414.
    public var maxRequestLineBytes: Int
    /// The largest request head (request line plus header fields) in bytes; more is 431.
    public var maxHeaderBytes: Int
    /// The largest number of header fields; more is 431.
    public var maxHeaderCount: Int
    /// The largest body in bytes; a larger `Content-Length` is answered with 413.
    public var maxBodyBytes: Int

    /// Creates limits; the defaults are 8 KiB line, 16 KiB head, 100 fields and 1 MiB body.
    public init(
      maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 16 * 1024,
      maxHeaderCount: Int = 100, maxBodyBytes: Int = 1024 * 1024
    ) {
      self.maxRequestLineBytes = maxRequestLineBytes
      self.maxHeaderBytes = maxHeaderBytes
      self.maxHeaderCount = maxHeaderCount
      self.maxBodyBytes = maxBodyBytes
    }
  }

  private struct PendingHead {
    var request: HTTPRequest
    var bodyLength: Int
    var expectsContinue: Bool
  }

  private enum State {
    case head
    case body(PendingHead)
    case failed(HTTPParseError)
  }

  /// The limits this parser enforces.
  public let limits: Limits
  private var buffer: [UInt8] = []
  private var start = 0
  private var scanned = 0
  private var state = State.head
  private var emptyLinesSkipped = 0

  /// Whether the head just parsed asked for `100 Continue` and its body has not arrived yet.
  ///
  /// The server sends `HTTP/1.1 100 Continue` once when this is true, then reads the body.
  public private(set) var expectsContinue = false

  /// Creates a parser with the given limits.
  public init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Whether bytes of an unfinished request are buffered (used to tell a slow request from an
  /// idle keep-alive connection).
  public var hasPartialRequest: Bool {
    switch state {
    case .head: buffer.count > start
    case .body: true
    case .failed: false
    }
  }

  /// Appends bytes received from the connection.
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeFirst(start)
      scanned -= start
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Returns the next complete request, or `nil` when more bytes are needed.
  /// - Throws: ``HTTPParseError`` naming the status to answer when the bytes are not an
  ///   acceptable request; the parser then stays failed.
  public mutating func next() throws(HTTPParseError) -> HTTPRequest? {
    switch state {
    case .failed(let error):
      throw error
    case .body(let pending):
      return takeBody(pending)
    case .head:
      do {
        guard let pending = try parseHead() else { return nil }
        if pending.bodyLength == 0 { return pending.request }
        state = .body(pending)
        return takeBody(pending)
      } catch {
        state = .failed(error)
        expectsContinue = false
        throw error
      }
    }
  }

  private mutating func takeBody(_ pending: PendingHead) -> HTTPRequest? {
    guard buffer.count - start >= pending.bodyLength else { return nil }
    var request = pending.request
    request.body = Array(buffer[start..<(start + pending.bodyLength)])
    start += pending.bodyLength
    scanned = start
    state = .head
    expectsContinue = false
    return request
  }

  // MARK: Head

  private mutating func parseHead() throws(HTTPParseError) -> PendingHead? {
    // RFC 9112 §2.2: a server SHOULD ignore at least one empty line before the request line.
    // A few are skipped; an endless run is refused so it cannot keep a connection busy.
    while buffer.count - start >= 2 && buffer[start] == 0x0D && buffer[start + 1] == 0x0A {
      emptyLinesSkipped += 1
      if emptyLinesSkipped > 4 {
        throw HTTPParseError(.badRequest, "request starts with more than 4 empty lines")
      }
      start += 2
    }
    if scanned < start { scanned = start }
    guard let end = findHeadEnd() else {
      try checkIncompleteHead()
      return nil
    }
    let headBytes = buffer[start..<end]
    if headBytes.count + 4 > limits.maxHeaderBytes {
      throw HTTPParseError(
        .requestHeaderFieldsTooLarge,
        "request head is \(headBytes.count + 4) bytes; the limit is \(limits.maxHeaderBytes)")
    }
    let pending = try parseHeadBytes(headBytes)
    start = end + 4
    scanned = start
    emptyLinesSkipped = 0
    expectsContinue = pending.expectsContinue
    return pending
  }

  /// Finds the index of the CRLFCRLF that ends the head, resuming where the last scan stopped.
  private mutating func findHeadEnd() -> Int? {
    var index = max(scanned, start)
    while index + 3 < buffer.count {
      if buffer[index] == 0x0D && buffer[index + 1] == 0x0A && buffer[index + 2] == 0x0D
        && buffer[index + 3] == 0x0A
      {
        return index
      }
      index += 1
    }
    scanned = max(start, buffer.count - 3)
    return nil
  }

  private func checkIncompleteHead() throws(HTTPParseError) {
    let pending = buffer.count - start
    let lineEnd = buffer[start...].firstIndex(of: 0x0A)
    let lineLength = (lineEnd ?? buffer.count) - start
    if lineLength > limits.maxRequestLineBytes {
      throw HTTPParseError(
        .uriTooLong,
        "request line is longer than \(limits.maxRequestLineBytes) bytes")
    }
    if pending > limits.maxHeaderBytes {
      throw HTTPParseError(
        .requestHeaderFieldsTooLarge,
        "request head exceeds \(limits.maxHeaderBytes) bytes without ending in an empty line")
    }
    // Reject garbage early instead of waiting for a terminator that may never come.
    let probe = buffer[start..<(lineEnd ?? buffer.count)]
    if let space = probe.firstIndex(of: 0x20) {
      try Self.validateMethod(probe[probe.startIndex..<space])
    } else {
      try Self.validateMethod(probe, allowIncomplete: true)
    }
  }

  private func parseHeadBytes(_ head: ArraySlice<UInt8>) throws(HTTPParseError) -> PendingHead {
    // Split on CRLF; a bare CR or LF anywhere in the head is a framing error (RFC 9112 §2.2).
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = head.startIndex
    var index = head.startIndex
    while index < head.endIndex {
      let byte = head[index]
      if byte == 0x0D {
        guard index + 1 < head.endIndex, head[index + 1] == 0x0A else {
          throw HTTPParseError(.badRequest, "request head contains a bare CR not followed by LF")
        }
        lines.append(head[lineStart..<index])
        index += 2
        lineStart = index
      } else if byte == 0x0A {
        throw HTTPParseError(.badRequest, "request head contains a bare LF; lines must end in CRLF")
      } else {
        index += 1
      }
    }
    lines.append(head[lineStart..<head.endIndex])

    guard let requestLine = lines.first else {
      throw HTTPParseError(.badRequest, "request head is empty")
    }
    if requestLine.count > limits.maxRequestLineBytes {
      throw HTTPParseError(
        .uriTooLong,
        "request line is \(requestLine.count) bytes; the limit is \(limits.maxRequestLineBytes)")
    }
    let (method, target, version) = try Self.parseRequestLine(requestLine)

    let fieldLines = lines.dropFirst()
    if fieldLines.count > limits.maxHeaderCount {
      throw HTTPParseError(
        .requestHeaderFieldsTooLarge,
        "request has \(fieldLines.count) header fields; the limit is \(limits.maxHeaderCount)")
    }
    var headers = HTTPHeaders()
    for line in fieldLines {
      let (name, value) = try Self.parseField(line)
      headers.add(name, value)
    }

    let hosts = headers.values(for: "Host")
    guard hosts.count == 1 else {
      throw HTTPParseError(
        .badRequest,
        hosts.isEmpty
          ? "request has no Host header; exactly one is required"
          : "request has \(hosts.count) Host headers; exactly one is required")
    }

    let bodyLength = try bodyLength(headers)
    var expects = false
    if let expect = headers["Expect"] {
      guard HTTPHeaders.namesMatch(expect, "100-continue") else {
        throw HTTPParseError(
          .expectationFailed, "Expect: '\(expect.prefix(80))' is not supported; only 100-continue")
      }
      expects = bodyLength > 0
    }

    let decoded = try RequestTarget.decode(target, method: method)
    let request = HTTPRequest(
      method: method, target: target, path: decoded.path, queryItems: decoded.query,
      version: version, headers: headers, body: [])
    return PendingHead(request: request, bodyLength: bodyLength, expectsContinue: expects)
  }

  private func bodyLength(_ headers: HTTPHeaders) throws(HTTPParseError) -> Int {
    let lengths = headers.values(for: "Content-Length")
    if headers.contains("Transfer-Encoding") {
      if !lengths.isEmpty {
        throw HTTPParseError(
          .badRequest, "request has both Transfer-Encoding and Content-Length; send only one")
      }
      throw HTTPParseError(
        .notImplemented,
        "Transfer-Encoding '\(headers["Transfer-Encoding"] ?? "")' is not supported;"
          + " send the body with Content-Length")
    }
    var length: Int? = nil
    for value in lengths {
      for element in value.split(separator: ",", omittingEmptySubsequences: false) {
        let digits = element.trimmingASCIIWhitespace()
        guard !digits.isEmpty, digits.utf8.count <= 18,
          digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let parsed = Int(digits)
        else {
          throw HTTPParseError(
            .badRequest, "Content-Length '\(value.prefix(40))' is not a non-negative integer")
        }
        if let length, length != parsed {
          throw HTTPParseError(.badRequest, "request has conflicting Content-Length values")
        }
        length = parsed
      }
    }
    let result = length ?? 0
    if result > limits.maxBodyBytes {
      throw HTTPParseError(
        .contentTooLarge,
        "request body is \(result) bytes; the limit is \(limits.maxBodyBytes)")
    }
    return result
  }

  // MARK: Lines

  private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (
    HTTPMethod, String, HTTPVersion
  ) {
    let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, !parts[2].isEmpty else {
      throw HTTPParseError(
        .badRequest,
        "request line '\(printable(line))' is not 'METHOD SP target SP HTTP/1.1'")
    }
    try validateMethod(parts[0])
    guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw HTTPParseError(
        .badRequest, "request target '\(printable(parts[1]))' contains non-visible characters")
    }
    let version = try parseVersion(parts[2])
    return (
      HTTPMethod(String(decoding: parts[0], as: UTF8.self)),
      String(decoding: parts[1], as: UTF8.self), version
    )
  }

  private static func validateMethod(
    _ bytes: ArraySlice<UInt8>, allowIncomplete: Bool = false
  ) throws(HTTPParseError) {
    guard allowIncomplete || !bytes.isEmpty else {
      throw HTTPParseError(.badRequest, "request line does not start with a method token")
    }
    if let bad = bytes.first(where: { !isTokenByte($0) }), !(allowIncomplete && bad == 0x0D) {
      throw HTTPParseError(
        .badRequest,
        "request line '\(printable(bytes))' does not start with a method token"
          + " (byte 0x\(String(bad, radix: 16)) is not allowed in a token)")
    }
  }

  private static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError)
    -> HTTPVersion
  {
    let text = Array(bytes)
    let prefix = Array("HTTP/".utf8)
    guard text.count == 8, Array(text[0..<5]) == prefix, isDigit(text[5]), text[6] == 0x2E,
      isDigit(text[7])
    else {
      throw HTTPParseError(
        .badRequest, "protocol version '\(printable(bytes))' is not of the form HTTP/1.1")
    }
    let major = Int(text[5] - 0x30)
    let minor = Int(text[7] - 0x30)
    guard major == 1 else {
      throw HTTPParseError(
        .httpVersionNotSupported,
        "protocol version HTTP/\(major).\(minor) is not supported; use HTTP/1.1 or HTTP/1.0")
    }
    // RFC 9110 §2.5: a higher minor version of HTTP/1 is answered as HTTP/1.1.
    return minor == 0 ? .http1_0 : .http1_1
  }

  private static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (
    String, String
  ) {
    guard let first = line.first else {
      throw HTTPParseError(.badRequest, "request head contains an empty header line")
    }
    if first == 0x20 || first == 0x09 {
      throw HTTPParseError(
        .badRequest, "header line '\(printable(line))' is folded (obs-fold is not accepted)")
    }
    guard let colon = line.firstIndex(of: 0x3A) else {
      throw HTTPParseError(.badRequest, "header line '\(printable(line))' has no ':'")
    }
    let name = line[line.startIndex..<colon]
    guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
      throw HTTPParseError(
        .badRequest,
        "header name '\(printable(name))' is not a token (no spaces or separators allowed)")
    }
    var value = line[(colon + 1)...]
    while let head = value.first, head == 0x20 || head == 0x09 { value = value.dropFirst() }
    while let tail = value.last, tail == 0x20 || tail == 0x09 { value = value.dropLast() }
    if let bad = value.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
      throw HTTPParseError(
        .badRequest,
        "header '\(printable(name))' contains control byte 0x\(String(bad, radix: 16))")
    }
    let nameText = String(decoding: name, as: UTF8.self)
    // Field values are ASCII in practice; obs-text bytes (0x80–0xFF) are kept losslessly
    // as ISO-8859-1 characters rather than guessed as UTF-8 (RFC 9110 §5.5).
    let valueText: String
    if value.allSatisfy({ $0 < 0x80 }) {
      valueText = String(decoding: value, as: UTF8.self)
    } else {
      valueText = String(String.UnicodeScalarView(value.map { Unicode.Scalar($0) }))
    }
    return (nameText, valueText)
  }

  /// Whether `byte` may appear in a token (RFC 9110 §5.6.2 tchar).
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// A short, printable rendering of raw bytes for error messages.
  static func printable(_ bytes: ArraySlice<UInt8>) -> String {
    var text = ""
    for byte in bytes.prefix(60) {
      if byte >= 0x20 && byte < 0x7F {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
      }
    }
    return bytes.count > 60 ? text + "…" : text
  }
}
