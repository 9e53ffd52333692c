import Charging
import Dispatch
import Foundation
import Synchronization
import WaysideData

/// The bundled station set: the 2022 register merged with the 2026 fast-charger list.
public enum StationCatalog {
  /// Which bundled files to load.
  public enum Extent: Sendable {
    /// All of Germany (22,037 + 16,485 sites).
    case germany
    /// The sites within 50 km of Kassel (292 + 334), for quick tests and demos.
    case kassel50km
  }

  /// Imports and merges the bundled files under the standard policy.
  ///
  /// Throws ``WaysideData/BundledDataError`` only when a bundled file cannot be read; bad rows
  /// are reported in the report's import counts, never thrown.
  public static func loadBundled(_ extent: Extent = .germany, policy: MergePolicy = .standard)
    throws -> (stations: [Station], report: MergeReport)
  {
    let (imported2022, imported2026) = try importBundled(extent)
    return StationMerger.merge(
      register2022: imported2022, fastChargers2026: imported2026, policy: policy)
  }

  /// Imports both bundled files without merging them, with all their diagnostics.
  public static func importBundled(_ extent: Extent) throws -> (
    register2022: ImportResult, fastChargers2026: ImportResult
  ) {
    let files: (BundledData.File, BundledData.File) =
      switch extent {
      case .germany: (.stations2022, .fastChargers2026)
      case .kassel50km: (.stationsKassel2022, .fastChargersKassel2026)
      }
    let data2022 = try BundledData.data(files.0)
    let data2026 = try BundledData.data(files.1)
    let name2022 = URL(fileURLWithPath: files.0.rawValue).lastPathComponent
    let name2026 = URL(fileURLWithPath: files.1.rawValue).lastPathComponent
    // The two files are independent: parse them on two threads.
    let results = Mutex<[Int: ImportResult]>([:])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let result =
        index == 0
        ? RegisterJSONLinesImporter.importStations(from: data2022, fileName: name2022)
        : FastChargerCSVImporter.importStations(from: data2026, fileName: name2026)
      results.withLock { $0[index] = result }
    }
    let (register, fast) = results.withLock { ($0[0], $0[1]) }
    guard let register, let fast else {
      // concurrentPerform runs every iteration before returning, so both are present.
      return (
        RegisterJSONLinesImporter.importStations(from: data2022, fileName: name2022),
        FastChargerCSVImporter.importStations(from: data2026, fileName: name2026)
      )
    }
    return (register, fast)
  }
}
