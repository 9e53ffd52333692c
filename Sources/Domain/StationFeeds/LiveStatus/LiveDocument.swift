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
