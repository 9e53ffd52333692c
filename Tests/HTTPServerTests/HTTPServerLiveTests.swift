import Foundation
import Synchronization
import Testing

@testable import HTTPServer
import WaysideTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Records when an event stream's producer is told that its consumer went away.
final class TerminationProbe: Sendable {
  let terminated: AsyncStream<Void>
  private let signal: AsyncStream<Void>.Continuation
  private let producer = Mutex<AsyncStream<ServerSentEvent>.Continuation?>(nil)

  init() {
    (terminated, signal) = AsyncStream<Void>.makeStream()
  }

  /// An endless event stream that sends `first` and then waits; its end is reported.
  func stream(first: String) -> AsyncStream<ServerSentEvent> {
    let (events, continuation) = AsyncStream<ServerSentEvent>.makeStream()
    continuation.onTermination = { [signal] _ in signal.yield() }
    continuation.yield(ServerSentEvent(event: "screen", data: first))
    producer.withLock { $0 = continuation }
    return events
  }

  /// Sends one more event on the open stream.
  func send(_ data: String) {
    _ = producer.withLock { $0?.yield(ServerSentEvent(data: data)) }
  }

  /// Waits until the producer has been terminated.
  func waitForTermination() async {
    for await _ in terminated { return }
  }
}

@Suite("HTTP server on loopback", .timeLimit(.minutes(1)))
struct HTTPServerLiveTests {
  static func router(probe: TerminationProbe = TerminationProbe()) -> HTTPRouter {
    var router = HTTPRouter()
    router.get("/hello") { _ in .text("hello") }
    router.post("/echo") { request in
      HTTPResponse(status: .ok, contentType: "application/octet-stream", bytes: request.body)
    }
    router.get("/big") { _ in
      HTTPResponse(
        status: .ok, contentType: "application/octet-stream",
        bytes: [UInt8](repeating: 0x5A, count: 8 * 1024 * 1024))
    }
    router.get("/events") { _ in .eventStream(probe.stream(first: "home")) }
    router.get("/finite") { _ in
      .eventStream(
        AsyncStream { continuation in
          for index in 1...3 { continuation.yield(ServerSentEvent(data: "n\(index)")) }
          continuation.finish()
        })
    }
    router.get("/inject") { _ in
      HTTPResponse(status: .ok, headers: ["X-Evil": "a\r\nSet-Cookie: x=1"], body: .bytes([]))
    }
    router.mount(
      StaticAssets(["index.html": .init(text: "<h1>car</h1>", for: "index.html")]), at: "/assets")
    return router
  }

  @Test("an ephemeral port is reported and a GET is answered with keep-alive")
  func basicGet() async throws {
    try await withServer(router: Self.router()) { server in
      #expect(server.port != 0)
      let port = server.port
      let response = try await blocking {
        let client = try LoopbackClient(port: port)
        client.get("/hello", port: port)
        return try client.readResponse()
      }
      #expect(response?.status == 200)
      #expect(response?.text == "hello")
      #expect(response?.headers["Connection"] == "keep-alive")
      #expect(response?.headers["Content-Type"] == "text/plain; charset=utf-8")
    }
  }

