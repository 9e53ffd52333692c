import Testing

@testable import HTTPServer

@Suite("Server-sent events and response encoding")
struct ServerSentEventTests {
  @Test("multi-line data becomes one data field per line, with CRLF and CR treated as LF")
  func multiLine() {
    let event = ServerSentEvent(event: "screen", data: "a\nb\r\nc\rd", id: "7")
    #expect(event.encoded == "event: screen\nid: 7\ndata: a\ndata: b\ndata: c\ndata: d\n\n")
  }

  @Test("a newline in the event type or id cannot start a second event")
  func singleLineFields() {
    let event = ServerSentEvent(event: "x\ndata: injected", data: "ok", id: "1\r\n\r\n")
    #expect(event.encoded == "event: x data: injected\nid: 1  \ndata: ok\n\n")
  }

  @Test("comments and retry encode per the event-stream grammar")
  func commentAndRetry() {
    #expect(ServerSentEvent.comment("keep-alive").encoded == ": keep-alive\n\n")
    #expect(ServerSentEvent(data: "", retryMilliseconds: 500).encoded == "retry: 500\ndata: \n\n")
  }

  @Test("the server replaces framing headers a handler set")
  func framingHeadersReplaced() {
    let head = HTTPResponseEncoder.head(
      status: .ok,
      headers: ["Content-Length": "999", "connection": "upgrade", "X-A": "1"],
      framing: .length(3), keepAlive: true)
    #expect(
      String(decoding: head, as: UTF8.self)
        == "HTTP/1.1 200 OK\r\nX-A: 1\r\nContent-Length: 3\r\nConnection: keep-alive\r\n\r\n")
  }

  @Test("a header value carrying CR or LF is caught before it is written")
  func responseHeaderInjection() {
    var response = HTTPResponse.text("x")
    response.headers["Location"] = "/a\r\nSet-Cookie: evil=1"
    #expect(HTTPResponseEncoder.invalidHeader(in: response) != nil)
    #expect(HTTPResponseEncoder.invalidHeader(in: .text("fine")) == nil)
  }

  @Test("chunks carry their length in hex")
  func chunkEncoding() {
    let bytes = HTTPResponseEncoder.chunk(Array(repeating: 0x61, count: 26))
    #expect(
      String(decoding: bytes, as: UTF8.self) == "1a\r\n" + String(repeating: "a", count: 26)
        + "\r\n")
  }

  @Test("headers compare names case-insensitively and setting replaces all fields of a name")
  func headers() {
    var headers: HTTPHeaders = ["Accept": "a", "accept": "b", "X": "1"]
    #expect(headers.values(for: "ACCEPT") == ["a", "b"])
    headers["aCCept"] = "c"
    #expect(headers.values(for: "accept") == ["c"])
    headers["x"] = nil
    #expect(!headers.contains("X"))
    #expect(headers.count == 1)
  }
}
