#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C `struct linger` (named so it does not collide with a local called `linger`).
typealias Glibc_linger = linger

/// A failed socket call: which call, on what, and the system's reason.
public struct HTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The failed operation and its subject, e.g. `bind to 127.0.0.1:8080`.
  public var operation: String
  /// The `errno` value, or 0 when the failure was not a system call.
  public var code: Int32
  /// The system's description of `code`, or the reason for a non-system failure.
  public var reason: String

  /// Creates an error.
  public init(operation: String, code: Int32, reason: String) {
    self.operation = operation
    self.code = code
    self.reason = reason
  }

  static func system(_ operation: String, _ code: Int32 = errno) -> HTTPServerError {
    HTTPServerError(operation: operation, code: code, reason: String(cString: strerror(code)))
  }

  /// `<operation> failed: <reason>`.
  public var description: String { "\(operation) failed: \(reason)" }
}

/// Thin, typed wrappers over the POSIX socket calls the server uses.
///
/// Every descriptor is created close-on-exec. SIGPIPE is avoided per call (`MSG_NOSIGNAL` on
/// Linux) or per socket (`SO_NOSIGPIPE` on Darwin), so a client that disconnects mid-response
/// makes `send` fail with `EPIPE` instead of killing the process; the process-wide signal
/// disposition is left alone.
enum POSIX {
  #if canImport(Glibc) || canImport(Musl)
    static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    static let streamType = SOCK_STREAM
    static let sendFlags: Int32 = 0
  #endif

