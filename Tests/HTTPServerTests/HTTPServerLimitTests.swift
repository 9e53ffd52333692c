import Dispatch
import Foundation
import Synchronization
import Testing

@testable import HTTPServer

#if canImport(Glibc)
  import Glibc
#endif

/// Holds handlers until the test opens it; each arrival is signalled, so tests wait on events.
final class Gate: Sendable {
  private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))
  private let arrivals = DispatchSemaphore(value: 0)

  /// Called by a handler: signals its arrival and waits until the gate opens.
  func pass() async {
    arrivals.signal()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let open = state.withLock { state -> Bool in
        if state.open { return true }
        state.waiters.append(continuation)
        return false
      }
      if open { continuation.resume() }
    }
  }

  /// Blocks until `count` handlers have arrived; throws after ``LoopbackClient/patience``.
  func waitForArrivals(_ count: Int) throws {
    for _ in 0..<count {
      guard arrivals.wait(timeout: .now() + .seconds(30)) == .success else {
        throw ClientError(description: "the handlers did not arrive")
      }
    }
  }

  /// Lets every waiting and later handler through.
  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.open = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Keeps test clients (and so their sockets) alive between the blocking steps of a test.
final class ClientBox: @unchecked Sendable {
  // @unchecked: the clients are only touched by one blocking step at a time, in order, each
  // step starting after the previous one finished.
  private var clients: [LoopbackClient] = []

  func keep(_ more: LoopbackClient...) { clients += more }

  /// The client kept `index`-th (from 0).
  func client(_ index: Int) -> LoopbackClient { clients[index] }
}

/// Endless event streams that send one event and then stay open until the server ends them.
final class OpenStreams: Sendable {
  private let continuations = Mutex<[AsyncStream<ServerSentEvent>.Continuation]>([])

  func stream() -> AsyncStream<ServerSentEvent> {
    let (events, continuation) = AsyncStream<ServerSentEvent>.makeStream()
    continuation.yield(ServerSentEvent(event: "state", data: "open"))
    continuations.withLock { $0.append(continuation) }
    return events
  }

  /// Sends `event` to every open stream.
  func broadcast(_ event: ServerSentEvent) {
    for continuation in continuations.withLock({ $0 }) { continuation.yield(event) }
  }

  func finishAll() {
    for continuation in continuations.withLock({ $0 }) { continuation.finish() }
  }
}

@Suite("HTTP server limits under hostile load", .timeLimit(.minutes(5)))
struct HTTPServerLimitTests {
  static func router(gate: Gate = Gate(), streams: OpenStreams = OpenStreams()) -> HTTPRouter {
    var router = HTTPServerLiveTests.router()
    router.get("/hold") { _ in
      await gate.pass()
      return .text("held")
    }
    router.get("/open") { _ in .eventStream(streams.stream()) }
    return router
  }

  @Test("when every connection is busy answering, a connection beyond the limit gets 503")
  func allBusy() async throws {
    let gate = Gate()
    let configuration = HTTPServer.Configuration(port: 0, maxConnections: 2, evictionGrace: .zero)
    try await withServer(configuration, router: Self.router(gate: gate)) { server in
      let port = server.port
      let statuses = try await blocking { () -> [Int] in
        defer { gate.open() }
        let first = try LoopbackClient(port: port)
        let second = try LoopbackClient(port: port)
        first.get("/hold", port: port)
        second.get("/hold", port: port)
        try gate.waitForArrivals(2)
        let third = try LoopbackClient(port: port)
        third.get("/hello", port: port)
        let refused = try third.readResponse()
        gate.open()
        return [
          try first.readResponse()?.status ?? 0, try second.readResponse()?.status ?? 0,
          refused?.status ?? 0,
        ]
      }
      #expect(statuses == [200, 200, 503])
      #expect(server.statistics.connectionsRefused == 1)
    }
  }

