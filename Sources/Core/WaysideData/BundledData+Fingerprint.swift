import Foundation

extension BundledData {
  /// The files the station set is built from, the default input of ``fingerprint(of:)``.
  public static let stationFiles: [File] = [.stations2022, .fastChargers2026]

  /// A short text that changes whenever the content of any of `files` changes, e.g.
  /// `v1-3f9a…` — what the station store records to notice that a new build ships new data.
  ///
  /// Hashes every byte (names, sizes and content) with a 64-bit multiply–xorshift hash over
  /// 8-byte words; not cryptographic, but any edit to the data changes it. The 20 MB of bundled
  /// station files take a few milliseconds in a release build.
  public static func fingerprint(of files: [File] = stationFiles) throws -> String {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
    func mix(_ word: UInt64) {
      hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
    }
    for file in files {
      let bytes = try data(file)
      for byte in file.rawValue.utf8 { mix(UInt64(byte)) }
      mix(UInt64(bytes.count))
      bytes.withUnsafeBytes { raw in
        let words = raw.count / 8
        for i in 0..<words {
          mix(raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
        }
        var tail: UInt64 = 0
        for i in (words * 8)..<raw.count { tail = tail << 8 | UInt64(raw[i]) }
        mix(tail)
      }
    }
    let hex = String(hash, radix: 16)
    return "v1-" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}

extension BundledData {
  /// A fingerprint that costs a few `stat` calls instead of reading the files: each file's name,
  /// size and modification time in the built bundle, e.g. `q1-3f9a…`.
  ///
  /// The build copies the resources into the bundle, so a build that ships changed data gives
  /// the copies new modification times (and usually new sizes); a same-size edit is caught by
  /// the time. What it cannot see — a file changed and its time set back — does not happen in a
  /// build. ``fingerprint(of:)`` hashes every byte when that certainty is needed (about 5 ms in
  /// release for the 20 MB of station files, which a cold query cannot afford).
  public static func quickFingerprint(of files: [File] = stationFiles) throws -> String {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
    func mix(_ word: UInt64) {
      hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
    }
    for file in files {
      let path = url(file).path
      let attributes: [FileAttributeKey: Any]
      do {
        attributes = try FileManager.default.attributesOfItem(atPath: path)
      } catch {
        throw BundledDataError(file: file.rawValue, path: path, underlying: "\(error)")
      }
      for byte in file.rawValue.utf8 { mix(UInt64(byte)) }
      mix(UInt64((attributes[.size] as? NSNumber)?.uint64Value ?? 0))
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      mix(UInt64(bitPattern: Int64((modified * 1_000_000).rounded())))
    }
    let hex = String(hash, radix: 16)
    return "q1-" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
