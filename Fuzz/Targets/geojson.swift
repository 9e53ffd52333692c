// libFuzzer target: the GeoJSON reader (Sources/Core/Geo/GeoJSON.swift) used for corridor routes.
import Foundation
import Geo

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  guard let features = try? GeoJSONReader.features(from: bytes, source: "fuzz") else { return 0 }
  _ = features.count
  return 0
}
