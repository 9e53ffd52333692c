/// The 64-bit checksum the caches built from the bundled data (station snapshot, map image)
/// carry, so a file changed or damaged after it was written is noticed before it is used.
public enum CacheChecksum {
  /// A 64-bit checksum of `bytes`: four interleaved multiply-rotate lanes over 8-byte words
  /// (about a millisecond for 20 MB in a release build), folded with the tail and length. Not
  /// cryptographic: it finds damage, not tampering.
  public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
    var a: UInt64 = 0x243F_6A88_85A3_08D3
    var b: UInt64 = 0x1319_8A2E_0370_7344
    var c: UInt64 = 0xA409_3822_299F_31D0
    var d: UInt64 = 0x082E_FA98_EC4E_6C89
    @inline(__always) func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
      let m = (h ^ w) &* prime
      return (m << 31) | (m >> 33)
    }
    let n = bytes.count
    var i = 0
    while i + 32 <= n {
      a = mix(a, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
      b = mix(b, bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
      c = mix(c, bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
      d = mix(d, bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
      i += 32
    }
    var h = mix(mix(mix(mix(UInt64(n), a), b), c), d)
    while i < n {
      h = mix(h, UInt64(bytes[i]))
      i += 1
    }
    return h ^ (h >> 29)
  }

  /// `value` as 16 hexadecimal digits, for messages.
  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
