import Dispatch
import Foundation
import HTTPServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failure of the test-side client, naming the step that failed.
struct ClientError: Error, CustomStringConvertible {
  var description: String
}

/// One response as read off the wire by ``LoopbackClient``.
struct RawResponse: Sendable {
  var status: Int
  var headers: HTTPHeaders
  var body: [UInt8]
  var text: String { String(decoding: body, as: UTF8.self) }
}

/// A deliberately simple blocking HTTP client on a raw socket, so tests can send bytes no
/// well-behaved client would. Use it only on its own thread (see ``blocking(_:)``).
final class LoopbackClient {
  /// How long a read waits for an answer that should come. Generous on purpose: event-stream
  /// producers run on Swift's cooperative pool, which the full parallel test suite can keep
  /// busy for several seconds on a 2-core machine; a real hang still fails.
  static let patience: Duration = .seconds(30)

  let descriptor: Int32
  private var pending: [UInt8] = []
  /// The `errno` of the last failed read, nil after an orderly end of stream.
  private var lastError: Int32?

  /// Connects to `port` on 127.0.0.1, from the loopback address `source` (any 127.x.y.z on
  /// Linux), so tests can play several clients; `receiveBuffer` shrinks the socket's receive
  /// buffer (and so the window the server may fill) for clients that read slowly or never.
  init(port: UInt16, source: String? = nil, receiveBuffer: Int32? = nil) throws {
    #if canImport(Glibc)
      descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw ClientError(description: "socket failed") }
    if var size = receiveBuffer {
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    if let source {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else {
        close(descriptor)
        throw ClientError(description: "bind to \(source) failed")
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      close(descriptor)
      throw ClientError(
        description: "connect to port \(port) failed: \(String(cString: strerror(code)))")
    }
  }

  deinit { close(descriptor) }

  /// Sends bytes; `false` when the server has closed the connection.
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    return bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let sent = send(
          descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, flags)
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
  }

  /// Sends UTF-8 text.
  @discardableResult
  func write(_ text: String) -> Bool { write(Array(text.utf8)) }

  /// Sends a GET with a valid Host for `port`.
  @discardableResult
  func get(_ path: String, port: UInt16, extra: String = "") -> Bool {
    write("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extra)\r\n")
  }

  /// Reads more bytes; `false` at end of stream or when `timeout` passes first.
  private func fill(timeout: Duration) throws -> Bool {
    var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var ready: Int32 = 0
    // A signal (another test's child process exiting) interrupts poll with EINTR: wait on for
    // the time that is left rather than report a silent server.
    for _ in 0..<10_000 {
      let left = clock.now.duration(to: deadline).components
      let milliseconds = Int32(
        clamping: max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000))
      ready = poll(&fds, 1, milliseconds)
      guard ready < 0, errno == EINTR, clock.now < deadline else { break }
    }
    guard ready > 0 else {
      throw ClientError(description: "no data from the server within \(timeout)")
    }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count < 0 { lastError = errno }
    guard count > 0 else { return false }
    pending += buffer[0..<count]
    return true
  }

  /// Reads one response framed by Content-Length (or until close); `nil` if the server closed
  /// the connection before sending anything.
  func readResponse(timeout: Duration = LoopbackClient.patience) throws -> RawResponse? {
    let terminator: [UInt8] = [13, 10, 13, 10]
    var headEnd: Int? = nil
    while headEnd == nil {
      if let index = pending.firstRange(of: terminator)?.lowerBound {
        headEnd = index
        break
      }
      guard try fill(timeout: timeout) else {
        if pending.isEmpty { return nil }
        throw ClientError(description: "connection closed inside a response head")
      }
    }
    guard let end = headEnd else { return nil }
    let head = String(decoding: pending[..<end], as: UTF8.self)
    pending.removeFirst(end + 4)
    var lines = head.components(separatedBy: "\r\n")
    let statusLine = lines.removeFirst().split(separator: " ")
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
      throw ClientError(description: "bad status line in '\(head)'")
    }
    var headers = HTTPHeaders()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.add(
        String(line[..<colon]),
        String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
    }
    if status == 100 { return try readResponse(timeout: timeout) }
    if let length = headers["Content-Length"].flatMap(Int.init) {
      while pending.count < length {
        guard try fill(timeout: timeout) else { throw ClientError(description: "body cut short") }
      }
      let body = Array(pending[..<length])
      pending.removeFirst(length)
      return RawResponse(status: status, headers: headers, body: body)
    }
    return RawResponse(status: status, headers: headers, body: [])
  }

  /// Reads raw bytes until `marker` has arrived; returns everything read so far.
  func read(until marker: String, timeout: Duration = LoopbackClient.patience) throws -> String {
    let needle = Array(marker.utf8)
    while pending.firstRange(of: needle) == nil {
      guard try fill(timeout: timeout) else {
        // What did arrive, and how the connection ended, tell a race from a refusal.
        let ending = lastError.map { "error: \(String(cString: strerror($0)))" } ?? "end of stream"
        throw ClientError(
          description: "connection closed (\(ending)) before '\(marker)' arrived, after"
            + " \(pending.count) bytes: '\(String(decoding: pending.prefix(600), as: UTF8.self))'")
      }
    }
    return String(decoding: pending, as: UTF8.self)
  }

  /// Reads and discards up to `count` bytes that have arrived, waiting at most `timeout` for
  /// the first; `false` once the server has closed the connection (end of stream or reset).
  func discard(upTo count: Int, timeout: Duration) -> Bool {
    var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    let left = timeout.components
    let milliseconds = Int32(
      clamping: max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000))
    guard poll(&fds, 1, milliseconds) > 0 else { return true }
    var buffer = [UInt8](repeating: 0, count: count)
    return buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) } > 0
  }

  /// Whether the server closes the connection (end of stream or reset) within `timeout`.
  func closedByServer(within timeout: Duration = .seconds(5)) -> Bool {
    do {
      while try fill(timeout: timeout) {}
      return true
    } catch {
      return false
    }
  }
}

/// Blocks the calling test thread until `server`'s counters satisfy `condition`; woken by the
/// server's own state change (``HTTPServer/waitForStatistics(timeout:_:)``), never by a clock;
/// throws after ``LoopbackClient/patience`` (a hang, not a slow machine).
func waitForStatistics(
  _ server: HTTPServer, _ condition: @escaping @Sendable (HTTPServer.Statistics) -> Bool
) throws {
  guard server.waitForStatistics(timeout: LoopbackClient.patience, condition) else {
    throw ClientError(description: "the server's counters never reached the expected state")
  }
}

/// Runs blocking client code on its own thread, so it never ties up the cooperative pool that
/// the server's handlers need.
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      do { continuation.resume(returning: try body()) } catch {
        continuation.resume(throwing: error)
      }
    }
    thread.start()
  }
}

/// Starts a server on an ephemeral loopback port, runs `body`, and always stops the server.
@discardableResult
func withServer<T: Sendable>(
  _ configuration: HTTPServer.Configuration = .init(port: 0), router: HTTPRouter,
  _ body: (HTTPServer) async throws -> T
) async throws -> T {
  let server = try HTTPServer(configuration: configuration, router: router)
  do {
    let result = try await body(server)
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}
