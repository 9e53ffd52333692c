/// A parsed JSON value, as produced by ``JSONScanner``.
///
/// The importers use this small hand-rolled parser rather than `JSONDecoder`: it is several times
/// faster on the 15 MB register file (see Guides/StationData.md), it reports byte offsets for
/// diagnostics, and it lets a malformed field be reported without losing the rest of the row.
enum JSONValue {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// A short description of the kind of value, for diagnostics (`a string`, `null`, …).
  var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The value as text for a diagnostic.
  var diagnosticText: String {
    switch self {
    case .null: "null"
    case .bool(let b): b ? "true" : "false"
    case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
    case .string(let s): s
    case .array(let a): "[\(a.count) items]"
    case .object: "{...}"
    }
  }

  var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The text of a string value; nil for any other kind.
  var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

/// A JSON object: its members in file order and the byte offset where it starts.
struct JSONObject {
  var offset: Int
  var members: [(key: String, value: JSONValue)]

  /// The first member with this key (objects here have few keys, so a linear scan is fastest).
  subscript(key: String) -> JSONValue? {
    for member in members where member.key == key { return member.value }
    return nil
  }
}

/// Malformed JSON: what was wrong and at which byte.
struct JSONSyntaxError: Error {
  var offset: Int
  var message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes, with two leniencies needed for real exports:
/// the bare tokens `NaN`, `Infinity` and `-Infinity` parse as numbers (Python writes them), so
/// the importer can report "not a finite number" for that field instead of rejecting the row.
struct JSONScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var position: Int
  private var depth = 0
  private static let maximumDepth = 200

  init(bytes: UnsafeBufferPointer<UInt8>, start: Int = 0) {
    self.bytes = bytes
    self.position = start
  }

  /// Parses one value from `range` of `bytes`, requiring only whitespace after it.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) throws(JSONSyntaxError)
    -> JSONValue
  {
    let slice = UnsafeBufferPointer(rebasing: bytes[..<range.upperBound])
    var scanner = JSONScanner(bytes: slice, start: range.lowerBound)
    let value = try scanner.parseValue()
    scanner.skipWhitespace()
    if scanner.position < slice.count {
      throw JSONSyntaxError(
        offset: scanner.position, message: "unexpected text after the JSON value")
    }
    return value
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard position < bytes.count else {
      throw JSONSyntaxError(offset: position, message: "unexpected end of input, expected a value")
    }
    switch bytes[position] {
    case UInt8(ascii: "{"): return .object(try parseObject())
    case UInt8(ascii: "["): return .array(try parseArray())
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "N"):
      try expectLiteral("NaN")
      return .number(.nan)
    case UInt8(ascii: "I"):
      try expectLiteral("Infinity")
      return .number(.infinity)
    default: return .number(try parseNumber())
    }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw JSONSyntaxError(
        offset: position, message: "nesting deeper than \(Self.maximumDepth) levels")
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONObject {
    try enter()
    defer { depth -= 1 }
    let start = position
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return JSONObject(offset: start, members: members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw JSONSyntaxError(offset: position, message: "expected a quoted member name")
      }
      let key = try parseString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw JSONSyntaxError(offset: position, message: "expected ':' after member name '\(key)'")
      }
      position += 1
      let value = try parseValue()
      members.append((key, value))
      skipWhitespace()
      guard position < bytes.count else {
        throw JSONSyntaxError(offset: position, message: "unexpected end of input inside an object")
      }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return JSONObject(offset: start, members: members)
      } else {
        throw JSONSyntaxError(offset: position, message: "expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
    try enter()
    defer { depth -= 1 }
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return elements
    }
    while true {
      elements.append(try parseValue())
      skipWhitespace()
      guard position < bytes.count else {
        throw JSONSyntaxError(offset: position, message: "unexpected end of input inside an array")
      }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "]") {
        position += 1
        return elements
      } else {
        throw JSONSyntaxError(offset: position, message: "expected ',' or ']' in an array")
      }
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let count = literal.utf8CodeUnitCount
    let matches = literal.withUTF8Buffer { expected -> Bool in
      guard position + count <= bytes.count else { return false }
      for i in 0..<count where bytes[position + i] != expected[i] { return false }
      return true
    }
    guard matches else {
      throw JSONSyntaxError(offset: position, message: "invalid literal, expected \(literal)")
    }
    position += count
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = position
    if bytes[position] == UInt8(ascii: "-") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "I") {
        try expectLiteral("Infinity")
        return -.infinity
      }
    }
    let digitsStart = position
    while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    guard position > digitsStart else {
      throw JSONSyntaxError(offset: start, message: "invalid character, expected a JSON value")
    }
    if bytes[digitsStart] == UInt8(ascii: "0"), position - digitsStart > 1 {
      throw JSONSyntaxError(offset: start, message: "a number must not have a leading zero")
    }
    var isInteger = true
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      let fractionStart = position
      while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
      guard position > fractionStart else {
        throw JSONSyntaxError(offset: position, message: "expected digits after the decimal point")
      }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      let exponentStart = position
      while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
      guard position > exponentStart else {
        throw JSONSyntaxError(offset: position, message: "expected digits in the exponent")
      }
    }
    // Fast path for short integers, which are most numbers in these files.
    if isInteger, position - digitsStart <= 15 {
      var value: Int64 = 0
      for i in digitsStart..<position { value = value * 10 + Int64(bytes[i] &- 0x30) }
      return bytes[start] == UInt8(ascii: "-") ? -Double(value) : Double(value)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text) else {
      throw JSONSyntaxError(offset: start, message: "number '\(text)' is out of range")
    }
    return value
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let quote = position
    position += 1
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 {
        throw JSONSyntaxError(offset: position, message: "control character inside a string")
      }
      position += 1
    }
    // Slow path: the string has escapes.
    var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return String(decoding: scalars, as: UTF8.self)
      }
      if byte < 0x20 {
        throw JSONSyntaxError(offset: position, message: "control character inside a string")
      }
      if byte != UInt8(ascii: "\\") {
        scalars.append(byte)
        position += 1
        continue
      }
      position += 1
      guard position < bytes.count else { break }
      let escape = bytes[position]
      position += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
      case UInt8(ascii: "b"): scalars.append(0x08)
      case UInt8(ascii: "f"): scalars.append(0x0C)
      case UInt8(ascii: "n"): scalars.append(0x0A)
      case UInt8(ascii: "r"): scalars.append(0x0D)
      case UInt8(ascii: "t"): scalars.append(0x09)
      case UInt8(ascii: "u"):
        var code = try parseHex4()
        if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
          bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        {
          position += 2
          let low = try parseHex4()
          if (0xDC00..<0xE000).contains(low) {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        scalars.append(contentsOf: String(scalar).utf8)
      default:
        throw JSONSyntaxError(offset: position - 1, message: "invalid escape sequence in a string")
      }
    }
    throw JSONSyntaxError(offset: quote, message: "unterminated string")
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    guard position + 4 <= bytes.count else {
      throw JSONSyntaxError(offset: position, message: "truncated \\u escape")
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw JSONSyntaxError(offset: position, message: "invalid hex digit in \\u escape")
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }
}
