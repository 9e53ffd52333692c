import Foundation
import Synchronization
import Testing

@testable import HTTPServer

#if canImport(Glibc)
  import Glibc
#endif

/// A flag one thread sets and another reads.
final class StopFlag: Sendable {
  private let value = Mutex(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}

/// Clients that send requests and then read slowly or not at all: they must never hold the
/// server's connections so that others are locked out.
@Suite("HTTP server against clients that do not read", .timeLimit(.minutes(5)))
struct HTTPServerSlowReaderTests {
  /// 8 MiB: larger than the most a loopback socket buffers (4 MiB send buffer by default on
  /// Linux, plus the client's shrunken receive buffer), so writing one answer always stalls.
  static let bigBody = [UInt8](repeating: UInt8(ascii: "s"), count: 8 << 20)

  static func router() -> HTTPRouter {
    var router = HTTPServerLiveTests.router()
    router.get("/big") { _ in HTTPResponse(status: .ok, body: .bytes(bigBody)) }
    return router
  }

  @Test("connections stalled writing to clients that never read are evicted like idle ones")
  func stalledWritersAreEvicted() async throws {
    let configuration = HTTPServer.Configuration(
      port: 0, maxConnections: 16, maxConnectionsPerClient: 4, evictionGrace: .zero,
      writeTimeout: .seconds(120))
    try await withServer(configuration, router: Self.router()) { server in
      let port = server.port
      let hostile = try await blocking { () -> [Int32] in
        var descriptors: [Int32] = []
        for _ in 0..<4 {
          let client = try LoopbackClient(port: port, receiveBuffer: 4096)
          let request = "GET /big HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
          client.write(String(repeating: request, count: 20))
          descriptors.append(dup(client.descriptor))
        }
        return descriptors
      }
      defer { for descriptor in hostile { close(descriptor) } }
      // Every hostile connection is writing an answer nobody reads (none can finish one).
      await server.waitForStatistics { $0.writingConnections == 4 }
      let status = try await blocking { () -> Int in
        let client = try LoopbackClient(port: port)
        client.get("/hello", port: port)
        return try client.readResponse()?.status ?? 0
      }
      #expect(status == 200)
      #expect(server.statistics.connectionsEvicted >= 1)
      #expect(server.statistics.connectionsRefused == 0)
    }
  }

  @Test(
    "the write timeout bounds a whole answer, even to a client that reads a little now and then")
  func writeDeadlineIsTotal() async throws {
    let configuration = HTTPServer.Configuration(port: 0, writeTimeout: .milliseconds(500))
    try await withServer(configuration, router: Self.router()) { server in
      let port = server.port
      let stop = StopFlag()
      // A trickle: 2 KiB at most every 100 ms, about 20 KiB/s, so each `send` of the server
      // makes a little progress; the 8 MiB answer would take minutes. It stops when the test
      // has seen the server close the connection, or after 600 reads (a minute at least).
      let trickle = Task {
        try await blocking { () -> Bool in
          let client = try LoopbackClient(port: port, receiveBuffer: 4096)
          client.get("/big", port: port)
          for _ in 1...600 where !stop.isSet {
            guard client.discard(upTo: 2048, timeout: .milliseconds(100)) else { return true }
            // The pause between reads is a wait for the server's own event (the connection
            // closed), bounded at 100 ms; it ends at once when the server gives up.
            if server.waitForStatistics(timeout: .milliseconds(100), { $0.openConnections == 0 }) {
              return true
            }
          }
          return stop.isSet
        }
      }
      // The event: the server answered once and has no connection left.
      let closed = await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          await server.waitForStatistics { $0.responsesSent == 1 && $0.openConnections == 0 }
          return true
        }
        group.addTask {
          (try? await trickle.value) == true && server.statistics.openConnections == 0
        }
        let first = await group.next() ?? false
        stop.set()
        group.cancelAll()
        return first
      }
      stop.set()
      _ = try? await trickle.value
      #expect(closed, "the server was still writing after 600 slow reads")
      #expect(server.statistics.responsesSent == 1)
    }
  }

  @Test("a run of pipelined requests is answered up to its bound, the last with Connection: close")
  func pipelineIsBounded() async throws {
    let configuration = HTTPServer.Configuration(port: 0, maxPipelinedRequests: 4)
    try await withServer(configuration, router: Self.router()) { server in
      let port = server.port
      let (statuses, lastConnection, closed) = try await blocking {
        () -> ([Int], String?, Bool) in
        let client = try LoopbackClient(port: port)
        let request = "GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        client.write(String(repeating: request, count: 20))
        var statuses: [Int] = []
        var last: String?
        while let response = try client.readResponse() {
          statuses.append(response.status)
          last = response.headers["Connection"]
          if statuses.count >= 20 { break }
        }
        return (statuses, last, client.closedByServer())
      }
      // The first request was waited for; the four after it came ahead of their answers.
      #expect(statuses == [200, 200, 200, 200, 200])
      #expect(lastConnection?.lowercased() == "close")
      #expect(closed)
      #expect(server.statistics.pipelinesCut == 1)
    }
  }

  @Test("the pipeline's byte budget ends a run of large answers early")
  func pipelineByteBudget() async throws {
    var router = HTTPServerLiveTests.router()
    let body = [UInt8](repeating: UInt8(ascii: "b"), count: 64 * 1024)
    router.get("/medium") { _ in HTTPResponse(status: .ok, body: .bytes(body)) }
    // The unsent-bytes bound is lifted: this client reads only after sending all ten.
    let configuration = HTTPServer.Configuration(
      port: 0, pipelineByteBudget: 200 * 1024, pipelineUnsentBytes: .max)
    try await withServer(configuration, router: router) { server in
      let port = server.port
      let count = try await blocking { () -> Int in
        let client = try LoopbackClient(port: port)
        let request = "GET /medium HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        client.write(String(repeating: request, count: 10))
        var count = 0
        while try client.readResponse() != nil, count < 10 { count += 1 }
        return count
      }
      // 64 KiB each, counted before each answer: after three answers (about 192 KiB) the run
      // is under the 200 KiB budget, after four it is over, so the fifth answer is the last.
      #expect(count == 5)
    }
  }

  @Test("a client that asks ahead and never reads is cut off after a few answers, not twenty")
  func unreadPipelineIsCut() async throws {
    var router = HTTPServerLiveTests.router()
    let body = [UInt8](repeating: UInt8(ascii: "u"), count: 32 * 1024)
    router.get("/medium") { _ in HTTPResponse(status: .ok, body: .bytes(body)) }
    let configuration = HTTPServer.Configuration(port: 0, pipelineUnsentBytes: 16 * 1024)
    try await withServer(configuration, router: router) { server in
      // Only Linux reports a socket's send queue; elsewhere the bound does not apply.
      guard POSIX.isLinux else { return }
      let port = server.port
      let client = try await blocking { () -> Int32 in
        let client = try LoopbackClient(port: port, receiveBuffer: 4096)
        let request = "GET /medium HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        client.write(String(repeating: request, count: 20))
        return dup(client.descriptor)  // keep the socket open, never read
      }
      defer { close(client) }
      await server.waitForStatistics { $0.unreadPipelinesClosed == 1 && $0.openConnections == 0 }
      #expect(server.statistics.responsesSent < 20)
    }
  }
}
