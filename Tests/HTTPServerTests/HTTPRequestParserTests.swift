import Testing

@testable import HTTPServer

/// One table row: raw request bytes and the status the parser must answer with.
struct RejectionCase: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: [UInt8]
  var status: Int
  var testDescription: String { name }

  init(_ name: String, _ text: String, _ status: Int) {
    self.name = name
    self.bytes = Array(text.utf8)
    self.status = status
  }

  init(_ name: String, bytes: [UInt8], _ status: Int) {
    self.name = name
    self.bytes = bytes
    self.status = status
  }
}

/// Parses everything in `bytes` at once and returns the requests, or throws the parser's error.
func parseAll(_ bytes: [UInt8], limits: HTTPRequestParser.Limits = .init()) throws
  -> [HTTPRequest]
{
  var parser = HTTPRequestParser(limits: limits)
  parser.append(bytes)
  var requests: [HTTPRequest] = []
  while let request = try parser.next() { requests.append(request) }
  return requests
}

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
  @Test("a simple GET yields method, decoded path, query items and case-insensitive headers")
  func simpleGet() throws {
    let requests = try parseAll(
      Array(
        "GET /api/stations%20near?lat=51.31&lon=9.49&q=Kassel+Hbf&flag HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Thing:  value  \r\n\r\n"
          .utf8))
    let request = try #require(requests.first)
    #expect(requests.count == 1)
    #expect(request.method == .get)
    #expect(request.path == "/api/stations near")
    #expect(request.target == "/api/stations%20near?lat=51.31&lon=9.49&q=Kassel+Hbf&flag")
    #expect(request.query("lat") == "51.31")
    #expect(request.query("q") == "Kassel Hbf")
    #expect(request.queryItems.last == .init(name: "flag", value: nil))
    #expect(request.headers["host"] == "127.0.0.1:8080")
    #expect(request.headers["x-thing"] == "value")
    #expect(request.version == .http1_1)
    #expect(request.body.isEmpty)
  }

  @Test("a request fed one byte at a time parses exactly like one fed at once")
  func byteByByte() throws {
    let text = "POST /tap HTTP/1.1\r\nHost: localhost:1\r\nContent-Length: 5\r\n\r\nrow-3"
    var parser = HTTPRequestParser()
    var parsed: [HTTPRequest] = []
    for byte in text.utf8 {
      parser.append([byte])
      if let request = try parser.next() { parsed.append(request) }
    }
    #expect(parsed == (try parseAll(Array(text.utf8))))
    #expect(parsed.first?.bodyText == "row-3")
    #expect(!parser.hasPartialRequest)
  }

  @Test("pipelined requests in one read come out in order, and a leading empty line is skipped")
  func pipelined() throws {
    let text =
      "\r\nGET /a HTTP/1.1\r\nHost: h\r\n\r\nPOST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nokGET /c HTTP/1.0\r\nHost: h\r\n\r\n"
    let requests = try parseAll(Array(text.utf8))
    #expect(requests.map(\.path) == ["/a", "/b", "/c"])
    #expect(requests[1].body == Array("ok".utf8))
    #expect(requests[2].version == .http1_0)
    #expect(requests[2].wantsKeepAlive == false)
    #expect(requests[0].wantsKeepAlive == true)
  }

  @Test("a body waits until Content-Length bytes have arrived")
  func partialBody() throws {
    var parser = HTTPRequestParser()
    parser.append(Array("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nab".utf8))
    #expect(try parser.next() == nil)
    #expect(parser.hasPartialRequest)
    parser.append(Array("cd".utf8))
    #expect(try parser.next()?.body == Array("abcd".utf8))
  }

  @Test("Expect: 100-continue is reported until the body arrives")
  func expectContinue() throws {
    var parser = HTTPRequestParser()
    parser.append(
      Array("POST /x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n".utf8)
    )
    #expect(try parser.next() == nil)
    #expect(parser.expectsContinue)
    parser.append([0x41])
    #expect(try parser.next()?.body == [0x41])
    #expect(!parser.expectsContinue)
  }

  @Test("header values keep obs-text bytes losslessly as ISO-8859-1")
  func obsText() throws {
    let bytes =
      Array("GET / HTTP/1.1\r\nHost: h\r\nX-Name: Stra".utf8) + [0xDF, 0x65]
      + Array("\r\n\r\n".utf8)
    #expect(try parseAll(bytes).first?.headers["X-Name"] == "Straße")
  }

  static let rejections: [RejectionCase] = [
    // Malformed request lines.
    .init("request line without a version", "GET /\r\nHost: h\r\n\r\n", 400),
    .init("request line with a double space", "GET  / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("request line with a trailing space", "GET / HTTP/1.1 \r\nHost: h\r\n\r\n", 400),
    .init("method with a separator", "G(T / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("absolute-form target", "GET http://evil.example/ HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("asterisk target with GET", "GET * HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("target with a control byte", "GET /a\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("an endless run of empty lines", String(repeating: "\r\n", count: 8), 400),
    // Versions.
    .init("HTTP/2.0", "GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
    .init("HTTP/0.9", "GET / HTTP/0.9\r\nHost: h\r\n\r\n", 505),
    .init("version without minor", "GET / HTTP/1\r\nHost: h\r\n\r\n", 400),
    .init("two-digit minor version", "GET / HTTP/1.10\r\nHost: h\r\n\r\n", 400),
    .init("lower-case protocol name", "GET / http/1.1\r\nHost: h\r\n\r\n", 400),
    .init("other protocol", "GET / HTTX/1.1\r\nHost: h\r\n\r\n", 400),
    // Header injection and framing.
    .init("bare CR inside a header value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n", 400),
    .init("bare LF line endings", "GET / HTTP/1.1\nHost: h\n\n\r\n\r\n", 400),
    .init("NUL inside a header value", "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{0}b\r\n\r\n", 400),
    .init("space before the colon", "GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),
    .init("space inside a header name", "GET / HTTP/1.1\r\nHost: h\r\nBad Name: x\r\n\r\n", 400),
    .init("folded header line", "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n  b\r\n\r\n", 400),
    .init("header line without colon", "GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n", 400),
    .init("empty header name", "GET / HTTP/1.1\r\nHost: h\r\n: x\r\n\r\n", 400),
    // Host.
    .init("missing Host", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", 400),
    .init("missing Host on HTTP/1.0", "GET / HTTP/1.0\r\n\r\n", 400),
    .init("two Host headers", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    // Bodies.
    .init(
      "chunked request body", "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n",
      501),
    .init(
      "Transfer-Encoding with Content-Length",
      "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n", 400),
    .init(
      "non-numeric Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: ab\r\n\r\n", 400),
    .init(
      "negative Content-Length", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", 400),
    .init(
      "conflicting Content-Length values",
      "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
    .init(
      "Content-Length beyond 64 bits",
      "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
    .init(
      "body over the 1 MiB limit", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1048577\r\n\r\n",
      413),
    .init("unknown expectation", "POST / HTTP/1.1\r\nHost: h\r\nExpect: magic\r\n\r\n", 417),
    // Paths.
    .init(
      "encoded dot-dot segment", "GET /assets/%2e%2e/etc/passwd HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("plain dot-dot segment", "GET /assets/../etc/passwd HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("dot segment", "GET /./x HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("encoded NUL in the path", "GET /a%00.html HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("broken percent escape", "GET /a%zz HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("percent escape that is not UTF-8", "GET /a%ff HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    .init("broken escape in the query", "GET /a?x=%4 HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    // Garbage.
    .init(
      "TLS ClientHello sent to the plain port",
      bytes: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03], 400),
    .init("binary noise", bytes: [0x00, 0xFF, 0x13, 0x37, 0x0D, 0x0A, 0x0D, 0x0A], 400),
  ]

  @Test(
    "malformed, unsupported and oversized requests are refused with the documented status",
    arguments: rejections)
  func rejects(_ row: RejectionCase) {
    #expect(throws: HTTPParseError.self) { try parseAll(row.bytes) }
    do {
      _ = try parseAll(row.bytes)
    } catch let error as HTTPParseError {
      #expect(error.status.code == row.status, "\(error)")
      #expect(!error.message.isEmpty)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  static let limits = HTTPRequestParser.Limits(
    maxRequestLineBytes: 64, maxHeaderBytes: 256, maxHeaderCount: 4, maxBodyBytes: 10)

  static let limitRejections: [RejectionCase] = [
    .init(
      "head over the header limit",
      "GET / HTTP/1.1\r\nHost: h\r\nX: \(String(repeating: "a", count: 300))\r\n\r\n", 431),
    .init(
      "unterminated head over the header limit",
      "GET / HTTP/1.1\r\nHost: h\r\nX: \(String(repeating: "a", count: 300))", 431),
    .init(
      "too many header fields",
      "GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n", 431),
    .init(
      "request line over the line limit",
      "GET /\(String(repeating: "a", count: 100)) HTTP/1.1\r\nHost: h\r\n\r\n", 414),
    .init(
      "unterminated request line over the line limit",
      "GET /\(String(repeating: "a", count: 100))", 414),
    .init(
      "body one byte over the limit", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n",
      413),
  ]

  @Test(
    "configured limits on line, head, field count and body are enforced",
    arguments: limitRejections)
  func limitsEnforced(_ row: RejectionCase) {
    do {
      _ = try parseAll(row.bytes, limits: Self.limits)
      Issue.record("accepted \(row.name)")
    } catch let error as HTTPParseError {
      #expect(error.status.code == row.status, "\(error)")
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test("requests exactly at the limits are accepted")
  func atLimits() throws {
    let body = String(repeating: "b", count: 10)
    let text = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n\(body)"
    #expect(try parseAll(Array(text.utf8), limits: Self.limits).first?.bodyText == body)
  }

  @Test("the default limits accept a 16 KiB head and refuse one byte more with 431")
  func defaultHeaderLimit() throws {
    let prefix = "GET / HTTP/1.1\r\nHost: h\r\nX: "
    let filler = 16 * 1024 - prefix.utf8.count - 4
    let fits = prefix + String(repeating: "a", count: filler) + "\r\n\r\n"
    #expect(fits.utf8.count == 16 * 1024)
    #expect(try parseAll(Array(fits.utf8)).count == 1)
    let over = prefix + String(repeating: "a", count: filler + 1) + "\r\n\r\n"
    #expect {
      try parseAll(Array(over.utf8))
    } throws: { ($0 as? HTTPParseError)?.status == .requestHeaderFieldsTooLarge }
  }

  @Test("garbage is refused before a full head arrives, so a client cannot park bytes")
  func earlyGarbage() {
    var parser = HTTPRequestParser()
    parser.append([0x16, 0x03, 0x01])
    #expect(throws: HTTPParseError.self) { try parser.next() }
  }

  @Test("after an error the parser stays failed")
  func staysFailed() throws {
    var parser = HTTPRequestParser()
    parser.append(Array("BAD REQUEST\r\n\r\n".utf8))
    #expect(throws: HTTPParseError.self) { try parser.next() }
    parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
    #expect(throws: HTTPParseError.self) { try parser.next() }
  }
}
