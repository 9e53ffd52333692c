// libFuzzer target: the map image reader (Sources/Kit/CarRender/Map/MapImage.swift, the cached
// basemap and city map the simulator starts from), then a drawing of whatever it accepted.
import CarRender
import Foundation
import Geo

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMapImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  // The checksum off, so the fuzzer reaches the tables behind it (the seeds' key is "fuzz").
  guard
    let maps = try? MapImage.decode(bytes, key: "fuzz", path: "fuzz", verifyChecksum: false)
  else { return 0 }
  let renderer = MapSVGRenderer(basemap: maps.basemap, city: maps.city)
  let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
  for zoom in [6.0, 12, 15] {
    _ = renderer.render(MapViewport(center: kassel, zoom: zoom, width: 200, height: 120)).count
  }
  _ = maps.city.streets.count
  return 0
}
