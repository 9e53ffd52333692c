import Foundation
import HTTPServer
import Synchronization
import WaysideTestSupport

/// Recorded Open Charge Map responses served on 127.0.0.1 (an ephemeral port) by the project's
/// `HTTPServer`, so the client is tested over real sockets against the same server code the web
/// simulator uses. Each request is answered by a script that sees the request and its 0-based
/// sequence number; a response may be held until an event (a slow server) or be a body that
/// never ends. Nothing here waits on a clock.
final class OpenChargeMapTestServer: Sendable {
  /// How a scripted answer's body is sent.
  enum Body: Sendable {
    /// The bytes, at once.
    case bytes
    /// 16 KiB chunks for as long as the client reads (an endless body).
    case endless
    /// One small chunk, then nothing until the gate opens (a server trickling bytes).
    case trickle(until: Gate)
  }

  /// A scripted answer; when `hold` is set it is sent once the gate opens.
  struct Response: Sendable {
    var status: Int
    var headers: [String: String] = [:]
    var body: Data
    var hold: Gate? = nil
    var kind: Body = .bytes

    static func json(_ text: String, status: Int = 200) -> Response {
      Response(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    var httpResponse: HTTPResponse {
      switch kind {
      case .bytes: break
      case .endless: return endlessEventStream()
      case .trickle(let gate):
        let (stream, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
        continuation.yield(ServerSentEvent(data: "["))
        Task {
          await gate.wait()
          continuation.finish()
        }
        return .eventStream(stream)
      }
      return HTTPResponse(
        status: HTTPStatus(code: status),
        headers: HTTPHeaders(headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }),
        body: .bytes(Array(body)))
    }
  }

  /// The requests seen, shared with the server's handler, and who waits for them.
  private final class Log: Sendable {
    let requests = Mutex<[HTTPRequest]>([])
    let arrivals = Gate.Counter()
  }

  private let server: HTTPServer
  private let log = Log()

  /// Starts serving; `script` gets each request and its sequence number.
  init(_ script: @escaping @Sendable (HTTPRequest, Int) -> Response) throws {
    let log = log
    server = try HTTPServer(configuration: .init(port: 0)) { request in
      let sequence = log.requests.withLock { list in
        list.append(request)
        return list.count - 1
      }
      log.arrivals.increment()
      let response = script(request, sequence)
      if let hold = response.hold { await hold.wait() }
      return response.httpResponse
    }
  }

  /// The API root to configure the client with.
  var baseURL: URL { URL(string: "\(server.baseURL)/v3") ?? URL(fileURLWithPath: "/") }

  /// The requests received so far.
  var requests: [HTTPRequest] { log.requests.withLock { $0 } }

  /// Returns once `count` requests have reached the handler.
  func waitForRequests(_ count: Int) async { await log.arrivals.wait(for: count) }

  /// Stops the server and waits for its threads to end.
  func stop() async { await server.stop() }

  /// Runs `body` against a server answering with `script`, and stops the server afterwards,
  /// whether `body` succeeds or throws.
  static func with<T>(
    _ script: @escaping @Sendable (HTTPRequest, Int) -> Response,
    _ body: (OpenChargeMapTestServer) async throws -> T
  ) async throws -> T {
    let server = try OpenChargeMapTestServer(script)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }
}

/// A one-way gate: `wait()` returns once `open()` has been called (at once after it).
final class Gate: Sendable {
  private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func open() {
    let waiters = state.withLock { state in
      state.open = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let open = state.withLock { state in
        if !state.open { state.waiters.append(continuation) }
        return state.open
      }
      if open { continuation.resume() }
    }
  }

  /// A count that can be waited for.
  final class Counter: Sendable {
    private let state = Mutex<(count: Int, waiters: [(Int, CheckedContinuation<Void, Never>)])>(
      (0, []))

    func increment() {
      let ready = state.withLock { state in
        state.count += 1
        let count = state.count
        let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
        state.waiters.removeAll { $0.0 <= count }
        return ready
      }
      for waiter in ready { waiter.resume() }
    }

    func wait(for count: Int) async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let reached = state.withLock { state in
          if state.count < count { state.waiters.append((count, continuation)) }
          return state.count >= count
        }
        if reached { continuation.resume() }
      }
    }
  }
}
