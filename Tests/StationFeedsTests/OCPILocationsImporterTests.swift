import Charging
import Foundation
import Testing
import WaysideData

@testable import StationFeeds

@Suite("OCPI locations importer")
struct OCPILocationsImporterTests {
  /// The Location example of the OCPI 2.2.1 specification (mod_locations.asciidoc, shortened to
  /// the fields the model keeps), in the real OCPI shape.
  static let specLocation = #"""
    {
      "country_code": "BE", "party_id": "BEC", "id": "LOC1", "publish": true,
      "name": "Gent Zuid", "address": "F.Rooseveltlaan 3A", "city": "Gent",
      "postal_code": "9000", "country": "BEL",
      "coordinates": { "latitude": "51.047599", "longitude": "3.729944" },
      "parking_type": "ON_STREET",
      "evses": [{
        "uid": "3256", "evse_id": "BE*BEC*E041503001", "status": "AVAILABLE",
        "connectors": [{
          "id": "1", "standard": "IEC_62196_T2", "format": "CABLE", "power_type": "AC_3_PHASE",
          "max_voltage": 220, "max_amperage": 16, "tariff_ids": ["11"],
          "last_updated": "2015-03-16T10:10:02Z"
        }, {
          "id": "2", "standard": "IEC_62196_T2", "format": "SOCKET", "power_type": "AC_3_PHASE",
          "max_voltage": 220, "max_amperage": 16, "tariff_ids": ["13"],
          "last_updated": "2015-03-18T08:12:01Z"
        }],
        "last_updated": "2015-06-28T08:12:01Z"
      }, {
        "uid": "3257", "evse_id": "BE*BEC*E041503002", "status": "RESERVED",
        "connectors": [{
          "id": "1", "standard": "IEC_62196_T2", "format": "SOCKET", "power_type": "AC_3_PHASE",
          "max_voltage": 220, "max_amperage": 16, "tariff_ids": ["12"],
          "last_updated": "2015-06-29T20:39:09Z"
        }],
        "last_updated": "2015-06-29T20:39:09Z"
      }],
      "operator": { "name": "BeCharged" },
      "time_zone": "Europe/Brussels",
      "opening_times": { "twentyfourseven": false,
        "regular_hours": [{ "weekday": 5, "period_begin": "22:00", "period_end": "02:00" }],
        "exceptional_closings": [{ "period_begin": "2018-12-25T03:00:00Z", "period_end": "2018-12-25T05:00:00Z" }] },
      "last_updated": "2015-06-29T20:39:09Z"
    }
    """#

  @Test("The bundled Ludwigsburg file in flattened OCPI form imports 100 locations and 273 EVSEs")
  func ludwigsburg() throws {
    let data = try BundledData.data(.tariffsLudwigsburgOCPI)
    #expect(StationFileImporter.detectFormat(of: data) == .ocpiLocations)
    let result = StationFileImporter.importStations(from: data, fileName: "ludwigsburg.json")
    #expect(result.counts.recordsRead == 100)
    #expect(result.stations.count == 100)
    #expect(result.errors.isEmpty)
    #expect(result.stations.reduce(0) { $0 + $1.evses.count } == 273)
    expectCountsAddUp(result)
    let first = try #require(result.stations.first)
    #expect(first.id == "ocpi:1588625")
    #expect(first.operatorName == "SWLB Mobilität GmbH")
    #expect(first.openingHours == .alwaysOpen)
    #expect(first.evses.first?.evseID == "DE*SLB*E001L10000*001")
    #expect(first.evses.first?.status == .charging)
    #expect(first.evses.first?.connectors.first?.tariffIDs == ["22132ac"])
    #expect(first.maxPower == Power(kilowatts: 22))
    #expect(first.source.date == "2026-04-02")
    let limited = try #require(result.stations.first { $0.name == "LB Rathaustiefgarage" })
    #expect(limited.openingHours?.twentyFourSeven == false)
    #expect(
      limited.openingHours?.regular.contains(.init(weekday: 7, beginMinute: 600, endMinute: 1200))
        == true)
  }

  @Test(
    "A real-shape OCPI location keeps ids, status, volts and amps, so power follows the OCPI rule")
  func specExample() throws {
    let result = importText(Self.specLocation)
    #expect(result.format == .ocpiLocations)
    #expect(result.errors.isEmpty)
    let station = try #require(result.stations.first)
    #expect(station.id == "ocpi:BE*BEC*LOC1")
    #expect(station.name == "Gent Zuid")
    #expect(station.operatorName == "BeCharged")
    #expect(station.address.country == "BE")
    #expect(station.coordinate.latitude == 51.047599)
    #expect(station.timeZone == "Europe/Brussels")
    #expect(station.evses.map(\.status) == [.available, .reserved])
    #expect(station.evses.first?.connectors.map(\.tariffIDs) == [["11"], ["13"]])
    // 3 × 220 V × 16 A = 10.56 kW (V is line-to-neutral for AC_3_PHASE).
    #expect(station.maxPower == Power(watts: 10_560))
  }

  @Test("An overnight period is split at midnight and exceptional closings are kept in UTC")
  func openingHours() throws {
    let hours = try #require(importText(Self.specLocation).stations.first?.openingHours)
    #expect(
      hours.regular == [
        .init(weekday: 5, beginMinute: 1320, endMinute: 1440),
        .init(weekday: 6, beginMinute: 0, endMinute: 120),
      ])
    #expect(hours.exceptionalClosings == [.init(begin: 1_545_706_800, end: 1_545_714_000)])
  }

  struct Shape: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var testDescription: String { name }
  }

  @Test(
    "Every accepted document shape yields the location",
    arguments: [
      Shape(name: "response envelope", text: #"{"data": [\#(specLocation)], "status_code": 1000}"#),
      Shape(
        name: "envelope with one location",
        text: #"{"data": \#(specLocation), "status_code": 1000}"#),
      Shape(name: "bare array", text: "[\(specLocation)]"),
      Shape(name: "single location", text: specLocation),
      Shape(name: "flattened locations", text: #"{"locations": [\#(specLocation)]}"#),
    ])
  func shapes(_ shape: Shape) {
    let result = importText(shape.text)
    #expect(result.format == .ocpiLocations)
    #expect(result.stations.map(\.id) == ["ocpi:BE*BEC*LOC1"])
  }

  @Test("Invalid JSON gives one error with its line and imports nothing")
  func invalidJSON() throws {
    let result = importText("[\n" + Self.specLocation + ",\n{\"id\": }]")
    #expect(result.stations.isEmpty)
    let error = try #require(result.errors.first)
    #expect(error.reason.contains("is not valid JSON"))
    #expect(error.line == Self.specLocation.split(separator: "\n").count + 2)
  }

  @Test("A location without coordinates is skipped with an error; the others are kept")
  func missingCoordinates() throws {
    let broken = Self.specLocation.replacingOccurrences(
      of: #""latitude": "51.047599", "#, with: ""
    ).replacingOccurrences(of: "LOC1", with: "LOC2")
    let result = importText("[\(Self.specLocation),\(broken)]")
    expectCountsAddUp(result)
    #expect(result.stations.count == 1)
    #expect(result.errors.first?.field == "coordinates.latitude")
  }

  @Test("REMOVED EVSEs are left out with notes, and a location with only removed EVSEs is skipped")
  func removed() throws {
    let oneRemoved = Self.specLocation.replacingOccurrences(of: #""RESERVED""#, with: #""REMOVED""#)
    let kept = importText(oneRemoved)
    #expect(kept.stations.first?.evses.count == 1)
    #expect(kept.diagnostics.map(\.severity) == [.note])
    let allRemoved = oneRemoved.replacingOccurrences(of: #""AVAILABLE""#, with: #""REMOVED""#)
    let skipped = importText(allRemoved)
    expectCountsAddUp(skipped)
    #expect(skipped.stations.isEmpty)
    #expect(skipped.counts.recordsSkipped == 1)
  }

  @Test(
    "A connector without power type keeps DC plugs by their standard and drops others with a warning"
  )
  func missingPowerType() throws {
    let text = Self.specLocation.replacingOccurrences(
      of: #""standard": "IEC_62196_T2", "format": "CABLE", "power_type": "AC_3_PHASE","#,
      with: #""standard": "IEC_62196_T2_COMBO", "format": "CABLE","#
    ).replacingOccurrences(
      of:
        #""id": "1", "standard": "IEC_62196_T2", "format": "SOCKET", "power_type": "AC_3_PHASE","#,
      with: #""id": "1", "standard": "IEC_62196_T2", "format": "SOCKET","#)
    let result = importText(text)
    let station = try #require(result.stations.first)
    #expect(station.evses[0].connectors.map(\.powerType) == [.dc, .ac3Phase])
    #expect(station.evses[1].connectors.isEmpty)
    #expect(result.diagnostics.filter { $0.severity == .warning }.count == 3)
  }
}

extension OCPILocationsImporterTests {
  struct Drop: CustomTestStringConvertible, Sendable {
    var name: String
    var replace: String
    var with: String
    var field: String
    var reason: String
    var testDescription: String { name }
  }

  @Test(
    "Every part of a location left out is named in a diagnostic",
    arguments: [
      Drop(
        name: "a regular period that is not an object",
        replace:
          #""regular_hours": [{ "weekday": 5, "period_begin": "22:00", "period_end": "02:00" }]"#,
        with:
          #""regular_hours": [{ "weekday": 5, "period_begin": "22:00", "period_end": "02:00" }, "Mo-Fr 08-18"]"#,
        field: "opening_times.regular_hours[1]", reason: "is not an object; period left out"),
      Drop(
        name: "regular hours that are not a list",
        replace:
          #""regular_hours": [{ "weekday": 5, "period_begin": "22:00", "period_end": "02:00" }]"#,
        with: #""regular_hours": "Mo-Fr 08-18""#, field: "opening_times.regular_hours",
        reason: "is not a list; regular hours ignored"),
      Drop(
        name: "exceptional closings that are not a list",
        replace:
          #""exceptional_closings": [{ "period_begin": "2018-12-25T03:00:00Z", "period_end": "2018-12-25T05:00:00Z" }]"#,
        with: #""exceptional_closings": {}"#, field: "opening_times.exceptional_closings",
        reason: "is not a list; periods ignored"),
      Drop(
        name: "opening times that are not an object",
        replace: #""opening_times": { "twentyfourseven": false,"#,
        with: #""opening_times": "24/7", "unused": {"#, field: "opening_times",
        reason: "is not an object; opening hours left unknown"),
      Drop(
        name: "connectors that are not a list",
        replace: #""connectors": [{"#, with: #""connectors": "Type 2", "unused": [{"#,
        field: "evses[0].connectors", reason: "is not a list; connectors left out"),
    ])
  func namedDrops(_ drop: Drop) throws {
    let text = Self.specLocation.replacingOccurrences(of: drop.replace, with: drop.with)
    #expect(text != Self.specLocation)
    let result = importText(text)
    #expect(result.stations.count == 1)
    let found = result.diagnostics.first { $0.field == drop.field }
    #expect(found?.reason == drop.reason, "\(result.diagnostics)")
  }
}

@Suite("Station file format detection")
struct StationFileFormatDetectionTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var format: StationFileFormat
    var testDescription: String { name }
  }

  @Test(
    "The layout is detected from the content, not the file name",
    arguments: [
      Case(
        name: "register JSON Lines", text: #"{"id":"a","lat":1,"lon":2}"# + "\n{}",
        format: .registerJSONLines),
      Case(
        name: "JSON Lines with a BOM", text: "\u{FEFF}{\"id\":\"a\"}\n", format: .registerJSONLines),
      Case(name: "CSV header", text: "id,operator,status,lat,lon\n", format: .fastChargerCSV),
      Case(name: "OCPI array", text: "  [ {\"id\": \"x\"} ]", format: .ocpiLocations),
      Case(
        name: "OCPI envelope on one line", text: #"{"data": [], "status_code": 1000}"#,
        format: .ocpiLocations),
      Case(
        name: "pretty-printed OCPI object", text: "{\n  \"id\": \"LOC1\",\n  \"evses\": []\n}",
        format: .ocpiLocations),
      Case(
        name: "flattened locations", text: #"{"description": "x", "locations": []}"#,
        format: .ocpiLocations),
    ])
  func detect(_ c: Case) {
    #expect(StationFileImporter.detectFormat(of: Data(c.text.utf8)) == c.format)
  }

  @Test("The bundled files are detected as their layouts")
  func bundled() throws {
    #expect(
      StationFileImporter.detectFormat(of: try BundledData.data(.stationsKassel2022))
        == .registerJSONLines)
    #expect(
      StationFileImporter.detectFormat(of: try BundledData.data(.fastChargersKassel2026))
        == .fastChargerCSV)
  }

  @Test("A missing file throws an error naming the path")
  func missingFile() {
    let error = #expect(throws: StationFileError.self) {
      try StationFileImporter.importFile(at: URL(fileURLWithPath: "/nonexistent/stations.csv"))
    }
    #expect(error?.description.contains("/nonexistent/stations.csv") == true)
  }
}
