import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serves one accepted connection on its own thread: reads requests, runs the handler, writes
/// responses, until the client closes, a limit or timeout is hit, or the server stops.
///
/// Not `Sendable`: an instance is created, used and dropped on one thread.
final class HTTPConnection {
  private let server: HTTPServer
  private let descriptor: Int32
  private var parser: HTTPRequestParser
  private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)
  private let clock = ContinuousClock()
  /// What the server's slot for this connection says it is doing (admitted as idle).
  private var phase = HTTPServer.Phase.idle
  /// Requests answered back to back from bytes the client sent ahead, and their response bytes.
  private var pipelinedRequests = 0
  private var pipelinedBytes = 0
  /// Requests read on this connection so far.
  private var servedRequests = 0

  init(server: HTTPServer, descriptor: Int32) {
    self.server = server
    self.descriptor = descriptor
    self.parser = HTTPRequestParser(limits: server.configuration.limits)
  }

  private enum ReadOutcome {
    case data
    case closed
    case timedOut
    case stopping
  }

  func run() {
    while true {
      let request: HTTPRequest
      switch readRequest() {
      case .request(let next): request = next
      case .failed(let error):
        writeError(error.status, error.message)
        return
      case .closed:
        return
      }
      // A request sent ahead while earlier answers still wait unsent: the client is not
      // reading, so answering (and rendering) more only feeds a queue nobody drains.
      if pipelinedRequests > 0,
        let unsent = POSIX.unsentBytes(descriptor),
        unsent > server.configuration.pipelineUnsentBytes
      {
        server.countUnreadPipeline()
        POSIX.resetOnClose(descriptor)
        return
      }
      servedRequests += 1
      let pipelineFull =
        pipelinedRequests >= server.configuration.maxPipelinedRequests
        || pipelinedBytes >= server.configuration.pipelineByteBudget
      if pipelineFull { server.countCutPipeline() }
      let response: HTTPResponse
      if !server.hostPolicy.allows(request.headers["Host"]) {
        response = .error(
          .misdirectedRequest,
          "Host '\((request.headers["Host"] ?? "").prefix(80))' is not served here; expected one of "
            + server.hostPolicy.allowedAuthorities.sorted().joined(separator: ", "))
      } else {
        response = invoke(request)
      }
      let keepAlive =
        request.wantsKeepAlive && servedRequests < server.configuration.maxRequestsPerConnection
        && response.status != .misdirectedRequest && !server.isStopping && !pipelineFull
      guard write(response, for: request, keepAlive: keepAlive), keepAlive else { return }
    }
  }

  // MARK: Reading

  private enum RequestOutcome {
    case request(HTTPRequest)
    case failed(HTTPParseError)
    case closed
  }

  private func readRequest() -> RequestOutcome {
    let configuration = server.configuration
    var deadline: ContinuousClock.Instant? = nil
    var sentContinue = false
    var waited = false
    while true {
      do {
        if let request = try parser.next() {
          enter(.busy)
          if waited {
            pipelinedRequests = 0
            pipelinedBytes = 0
          } else {
            pipelinedRequests += 1
          }
          return .request(request)
        }
      } catch {
        enter(.busy)
        return .failed(error)
      }
      enter(parser.hasPartialRequest ? .reading : .idle)
      if parser.expectsContinue && !sentContinue {
        sentContinue = true
        guard send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return .closed }
      }
      let now = clock.now
      let wait: Duration
      if parser.hasPartialRequest {
        let end = deadline ?? now.advanced(by: configuration.requestTimeout)
        deadline = end
        wait = now.duration(to: end)
        if wait <= .zero {
          return .failed(
            HTTPParseError(
              .requestTimeout,
              "the request did not arrive within \(configuration.requestTimeout)"))
        }
      } else {
        wait = Self.idleWait(servedRequests: servedRequests, configuration)
      }
      waited = true
      switch read(timeout: wait) {
      case .data: continue
      case .closed, .stopping: return .closed
      case .timedOut:
        if !parser.hasPartialRequest { return .closed }
      }
    }
  }

  /// How long a connection with no partial request waits for its next byte before it closes.
  ///
  /// Between requests, the idle timeout. A new connection has the request timeout for its
  /// first byte, as a server's header timeout does (nginx's `client_header_timeout`): its client
  /// may not have been scheduled yet on a busy machine, and its request is then cut off for
  /// nothing. It counts as idle meanwhile, so it is still evicted first when a newcomer needs
  /// its place.
  static func idleWait(servedRequests: Int, _ configuration: HTTPServer.Configuration)
    -> Duration
  {
    servedRequests == 0
      ? max(configuration.idleTimeout, configuration.requestTimeout) : configuration.idleTimeout
  }

  /// Tells the server what this connection is doing now, when that changed.
  private func enter(_ next: HTTPServer.Phase) {
    guard next != phase else { return }
    phase = next
    server.setPhase(descriptor, next)
  }

  private func read(timeout: Duration) -> ReadOutcome {
    let ready = POSIX.waitReadable([descriptor, server.stopPipe.read], timeout: timeout)
    if ready.second { return .stopping }
    guard ready.first else { return .timedOut }
    let count = POSIX.receive(descriptor, into: &readBuffer)
    guard count > 0 else { return .closed }
    parser.append(readBuffer[0..<count])
    return .data
  }

  // MARK: Handling

  /// Runs the async handler on this connection's thread and returns its response.
  ///
  /// The handler's task prefers a task executor whose jobs this thread runs while it waits, so
  /// answering never needs a thread of the cooperative pool: a process whose pool is busy with
  /// long synchronous work (a test run, a heavy computation) still answers at once. Work the
  /// handler sends elsewhere (an actor, a detached task) runs there as usual; jobs that arrive
  /// after the response go to the global executor.
  private func invoke(_ request: HTTPRequest) -> HTTPResponse {
    let executor = ConnectionExecutor()
    let handler = server.handler
    Task(executorPreference: executor) {
      executor.finish(with: await handler(request))
    }
    return executor.runUntilFinished()
  }

  // MARK: Writing

  private func writeError(_ status: HTTPStatus, _ message: String) {
    let response = HTTPResponse.error(status, message)
    let body = response.bodyBytes ?? []
    let head = HTTPResponseEncoder.head(
      status: status, headers: response.headers, framing: .length(body.count), keepAlive: false)
    server.countResponse()
    guard send(head + body) else { return }
    lingerBeforeClose()
  }

  /// Half-closes and discards what the client is still sending for a moment, so the close
  /// does not turn into a reset that destroys the error response before the client reads it.
  private func lingerBeforeClose() {
    #if canImport(Glibc) || canImport(Musl)
      _ = shutdown(descriptor, Int32(SHUT_WR))
    #else
      _ = shutdown(descriptor, SHUT_WR)
    #endif
    let end = clock.now.advanced(by: .milliseconds(200))
    var discarded = 0
    while discarded < 256 * 1024 {
      let remaining = clock.now.duration(to: end)
      guard remaining > .zero else { return }
      let ready = POSIX.waitReadable([descriptor], timeout: remaining)
      guard ready.first else { return }
      let count = POSIX.receive(descriptor, into: &readBuffer)
      guard count > 0 else { return }
      discarded += count
    }
  }

  /// Writes `bytes` within the configuration's write timeout in all (not per `send`).
  private func send(_ bytes: [UInt8]) -> Bool {
    POSIX.sendAll(
      descriptor, bytes, deadline: clock.now.advanced(by: server.configuration.writeTimeout))
  }

  /// Writes one response's bytes, marked as writing so a write that stalls can be evicted.
  private func sendResponse(_ bytes: [UInt8]) -> Bool {
    enter(.writing)
    pipelinedBytes += bytes.count
    return send(bytes)
  }

  /// Writes a response's head and body, within one write deadline. A big body is sent from
  /// the handler's own bytes, not copied behind the head: a cached answer shared by many
  /// connections (the 1.3 MB screen document) then costs one copy however many clients stall
  /// reading it.
  private func sendResponse(head: [UInt8], body: [UInt8]) -> Bool {
    guard body.count > 16 * 1024 else { return sendResponse(head + body) }
    enter(.writing)
    pipelinedBytes += head.count + body.count
    let deadline = clock.now.advanced(by: server.configuration.writeTimeout)
    return POSIX.sendAll(descriptor, head, deadline: deadline)
      && POSIX.sendAll(descriptor, body, deadline: deadline)
  }

  private func write(_ original: HTTPResponse, for request: HTTPRequest, keepAlive: Bool) -> Bool {
    var response = original
    if let problem = HTTPResponseEncoder.invalidHeader(in: response) {
      server.configuration.log?(
        "handler for \(request.method) \(request.path) produced an unsendable response: \(problem)")
      response = .error(
        .internalServerError, "the handler produced an invalid response: \(problem)")
    }
    server.countResponse()
    let sendsBody = request.method != .head && !response.status.forbidsBody
    switch response.body {
    case .bytes(let bytes):
      let framing: HTTPResponseEncoder.Framing =
        response.status.forbidsBody && response.status != .notModified
        ? .none : .length(bytes.count)
      let head = HTTPResponseEncoder.head(
        status: response.status, headers: response.headers, framing: framing,
        keepAlive: keepAlive)
      return sendsBody ? sendResponse(head: head, body: bytes) : sendResponse(head)
    case .events(let events):
      let chunked = request.version != .http1_0
      let head = HTTPResponseEncoder.head(
        status: response.status, headers: response.headers,
        framing: chunked ? .chunked : .untilClose, keepAlive: false)
      guard sendResponse(head), sendsBody else { return false }
      stream(events, chunked: chunked)
      return false
    }
  }

  /// Writes events as the handler's stream produces them, until it finishes, the client goes
  /// away (end of stream or error on the socket, or a failed write), the server stops, the
  /// stream reaches its lifetime or idle limit, or its client falls behind by more than the
  /// queue budget.
  private func stream(_ events: AsyncStream<ServerSentEvent>, chunked: Bool) {
    guard let wake = try? POSIX.makePipe() else { return }
    let configuration = server.configuration
    enter(.streaming)
    let mailbox = EventMailbox(
      wakeDescriptor: wake.write, server: server, maxBytes: configuration.eventStreamQueueBytes,
      maxEvents: configuration.eventStreamQueueEvents)
    let pump = Task {
      for await event in events {
        guard mailbox.post(Array(event.encoded.utf8)) else { break }
      }
      mailbox.finish()
    }
    defer {
      // A stream whose queue overflowed is dropped, however the thread noticed (the overflow
      // itself, or a send that timed out meanwhile).
      if mailbox.overflowed { server.countDroppedStream() }
      pump.cancel()
      mailbox.close()  // after this the pump never touches the wake pipe again
      POSIX.closeDescriptor(wake.read)
      POSIX.closeDescriptor(wake.write)
    }
    func sendEvent(_ payload: [UInt8]) -> Bool {
      send(chunked ? HTTPResponseEncoder.chunk(payload) : payload)
    }
    let heartbeat = Array(ServerSentEvent.comment("keep-alive").encoded.utf8)
    let end = clock.now.advanced(by: configuration.eventStreamLifetime)
    var idleEnd = clock.now.advanced(by: configuration.eventStreamIdleTimeout)
    var nextHeartbeat = clock.now.advanced(by: configuration.heartbeatInterval)
    while true {
      let now = clock.now
      if now >= end || now >= idleEnd {
        if chunked { _ = send(HTTPResponseEncoder.lastChunk) }
        return
      }
      let ready = POSIX.waitReadable(
        [descriptor, wake.read, server.stopPipe.read],
        timeout: max(.zero, now.duration(to: min(end, idleEnd, nextHeartbeat))))
      if ready.third {
        if chunked { _ = send(HTTPResponseEncoder.lastChunk) }
        return
      }
      if ready.first {
        // Anything a client sends during a stream is discarded; end of stream means it left.
        guard POSIX.receive(descriptor, into: &readBuffer) > 0 else { return }
      }
      if ready.second {
        POSIX.drain(wake.read)
        let (chunks, finished, overflowed) = mailbox.take()
        if overflowed {
          server.configuration.log?("event stream dropped: the client read too slowly")
          return
        }
        if !chunks.isEmpty {
          idleEnd = clock.now.advanced(by: configuration.eventStreamIdleTimeout)
          nextHeartbeat = clock.now.advanced(by: configuration.heartbeatInterval)
        }
        for payload in chunks where !sendEvent(payload) { return }
        if finished {
          if chunked { _ = send(HTTPResponseEncoder.lastChunk) }
          return
        }
      } else if !ready.first, clock.now >= nextHeartbeat {
        guard sendEvent(heartbeat) else { return }
        nextHeartbeat = clock.now.advanced(by: configuration.heartbeatInterval)
      }
    }
  }
}

