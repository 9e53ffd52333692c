import JSONScanning
import Charging
import Geo

/// Reads typed fields from one JSON record and reports every problem to the file's log.
///
/// Each accessor returns nil when the value is missing or unusable, after emitting a diagnostic
/// of the severity the caller chose (error when the record cannot be kept without it).
struct RecordReader {
  let object: JSONObject
  let line: Int?
  /// Prefix for field names, e.g. `evses[2].` inside an OCPI location.
  let path: String

  init(_ object: JSONObject, line: Int?, path: String = "") {
    self.object = object
    self.line = line
    self.path = path
  }

  func child(_ object: JSONObject, path: String) -> RecordReader {
    RecordReader(object, line: line, path: self.path + path)
  }

  /// A non-empty string; numbers are accepted and written as text.
  func string(
    _ key: String, _ log: inout DiagnosticLog, missing severity: ImportDiagnostic.Severity? = nil,
    expected: String = "a text"
  ) -> String? {
    switch object[key] {
    case .string(let text):
      let trimmed = Self.cleanText(text)
      if !trimmed.isEmpty { return trimmed }
    case .number(let n) where n.isFinite:
      return JSONValue.number(n).diagnosticText
    case nil, .null:
      break
    case let other?:
      log.emit(
        severity ?? .warning, line: line, field: path + key, "has the wrong type",
        expected: expected, value: other.kindDescription)
      return nil
    }
    if let severity {
      log.emit(severity, line: line, field: path + key, "is missing or empty", expected: expected)
    }
    return nil
  }

  /// A finite number; numeric strings with a decimal point are accepted (OCPI writes coordinates
  /// as strings). A decimal comma or other text is reported with the value found.
  func number(
    _ key: String, _ log: inout DiagnosticLog, missing severity: ImportDiagnostic.Severity? = nil,
    invalid invalidSeverity: ImportDiagnostic.Severity = .warning, expected: String
  ) -> Double? {
    switch object[key] {
    case .number(let n):
      if n.isFinite { return n }
      log.emit(
        invalidSeverity, line: line, field: path + key, "is not a finite number",
        expected: expected,
        value: n.isNaN ? "NaN" : String(n))
      return nil
    case .string(let text):
      let trimmed = text.trimmingWhitespace()
      if trimmed.isEmpty { break }
      if let n = DecimalText.double(trimmed) { return n }
      let reason = DecimalText.rejectionReason(trimmed)
      log.emit(
        invalidSeverity, line: line, field: path + key, reason, expected: expected, value: text)
      return nil
    case nil, .null:
      break
    case let other?:
      log.emit(
        invalidSeverity, line: line, field: path + key, "has the wrong type", expected: expected,
        value: other.kindDescription)
      return nil
    }
    if let severity {
      log.emit(severity, line: line, field: path + key, "is missing", expected: expected)
    }
    return nil
  }

  /// A whole number ≥ `minimum`.
  func count(
    _ key: String, _ log: inout DiagnosticLog, minimum: Int,
    missing severity: ImportDiagnostic.Severity?,
    invalid invalidSeverity: ImportDiagnostic.Severity = .warning, expected: String
  ) -> Int? {
    guard
      let n = number(
        key, &log, missing: severity, invalid: invalidSeverity, expected: expected)
    else { return nil }
    guard n == n.rounded(), n >= Double(minimum), n < 1_000_000 else {
      log.emit(
        invalidSeverity, line: line, field: path + key, "is not a whole number in range",
        expected: expected, value: JSONValue.number(n).diagnosticText)
      return nil
    }
    return Int(n)
  }

  /// The elements of an array field; a missing or null field is an empty list, any other type is
  /// reported (with what was dropped) and read as empty.
  func list(_ key: String, _ log: inout DiagnosticLog, expected: String, dropped: String)
    -> [JSONValue]
  {
    switch object[key] {
    case nil, .null: return []
    case .array(let items): return items
    case let other?:
      log.emit(
        .warning, line: line, field: path + key, "is not a list; \(dropped)", expected: expected,
        value: other.kindDescription)
      return []
    }
  }

  /// A list of strings; non-string elements are reported and left out.
  func strings(_ key: String, _ log: inout DiagnosticLog) -> [String] {
    switch object[key] {
    case nil, .null: return []
    case .array(let items):
      var result: [String] = []
      for (index, item) in items.enumerated() {
        if let text = item.stringValue {
          result.append(text)
        } else {
          log.emit(
            .warning, line: line, field: "\(path)\(key)[\(index)]", "is not a text; left out",
            expected: "a text", value: item.kindDescription)
        }
      }
      return result
    case let other?:
      log.emit(
        .warning, line: line, field: path + key, "has the wrong type; ignored",
        expected: "an array of texts", value: other.kindDescription)
      return []
    }
  }

  /// Collapses runs of white space (including no-break spaces) and trims the ends.
  static func cleanText(_ text: String) -> String {
    // Fast path over UTF-8 bytes: most texts are already clean. Lead bytes C2, E1, E2 and E3
    // start every non-ASCII white-space character, so only texts containing them need the slow
    // Unicode check.
    var needsWork = false
    var previousSpace = true
    for byte in text.utf8 {
      switch byte {
      case 0x20:
        if previousSpace { needsWork = true }
        previousSpace = true
      case 0x09...0x0D, 0xC2, 0xE1, 0xE2, 0xE3:
        needsWork = true
      default:
        previousSpace = false
      }
      if needsWork { break }
    }
    if previousSpace { needsWork = true }
    guard needsWork else { return text }
    return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}

/// Checks a latitude/longitude pair the way every importer does.
enum CoordinateCheck {
  /// The coordinate, or nil after an error diagnostic naming the bad value.
  static func coordinate(
    latitude: Double?, longitude: Double?, line: Int?, field: (String, String),
    _ log: inout DiagnosticLog
  ) -> Coordinate? {
    guard let latitude, let longitude else { return nil }
    guard (-90...90).contains(latitude) else {
      log.emit(
        .error, line: line, field: field.0, "is out of range; row skipped",
        expected: "a latitude between -90 and 90", value: String(latitude))
      return nil
    }
    guard (-180...180).contains(longitude) else {
      log.emit(
        .error, line: line, field: field.1, "is out of range; row skipped",
        expected: "a longitude between -180 and 180", value: String(longitude))
      return nil
    }
    if latitude == 0, longitude == 0 {
      log.emit(
        .error, line: line, field: "\(field.0)/\(field.1)",
        "is the placeholder point 0,0; row skipped", expected: "the site's real position",
        value: "0,0")
      return nil
    }
    return Coordinate(latitude: latitude, longitude: longitude)
  }
}

extension String {
  /// The text without leading and trailing white space.
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
