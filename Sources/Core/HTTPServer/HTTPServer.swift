import Dispatch
import Foundation
import Synchronization

/// An HTTP/1.1 server on POSIX sockets that answers each request with a ``HTTPHandler``.
///
/// Creating the server binds and starts listening; ``stop()`` shuts it down. By default it
/// binds 127.0.0.1 only, and it answers only requests whose `Host` names the bound address or
/// `localhost` (see ``HTTPHostPolicy``). Each accepted connection is served by its own thread
/// with blocking I/O (see `Guides/HTTPServer.md` for why), up to
/// ``Configuration/maxConnections`` at once and ``Configuration/maxConnectionsPerClient`` per
/// client address. At either cap a new connection takes the place of the connection doing the
/// least: one idle longest or stalled writing to a client that does not read, else the slowest
/// request still arriving, else the oldest event stream; only when every connection is busy
/// answering is it refused with 503. Writing one response has a deadline in all
/// (``Configuration/writeTimeout``), and a connection answers a bounded run of pipelined
/// requests (``Configuration/maxPipelinedRequests``, ``Configuration/pipelineByteBudget``)
/// before it is closed.
///
/// ```swift
/// var router = HTTPRouter()
/// router.get("/hello") { _ in .text("hello") }
/// let server = try HTTPServer(configuration: .init(port: 0), router: router)
/// print(server.baseURL)   // http://127.0.0.1:49152
/// await server.stop()
/// ```
public final class HTTPServer: Sendable {
  /// Where to listen, what to accept, and how long to wait.
  public struct Configuration: Sendable {
    /// The numeric IPv4 or IPv6 address to bind; loopback unless the caller chooses otherwise.
    public var address: String
    /// The TCP port; 0 asks the system for a free port, reported by ``HTTPServer/port``.
    public var port: UInt16
    /// Extra `Host` names (without port) the server answers besides its address and, on
    /// loopback, `localhost`; needed when binding a non-loopback or wildcard address.
    public var allowedHosts: [String]
    /// Request size limits.
    public var limits: HTTPRequestParser.Limits
    /// The most connections served at once; beyond it a new connection evicts the least busy
    /// one (see ``HTTPServer``), or is answered 503 when every connection is busy.
    public var maxConnections: Int
    /// The most connections one client address holds at once (every loopback client shares
    /// one address); beyond it the client's own least busy connection is evicted, or 503.
    public var maxConnectionsPerClient: Int
    /// How long a new connection, or one that just finished a response, is passed over when
    /// choosing a connection to evict, so requests from well-behaved clients are not cut off
    /// while their bytes are on the way.
    public var evictionGrace: Duration
    /// The longest an event stream stays open; it then ends and the browser reconnects.
    public var eventStreamLifetime: Duration
    /// How long an event stream may go without an event (heartbeats do not count) before it
    /// ends.
    public var eventStreamIdleTimeout: Duration
    /// The most encoded event bytes queued for one stream whose client reads slowly; beyond it
    /// the stream is dropped (one event of any size is always accepted into an empty queue).
    public var eventStreamQueueBytes: Int
    /// The most events queued for one stream.
    public var eventStreamQueueEvents: Int
    /// The most encoded event bytes queued over all streams together.
    public var totalEventQueueBytes: Int
    /// How long an idle keep-alive connection waits for its next request before closing. A new
    /// connection waits for its first byte as long as ``requestTimeout`` (if longer): its
    /// client may not have been scheduled yet on a busy machine.
    public var idleTimeout: Duration
    /// How long a request may take to arrive once its first byte has (slow clients get 408).
    public var requestTimeout: Duration
    /// How long writing one response (or one event, or one heartbeat) may take in all; a
    /// client that reads a few bytes now and then does not extend it. A connection whose
    /// response has been writing for longer than ``evictionGrace`` counts as stalled and is
    /// evicted like an idle one when a newcomer needs its place.
    public var writeTimeout: Duration
    /// The most requests one connection answers back to back from what the client sent ahead
    /// (pipelined, without waiting for the previous answer); the last of them is answered with
    /// `Connection: close`.
    public var maxPipelinedRequests: Int
    /// The most response bytes one connection writes for one such run of pipelined requests;
    /// the answer that passes it is the connection's last.
    public var pipelineByteBudget: Int
    /// The most bytes of earlier answers that may still sit unsent (the client has not made
    /// room for them) when a pipelined request comes up; beyond it the connection closes
    /// without answering, so a client that asks ahead and never reads costs a few answers, not
    /// a pipeline's worth (Linux, where the kernel reports the send queue).
    public var pipelineUnsentBytes: Int
    /// How often an idle event stream sends a comment line, which also detects dead clients.
    public var heartbeatInterval: Duration
    /// How long ``HTTPServer/stop()`` lets in-flight responses finish before cutting them off.
    public var shutdownGracePeriod: Duration
    /// The most requests served on one connection before it is closed.
    public var maxRequestsPerConnection: Int
    /// Receives one line per server-side problem (handler header errors, accept failures).
    public var log: (@Sendable (String) -> Void)?

