import Charging
import Geo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A station record in the store could not be decoded.
public struct StationCodecError: Error, Sendable, CustomStringConvertible {
  /// What was wrong, e.g. `record ends after 12 of 40 bytes`.
  public var reason: String
  /// The byte offset inside the record where decoding stopped.
  public var offset: Int

  /// `station record is unreadable at byte 12: …; expected format version 1`.
  public var description: String {
    "station record is unreadable at byte \(offset): \(reason); expected format version "
      + "\(StationCodec.formatVersion) written by this version of Wayside"
  }
}

/// A compact binary encoding of ``Station`` used for the store's `stations.body` column.
///
/// JSON per row costs about 10× more to decode than this format (see Guides/StationStore.md),
/// and start-up decodes every station. The layout is a format-version byte followed by the
/// fields in declaration order: LEB128 varints for counts and lengths, UTF-8 strings prefixed by
/// their length, IEEE 754 doubles as 8 little-endian bytes (so values round-trip exactly), and a
/// presence byte before every optional. Connector standards carry a tag so that
/// ``ConnectorStandard/unknown(_:)`` round-trips verbatim.
public enum StationCodec {
  /// The version byte written at the start of every record.
  ///
  /// Version 2 adds one byte per EVSE that says whether its connectors repeat the previous
  /// EVSE's (a charging site's points usually share one plug set), so the decoder shares one
  /// array between them. Version 1 records (no such byte) are still read.
  public static let formatVersion: UInt8 = 2

  /// The oldest record version this build reads.
  public static let oldestReadableVersion: UInt8 = 1

  /// Encodes `station` into a new byte array.
  public static func encode(_ station: Station) -> [UInt8] {
    var w = ByteWriter()
    w.bytes.reserveCapacity(256)
    w.byte(formatVersion)
    w.string(station.id.rawValue)
    w.optionalString(station.name)
    w.string(station.operatorName)
    w.optionalString(station.address.street)
    w.optionalString(station.address.postcode)
    w.optionalString(station.address.city)
    w.string(station.address.country)
    w.double(station.coordinate.latitude)
    w.double(station.coordinate.longitude)
    w.varint(UInt64(station.evses.count))
    for (index, evse) in station.evses.enumerated() {
      w.string(evse.uid)
      w.optionalString(evse.evseID)
      w.byte(Tags.statusIndex[evse.status] ?? 0)
      if index > 0, station.evses[index - 1].connectors == evse.connectors {
        w.byte(1)  // the previous EVSE's connectors
        continue
      }
      w.byte(0)
      w.varint(UInt64(evse.connectors.count))
      for connector in evse.connectors {
        w.string(connector.id)
        if let index = Tags.standardIndex[connector.standard] {
          w.byte(index)
        } else if case .domestic(let letter) = connector.standard {
          w.byte(255)
          w.string(String(letter))
        } else {
          // `.unknown(raw)`, kept verbatim (also when `raw` spells a known standard).
          w.byte(0)
          w.string(connector.standard.ocpiName)
        }
        w.byte(connector.format.map { $0 == .socket ? 1 : 2 } ?? 0)
        w.byte(Tags.powerTypeIndex[connector.powerType] ?? 0)
        w.optionalDouble(connector.maxVoltage)
        w.optionalDouble(connector.maxAmperage)
        w.optionalDouble(connector.maxElectricPower?.kilowatts)
        w.strings(connector.tariffIDs)
      }
    }
    w.signedVarint(Int64(station.chargePointCount))
    if let hours = station.openingHours {
      w.byte(1)
      w.byte(hours.twentyFourSeven ? 1 : 0)
      w.varint(UInt64(hours.regular.count))
      for period in hours.regular {
        w.signedVarint(Int64(period.weekday))
        w.signedVarint(Int64(period.beginMinute))
        w.signedVarint(Int64(period.endMinute))
      }
      for list in [hours.exceptionalOpenings, hours.exceptionalClosings] {
        w.varint(UInt64(list.count))
        for period in list {
          w.double(period.begin)
          w.double(period.end)
        }
      }
    } else {
      w.byte(0)
    }
    w.string(station.timeZone)
    var source = ByteWriter()
    source.string(station.source.name)
    source.string(station.source.date)
    source.string(station.source.licence)
    source.string(station.source.attribution)
    w.varint(UInt64(source.bytes.count))
    w.bytes += source.bytes
    w.strings(station.qualityFlags)
    return w.bytes
  }

