import Charging
import Foundation
import StationIndex

extension StationStore {
  /// A ready index over a store's stations and what happened on the way.
  public struct IndexedStartup: Sendable {
    /// The index over every stored station.
    public var index: StationIndex
    /// Whether the index was read from the store's snapshot (no SQL read, no index build).
    public var fromSnapshot: Bool
    /// Problems met and repaired, and warnings (a snapshot that was unusable or not written).
    public var warnings: [String]
  }

  /// Start-up to a ready index: the index of the snapshot `snapshot` when it was written for the
  /// store's station file as it is now (its and its write-ahead log's size and modification
  /// time, and the bundled data's `bundledFingerprint`); otherwise the store in `directory` is
  /// opened, read (seeded with `loader`'s stations as ``loadStations(bundledFingerprint:orImport:)``
  /// does), closed, indexed, and the snapshot is written for the next start.
  ///
  /// A snapshot that exists but cannot be used is reported in ``IndexedStartup/warnings`` and
  /// rebuilt; so is one that cannot be written. A store that cannot be opened or read throws.
  public static func index(
    directory: URL, snapshot: URL, bundledFingerprint: String,
    orImport loader: () throws -> [Station]
  ) throws -> IndexedStartup {
    var warnings: [String] = []
    if let key = snapshotKey(directory, bundledFingerprint: bundledFingerprint) {
      do {
        if let index = try StationSnapshot.open(snapshot, key: key) {
          return IndexedStartup(index: index, fromSnapshot: true, warnings: [])
        }
      } catch {
        warnings.append("\(error); rebuilding it")
      }
    }
    let stations: [Station]
    do {
      let store = try StationStore(directory: directory)
      warnings += store.recoveries.map { "\($0)" }
      let startup = try store.loadStations(bundledFingerprint: bundledFingerprint, orImport: loader)
      if let recovery = startup.recovery { warnings.append("\(recovery)") }
      stations = startup.stations
    }
    let index = StationIndex(stations)
    // The store is closed now (its last reference went with the `do` block above), so its files
    // hold what was just read.
    if let key = snapshotKey(directory, bundledFingerprint: bundledFingerprint) {
      do { try StationSnapshot.write(stations, index: index, key: key, to: snapshot) } catch {
        warnings.append(
          "cannot write the station snapshot \(snapshot.path): \(error); set WAYSIDE_CACHE_DIR "
            + "to a writable folder for faster start-ups")
      }
    }
    return IndexedStartup(index: index, fromSnapshot: false, warnings: warnings)
  }

  /// What a store's snapshot depends on: the bundled data and the station file's (and its
  /// write-ahead log's) size and modification time; nil when the station file is missing.
  public static func snapshotKey(_ directory: URL, bundledFingerprint: String) -> String? {
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
      + "bundled \(bundledFingerprint) codec \(StationCodec.formatVersion)"
  }
}
