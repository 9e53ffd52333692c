import Charging
import Foundation
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import StationFeeds
import WaysideData

/// Import and merge of the bundled German station set, each figure beside a baseline measured in
/// the same run: `JSONDecoder` and `JSONSerialization` for the register, brute-force pair search
/// for the merge.
///
/// Call from main.swift: `try runImportBench()`.
func runImportBench() throws {
  print("== Station import and merge (full German set) ==")
  let data2022 = try BundledData.data(.stations2022)
  let data2026 = try BundledData.data(.fastChargers2026)

  func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }
  func cpuMilliseconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
    try body()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
  }
  func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs { times.append(try milliseconds(body)) }
    times.sort()
    return times[times.count / 2]
  }
  func format(_ ms: Double) -> String { String(format: "%8.1f ms", ms) }

  var register = RegisterJSONLinesImporter.importStations(from: data2022, fileName: "2022")
  var fast = FastChargerCSVImporter.importStations(from: data2026, fileName: "2026")
  let scanner = median(runs: 5) {
    register = RegisterJSONLinesImporter.importStations(from: data2022, fileName: "2022")
  }
  let csv = median(runs: 5) {
    fast = FastChargerCSVImporter.importStations(from: data2026, fileName: "2026")
  }
  var decodedCount = 0
  let decoder = median(runs: 3) {
    decodedCount = BaselineRegisterRow.decodeAll(data2022)
  }
  var serializedCount = 0
  let serialization = median(runs: 3) {
    serializedCount = BaselineRegisterRow.serializeAll(data2022)
  }
  print("register 2022 JSON Lines (\(register.stations.count) sites, 15.4 MB):")
  print("  hand-rolled scanner → stations \(format(scanner))")
  print(
    "  baseline JSONDecoder → rows      \(format(decoder))  (\(decodedCount) rows; "
      + String(format: "%.1f× slower)", decoder / scanner))
  print(
    "  baseline JSONSerialization → rows \(format(serialization)) (\(serializedCount) rows; "
      + String(format: "%.1f× slower)", serialization / scanner))
  print("fast chargers 2026 CSV (\(fast.stations.count) sites): \(format(csv))")

  var merged: (stations: [Station], report: MergeReport)?
  let gridMerge = median(runs: 5) {
    merged = StationMerger.merge(register2022: register, fastChargers2026: fast)
  }
  let bruteMerge = milliseconds {
    _ = StationMerger.mergeWithBruteForceSearch(register2022: register, fastChargers2026: fast)
  }
  print("merge, grid buckets: \(format(gridMerge))")
  print(
    "  baseline O(n·m) pair search: \(format(bruteMerge))"
      + String(format: " (%.0f× slower)", bruteMerge / gridMerge))
  var totalCPU: [Double] = []
  let total = try median(runs: 3) {
    totalCPU.append(try cpuMilliseconds { _ = try StationCatalog.loadBundled() })
  }
  totalCPU.sort()
  print(
    "total StationCatalog.loadBundled() (read + parse on 2 threads + merge): wall \(format(total)),"
      + " CPU \(format(totalCPU[1]))  (target < 3000 ms wall)")
  if let merged {
    print(
      merged.report.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
  }
}

/// The register row as a `Decodable` type, for the `JSONDecoder` baseline.
private struct BaselineRegisterRow: Decodable {
  struct Group: Decodable {
    var type: String
    var current: String?
    var max_kw: Double?
    var count: Int
  }
  var id: String
  var name: String?
  var `operator`: String
  var lat: Double
  var lon: Double
  var street: String?
  var address_extra: String?
  var postcode: String?
  var city: String?
  var country: String?
  var charge_points: Int
  var connectors: [Group]
  var source_date: String?
  var quality_flags: [String]

  static func lines(_ data: Data) -> [Data] {
    data.split(separator: UInt8(ascii: "\n")).map { Data($0) }
  }

  static func decodeAll(_ data: Data) -> Int {
    let decoder = JSONDecoder()
    var count = 0
    for line in lines(data) where (try? decoder.decode(BaselineRegisterRow.self, from: line)) != nil
    {
      count += 1
    }
    return count
  }

  static func serializeAll(_ data: Data) -> Int {
    var count = 0
    for line in lines(data) {
      if (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] != nil { count += 1 }
    }
    return count
  }
}
