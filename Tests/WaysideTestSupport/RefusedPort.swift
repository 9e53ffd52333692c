#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A port on 127.0.0.1 that refuses connections for as long as this value lives: a TCP socket
/// bound to it that never listens.
///
/// A test that wants "nothing answers here" must not stop a server and then connect to its old
/// port: tests run in parallel, and another test's server may be given that port in between
/// and answer instead (and count a connection it never expected). While the port is bound
/// here, no other socket can take it, and a connection to it is refused at once.
public final class RefusedPort: @unchecked Sendable {
  // The descriptor is only closed, once, in deinit.
  /// The port.
  public let port: UInt16
  private let descriptor: Int32

  /// Error naming the step that failed.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Binds a fresh port (0, the default) or `port` — e.g. a server's port right after it
  /// stopped, which only succeeds once its listener is closed.
  public init(port: UInt16 = 0) throws(Failure) {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(description: "socket failed") }
    // Connections the old server accepted may linger in TIME_WAIT; they do not listen.
    var on: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(
        description: "binding 127.0.0.1:\(port) failed: \(String(cString: strerror(code)))")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard named == 0 else {
      close(descriptor)
      throw Failure(description: "getsockname failed")
    }
    self.descriptor = descriptor
    self.port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(descriptor) }
}
