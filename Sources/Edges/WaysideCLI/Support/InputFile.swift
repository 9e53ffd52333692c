import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file a user names on the command line, with a size cap and a message that says what
/// the path is when it is no regular file: a named pipe, `/dev/zero` or a folder is refused at
/// once (not read for ever, and not called a permission problem).
enum InputFile {
  /// The default cap: 64 MiB.
  static let defaultMaxBytes = 64 << 20

  /// The bytes of the regular file at `path`, at most `maxBytes`; throws a failure naming the
  /// path, `what` it should be and the problem.
  static func read(_ path: String, what: String, maxBytes: Int = defaultMaxBytes) throws -> Data {
    func failure(_ problem: String) -> CommandError {
      CommandError.failure("cannot read \(what) '\(path)': \(problem); expected a readable file of at most \(maxBytes) bytes")
    }
    // Non-blocking, so opening a named pipe with no writer does not wait.
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      let code = errno
      switch code {
      case ENOENT: throw failure("no such file")
      case EACCES, EPERM: throw failure("permission denied")
      case EISDIR: throw failure("it is a folder")
      default: throw failure(String(cString: strerror(code)))
      }
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw failure("it is a folder")
    case S_IFIFO: throw failure("it is a named pipe")
    case S_IFCHR: throw failure("it is a character device")
    case S_IFBLK: throw failure("it is a block device")
    case S_IFSOCK: throw failure("it is a socket")
    default: throw failure("it is not a regular file")
    }
    guard Int(info.st_size) <= maxBytes else { throw failure("it has \(info.st_size) bytes") }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    // Bounded: at most maxBytes / 64 KiB + 2 reads, whatever the file does meanwhile.
    for _ in 0...(maxBytes >> 16) + 1 {
      let count = buffer.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(String(cString: strerror(errno)))
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
      if data.count > maxBytes { throw failure("it grew past the cap while being read") }
    }
    throw failure("it grew past the cap while being read")
  }

  private static func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }
}
