// libFuzzer target: the live-status parser for chargecloud POI answers (Sources/Domain/StationFeeds/LiveStatus),
// and the format-detecting LiveFeedParser on the same bytes; every kept charge point must have an
// id, every raw status must map onto the model, and the counts must add up.
import Charging
import Foundation
import StationFeeds

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLiveParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  for feed in [OCPIStatusParser.parsePOI(bytes, fileName: "fuzz"), LiveFeedParser.parse(bytes, fileName: "fuzz")] {
    let evses = feed.evses
    precondition(evses.allSatisfy { !$0.evseID.isEmpty }, "a charge point without id")
    precondition(feed.rawStatusCounts.values.reduce(0, +) == evses.count, "status counts")
    precondition(feed.diagnostics.allSatisfy { $0.file == "fuzz" }, "diagnostic names the file")
    for location in feed.locations {
      for c in location.coordinates {
        precondition(abs(c.latitude) <= 90 && abs(c.longitude) <= 180, "position out of range")
      }
    }
    _ = SiteAvailability(feed.observations(fetchedAt: Date(timeIntervalSince1970: 0)), now: Date(timeIntervalSince1970: 0))
  }
  return 0
}