  /// Creates a listening TCP socket on a numeric IPv4 or IPv6 address; returns it and its port.
  static func openListener(address: String, port: UInt16, backlog: Int32) throws(HTTPServerError)
    -> (descriptor: Int32, port: UInt16)
  {
    let subject = address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    let family: Int32
    if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
      family = AF_INET
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      #if canImport(Darwin)
        v4.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
    } else if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
      family = AF_INET6
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      #if canImport(Darwin)
        v6.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
      #endif
    } else {
      throw HTTPServerError(
        operation: "listen on \(subject)", code: 0,
        reason: "'\(address)' is not a numeric IPv4 or IPv6 address (e.g. 127.0.0.1 or ::1)")
    }
    let descriptor = socket(family, streamType, 0)
    guard descriptor >= 0 else { throw .system("socket for \(subject)") }
    #if canImport(Darwin)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    #endif
    var one: Int32 = 1
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    let bound: Int32
    if family == AF_INET {
      bound = withUnsafePointer(to: &v4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    } else {
      _ = setsockopt(
        descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
      bound = withUnsafePointer(to: &v6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
    guard bound == 0 else {
      let code = errno
      _ = close(descriptor)
      throw .system("bind to \(subject)", code)
    }
    guard listen(descriptor, backlog) == 0 else {
      let code = errno
      _ = close(descriptor)
      throw .system("listen on \(subject)", code)
    }
    var storage = sockaddr_in6()
    var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
    let named = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard named == 0 else {
      let code = errno
      _ = close(descriptor)
      throw .system("getsockname for \(subject)", code)
    }
    // sin_port and sin6_port sit at the same offset, so either view reads the port.
    let actualPort = UInt16(bigEndian: storage.sin6_port)
    return (descriptor, actualPort)
  }

  /// Accepts one pending connection and names its client by numeric address (no port);
  /// `nil` when none is pending or the call failed.
  static func acceptConnection(_ listener: Int32) -> (descriptor: Int32, client: String)? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    // accept4 is not exported by the Glibc module map, so close-on-exec is set right after.
    let descriptor = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
    }
    guard descriptor >= 0 else { return nil }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    return (descriptor, clientName(storage))
  }

  /// The numeric address in `storage` (IPv4 or IPv6; an IPv4-mapped IPv6 address as IPv4).
  static func clientName(_ storage: sockaddr_storage) -> String {
    var copy = storage
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(storage.ss_family) {
    case AF_INET:
      withUnsafePointer(to: &copy) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
          var raw = address.pointee.sin_addr
          _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
        }
      }
    case AF_INET6:
      withUnsafePointer(to: &copy) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
          var raw = address.pointee.sin6_addr
          _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
        }
      }
    default:
      return "unknown"
    }
    let name = String(
      decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.hasPrefix("::ffff:") && name.contains(".") ? String(name.dropFirst(7)) : name
  }

  /// Applies per-connection options: send timeout, no Nagle delay, and (Darwin) no SIGPIPE.
  static func configureConnection(_ descriptor: Int32, writeTimeout: Duration) {
    var one: Int32 = 1
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, 4)
    #if canImport(Darwin)
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, 4)
    #endif
    let (seconds, attoseconds) = writeTimeout.components
    var interval = timeval()
    interval.tv_sec = .init(max(0, seconds))
    interval.tv_usec = .init(max(0, attoseconds / 1_000_000_000_000))
    if seconds <= 0 && interval.tv_usec == 0 { interval.tv_usec = 1000 }
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Writes all of `bytes`; `false` when the peer is gone or the send timed out.
  /// Writes every byte by `deadline` in all: the deadline bounds the whole write, not one
  /// `send` call, so a client that reads a few bytes now and then cannot keep the write (and
  /// the connection's thread) going for ever. `false` when the connection failed or the
  /// deadline passed first.
  static func sendAll(
    _ descriptor: Int32, _ bytes: [UInt8], deadline: ContinuousClock.Instant
  ) -> Bool {
    let clock = ContinuousClock()
    return bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      // Bounded: every pass either sends bytes or waits, and the deadline ends the waits.
      while offset < buffer.count {
        let sent = send(descriptor, base + offset, buffer.count - offset, sendFlags | dontWait)
        if sent > 0 {
          offset += sent
          continue
        }
        let code = errno
        guard sent < 0, code == EINTR || code == EAGAIN || code == EWOULDBLOCK else {
          return false
        }
        if code == EINTR { continue }
        let remaining = clock.now.duration(to: deadline)
        guard remaining > .zero, waitWritable(descriptor, timeout: remaining) else {
          // The client stopped reading: closing will reset the connection and drop what is
          // still queued, instead of the kernel trickling it out for minutes.
          resetOnClose(descriptor)
          return false
        }
      }
      return true
    }
  }

  /// Whether this is Linux, where ``unsentBytes(_:)`` answers.
  static var isLinux: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// Response bytes the kernel still holds for the client (not yet taken into its receive
  /// window), or nil where the system cannot say (`SIOCOUTQ`, Linux only).
  static func unsentBytes(_ descriptor: Int32) -> Int? {
    #if os(Linux) && canImport(Glibc)
      var count: Int32 = 0
      // SIOCOUTQ (= TIOCOUTQ, 0x5411): bytes in the send queue.
      guard ioctl(descriptor, UInt(0x5411), &count) == 0 else { return nil }
      return Int(count)
    #else
      return nil
    #endif
  }

  /// Makes the next `close` reset the connection (`SO_LINGER` with a zero time), discarding
  /// bytes the client has not read.
  static func resetOnClose(_ descriptor: Int32) {
    var linger = Glibc_linger(l_onoff: 1, l_linger: 0)
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc_linger>.size))
  }

  /// `MSG_DONTWAIT`: one `send` never blocks; ``sendAll(_:_:deadline:)`` waits in `poll`.
  #if canImport(Glibc) || canImport(Musl)
    private static let dontWait = Int32(MSG_DONTWAIT)
  #else
    private static let dontWait = MSG_DONTWAIT
  #endif

  /// Waits until `descriptor` can take more bytes (or has failed), or `timeout` passes.
  static func waitWritable(_ descriptor: Int32, timeout: Duration) -> Bool {
    var fds = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
    let (seconds, attoseconds) = timeout.components
    let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    let result = poll(&fds, 1, Int32(clamping: max(1, total)))
    return result > 0 || (result < 0 && errno == EINTR)
  }

  /// Reads up to `buffer.count` bytes; the count read, 0 at end of stream, -1 on error.
  static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        recv(descriptor, raw.baseAddress, raw.count, 0)
      }
      if count < 0 && errno == EINTR { continue }
      return count
    }
  }

  /// Makes a write to a socket or pipe whose reader is gone fail with `EPIPE` instead of ending
  /// the process with SIGPIPE, as servers do (nginx ignores SIGPIPE at start). The server's own
  /// socket writes already pass `MSG_NOSIGNAL`, but a serving process also writes through code
  /// it does not own; a whole test run under heavy load was once ended by a SIGPIPE whose
  /// writer could not be found. Left alone when the process has already chosen a disposition.
  static let ignoreBrokenPipes: Void = {
    var current = sigaction()
    guard sigaction(SIGPIPE, nil, &current) == 0 else { return }
    #if canImport(Glibc) || canImport(Musl)
      let isDefault = current.__sigaction_handler.sa_handler == nil
    #else
      let isDefault = current.__sigaction_u.__sa_handler == nil
    #endif
    guard isDefault else { return }
    #if canImport(Glibc)
      _ = Glibc.signal(SIGPIPE, SIG_IGN)
    #elseif canImport(Musl)
      _ = Musl.signal(SIGPIPE, SIG_IGN)
    #else
      _ = Darwin.signal(SIGPIPE, SIG_IGN)
    #endif
  }()

  /// Whether the peer has sent bytes that are waiting to be read (a non-blocking peek, which
  /// leaves them in place).
  static func hasUnreadBytes(_ descriptor: Int32) -> Bool {
    var byte: UInt8 = 0
    #if canImport(Glibc) || canImport(Musl)
      let flags = Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)
    #else
      let flags = MSG_PEEK | MSG_DONTWAIT
    #endif
    return recv(descriptor, &byte, 1, flags) > 0
  }

  /// Which of the polled descriptors became ready.
  struct Readiness {
    var first = false
    var second = false
    var third = false
  }

  /// Waits until one of up to three descriptors is readable (or hung up), or `timeout` passes.
  ///
  /// A signal that interrupts the wait (`EINTR`: a child process of the same program exiting,
  /// say) does not end it: the wait resumes for the time that is left, so an idle keep-alive
  /// connection is never mistaken for a timed-out one.
  static func waitReadable(_ descriptors: [Int32], timeout: Duration) -> Readiness {
    var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: max(.zero, timeout))
    var result: Int32 = 0
    // Bounded: each retry follows a delivered signal, and the deadline ends the loop.
    for _ in 0..<10_000 {
      let (seconds, attoseconds) = clock.now.duration(to: deadline).components
      let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
      result = poll(&fds, nfds_t(fds.count), Int32(clamping: max(0, total)))
      guard result < 0, errno == EINTR, clock.now < deadline else { break }
    }
    var readiness = Readiness()
    guard result > 0 else { return readiness }
    let ready = Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)
    readiness.first = fds[0].revents & ready != 0
    if fds.count > 1 { readiness.second = fds[1].revents & ready != 0 }
    if fds.count > 2 { readiness.third = fds[2].revents & ready != 0 }
    return readiness
  }

  /// Creates a non-blocking, close-on-exec pipe used to wake `poll`.
  static func makePipe() throws(HTTPServerError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .system("pipe") }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
  }

  /// Writes one byte to a wake pipe; a full pipe is already readable, so failure is harmless.
  static func signal(_ pipeWrite: Int32) {
    var byte: UInt8 = 1
    _ = write(pipeWrite, &byte, 1)
  }

  /// Reads and discards everything pending on a non-blocking wake pipe.
  static func drain(_ pipeRead: Int32) {
    var scratch = [UInt8](repeating: 0, count: 64)
    while scratch.withUnsafeMutableBytes({ read(pipeRead, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// Shuts both directions of a socket, waking any thread blocked on it.
  static func shutdownBoth(_ descriptor: Int32) {
    #if canImport(Glibc) || canImport(Musl)
      _ = shutdown(descriptor, Int32(SHUT_RDWR))
    #else
      _ = shutdown(descriptor, SHUT_RDWR)
    #endif
  }

  /// Closes a descriptor.
  static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }
}
