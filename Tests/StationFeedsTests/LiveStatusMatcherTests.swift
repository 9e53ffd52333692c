import Charging
import Foundation
import Geo
import Testing
import WaysideData

@testable import StationFeeds

private func station(_ id: String, _ operatorName: String, _ lat: Double, _ lon: Double, evseID: String? = nil) -> Station {
  Station(
    id: Station.ID(id), operatorName: operatorName, address: Address(country: "DE"),
    coordinate: Coordinate(latitude: lat, longitude: lon),
    evses: [EVSE(uid: "1", evseID: evseID, connectors: [])],
    source: DataSource(name: "test", date: "", licence: "", attribution: ""))
}

@Suite("Matching live locations to the register")
struct LiveStatusMatcherTests {
  @Test func theEnBWRealtimeSitesMatchTwoOfThreeFastChargersAndFreibergOnlyByItsStationPosition()
    throws
  {
    let register = FastChargerCSVImporter.importStations(
      from: try BundledData.data(.fastChargers2026), fileName: "fast.csv"
    ).stations
    let paired = DATEX2Parser.pair(
      LiveFeedParser.parse(try BundledData.data(.liveEnBWStatus), fileName: "status.json"),
      with: LiveFeedParser.parse(try BundledData.data(.liveEnBWTable), fileName: "table.json"))
    let report = LiveStatusMatcher(register: register).match(paired.locations)
    #expect((report.matched, report.ambiguous, report.unmatched) == (2, 0, 1))
    let outcomes = Dictionary(uniqueKeysWithValues: report.outcomes.map { ($0.locationID, $0.outcome) })
    #expect(outcomes["800030182"]?.stationID == "bnetza2026fast-5a3e508d5135203c")  // Wangen
    #expect(outcomes["800001512"]?.stationID == "bnetza2026fast-008cf44096ef6533")  // Freiberg
    if case .unmatched? = outcomes["800007007"] {} else {
      Issue.record("Schwedt's nearest EnBW entry is 216 m away and must stay unmatched")
    }
    #expect(report.stationByEVSE["DE*EBW*E914081*1"] == "bnetza2026fast-5a3e508d5135203c")
  }

  @Test func freibergsDisplayCoordinatesAloneFindNoEnBWStation() throws {
    let register = FastChargerCSVImporter.importStations(
      from: try BundledData.data(.fastChargers2026), fileName: "fast.csv"
    ).stations
    let displayOnly = LiveLocation(
      id: "800001512", operatorName: "ENBW",
      coordinates: [Coordinate(latitude: 50.9161, longitude: 13.3468)],
      evses: [LiveEVSE(evseID: "DE*EBW*E910941*1")])
    if case .unmatched = LiveStatusMatcher(register: register).match(displayOnly) {} else {
      Issue.record("the display position is 1.9 km off and near another operator's charger")
    }
  }

  @Test func twoPlacesOfTheSameOperatorAtSimilarDistancesAreAmbiguousNotGuessed() {
    let matcher = LiveStatusMatcher(register: [
      station("a", "SWLB Mobilität GmbH", 48.89233, 9.18329 + 0.0003),  // ~22 m east
      station("b", "SWLB Mobilität GmbH", 48.89233, 9.18329 - 0.0003),  // ~22 m west
      station("c", "Other GmbH", 48.89233, 9.18329),
    ])
    let location = LiveLocation(
      id: "L", operatorName: "SWLB Mobilität GmbH",
      coordinates: [Coordinate(latitude: 48.89233, longitude: 9.18329)])
    #expect(matcher.match(location) == .ambiguous(["a", "b"]))
  }

  @Test func anEVSEIDInTheRegisterWinsOverPosition() {
    let matcher = LiveStatusMatcher(register: [
      station("far", "X", 50, 10, evseID: "DE*ABC*E1"),
      station("near", "X", 48, 9),
    ])
    let location = LiveLocation(
      id: "L", operatorName: "X", coordinates: [Coordinate(latitude: 48, longitude: 9)],
      evses: [LiveEVSE(evseID: "DEABCE1")])
    #expect(matcher.match(location) == .byEVSEID("far"))
  }

  @Test func aStatusWithoutPositionIsUnmatchedWithItsReason() {
    let matcher = LiveStatusMatcher(register: [station("a", "X", 48, 9)])
    let outcome = matcher.match(LiveLocation(id: "L", evses: [LiveEVSE(evseID: "E")]))
    #expect(outcome.stationID == nil)
    #expect(matcher.match([LiveLocation(id: "L")]).description == "1 locations: 0 matched, 0 ambiguous, 1 unmatched")
  }
}
