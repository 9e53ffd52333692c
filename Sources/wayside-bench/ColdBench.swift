import Foundation
import Geo
import StationFeeds
import StationIndex
import StationStore
import WaysideData

#if canImport(Glibc)
  import Glibc
#endif

/// What a user waits for: a cold `wayside stations near` (snapshot → index, in process and as a
/// whole process when the `wayside` binary sits beside this one) and the basemap parse that
/// dominated the simulator's start-up.
enum ColdBench {
  static func run(_ bench: Bench) throws {
    bench.section("Cold start (what users wait for)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-cold-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

    // In process: the snapshot against re-importing the bundled files.
    let merged = try StationCatalog.loadBundled().stations
    let snapshot = folder.appendingPathComponent("bundled.snapshot")
    try StationSnapshot.write(merged, key: "bench", to: snapshot)
    let fromSnapshot = Bench.median(runs: bench.runs(7, quick: 2)) {
      let stations = StationSnapshot.read(snapshot, key: "bench") ?? []
      IndexBench.sink &+= StationIndex(stations).count
    }
    let reimport = Bench.median(runs: bench.runs(3, quick: 1)) {
      let stations = (try? StationCatalog.loadBundled().stations) ?? []
      IndexBench.sink &+= StationIndex(stations).count
    }
    let fingerprint = Bench.medianPerCall(runs: bench.runs(5, quick: 2), inner: 100) {
      IndexBench.sink &+= (try? BundledData.quickFingerprint())?.count ?? 0
    }
    print(
      "snapshot → ready index        \(fromSnapshot.text()) (wall \(IndexBench.fixed(fromSnapshot.wall, 1)) ms); "
        + "re-import + merge → index \(reimport.text()) (\(fromSnapshot.speedup(over: reimport))); "
        + "quick fingerprint \(IndexBench.fixed(fingerprint.cpu * 1000, 1)) µs")
    bench.target("cold: snapshot → ready index", under: 60, fromSnapshot)

    // Whole process, when the CLI was built beside the bench.
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("wayside")
    if FileManager.default.isExecutableFile(atPath: binary.path) {
      let cache = folder.appendingPathComponent("cache")
      let data = folder.appendingPathComponent("data")
      let arguments = ["stations", "near", "51.31", "9.48", "--json"]
      _ = runProcess(binary, arguments, cache: cache, data: data)  // builds the snapshot
      let runs = bench.runs(15, quick: 5)
      let warm = (0..<runs).map { _ in runProcess(binary, arguments, cache: cache, data: data) }
      let cold = (0..<bench.runs(3, quick: 1)).map { _ in
        runProcess(binary, arguments, cache: URL(fileURLWithPath: "/dev/null/none"), data: data)
      }
      let warmMedian = IndexBench.median(warm)
      let coldMedian = IndexBench.median(cold)
      let peak = Double(childPeakKilobytes()) / 1024
      print(
        "`wayside stations near … --json` whole process: warm store \(IndexBench.fixed(warmMedian, 1)) ms "
          + "median of \(runs); re-importing each run \(IndexBench.fixed(coldMedian, 1)) ms "
          + "(\(IndexBench.fixed(coldMedian / warmMedian, 1))×); peak resident of any run \(IndexBench.fixed(peak, 1)) MB"
      )
      bench.target(
        "cold: `stations near --json` process", target: "≤ 60 ms, ≥ 7× re-import",
        measured: String(format: "%.1f ms (%.1f×)", warmMedian, coldMedian / warmMedian),
        met: warmMedian <= 60 && coldMedian / warmMedian >= 7)
    } else {
      print(
        "`wayside stations near` whole process: skipped (build it beside the bench: swift build "
          + "-c release --product wayside)")
    }

    // The basemap: the project's scanner against JSONSerialization on the same files.
    let files: [BundledData.File] = [
      .neighbourCountries, .states, .lakes, .rivers, .federalRoads, .motorways, .places,
    ]
    let contents = try files.map { try BundledData.data($0) }
    let megabytes = Double(contents.map(\.count).reduce(0, +)) / 1_048_576
    let scanner = try Bench.median(runs: bench.runs(7, quick: 2)) {
      for (file, data) in zip(files, contents) {
        IndexBench.sink &+= try GeoJSONReader.features(from: data, source: file.rawValue).count
      }
    }
    let foundation = try Bench.median(runs: bench.runs(3, quick: 1)) {
      for data in contents {
        let root = try JSONSerialization.jsonObject(with: data)
        IndexBench.sink &+= (root as? [String: Any])?.count ?? 0
      }
    }
    print(
      "basemap GeoJSON (\(IndexBench.fixed(megabytes, 1)) MB) → features  scanner \(scanner.text()); "
        + "JSONSerialization parse alone \(foundation.text()) (\(scanner.speedup(over: foundation)))"
    )
  }

  /// Runs the CLI once with its cache and data folders set; wall milliseconds.
  static func runProcess(_ binary: URL, _ arguments: [String], cache: URL, data: URL) -> Double {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["WAYSIDE_CACHE_DIR"] = cache.path
    environment["XDG_DATA_HOME"] = data.path
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    do { try process.run() } catch { return .nan }
    process.waitUntilExit()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }

  /// The largest resident set of any finished child process, in kilobytes.
  static func childPeakKilobytes() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    return Int(usage.ru_maxrss)
  }
}
