import Charging
import Foundation

/// A compact binary snapshot of a station set: every station as a ``StationCodec`` record in
/// one file, under a key that says what it was made from.
///
/// The snapshot is what a cold `wayside stations` query reads instead of importing and merging
/// the bundled files (about 0.4 s) or opening the SQLite store: one sequential read and a decode,
/// no SQL, no user-data checks (see `Guides/StationStore.md`, "Snapshots"). It is a cache: any
/// problem reading it — missing, another key, damaged, an older format — reads as "no snapshot",
/// and the caller rebuilds it from the source.
///
/// Layout: the 8 bytes `WSNAP001`, the key's length (UInt32, little-endian) and UTF-8 bytes, the
/// station count (UInt32), then per station its record length (UInt32) and record.
public enum StationSnapshot {
  static let magic = Array("WSNAP001".utf8)

  /// The stations of the snapshot at `url` when it was written under `key`; nil when the file
  /// is missing, was written under another key, or cannot be decoded.
  public static func read(_ url: URL, key: String) -> [Station]? {
    guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
    return data.withUnsafeBytes { raw -> [Station]? in
      var offset = 0
      func take(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, raw.count - offset >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + count])
      }
      func uint32() -> Int? {
        guard let bytes = take(4) else { return nil }
        return Int(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
      }
      guard let head = take(magic.count), head.elementsEqual(magic),
        let keyLength = uint32(), let keyBytes = take(keyLength),
        keyBytes.elementsEqual(key.utf8), let count = uint32(),
        count <= (raw.count - offset) / 5
      else { return nil }
      var stations: [Station] = []
      stations.reserveCapacity(count)
      let cache = StationCodec.DecodingCache()
      for _ in 0..<count {
        guard let length = uint32(), let record = take(length),
          let station = try? StationCodec.decode(record, cache: cache)
        else { return nil }
        stations.append(station)
      }
      return offset == raw.count ? stations : nil
    }
  }

  /// Writes `stations` under `key` to `url` atomically (a temporary file renamed over it), creating
  /// the folder when needed.
  public static func write(_ stations: [Station], key: String, to url: URL) throws {
    var bytes = magic
    func append(_ value: Int) {
      withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
    }
    let keyBytes = Array(key.utf8)
    append(keyBytes.count)
    bytes.append(contentsOf: keyBytes)
    append(stations.count)
    for station in stations {
      let record = StationCodec.encode(station)
      append(record.count)
      bytes.append(contentsOf: record)
    }
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url, options: .atomic)
  }
}