/// A task executor driven by one connection thread: it queues the handler task's jobs, and
/// the thread runs them until the handler's response is in (see `invoke`).
private final class ConnectionExecutor: TaskExecutor, Sendable {
  private struct State {
    var jobs: [UnownedJob] = []
    var response: HTTPResponse?
    /// Set once the thread has stopped running jobs; later jobs go to the global executor.
    var closed = false
  }

  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    let accepted = state.withLock { state -> Bool in
      guard !state.closed else { return false }
      state.jobs.append(unowned)
      return true
    }
    if accepted {
      wake.signal()
    } else {
      globalConcurrentExecutor.enqueue(ExecutorJob(unowned))
    }
  }

  func finish(with response: HTTPResponse) {
    state.withLock { $0.response = response }
    wake.signal()
  }

  /// Runs queued jobs on the calling thread until the response is set; returns it.
  func runUntilFinished() -> HTTPResponse {
    while true {
      wake.wait()
      while true {
        let next = state.withLock { state -> (UnownedJob?, HTTPResponse?) in
          if !state.jobs.isEmpty { return (state.jobs.removeFirst(), nil) }
          if let response = state.response {
            state.closed = true
            return (nil, response)
          }
          return (nil, nil)
        }
        if let job = next.0 {
          job.runSynchronously(on: asUnownedTaskExecutor())
        } else if let response = next.1 {
          // Jobs queued after the response (none, unless the handler left work behind).
          let leftover = state.withLock { state -> [UnownedJob] in
            defer { state.jobs = [] }
            return state.jobs
          }
          for job in leftover { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
          return response
        } else {
          break
        }
      }
    }
  }
}