  @Test("URLSession (the client the station feeds use) talks to the server")
  func urlSession() async throws {
    try await withServer(router: Self.router()) { server in
      let url = try #require(URL(string: "\(server.baseURL)/hello"))
      let (data, response) = try await URLSession.shared.data(from: url)
      #expect((response as? HTTPURLResponse)?.statusCode == 200)
      #expect(String(decoding: data, as: UTF8.self) == "hello")
      var request = URLRequest(url: try #require(URL(string: "\(server.baseURL)/echo")))
      request.httpMethod = "POST"
      request.httpBody = Data(repeating: 0x42, count: 100_000)
      let (echoed, _) = try await URLSession.shared.data(for: request)
      #expect(echoed == Data(repeating: 0x42, count: 100_000))
    }
  }

  @Test("several requests, sequential and pipelined, share one kept-alive connection")
  func keepAlive() async throws {
    try await withServer(router: Self.router()) { server in
      let port = server.port
      let statuses = try await blocking { () -> [Int] in
        let client = try LoopbackClient(port: port)
        var statuses: [Int] = []
        for _ in 0..<3 {
          client.get("/hello", port: port)
          statuses.append(try client.readResponse()?.status ?? 0)
        }
        let body = "ping"
        client.write(
          "GET /hello HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n"
            + "POST /echo HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Length: 4\r\n\r\n\(body)")
        statuses.append(try client.readResponse()?.status ?? 0)
        let echo = try client.readResponse()
        statuses.append(echo?.text == body ? echo?.status ?? 0 : -1)
        return statuses
      }
      #expect(statuses == [200, 200, 200, 200, 200])
      #expect(server.statistics.connectionsAccepted == 1)
      #expect(server.statistics.responsesSent == 5)
    }
  }

  @Test("Connection: close is honoured")
  func connectionClose() async throws {
    try await withServer(router: Self.router()) { server in
      let port = server.port
      let (response, closed) = try await blocking {
        let client = try LoopbackClient(port: port)
        client.get("/hello", port: port, extra: "Connection: close\r\n")
        return (try client.readResponse(), client.closedByServer())
      }
      #expect(response?.headers["Connection"] == "close")
      #expect(closed)
    }
  }

  struct Hostile: CustomTestStringConvertible, Sendable {
    var name: String
    var request: @Sendable (UInt16) -> [UInt8]
    var status: Int
    var testDescription: String { name }
  }

  static let hostile: [Hostile] = [
    Hostile(
      name: "a rebinding Host",
      request: { port in
        Array("GET /hello HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n".utf8)
      }, status: 421),
    Hostile(
      name: "a Host with the wrong port",
      request: { port in
        Array("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port &+ 1)\r\n\r\n".utf8)
      }, status: 421),
    Hostile(
      name: "no Host", request: { _ in Array("GET /hello HTTP/1.1\r\n\r\n".utf8) }, status: 400),
    Hostile(
      name: "20 KiB of headers",
      request: { port in
        Array(
          "GET /hello HTTP/1.1\r\nHost: localhost:\(port)\r\nX: \(String(repeating: "a", count: 20_000))\r\n\r\n"
            .utf8)
      }, status: 431),
    Hostile(
      name: "a 2 MiB body announced",
      request: { port in
        Array(
          "POST /echo HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Length: 2097152\r\n\r\n".utf8)
          + [UInt8](repeating: 0, count: 100_000)
      }, status: 413),
    Hostile(
      name: "garbage bytes",
      request: { _ in (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) } }, status: 400),
    Hostile(
      name: "a TLS handshake",
      request: { _ in [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03] },
      status: 400),
    Hostile(
      name: "dot-dot traversal",
      request: { port in
        Array("GET /assets/../../../etc/passwd HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8)
      }, status: 400),
    Hostile(
      name: "encoded dot-dot traversal",
      request: { port in
        Array(
          "GET /assets/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8)
      }, status: 400),
    Hostile(
      name: "encoded slash traversal",
      request: { port in
        Array("GET /assets/..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8)
      }, status: 400),
    Hostile(
      name: "backslash traversal",
      request: { port in
        Array("GET /assets/..%5c..%5cetc%5cpasswd HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8)
      }, status: 400),
    Hostile(
      name: "an absolute asset path",
      request: { port in
        Array("GET /assets//etc/passwd HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8)
      }, status: 400),
    Hostile(
      name: "a NUL in the asset path",
      request: { port in
        Array("GET /assets/index.html%00.png HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8)
      }, status: 400),
    Hostile(
      name: "a chunked upload",
      request: { port in
        Array(
          "POST /echo HTTP/1.1\r\nHost: localhost:\(port)\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nping\r\n0\r\n\r\n"
            .utf8)
      }, status: 501),
    Hostile(
      name: "a response header injection by the handler",
      request: { port in
        Array("GET /inject HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8)
      }, status: 500),
  ]

  @Test(
    "hostile requests get the documented error and the server keeps serving",
    arguments: hostile)
  func hostileRequests(_ row: Hostile) async throws {
    try await withServer(router: Self.router()) { server in
      let port = server.port
      let (response, healthy) = try await blocking {
        let client = try LoopbackClient(port: port)
        client.write(row.request(port))
        let response = try client.readResponse()
        let next = try LoopbackClient(port: port)
        next.get("/hello", port: port)
        return (response, try next.readResponse()?.status)
      }
      #expect(response?.status == row.status, "\(response?.text ?? "no response")")
      #expect(response?.text.contains("root:") == false)
      #expect(healthy == 200)
    }
  }

  @Test("a slow client that never finishes its head is answered 408 and dropped")
  func slowLoris() async throws {
    let configuration = HTTPServer.Configuration(port: 0, requestTimeout: .milliseconds(300))
    try await withServer(configuration, router: Self.router()) { server in
      let port = server.port
      let (response, closed) = try await blocking {
        let client = try LoopbackClient(port: port)
        client.write("GET /hello HTTP/1.1\r\nHost: local")
        // Drip one byte at a time, each after the server's answer has failed to come for a
        // while (an event wait, woken at once by the answer); the deadline counts from the
        // first byte, not the last, so the answer comes while bytes still arrive. The pace
        // does not decide the outcome: a slower machine only drips fewer bytes.
        for byte in Array(repeating: UInt8(ascii: "x"), count: 40) {
          guard !server.waitForStatistics(timeout: .milliseconds(100), { $0.responsesSent >= 1 })
          else { break }
          client.write([byte])
        }
        return (try client.readResponse(timeout: .seconds(5)), client.closedByServer())
      }
      #expect(response?.status == 408)
      #expect(closed)
    }
  }

  @Test("an idle keep-alive connection is closed after the idle timeout without a response")
  func idleTimeout() async throws {
    let configuration = HTTPServer.Configuration(port: 0, idleTimeout: .milliseconds(200))
    try await withServer(configuration, router: Self.router()) { server in
      let port = server.port
      let (first, second) = try await blocking {
        let client = try LoopbackClient(port: port)
        client.get("/hello", port: port)
        let first = try client.readResponse()
        return (first?.status, try client.readResponse(timeout: .seconds(5))?.status)
      }
      #expect(first == 200)
      #expect(second == nil)
    }
  }

  @Test("a client that disconnects in the middle of a large response does not hurt the server")
  func disconnectMidResponse() async throws {
    try await withServer(router: Self.router()) { server in
      let port = server.port
      let status = try await blocking {
        for _ in 0..<3 {
          let client = try LoopbackClient(port: port)
          client.get("/big", port: port)
          _ = try client.read(until: "ZZZZ")
        }  // each client closes with most of 8 MiB unread
        let client = try LoopbackClient(port: port)
        client.get("/hello", port: port)
        return try client.readResponse()?.status
      }
      #expect(status == 200)
    }
  }

  @Test("an event stream is written as chunks and ends cleanly when the handler finishes")
  func finiteEventStream() async throws {
    try await withServer(router: Self.router()) { server in
      let port = server.port
      let text = try await blocking {
        let client = try LoopbackClient(port: port)
        client.get("/finite", port: port)
        return try client.read(until: "\r\n0\r\n\r\n")
      }
      #expect(text.contains("Content-Type: text/event-stream; charset=utf-8"))
      #expect(text.contains("Transfer-Encoding: chunked"))
      #expect(text.contains("data: n1\n\n"))
      #expect(text.contains("data: n3\n\n"))
    }
  }

  @Test("a client leaving mid-stream terminates the producer's stream, and serving goes on")
  func clientLeavesStream() async throws {
    let probe = TerminationProbe()
    try await withServer(router: Self.router(probe: probe)) { server in
      let port = server.port
      let first = try await blocking {
        let client = try LoopbackClient(port: port)
        client.get("/events", port: port)
        return try client.read(until: "data: home\n\n")
      }  // the client is released here, closing its socket mid-stream
      #expect(first.contains("event: screen"))
      await probe.waitForTermination()
      let status = try await blocking {
        let client = try LoopbackClient(port: port)
        client.get("/hello", port: port)
        return try client.readResponse()?.status
      }
      #expect(status == 200)
    }
  }

  @Test("events produced later reach a waiting client")
  func laterEvents() async throws {
    let probe = TerminationProbe()
    try await withServer(router: Self.router(probe: probe)) { server in
      let port = server.port
      let text = try await blocking {
        let client = try LoopbackClient(port: port)
        client.get("/events", port: port)
        _ = try client.read(until: "data: home\n\n")
        probe.send("row tapped")
        return try client.read(until: "data: row tapped\n\n")
      }
      #expect(text.contains("data: row tapped"))
    }
  }

  @Test("64 concurrent clients, 5 keep-alive requests each, are all answered")
  func manyClients() async throws {
    try await withServer(router: Self.router()) { server in
      let port = server.port
      let results = try await withThrowingTaskGroup(of: [Int].self) { group in
        for _ in 0..<64 {
          group.addTask {
            try await blocking {
              let client = try LoopbackClient(port: port)
              return try (0..<5).map { _ in
                client.get("/hello", port: port)
                return try client.readResponse()?.status ?? 0
              }
            }
          }
        }
        var all: [Int] = []
        for try await statuses in group { all += statuses }
        return all
      }
      #expect(results.count == 320)
      #expect(results.allSatisfy { $0 == 200 })
      #expect(server.statistics.connectionsAccepted == 64)
      #expect(server.statistics.connectionsRefused == 0)
    }
  }

  @Test("at the connection limit an idle connection makes room for a new one instead of a 503")
  func connectionLimit() async throws {
    // Idle connections must outlive a slow, loaded test run: only eviction may close them.
    let configuration = HTTPServer.Configuration(
      port: 0, maxConnections: 2, evictionGrace: .zero, idleTimeout: .seconds(600))
    try await withServer(configuration, router: Self.router()) { server in
      let port = server.port
      // A client can read its answer before the server's thread has marked the connection
      // idle again; wait for the server's event that `count` connections are idle, so which
      // one has been idle longest is decided by the test, not by the scheduler.
      let idle = { @Sendable (count: Int) throws in
        try waitForStatistics(server) { $0.idleConnections >= count }
      }
      let (statuses, firstClosed) = try await blocking { () -> ([Int], Bool) in
        let first = try LoopbackClient(port: port)
        first.get("/hello", port: port)
        let one = try first.readResponse()?.status ?? 0
        try idle(1)
        let second = try LoopbackClient(port: port)
        second.get("/hello", port: port)
        let two = try second.readResponse()?.status ?? 0
        try idle(2)
        let third = try LoopbackClient(port: port)
        third.get("/hello", port: port)
        let three = try third.readResponse()?.status ?? 0
        // The first connection was idle longest, so it was the one closed.
        return ([one, two, three], first.closedByServer())
      }
      #expect(statuses == [200, 200, 200])
      #expect(firstClosed)
      #expect(server.statistics.connectionsRefused == 0)
      #expect(server.statistics.connectionsEvicted == 1)
    }
  }

  @Test("stop() ends streams, closes idle connections and the listener, then returns")
  func cleanShutdown() async throws {
    let probe = TerminationProbe()
    let server = try HTTPServer(
      // The idle connection must stay open however slow a loaded run is; stop() closes it.
      configuration: .init(port: 0, idleTimeout: .seconds(600)), router: Self.router(probe: probe))
    let port = server.port
    let idle = try await blocking { () -> LoopbackClientBox in
      let client = try LoopbackClient(port: port)
      client.get("/hello", port: port)
      _ = try client.readResponse()
      return LoopbackClientBox(client)
    }
    let stream = try await blocking { () -> LoopbackClientBox in
      let client = try LoopbackClient(port: port)
      client.get("/events", port: port)
      _ = try client.read(until: "data: home\n\n")
      return LoopbackClientBox(client)
    }
    #expect(server.statistics.openConnections == 2)
    await server.stop()
    await probe.waitForTermination()
    #expect(server.statistics.openConnections == 0)
    let (idleClosed, streamEnded) = try await blocking {
      (idle.client.closedByServer(), (try? stream.client.read(until: "0\r\n\r\n")) != nil)
    }
    #expect(idleClosed)
    #expect(streamEnded)
    // The listener is closed: the port can be bound again (and, held without listening, no
    // other test's server can answer on it), and a connection to it is refused.
    let held = try RefusedPort(port: port)
    #expect(throws: ClientError.self) { try LoopbackClient(port: held.port) }
    await server.stop()  // a second stop returns at once
  }

  @Test("binding a port that is taken fails with an error naming the address")
  func portTaken() async throws {
    try await withServer(router: Self.router()) { server in
      #expect {
        try HTTPServer(configuration: .init(port: server.port), router: HTTPRouter())
      } throws: { error in
        "\(error)".contains("bind to 127.0.0.1:\(server.port)")
      }
    }
  }

  @Test("a non-numeric bind address is refused with a clear error")
  func badAddress() {
    #expect {
      try HTTPServer(configuration: .init(address: "example.com", port: 0), router: HTTPRouter())
    } throws: { error in
      "\(error)".contains("not a numeric IPv4 or IPv6 address")
    }
  }
}

/// Moves a client between threads in tests; each test uses it from one thread at a time.
final class LoopbackClientBox: @unchecked Sendable {
  // Safe: the box is handed from one blocking closure to the next, never used concurrently.
  let client: LoopbackClient
  init(_ client: LoopbackClient) { self.client = client }
}