    /// Creates a configuration; every default is listed in `Guides/HTTPServer.md`.
    public init(
      address: String = "127.0.0.1", port: UInt16 = 8080, allowedHosts: [String] = [],
      limits: HTTPRequestParser.Limits = .init(), maxConnections: Int = 256,
      maxConnectionsPerClient: Int = 128, evictionGrace: Duration = .seconds(1),
      idleTimeout: Duration = .seconds(5), requestTimeout: Duration = .seconds(10),
      writeTimeout: Duration = .seconds(10), heartbeatInterval: Duration = .seconds(15),
      eventStreamLifetime: Duration = .seconds(3600),
      eventStreamIdleTimeout: Duration = .seconds(600),
      eventStreamQueueBytes: Int = 1 << 20, eventStreamQueueEvents: Int = 256,
      totalEventQueueBytes: Int = 32 << 20,
      shutdownGracePeriod: Duration = .seconds(2), maxRequestsPerConnection: Int = 10_000,
      maxPipelinedRequests: Int = 16, pipelineByteBudget: Int = 4 << 20,
      pipelineUnsentBytes: Int = 64 << 10,
      log: (@Sendable (String) -> Void)? = nil
    ) {
      self.address = address
      self.port = port
      self.allowedHosts = allowedHosts
      self.limits = limits
      self.maxConnections = maxConnections
      self.maxConnectionsPerClient = maxConnectionsPerClient
      self.evictionGrace = evictionGrace
      self.eventStreamLifetime = eventStreamLifetime
      self.eventStreamIdleTimeout = eventStreamIdleTimeout
      self.eventStreamQueueBytes = eventStreamQueueBytes
      self.eventStreamQueueEvents = eventStreamQueueEvents
      self.totalEventQueueBytes = totalEventQueueBytes
      self.idleTimeout = idleTimeout
      self.requestTimeout = requestTimeout
      self.writeTimeout = writeTimeout
      self.heartbeatInterval = heartbeatInterval
      self.shutdownGracePeriod = shutdownGracePeriod
      self.maxRequestsPerConnection = maxRequestsPerConnection
      self.maxPipelinedRequests = maxPipelinedRequests
      self.pipelineByteBudget = pipelineByteBudget
      self.pipelineUnsentBytes = pipelineUnsentBytes
      self.log = log
    }
  }

