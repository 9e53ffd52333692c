import Charging
import Foundation
import Geo
import StationIndex
import Synchronization
import WaysideData

#if canImport(Glibc)
  import Glibc
#endif

/// A snapshot could not be used: it is truncated or damaged, or was written by another layout.
///
/// Reading a snapshot never crashes on bad bytes; the caller reports this error (it names the
/// file and what was expected) and rebuilds the snapshot from the source.
public struct StationSnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The snapshot file.
  public var path: String
  /// What was wrong and what was expected.
  public var reason: String

  /// Creates an error.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `station snapshot PATH is unusable: REASON`.
  public var description: String { "station snapshot \(path) is unusable: \(reason)" }
}

/// A binary snapshot of a station set and its spatial index, read without decoding the
/// stations or rebuilding the index.
///
/// The snapshot is what a cold `wayside stations` query and the simulator read instead of
/// importing and merging the bundled files or opening the SQLite store: the file is mapped, its
/// header, index image and record table are checked against their checksum, the index's tables
/// are copied out of it (``StationIndex/StationIndex/init(image:stations:)``), and a station's
/// ``StationCodec`` record is checked against its own checksum and decoded only when a result
/// holding it is read, so a query touches a few pages of the records, not all 20 MB (see
/// `Guides/StationIndex.md`, "Images and snapshots"). It is a cache: a missing file or one written
/// under another key reads as "no snapshot"; a damaged one throws ``StationSnapshotError``; either
/// way the caller rebuilds it. A damaged record found later is reported by ``damage(in:)``.
///
/// Layout (integers little-endian): the 8 bytes `WSNAP003`; the key's length (UInt32) and
/// UTF-8 bytes; a 64-bit checksum of everything after it up to the records; the station count
/// and the image's length (UInt32 each); zero bytes up to a multiple of 8; the index image; zero
/// bytes up to a multiple of 8; `count + 1` record offsets (UInt32, from the first record);
/// `count` record checksums (UInt32); the records.
public enum StationSnapshot {
  static let magic = Array("WSNAP003".utf8)

