import Charging
import Foundation
import Testing

@testable import StationFeeds

/// An OCPI or chargecloud page is read one location at a time, and a reader told which
/// locations to keep holds only those (issue 40: a page of 200,000 charge points parsed into a
/// tree took the simulator past 1.4 GiB).
@Suite("Live feed pages read one location at a time")
struct LiveFeedStreamTests {
  static func page(_ count: Int, extra: String = "") -> Data {
    let locations = (0..<count).map { i in
      """
      {"id": "L\(i)", "coordinates": {"latitude": "48.\(i)", "longitude": "9.1"},
       "evses": [{"uid": "1", "evse_id": "DE*TST*E\(i)", "status": "\(i % 2 == 0 ? "AVAILABLE" : "CHARGING")"}]}
      """
    }
    return Data("{\"status_code\": 1000, \"data\": [\(locations.joined(separator: ",\n"))]\(extra)}".utf8)
  }

  @Test("a reader's keep drops the locations it refuses as they are read, and counts their statuses")
  func keepDropsAndCounts() {
    let data = Self.page(10)
    let all = LiveFeedParser.parse(data, fileName: "page.json")
    #expect(all.locations.count == 10 && all.unkeptStatuses == 0 && all.unkeptLocations == 0)
    var asked: [String] = []
    let kept = LiveFeedParser.parse(data, fileName: "page.json") { location in
      asked.append(location.id)
      return location.id == "L3" || location.id == "L8"
    }
    #expect(asked == (0..<10).map { "L\($0)" }, "each location is offered once, in order")
    #expect(kept.locations.map(\.id) == ["L3", "L8"])
    #expect(kept.locations == all.locations.filter { $0.id == "L3" || $0.id == "L8" })
    #expect(kept.unkeptStatuses == 8 && kept.unkeptLocations == 8)
    #expect(kept.format == .ocpiLocations && kept.diagnostics.isEmpty)
  }

  @Test("the page's other members are read wherever they stand: a POI answer's locale after its data, a timestamp, a next cursor")
  func membersAfterTheList() {
    let poi = Data(
      """
      {"data": [{"id": "P1", "coordinates": {"latitude": 48.8, "longitude": 9.2},
                 "evses": [{"id": "DE*POI*E1", "uid": "x", "status": "AVAILABLE"}]}],
       "timestamp": "2026-01-02T03:04:05Z", "currentLocale": "de", "next": "cursor-2"}
      """.utf8)
    let feed = LiveFeedParser.parse(poi, fileName: "poi.json")
    #expect(feed.format == .chargecloudPOI)
    #expect(feed.locations.first?.evses.map(\.evseID) == ["DE*POI*E1"])
    #expect(feed.publishedAt == DATEX2Parser.date("2026-01-02T03:04:05Z"))
    #expect(feed.nextPage == "cursor-2")
    // A bare array, and a second "data" member (the first one counts, as in a tree).
    let bare = LiveFeedParser.parse(Data("[{\"id\": \"B\", \"evses\": []}]".utf8), fileName: "bare.json")
    #expect(bare.locations.map(\.id) == ["B"])
    let twice = LiveFeedParser.parse(
      Data("{\"data\": [{\"id\": \"first\"}], \"data\": [{\"id\": \"second\"}]}".utf8), fileName: "twice.json")
    #expect(twice.locations.map(\.id) == ["first"])
  }

  @Test("a page that stops being JSON after its first locations reads nothing and names the line")
  func brokenAfterTheFirstLocations() {
    var text = String(decoding: Self.page(3), as: UTF8.self)
    text.removeLast()  // the closing brace
    let feed = LiveFeedParser.parse(Data(text.utf8), fileName: "cut.json")
    #expect(feed.locations.isEmpty)
    #expect(feed.errors.count == 1)
    #expect(feed.errors.first.map { "\($0)".contains("is not valid JSON") } == true, "\(feed.diagnostics)")
    #expect(feed.errors.first?.line == text.count { $0 == "\n" } + 1, "the last line, where the document ends early")
  }

  @Test("a DATEX II publication filtered after the fact counts what it leaves out")
  func keepingAfterTheFact() {
    let feed = LiveFeed(
      format: .datex2Status, fileName: "d.json",
      locations: [
        LiveLocation(id: "S1", evses: [LiveEVSE(evseID: "A", status: .available, rawStatus: "available")]),
        LiveLocation(id: "S2", evses: [LiveEVSE(evseID: "B", status: .charging, rawStatus: "charging"), LiveEVSE(evseID: "C")]),
      ], diagnostics: [])
    let kept = feed.keeping { $0.id == "S1" }
    #expect(kept.locations.map(\.id) == ["S1"])
    #expect(kept.unkeptStatuses == 1 && kept.unkeptLocations == 1)
  }
}