  /// Counters since the server started.
  public struct Statistics: Sendable, Hashable {
    /// Connections accepted and served.
    public var connectionsAccepted = 0
    /// Connections refused with 503 because a cap was reached and every connection was busy.
    public var connectionsRefused = 0
    /// Connections closed to make room for a new one (idle, slow or streaming).
    public var connectionsEvicted = 0
    /// Event streams ended because their client read too slowly (queue budget exceeded).
    public var streamsDropped = 0
    /// The most encoded event bytes that were queued over all streams at any one time.
    public var peakQueuedEventBytes = 0
    /// Requests answered (including error answers to malformed requests).
    public var responsesSent = 0
    /// Connections open right now.
    public var openConnections = 0
    /// Open connections waiting for their next request right now (the first candidates for
    /// eviction).
    public var idleConnections = 0
    /// Open connections writing a response right now (evictable once stalled past the grace).
    public var writingConnections = 0
    /// Connections closed after a run of pipelined requests reached its bound.
    public var pipelinesCut = 0
    /// Connections closed before answering a pipelined request because their client had not
    /// made room for the earlier answers (``Configuration/pipelineUnsentBytes``).
    public var unreadPipelinesClosed = 0
  }

  /// What a connection is doing, which decides whether it may be evicted.
  enum Phase: Sendable {
    /// Waiting for the first or next request.
    case idle
    /// Part of a request has arrived.
    case reading
    /// Running the handler; never evicted.
    case busy
    /// Writing a response; evicted like an idle connection once the write has lasted longer
    /// than the eviction grace (its client does not read).
    case writing
    /// Writing an event stream.
    case streaming
  }

  /// One open connection.
  struct Slot {
    var client: String
    var phase: Phase
    var since: ContinuousClock.Instant
    /// Shut down to make room; its thread is on its way out and it no longer counts.
    var evicted = false
  }

  struct State {
    var stopping = false
    var finished = false
    var connections: [Int32: Slot] = [:]
    var queuedEventBytes = 0
    var liveThreads = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
    var statistics = Statistics()
    var watchers: [Watcher] = []
    var nextWatcherID = 0

    /// The counters with the current connection counts filled in.
    var snapshot: Statistics {
      var statistics = statistics
      statistics.openConnections = connections.count { !$0.value.evicted }
      statistics.idleConnections = connections.count {
        !$0.value.evicted && $0.value.phase == .idle
      }
      statistics.writingConnections = connections.count {
        !$0.value.evicted && $0.value.phase == .writing
      }
      return statistics
    }
  }

  /// Someone waiting (``waitForStatistics(_:)``) for the counters to satisfy a condition.
  struct Watcher {
    var id: Int
    var condition: @Sendable (Statistics) -> Bool
    /// Resumes the waiting task or signals the waiting thread.
    var wake: @Sendable () -> Void
  }

  /// The configuration the server was started with.
  public let configuration: Configuration
  /// The bound port (the system's choice when the configuration asked for 0).
  public let port: UInt16
  /// The `Host` values this server answers.
  public let hostPolicy: HTTPHostPolicy
  let handler: HTTPHandler
  let listener: Int32
  let stopPipe: (read: Int32, write: Int32)
  /// Written when a connection closes: the accept loop waits on it when the process is out of
  /// descriptors, instead of sleeping.
  let closedPipe: (read: Int32, write: Int32)
  let state = Mutex(State())

  /// Binds, listens and starts accepting connections, answering each request with `handler`.
  /// - Throws: ``HTTPServerError`` when the address is not numeric, the port is taken, or a
  ///   socket call fails.
  public init(configuration: Configuration = Configuration(), handler: @escaping HTTPHandler)
    throws(HTTPServerError)
  {
    self.configuration = configuration
    self.handler = handler
    POSIX.ignoreBrokenPipes
    let stopPipe = try POSIX.makePipe()
    let closedPipe: (read: Int32, write: Int32)
    let listening: (descriptor: Int32, port: UInt16)
    do throws(HTTPServerError) {
      closedPipe = try POSIX.makePipe()
      do throws(HTTPServerError) {
        listening = try POSIX.openListener(
          address: configuration.address, port: configuration.port, backlog: 512)
      } catch {
        POSIX.closeDescriptor(closedPipe.read)
        POSIX.closeDescriptor(closedPipe.write)
        throw error
      }
    } catch {
      POSIX.closeDescriptor(stopPipe.read)
      POSIX.closeDescriptor(stopPipe.write)
      throw error
    }
    self.stopPipe = stopPipe
    self.closedPipe = closedPipe
    self.listener = listening.descriptor
    self.port = listening.port
    self.hostPolicy = .bound(
      to: configuration.address, port: listening.port, extraHosts: configuration.allowedHosts)
    state.withLock { $0.liveThreads = 1 }
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "HTTPServer accept :\(listening.port)"
    thread.start()
  }

