import Charging
import Foundation
import Testing

@testable import StationFeeds

/// A DATEX II publication is read one site at a time, as OCPI and chargecloud pages are (issue
/// 40: the status publication was parsed into one tree, several times the document's size).
/// What it costs in memory is measured in a process of its own by `Tests/Load/datex_memory.py`
/// (the test suite's other tests, running beside, move this process's memory too much).
@Suite("DATEX II publications read one site at a time", .serialized)
struct DATEXStreamTests {
  /// A status publication of `sites` sites, each with two stations of two charge points, on
  /// one line.
  static func status(sites: Int) -> Data {
    var text = #"{"messageContainer":{"payload":[{"aegiEnergyInfrastructureStatusPublication":{"#
      + #""publicationTime":"2026-03-12T10:00:00Z","energyInfrastructureSiteStatus":["#
    for site in 0..<sites {
      if site > 0 { text += "," }
      text += #"{"reference":{"idG":"SITE-\#(site)","versionG":"1"},"#
        + #""lastUpdated":"2026-03-12T09:59:00Z","energyInfrastructureStationStatus":["#
      for station in 0..<2 {
        if station > 0 { text += "," }
        text += #"{"reference":{"idG":"ST-\#(site)-\#(station)"},"refillPointStatus":["#
        for point in 0..<2 {
          if point > 0 { text += "," }
          text += #"{"aegiRefillPointStatus":{"reference":{"idG":"DE*TST*E\#(site)S\#(station)P\#(point)","#
            + #""versionG":"1"},"status":{"value":"\#(point == 0 ? "available" : "charging")"},"#
            + #""lastUpdated":"2026-03-12T09:58:00Z"}}"#
        }
        text += "]}"
      }
      text += "]}"
    }
    text += #"]}}],"exchangeInformation":{"exchangeContext":{"codedExchangeProtocol":{"value":"snapshotPull"}}}}}"#
    return Data(text.utf8)
  }

  @Test("every site of a status publication is read, in order, with its statuses and times")
  func statusSitesInOrder() {
    let feed = DATEX2Parser.parse(Self.status(sites: 3), fileName: "status.json")
    #expect(feed.format == .datex2Status)
    #expect(feed.diagnostics.isEmpty, "\(feed.diagnostics)")
    #expect(feed.locations.map(\.id) == ["SITE-0", "SITE-1", "SITE-2"])
    #expect(feed.locations[1].evses.map(\.evseID) == [
      "DE*TST*E1S0P0", "DE*TST*E1S0P1", "DE*TST*E1S1P0", "DE*TST*E1S1P1",
    ])
    #expect(feed.locations[2].evses.map(\.status) == [.available, .charging, .available, .charging])
    #expect(feed.locations[0].evses.first?.observedAt == DATEX2Parser.date("2026-03-12T09:58:00Z"))
    #expect(feed.publishedAt == DATEX2Parser.date("2026-03-12T10:00:00Z"))
    // The same through the reader that detects the format.
    let detected = LiveFeedParser.parse(Self.status(sites: 3), fileName: "status.json")
    #expect(detected.locations == feed.locations)
  }

  @Test("a bad site is reported with its place in the list and the others are read")
  func badSiteReported() {
    let text = #"{"payload":{"aegiEnergyInfrastructureStatusPublication":{"energyInfrastructureSiteStatus":["#
      + #"{"reference":{"idG":"A"}}, 7, {"reference":{}}, {"reference":{"idG":"D"}}]}}}"#
    let feed = DATEX2Parser.parse(Data(text.utf8), fileName: "bad.json")
    #expect(feed.locations.map(\.id) == ["A", "D"])
    let fields = feed.errors.compactMap(\.field)
    #expect(fields == [
      "payload[0].energyInfrastructureSiteStatus[1]",
      "payload[0].energyInfrastructureSiteStatus[2].reference.idG",
    ], "\(feed.diagnostics)")
  }

  @Test("a single site given as an object, not a list, is read as the list's one site")
  func singleSiteObject() {
    let text = #"{"payload":{"aegiEnergyInfrastructureStatusPublication":{"energyInfrastructureSiteStatus":"#
      + #"{"reference":{"idG":"ONLY"},"energyInfrastructureStationStatus":{"refillPointStatus":"#
      + #"{"aegiRefillPointStatus":{"reference":{"idG":"E1"},"status":{"value":"available"}}}}}}}}"#
    let feed = DATEX2Parser.parse(Data(text.utf8), fileName: "one.json")
    #expect(feed.locations.map(\.id) == ["ONLY"])
    #expect(feed.locations.first?.evses.map(\.evseID) == ["E1"])
  }

  @Test("a publication that stops being JSON in its sites reads nothing and names the line")
  func brokenInTheSites() {
    var text = String(decoding: Self.status(sites: 2), as: UTF8.self)
    text.removeLast(40)
    let feed = DATEX2Parser.parse(Data(text.utf8), fileName: "cut.json")
    #expect(feed.locations.isEmpty)
    #expect(feed.errors.count == 1)
    #expect(feed.errors.first.map { "\($0)".contains("is not valid JSON") } == true)
  }

  @Test("the sites of every table of a table publication are read, placed and in order")
  func tableSitesInOrder() {
    func site(_ id: String, _ latitude: Double) -> String {
      #"{"idG":"\#(id)","locationReference":{"locPointLocation":{"coordinatesForDisplay":"#
        + #"{"latitude":\#(latitude),"longitude":9.1}}},"energyInfrastructureStation":[{"#
        + #""refillPoint":[{"aegiElectricChargingPoint":{"idG":"\#(id)-E1","#
        + #""connector":[{"maxPowerAtSocket":150000}]}}]}]}"#
    }
    let text = #"{"payload":{"aegiEnergyInfrastructureTablePublication":{"energyInfrastructureTable":["#
      + #"{"idG":"T1","energyInfrastructureSite":[\#(site("A", 48.1)),\#(site("B", 48.2))]},"#
      + #"{"idG":"T2","energyInfrastructureSite":[\#(site("C", 48.3))]}]}}}"#
    let feed = LiveFeedParser.parse(Data(text.utf8), fileName: "table.json")
    #expect(feed.format == .datex2Table)
    #expect(feed.diagnostics.isEmpty, "\(feed.diagnostics)")
    #expect(feed.locations.map(\.id) == ["A", "B", "C"])
    #expect(feed.locations.map { $0.coordinates.first?.latitude } == [48.1, 48.2, 48.3])
    #expect(feed.evses.map(\.maxPowerKilowatts) == [150, 150, 150])
  }
}
