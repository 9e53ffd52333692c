import Charging
import Foundation
import Testing

@testable import StationFeeds

@Suite("Open Charge Map parser")
struct OpenChargeMapParserTests {
  private func kassel() throws -> [Station] {
    try OpenChargeMapParser.parse(Data(OpenChargeMapFixtures.kassel.utf8)).stations
  }

  @Test("Each POI becomes a station with one EVSE per plug of each connection")
  func stationsAndEVSEs() throws {
    let output = try OpenChargeMapParser.parse(Data(OpenChargeMapFixtures.kassel.utf8))
    #expect(output.diagnostics == [])
    #expect(output.elementCount == 3)
    let stations = output.stations
    #expect(stations.map(\.id) == ["ocm-188001", "ocm-188002", "ocm-188003"])
    #expect(stations.map { $0.evses.count } == [4, 3, 12])
    #expect(stations.map(\.chargePointCount) == [4, 3, 12])
    #expect(stations[0].evses.map(\.uid) == ["301-1", "301-2", "302", "303"])
    #expect(stations[0].name == "Friedrichsplatz")
    #expect(
      stations[0].address
        == Address(street: "Friedrichsplatz", postcode: "34117", city: "Kassel", country: "DE"))
    #expect(stations[0].coordinate.latitude == 51.313404)
  }

  @Test("Operators come from OperatorInfo, else the reference ID, and ID 1 means unknown")
  func operators() throws {
    #expect(
      try kassel().map(\.operatorName) == [
        "Städtische Werke AG", "Unknown operator", "OCM operator 3391",
      ])
  }

  @Test("Statuses follow the §1.3 table per connection, falling back to the POI's status")
  func statuses() throws {
    let stations = try kassel()
    #expect(stations[0].evses.map(\.status) == [.available, .available, .charging, .outOfOrder])
    #expect(stations[1].evses.map(\.status) == [.blocked, .blocked, .unknown])
    #expect(Set(stations[2].evses.map(\.status)) == [.planned])
  }

  @Test("Power follows the OCPI rule with three-phase volts converted to line-to-neutral")
  func power() throws {
    let stations = try kassel()
    let kw = stations.map { $0.evses.map { $0.maxPower?.kilowatts ?? -1 } }
    #expect(kw[0] == [50, 50, 50, 43])
    #expect(kw[1][0] == 22)
    // 16 A × 230 V single-phase with no published cap.
    #expect(abs(kw[1][2] - 3.68) < 1e-9)
    #expect(stations[2].maxPower == Power(kilowatts: 250))
    let tethered = try #require(stations[0].evses.last?.connectors.first)
    #expect(tethered.powerType == .ac3Phase)
    #expect(abs((tethered.maxVoltage ?? 0) - 400 / 3.0.squareRoot()) < 1e-9)
  }

  @Test("Connector standards and formats come from the ConnectionTypeID")
  func standards() throws {
    let stations = try kassel()
    let plugs = stations.flatMap { $0.evses.compactMap(\.connectors.first) }
    #expect(plugs[0].standard == .type2Combo)
    #expect(plugs[2].standard == .chademo)
    #expect(plugs[3].standard == .type2 && plugs[3].format == .cable)
    #expect(plugs[4].standard == .type2 && plugs[4].format == .socket)
    #expect(plugs[6].standard == .unknown("OCM 27 Tesla Supercharger"))
  }

  @Test("Licence, provider and date travel with every station; unknown facts are flagged")
  func provenance() throws {
    let stations = try OpenChargeMapParser.parse(
      Data(OpenChargeMapFixtures.kassel.utf8), retrievedOn: "2026-05-01"
    ).stations
    #expect(stations[0].source.name == "Open Charge Map (Open Charge Map Contributors)")
    #expect(stations[0].source.licence.contains("CC BY 4.0"))
    #expect(stations[0].source.date == "2025-11-03")
    #expect(stations[0].source.attribution.contains("OCM-188001"))
    #expect(stations[2].source.date == "2026-05-01")
    #expect(stations[2].address.country == "ZZ")
    #expect(stations[2].qualityFlags == ["ocm_country_unknown", "ocm_restricted_access"])
  }

  @Test(
    "OCM status types map to OCPI statuses; 50 Operational is not a live status",
    arguments: [
      (0, EVSEStatus.unknown), (10, .available), (20, .charging), (30, .blocked), (50, .unknown),
      (75, .unknown), (100, .outOfOrder), (150, .planned), (200, .removed), (210, .removed),
    ])
  func statusTable(_ id: Int, _ expected: EVSEStatus) {
    #expect(OpenChargeMapParser.status(statusTypeID: id) == expected)
  }

  @Test(
    "OCM connection types map to OCPI standards",
    arguments: [
      (1, nil, ConnectorStandard.type1), (2, nil, .chademo), (25, nil, .type2), (1036, nil, .type2),
      (28, nil, .domestic("F")), (32, nil, .type1Combo), (33, nil, .type2Combo),
      (34, nil, .iec60309SingleSixteen), (35, 16.0, .iec60309ThreeSixteen),
      (35, 32.0, .iec60309ThreeThirtyTwo), (35, 63.0, .iec60309ThreeSixtyFour), (1040, nil, .gbtDC),
      (1044, nil, .chaoji), (0, nil, .unknown("OCM 0")),
    ] as [(Int, Double?, ConnectorStandard)])
  func connectionTypeTable(_ id: Int, _ amps: Double?, _ expected: ConnectorStandard) {
    #expect(
      OpenChargeMapParser.connector(connectionTypeID: id, amps: amps, title: nil).standard
        == expected)
  }

  @Test("Broken elements become diagnostics naming their path; good POIs are kept")
  func malformedElements() throws {
    let output = try OpenChargeMapParser.parse(Data(OpenChargeMapFixtures.malformedElements.utf8))
    #expect(output.stations.map(\.id) == ["ocm-1", "ocm-5"])
    #expect(output.elementCount == 6)
    let lines = output.diagnostics.map(\.description)
    #expect(
      lines == [
        "[1]: is a string \"not a POI\", expected a POI object; POI dropped",
        "[2].ID: is missing, expected the POI's numeric ID; POI dropped",
        "[3].AddressInfo.Latitude (OCM-4): is a string \"51.3x\", expected a number; field ignored",
        "[3].AddressInfo.Latitude/Longitude (OCM-4): are none, 9.4, expected WGS84 degrees within range; POI dropped",
        "[4].Connections[0] (OCM-5): is the number 7.0, expected a connection object; field ignored",
        "[4].Connections[1].PowerKW (OCM-5): is a string \"fast\", expected a number; field ignored",
        "[5].AddressInfo.Latitude/Longitude (OCM-6): are 95.0, 9.4, expected WGS84 degrees within range; POI dropped",
      ])
    #expect(output.stations[1].qualityFlags.contains("connector_power_missing"))
  }

  @Test(
    "A body that is not a JSON array is an error saying what it is",
    arguments: [
      ("truncated", OpenChargeMapFixtures.truncated, "not valid JSON"),
      (
        "error object", OpenChargeMapFixtures.keyError,
        "server message: You must specify an API key"
      ),
      ("HTML", "<html>Bad gateway</html>", "not valid JSON"),
    ])
  func notAnArray(_ name: String, _ body: String, _ expected: String) {
    do {
      _ = try OpenChargeMapParser.parse(Data(body.utf8))
      Issue.record("\(name) was accepted")
    } catch {
      guard case .malformedResponse(let reason) = error else {
        Issue.record("\(name): \(error)")
        return
      }
      #expect(reason.contains(expected), "\(name): \(reason)")
    }
  }
}
