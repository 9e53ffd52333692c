import Charging
import Geo

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
  public static let formatVersion: UInt8 = 1

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
    for evse in station.evses {
      w.string(evse.uid)
      w.optionalString(evse.evseID)
      w.string(evse.status.rawValue)
      w.varint(UInt64(evse.connectors.count))
      for connector in evse.connectors {
        w.string(connector.id)
        if case .unknown(let raw) = connector.standard {
          w.byte(1)
          w.string(raw)
        } else {
          w.byte(0)
          w.string(connector.standard.ocpiName)
        }
        w.optionalString(connector.format?.rawValue)
        w.string(connector.powerType.rawValue)
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
    w.string(station.source.name)
    w.string(station.source.date)
    w.string(station.source.licence)
    w.string(station.source.attribution)
    w.strings(station.qualityFlags)
    return w.bytes
  }

  /// Decodes a record written by ``encode(_:)``.
  public static func decode(_ bytes: UnsafeRawBufferPointer) throws(StationCodecError) -> Station {
    var r = ByteReader(bytes: bytes)
    let version = try r.byte()
    guard version == formatVersion else {
      throw StationCodecError(reason: "format version \(version)", offset: 0)
    }
    let id = try r.string()
    let name = try r.optionalString()
    let operatorName = try r.string()
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
      let status = try r.enumeration(EVSEStatus.self)
      let connectorCount = try r.count()
      var connectors: [Connector] = []
      connectors.reserveCapacity(connectorCount)
      for _ in 0..<connectorCount {
        let connectorID = try r.string()
        let tag = try r.byte()
        let standardName = try r.string()
        let standard: ConnectorStandard =
          tag == 1 ? .unknown(standardName) : ConnectorStandard(ocpiName: standardName)
        let format: ConnectorFormat?
        if let raw = try r.optionalString() {
          guard let value = ConnectorFormat(rawValue: raw) else {
            throw StationCodecError(reason: "unknown connector format '\(raw)'", offset: r.offset)
          }
          format = value
        } else {
          format = nil
        }
        let powerType = try r.enumeration(PowerType.self)
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
    let source = DataSource(
      name: try r.string(), date: try r.string(), licence: try r.string(),
      attribution: try r.string())
    let flags = try r.strings()
    guard r.offset == bytes.count else {
      throw StationCodecError(
        reason: "\(bytes.count - r.offset) unexpected bytes after the record", offset: r.offset)
    }
    return Station(
      id: Station.ID(id), name: name, operatorName: operatorName, address: address,
      coordinate: coordinate, evses: evses, chargePointCount: chargePointCount,
      openingHours: openingHours, timeZone: timeZone, source: source, qualityFlags: flags)
  }

  /// Decodes a record held in an array.
  public static func decode(_ bytes: [UInt8]) throws(StationCodecError) -> Station {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(StationCodecError) -> Station in try decode(raw) }
    }
    return try result.get()
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
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> shift)) }
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
    var bits: UInt64 = 0
    for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
    offset += 8
    return Double(bitPattern: bits)
  }

  mutating func string() throws(StationCodecError) -> String {
    let length = try count()
    let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
    offset += length
    return String(decoding: slice, as: UTF8.self)
  }

  mutating func optionalString() throws(StationCodecError) -> String? {
    try byte() == 1 ? try string() : nil
  }

  mutating func optionalDouble() throws(StationCodecError) -> Double? {
    try byte() == 1 ? try double() : nil
  }

  mutating func strings() throws(StationCodecError) -> [String] {
    let n = try count()
    var list: [String] = []
    list.reserveCapacity(n)
    for _ in 0..<n { list.append(try string()) }
    return list
  }

  mutating func enumeration<E: RawRepresentable>(_ type: E.Type) throws(StationCodecError) -> E
  where E.RawValue == String {
    let raw = try string()
    guard let value = E(rawValue: raw) else {
      throw StationCodecError(reason: "unknown \(E.self) value '\(raw)'", offset: offset)
    }
    return value
  }
}