  /// `$WAYSIDE_CACHE_DIR`, else `$XDG_CACHE_HOME/wayside`, else `~/.cache/wayside`: where
  /// snapshots are kept.
  public static func cacheDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    BundledData.cacheDirectory(environment: environment)
  }

  /// The index of the snapshot at `url`, its stations decoded on demand; nil when there is no
  /// file or it was written under another key.
  ///
  /// - Parameter verifyChecksum: false only to test the structural checks on their own (the
  ///   fuzz target); every caller that answers users verifies it.
  /// - Throws: ``StationSnapshotError`` when the file is truncated, damaged or of another
  ///   layout.
  public static func open(_ url: URL, key: String, verifyChecksum: Bool = true)
    throws(StationSnapshotError) -> StationIndex?
  {
    // Checked before opening: opening a named pipe for reading waits for a writer for ever.
    let kind = FileKind(path: url.path)
    guard kind == .regular || kind == .missing else {
      throw StationSnapshotError(
        path: url.path,
        reason: "it is \(kind.phrase), not a regular file; expected a station snapshot file")
    }
    guard let file = SnapshotFile(url) else { return nil }
    return try open(file, key: key, path: url.path, verifyChecksum: verifyChecksum)
  }

  /// ``open(_:key:verifyChecksum:)`` on bytes already read; `path` names them in errors.
  public static func open(_ data: Data, key: String, path: String, verifyChecksum: Bool = true)
    throws(StationSnapshotError) -> StationIndex?
  {
    try open(.memory(data), key: key, path: path, verifyChecksum: verifyChecksum)
  }

  static func open(_ file: SnapshotFile, key: String, path: String, verifyChecksum: Bool)
    throws(StationSnapshotError) -> StationIndex?
  {
    guard let data = file.head(key: key) else {
      throw StationSnapshotError(path: path, reason: "it cannot be read")
    }
    func fail(_ reason: String) -> StationSnapshotError {
      StationSnapshotError(path: path, reason: reason)
    }
    let layout = data.withUnsafeBytes { raw in Layout.parse(raw, key: key, fileSize: file.size) }
    let parts: Layout
    switch layout {
    case .otherKey: return nil
    case .failure(let reason): throw fail(reason)
    case .parts(let found): parts = found
    }
    if verifyChecksum {
      let actual = data.withUnsafeBytes { raw in
        checksum(
          UnsafeRawBufferPointer(
            rebasing: raw[parts.checksummedFrom..<parts.records.lowerBound]))
      }
      guard actual == parts.checksum else {
        throw fail(
          "the checksum of its header, index and record table is \(hex(actual)), expected "
            + "\(hex(parts.checksum)) (the file was changed or damaged after it was written)")
      }
    }
    let source = SnapshotStations(file: file, parts: parts, path: path)
    let result = data.withUnsafeBytes { raw in
      Result { () throws(StationIndexImageError) -> StationIndex in
        try StationIndex(
          image: UnsafeRawBufferPointer(rebasing: raw[parts.image]), stations: source)
      }
    }
    switch result {
    case .success(let index): return index
    case .failure(let error): throw fail("\(error)")
    }
  }

  /// Every station of the snapshot at `url`, decoded; nil when it is missing, written under
  /// another key, or unusable.
  public static func read(_ url: URL, key: String) -> [Station]? {
    guard FileKind(path: url.path) == .regular, let data = try? Data(contentsOf: url),
      case .parts(let parts) = data.withUnsafeBytes({ Layout.parse($0, key: key) })
    else { return nil }
    let source = SnapshotStations(file: .memory(data), parts: parts, path: url.path)
    var stations: [Station] = []
    stations.reserveCapacity(parts.count)
    let cache = StationCodec.DecodingCache()
    for i in 0..<parts.count {
      guard let station = try? source.decode(i, cache: cache) else { return nil }
      stations.append(station)
    }
    return stations
  }

  /// Writes `stations` and their index (built here unless given; it must be built from
  /// exactly `stations`) under `key` to `url` atomically (a temporary file renamed over it),
  /// creating the folder when needed.
  ///
  /// Every record is decoded back before the file is written, so a snapshot that passes its
  /// checksum decodes.
  @discardableResult
  public static func write(
    _ stations: [Station], index: StationIndex? = nil, key: String, to url: URL
  ) throws -> StationIndex {
    let index = index ?? StationIndex(stations)
    var bytes = magic
    func append(_ value: Int) {
      withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
    }
    func pad() { while bytes.count % 8 != 0 { bytes.append(0) } }
    let keyBytes = Array(key.utf8)
    append(keyBytes.count)
    bytes.append(contentsOf: keyBytes)
    let checksumAt = bytes.count
    bytes.append(contentsOf: [UInt8](repeating: 0, count: 8))
    let image = index.image()
    append(stations.count)
    append(image.count)
    pad()
    bytes.append(contentsOf: image)
    pad()
    var records: [UInt8] = []
    var offsets: [UInt32] = [0]
    offsets.reserveCapacity(stations.count + 1)
    for station in stations {
      let record = StationCodec.encode(station)
      // Byte for byte (a station's NaN coordinate is not equal to itself).
      guard let back = try? StationCodec.decode(record), StationCodec.encode(back) == record else {
        throw StationSnapshotError(
          path: url.path,
          reason: "station \(station.id) does not survive its record; not writing the snapshot")
      }
      records.append(contentsOf: record)
      guard records.count <= Int(UInt32.max) else {
        throw StationSnapshotError(path: url.path, reason: "the records exceed 4 GiB")
      }
      offsets.append(UInt32(records.count))
    }
    for offset in offsets { append(Int(offset)) }
    records.withUnsafeBytes { raw in
      for i in 0..<stations.count {
        let record = UnsafeRawBufferPointer(
          rebasing: raw[Int(offsets[i])..<Int(offsets[i + 1])])
        append(Int(recordChecksum(record)))
      }
    }
    let sum = bytes.withUnsafeBytes { raw in
      checksum(UnsafeRawBufferPointer(rebasing: raw[(checksumAt + 8)...]))
    }
    bytes.append(contentsOf: records)
    withUnsafeBytes(of: sum.littleEndian) { raw in
      bytes.replaceSubrange(checksumAt..<checksumAt + 8, with: raw)
    }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url, options: .atomic)
    return index
  }

  /// The index from the snapshot at `url`, or — when there is none, it was written under
  /// another key, or it is unusable — the index over `build()`'s stations, written to `url`
  /// for next time.
  ///
  /// `warn` is told why a snapshot was not used (only when it existed but was unusable) and
  /// when the new one cannot be written; neither stops the answer.
  public static func index(
    at url: URL, key: String, warn: (String) -> Void, build: () throws -> [Station]
  ) rethrows -> StationIndex {
    do {
      if let index = try open(url, key: key) { return index }
    } catch {
      warn("\(error); rebuilding it")
    }
    let stations = try build()
    let index = StationIndex(stations)
    do { try write(stations, index: index, key: key, to: url) } catch {
      warn(
        "cannot write the station snapshot \(url.path): \(error); set WAYSIDE_CACHE_DIR to a "
          + "writable folder for faster start-ups")
    }
    return index
  }

  /// A 64-bit checksum of `bytes` (``WaysideData/CacheChecksum``).
  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 { CacheChecksum.of(bytes) }

  /// A record's 32-bit checksum: the two halves of ``checksum(_:)`` folded.
  static func recordChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    let sum = checksum(bytes)
    return UInt32(truncatingIfNeeded: sum ^ (sum >> 32))
  }

  /// The first damaged record a query over `index` came upon, when `index` was read from a
  /// snapshot: its stations are checked as they are decoded, so a damaged record surfaces only
  /// when a result holding it is read (shown as an unreadable station, never as another one).
  /// A caller that can, answers again from a rebuilt snapshot.
  public static func damage(in index: StationIndex) -> StationSnapshotError? {
    (index.stationSource as? SnapshotStations)?.damage
  }

  static func hex(_ value: UInt64) -> String { CacheChecksum.hex(value) }

  /// Where a snapshot's parts are, found from its header with every length checked.
  struct Layout: Sendable {
    var checksum: UInt64
    var checksummedFrom: Int
    var count: Int
    var image: Range<Int>
    var offsets: Int
    var sums: Int
    var records: Range<Int>

    enum Parsed {
      case parts(Layout)
      case otherKey
      case failure(String)
    }

    /// Parses the header and tables from `raw`, which holds the file's first bytes (at least up
    /// to its records, or all of it); `fileSize` is the whole file's length.
    static func parse(_ raw: UnsafeRawBufferPointer, key: String, fileSize: Int? = nil) -> Parsed {
      let fileSize = fileSize ?? raw.count
      var offset = 0
      func take(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, raw.count - offset >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
      }
      func uint32() -> Int? {
        guard let bytes = take(4) else { return nil }
        return Int(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
      }
      func align() { offset = min(raw.count, (offset + 7) / 8 * 8) }
      guard let head = take(magic.count), head.elementsEqual(magic) else {
        return .failure(
          "it does not start with \(String(decoding: magic, as: UTF8.self)) (an older format "
            + "or another file)")
      }
      guard let keyLength = uint32(), let keyBytes = take(keyLength) else {
        return .failure("its key is cut off at byte \(fileSize)")
      }
      guard keyBytes.elementsEqual(key.utf8) else { return .otherKey }
      guard let sumBytes = take(8) else {
        return .failure("its checksum is cut off at byte \(fileSize)")
      }
      let checksummedFrom = offset
      let sum = UInt64(littleEndian: sumBytes.loadUnaligned(as: UInt64.self))
      guard let count = uint32(), let imageLength = uint32() else {
        return .failure("its counts are cut off at byte \(fileSize)")
      }
      align()
      let imageStart = offset
      guard take(imageLength) != nil else {
        return .failure(
          "its index image of \(imageLength) bytes from byte \(imageStart) is cut off at byte "
            + "\(fileSize)")
      }
      align()
      let offsetsStart = offset
      guard let table = take(4 * (count + 1)) else {
        return .failure(
          "its \(count + 1) record offsets from byte \(offsetsStart) are cut off at byte "
            + "\(fileSize)")
      }
      let sumsStart = offset
      guard take(4 * count) != nil else {
        return .failure(
          "its \(count) record checksums from byte \(sumsStart) are cut off at byte "
            + "\(fileSize)")
      }
      let recordsStart = offset
      let length = fileSize - recordsStart
      var previous = 0
      for i in 0...count {
        let value = Int(
          UInt32(littleEndian: table.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
        guard value >= previous, value <= length, i > 0 || value == 0 else {
          return .failure(
            "record offset \(i) is \(value), expected \(previous) … \(length) (records are "
              + "\(length) bytes)")
        }
        previous = value
      }
      guard previous == length else {
        return .failure(
          "its records end at byte \(recordsStart + previous), but the file has \(fileSize)")
      }
      return .parts(
        Layout(
          checksum: sum, checksummedFrom: checksummedFrom, count: count,
          image: imageStart..<imageStart + imageLength, offsets: offsetsStart, sums: sumsStart,
          records: recordsStart..<fileSize))
    }
  }
}

/// A snapshot's stations, decoded from their records when first read and kept.
final class SnapshotStations: StationSource {
  let file: SnapshotFile
  let parts: StationSnapshot.Layout
  let path: String
  private let decoded = Mutex<[Int32: Station]>([:])
  private let firstDamage = Mutex<StationSnapshotError?>(nil)

  /// The first damaged record met, if any.
  var damage: StationSnapshotError? { firstDamage.withLock { $0 } }

  init(file: SnapshotFile, parts: StationSnapshot.Layout, path: String) {
    self.file = file
    self.parts = parts
    self.path = path
  }

  var count: Int { parts.count }

  /// The record of station `i`, checked against its checksum.
  func withRecord<T>(_ i: Int, _ body: (UnsafeRawBufferPointer) throws(StationCodecError) -> T)
    throws(StationCodecError) -> T
  {
    guard let table = file.bytes(at: parts.offsets + 4 * i, count: 8),
      let sum = file.bytes(at: parts.sums + 4 * i, count: 4)
    else { throw StationCodecError(reason: "its record table cannot be read", offset: 0) }
    let (start, end, expected) = table.withUnsafeBytes { t in
      sum.withUnsafeBytes { c in
        (
          Int(UInt32(littleEndian: t.loadUnaligned(as: UInt32.self))),
          Int(UInt32(littleEndian: t.loadUnaligned(fromByteOffset: 4, as: UInt32.self))),
          UInt32(littleEndian: c.loadUnaligned(as: UInt32.self))
        )
      }
    }
    guard let record = file.bytes(at: parts.records.lowerBound + start, count: end - start) else {
      throw StationCodecError(reason: "it cannot be read", offset: 0)
    }
    let result = record.withUnsafeBytes { raw in
      Result { () throws(StationCodecError) -> T in
        let actual = StationSnapshot.recordChecksum(raw)
        guard actual == expected else {
          throw StationCodecError(
            reason: "its checksum is \(actual), expected \(expected) (damaged after writing)",
            offset: 0)
        }
        return try body(raw)
      }
    }
    return try result.get()
  }

  func decode(_ i: Int, cache: StationCodec.DecodingCache? = nil) throws(StationCodecError)
    -> Station
  {
    try withRecord(i) { (record) throws(StationCodecError) in
      try StationCodec.decode(record, cache: cache)
    }
  }

  func station(at index: Int) -> Station {
    if let known = decoded.withLock({ $0[Int32(index)] }) { return known }
    let station: Station
    do { station = try decode(index) } catch {
      // A record damaged after writing (the writer decodes every record back): the station
      // is shown as unreadable, never as another, and the damage is kept for the caller.
      let problem = StationSnapshotError(path: path, reason: "record \(index): \(error)")
      firstDamage.withLock { if $0 == nil { $0 = problem } }
      station = Self.unreadable(index, error, path: path)
    }
    decoded.withLock { $0[Int32(index)] = station }
    return station
  }

  func id(at index: Int) -> Station.ID {
    if let known = decoded.withLock({ $0[Int32(index)] }) { return known.id }
    let id = try? withRecord(index) { (record) throws(StationCodecError) in
      try StationCodec.decodeID(record)
    }
    return id ?? station(at: index).id
  }

  func operatorName(at index: Int) -> String {
    if let known = decoded.withLock({ $0[Int32(index)] }) { return known.operatorName }
    let name = try? withRecord(index) { (record) throws(StationCodecError) in
      try StationCodec.decodeOperatorName(record)
    }
    return name ?? station(at: index).operatorName
  }

  static func unreadable(_ index: Int, _ error: StationCodecError, path: String) -> Station {
    Station(
      id: Station.ID("unreadable-\(index)"),
      name: "unreadable record \(index) of \(path): \(error)",
      operatorName: "", address: Address(street: nil, postcode: nil, city: nil, country: ""),
      coordinate: Coordinate(latitude: 0, longitude: 0), evses: [], chargePointCount: 0,
      openingHours: nil, timeZone: "UTC",
      source: DataSource(name: "unreadable snapshot record", date: "", licence: "", attribution: "")
    )
  }
}

/// A snapshot's bytes: in memory, or an open file read piece by piece (`pread`), so a query
/// reads the header and tables once and then only the records it decodes — never all 20 MB.
enum SnapshotFile: Sendable {
  case memory(Data)
  case file(SnapshotDescriptor)

  /// The file at `url`, opened for reading; nil when it cannot be opened.
  init?(_ url: URL) {
    #if canImport(Glibc)
      guard let descriptor = SnapshotDescriptor(path: url.path) else { return nil }
      self = .file(descriptor)
    #else
      guard FileKind(path: url.path) == .regular,
        let data = try? Data(contentsOf: url, options: .alwaysMapped)
      else { return nil }
      self = .memory(data)
    #endif
  }

  /// The whole length in bytes.
  var size: Int {
    switch self {
    case .memory(let data): data.count
    case .file(let descriptor): descriptor.size
    }
  }

  /// `count` bytes from `offset`; nil when they are not all there.
  func bytes(at offset: Int, count: Int) -> Data? {
    guard offset >= 0, count >= 0, offset <= size - count else { return nil }
    switch self {
    case .memory(let data):
      return data.subdata(in: data.startIndex + offset..<data.startIndex + offset + count)
    case .file(let descriptor): return descriptor.read(at: offset, count: count)
    }
  }

  /// The bytes up to the records (header, index image, record table), or the whole file when
  /// the header cannot say where they start (the parser then names what is wrong).
  func head(key: String) -> Data? {
    if case .memory(let data) = self { return data }
    // The header: magic, key length and key, checksum, count and image length.
    let keyLength = key.utf8.count
    let fixed = StationSnapshot.magic.count + 4 + keyLength + 8 + 8
    guard let header = bytes(at: 0, count: min(size, fixed)), header.count == fixed else {
      return bytes(at: 0, count: size)
    }
    let (count, imageLength) = header.withUnsafeBytes { raw in
      (
        Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: fixed - 8, as: UInt32.self))),
        Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: fixed - 4, as: UInt32.self)))
      )
    }
    let imageStart = (fixed + 7) / 8 * 8
    let tablesStart = (imageStart + imageLength + 7) / 8 * 8
    let recordsStart = tablesStart + 8 * count + 4
    guard recordsStart <= size else { return bytes(at: 0, count: size) }
    return bytes(at: 0, count: recordsStart)
  }
}

