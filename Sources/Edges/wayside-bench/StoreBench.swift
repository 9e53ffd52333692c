import Charging
import Foundation
import StationFeeds
import StationIndex
import StationStore

/// The station store on the merged bundled set (`StationCatalog.loadBundled()`, 35k stations):
/// first run (import + merge + write), start-up from an existing store, and resident memory,
/// each beside a baseline measured in the same run.
///
/// Baselines: start-up is compared with re-importing the bundled files (what every start would
/// cost without a store); the binary row codec with JSON rows (`JSONEncoder`/`JSONDecoder`) of
/// the same stations.
enum StoreBench {
  /// Runs the section.
  static func run(_ bench: Bench) {
    bench.section("StationStore (merged bundled set)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-store-bench-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try measure(bench, folder: folder)
    } catch {
      print("store: failed: \(error)")
      bench.target("store: first run (import + merge + write)", under: 3000, nil)
      bench.target("store: start-up → [Station]", under: 150, nil)
      bench.target("store: start-up → ready index", under: 150, nil)
    }
  }

  private static func measure(_ bench: Bench, folder: URL) throws {
    // First run: an empty folder, the bundled import and merge, the write.
    var importPart: [Sample] = []
    var firstRun: [Sample] = []
    var stations: [Station] = []
    for _ in 0..<bench.runs(3) {
      try? FileManager.default.removeItem(at: folder)
      var loaded = Sample(wall: 0, cpu: 0)
      let (total, startup) = try Bench.measure {
        let store = try StationStore(directory: folder)
        return try store.loadStations {
          let (sample, result) = try Bench.measure { try StationCatalog.loadBundled().stations }
          loaded = sample
          return result
        }
      }
      guard startup.imported else { throw BenchError("the first run did not import") }
      stations = startup.stations
      importPart.append(loaded)
      firstRun.append(total)
    }
    let first = median(firstRun)
    let imports = median(importPart)
    let write = Sample(wall: first.wall - imports.wall, cpu: first.cpu - imports.cpu)
    let evses = stations.reduce(0) { $0 + $1.evses.count }
    print("store: merged set: \(stations.count) stations, \(evses) EVSEs")
    print(
      "store: first run (create store, loadBundled, write): \(first.text())  [target < 3000 ms]")
    print("store:   of which StationCatalog.loadBundled() (2 threads): \(imports.text())")
    print("store:   of which writing to SQLite: \(write.text())")
    bench.target("store: first run (loadBundled + write)", under: 3000, first)

    // Write baseline: the same rows with JSON bodies instead of the binary codec.
    let encoder = JSONEncoder()
    let (jsonEncode, jsonRows) = Bench.measure { stations.compactMap { try? encoder.encode($0) } }
    let (binaryEncode, binaryRows) = Bench.measure { stations.map(StationCodec.encode) }
    print(
      "store: encode all rows: StationCodec \(binaryEncode.text()) | baseline JSONEncoder \(jsonEncode.text()); the codec is \(binaryEncode.speedup(over: jsonEncode)) faster"
    )

    // Start-up from the existing store: to [Station], and on to a ready index.
    var count = 0
    let startup = try Bench.median(runs: bench.runs(7, quick: 2)) {
      let store = try StationStore(directory: folder)
      count = try store.loadStations(orImport: { throw BenchError("the store was empty") })
        .stations.count
    }
    var indexed = 0
    let startupIndex = try Bench.median(runs: bench.runs(7, quick: 2)) {
      let store = try StationStore(directory: folder)
      let loaded = try store.loadStations(orImport: { throw BenchError("the store was empty") })
      indexed = StationIndex(loaded.stations).count
    }
    let reimport = Bench.median(runs: bench.runs(3)) {
      _ = try? StationCatalog.loadBundled()
    }
    print(
      "store: start-up: open store → [Station] (\(count) stations): \(startup.text())  [target < 150 ms] | baseline re-import of the bundled files \(reimport.text()), \(startup.speedup(over: reimport)) faster"
    )
    let indexBuild = Sample(
      wall: startupIndex.wall - startup.wall, cpu: startupIndex.cpu - startup.cpu)
    print(
      "store: start-up: open store → [Station] → StationIndex (\(indexed) indexed): \(startupIndex.text())  [target < 150 ms]; of which the index build \(indexBuild.text())"
    )
    // The same start-up through the store's snapshot (what `wayside stations --store` does):
    // written once here, then read back with no SQL and no index build.
    let snapshotURL = folder.appendingPathComponent("bench-store.snapshot")
    let seeded = try StationStore.index(
      directory: folder, snapshot: snapshotURL, bundledFingerprint: "bench", orImport: { stations })
    var viaSnapshot = false
    let startupSnapshot = try Bench.median(runs: bench.runs(15, quick: 3)) {
      let ready = try StationStore.index(
        directory: folder, snapshot: snapshotURL, bundledFingerprint: "bench",
        orImport: { throw BenchError("the store was empty") })
      viaSnapshot = ready.fromSnapshot
      IndexBench.sink &+= ready.index.count
    }
    print(
      "store: start-up: open store → ready index through its snapshot (\(seeded.index.count) indexed, "
        + "read from the snapshot: \(viaSnapshot ? "yes" : "no")): \(startupSnapshot.text())  "
        + "[target < 150 ms] | decoding the store and building the index \(startupIndex.text()) "
        + "(\(startupSnapshot.speedup(over: startupIndex)))")
    bench.target("store: start-up → [Station]", under: 150, startup)
    bench.target("store: start-up → ready index (decode + build)", under: 150, startupIndex)
    bench.target("store: start-up → ready index (snapshot)", under: 150, startupSnapshot)

    let decoder = JSONDecoder()
    let jsonDecode = Bench.median(runs: bench.runs(3)) {
      for row in jsonRows { _ = try? decoder.decode(Station.self, from: row) }
    }
    let binaryDecode = Bench.median(runs: bench.runs(7, quick: 2)) {
      let cache = StationCodec.DecodingCache()
      for row in binaryRows {
        _ = row.withUnsafeBytes { try? StationCodec.decode($0, cache: cache) }
      }
    }
    print(
      "store: decode all rows: StationCodec \(binaryDecode.text()) | baseline JSONDecoder \(jsonDecode.text()); the codec is \(binaryDecode.speedup(over: jsonDecode)) faster"
    )
    let bytes = binaryRows.reduce(0) { $0 + $1.count }
    let jsonBytes = jsonRows.reduce(0) { $0 + $1.count }
    let fileSize =
      (try? FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(
          "stations.sqlite"
        ).path)[.size]) as? Int ?? 0
    print(
      "store: row bodies \(bytes / 1024) KiB binary vs \(jsonBytes / 1024) KiB JSON; stations.sqlite \(fileSize / 1024) KiB"
    )

