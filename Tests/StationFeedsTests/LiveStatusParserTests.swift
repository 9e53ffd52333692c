import Charging
import Foundation
import Testing
import WaysideData

@testable import StationFeeds

/// Counts statuses the way the raw file writes them, for comparison with counts made outside
/// the project (jq over the raw file; see each test).
private func rawCounts(_ feed: LiveFeed) -> [String: Int] {
  var counts: [String: Int] = [:]
  for (raw, count) in feed.rawStatusCounts { counts[raw ?? "(none)"] = count }
  return counts
}

private func feed(_ file: BundledData.File) throws -> LiveFeed {
  LiveFeedParser.parse(try BundledData.data(file), fileName: file.rawValue)
}

@Suite("Live status parsers on the bundled real files")
struct LiveStatusBundledFileTests {
  // jq -r '[.. | objects | (.aegiRefillPointStatus // .aegiElectricChargingPointStatus // empty)
  //   | .status.value] | group_by(.) | map("\(.[0]) \(length)") | .[]'
  @Test func theEnBWStatusPublicationCountsElevenChargePointsAsTheRawFileSays() throws {
    let feed = try feed(.liveEnBWStatus)
    #expect(feed.format == .datex2Status)
    #expect(feed.diagnostics.isEmpty)
    #expect(feed.isDelta)
    #expect(feed.locations.count == 3)
    #expect(rawCounts(feed) == ["available": 7, "charging": 2, "occupied": 1, "faulted": 1])
    #expect(feed.statusCounts == [.available: 7, .charging: 3, .outOfOrder: 1])
    let faulted = feed.evses.first { $0.evseID == "DE*EBW*E914081*1" }
    #expect(faulted?.status == .outOfOrder)
    // lastUpdated 2026-03-12T06:51:57.079+01:00 is the observation time of every record.
    #expect(faulted?.observedAt == Date(timeIntervalSince1970: 1_773_294_717.079))
  }

  // jq '[.. | objects | .aegiElectricChargingPoint // empty] | length'  → 57, none with status
  @Test func theEnBWTablePublicationReadsFiftySevenChargePointsWithTheirAdHocPrices() throws {
    let feed = try feed(.liveEnBWTable)
    #expect(feed.format == .datex2Table)
    #expect(feed.errors.isEmpty)
    #expect(feed.locations.count == 10)
    #expect(feed.evses.count == 57)
    #expect(rawCounts(feed) == ["(none)": 57])
    #expect(feed.evses.allSatisfy { $0.adHocPrice != nil })
    let dc = feed.evses.first { $0.evseID == "DE*EBW*E914082*2" }
    #expect(dc?.maxPowerKilowatts == 150)
    #expect(dc?.adHocPrice?.perKilowattHour == 0.66386555)
    #expect(dc?.adHocPrice?.perMinuteFromMinute == 30)
    #expect(dc?.adHocPrice?.text == "0.79 €/kWh + 0.24 €/min from min 30")
    let wangen = feed.locations.first { $0.id == "800030182" }
    #expect(wangen?.operatorName == "ENBW")
    #expect(wangen?.operatorID == "EBW")
  }

  // jq -r '[.items[].evses[].status] | group_by(.) | map("\(.[0]) \(length)") | .[]'
  @Test func theLudwigsburgOCPIPageCounts273EVSEsAsTheRawFileSays() throws {
    let feed = try feed(.liveLudwigsburgOCPI)
    #expect(feed.format == .ocpiLocations)
    #expect(feed.diagnostics.isEmpty)
    #expect(feed.locations.count == 100)
    #expect(feed.evses.count == 273)
    #expect(rawCounts(feed) == ["AVAILABLE": 226, "CHARGING": 40, "INOPERATIVE": 6, "OUTOFORDER": 1])
    #expect(feed.nextPage?.hasPrefix("NWVlMjQy") == true)
    let first = feed.evses.first
    #expect(first?.evseID == "DE*SLB*E001L10000*001")
    #expect(first?.tariffIDs == ["22132ac"])
    #expect(first?.maxPowerKilowatts == 22)
  }

  // jq -r '[.data[].evses[].status] | group_by(.) | map("\(.[0]) \(length)") | .[]'
  @Test func theStuttgartPOIAnswerCounts523EVSEsAsTheRawFileSays() throws {
    let feed = try feed(.liveStuttgartPOI)
    #expect(feed.format == .chargecloudPOI)
    #expect(feed.diagnostics.isEmpty)
    #expect(feed.locations.count == 234)
    #expect(feed.evses.count == 523)
    #expect(rawCounts(feed) == ["AVAILABLE": 404, "CHARGING": 109, "OUTOFORDER": 8, "UNKNOWN": 2])
    #expect(feed.evses.first?.evseID == "DE*STR*E10001*001")
    // 2024-10-23T13:16:09+02:00, the answer's only time stamp, dates every status.
    #expect(feed.publishedAt == Date(timeIntervalSince1970: 1_729_682_169))
  }

