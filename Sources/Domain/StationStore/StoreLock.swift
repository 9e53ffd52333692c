import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a store folder (`flock` on its `store.lock`), held while a store opens
/// its files — the checks, the migrations, any moving aside — and while it refreshes the user
/// backup, so processes and threads opening the same folder at once take turns.
///
/// Without it, two first opens of a new folder race: each reads the schema version outside the
/// other's migration, one fails ("table favourites already exists"), or one finds the other's
/// half-made file, takes it for a foreign database and moves it aside with data the other had
/// just acknowledged. Waiting for the lock blocks in `flock`, on the other holder's release (or
/// exit, which releases it); nothing polls.
final class StoreLock {
  /// The lock file's name inside the store folder.
  static let fileName = "store.lock"

  /// -1 when the folder is read-only (no lock is needed where nobody can create files).
  private let descriptor: Int32

  /// Takes the folder's lock, waiting while another opener holds it. In a folder that cannot
  /// be written (read-only file system or permissions) there is nothing to race on, and no
  /// lock is taken.
  /// - Throws: ``StationStoreError`` when the lock file cannot be created or locked for
  ///   another reason, or when something other than a regular file sits at its path.
  init(directory: URL) throws(StationStoreError) {
    let url = directory.appendingPathComponent(Self.fileName)
    func failure(_ problem: StationStoreError.Problem) -> StationStoreError {
      StationStoreError(file: url, role: "store lock", problem: problem)
    }
    let kind = FileKind(path: url.path)
    guard kind == .missing || kind == .regular else {
      throw failure(.notAFile(kind.phrase))
    }
    let descriptor = SystemFile.open(
      url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      if code == EROFS || code == EACCES || code == EPERM {
        self.descriptor = -1
        return
      }
      let reason = String(cString: strerror(code))
      throw failure(.io("cannot be opened (\(reason)); expected a writable store folder"))
    }
    // Bounded: each retry follows a delivered signal.
    var result: Int32 = -1
    for _ in 0..<10_000 {
      result = flock(descriptor, LOCK_EX)
      guard result != 0, errno == EINTR else { break }
    }
    guard result == 0 else {
      let reason = String(cString: strerror(errno))
      SystemFile.close(descriptor)
      throw failure(.io("cannot be locked (\(reason)); expected a local file system"))
    }
    self.descriptor = descriptor
  }

  /// Whether `directory` is a folder no file can be created in (a read-only file system, no
  /// write permission, an immutable folder): a probe file is created and removed at once.
  static func folderIsReadOnly(_ directory: URL) -> Bool {
    let probe = directory.appendingPathComponent(".write-probe-\(getpid())").path
    let descriptor = SystemFile.open(probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      SystemFile.close(descriptor)
      unlink(probe)
      return false
    }
    let code = errno
    return code == EROFS || code == EACCES || code == EPERM
  }

  /// Releases the lock.
  deinit { if descriptor >= 0 { SystemFile.close(descriptor) } }
}
