import Charging
import Foundation
import Testing
import WaysideData

@testable import StationFeeds

@Suite("Fast-charger CSV importer")
struct FastChargerCSVImporterTests {
  static let header =
    "id,operator,status,lat,lon,street,postcode,city,country,charge_points,max_device_power_kw,max_connector_power_kw,source_address,source,source_date,quality_flags"
  /// Real rows of the bundled 2026 file.
  static let audi =
    #"bnetza2026fast-9296a53b52f76b25,Audi AG,In Betrieb,48.783571,11.413547,Auto-Union-Str. 1,85057,Ingolstadt,DE,4,1200,300,Auto-Union-Str. 1 85057 Ingolstadt Kreisfreie Stadt Ingolstadt,"BNetzA Ladesäulenregister via woladen.de (>=50 kW, in operation)",2026-01-28,"#
  static let oberstdorf =
    #"bnetza2026fast-b9893da2ebbba844,Energieversorgung Oberstdorf GmbH,In Betrieb,47.405554,10.276256,Prinzregenten-Platz 1,87561,Oberstdorf,DE,4,66,22,Prinzregenten-Platz 1 87561 Oberstdorf Landkreis Oberallgäu,"BNetzA Ladesäulenregister via woladen.de (>=50 kW, in operation)",2026-01-28,connector_power_below_50kw"#
  static let leipheim =
    #"bnetza2026fast-2f05204cc0ff697a,R:loaded Leipheim GmbH,In Betrieb,48.447278,10.240148,Albert-Einstein-Str. 14,89340,Leipheim,DE,9,1000,600,Albert-Einstein-Str. 14 89340 Leipheim Landkreis Günzburg,"BNetzA Ladesäulenregister via woladen.de (>=50 kW, in operation)",2026-01-28,"#

  static func file(_ rows: [String]) -> String { ([header] + rows).joined(separator: "\n") + "\n" }

  @Test("The bundled Kassel fast-charger file imports every site without errors")
  func kasselFile() throws {
    let result = FastChargerCSVImporter.importStations(
      from: try BundledData.data(.fastChargersKassel2026), fileName: "kassel.csv")
    #expect(result.counts.recordsRead == 334)
    #expect(result.stations.count == 334)
    #expect(result.errors.isEmpty)
    expectCountsAddUp(result)
  }

  @Test(
    "A real fast-charger row becomes DC EVSEs with the published plug power, the quoted source kept whole"
  )
  func realRow() throws {
    let result = importText(Self.file([Self.audi]))
    #expect(result.format == .fastChargerCSV)
    #expect(result.diagnostics.isEmpty)
    let station = try #require(result.stations.first)
    #expect(station.id == "bnetza2026fast-9296a53b52f76b25")
    #expect(station.operatorName == "Audi AG")
    #expect(station.chargePointCount == 4)
    #expect(station.evses.count == 4)
    #expect(station.maxPower == Power(kilowatts: 300))
    #expect(station.hasDirectCurrent)
    #expect(station.connectorStandards == [.unknown("DC")])
    #expect(station.qualityFlags.isEmpty)
    #expect(station.source.date == "2026-01-28")
  }

  @Test("A 22 kW plug on a 66 kW device is taken as three-phase AC and flagged as inferred")
  func belowFiftyKilowatts() throws {
    let station = try #require(importText(Self.file([Self.oberstdorf])).stations.first)
    #expect(station.hasDirectCurrent == false)
    #expect(station.maxPower == Power(kilowatts: 22))
    #expect(station.qualityFlags == ["connector_power_below_50kw", "power_type_inferred"])
  }

  @Test("An empty plug power is allowed: the site is kept without a power, with a note")
  func emptyPlugPower() throws {
    let row = Self.audi.replacingOccurrences(of: ",1200,300,", with: ",1200,,")
    let result = importText(Self.file([row]))
    let station = try #require(result.stations.first)
    #expect(station.maxPower == nil)
    #expect(station.hasDirectCurrent)
    #expect(station.qualityFlags.contains("power_type_inferred"))
    #expect(result.diagnostics.map(\.severity) == [.note])
    #expect(result.diagnostics.first?.field == "max_connector_power_kw")
  }

  @Test("Quality flags separated by semicolons become separate flags")
  func flags() throws {
    let row = Self.audi.replacingOccurrences(
      of: "2026-01-28,", with: "2026-01-28,connector_power_deconcatenated;station_id_not_unique")
    let station = try #require(importText(Self.file([row])).stations.first)
    #expect(station.qualityFlags == ["connector_power_deconcatenated", "station_id_not_unique"])
  }

