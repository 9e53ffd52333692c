import Charging
import Foundation
import StationFeeds
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
    if let own = environment["WAYSIDE_CACHE_DIR"], !own.isEmpty {
      return URL(fileURLWithPath: own)
    }
    if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("wayside")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/wayside")
  }

  /// The stations and a label for them: the given store, the default store when it exists, or
  /// the bundled set.
  static func load(store: URL?, cache: URL, defaultStore: URL, _ io: CommandIO) throws
    -> ([Station], String)
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
      let stations = try bundled(fingerprint: fingerprint, cache: cache, io)
      return (
        stations,
        "bundled BNetzA register 2022-01-01 merged with the 2026 fast chargers, \(stations.count) stations"
      )
    }
    let stations = try stored(storeDirectory, fingerprint: fingerprint, cache: cache, io)
    return (stations, "store \(storeDirectory.path), \(stations.count) stations")
  }

  /// The bundled merged set from its snapshot, importing and writing it when the snapshot is
  /// missing or was made from other bundled data.
  static func bundled(fingerprint: String, cache: URL, _ io: CommandIO) throws -> [Station] {
    let url = cache.appendingPathComponent("bundled-stations.snapshot")
    let key = "bundled \(fingerprint) codec \(StationCodec.formatVersion)"
    if let stations = StationSnapshot.read(url, key: key) { return stations }
    let merged: [Station]
    do { merged = try StationCatalog.loadBundled().stations } catch {
      throw CommandError.failure("\(error)")
    }
    writeSnapshot(merged, key: key, to: url, io)
    return merged
  }

  /// A store's stations from its snapshot, opening the store (and seeding it with the bundled
  /// set on first use) when the snapshot is missing or older than the store's station file.
  static func stored(_ directory: URL, fingerprint: String, cache: URL, _ io: CommandIO) throws
    -> [Station]
  {
    let url = cache.appendingPathComponent(
      "store-\(pathHash(directory.standardizedFileURL.path)).snapshot")
    if let key = storeKey(directory, fingerprint: fingerprint),
      let stations = StationSnapshot.read(url, key: key)
    {
      return stations
    }
    let stations: [Station]
    do {
      let store = try StationStore(directory: directory)
      for recovery in store.recoveries { io.err("warning: \(recovery)") }
      let startup = try store.loadStations(bundledFingerprint: fingerprint) {
        try StationCatalog.loadBundled().stations
      }
      if let recovery = startup.recovery { io.err("warning: \(recovery)") }
      stations = startup.stations
    } catch {
      throw CommandError.failure("cannot read the store at \(directory.path): \(error)")
    }
    // The store is closed now, so its files hold what was just read.
    if let key = storeKey(directory, fingerprint: fingerprint) {
      writeSnapshot(stations, key: key, to: url, io)
    }
    return stations
  }

  /// What a store snapshot depends on: the bundled data and the station file's (and its
  /// write-ahead log's) size and modification time; nil when the station file is missing.
  static func storeKey(_ directory: URL, fingerprint: String) -> String? {
    let base = directory.appendingPathComponent("stations.sqlite").path
    func stamp(_ path: String) -> String? {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
        return nil
      }
      let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
      let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      return "\(size)@\(time)"
    }
    guard let main = stamp(base) else { return nil }
    return
      "store \(directory.standardizedFileURL.path) \(main) wal \(stamp(base + "-wal") ?? "none") "
      + "bundled \(fingerprint) codec \(StationCodec.formatVersion)"
  }

  /// Writes a snapshot; a cache that cannot be written costs speed, not the answer.
  static func writeSnapshot(_ stations: [Station], key: String, to url: URL, _ io: CommandIO) {
    do { try StationSnapshot.write(stations, key: key, to: url) } catch {
      io.err(
        "wayside stations: cannot write the station cache \(url.path): \(error); set WAYSIDE_CACHE_DIR to a writable folder for faster queries"
      )
    }
  }

  /// 16 hex digits naming a path (FNV-1a), for one snapshot per store.
  static func pathHash(_ path: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
