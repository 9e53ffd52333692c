import Charging
import Foundation
import Testing
import WaysideData

@testable import StationFeeds

@Suite("Register JSON Lines importer")
struct RegisterJSONLinesImporterTests {
  /// A real row of the bundled 2022 register (its first line).
  static let realRow =
    #"{"id":"bnetza2022-5003165a4dd8","name":null,"operator":"Schulstiftung der Evangelischen Landeskirche in Württemberg","lat":48.524846,"lon":9.115607,"street":"Mozartstr. 27","address_extra":null,"postcode":"07071","city":"Kusterdingen","district":"Landkreis Tübingen","state":"Baden-Württemberg","country":"DE","charging_devices":1,"charge_points":2,"max_power_kw":11,"device_nominal_power_kw_sum":22,"has_dc":false,"fast_charging_device":false,"connectors":[{"type":"type2_socket","current":"AC","max_kw":11,"count":2}],"access":null,"opening_hours":null,"commissioned_first":"2021-11-24","commissioned_last":"2021-11-24","source":"BNetzA Ladesäulenregister","source_date":"2022-01-01","quality_flags":["coords_far_from_postcode_area"]}"#

  /// A real row with CCS, CHAdeMO and a Type 2 cable, whose charge points are fewer than plugs.
  static let realFastRow =
    #"{"id":"bnetza2022-ef2048b81197","name":null,"operator":"Comfortcharge GmbH","lat":48.29545,"lon":8.57463,"street":"Bahnhofstr. 25","address_extra":null,"postcode":"78727","city":"Oberndorf","district":"Landkreis Rottweil","state":"Baden-Württemberg","country":"DE","charging_devices":1,"charge_points":2,"max_power_kw":150,"device_nominal_power_kw_sum":150,"has_dc":true,"fast_charging_device":true,"connectors":[{"type":"ccs2","current":"DC","max_kw":150,"count":1},{"type":"chademo","current":"DC","max_kw":150,"count":1},{"type":"type2_cable","current":"AC","max_kw":22,"count":1}],"access":null,"opening_hours":null,"commissioned_first":"2020-02-10","commissioned_last":"2020-02-10","source":"BNetzA Ladesäulenregister","source_date":"2022-01-01","quality_flags":["charge_point_without_connector_type"]}"#

  @Test("The bundled Kassel register file imports every site without errors")
  func kasselFile() throws {
    let result = RegisterJSONLinesImporter.importStations(
      from: try BundledData.data(.stationsKassel2022), fileName: "kassel.jsonl")
    #expect(result.counts.recordsRead == 292)
    #expect(result.stations.count == 292)
    #expect(result.errors.isEmpty)
    expectCountsAddUp(result)
    #expect(result.stations.allSatisfy { $0.chargePointCount > 0 })
  }

  @Test("A real register row becomes a station with its operator, address, plugs and flags")
  func realRowMapping() throws {
    let result = importText(Self.realRow, format: .registerJSONLines)
    #expect(result.diagnostics.isEmpty)
    let station = try #require(result.stations.first)
    #expect(station.id == "bnetza2022-5003165a4dd8")
    #expect(station.operatorName == "Schulstiftung der Evangelischen Landeskirche in Württemberg")
    #expect(station.coordinate.latitude == 48.524846)
    #expect(station.address.shortText == "Mozartstr. 27, Kusterdingen")
    #expect(station.address.postcode == "07071")
    #expect(station.chargePointCount == 2)
    #expect(station.evses.count == 2)
    let connector = try #require(station.evses.first?.connectors.first)
    #expect(connector.standard == .type2)
    #expect(connector.format == .socket)
    #expect(connector.powerType == .ac3Phase)
    #expect(station.maxPower == Power(kilowatts: 11))
    #expect(station.qualityFlags == ["coords_far_from_postcode_area"])
    #expect(station.source.date == "2022-01-01")
  }

  @Test("Plug groups become one EVSE per counted plug while the charge-point count stays the register's")
  func plugGroupsAndChargePoints() throws {
    let station = try #require(importText(Self.realFastRow, format: .registerJSONLines).stations.first)
    #expect(station.chargePointCount == 2)
    #expect(station.evses.count == 3)
    #expect(station.connectorStandards == [.type2Combo, .chademo, .type2])
    #expect(station.hasDirectCurrent)
    #expect(station.maxPower == Power(kilowatts: 150))
  }