  /// Shares repeated values between records when decoding many: the data source of consecutive
  /// records, and repeated strings (operator names, quality flags), so a store of 35,000
  /// stations holds each operator's name once and start-up allocates less.
  public final class DecodingCache {
    var sourceBytes: [UInt8] = []
    var source: DataSource?
    /// Interned strings by the hash of their UTF-8 bytes; each bucket is checked byte for byte.
    var strings: [Int: [String]] = [:]
    /// Creates an empty cache.
    public init() {}

    /// The interned string with these UTF-8 bytes (creating it on first sight).
    func string(_ bytes: UnsafeRawBufferPointer) -> String {
      var hasher = Hasher()
      hasher.combine(bytes: bytes)
      let key = hasher.finalize()
      if let bucket = strings[key] {
        for candidate in bucket where candidate.utf8.count == bytes.count {
          var candidate = candidate
          let same = candidate.withUTF8 { sameBytes(UnsafeRawBufferPointer($0), bytes) }
          if same { return candidate }
        }
      }
      let string = String(decoding: bytes, as: UTF8.self)
      strings[key, default: []].append(string)
      return string
    }
  }

  /// Decodes a record written by ``encode(_:)``; pass one `cache` when decoding many records.
  public static func decode(_ bytes: UnsafeRawBufferPointer, cache: DecodingCache? = nil)
    throws(StationCodecError) -> Station
  {
    var r = ByteReader(bytes: bytes)
    let version = try r.byte()
    guard version >= oldestReadableVersion, version <= formatVersion else {
      throw StationCodecError(reason: "format version \(version)", offset: 0)
    }
    let id = try r.string()
    let name = try r.optionalString()
    let operatorName = try r.string(interningIn: cache)
    let address = Address(
      street: try r.optionalString(), postcode: try r.optionalString(),
      city: try r.optionalString(), country: try r.string())
    let coordinate = Coordinate(latitude: try r.double(), longitude: try r.double())
    let evseCount = try r.count()
    var evses: [EVSE] = []
    evses.reserveCapacity(evseCount)
    for _ in 0..<evseCount {
      let uid = try r.string()
      let evseID = try r.optionalString()
      let status = try r.tagged(Tags.statuses, "EVSE status")
      if version >= 2 {
        switch try r.byte() {
        case 0: break
        case 1:
          guard let previous = evses.last else {
            throw StationCodecError(
              reason: "the first EVSE refers to a previous EVSE's connectors", offset: r.offset)
          }
          evses.append(
            EVSE(uid: uid, evseID: evseID, status: status, connectors: previous.connectors))
          continue
        case let other:
          throw StationCodecError(reason: "unknown connector-list tag \(other)", offset: r.offset)
        }
      }
      let connectorCount = try r.count()
      var connectors: [Connector] = []
      connectors.reserveCapacity(connectorCount)
      for _ in 0..<connectorCount {
        let connectorID = try r.string()
        let tag = try r.byte()
        let standard: ConnectorStandard
        switch tag {
        case 0: standard = .unknown(try r.string())
        case 255: standard = .domestic(try r.string().first ?? "?")
        default: standard = try r.tagged(Tags.standards, "standard", tag: tag - 1)
        }
        let format: ConnectorFormat? =
          switch try r.byte() {
          case 0: nil
          case 1: .socket
          case 2: .cable
          case let other:
            throw StationCodecError(
              reason: "unknown connector format tag \(other)", offset: r.offset)
          }
        let powerType = try r.tagged(Tags.powerTypes, "power type")
        let voltage = try r.optionalDouble()
        let amperage = try r.optionalDouble()
        let cap = try r.optionalDouble().map { Power(kilowatts: $0) }
        let tariffIDs = try r.strings()
        connectors.append(
          Connector(
            id: connectorID, standard: standard, format: format, powerType: powerType,
            maxVoltage: voltage, maxAmperage: amperage, maxElectricPower: cap,
            tariffIDs: tariffIDs))
      }
      evses.append(EVSE(uid: uid, evseID: evseID, status: status, connectors: connectors))
    }
    let chargePointCount = Int(try r.signedVarint())
    var openingHours: OpeningHours?
    if try r.byte() == 1 {
      let alwaysOpen = try r.byte() == 1
      var regular: [OpeningHours.RegularPeriod] = []
      for _ in 0..<(try r.count()) {
        regular.append(
          OpeningHours.RegularPeriod(
            weekday: Int(try r.signedVarint()), beginMinute: Int(try r.signedVarint()),
            endMinute: Int(try r.signedVarint())))
      }
      var exceptional: [[OpeningHours.ExceptionalPeriod]] = []
      for _ in 0..<2 {
        var list: [OpeningHours.ExceptionalPeriod] = []
        for _ in 0..<(try r.count()) {
          list.append(OpeningHours.ExceptionalPeriod(begin: try r.double(), end: try r.double()))
        }
        exceptional.append(list)
      }
      openingHours = OpeningHours(
        twentyFourSeven: alwaysOpen, regular: regular, exceptionalOpenings: exceptional[0],
        exceptionalClosings: exceptional[1])
    }
    let timeZone = try r.string()
    let sourceLength = try r.count()
    let sourceBytes = UnsafeRawBufferPointer(rebasing: bytes[r.offset..<(r.offset + sourceLength)])
    let source: DataSource
    if let cached = cache?.source, let cache, cache.sourceBytes.count == sourceLength,
      cache.sourceBytes.withUnsafeBytes({ sameBytes($0, sourceBytes) })
    {
      // Consecutive stations usually share a source: reuse it (and its string storage).
      source = cached
      r.offset += sourceLength
    } else {
      source = DataSource(
        name: try r.string(), date: try r.string(), licence: try r.string(),
        attribution: try r.string())
      cache?.sourceBytes = Array(sourceBytes)
      cache?.source = source
    }
    let flags = try r.strings(interningIn: cache)
    guard r.offset == bytes.count else {
      throw StationCodecError(
        reason: "\(bytes.count - r.offset) unexpected bytes after the record", offset: r.offset)
    }
    return Station(
      id: Station.ID(id), name: name, operatorName: operatorName, address: address,
      coordinate: coordinate, evses: evses, chargePointCount: chargePointCount,
      openingHours: openingHours, timeZone: timeZone, source: source, qualityFlags: flags)
  }

