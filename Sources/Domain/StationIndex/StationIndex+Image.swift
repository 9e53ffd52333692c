import Charging
import Geo

/// Stations an index reads on demand by their place in the set it was built from, for an index
/// loaded from an image (``StationIndex/init(image:stations:)``) whose stations are decoded only
/// when a result is read.
public protocol StationSource: Sendable {
  /// The number of stations, indexed or not.
  var count: Int { get }
  /// The station at `index` (0 ..< `count`).
  func station(at index: Int) -> Station
  /// The id of the station at `index`, which may cost less than the whole station.
  func id(at index: Int) -> Station.ID
  /// The operator name of the station at `index`, which may cost less than the whole station.
  func operatorName(at index: Int) -> String
}

/// An index image could not be read: it is truncated, was written by another layout, or its
/// tables contradict each other.
public struct StationIndexImageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong and what was expected, e.g. `nodes end at byte 9120 of 4096`.
  public var reason: String

  /// Creates an error.
  public init(reason: String) { self.reason = reason }

  /// `station index image is unreadable: REASON`.
  public var description: String { "station index image is unreadable: \(reason)" }
}

extension StationIndex {
  /// The index as bytes: every table in tree order, as it sits in memory, so
  /// ``init(image:stations:)`` reads it back with one copy per table and no rebuild.
  ///
  /// The stations themselves are not in the image; it refers to them by their place in the
  /// array the index was built from. The layout is this build's (`Guides/StationIndex.md`,
  /// "Images"); a reader of another layout refuses it.
  public func image() -> [UInt8] {
    let s = storage
    var w = ImageWriter()
    w.bytes.append(contentsOf: Self.imageMagic)
    for value in [
      Self.imageEndianMark, UInt32(MemoryLayout<Node>.stride), UInt32(s.stations.totalCount),
      UInt32(s.stations.count), UInt32(s.nodes.count), UInt32(s.connectorStandard.count),
      UInt32(s.positionsWithHours.count), UInt32(s.unindexedInputs.count),
      UInt32(s.standards.count),
    ] {
      w.u32(value)
    }
    for standard in s.standards {
      let (tag, text): (UInt8, String) =
        switch standard {
        case .unknown(let raw): (1, raw)
        case .domestic(let letter)
        where ConnectorStandard(ocpiName: standard.ocpiName) != standard:
          (2, String(letter))
        default: (0, standard.ocpiName)
        }
      w.bytes.append(tag)
      w.u32(UInt32(text.utf8.count))
      w.bytes.append(contentsOf: text.utf8)
    }
    w.table(s.stations.order)
    w.table(s.unindexedInputs)
    w.table(s.nodes)
    for column in [
      s.x, s.y, s.z, s.latitude, s.longitude, s.latitudeRadians, s.cosLatitude, s.maxKilowatts,
    ] {
      w.table(column)
    }
    w.table(s.connectorStart)
    w.table(s.connectorStandard)
    w.table(s.connectorIsDC.map { $0 ? UInt8(1) : 0 })
    w.table(s.connectorKilowatts)
    w.table(s.positionsWithHours)
    return w.bytes
  }