  struct MappingCase: CustomTestStringConvertible, Sendable {
    var code: String
    var kilowatts: Double?
    var current: String
    var standard: ConnectorStandard
    var format: ConnectorFormat?
    var powerType: PowerType
    var testDescription: String { "\(code) \(kilowatts.map { "\($0) kW" } ?? "no power") \(current)" }
  }

  @Test(
    "Register plug codes map to OCPI standard, format and power type",
    arguments: [
      MappingCase(code: "type2_socket", kilowatts: 22, current: "AC", standard: .type2, format: .socket, powerType: .ac3Phase),
      MappingCase(code: "type2_socket", kilowatts: 11, current: "AC", standard: .type2, format: .socket, powerType: .ac3Phase),
      MappingCase(code: "type2_socket", kilowatts: 7.4, current: "AC", standard: .type2, format: .socket, powerType: .ac1Phase),
      MappingCase(code: "type2_socket", kilowatts: 3.7, current: "AC", standard: .type2, format: .socket, powerType: .ac1Phase),
      MappingCase(code: "type2_socket", kilowatts: nil, current: "AC", standard: .type2, format: .socket, powerType: .ac3Phase),
      MappingCase(code: "type2_cable", kilowatts: 43, current: "AC", standard: .type2, format: .cable, powerType: .ac3Phase),
      MappingCase(code: "ccs2", kilowatts: 150, current: "DC", standard: .type2Combo, format: .cable, powerType: .dc),
      MappingCase(code: "chademo", kilowatts: 50, current: "DC", standard: .chademo, format: .cable, powerType: .dc),
      MappingCase(code: "schuko", kilowatts: 3.7, current: "AC", standard: .domestic("F"), format: .socket, powerType: .ac1Phase),
      MappingCase(code: "cee_3pin", kilowatts: 3.7, current: "AC", standard: .iec60309SingleSixteen, format: .socket, powerType: .ac1Phase),
      MappingCase(code: "cee_5pin", kilowatts: 11, current: "AC", standard: .iec60309ThreeSixteen, format: .socket, powerType: .ac3Phase),
      MappingCase(code: "cee_5pin", kilowatts: 22, current: "AC", standard: .iec60309ThreeThirtyTwo, format: .socket, powerType: .ac3Phase),
      MappingCase(code: "cee_5pin", kilowatts: 43, current: "AC", standard: .iec60309ThreeSixtyFour, format: .socket, powerType: .ac3Phase),
      MappingCase(code: "type1", kilowatts: 3.7, current: "AC", standard: .type1, format: .socket, powerType: .ac1Phase),
      MappingCase(code: "tesla", kilowatts: 120, current: "DC", standard: .teslaModelS, format: .cable, powerType: .dc),
      MappingCase(code: "mcs", kilowatts: 1000, current: "DC", standard: .unknown("mcs"), format: nil, powerType: .dc),
    ])
  func connectorMapping(_ c: MappingCase) {
    let connector = RegisterConnectorMapping.connector(
      code: c.code, kilowatts: c.kilowatts, current: c.current)
    #expect(connector.standard == c.standard)
    #expect(connector.format == c.format)
    #expect(connector.powerType == c.powerType)
    #expect(connector.maxElectricPower == c.kilowatts.map { Power(kilowatts: $0) })
  }

  struct BrokenRow: CustomTestStringConvertible, Sendable {
    var name: String
    var line: String
    var field: String?
    var reason: String
    var testDescription: String { name }
  }

  static func replacing(_ old: String, _ new: String) -> String {
    realRow.replacingOccurrences(of: old, with: new)
  }