  struct BrokenRow: CustomTestStringConvertible, Sendable {
    var name: String
    var row: String
    var severity: ImportDiagnostic.Severity
    var field: String?
    var reason: String
    var testDescription: String { name }
  }

  @Test(
    "A malformed row gets a diagnostic naming line, field and reason; skipped rows never vanish silently",
    arguments: [
      BrokenRow(
        name: "wrong column count", row: "bnetza2026fast-x,Audi AG,In Betrieb,48.1,11.4",
        severity: .error, field: nil, reason: "has 5 columns"),
      BrokenRow(
        name: "decimal comma in latitude",
        row: audi.replacingOccurrences(of: ",48.783571,", with: ",\"48,783571\","),
        severity: .error, field: "lat", reason: "uses a decimal comma"),
      BrokenRow(
        name: "NaN longitude", row: audi.replacingOccurrences(of: ",11.413547,", with: ",NaN,"),
        severity: .error, field: "lon", reason: "is not a finite number"),
      BrokenRow(
        name: "empty latitude", row: audi.replacingOccurrences(of: ",48.783571,", with: ",,"),
        severity: .error, field: "lat", reason: "is empty"),
      BrokenRow(
        name: "latitude out of range",
        row: audi.replacingOccurrences(of: ",48.783571,", with: ",148.783571,"),
        severity: .error, field: "lat", reason: "is out of range"),
      BrokenRow(
        name: "text after a closing quote",
        row: audi.replacingOccurrences(of: "in operation)\",", with: "in operation)\"x,"),
        severity: .error, field: nil, reason: "breaks RFC 4180 quoting"),
      BrokenRow(
        name: "garbled plug power",
        row: audi.replacingOccurrences(of: ",1200,300,", with: ",1200,3oo,"),
        severity: .warning, field: "max_connector_power_kw", reason: "is not a number"),
      BrokenRow(
        name: "concatenated plug power",
        row: audi.replacingOccurrences(of: ",1200,300,", with: ",1200,300300,"),
        severity: .warning, field: "max_connector_power_kw", reason: "outside the plausible range"),
      BrokenRow(
        name: "garbled charge points",
        row: audi.replacingOccurrences(of: ",DE,4,", with: ",DE,four,"),
        severity: .warning, field: "charge_points", reason: "is not a number"),
    ])
  func brokenRow(_ broken: BrokenRow) throws {
    let result = importText(Self.file([Self.oberstdorf, broken.row, Self.leipheim]))
    expectCountsAddUp(result)
    #expect(result.counts.recordsRead == 3)
    let diagnostic = try #require(result.diagnostics.first { $0.severity == broken.severity })
    #expect(diagnostic.line == 3)
    #expect(diagnostic.field == broken.field)
    #expect(diagnostic.reason.contains(broken.reason))
    #expect(diagnostic.expected != nil)
    if broken.severity == .error {
      #expect(result.stations.count == 2)
      #expect(result.counts.recordsSkipped == 1)
    } else {
      #expect(result.stations.count == 3)
    }
  }

  @Test(
    "A quoted field may contain commas, doubled quotes and line breaks, and line numbers stay right"
  )
  func quoting() throws {
    let tricky = Self.audi.replacingOccurrences(
      of: "Auto-Union-Str. 1,85057", with: "\"Auto-Union-Str. 1, \"\"Tor 3\"\"\nHof\",85057")
    let result = importText(Self.file([tricky, "broken,row"]))
    #expect(result.stations.first?.address.street == "Auto-Union-Str. 1, \"Tor 3\" Hof")
    #expect(result.errors.first?.line == 4)
  }

  @Test(
    "A header without a required column skips every row with one error that lists what is missing")
  func missingColumn() throws {
    let text = Self.file([Self.audi, Self.leipheim]).replacingOccurrences(
      of: ",lat,lon,", with: ",latitude,lon,")
    let result = importText(text, format: .fastChargerCSV)
    expectCountsAddUp(result)
    #expect(result.stations.isEmpty)
    #expect(result.counts.recordsSkipped == 2)
    #expect(result.errors.count == 1)
    #expect(result.errors.first?.field == "lat")
  }

  @Test("Repeated site ids, as in the source's 34 colliding hashes, are made unique")
  func duplicateIDs() {
    let result = importText(Self.file([Self.audi, Self.audi]))
    #expect(
      result.stations.map(\.id.rawValue) == [
        "bnetza2026fast-9296a53b52f76b25", "bnetza2026fast-9296a53b52f76b25~2",
      ])
  }
}
