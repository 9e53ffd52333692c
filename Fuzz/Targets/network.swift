// libFuzzer target: the trip planner's network reader and its exact plan
// (`SuperchargerNetwork(csv:)` and `plan(from:to:)`, Sources/Domain/TripPlanner). Work that grows with
// the product of the input's parts shows as a timeout or an out-of-memory input.
import TripPlanner

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNetwork(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let network = try? SuperchargerNetwork(csv: text) else { return 0 }
  let names = network.stations.map(\.name)
  guard let first = names.first, let last = names.last else { return 0 }
  // The range comes from the input too: its last byte, 1…256 × 10 km.
  let range = Double((data.map { Int($0[size - 1]) } ?? 31) + 1) * 10
  _ = try? network.plan(from: first, to: last, rangeKilometres: range)
  return 0
}
