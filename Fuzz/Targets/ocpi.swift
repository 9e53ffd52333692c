// libFuzzer target: the station file importer for .ocpiLocations (Sources/Domain/StationFeeds), through
// StationFileImporter so encoding detection runs too; the import result's bookkeeping is
// checked on every input.
import Foundation
import StationFeeds

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImporter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  let result = StationFileImporter.importStations(
    from: bytes, fileName: "fuzz", format: .ocpiLocations)
  let counts = result.counts
  precondition(counts.recordsRead == counts.stationsImported + counts.recordsSkipped)
  precondition(counts.stationsImported == result.stations.count)
  precondition(counts.recordsSkipped == 0 || !result.errors.isEmpty)
  precondition(Set(result.stations.map(\.id)).count == result.stations.count, "duplicate ids")
  for station in result.stations {
    let c = station.coordinate
    precondition(c.latitude.isFinite && abs(c.latitude) <= 90, "latitude out of range")
    precondition(c.longitude.isFinite && abs(c.longitude) <= 180, "longitude out of range")
  }
  // Detection must never crash either.
  _ = StationFileImporter.detectFormat(of: bytes)
  return 0
}
