import Charging
import ChargingData
import Foundation
import StationFeeds
import StationIndex
import StationStore
import WaysideData

/// Where `wayside stations` queries get their stations when no `--stations FILE` is given: a
/// store, read through a snapshot in the cache folder so a cold query decodes one file instead
/// of importing the bundled data or opening SQLite.
///
/// - With `--store DIR`, or when the default store (`$XDG_DATA_HOME/wayside`) holds a station
///   file: that store's stations — the bundled set it was seeded with plus everything
///   `wayside stations import FILE --store DIR` wrote there.
/// - Otherwise: the bundled merged set.
///
/// Each snapshot is keyed by what it was made from (the bundled data's quick fingerprint, and
/// for a store its station file's size and modification time), so a new build or an import
/// rebuilds it on the next query. Snapshots live in ``cacheDirectory(environment:)``.
enum StationSets {
  /// `$WAYSIDE_CACHE_DIR`, else `$XDG_CACHE_HOME/wayside`, else `~/.cache/wayside`.
  static func cacheDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    StationSnapshot.cacheDirectory(environment: environment)
  }

  /// The indexed stations and a label for them: the given store, the default store when it
  /// exists, or the bundled set.
  static func load(store: URL?, cache: URL, defaultStore: URL, _ io: CommandIO) throws
    -> (StationIndex, String)
  {
    let fingerprint: String
    do { fingerprint = try BundledData.quickFingerprint() } catch {
      throw CommandError.failure("\(error)")
    }
    let storeDirectory =
      store
      ?? (FileManager.default.fileExists(
        atPath: defaultStore.appendingPathComponent("stations.sqlite").path)
        ? defaultStore : nil)
    guard let storeDirectory else {
      let index = try bundled(cache: cache, io)
      return (
        index,
        "bundled BNetzA register 2022-01-01 merged with the 2026 fast chargers, \(index.count + index.unindexed.count) stations"
      )
    }
    let index = try stored(storeDirectory, fingerprint: fingerprint, cache: cache, io)
    return (
      index, "store \(storeDirectory.path), \(index.count + index.unindexed.count) stations"
    )
  }

  /// The bundled merged set from its snapshot, importing and writing it when the snapshot is
  /// missing, unusable or was made from other bundled data.
  static func bundled(cache: URL, _ io: CommandIO) throws -> StationIndex {
    do {
      return try BundledStationSet.load(cache: cache) { io.err("wayside stations: \($0)") }
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError.failure("\(error)")
    }
  }

  /// A store's stations from its snapshot, opening the store (and seeding it with the bundled
  /// set on first use) when the snapshot is missing, unusable or older than the store's station
  /// file (``StationStore/StationStore/index(directory:snapshot:bundledFingerprint:orImport:)``).
  static func stored(_ directory: URL, fingerprint: String, cache: URL, _ io: CommandIO) throws
    -> StationIndex
  {
    let url = cache.appendingPathComponent(
      "store-\(pathHash(directory.standardizedFileURL.path)).snapshot")
    let startup: StationStore.IndexedStartup
    do {
      startup = try StationStore.index(
        directory: directory, snapshot: url, bundledFingerprint: fingerprint
      ) { try StationCatalog.loadBundled().stations }
    } catch {
      throw CommandError.failure("cannot read the store at \(directory.path): \(error)")
    }
    for warning in startup.warnings { io.err("warning: \(warning)") }
    return startup.index
  }

  /// What a store snapshot depends on (``StationStore/StationStore/snapshotKey(_:bundledFingerprint:)``).
  static func storeKey(_ directory: URL, fingerprint: String) -> String? {
    StationStore.snapshotKey(directory, bundledFingerprint: fingerprint)
  }

  /// 16 hex digits naming a path (FNV-1a), for one snapshot per store.
  static func pathHash(_ path: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
