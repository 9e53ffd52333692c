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
      #expect(error.description.contains("expected format version 1"))
    }
  }
}
