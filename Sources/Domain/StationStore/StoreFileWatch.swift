import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A watch on the files of a directory whose names start with a prefix: the system tells it
/// when one is written (inotify on Linux, a vnode source on Darwin), and it calls its handler
/// on a queue of its own. It never checks the files on a timer.
///
/// The watch ends when the value goes (or ``cancel()``).
///
/// `@unchecked Sendable`: its one stored property is a constant dispatch source, whose
/// `cancel()` libdispatch documents as safe from any thread; the handlers it runs are
/// `@Sendable`.
public final class StoreFileWatch: @unchecked Sendable {
  private let source: any DispatchSourceProtocol

  /// Watches `directory` for writes to files named `namePrefix…` (a database and its `-wal`,
  /// `-journal` files); throws ``StationStoreError`` naming the directory when it cannot be
  /// watched.
  public init(
    directory: URL, namePrefix: String, onChange: @escaping @Sendable () -> Void
  ) throws(StationStoreError) {
    let queue = DispatchQueue(label: "wayside.store-watch")
    #if canImport(Glibc)
      let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else { throw Self.failure(directory, "inotify_init1 failed (errno \(errno))") }
      let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
      guard inotify_add_watch(fd, directory.path, mask) >= 0 else {
        let code = errno
        close(fd)
        throw Self.failure(directory, "inotify_add_watch failed (errno \(code))")
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
      let prefix = Array(namePrefix.utf8)
      source.setEventHandler {
        if Self.drain(fd, matching: prefix) { onChange() }
      }
      source.setCancelHandler { close(fd) }
    #elseif canImport(Darwin)
      // A directory's vnode source hears files created, renamed and removed in it; SQLite's
      // writes to an existing database go to its -wal file, so that file is the one watched
      // when it exists (it does while a connection has the database open in WAL mode).
      let wal = directory.appendingPathComponent(namePrefix + "-wal")
      let path = FileManager.default.fileExists(atPath: wal.path) ? wal.path : directory.path
      let fd = open(path, O_EVTONLY)
      guard fd >= 0 else { throw Self.failure(directory, "cannot open \(path) (errno \(errno))") }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: fd, eventMask: [.write, .extend], queue: queue)
      source.setEventHandler { onChange() }
      source.setCancelHandler { close(fd) }
    #endif
    self.source = source
    source.resume()
  }

  deinit { source.cancel() }

  /// Stops watching.
  public func cancel() { source.cancel() }

  static func failure(_ directory: URL, _ reason: String) -> StationStoreError {
    StationStoreError(
      file: directory, role: "store directory",
      problem: .io("cannot watch it for changes other processes make: \(reason)"))
  }

  #if canImport(Glibc)
    /// Reads every pending inotify event from `fd`; whether one names a file starting with
    /// `prefix`.
    static func drain(_ fd: Int32, matching prefix: [UInt8]) -> Bool {
      var matched = false
      var buffer = [UInt8](repeating: 0, count: 4096)
      // Bounded: a read returns what is pending; the descriptor is non-blocking.
      for _ in 0..<64 {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        var offset = 0
        // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
        while offset + 16 <= count {
          let length = buffer.withUnsafeBytes {
            Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          }
          let name = buffer[(offset + 16)..<min(count, offset + 16 + length)]
          if name.starts(with: prefix) { matched = true }
          offset += 16 + length
        }
      }
      return matched
    }
  #endif
}