  @Test func theStatusPublicationPairsWithItsTableByRecordIDNotByVersion() throws {
    let paired = DATEX2Parser.pair(try feed(.liveEnBWStatus), with: try feed(.liveEnBWTable))
    #expect(paired.evses.count == 11)
    #expect(paired.locations.count == 3)
    #expect(paired.locations.allSatisfy { !$0.coordinates.isEmpty })
    #expect(paired.diagnostics.isEmpty)
    // Freiberg: two of its four charge points have a status in the delta.
    let freiberg = paired.locations.first { $0.id == "800001512" }
    #expect(freiberg?.evses.count == 2)
    #expect(paired.evses.allSatisfy { $0.adHocPrice != nil })
  }
}

@Suite("Live status parsers on malformed input")
struct LiveStatusMalformedInputTests {
  @Test func aDocumentThatIsNotJSONIsOneErrorNamingTheFileAndLine() {
    let feed = LiveFeedParser.parse(Data("{\n  \"data\": [ \n".utf8), fileName: "broken.json")
    #expect(feed.locations.isEmpty)
    #expect(feed.errors.count == 1)
    #expect(feed.errors.first?.file == "broken.json")
    #expect(feed.errors.first?.line == 3)
  }

  @Test func aBadEVSEIsReportedWithItsPathAndTheGoodOnesAreKept() {
    let text = """
      {"data": [
        {"id": "L1", "coordinates": {"latitude": "48.9", "longitude": "9.2"},
         "evses": [
           {"uid": "1", "evse_id": "DE*X*E1", "status": "AVAILABLE"},
           {"uid": "2", "evse_id": "DE*X*E2", "status": "SLEEPING"},
           42,
           {"uid": "4", "status": "CHARGING"}
         ]}
      ]}
      """
    let feed = LiveFeedParser.parse(Data(text.utf8), fileName: "mixed.json")
    #expect(feed.format == .ocpiLocations)
    #expect(feed.evses.map(\.evseID) == ["DE*X*E1", "DE*X*E2", "L1/4"])
    #expect(feed.evses.map(\.status) == [.available, .unknown, .charging])
    let fields = feed.diagnostics.map { $0.field ?? "" }
    #expect(fields == ["data[0].evses[1].status", "data[0].evses[2]", "data[0].evses[3].evse_id"])
    #expect(feed.diagnostics.allSatisfy { $0.file == "mixed.json" })
    // Each EVSE's line; a value that is not an object is placed at its location's line.
    #expect(feed.diagnostics.map(\.line) == [5, 2, 7])
    #expect(feed.diagnostics[1].severity == .error)
  }

  @Test func aDATEXStatusUnderTheOtherKeyIsReadAndAMissingStatusIsAnError() {
    let text = """
      {"messageContainer": {"payload": [{"aegiEnergyInfrastructureStatusPublication": {
        "publicationTime": "2026-03-12T01:00:00+01:00",
        "energyInfrastructureSiteStatus": [{"reference": {"idG": "S1"},
          "energyInfrastructureStationStatus": [{"reference": {"idG": "T1"},
            "refillPointStatus": [
              {"aegiElectricChargingPointStatus": {"reference": {"idG": "DE*A*E1"},
                "status": {"value": "outOfOrder"}}},
              {"aegiElectricChargingPointStatus": {"reference": {"idG": "DE*A*E2"}}},
              {"somethingElse": {}}
            ]}]}]}}]}}
      """
    let feed = LiveFeedParser.parse(Data(text.utf8), fileName: "other-key.json")
    #expect(feed.format == .datex2Status)
    #expect(feed.evses.map(\.evseID) == ["DE*A*E1"])
    #expect(feed.evses.first?.status == .outOfOrder)
    // Without its own lastUpdated, a record is dated by the publication.
    #expect(feed.evses.first?.observedAt == Date(timeIntervalSince1970: 1_773_273_600))
    #expect(feed.errors.count == 2)
    #expect(feed.errors.first?.field?.hasSuffix("aegiElectricChargingPointStatus.status.value") == true)
    #expect(feed.errors.allSatisfy { $0.line == 6 || $0.line == 8 || $0.line == 9 })
  }

  @Test(arguments: ["[]", "{}", "null", "\"x\"", "{\"payload\": 3}", "{\"data\": {}}"])
  func aDocumentWithoutLocationsReadsNothingAndNeverCrashes(_ text: String) {
    let feed = LiveFeedParser.parse(Data(text.utf8), fileName: "empty.json")
    #expect(feed.evses.isEmpty)
  }
}
