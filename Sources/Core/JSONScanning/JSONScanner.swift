import Foundation

/// A parsed JSON value, as produced by ``JSONScanner/parseValue()``.
///
/// Wayside reads its JSON with this small hand-rolled scanner rather than `JSONDecoder` or
/// `JSONSerialization`: it is several times faster on the 15 MB register file and the 5 MB of
/// basemap GeoJSON (see Guides/StationData.md), it reports byte offsets for diagnostics, and it
/// lets a malformed field be reported without losing the rest of the row.
public enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number (the bare tokens `NaN`, `Infinity` and `-Infinity` included).
  case number(Double)
  /// A string, escapes decoded.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object(JSONObject)

  /// A short description of the kind of value, for diagnostics (`a string`, `null`, …).
  public var kindDescription: String {
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
  public var diagnosticText: String {
    switch self {
    case .null: "null"
    case .bool(let b): b ? "true" : "false"
    case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
    case .string(let s): s
    case .array(let a): "[\(a.count) items]"
    case .object: "{...}"
    }
  }

  /// The object, for an object value.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// The elements, for an array value.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The text of a string value; nil for any other kind.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The number, for a number value.
  public var numberValue: Double? {
    if case .number(let n) = self { return n }
    return nil
  }

  /// Whether the value is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

/// A JSON object: its members in file order and the byte offset where it starts.
public struct JSONObject: Sendable {
  /// The byte offset of the object's `{`.
  public var offset: Int
  /// The members in file order (a repeated key appears twice).
  public var members: [(key: String, value: JSONValue)]

  /// Creates an object.
  public init(offset: Int, members: [(key: String, value: JSONValue)]) {
    self.offset = offset
    self.members = members
  }

  /// The first member with this key (objects here have few keys, so a linear scan is fastest).
  public subscript(key: String) -> JSONValue? {
    for member in members where member.key == key { return member.value }
    return nil
  }
}

/// A strict RFC 8259 scanner over UTF-8 bytes — the one JSON reader of the station importers,
/// the road network and GeoJSON.
///
/// Two ways to read: ``parseValue()`` builds a ``JSONValue`` tree (the importers, whose rows are
/// small), and the pull methods ``beginObject()``/``nextKey()``, ``beginArray()``/``nextElement()``,
/// ``readString()``, ``readNumber()`` and ``skipValue()`` walk a large document without building
/// boxed values (the basemap's 200,000 coordinate pairs). One leniency is needed for real
/// exports: in a tree, the bare tokens `NaN`, `Infinity` and `-Infinity` parse as numbers (Python
/// writes them), so an importer can report "not a finite number" for that field instead of
/// rejecting the row; ``readNumber()`` accepts only finite JSON numbers.
///
/// The scanner reads memory it does not own: create it inside `withUnsafeBufferPointer`, or use
/// ``scan(_:_:)``.
public struct JSONScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The byte offset of the next byte to read.
  public private(set) var position: Int
  private var depth = 0
  /// Set by `beginObject`/`beginArray` until the first `nextKey`/`nextElement`, which then
  /// expects no comma.
  private var justOpened = false
  private static let maximumDepth = 200

  /// A scanner over `bytes`, starting at `start`.
  public init(bytes: UnsafeBufferPointer<UInt8>, start: Int = 0) {
    self.bytes = bytes
    self.position = start
  }

  /// Runs `body` with a scanner over the bytes of `data`; errors thrown by the scanner carry
  /// their line and column.
  public static func scan<Bytes: ContiguousBytes, Result>(
    _ data: Bytes, _ body: (inout JSONScanner) throws -> Result
  ) throws -> Result {
    try data.withUnsafeBytes { raw in
      let buffer = raw.bindMemory(to: UInt8.self)
      var scanner = JSONScanner(bytes: buffer)
      do {
        return try body(&scanner)
      } catch let error as JSONSyntaxError {
        throw error.located(in: buffer)
      }
    }
  }

  /// Parses one value from `range` of `bytes`, requiring only whitespace after it.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>)
    throws(JSONSyntaxError) -> JSONValue
  {
    let slice = UnsafeBufferPointer(rebasing: bytes[..<range.upperBound])
    var scanner = JSONScanner(bytes: slice, start: range.lowerBound)
    let value = try scanner.parseValue()
    scanner.skipWhitespace()
    if scanner.position < slice.count {
      throw JSONSyntaxError(
        offset: scanner.position, reason: "unexpected text after the JSON value")
    }
    return value
  }

  /// Moves past spaces, tabs and line breaks.
  public mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// Parses the next value of any kind into a tree.
  public mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    guard position < bytes.count else {
      throw JSONSyntaxError(offset: position, reason: "unexpected end of input, expected a value")
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
        offset: position, reason: "nesting deeper than \(Self.maximumDepth) levels")
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
        throw JSONSyntaxError(offset: position, reason: "expected a quoted member name")
      }
      let key = try parseString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw JSONSyntaxError(offset: position, reason: "expected ':' after member name '\(key)'")
      }
      position += 1
      let value = try parseValue()
      members.append((key, value))
      skipWhitespace()
      guard position < bytes.count else {
        throw JSONSyntaxError(offset: position, reason: "unexpected end of input inside an object")
      }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return JSONObject(offset: start, members: members)
      } else {
        throw JSONSyntaxError(offset: position, reason: "expected ',' or '}' in an object")
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
        throw JSONSyntaxError(offset: position, reason: "unexpected end of input inside an array")
      }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
      } else if bytes[position] == UInt8(ascii: "]") {
        position += 1
        return elements
      } else {
        throw JSONSyntaxError(offset: position, reason: "expected ',' or ']' in an array")
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
      throw JSONSyntaxError(offset: position, reason: "invalid literal, expected \(literal)")
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
      throw JSONSyntaxError(offset: start, reason: "invalid character, expected a JSON value")
    }
    if bytes[digitsStart] == UInt8(ascii: "0"), position - digitsStart > 1 {
      throw JSONSyntaxError(offset: start, reason: "a number must not have a leading zero")
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      let fractionStart = position
      while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
      guard position > fractionStart else {
        throw JSONSyntaxError(offset: position, reason: "expected digits after the decimal point")
      }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      let exponentStart = position
      while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
      guard position > exponentStart else {
        throw JSONSyntaxError(offset: position, reason: "expected digits in the exponent")
      }
    }
    return try Self.number(bytes, start: start, digitsStart: digitsStart, end: position)
  }

  /// Powers of ten that are exact in a Double.
  private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// The value of the validated number text `bytes[start..<end]`.
  ///
  /// Fast path (Clinger's): when the digits, without the point, form an integer below 2^53 and
  /// the decimal exponent is within ±22, one exact multiplication or division by an exact power
  /// of ten gives the correctly rounded value — the same Double the standard library parses.
  /// Everything else takes the standard library's parser.
  private static func number(
    _ bytes: UnsafeBufferPointer<UInt8>, start: Int, digitsStart: Int, end: Int
  ) throws(JSONSyntaxError) -> Double {
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var i = digitsStart
    var fast = true
    while i < end, isDigit(bytes[i]) {
      if digits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
        if mantissa != 0 { digits += 1 }
      } else {
        fast = false
      }
      i += 1
    }
    if i < end, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < end, isDigit(bytes[i]) {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 0x30)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        } else {
          fast = false
        }
        i += 1
      }
    }
    if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      var negative = false
      if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        negative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      var e = 0
      while i < end, isDigit(bytes[i]) {
        if e < 100_000 { e = e * 10 + Int(bytes[i] &- 0x30) }
        i += 1
      }
      exponent += negative ? -e : e
    }
    let negative = bytes[start] == UInt8(ascii: "-")
    if fast, mantissa < 1 << 53, exponent >= -22, exponent <= 22 {
      let m = Double(mantissa)
      let value =
        exponent < 0 ? m / exactPowersOfTen[-exponent] : m * exactPowersOfTen[exponent]
      return negative ? -value : value
    }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    guard let value = Double(text) else {
      throw JSONSyntaxError(offset: start, reason: "number '\(text)' is out of range")
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
        throw JSONSyntaxError(offset: position, reason: "control character inside a string")
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
        throw JSONSyntaxError(offset: position, reason: "control character inside a string")
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
        throw JSONSyntaxError(offset: position - 1, reason: "invalid escape sequence in a string")
      }
    }
    throw JSONSyntaxError(offset: quote, reason: "unterminated string")
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    guard position + 4 <= bytes.count else {
      throw JSONSyntaxError(offset: position, reason: "truncated \\u escape")
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw JSONSyntaxError(offset: position, reason: "invalid hex digit in \\u escape")
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }
}