/// Encoded events passed from the stream's task to the connection thread, which it wakes
/// through a pipe so the thread can wait on the socket and the stream in one `poll`.
///
/// The queue is bounded in events and bytes, per stream and (through the server) over all
/// streams, so clients that never read cannot grow the server: a post beyond a bound marks the
/// mailbox overflowed and the connection drops the stream.
private final class EventMailbox: Sendable {
  private struct Inner {
    var chunks: [[UInt8]] = []
    var bytes = 0
    var finished = false
    var overflowed = false
    var wakeDescriptor: Int32
  }

  private let inner: Mutex<Inner>
  private let server: HTTPServer
  private let maxBytes: Int
  private let maxEvents: Int

  init(wakeDescriptor: Int32, server: HTTPServer, maxBytes: Int, maxEvents: Int) {
    inner = Mutex(Inner(wakeDescriptor: wakeDescriptor))
    self.server = server
    self.maxBytes = maxBytes
    self.maxEvents = maxEvents
  }

  /// Queues a payload and wakes the connection; `false` once the mailbox is closed or full.
  func post(_ payload: [UInt8]) -> Bool {
    inner.withLock { inner in
      guard inner.wakeDescriptor >= 0, !inner.overflowed else { return false }
      let fits =
        inner.chunks.count < maxEvents
        && (inner.chunks.isEmpty || inner.bytes + payload.count <= maxBytes)
      if fits, server.reserveEventBytes(payload.count) {
        inner.chunks.append(payload)
        inner.bytes += payload.count
      } else {
        inner.overflowed = true
      }
      POSIX.signal(inner.wakeDescriptor)
      return !inner.overflowed
    }
  }

  /// Whether a post went beyond the queue's bounds.
  var overflowed: Bool { inner.withLock { $0.overflowed } }

  /// Marks the stream finished and wakes the connection.
  func finish() {
    inner.withLock { inner in
      inner.finished = true
      if inner.wakeDescriptor >= 0 { POSIX.signal(inner.wakeDescriptor) }
    }
  }

  /// Takes every queued payload (returning their bytes to the server's budget).
  func take() -> (chunks: [[UInt8]], finished: Bool, overflowed: Bool) {
    let (taken, bytes) = inner.withLock { inner in
      defer {
        inner.chunks = []
        inner.bytes = 0
      }
      return ((inner.chunks, inner.finished, inner.overflowed), inner.bytes)
    }
    server.releaseEventBytes(bytes)
    return taken
  }

  /// Forgets the wake pipe and drops what is queued; the connection may close the pipe once
  /// this returns.
  func close() {
    let bytes = inner.withLock { inner in
      defer {
        inner.wakeDescriptor = -1
        inner.chunks = []
        inner.bytes = 0
      }
      return inner.bytes
    }
    server.releaseEventBytes(bytes)
  }
}