  /// Reads an index from ``image()``'s bytes over `stations`, the same stations in the same
  /// order as the index was built from; nothing is rebuilt and no station is decoded until a
  /// result is read.
  ///
  /// Every table is checked before use — sizes, positions inside the set, a proper tree no
  /// deeper than the search's stack — so a damaged image is refused with the reason, never
  /// read past its end. (That an intact image belongs to `stations` is the caller's to know,
  /// e.g. from a checksum.)
  public init(image bytes: UnsafeRawBufferPointer, stations source: any StationSource)
    throws(StationIndexImageError)
  {
    var r = ImageReader(bytes: bytes)
    guard let magic = r.take(Self.imageMagic.count), magic.elementsEqual(Self.imageMagic) else {
      throw StationIndexImageError(
        reason: "it does not start with \(String(decoding: Self.imageMagic, as: UTF8.self))")
    }
    let endian = try r.u32("the byte-order mark")
    let nodeStride = try r.u32("the node size")
    guard endian == Self.imageEndianMark, nodeStride == MemoryLayout<Node>.stride else {
      throw StationIndexImageError(
        reason: "it was written by another layout (byte order \(endian), nodes of \(nodeStride) "
          + "bytes; this build reads \(Self.imageEndianMark) and \(MemoryLayout<Node>.stride))")
    }
    let total = Int(try r.u32("the station count"))
    let n = Int(try r.u32("the indexed count"))
    let nodeCount = Int(try r.u32("the node count"))
    let connectorCount = Int(try r.u32("the connector count"))
    let hoursCount = Int(try r.u32("the count of stations with hours"))
    let unindexedCount = Int(try r.u32("the unindexed count"))
    let standardCount = Int(try r.u32("the standard count"))
    guard total == source.count else {
      throw StationIndexImageError(
        reason: "it indexes \(total) stations, but \(source.count) were given")
    }
    guard n + unindexedCount == total, (n == 0) == (nodeCount == 0), standardCount <= 1 << 16
    else {
      throw StationIndexImageError(
        reason: "its counts contradict each other (\(n) indexed + \(unindexedCount) unindexed "
          + "of \(total), \(nodeCount) nodes, \(standardCount) standards)")
    }
    var standards: [ConnectorStandard] = []
    for _ in 0..<standardCount {
      let tag = try r.byte("a connector standard's tag")
      let length = Int(try r.u32("a connector standard's length"))
      guard let text = r.take(length) else {
        throw StationIndexImageError(reason: "a connector standard's name is cut off")
      }
      let name = String(decoding: text, as: UTF8.self)
      switch tag {
      case 0: standards.append(ConnectorStandard(ocpiName: name))
      case 1: standards.append(.unknown(name))
      case 2:
        guard let letter = name.first, name.count == 1 else {
          throw StationIndexImageError(reason: "a domestic plug letter is '\(name)'")
        }
        standards.append(.domestic(letter))
      default:
        throw StationIndexImageError(reason: "a connector standard has tag \(tag), expected 0–2")
      }
    }
    let order: [Int32] = try r.table(n, "the tree order")
    let unindexedInputs: [Int32] = try r.table(unindexedCount, "the unindexed stations")
    let nodes: [Node] = try r.table(nodeCount, "the nodes")
    var columns: [[Double]] = []
    for name in ["x", "y", "z", "latitude", "longitude", "radians", "cosine", "maximum kW"] {
      columns.append(try r.table(n, "the \(name) column"))
    }
    let connectorStart: [Int32] = try r.table(n + 1, "the connector runs")
    let connectorStandard: [Int32] = try r.table(connectorCount, "the connector standards")
    let connectorIsDC: [UInt8] = try r.table(connectorCount, "the connector DC flags")
    let connectorKilowatts: [Double] = try r.table(connectorCount, "the connector powers")
    let withHours: [Int32] = try r.table(hoursCount, "the stations with hours")
    guard r.offset == bytes.count else {
      throw StationIndexImageError(
        reason: "\(bytes.count - r.offset) bytes follow its last table, expected none")
    }

    func check(_ condition: Bool, _ reason: @autoclosure () -> String)
      throws(StationIndexImageError)
    {
      if !condition { throw StationIndexImageError(reason: reason()) }
    }
    for i in order where i < 0 || Int(i) >= total {
      throw StationIndexImageError(reason: "a tree position refers to station \(i) of \(total)")
    }
    for i in unindexedInputs where i < 0 || Int(i) >= total {
      throw StationIndexImageError(reason: "an unindexed station is \(i) of \(total)")
    }
    try Self.checkTree(nodes, count: n)
    try check(connectorStart.first == 0, "the connector runs do not start at 0")
    for i in 0..<n {
      try check(
        connectorStart[i] <= connectorStart[i + 1],
        "the connector runs go backwards at station \(i)")
    }
    try check(
      connectorStart.last.map(Int.init) == connectorCount,
      "the connector runs end at \(connectorStart.last ?? -1), expected \(connectorCount)")
    for code in connectorStandard where code < 0 || Int(code) >= standardCount {
      throw StationIndexImageError(
        reason: "a connector has standard \(code) of \(standardCount)")
    }
    for flag in connectorIsDC where flag > 1 {
      throw StationIndexImageError(reason: "a connector's DC flag is \(flag), expected 0 or 1")
    }
    for position in withHours where position < 0 || Int(position) >= n {
      throw StationIndexImageError(reason: "a station with hours is \(position) of \(n)")
    }

    self.storage = Storage(
      image: .init(
        stations: StationsInTreeOrder(values: .source(source), order: order),
        unindexedInputs: unindexedInputs, nodes: nodes,
        x: columns[0], y: columns[1], z: columns[2], latitude: columns[3],
        longitude: columns[4], latitudeRadians: columns[5], cosLatitude: columns[6],
        maxKilowatts: columns[7], standards: standards, connectorStart: connectorStart,
        connectorStandard: connectorStandard, connectorIsDC: connectorIsDC.map { $0 == 1 },
        connectorKilowatts: connectorKilowatts, positionsWithHours: withHours))
    self.unindexed = unindexedInputs.map { source.station(at: Int($0)) }
  }

  /// The source the index reads its stations from when it was read from an image; nil for an
  /// index built from an array.
  public var stationSource: (any StationSource)? {
    if case .source(let source) = storage.stations.values { return source }
    return nil
  }