// MARK: - Pull reading

extension JSONScanner {
  private func failure(_ expected: String) -> JSONSyntaxError {
    let found: String
    if position < bytes.count {
      let byte = bytes[position]
      found = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    } else {
      found = "end of input"
    }
    return JSONSyntaxError(offset: position, reason: "expected \(expected), found \(found)")
  }

  /// The first byte of the next value, after whitespace, or nil at the end.
  public mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < bytes.count ? bytes[position] : nil
  }

  /// Consumes `{`.
  public mutating func beginObject() throws(JSONSyntaxError) {
    guard peek() == UInt8(ascii: "{") else { throw failure("'{'") }
    try enter()
    position += 1
    justOpened = true
  }

  /// Consumes `[`.
  public mutating func beginArray() throws(JSONSyntaxError) {
    guard peek() == UInt8(ascii: "[") else { throw failure("'['") }
    try enter()
    position += 1
    justOpened = true
  }

  /// The next member's key (the scanner then sits before its value), or nil after `}`.
  public mutating func nextKey() throws(JSONSyntaxError) -> String? {
    let first = justOpened
    justOpened = false
    guard let byte = peek() else {
      throw failure(first ? "'}' or a member" : "',' or '}' in an object")
    }
    if byte == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return nil
    }
    if !first {
      guard byte == UInt8(ascii: ",") else { throw failure("',' or '}' in an object") }
      position += 1
    }
    guard peek() == UInt8(ascii: "\"") else { throw failure("a quoted member name") }
    let key = try parseString()
    guard peek() == UInt8(ascii: ":") else { throw failure("':' after member name '\(key)'") }
    position += 1
    return key
  }

  /// Whether another element follows (the scanner then sits before it); false after `]`.
  public mutating func nextElement() throws(JSONSyntaxError) -> Bool {
    let first = justOpened
    justOpened = false
    guard let byte = peek() else {
      throw failure(first ? "']' or a value" : "',' or ']' in an array")
    }
    if byte == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return false
    }
    if !first {
      guard byte == UInt8(ascii: ",") else { throw failure("',' or ']' in an array") }
      position += 1
    }
    return true
  }

  /// Reads a string value, decoding escapes.
  public mutating func readString() throws(JSONSyntaxError) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw failure("a string") }
    return try parseString()
  }

  /// Reads a string or `null`.
  public mutating func readOptionalString() throws(JSONSyntaxError) -> String? {
    if peek() == UInt8(ascii: "n") {
      try expectLiteral("null")
      return nil
    }
    return try readString()
  }

  /// Reads a finite JSON number.
  public mutating func readNumber() throws(JSONSyntaxError) -> Double {
    guard let byte = peek(), byte == UInt8(ascii: "-") || Self.isDigit(byte) else {
      throw failure("a number")
    }
    let start = position
    let value = try parseNumber()
    guard value.isFinite else {
      throw JSONSyntaxError(offset: start, reason: "expected a finite number")
    }
    return value
  }

  /// Reads a number or `null`; nil for `null`.
  public mutating func readOptionalNumber() throws(JSONSyntaxError) -> Double? {
    if peek() == UInt8(ascii: "n") {
      try expectLiteral("null")
      return nil
    }
    return try readNumber()
  }

  /// Skips one value of any kind (checking its syntax).
  public mutating func skipValue() throws(JSONSyntaxError) {
    guard let byte = peek() else { throw failure("a value") }
    switch byte {
    case UInt8(ascii: "{"):
      try beginObject()
      while try nextKey() != nil { try skipValue() }
    case UInt8(ascii: "["):
      try beginArray()
      while try nextElement() { try skipValue() }
    default:
      _ = try parseValue()
    }
  }
}