  /// The station id of a record, without decoding the rest.
  public static func decodeID(_ bytes: UnsafeRawBufferPointer) throws(StationCodecError)
    -> Station.ID
  {
    var r = try headReader(bytes)
    return Station.ID(try r.string())
  }

  /// The operator name of a record, without decoding the rest.
  public static func decodeOperatorName(_ bytes: UnsafeRawBufferPointer)
    throws(StationCodecError) -> String
  {
    var r = try headReader(bytes)
    _ = try r.string()
    _ = try r.optionalString()
    return try r.string()
  }

  /// A reader past a record's version byte, which it checks.
  private static func headReader(_ bytes: UnsafeRawBufferPointer) throws(StationCodecError)
    -> ByteReader
  {
    var r = ByteReader(bytes: bytes)
    let version = try r.byte()
    guard version >= oldestReadableVersion, version <= formatVersion else {
      throw StationCodecError(reason: "format version \(version)", offset: 0)
    }
    return r
  }

  /// Decodes a record held in an array.
  public static func decode(_ bytes: [UInt8]) throws(StationCodecError) -> Station {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(StationCodecError) -> Station in try decode(raw) }
    }
    return try result.get()
  }
}

/// Whether two byte ranges hold the same bytes (`memcmp`, not a generic element loop).
func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
  guard a.count == b.count else { return false }
  guard a.count > 0, let x = a.baseAddress, let y = b.baseAddress else { return true }
  return memcmp(x, y, a.count) == 0
}

/// The byte tags of the enumerations; the order is part of the format — append only.
enum Tags {
  static let statuses: [EVSEStatus] = [
    .unknown, .available, .blocked, .charging, .inoperative, .outOfOrder, .planned, .removed,
    .reserved,
  ]
  static let powerTypes: [PowerType] = [.ac1Phase, .ac2Phase, .ac2PhaseSplit, .ac3Phase, .dc]
  static let standards: [ConnectorStandard] =
    [
      .chademo, .chaoji, .gbtAC, .gbtDC, .iec60309SingleSixteen, .iec60309ThreeSixteen,
      .iec60309ThreeThirtyTwo, .iec60309ThreeSixtyFour, .type1, .type1Combo, .type2, .type2Combo,
      .type3A, .type3C, .nema5_20, .nema6_30, .nema6_50, .nema10_30, .nema10_50, .nema14_30,
      .nema14_50, .pantographBottomUp, .pantographTopDown, .teslaRoadster, .teslaModelS, .saeJ3400,
      .mcs,
    ] + "ABCDEFGHIJKLMNO".map { ConnectorStandard.domestic($0) }
  static let statusIndex = index(statuses)
  static let powerTypeIndex = index(powerTypes)
  /// Known standards get tags 1…n (0 marks an unknown standard stored as text).
  static let standardIndex = index(standards).mapValues { $0 + 1 }

