#if canImport(Glibc)
  import Glibc
#endif
import Testing

@testable import HTTPServer

/// A busy machine may leave a connection's thread, or its client's, unscheduled for a while.
/// Neither may cost a well-behaved client its request (a fresh-clone test run failed so under
/// load: a request cut off by the idle timeout before its first byte was read, and one evicted
/// as idle while its bytes waited unread).
@Suite("HTTP server on a starved machine")
struct HTTPServerStarvationTests {
  @Test("a new connection waits the request timeout for its first byte, later ones the idle timeout")
  func firstByteWait() {
    let configuration = HTTPServer.Configuration(
      port: 0, idleTimeout: .milliseconds(200), requestTimeout: .seconds(10))
    #expect(HTTPConnection.idleWait(servedRequests: 0, configuration) == .seconds(10))
    #expect(HTTPConnection.idleWait(servedRequests: 1, configuration) == .milliseconds(200))
    let longIdle = HTTPServer.Configuration(
      port: 0, idleTimeout: .seconds(30), requestTimeout: .seconds(10))
    #expect(HTTPConnection.idleWait(servedRequests: 0, longIdle) == .seconds(30))
  }

  @Test("an idle connection whose request bytes wait unread is passed over for eviction")
  func unreadBytesAreNotIdle() {
    let now = ContinuousClock.now
    let old = now.advanced(by: .seconds(-60))
    let newer = now.advanced(by: .seconds(-30))
    // 7's client sent its request long ago; its thread has not read it yet. 9 is an idle
    // socket that sent nothing, younger than 7.
    let candidates: [Int32: HTTPServer.Slot] = [
      7: HTTPServer.Slot(client: "127.0.0.1", phase: .idle, since: old),
      9: HTTPServer.Slot(client: "127.0.0.1", phase: .idle, since: newer),
    ]
    let pending: (Int32) -> Bool = { $0 == 7 }
    #expect(
      HTTPServer.leastBusy(candidates, now: now, grace: .seconds(1), hasUnreadBytes: pending)
        == 9)
    // Without the peek the oldest idle one goes, as before.
    #expect(HTTPServer.leastBusy(candidates, now: now, grace: .seconds(1)) == 7)
    // A reading connection with unread bytes also waits behind an event stream.
    let reading: [Int32: HTTPServer.Slot] = [
      7: HTTPServer.Slot(client: "127.0.0.1", phase: .reading, since: old),
      9: HTTPServer.Slot(client: "127.0.0.1", phase: .streaming, since: newer),
    ]
    #expect(
      HTTPServer.leastBusy(reading, now: now, grace: .seconds(1), hasUnreadBytes: pending) == 9)
  }

  @Test("the peek sees bytes a client sent and leaves them to be read")
  func peekSeesUnreadBytes() throws {
    var ends: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    defer { ends.forEach { POSIX.closeDescriptor($0) } }
    #expect(!POSIX.hasUnreadBytes(ends[0]))
    var bytes: [UInt8] = Array("GET".utf8)
    #expect(write(ends[1], &bytes, bytes.count) == 3)
    #expect(POSIX.hasUnreadBytes(ends[0]))
    var buffer = [UInt8](repeating: 0, count: 8)
    #expect(POSIX.receive(ends[0], into: &buffer) == 3)
    #expect(!POSIX.hasUnreadBytes(ends[0]))
  }
}
