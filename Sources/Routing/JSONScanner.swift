#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small pull parser over UTF-8 JSON bytes, used to read the bundled GeoJSON files without
/// building a tree of boxed values (the road files hold about 200,000 coordinate pairs).
///
/// Callers walk the document with ``beginObject()``/``nextKey()`` and
/// ``beginArray()``/``nextElement()``; anything not needed is skipped with ``skipValue()``.
struct JSONScanner {
  private var bytes: [UInt8]
  private var index = 0

  /// Creates a scanner; a NUL byte is appended so number parsing always stops in bounds.
  init<Bytes: Sequence<UInt8>>(_ data: Bytes) {
    bytes = Array(data)
    bytes.append(0)
  }

  private var end: Int { bytes.count - 1 }

  private mutating func skipWhitespace() {
    while index < end {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private func failure(_ expected: String) -> JSONScannerError {
    let found = index < end ? "'\(Character(Unicode.Scalar(bytes[index])))'" : "end of input"
    return JSONScannerError(offset: index, message: "expected \(expected), found \(found)")
  }

  private mutating func expect(_ byte: UInt8, _ name: String) throws(JSONScannerError) {
    skipWhitespace()
    guard index < end, bytes[index] == byte else { throw failure(name) }
    index += 1
  }

  /// The first byte of the next value, after whitespace, or nil at the end.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return index < end ? bytes[index] : nil
  }

  /// Consumes `{`.
  mutating func beginObject() throws(JSONScannerError) { try expect(UInt8(ascii: "{"), "'{'") }

  /// Consumes `[`.
  mutating func beginArray() throws(JSONScannerError) { try expect(UInt8(ascii: "["), "'['") }

  /// The next member's key (the scanner then sits before its value), or nil after `}`.
  mutating func nextKey() throws(JSONScannerError) -> String? {
    skipWhitespace()
    guard index < end else { throw failure("'}' or a key") }
    if bytes[index] == UInt8(ascii: "}") {
      index += 1
      return nil
    }
    if bytes[index] == UInt8(ascii: ",") { index += 1 }
    let key = try readString()
    try expect(UInt8(ascii: ":"), "':'")
    return key
  }

  /// Whether another element follows (the scanner then sits before it); false after `]`.
  mutating func nextElement() throws(JSONScannerError) -> Bool {
    skipWhitespace()
    guard index < end else { throw failure("']' or a value") }
    if bytes[index] == UInt8(ascii: "]") {
      index += 1
      return false
    }
    if bytes[index] == UInt8(ascii: ",") { index += 1 }
    return true
  }

  /// Reads a string value, decoding escapes.
  mutating func readString() throws(JSONScannerError) -> String {
    try expect(UInt8(ascii: "\""), "a string")
    let start = index
    var plain = true
    while index < end, bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") {
        plain = false
        index += 1
      }
      index += 1
    }
    guard index < end else { throw failure("closing '\"'") }
    let raw = bytes[start..<index]
    index += 1
    if plain { return String(decoding: raw, as: UTF8.self) }
    return try Self.unescape(raw, at: start)
  }

  /// Reads a string or `null`.
  mutating func readOptionalString() throws(JSONScannerError) -> String? {
    if peek() == UInt8(ascii: "n") {
      try skipValue()
      return nil
    }
    return try readString()
  }

  /// Reads a number.
  mutating func readNumber() throws(JSONScannerError) -> Double {
    skipWhitespace()
    let start = index
    var parsed = 0.0
    var consumed = 0
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let pointer = UnsafeRawPointer(base + start).assumingMemoryBound(to: CChar.self)
      var stop: UnsafeMutablePointer<CChar>?
      parsed = strtod(pointer, &stop)
      if let stop { consumed = UnsafeRawPointer(stop) - UnsafeRawPointer(pointer) }
    }
    let first = index < end ? bytes[index] : 0
    let startsLikeNumber =
      first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
    guard consumed > 0, startsLikeNumber, parsed.isFinite else { throw failure("a number") }
    index += consumed
    return parsed
  }

  /// Skips one value of any kind.
  mutating func skipValue() throws(JSONScannerError) {
    guard let byte = peek() else { throw failure("a value") }
    switch byte {
    case UInt8(ascii: "{"):
      try beginObject()
      while try nextKey() != nil { try skipValue() }
    case UInt8(ascii: "["):
      try beginArray()
      while try nextElement() { try skipValue() }
    case UInt8(ascii: "\""):
      _ = try readString()
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      for word in ["true", "false", "null"] where matches(word) {
        index += word.utf8.count
        return
      }
      throw failure("true, false or null")
    default:
      _ = try readNumber()
    }
  }

  private func matches(_ word: String) -> Bool {
    var i = index
    for byte in word.utf8 {
      guard i < end, bytes[i] == byte else { return false }
      i += 1
    }
    return true
  }

  private static func unescape(_ raw: ArraySlice<UInt8>, at offset: Int) throws(JSONScannerError)
    -> String
  {
    var scalars = String.UnicodeScalarView()
    var output: [UInt8] = []
    var i = raw.startIndex
    func flush() {
      scalars.append(contentsOf: String(decoding: output, as: UTF8.self).unicodeScalars)
      output.removeAll(keepingCapacity: true)
    }
    while i < raw.endIndex {
      let byte = raw[i]
      guard byte == UInt8(ascii: "\\"), i + 1 < raw.endIndex else {
        output.append(byte)
        i += 1
        continue
      }
      let code = raw[i + 1]
      i += 2
      switch code {
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "u"):
        guard i + 4 <= raw.endIndex,
          let value = UInt32(String(decoding: raw[i..<i + 4], as: UTF8.self), radix: 16)
        else {
          throw JSONScannerError(offset: offset + i - raw.startIndex, message: "bad \\u escape")
        }
        i += 4
        flush()
        // Lone surrogates (escaped emoji halves) are replaced rather than rejected.
        scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
      default: output.append(code)
      }
    }
    flush()
    return String(scalars)
  }
}

/// The JSON text is malformed at a byte offset.
struct JSONScannerError: Error, CustomStringConvertible {
  /// The byte offset where reading failed.
  var offset: Int
  /// What was expected and what was found.
  var message: String
  var description: String { "malformed JSON at byte \(offset): \(message)" }
}
