import Charging
import Geo
import Testing

@testable import StationStore

@Suite("Station codec")
struct StationCodecTests {
  @Test(
    "Every field of a station survives encoding and decoding unchanged",
    arguments: [
      ("every optional field", TestStations.everyField),
      ("minimal station", TestStations.minimal),
    ])
  func roundTrip(_ name: String, _ station: Station) throws {
    let decoded = try StationCodec.decode(StationCodec.encode(station))
    #expect(decoded == station, "\(name)")
  }

  @Test("The real Kassel register extract round-trips station by station")
  func realData() throws {
    #expect(TestStations.kassel.count == 292)
    for station in TestStations.kassel {
      #expect(try StationCodec.decode(StationCodec.encode(station)) == station)
    }
  }

  @Test("An unknown standard spelled like a known one stays unknown")
  func unknownStandardKeepsItsTag() throws {
    let decoded = try StationCodec.decode(StationCodec.encode(TestStations.everyField))
    #expect(decoded.evses[0].connectors[1].standard == .unknown("CHADEMO"))
  }

  @Test("Every truncation of a record is rejected with an error, never a crash")
  func truncation() {
    let bytes = StationCodec.encode(TestStations.everyField)
    for length in 0..<bytes.count {
      #expect(throws: StationCodecError.self) { try StationCodec.decode(Array(bytes[..<length])) }
    }
  }

  @Test("Trailing bytes and an unknown format version are rejected with the reason")
  func trailingAndVersion() {
    var bytes = StationCodec.encode(TestStations.minimal)
    bytes.append(0)
    #expect(throws: StationCodecError.self) { try StationCodec.decode(bytes) }
    bytes = StationCodec.encode(TestStations.minimal)
    bytes[0] = 9
    do {
      _ = try StationCodec.decode(bytes)
      Issue.record("version 9 was accepted")
    } catch {
      #expect(error.description.contains("format version 9"))
      #expect(error.description.contains("expected format version 2"))
    }
  }

  @Test("Decoding many records through one cache gives the same stations as decoding each alone")
  func sharedCache() throws {
    let cache = StationCodec.DecodingCache()
    for station in TestStations.kassel {
      let bytes = StationCodec.encode(station)
      let decoded = try bytes.withUnsafeBytes { raw in
        Result { () throws(StationCodecError) in try StationCodec.decode(raw, cache: cache) }
      }.get()
      #expect(decoded == station)
    }
  }

  @Test("EVSEs with the same plugs as the one before are stored once and decoded equal")
  func repeatedConnectors() throws {
    let plugs = [Connector(id: "1", standard: .type2, powerType: .ac3Phase)]
    let other = [Connector(id: "1", standard: .type2Combo, powerType: .dc)]
    var station = TestStations.minimal
    station.evses = (0..<8).map { EVSE(uid: "\($0)", connectors: $0 == 5 ? other : plugs) }
    let shared = StationCodec.encode(station)
    let decoded = try StationCodec.decode(shared)
    #expect(decoded == station)
    var distinct = station
    distinct.evses[1].connectors = [Connector(id: "2", standard: .type2, powerType: .ac3Phase)]
    // One connector list less is written for each EVSE that repeats its predecessor's.
    #expect(StationCodec.encode(distinct).count > shared.count)
  }

  @Test("A first EVSE that claims to repeat a previous one is rejected, not trusted")
  func repeatWithoutPredecessor() {
    var record = V1Record.header(evseCount: 1)
    record.string("1")  // uid
    record.byte(0)  // no EVSE id
    record.byte(0)  // status
    record.byte(1)  // "same connectors as the previous EVSE"
    record.bytes[0] = 2
    #expect(throws: StationCodecError.self) { try StationCodec.decode(record.bytes) }
  }

  @Test("Records written in format version 1 (before shared connector lists) are still read")
  func versionOne() throws {
    var record = V1Record.header(evseCount: 2)
    for uid in ["a", "b"] {
      record.string(uid)
      record.byte(0)  // no EVSE id
      record.byte(1)  // AVAILABLE
      record.byte(1)  // one connector
      record.string("1")
      record.byte(12)  // IEC_62196_T2_COMBO (tag = index + 1)
      record.byte(2)  // cable
      record.byte(4)  // DC
      record.byte(0)  // no voltage
      record.byte(0)  // no amperage
      record.byte(1)
      record.double(150)
      record.byte(0)  // no tariffs
    }
    record.byte(4)  // charge points 2, zig-zag
    record.byte(0)  // no opening hours
    record.string("Europe/Berlin")
    var source = V1Record()
    for text in ["src", "2022-01-01", "CC BY 4.0", "BNetzA"] { source.string(text) }
    record.byte(UInt8(source.bytes.count))
    record.bytes += source.bytes
    record.byte(0)  // no flags
    let station = try StationCodec.decode(record.bytes)
    #expect(station.id == "v1")
    #expect(station.evses.map(\.uid) == ["a", "b"])
    #expect(station.evses[1].connectors[0].standard == .type2Combo)
    #expect(station.evses[1].connectors[0].maxPower?.kilowatts == 150)
    #expect(station.chargePointCount == 2)
    #expect(station.source.attribution == "BNetzA")
  }
}

/// Writes a record by hand in format version 1, as earlier builds stored it.
private struct V1Record {
  var bytes: [UInt8] = []

  mutating func byte(_ b: UInt8) { bytes.append(b) }
  mutating func string(_ s: String) {
    bytes.append(UInt8(s.utf8.count))
    bytes += Array(s.utf8)
  }
  mutating func double(_ d: Double) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: d.bitPattern >> shift))
    }
  }

  /// Version byte, id `v1`, operator, address, position and the EVSE count.
  static func header(evseCount: UInt8) -> V1Record {
    var r = V1Record()
    r.byte(1)
    r.string("v1")
    r.byte(0)  // no name
    r.string("Op")
    r.byte(0)  // no street
    r.byte(0)  // no postcode
    r.byte(0)  // no city
    r.string("DE")
    r.double(51.3)
    r.double(9.5)
    r.byte(evseCount)
    return r
  }
}
