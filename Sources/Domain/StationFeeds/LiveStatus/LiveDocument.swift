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
  /// A DATEX II publication (a top-level `messageContainer` or `payload`) is read the same
  /// way one level down: every list of sites (``LiveStream/siteListKeys``) under it is left in
  /// place, and ``LiveStream/forEach(in:_:_:)`` hands its sites one at a time, so a publication
  /// costs one site's tree at a time too. `topLevelLists` names the top-level lists set aside
  /// (none, to read a DATEX II document that also holds an OCPI-like list as a publication).
  ///
  /// The whole document's syntax is checked here (each list is skipped, not built), so a
  /// document that is not JSON fails as ``parse(_:fileName:expected:)`` fails: one error naming
  /// the line, nothing read.
  static func stream(
    _ bytes: UnsafeBufferPointer<UInt8>, fileName: String, expected: String,
    topLevelLists: Set<String> = LiveStream.listKeys
  ) -> Streamed {
    var log = DiagnosticLog(file: fileName)
    let lines = LineIndex(bytes)
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    var scanner = JSONScanner(bytes: bytes, start: start)
    var lists: [String: Int] = [:]
    var sites: [LiveStream.Place: Int] = [:]
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
          if topLevelLists.contains(key), scanner.peek() == UInt8(ascii: "["),
            !members.contains(where: { $0.key == key })
          {
            lists[key] = scanner.position
            try scanner.skipValue()
            members.append((key, .array([])))
          } else if LiveStream.publicationKeys.contains(key) {
            members.append((key, try Self.value(settingAsideSitesOf: &scanner, into: &sites)))
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
    return .success(
      LiveDocument(root: root, lines: lines, log: log),
      LiveStream(bytes: bytes, lists: lists, sites: sites))
  }

  /// The next value as a tree, except that each list of sites in it
  /// (``LiveStream/siteListKeys``, an array) is skipped — its syntax checked — and left as an
  /// empty array, its place noted in `sites` by the object holding it and its name.
  private static func value(
    settingAsideSitesOf scanner: inout JSONScanner, into sites: inout [LiveStream.Place: Int]
  ) throws(JSONSyntaxError) -> JSONValue {
    switch scanner.peek() {
    case UInt8(ascii: "{"):
      let offset = scanner.position
      try scanner.beginObject()
      var members: [(key: String, value: JSONValue)] = []
      while let key = try scanner.nextKey() {
        let place = LiveStream.Place(object: offset, key: key)
        // Only the first member of a name counts (``JSONObject``'s subscript reads the first).
        if LiveStream.siteListKeys.contains(key), scanner.peek() == UInt8(ascii: "["),
          sites[place] == nil, !members.contains(where: { $0.key == key })
        {
          sites[place] = scanner.position
          try scanner.skipValue()
          members.append((key, .array([])))
        } else {
          members.append((key, try value(settingAsideSitesOf: &scanner, into: &sites)))
        }
      }
      return .object(JSONObject(offset: offset, members: members))
    case UInt8(ascii: "["):
      try scanner.beginArray()
      var elements: [JSONValue] = []
      while try scanner.nextElement() {
        elements.append(try value(settingAsideSitesOf: &scanner, into: &sites))
      }
      return .array(elements)
    default:
      return try scanner.parseValue()
    }
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

  /// The top-level names under which a DATEX II publication's lists of sites are read one site
  /// at a time.
  static let publicationKeys: Set<String> = ["messageContainer", "payload"]
  /// The names whose array holds a DATEX II publication's sites: the status publication's
  /// `energyInfrastructureSiteStatus`, the table's `energyInfrastructureSite`.
  static let siteListKeys: Set<String> = ["energyInfrastructureSiteStatus", "energyInfrastructureSite"]

  /// A list set aside inside the document: the offset of the object holding it and its name.
  struct Place: Hashable {
    var object: Int
    var key: String
  }

  let bytes: UnsafeBufferPointer<UInt8>
  /// Where each top-level list's `[` is.
  let lists: [String: Int]
  /// Where each list of sites set aside under a DATEX II publication begins.
  var sites: [Place: Int] = [:]

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

  /// Calls `body` with each element of `object`'s member `key` in order: one at a time from
  /// the bytes when it is a list of sites set aside, else the member's ``JSONValue/elements``.
  func forEach(
    in object: JSONValue, _ key: String, _ body: (Int, JSONValue) -> Void
  ) throws(JSONSyntaxError) {
    guard let offset = object.objectValue?.offset, let start = sites[Place(object: offset, key: key)]
    else {
      for (index, element) in (object[key]?.elements ?? []).enumerated() { body(index, element) }
      return
    }
    var scanner = JSONScanner(bytes: bytes, start: start)
    try scanner.beginArray()
    var index = 0
    while try scanner.nextElement() {
      body(index, try scanner.parseValue())
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
