// libFuzzer target: the Open Charge Map response parser (Sources/Domain/StationFeeds/OpenChargeMap).
import Foundation
import StationFeeds

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenChargeMap(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  guard let output = try? OpenChargeMapParser.parse(bytes, retrievedOn: "2026-01-28") else {
    return 0
  }
  precondition(output.stations.count <= output.elementCount)
  for station in output.stations {
    let c = station.coordinate
    precondition(c.latitude.isFinite && abs(c.latitude) <= 90, "latitude out of range")
    precondition(c.longitude.isFinite && abs(c.longitude) <= 180, "longitude out of range")
  }
  return 0
}