  @Test("the per-client limit evicts the client's own idle connection and spares other clients")
  func perClient() async throws {
    let gate = Gate()
    // Idle connections must outlive a slow, loaded run: only eviction may close them (with
    // the 5 s default, `other` once timed out while the machine was busy, and the test waited
    // for three idle connections for ever).
    let configuration = HTTPServer.Configuration(
      port: 0, maxConnections: 10, maxConnectionsPerClient: 2, evictionGrace: .zero,
      idleTimeout: .seconds(600))
    try await withServer(configuration, router: Self.router(gate: gate)) { server in
      let port = server.port
      defer { gate.open() }
      // Clients live in a box so their sockets stay open across the steps below.
      let clients = ClientBox()
      let (refused, otherStatus) = try await blocking { () -> (String, Int) in
        let a = try LoopbackClient(port: port, source: "127.0.0.1")
        let b = try LoopbackClient(port: port, source: "127.0.0.1")
        clients.keep(a, b)
        a.get("/hold", port: port)
        b.get("/hold", port: port)
        try gate.waitForArrivals(2)
        let c = try LoopbackClient(port: port, source: "127.0.0.1")
        c.get("/hello", port: port)
        let refused = try c.readResponse()?.text ?? ""
        let other = try LoopbackClient(port: port, source: "127.0.0.2")
        clients.keep(other)
        other.get("/hello", port: port)
        let otherStatus = try other.readResponse()?.status ?? 0
        // Another client's two idle connections: a third request evicts the older one.
        let idle1 = try LoopbackClient(port: port, source: "127.0.0.3")
        let idle2 = try LoopbackClient(port: port, source: "127.0.0.3")
        clients.keep(idle1, idle2)
        idle2.get("/hello", port: port)
        _ = try idle2.readResponse()
        return (refused, otherStatus)
      }
      // The event the eviction depends on: `other`, idle1 and idle2 are all marked idle (the
      // answer reaches the client before its connection thread marks itself idle).
      await server.waitForStatistics { $0.idleConnections == 3 }
      let (freshStatus, idle1Closed) = try await blocking { () -> (Int, Bool) in
        let fresh = try LoopbackClient(port: port, source: "127.0.0.3")
        fresh.get("/hello", port: port)
        let freshStatus = try fresh.readResponse()?.status ?? 0
        return (freshStatus, clients.client(3).closedByServer())
      }
      #expect(refused.contains("client 127.0.0.1 holds its limit of 2 connections"))
      #expect(otherStatus == 200)
      #expect(freshStatus == 200)
      #expect(idle1Closed)
    }
  }

  @Test("an event stream ends at its lifetime, and one without events at its idle limit")
  func streamLifetimeAndIdle() async throws {
    for (lifetime, idle) in [
      (Duration.milliseconds(300), Duration.seconds(60)),
      (Duration.seconds(60), Duration.milliseconds(300)),
    ] {
      let probe = TerminationProbe()
      let configuration = HTTPServer.Configuration(
        port: 0, heartbeatInterval: .milliseconds(100), eventStreamLifetime: lifetime,
        eventStreamIdleTimeout: idle)
      try await withServer(configuration, router: HTTPServerLiveTests.router(probe: probe)) {
        server in
        let port = server.port
        // The stream ends with the last chunk on its own; the first event may or may not have
        // been produced by then (its producer runs on the cooperative pool, which the full
        // suite keeps busy).
        let text = try await blocking { () -> String in
          let client = try LoopbackClient(port: port)
          client.get("/events", port: port)
          return try client.read(until: "\r\n0\r\n\r\n")
        }
        #expect(text.hasPrefix("HTTP/1.1 200"))
        #expect(text.contains("text/event-stream"))
        await probe.waitForTermination()
      }
    }
  }

  @Test("a stream whose client never reads is dropped at its byte budget, so memory stays bounded")
  func byteBudget() async throws {
    let terminated = AsyncStream<Void>.makeStream()
    var router = HTTPRouter()
    router.get("/flood") { _ in
      let (stream, continuation) = AsyncStream.makeStream(
        of: ServerSentEvent.self, bufferingPolicy: .bufferingNewest(8))
      let payload = String(repeating: "x", count: 8 * 1024)
      let task = Task {
        while !Task.isCancelled {
          if case .terminated = continuation.yield(ServerSentEvent(data: payload)) { break }
          await Task.yield()
        }
      }
      continuation.onTermination = { _ in
        task.cancel()
        terminated.continuation.yield()
      }
      return .eventStream(stream)
    }
    let budget = 64 * 1024
    let configuration = HTTPServer.Configuration(
      port: 0, writeTimeout: .milliseconds(300), eventStreamQueueBytes: budget)
    try await withServer(configuration, router: router) { server in
      let port = server.port
      let client = try await blocking { () -> Int32 in
        let client = try LoopbackClient(port: port)
        client.get("/flood", port: port)
        // The head, not the first event: on a busy machine the flood can fill the queue
        // before the connection's thread writes any event, and the stream is then dropped
        // at once (seen once in 20 loaded runs).
        _ = try client.read(until: "text/event-stream")
        return dup(client.descriptor)  // keep the socket open, never read again
      }
      defer { close(client) }
      for await _ in terminated.stream { break }
      let statistics = server.statistics
      #expect(statistics.streamsDropped == 1)
      #expect(statistics.peakQueuedEventBytes <= budget + 8 * 1024 + 64)
      #expect(statistics.peakQueuedEventBytes > 0)
    }
  }