    // Memory in a fresh process, so nothing this run allocated before is counted.
    if let probe = MemoryProbe.run(folder: folder) {
      print(
        "store: memory for the whole set in a fresh process (open store → [Station] → index): resident +\(mib(probe.residentDelta)) (\(probe.stations) stations)  [target < 60 MB]"
      )
      bench.target(
        "store: resident memory for the whole set", target: "< 60 MB",
        measured: "\(mib(probe.residentDelta)) resident",
        met: probe.residentDelta < 60 * 1_000_000)
    } else {
      print("store: memory probe failed")
      bench.target(
        "store: resident memory for the whole set", target: "< 60 MB", measured: "—", met: nil)
    }
  }

  private static func median(_ samples: [Sample]) -> Sample {
    let wall = samples.map(\.wall).sorted()
    let cpu = samples.map(\.cpu).sorted()
    return Sample(wall: wall[wall.count / 2], cpu: cpu[cpu.count / 2])
  }

  private static func mib(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
}

/// `wayside-bench memory-probe DIR`: opens the store in DIR, loads every station, builds the
/// index and prints
/// `resident_delta stations` (resident bytes added by the set, and its size); run in a child process by ``StoreBench``.
enum MemoryProbe {
  /// The probe's result.
  struct Result {
    var residentDelta: Int
    var stations: Int
  }

  /// The child side: measures and prints; returns the exit status.
  static func main(_ arguments: [String]) -> Int32 {
    guard let path = arguments.first else {
      FileHandle.standardError.write(Data("usage: wayside-bench memory-probe STORE_DIR\n".utf8))
      return 2
    }
    // Load Foundation's and SQLite's own state first so only the station set is counted.
    _ = try? StationStore(directory: URL(fileURLWithPath: path)).stationCount()
    let rss0 = Bench.residentBytes() ?? 0
    do {
      let store = try StationStore(directory: URL(fileURLWithPath: path))
      let stations = try store.loadStations(orImport: { [] }).stations
      let index = StationIndex(stations)
      let rss1 = Bench.residentBytes() ?? 0
      print("\(rss1 - rss0) \(index.count)")
      withExtendedLifetime((stations, index)) {}
      return 0
    } catch {
      FileHandle.standardError.write(Data("memory-probe: \(error)\n".utf8))
      return 1
    }
  }

  /// The parent side: runs this executable as `memory-probe` and parses its answer.
  static func run(folder: URL) -> Result? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if let path = Bundle.main.executablePath { process.executableURL = URL(fileURLWithPath: path) }
    process.arguments = ["memory-probe", folder.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard process.terminationStatus == 0, fields.count == 2, let rss = Int(fields[0]),
      let count = Int(fields[1])
    else { return nil }
    return Result(residentDelta: rss, stations: count)
  }
}

/// A benchmark precondition that did not hold.
struct BenchError: Error, CustomStringConvertible {
  /// What went wrong.
  var description: String
  /// Creates an error.
  init(_ description: String) { self.description = description }
}
