import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// TEST ONLY: a tiny HTTP/1.1 server on 127.0.0.1 (ephemeral port) that answers each GET with a
/// scripted response, so the Open Charge Map client is tested over real sockets. Bounded: every
/// socket has a 5 s receive timeout and the accept loop polls a stop flag every 50 ms. To be
/// replaced by the `HTTPServer` module once it is available.
final class OpenChargeMapLoopbackServer: Sendable {
  /// A request as the server saw it.
  struct Request: Sendable {
    var method: String
    var path: String
    var query: [String: String]
    var headers: [String: String]
  }

  /// A scripted answer; `delay` seconds pass before anything is sent.
  struct Response: Sendable {
    var status: Int
    var headers: [String: String] = [:]
    var body: Data
    var delay: Double = 0

    static func json(_ text: String, status: Int = 200) -> Response {
      Response(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
  }

  let port: UInt16
  private let listener: Int32
  private let stopped = Atomic<Bool>(false)
  private let seen = Mutex<[Request]>([])
  private let handler: @Sendable (Request, Int) -> Response

  /// Starts serving; `handler` gets each request and its 0-based sequence number.
  init(handler: @escaping @Sendable (Request, Int) -> Response) throws {
    self.handler = handler
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 16) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    self.port = UInt16(bigEndian: address.sin_port)
    self.listener = fd
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  deinit { stop() }

  /// The API root to configure the client with.
  var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/v3") ?? URL(fileURLWithPath: "/") }

  /// The requests received so far.
  var requests: [Request] { seen.withLock { $0 } }

  /// Stops accepting; connections in progress finish on their own.
  func stop() {
    if stopped.exchange(true, ordering: .acquiringAndReleasing) == false {
      close(listener)
    }
  }

  private func acceptLoop() {
    while !stopped.load(ordering: .acquiring) {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) > 0 else { continue }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      DispatchQueue.global().async { [self] in serve(client) }
    }
  }

  private func serve(_ client: Int32) {
    defer { close(client) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var received = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while received.count < 65_536 {
      let n = recv(client, &buffer, buffer.count, 0)
      guard n > 0 else { return }
      received += buffer[0..<n]
      if received.count >= 4, received.suffix(4).elementsEqual(end) { break }
    }
    guard let request = Self.parse(received) else { return }
    let sequence = seen.withLock { list in
      list.append(request)
      return list.count - 1
    }
    let response = handler(request, sequence)
    if response.delay > 0 { usleep(UInt32(response.delay * 1_000_000)) }
    var head = "HTTP/1.1 \(response.status) Scripted\r\n"
    var headers = response.headers
    headers["Content-Length"] = String(response.body.count)
    headers["Connection"] = "close"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    let bytes = Array(head.utf8) + Array(response.body)
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let sent = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, flags) }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  private static func parse(_ bytes: [UInt8]) -> Request? {
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n")
    let parts = lines.first?.split(separator: " ") ?? []
    guard parts.count >= 2 else { return nil }
    let target = URLComponents(string: String(parts[1]))
    var query: [String: String] = [:]
    for item in target?.queryItems ?? [] { query[item.name] = item.value ?? "" }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    return Request(
      method: String(parts[0]), path: target?.path ?? "", query: query, headers: headers)
  }
}
