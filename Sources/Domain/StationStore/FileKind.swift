import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What sits at a path, found with `lstat` (a symbolic link is reported as a link, never
/// followed), so a data file can be checked before anything opens it: opening a named pipe for
/// reading blocks until a writer comes, and changing a link's mode changes its target's.
enum FileKind: Equatable, Sendable {
  case missing
  case regular
  case directory
  case symbolicLink
  case namedPipe
  case characterDevice
  case blockDevice
  case socket
  /// `lstat` failed for another reason than a missing path (the `errno` text).
  case unreadable(String)

  /// The kind of the object at `path`.
  init(path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      self = code == ENOENT ? .missing : .unreadable(String(cString: strerror(code)))
      return
    }
    self.init(mode: info.st_mode)
  }

  /// The kind a `st_mode` names.
  init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .namedPipe
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFSOCK: self = .socket
    default: self = .unreadable("unknown file type \(String(mode & S_IFMT, radix: 8))")
    }
  }

  /// `a named pipe`, for messages.
  var phrase: String {
    switch self {
    case .missing: "missing"
    case .regular: "a regular file"
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .namedPipe: "a named pipe"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .unreadable(let reason): "unreadable (\(reason))"
    }
  }

  /// Opens the regular file at `path` for reading without following a link and without
  /// blocking on a pipe, and proves with `fstat` that what was opened is a regular file.
  ///
  /// - Returns: the descriptor (the caller closes it), nil when nothing is at `path`.
  /// - Throws: the kind found when it is not a regular file, or the reason `open` failed.
  static func openRegular(_ path: String, flags: Int32 = O_RDONLY) throws(FileKindError)
    -> Int32?
  {
    let descriptor = SystemFile.open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { return nil }
      if code == ELOOP { throw FileKindError(kind: .symbolicLink) }
      let kind = FileKind(path: path)
      throw FileKindError(
        kind: kind == .regular ? .unreadable(String(cString: strerror(code))) : kind)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      SystemFile.close(descriptor)
      throw FileKindError(kind: .unreadable(reason))
    }
    let kind = FileKind(mode: info.st_mode)
    guard kind == .regular else {
      SystemFile.close(descriptor)
      throw FileKindError(kind: kind)
    }
    return descriptor
  }
}

/// A path that should hold a regular file holds something else (or cannot be read).
struct FileKindError: Error, Sendable {
  var kind: FileKind
}

/// The system calls on descriptors, under names that do not collide with methods called
/// `open`, `close` or `read`.
enum SystemFile {
  static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags, mode)
    #elseif canImport(Musl)
      Musl.open(path, flags, mode)
    #else
      Darwin.open(path, flags, mode)
    #endif
  }

  static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #elseif canImport(Musl)
      _ = Musl.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }

  /// Up to `count` bytes from the start of what is left; nil on a read error.
  static func read(_ descriptor: Int32, count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    let done = buffer.withUnsafeMutableBytes { raw -> Int in
      #if canImport(Glibc)
        Glibc.read(descriptor, raw.baseAddress, count)
      #elseif canImport(Musl)
        Musl.read(descriptor, raw.baseAddress, count)
      #else
        Darwin.read(descriptor, raw.baseAddress, count)
      #endif
    }
    return done < 0 ? nil : Array(buffer[0..<done])
  }
}
