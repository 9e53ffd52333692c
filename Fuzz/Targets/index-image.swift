// libFuzzer target: the station index image reader (Sources/Domain/StationIndex/StationIndex+Image.swift),
// then the queries over whatever it accepted.
import Charging
import Geo
import StationIndex

/// Synthetic stations, as many as the image claims (capped), so the reader's count check passes
/// and the tables themselves are what the fuzzer explores.
struct FuzzStations: StationSource {
  let count: Int

  func station(at index: Int) -> Station {
    Station(
      id: Station.ID("s\(index)"), operatorName: "op\(index % 3)", address: Address(),
      coordinate: Coordinate(latitude: 51, longitude: 9),
      evses: [], source: DataSource(name: "fuzz", date: "", licence: "", attribution: ""))
  }
  func id(at index: Int) -> Station.ID { Station.ID("s\(index)") }
  func operatorName(at index: Int) -> String { "op\(index % 3)" }
}

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIndexImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  // The station count sits after the 8-byte magic and two 32-bit fields.
  guard size >= 24 else { return 0 }
  let claimed = Int(bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
  guard claimed <= 100_000,
    let index = try? StationIndex(image: bytes, stations: FuzzStations(count: claimed))
  else { return 0 }
  precondition(index.count + index.unindexed.count == claimed)
  let here = Coordinate(latitude: 51.3, longitude: 9.5)
  for match in index.nearest(to: here, limit: 7) {
    _ = match.station.id
  }
  _ =
    index.nearest(
      to: here, limit: 3,
      filter: StationFilter(minimumPower: Power(kilowatts: 50), directCurrentOnly: true)
    ).count
  _ = index.nearest(to: here, limit: 3, filter: StationFilter(operators: ["op1"])).count
  _ = index.nearest(to: here, limit: 3, filter: StationFilter(favourites: [Station.ID("s1")])).count
  let box = BoundingBox(
    minimum: Coordinate(latitude: 50, longitude: 8),
    maximum: Coordinate(latitude: 52, longitude: 10))
  _ = index.stations(in: box).count
  let route = RouteLine(
    Polyline([Coordinate(latitude: 50, longitude: 8), Coordinate(latitude: 52, longitude: 10)]))
  _ = index.stations(along: route, withinKilometres: 5).count
  return 0
}