  /// Resident memory of this process in bytes (Linux), nil elsewhere.
  static func residentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }

  @Test("128 idle sockets and 128 event streams do not lock out 64 clients doing requests")
  func loadTest() async throws {
    let streams = OpenStreams()
    let configuration = HTTPServer.Configuration(port: 0)
    try await withServer(configuration, router: Self.router(streams: streams)) { server in
      let port = server.port
      let before = Self.residentBytes()
      let clock = ContinuousClock()
      let started = clock.now
      // The hostile part: sockets that send nothing, then streams that are never read.
      let hostile = try await blocking { () -> [Int32] in
        var descriptors: [Int32] = []
        for _ in 0..<128 {
          let idle = try LoopbackClient(port: port)
          descriptors.append(dup(idle.descriptor))
        }
        for _ in 0..<128 {
          let stream = try LoopbackClient(port: port)
          stream.get("/open", port: port)
          descriptors.append(dup(stream.descriptor))
        }
        return descriptors
      }
      defer { for descriptor in hostile { close(descriptor) } }
      // Events the stream clients never read: 32 rounds of 4 KiB to every open stream.
      let payload = String(repeating: "e", count: 4096)
      let ticker = Task {
        for round in 0..<32 {
          streams.broadcast(ServerSentEvent(data: payload, id: "\(round)"))
          await Task.yield()
        }
      }
      // 64 clients, each making 10 requests on fresh connections, all at once. Like a browser,
      // a client retries a GET once when its connection closes before any answer (RFC 9110
      // §9.2.2: idempotent requests may be retried): on a starved machine a client thread can
      // stall between connecting and writing past the eviction grace, and its connection is then
      // rightly taken for an idle socket.
      let (statuses, retries) = try await withThrowingTaskGroup(of: ([Int], Int).self) { group in
        for _ in 0..<64 {
          group.addTask {
            try await blocking { () -> ([Int], Int) in
              var statuses: [Int] = []
              var retries = 0
              for _ in 0..<10 {
                var status: Int? = nil
                for attempt in 0..<2 where status == nil {
                  if attempt > 0 { retries += 1 }
                  let client = try LoopbackClient(port: port)
                  client.get("/hello", port: port, extra: "Connection: close\r\n")
                  status = try client.readResponse()?.status
                }
                statuses.append(status ?? 0)
              }
              return (statuses, retries)
            }
          }
        }
        var all: [Int] = []
        var retries = 0
        for try await (statuses, retried) in group {
          all += statuses
          retries += retried
        }
        return (all, retries)
      }
      await ticker.value
      let elapsed = clock.now - started
      let after = Self.residentBytes()
      let statistics = server.statistics
      streams.finishAll()
      #expect(statuses.count == 640)
      #expect(
        statuses.allSatisfy { $0 == 200 },
        "\(Dictionary(grouping: statuses) { $0 }.mapValues(\.count))")
      #expect(statistics.connectionsRefused == 0)
      #expect(statistics.connectionsEvicted > 0)
      #expect(statistics.openConnections <= configuration.maxConnections)
      // What the server may hold for streams is bounded by its budget; resident memory is the
      // whole test process's (other suites run alongside), so its bound is generous.
      #expect(statistics.peakQueuedEventBytes <= configuration.totalEventQueueBytes)
      if let before, let after {
        #expect(
          after - before < 256 * 1024 * 1024, "resident memory grew by \(after - before) bytes")
      }
      print(
        "load: 640 requests beside 128 idle sockets and 128 streams in \(elapsed), "
          + "\(statistics.connectionsEvicted) evicted, \(statistics.connectionsRefused) refused, "
          + "\(retries) retried, "
          + "peak queued event bytes \(statistics.peakQueuedEventBytes), "
          + "resident growth \(((after ?? 0) - (before ?? 0)) / 1024) KiB")
    }
  }
}