  /// Binds, listens and starts answering requests with `router`.
  /// - Throws: ``HTTPServerError`` as ``init(configuration:handler:)`` does.
  public convenience init(configuration: Configuration = Configuration(), router: HTTPRouter)
    throws(HTTPServerError)
  {
    try self.init(configuration: configuration) { request in await router.handle(request) }
  }

  /// The server's root URL, e.g. `http://127.0.0.1:8080`.
  public var baseURL: String {
    let address = configuration.address
    let host = address.contains(":") ? "[\(address)]" : address
    return "http://\(host):\(port)"
  }

  /// Counters since start.
  public var statistics: Statistics {
    state.withLock { $0.snapshot }
  }

  /// Returns once the counters satisfy `condition` (at once when they already do), or when the
  /// calling task is cancelled; the condition is checked after every change of a connection's
  /// state, so a caller waits on the event, never on a clock.
  public func waitForStatistics(_ condition: @escaping @Sendable (Statistics) -> Bool) async {
    let id = state.withLock { state -> Int in
      state.nextWatcherID += 1
      return state.nextWatcherID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let satisfied = state.withLock { state -> Bool in
          if condition(state.snapshot) || Task.isCancelled { return true }
          state.watchers.append(
            Watcher(id: id, condition: condition, wake: { continuation.resume() }))
          return false
        }
        if satisfied { continuation.resume() }
      }
    } onCancel: {
      let watcher = state.withLock { state -> Watcher? in
        guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.watchers.remove(at: index)
      }
      watcher?.wake()
    }
  }

  /// Blocks the calling thread until the counters satisfy `condition`, or `timeout` passes
  /// (then false); woken by the server's state change like ``waitForStatistics(_:)``, but
  /// without needing a thread of the cooperative pool, which a busy process may not have free.
  public func waitForStatistics(
    timeout: Duration, _ condition: @escaping @Sendable (Statistics) -> Bool
  ) -> Bool {
    let reached = DispatchSemaphore(value: 0)
    let id = state.withLock { state -> Int? in
      if condition(state.snapshot) { return nil }
      state.nextWatcherID += 1
      state.watchers.append(
        Watcher(id: state.nextWatcherID, condition: condition, wake: { reached.signal() }))
      return state.nextWatcherID
    }
    guard let id else { return true }
    let (seconds, attoseconds) = timeout.components
    let nanoseconds = max(0, seconds) * 1_000_000_000 + attoseconds / 1_000_000_000
    if reached.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success {
      return true
    }
    // Timed out, unless the wake came in between: then the watcher is already gone.
    let removed = state.withLock { state -> Bool in
      guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return false }
      state.watchers.remove(at: index)
      return true
    }
    return !removed
  }

  /// Runs `body` under the state lock, then wakes the watchers whose condition now holds.
  @discardableResult
  func update<T>(_ body: (inout State) -> T) -> T {
    let (result, woken) = state.withLock { state -> (T, [@Sendable () -> Void]) in
      let result = body(&state)
      guard !state.watchers.isEmpty else { return (result, []) }
      let snapshot = state.snapshot
      var woken: [@Sendable () -> Void] = []
      state.watchers.removeAll { watcher in
        guard watcher.condition(snapshot) else { return false }
        woken.append(watcher.wake)
        return true
      }
      return (result, woken)
    }
    for wake in woken { wake() }
    return result
  }

  /// Stops accepting, ends event streams, lets in-flight responses finish for the grace
  /// period, closes every connection, and returns once all of the server's threads have exited.
  public func stop() async {
    let started = state.withLock { state -> Bool in
      guard !state.stopping else { return false }
      state.stopping = true
      POSIX.signal(stopPipe.write)
      return true
    }
    if started {
      let grace = configuration.shutdownGracePeriod
      let cutoff = Task { [self] in
        try? await Task.sleep(for: grace)
        guard !Task.isCancelled else { return }
        state.withLock { state in
          for descriptor in state.connections.keys { POSIX.shutdownBoth(descriptor) }
        }
      }
      await waitUntilStopped()
      cutoff.cancel()
    } else {
      await waitUntilStopped()
    }
  }

  /// Returns once the server has stopped (after some caller's ``stop()``).
  public func waitUntilStopped() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let finished = state.withLock { state -> Bool in
        if state.finished { return true }
        state.waiters.append(continuation)
        return false
      }
      if finished { continuation.resume() }
    }
  }

  // MARK: Threads

  private func acceptLoop() {
    defer {
      POSIX.closeDescriptor(listener)
      threadExited()
    }
    while true {
      let ready = POSIX.waitReadable([listener, stopPipe.read], timeout: .seconds(60))
      if ready.second { return }
      guard ready.first else { continue }
      guard let accepted = POSIX.acceptConnection(listener) else {
        let code = errno
        if code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
          configuration.log?("accept on port \(port) failed: \(String(cString: strerror(code)))")
          // Out of descriptors: wait for one of ours to close (or a second to pass, when
          // the descriptors are held elsewhere in the process) instead of spinning.
          let woken = POSIX.waitReadable([closedPipe.read, stopPipe.read], timeout: .seconds(1))
          if woken.second { return }
          POSIX.drain(closedPipe.read)
        }
        continue
      }
      admit(accepted.descriptor, client: accepted.client)
    }
  }

  private func admit(_ descriptor: Int32, client: String) {
    let now = ContinuousClock.now
    let configuration = configuration
    let refusal = update { state -> String? in
      guard !state.stopping else { return "the server is stopping" }
      let live = state.connections.filter { !$0.value.evicted }
      let mine = live.filter { $0.value.client == client }
      var victim: Int32?
      if mine.count >= configuration.maxConnectionsPerClient {
        victim = Self.leastBusy(
          mine, now: now, grace: configuration.evictionGrace, hasUnreadBytes: POSIX.hasUnreadBytes)
        guard victim != nil else {
          state.statistics.connectionsRefused += 1
          return "client \(client) holds its limit of \(configuration.maxConnectionsPerClient)"
            + " connections and every one is busy"
        }
      } else if live.count >= configuration.maxConnections {
        victim = Self.leastBusy(
          live, now: now, grace: configuration.evictionGrace, hasUnreadBytes: POSIX.hasUnreadBytes)
        guard victim != nil else {
          state.statistics.connectionsRefused += 1
          return "the server is at its limit of \(configuration.maxConnections) connections and"
            + " every one is busy"
        }
      }
      if let victim {
        // Shutting down wakes the victim's thread, which then closes and leaves.
        state.connections[victim]?.evicted = true
        state.statistics.connectionsEvicted += 1
        POSIX.shutdownBoth(victim)
      }
      state.connections[descriptor] = Slot(client: client, phase: .idle, since: now)
      state.liveThreads += 1
      state.statistics.connectionsAccepted += 1
      return nil
    }
    if let refusal {
      POSIX.configureConnection(descriptor, writeTimeout: .milliseconds(200))
      let response = HTTPResponse.error(.serviceUnavailable, refusal)
      let body = response.bodyBytes ?? []
      let head = HTTPResponseEncoder.head(
        status: response.status, headers: response.headers, framing: .length(body.count),
        keepAlive: false)
      _ = POSIX.sendAll(descriptor, head + body, deadline: now.advanced(by: .milliseconds(200)))
      POSIX.closeDescriptor(descriptor)
      return
    }
    POSIX.configureConnection(descriptor, writeTimeout: configuration.writeTimeout)
    let thread = Thread { [self] in
      HTTPConnection(server: self, descriptor: descriptor).run()
      connectionClosed(descriptor)
    }
    thread.stackSize = 512 * 1024
    thread.start()
  }

  /// The connection to evict among `candidates`: idle longest or stalled longest in a write
  /// (a client that does not read), else reading longest (a slow client), else the oldest
  /// event stream, else one inside its grace period (oldest first); nil when every candidate
  /// is busy (running its handler, or writing for less than the grace).
  ///
  /// An idle or reading connection whose client has already sent bytes the connection's
  /// thread has not read yet (`hasUnreadBytes`) counts as inside its grace period: its
  /// request is there, only the thread has not run (a busy machine). Its age says nothing
  /// about the client, so it is never taken for an idle socket.
  static func leastBusy(
    _ candidates: [Int32: Slot], now: ContinuousClock.Instant, grace: Duration,
    hasUnreadBytes: (Int32) -> Bool = { _ in false }
  ) -> Int32? {
    func rank(_ descriptor: Int32, _ slot: Slot) -> Int? {
      let young = now - slot.since < grace
      switch slot.phase {
      case .busy: return nil
      case .writing: return young ? nil : 0
      case .idle: return young || hasUnreadBytes(descriptor) ? 3 : 0
      case .reading: return young || hasUnreadBytes(descriptor) ? 3 : 1
      case .streaming: return 2
      }
    }
    var best: (rank: Int, since: ContinuousClock.Instant, descriptor: Int32)?
    for (descriptor, slot) in candidates {
      guard let r = rank(descriptor, slot) else { continue }
      if let current = best, (current.rank, current.since) <= (r, slot.since) { continue }
      best = (r, slot.since, descriptor)
    }
    return best?.descriptor
  }

  /// Records what connection `descriptor` is doing now; the time it started doing it is kept
  /// when the phase does not change, so an idle connection stays as old as it is.
  func setPhase(_ descriptor: Int32, _ phase: Phase) {
    let now = ContinuousClock.now
    update { state in
      guard let slot = state.connections[descriptor], slot.phase != phase else { return }
      state.connections[descriptor]?.phase = phase
      state.connections[descriptor]?.since = now
    }
  }

  /// Reserves `bytes` of the server-wide event queue budget; false when it is spent.
  func reserveEventBytes(_ bytes: Int) -> Bool {
    state.withLock { state in
      guard state.queuedEventBytes + bytes <= configuration.totalEventQueueBytes else {
        return false
      }
      state.queuedEventBytes += bytes
      state.statistics.peakQueuedEventBytes = max(
        state.statistics.peakQueuedEventBytes, state.queuedEventBytes)
      return true
    }
  }

  /// Returns `bytes` to the server-wide event queue budget.
  func releaseEventBytes(_ bytes: Int) {
    guard bytes > 0 else { return }
    state.withLock { $0.queuedEventBytes -= bytes }
  }

  func countDroppedStream() {
    update { $0.statistics.streamsDropped += 1 }
  }

  func countResponse() {
    update { $0.statistics.responsesSent += 1 }
  }

  func countCutPipeline() {
    update { $0.statistics.pipelinesCut += 1 }
  }

  func countUnreadPipeline() {
    update { $0.statistics.unreadPipelinesClosed += 1 }
  }

  var isStopping: Bool { state.withLock { $0.stopping } }

  private func connectionClosed(_ descriptor: Int32) {
    // Closing under the lock means stop() can never shut down a descriptor number that has
    // already been closed and reused by someone else.
    update { state in
      state.connections[descriptor] = nil
      POSIX.closeDescriptor(descriptor)
    }
    POSIX.signal(closedPipe.write)
    threadExited()
  }

  private func threadExited() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.liveThreads -= 1
      guard state.liveThreads == 0, state.stopping, !state.finished else { return [] }
      state.finished = true
      POSIX.closeDescriptor(stopPipe.read)
      POSIX.closeDescriptor(stopPipe.write)
      POSIX.closeDescriptor(closedPipe.read)
      POSIX.closeDescriptor(closedPipe.write)
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