  /// The first bytes of an image; the digits change with the layout.
  static let imageMagic = Array("WSIDX001".utf8)
  /// 0x01020304 as written: a reader of the other byte order sees 0x04030201.
  static let imageEndianMark: UInt32 = 0x0102_0304
  /// The deepest tree an image may hold; the nearest search's stack has 64 entries.
  static let imageMaximumDepth = 60

  /// Checks that `nodes` is one proper pre-order tree over `0 ..< count`: each
  /// node's range inside it, a node's left child right after it and its right child later,
  /// every node but the root the child of exactly one parent, no deeper than the search's stack,
  /// and the ranges nested as a tree's are — the root's `0 ..< count`, an inner node's split
  /// between its children with nothing left over — so the leaves hold every station exactly
  /// once. (A station in two leaves would be offered to the nearest search twice: at a crowded
  /// point its band could then never make room for every candidate.)
  static func checkTree(_ nodes: [Node], count n: Int)
    throws(StationIndexImageError)
  {
    var depth = [Int8](repeating: -1, count: nodes.count)
    if let root = nodes.first {
      depth[0] = 0
      guard root.start == 0, Int(root.end) == n else {
        throw StationIndexImageError(
          reason: "the root covers \(root.start) ..< \(root.end), expected 0 ..< \(n)")
      }
    }
    for i in nodes.indices {
      let node = nodes[i]
      guard depth[i] >= 0 else {
        throw StationIndexImageError(reason: "node \(i) is not the child of any node")
      }
      guard node.start >= 0, node.start <= node.end, Int(node.end) <= n else {
        throw StationIndexImageError(
          reason: "node \(i) covers \(node.start) ..< \(node.end), expected a range inside "
            + "0 ..< \(n)")
      }
      if node.left < 0 {
        guard node.right < 0 else {
          throw StationIndexImageError(reason: "leaf \(i) has a right child")
        }
        continue
      }
      guard Int(node.left) == i + 1, Int(node.right) > i + 1, Int(node.right) < nodes.count
      else {
        throw StationIndexImageError(
          reason: "node \(i) has children \(node.left) and \(node.right), expected \(i + 1) "
            + "and one after it below \(nodes.count)")
      }
      let left = nodes[Int(node.left)]
      let right = nodes[Int(node.right)]
      guard left.start == node.start, left.end == right.start, right.end == node.end else {
        throw StationIndexImageError(
          reason: "node \(i) covers \(node.start) ..< \(node.end) but its children "
            + "\(left.start) ..< \(left.end) and \(right.start) ..< \(right.end), expected "
            + "the two halves of its range")
      }
      guard Int(depth[i]) < imageMaximumDepth else {
        throw StationIndexImageError(
          reason: "the tree is deeper than \(imageMaximumDepth) levels at node \(i)")
      }
      for child in [Int(node.left), Int(node.right)] {
        guard depth[child] < 0 else {
          throw StationIndexImageError(reason: "node \(child) has two parents")
        }
        depth[child] = depth[i] + 1
      }
    }
  }
}

/// Appends an image's fields: 32-bit counts and tables as their memory bytes, each table
/// starting at a multiple of 8 bytes.
private struct ImageWriter {
  var bytes: [UInt8] = []

  mutating func u32(_ value: UInt32) {
    withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
  }

  mutating func table<T: BitwiseCopyable>(_ values: [T]) {
    while bytes.count % 8 != 0 { bytes.append(0) }
    values.withUnsafeBytes { bytes.append(contentsOf: $0) }
  }
}

/// Reads an image's fields with every length checked against what is left.
private struct ImageReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
    guard count >= 0, bytes.count - offset >= count else { return nil }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
  }

  mutating func byte(_ what: String) throws(StationIndexImageError) -> UInt8 {
    guard let b = take(1) else { throw cut(what, 1) }
    return b[0]
  }

  mutating func u32(_ what: String) throws(StationIndexImageError) -> UInt32 {
    guard let b = take(4) else { throw cut(what, 4) }
    return b.loadUnaligned(as: UInt32.self)
  }

  /// `count` values of `T`, copied out of the image.
  mutating func table<T: BitwiseCopyable>(_ count: Int, _ what: String)
    throws(StationIndexImageError) -> [T]
  {
    while offset % 8 != 0, offset < bytes.count { offset += 1 }
    let (size, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
    guard !overflow, let b = take(size) else { throw cut(what, overflow ? Int.max : size) }
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress, let source = b.baseAddress, size > 0 {
        UnsafeMutableRawPointer(base).copyMemory(from: source, byteCount: size)
      }
      initialized = count
    }
  }

  func cut(_ what: String, _ size: Int) -> StationIndexImageError {
    StationIndexImageError(
      reason: "\(what) needs \(size) bytes at byte \(offset), but the image ends at byte "
        + "\(bytes.count)")
  }
}
