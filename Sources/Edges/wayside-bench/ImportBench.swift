import Charging
import Foundation
import StationFeeds
import WaysideData

/// Import and merge of the bundled German station set, each figure beside a baseline measured in
/// the same run: `JSONDecoder` and `JSONSerialization` for the register, brute-force pair search
/// for the merge (full runs only: it takes about a minute).
enum ImportBench {
  /// Runs the section.
  static func run(_ bench: Bench) throws {
    bench.section("Station import and merge (full German set)")
    let data2022 = try BundledData.data(.stations2022)
    let data2026 = try BundledData.data(.fastChargers2026)

    var register = RegisterJSONLinesImporter.importStations(from: data2022, fileName: "2022")
    var fast = FastChargerCSVImporter.importStations(from: data2026, fileName: "2026")
    let scanner = Bench.median(runs: bench.runs(5)) {
      register = RegisterJSONLinesImporter.importStations(from: data2022, fileName: "2022")
    }
    let csv = Bench.median(runs: bench.runs(5)) {
      fast = FastChargerCSVImporter.importStations(from: data2026, fileName: "2026")
    }
    var decodedCount = 0
    let decoder = Bench.median(runs: bench.runs(3)) {
      decodedCount = BaselineRegisterRow.decodeAll(data2022)
    }
    var serializedCount = 0
    let serialization = Bench.median(runs: bench.runs(3)) {
      serializedCount = BaselineRegisterRow.serializeAll(data2022)
    }
    let megabytes = String(format: "%.1f MB", Double(data2022.count) / 1e6)
    print("import: register 2022 JSON Lines (\(register.stations.count) sites, \(megabytes)):")
    print("import:   hand-rolled scanner → stations \(scanner.text())")
    print(
      "import:   baseline JSONDecoder → rows (\(decodedCount)) \(decoder.text()), \(scanner.speedup(over: decoder)) faster"
    )
    print(
      "import:   baseline JSONSerialization → rows (\(serializedCount)) \(serialization.text()), \(scanner.speedup(over: serialization)) faster"
    )
    print("import: fast chargers 2026 CSV (\(fast.stations.count) sites): \(csv.text())")

    var merged: (stations: [Station], report: MergeReport)?
    let gridMerge = Bench.median(runs: bench.runs(5)) {
      merged = StationMerger.merge(register2022: register, fastChargers2026: fast)
    }
    print("import: merge, grid buckets: \(gridMerge.text())")
    if !bench.quick {
      let (bruteMerge, _) = Bench.measure {
        StationMerger.mergeWithBruteForceSearch(register2022: register, fastChargers2026: fast)
      }
      print(
        "import:   baseline O(n·m) pair search: \(bruteMerge.text()), \(gridMerge.speedup(over: bruteMerge)) faster"
      )
    }
    let total = try Bench.median(runs: bench.runs(3)) { _ = try StationCatalog.loadBundled() }
    print(
      "import: total StationCatalog.loadBundled() (read + parse on 2 threads + merge): \(total.text())"
    )
    if let merged {
      print(
        merged.report.description.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
    }
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