  @Test(
    "A broken row is skipped with an error naming the line, field and reason, and the rows around it are kept",
    arguments: [
      BrokenRow(name: "truncated JSON", line: String(realRow.dropLast(20)), field: nil, reason: "is not valid JSON"),
      BrokenRow(name: "NaN latitude", line: replacing(#""lat":48.524846"#, #""lat":NaN"#), field: "lat", reason: "is not a finite number"),
      BrokenRow(name: "decimal comma", line: replacing(#""lat":48.524846"#, #""lat":"48,524846""#), field: "lat", reason: "uses a decimal comma"),
      BrokenRow(name: "garbled latitude", line: replacing(#""lat":48.524846"#, #""lat":"48.52.4846""#), field: "lat", reason: "is not a number"),
      BrokenRow(name: "latitude out of range", line: replacing(#""lat":48.524846"#, #""lat":148.524846"#), field: "lat", reason: "is out of range"),
      BrokenRow(name: "missing longitude", line: replacing(#""lon":9.115607,"#, ""), field: "lon", reason: "is missing"),
      BrokenRow(name: "null island", line: replacing(#""lat":48.524846,"lon":9.115607"#, #""lat":0,"lon":0"#), field: "lat/lon", reason: "placeholder point 0,0"),
      BrokenRow(name: "missing id", line: replacing(#""id":"bnetza2022-5003165a4dd8","#, ""), field: "id", reason: "is missing"),
      BrokenRow(name: "an array instead of an object", line: "[1, 2, 3]", field: nil, reason: "is not a JSON object"),
    ])
  func brokenRow(_ row: BrokenRow) throws {
    let text = [Self.realRow, row.line, Self.realFastRow].joined(separator: "\n") + "\n"
    let result = importText(text, format: .registerJSONLines)
    expectCountsAddUp(result)
    #expect(result.counts.recordsRead == 3)
    #expect(result.stations.map(\.id) == ["bnetza2022-5003165a4dd8", "bnetza2022-ef2048b81197"])
    #expect(result.counts.recordsSkipped == 1)
    let error = try #require(result.errors.first)
    #expect(result.errors.count == 1)
    #expect(error.line == 2)
    #expect(error.field == row.field)
    #expect(error.reason.contains(row.reason))
    #expect(error.expected != nil)
  }

  @Test("A connector without power is kept without a power cap, with a warning")
  func missingPower() throws {
    let line = Self.replacing(#""max_kw":11"#, #""max_kw":null"#)
    let result = importText(line, format: .registerJSONLines)
    let station = try #require(result.stations.first)
    #expect(station.maxPower == nil)
    #expect(station.evses.count == 2)
    let warning = try #require(result.diagnostics.first)
    #expect(warning.severity == .warning)
    #expect(warning.field == "connectors[0].max_kw")
  }

  @Test("A concatenated plug power such as 5050 kW is dropped with a warning, the plug kept")
  func implausiblePower() throws {
    let line = Self.replacing(#""max_kw":11"#, #""max_kw":5050"#)
    let result = importText(line, format: .registerJSONLines)
    #expect(result.stations.first?.maxPower == nil)
    #expect(result.stations.first?.evses.count == 2)
    #expect(result.diagnostics.map(\.value) == ["5050"])
  }

  @Test("An unknown plug code is kept verbatim with a warning")
  func unknownPlug() throws {
    let line = Self.replacing(#""type":"type2_socket""#, #""type":"gbt_dc""#)
    let result = importText(line, format: .registerJSONLines)
    #expect(result.stations.first?.connectorStandards == [.unknown("gbt_dc")])
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.severity == .warning)
  }

  @Test("A repeated id is made unique with a note, and both rows are kept")
  func duplicateID() {
    let result = importText(Self.realRow + "\n" + Self.realRow, format: .registerJSONLines)
    #expect(result.stations.map(\.id.rawValue) == ["bnetza2022-5003165a4dd8", "bnetza2022-5003165a4dd8~2"])
    #expect(result.diagnostics.map(\.severity) == [.note])
  }

  @Test("Blank lines, a byte-order mark and CRLF line ends are accepted")
  func tolerantFraming() {
    let text = "\u{FEFF}" + Self.realRow + "\r\n\r\n" + Self.realFastRow + "\r\n"
    let result = importText(text)
    #expect(result.format == .registerJSONLines)
    #expect(result.stations.count == 2)
    #expect(result.diagnostics.isEmpty)
  }
}
