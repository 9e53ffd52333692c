import Charging
import Foundation
import Geo
import Testing

@testable import StationFeeds

/// Reproductions of hostile or odd station files that used to be misread silently.
@Suite("Station files that used to be misread")
struct HostileStationFileTests {
  static let csv = FastChargerCSVImporterTests.self
  static let jsonl = RegisterJSONLinesImporterTests.self

  @Test("a hexadecimal latitude such as 0x1p5 is rejected with a diagnostic, not read as 32")
  func hexLatitude() throws {
    let row = Self.csv.audi.replacingOccurrences(of: "48.783571", with: "0x1p5")
    let result = importText(Self.csv.file([row, Self.csv.oberstdorf]), format: .fastChargerCSV)
    #expect(result.stations.map(\.operatorName) == ["Energieversorgung Oberstdorf GmbH"])
    let error = try #require(result.errors.first)
    #expect(error.field == "lat")
    #expect(error.reason.contains("hexadecimal"), "\(error)")
    #expect(error.value == "0x1p5")
    for text in ["0x1p5", "inf", "nan", "1e", "+", "."] {
      #expect(DecimalText.double(text) == nil, "\(text)")
    }
    for (text, value) in [("48.5", 48.5), ("-9", -9.0), (".5", 0.5), ("1e2", 100.0)] {
      #expect(DecimalText.double(text) == value, "\(text)")
    }
  }

  @Test("a hexadecimal coordinate in an OCPI or JSON Lines string is rejected too")
  func hexInJSONString() {
    let row = Self.jsonl.realRow.replacingOccurrences(
      of: #""lat":48.524846"#, with: #""lat":"0x1p5""#)
    let result = importText(row, format: .registerJSONLines)
    #expect(result.stations.isEmpty)
    #expect(result.errors.first?.reason.contains("hexadecimal") == true)
  }

  @Test("a JSON Lines file whose first line is over 1 MiB is still detected as JSON Lines")
  func longFirstLine() throws {
    let padding = String(repeating: "x", count: 1_200_000)
    let first = Self.jsonl.realRow.replacingOccurrences(
      of: #""street":"Mozartstr. 27""#, with: #""street":"\#(padding)""#)
    let second = Self.jsonl.realFastRow
    let third = Self.jsonl.realRow.replacingOccurrences(
      of: "bnetza2022-5003165a4dd8", with: "bnetza2022-third")
    let data = Data([first, second, third].joined(separator: "\n").utf8)
    #expect(StationFileImporter.detectFormat(of: data) == .registerJSONLines)
    let result = StationFileImporter.importStations(from: data, fileName: "long.jsonl")
    #expect(result.format == .registerJSONLines)
    #expect(result.stations.count == 3)
  }

  @Test("CR-only line endings are accepted in JSON Lines and CSV files, with true line numbers")
  func carriageReturnOnly() throws {
    let jsonl = [Self.jsonl.realRow, Self.jsonl.realFastRow].joined(separator: "\r") + "\r"
    let data = Data(jsonl.utf8)
    #expect(StationFileImporter.detectFormat(of: data) == .registerJSONLines)
    let lines = StationFileImporter.importStations(from: data, fileName: "cr.jsonl")
    #expect(lines.stations.count == 2)
    #expect(lines.errors.isEmpty)
    let crlf = [Self.jsonl.realRow, "{broken", Self.jsonl.realFastRow].joined(separator: "\r\n")
    let withError = importText(crlf, format: .registerJSONLines)
    #expect(withError.stations.count == 2)
    #expect(withError.errors.map(\.line) == [2])
    let csv = ([Self.csv.header, Self.csv.audi, "", "broken,row", Self.csv.oberstdorf])
      .joined(separator: "\r")
    let rows = importText(csv, format: .fastChargerCSV)
    #expect(rows.stations.count == 2)
    #expect(rows.errors.map(\.line) == [4])
  }

  @Test("UTF-16 files (with or without a byte-order mark) are decoded, with a note")
  func utf16() throws {
    let text = Self.csv.file([Self.csv.audi, Self.csv.leipheim])
    for (encoding, bom) in [
      (String.Encoding.utf16LittleEndian, [UInt8(0xFF), 0xFE]), (.utf16BigEndian, [0xFE, 0xFF]),
      (.utf16LittleEndian, []),
    ] {
      let body = try #require(text.data(using: encoding))
      let result = StationFileImporter.importStations(
        from: Data(bom) + body, fileName: "utf16.csv")
      #expect(result.format == .fastChargerCSV)
      #expect(result.stations.count == 2, "\(result.diagnostics)")
      #expect(result.errors.isEmpty)
      #expect(result.diagnostics.first?.reason.contains("UTF-16") == true)
    }
  }

  @Test("a UTF-16 file that does not decode is reported as such, not as missing columns")
  func brokenUTF16() {
    var bytes: [UInt8] = [0xFF, 0xFE]
    bytes += Array("id,operator".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    bytes += [0x00, 0xD8, 0x41, 0x00]  // a lone high surrogate
    let result = StationFileImporter.importStations(from: Data(bytes), fileName: "bad16.csv")
    #expect(result.stations.isEmpty)
    #expect(result.errors.count == 1)
    #expect(result.errors.first?.reason.contains("not valid UTF-16LE at byte") == true)
  }

  @Test("one NaN in an Open Charge Map body drops only that POI")
  func openChargeMapNaN() throws {
    let fixture = OpenChargeMapFixtures.kassel
    let firstLatitude = try #require(fixture.range(of: #""Latitude": "#))
    let valueEnd = try #require(fixture[firstLatitude.upperBound...].firstIndex(of: ","))
    let body = fixture.replacingCharacters(
      in: firstLatitude.upperBound..<valueEnd, with: "NaN")
    let clean = try OpenChargeMapParser.parse(Data(fixture.utf8))
    let output = try OpenChargeMapParser.parse(Data(body.utf8))
    #expect(output.elementCount == clean.elementCount)
    #expect(output.stations.count == clean.stations.count - 1)
    #expect(output.diagnostics.contains { $0.effect == .poiDropped && $0.element == 0 })
    let ignored = try #require(output.diagnostics.first { $0.path.hasSuffix("Latitude") })
    #expect(ignored.message.contains("NaN, not a finite number"), "\(ignored)")
    // NaN inside a string is text, not a token.
    let inString = fixture.replacingOccurrences(of: "Friedrichsplatz", with: "NaN Infinity")
    #expect(
      try OpenChargeMapParser.parse(Data(inString.utf8)).stations.count == clean.stations.count)
  }
}
