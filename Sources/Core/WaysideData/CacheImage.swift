/// A cache image could not be used: it is truncated or damaged, or was written by another
/// layout.
///
/// Reading an image never crashes on bad bytes; the caller reports this error (it names the
/// file and what was expected) and rebuilds the image from its source.
public struct CacheImageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What the image holds, e.g. `map image`.
  public var kind: String
  /// The image file.
  public var path: String
  /// What was wrong and what was expected.
  public var reason: String

  /// Creates an error.
  public init(kind: String, path: String, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

  /// `KIND PATH is unusable: REASON`.
  public var description: String { "\(kind) \(path) is unusable: \(reason)" }
}

/// Writes a cache image: an 8-byte magic, the key (UInt32 length and UTF-8 bytes), a 64-bit
/// ``CacheChecksum`` of everything after it, then tables of fixed-width values, each starting
/// at a multiple of 8 so that ``CacheImageReader`` copies each out at once.
///
/// Values are written as they sit in memory (little-endian on every machine the project runs
/// on); an image starts its first table with ``byteOrderMark`` so a reader of the other order
/// refuses it instead of misreading it.
public struct CacheImageWriter {
  /// 0x01020304 as written: a reader of the other byte order sees 0x04030201.
  public static let byteOrderMark: UInt32 = 0x0102_0304

  private var bytes: [UInt8]
  private let checksumAt: Int

  /// Starts an image with its magic (8 bytes) and key.
  public init(magic: [UInt8], key: String) {
    var head = magic
    let keyBytes = Array(key.utf8)
    withUnsafeBytes(of: UInt32(keyBytes.count).littleEndian) { head += $0 }
    head += keyBytes
    checksumAt = head.count
    bytes = head + [UInt8](repeating: 0, count: 8)
  }

  /// Appends a table, after zero bytes up to a multiple of 8.
  public mutating func table<T: BitwiseCopyable>(_ values: [T]) {
    while bytes.count % 8 != 0 { bytes.append(0) }
    values.withUnsafeBytes { bytes += $0 }
  }

  /// The finished image, its checksum filled in.
  public func finished() -> [UInt8] {
    var out = bytes
    let sum = out.withUnsafeBytes { raw in
      CacheChecksum.of(UnsafeRawBufferPointer(rebasing: raw[(checksumAt + 8)...]))
    }
    withUnsafeBytes(of: sum.littleEndian) { raw in
      out.replaceSubrange(checksumAt..<checksumAt + 8, with: raw)
    }
    return out
  }
}

/// Reads what ``CacheImageWriter`` wrote, checking every length before it copies a table.
public struct CacheImageReader {
  private let raw: UnsafeRawBufferPointer
  private let kind: String
  private let path: String
  private var offset = 0

  /// A reader over an image's bytes; `kind` and `path` name it in errors.
  public init(_ raw: UnsafeRawBufferPointer, kind: String, path: String) {
    self.raw = raw
    self.kind = kind
    self.path = path
  }

  /// An error about this image.
  public func fail(_ reason: String) -> CacheImageError {
    CacheImageError(kind: kind, path: path, reason: reason)
  }

  /// Checks the magic, the key and (unless told not to) the checksum; false when the image was
  /// written under another key.
  public mutating func open(magic: [UInt8], key: String, verifyChecksum: Bool = true)
    throws(CacheImageError) -> Bool
  {
    guard raw.count >= magic.count, raw.prefix(magic.count).elementsEqual(magic) else {
      throw fail(
        "it does not start with \(String(decoding: magic, as: UTF8.self)) (an older format or "
          + "another file)")
    }
    offset = magic.count
    let keyLength = Int(
      UInt32(littleEndian: try take(4, "key length").loadUnaligned(as: UInt32.self)))
    guard try take(keyLength, "key").elementsEqual(key.utf8) else { return false }
    let expected = UInt64(littleEndian: try take(8, "checksum").loadUnaligned(as: UInt64.self))
    if verifyChecksum {
      let actual = CacheChecksum.of(UnsafeRawBufferPointer(rebasing: raw[offset...]))
      guard actual == expected else {
        throw fail(
          "its checksum is \(CacheChecksum.hex(actual)), expected \(CacheChecksum.hex(expected)) "
            + "(the file was changed or damaged after it was written)")
      }
    }
    return true
  }

  /// The next table of `count` values of `T`, copied out at once.
  public mutating func table<T: BitwiseCopyable>(_ type: T.Type, _ count: Int, _ what: String)
    throws(CacheImageError) -> [T]
  {
    offset = min(raw.count, (offset + 7) / 8 * 8)
    let (size, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
    guard count >= 0, !overflow else { throw fail("its \(what) claims \(count) entries") }
    let bytes = try take(size, what)
    return [T](unsafeUninitializedCapacity: count) { buffer, initialised in
      if count > 0 { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes) }
      initialised = count
    }
  }

  /// The next table of `count` UInt32 counts, the first of which must be the byte order mark.
  public mutating func counts(_ count: Int) throws(CacheImageError) -> [Int] {
    let values = try table(UInt32.self, count + 1, "counts")
    guard values[0] == CacheImageWriter.byteOrderMark else {
      throw fail(
        "its byte order mark is \(values[0]), expected \(CacheImageWriter.byteOrderMark) (written "
          + "on a machine of the other byte order)")
    }
    return values.dropFirst().map(Int.init)
  }

  /// Checks that the image ends after the last table read.
  public func finish() throws(CacheImageError) {
    guard offset == raw.count else {
      throw fail("it has \(raw.count - offset) bytes after its last table, expected none")
    }
  }

  private mutating func take(_ count: Int, _ what: String) throws(CacheImageError)
    -> UnsafeRawBufferPointer
  {
    guard count >= 0, raw.count - offset >= count else {
      throw fail(
        "its \(what) (\(count) bytes from byte \(offset)) is cut off at byte \(raw.count)")
    }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
  }
}
