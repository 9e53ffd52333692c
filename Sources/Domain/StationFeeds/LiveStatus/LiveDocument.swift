import Charging
import Diagnostics
import Foundation
import Geo
import JSONScanning

/// The parsed tree of one live-status document, its line index and its diagnostics log; the
/// three parsers share it.
struct LiveDocument {
  /// A parsed document, or the diagnostics of one that is not JSON.
  enum Parsed {
    case success(LiveDocument)
    case failure([ImportDiagnostic])
  }

  /// A document read by ``stream(_:fileName:expected:)``, or the diagnostics of one that is
  /// not JSON.
  enum Streamed {
    case success(LiveDocument, LiveStream)
    case failure([ImportDiagnostic])
  }

  let root: JSONValue
  let lines: LineIndex
  var log: DiagnosticLog

  /// Parses `data`; on a syntax error, returns the log with one error naming the line.
  static func parse(_ data: Data, fileName: String, expected: String) -> Parsed {
    var log = DiagnosticLog(file: fileName)
    let bytes = [UInt8](data)
    let lines = LineIndex(bytes)
    let parsed = JSONBytes.parse(bytes)
    switch parsed {
    case .success(let root): return .success(LiveDocument(root: root, lines: lines, log: log))
    case .failure(let error):
      log.emit(
        .error, line: lines.line(at: error.byteOffset ?? 0),
        "is not valid JSON (\(error.reason)); nothing read", expected: expected)
      return .failure(log.diagnostics)
    }
  }

  /// Reads `bytes` as a document whose list of locations is not built as a tree: the top
  /// level is parsed with each list of locations (`data`, `items` or `locations` holding an
  /// array, or a bare array at the top) left in place as an empty array, and ``LiveStream``
  /// then hands its elements one at a time. A page of 200,000 charge points costs one
  /// location's tree at a time instead of the whole page's, which is several times the page.
  ///
  /// The whole document's syntax is checked here (each list is skipped, not built), so a
  /// document that is not JSON fails as ``parse(_:fileName:expected:)`` fails: one error naming
  /// the line, nothing read.
  static func stream(
    _ bytes: UnsafeBufferPointer<UInt8>, fileName: String, expected: String
  ) -> Streamed {
    var log = DiagnosticLog(file: fileName)
    let lines = LineIndex(bytes)
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    var scanner = JSONScanner(bytes: bytes, start: start)
    var lists: [String: Int] = [:]
    let root: JSONValue
    do throws(JSONSyntaxError) {
      switch scanner.peek() {
      case UInt8(ascii: "["):
        lists[LiveStream.topLevel] = scanner.position
        try scanner.skipValue()
        root = .array([])
      case UInt8(ascii: "{"):
        let offset = scanner.position
        try scanner.beginObject()
        var members: [(key: String, value: JSONValue)] = []
        while let key = try scanner.nextKey() {
          // Only the first member of a name counts (``JSONObject``'s subscript reads the first).
          if LiveStream.listKeys.contains(key), scanner.peek() == UInt8(ascii: "["),
            !members.contains(where: { $0.key == key })
          {
            lists[key] = scanner.position
            try scanner.skipValue()
            members.append((key, .array([])))
          } else {
            members.append((key, try scanner.parseValue()))
          }
        }
        root = .object(JSONObject(offset: offset, members: members))
      default:
        root = try scanner.parseValue()
      }
      scanner.skipWhitespace()
      if scanner.position < bytes.count {
        throw JSONSyntaxError(offset: scanner.position, reason: "unexpected text after the JSON value")
      }
    } catch {
      log.emit(
        .error, line: lines.line(at: error.byteOffset ?? 0),
        "is not valid JSON (\(error.reason)); nothing read", expected: expected)
      return .failure(log.diagnostics)
    }
    return .success(LiveDocument(root: root, lines: lines, log: log), LiveStream(bytes: bytes, lists: lists))
  }

  /// The line of an object.
  func line(_ object: JSONObject) -> Int { lines.line(at: object.offset) }

  /// Reports an element that is not what was expected and was skipped.
  mutating func skip(
    _ object: JSONObject?, path: String, _ reason: String, expected: String, value: String? = nil
  ) {
    log.emit(
      .error, line: object.map(line), field: path, reason, expected: expected, value: value)
  }

