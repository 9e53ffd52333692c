/// gzip bodies for the bounded client's tests, built here so no test needs a compression
/// library: a prefix of literal bytes, then `repeats` copies of one byte as DEFLATE
/// back-references (fixed Huffman codes, 258 bytes per 13 bits). A few hundred kilobytes inflate
/// to tens of megabytes: a gzip bomb. The CRC-32 and size in the trailer are right, so a client
/// that reads to the end sees a valid stream.
public enum GzipBody {
  /// `prefix` followed by `repeats` copies of `fill`, gzip-compressed.
  public static func make(prefix: [UInt8], fill: UInt8 = 0x20, repeats: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    var crc = CRC32()
    for byte in prefix { bits.literal(byte) }
    crc.update(prefix)
    var left = repeats
    if left > 0 {
      bits.literal(fill)
      crc.update(fill)
      left -= 1
    }
    // Length 258 is code 285 (8 bits, no extra bits); distance 1 is code 0 (5 bits).
    while left >= 258 {
      bits.huffman(0b1100_0101, count: 8)
      bits.huffman(0, count: 5)
      left -= 258
    }
    while left > 0 {
      bits.literal(fill)
      left -= 1
    }
    crc.update(fill, times: repeats > 0 ? repeats - 1 : 0)
    bits.huffman(0, count: 7)  // end of block (256)
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    out += bits.finish()
    let size = UInt32(truncatingIfNeeded: prefix.count + repeats)
    for value in [crc.value, size] {
      for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
    return out
  }

  private struct BitWriter {
    var bytes: [UInt8] = []
    var current: UInt32 = 0
    var filled = 0

    /// `count` bits of `value`, least significant first (header fields, extra bits).
    mutating func write(_ value: UInt32, count: Int) {
      for index in 0..<count { push((value >> index) & 1) }
    }

    /// A Huffman code, most significant bit first.
    mutating func huffman(_ code: UInt32, count: Int) {
      for index in stride(from: count - 1, through: 0, by: -1) { push((code >> index) & 1) }
    }

    /// A literal byte in the fixed code.
    mutating func literal(_ byte: UInt8) {
      if byte < 144 {
        huffman(0x30 + UInt32(byte), count: 8)
      } else {
        huffman(0x190 + UInt32(byte) - 144, count: 9)
      }
    }

    mutating func push(_ bit: UInt32) {
      current |= bit << filled
      filled += 1
      if filled == 8 {
        bytes.append(UInt8(current))
        current = 0
        filled = 0
      }
    }

    mutating func finish() -> [UInt8] {
      if filled > 0 { bytes.append(UInt8(current)) }
      return bytes
    }
  }

  private struct CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
      var value = UInt32(index)
      for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
      return value
    }
    var state: UInt32 = 0xFFFF_FFFF

    mutating func update(_ bytes: [UInt8]) {
      for byte in bytes { update(byte) }
    }

    mutating func update(_ byte: UInt8, times: Int = 1) {
      let table = Self.table
      for _ in 0..<times { state = table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8) }
    }

    var value: UInt32 { state ^ 0xFFFF_FFFF }
  }
}