  private static func index<T: Hashable>(_ list: [T]) -> [T: UInt8] {
    Dictionary(uniqueKeysWithValues: list.enumerated().map { ($1, UInt8($0)) })
  }
}

struct ByteWriter {
  var bytes: [UInt8] = []

  mutating func byte(_ b: UInt8) { bytes.append(b) }

  mutating func varint(_ value: UInt64) {
    var v = value
    while v >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
      v >>= 7
    }
    bytes.append(UInt8(v))
  }

  /// Zig-zag encoding so small negative numbers stay short.
  mutating func signedVarint(_ value: Int64) {
    varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  mutating func double(_ value: Double) {
    let bits = value.bitPattern
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: bits >> shift))
    }
  }

  mutating func string(_ s: String) {
    var s = s
    s.withUTF8 { utf8 in
      varint(UInt64(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  mutating func optionalString(_ s: String?) {
    if let s {
      byte(1)
      string(s)
    } else {
      byte(0)
    }
  }

  mutating func optionalDouble(_ d: Double?) {
    if let d {
      byte(1)
      double(d)
    } else {
      byte(0)
    }
  }

  mutating func strings(_ list: [String]) {
    varint(UInt64(list.count))
    for s in list { string(s) }
  }
}

struct ByteReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  private func truncated(_ need: Int) -> StationCodecError {
    StationCodecError(
      reason: "record ends after \(bytes.count) bytes, \(need) more needed", offset: offset)
  }

  mutating func byte() throws(StationCodecError) -> UInt8 {
    guard offset < bytes.count else { throw truncated(1) }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func varint() throws(StationCodecError) -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let b = try byte()
      guard shift < 64 else { throw StationCodecError(reason: "varint too long", offset: offset) }
      result |= UInt64(b & 0x7F) << shift
      if b < 0x80 { return result }
      shift += 7
    }
  }

  mutating func signedVarint() throws(StationCodecError) -> Int64 {
    let raw = try varint()
    return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
  }

  /// A length or count, checked against the bytes left so garbage cannot ask for huge arrays.
  mutating func count() throws(StationCodecError) -> Int {
    let value = try varint()
    guard value <= UInt64(bytes.count - offset) else {
      throw StationCodecError(
        reason: "count \(value) exceeds the \(bytes.count - offset) bytes left", offset: offset)
    }
    return Int(value)
  }

  mutating func double() throws(StationCodecError) -> Double {
    guard offset + 8 <= bytes.count else { throw truncated(8) }
    let bits = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    offset += 8
    return Double(bitPattern: bits)
  }

  mutating func string() throws(StationCodecError) -> String {
    let length = try count()
    let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
    offset += length
    return String(decoding: slice, as: UTF8.self)
  }

  /// A string, taken from `cache` when it has seen the same bytes before.
  mutating func string(interningIn cache: StationCodec.DecodingCache?) throws(StationCodecError)
    -> String
  {
    guard let cache else { return try string() }
    let length = try count()
    let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
    offset += length
    return cache.string(slice)
  }

  mutating func optionalString() throws(StationCodecError) -> String? {
    try byte() == 1 ? try string() : nil
  }

  mutating func optionalDouble() throws(StationCodecError) -> Double? {
    try byte() == 1 ? try double() : nil
  }

  mutating func strings(interningIn cache: StationCodec.DecodingCache? = nil)
    throws(StationCodecError) -> [String]
  {
    let n = try count()
    guard n > 0 else { return [] }
    var list: [String] = []
    list.reserveCapacity(n)
    for _ in 0..<n { list.append(try string(interningIn: cache)) }
    return list
  }

  /// The element of `table` whose index is the next byte (or `tag`, when already read).
  mutating func tagged<T>(_ table: [T], _ what: String, tag: UInt8? = nil)
    throws(StationCodecError) -> T
  {
    let raw: UInt8
    if let tag { raw = tag } else { raw = try byte() }
    let index = Int(raw)
    guard index < table.count else {
      throw StationCodecError(reason: "unknown \(what) tag \(index)", offset: offset)
    }
    return table[index]
  }
}