#if canImport(Glibc)
  /// An open read-only file descriptor, closed when the last reader goes.
  final class SnapshotDescriptor: Sendable {
    let fd: Int32
    let size: Int

    /// Opens a regular file only: without following a link or blocking on a pipe (a
    /// non-regular file swapped in after the caller's check is refused here).
    init?(path: String) {
      guard let fd = try? FileKind.openRegular(path) else { return nil }
      var info = stat()
      guard fstat(fd, &info) == 0 else {
        Glibc.close(fd)
        return nil
      }
      self.fd = fd
      self.size = Int(info.st_size)
    }

    deinit { Glibc.close(fd) }

    /// `count` bytes at `offset` (`pread`, safe from any thread); nil on a short read.
    func read(at offset: Int, count: Int) -> Data? {
      var data = Data(count: count)
      var done = 0
      let ok = data.withUnsafeMutableBytes { raw -> Bool in
        guard let base = raw.baseAddress else { return count == 0 }
        while done < count {
          let n = pread(fd, base + done, count - done, off_t(offset + done))
          if n <= 0 { return false }
          done += n
        }
        return true
      }
      return ok ? data : nil
    }
  }
#else
  /// Unused where Glibc is not available (the file is read into memory instead).
  final class SnapshotDescriptor: Sendable {
    var size: Int { 0 }
    func read(at offset: Int, count: Int) -> Data? { nil }
  }
#endif