  /// Reports a value that was dropped while its element was kept.
  mutating func warn(
    _ object: JSONObject?, path: String, _ reason: String, expected: String, value: String? = nil
  ) {
    log.emit(
      .warning, line: object.map(line), field: path, reason, expected: expected, value: value)
  }
}

/// The lists of locations of a document read by ``LiveDocument/stream(_:fileName:expected:)``,
/// each handed one element at a time from the bytes it was read from (which must outlive it).
struct LiveStream {
  /// The names whose array holds a page's locations (OCPI `data`, chargecloud `items`).
  static let listKeys: Set<String> = ["data", "items", "locations"]
  /// The name under which a bare top-level array is kept.
  static let topLevel = ""

  let bytes: UnsafeBufferPointer<UInt8>
  /// Where each list's `[` is.
  let lists: [String: Int]

  /// Whether the top-level member `key` (``topLevel`` for a bare array) is a list read here.
  func has(_ key: String) -> Bool { lists[key] != nil }

  /// Calls `body` with each element of the list `key`, in order, as a tree of its own;
  /// `body` returns false to stop. The syntax was checked when the document was read.
  func forEach(in key: String, _ body: (Int, JSONValue) -> Bool) throws(JSONSyntaxError) {
    guard let start = lists[key] else { return }
    var scanner = JSONScanner(bytes: bytes, start: start)
    try scanner.beginArray()
    var index = 0
    while try scanner.nextElement() {
      guard body(index, try scanner.parseValue()) else { return }
      index += 1
    }
  }

  /// The first element of the list `key`, when it has one.
  func first(in key: String) -> JSONValue? {
    var first: JSONValue?
    try? forEach(in: key) { _, value in
      first = value
      return false
    }
    return first
  }
}

/// Small accessors for the nested DATEX II and OCPI trees.
extension JSONValue {
  /// The member `key` of an object value.
  subscript(key: String) -> JSONValue? { objectValue?[key] }

  /// A string, or a number written as text.
  var text: String? {
    switch self {
    case .string(let s):
      let trimmed = s.trimmingWhitespace()
      return trimmed.isEmpty ? nil : trimmed
    case .number(let n) where n.isFinite: return JSONValue.number(n).diagnosticText
    default: return nil
    }
  }

  /// A finite number, or a decimal number written as a string (OCPI coordinates).
  var decimal: Double? {
    switch self {
    case .number(let n) where n.isFinite: return n
    case .string(let s): return DecimalText.double(s.trimmingWhitespace())
    default: return nil
    }
  }

  /// The elements of an array, or the value itself when a single element stands for a list.
  var elements: [JSONValue] {
    switch self {
    case .array(let items): return items
    case .null: return []
    default: return [self]
    }
  }

  /// The first `values[].value` of a DATEX II multilingual string.
  var multilingual: String? {
    if let text { return text }
    return self["values"]?.arrayValue?.first?["value"]?.text
  }
}

/// Maps each feed's status words onto the one model.
public enum LiveStatusMapping {
  /// The model status for a DATEX II v3 AFIR `RefillPointStatusEnum` value, or nil for a word
  /// the standard does not have. `occupied` (a vehicle at the charge point) counts as charging;
  /// `faulted` as out of order; `unavailable` and `outOfStock` as inoperative.
  public static func datex(_ raw: String) -> EVSEStatus? {
    switch raw.lowercased() {
    case "available": .available
    case "charging", "occupied": .charging
    case "blocked": .blocked
    case "reserved": .reserved
    case "faulted", "outoforder": .outOfOrder
    case "inoperative", "unavailable", "outofstock", "closed": .inoperative
    case "planned": .planned
    case "removed": .removed
    case "unknown", "other": .unknown
    default: nil
    }
  }

  /// The model status for an OCPI 2.2.1 EVSE `status` (also chargecloud's), or nil for a word
  /// the standard does not have.
  public static func ocpi(_ raw: String) -> EVSEStatus? {
    EVSEStatus(rawValue: raw.uppercased())
  }
}
