import Diagnostics

/// A recoverable problem, or a note, found while importing a station file.
///
/// Importers never throw for bad rows: they collect diagnostics and go on, in the manner of a
/// compiler. The severity says what happened to the data:
/// - ``Severity/error``: the row (or the whole file) was skipped; nothing of it is in the result.
/// - ``Severity/warning``: the row was kept, but a value was dropped, replaced or assumed.
/// - ``Severity/note``: information only (e.g. a duplicate id that was made unique).
public struct ImportDiagnostic: Hashable, Sendable, CustomStringConvertible, DiagnosticConvertible {
  /// How serious a diagnostic is, and what happened to the row: a note is information only
  /// (the row was imported as written), a warning means the row was imported with a value
  /// dropped, replaced or assumed, an error means the row (or file) was skipped.
  public typealias Severity = DiagnosticSeverity

  /// How serious the problem is.
  public var severity: Severity
  /// The file name (not a full path) the problem was found in.
  public var file: String
  /// The 1-based line of the row, when the format has lines.
  public var line: Int?
  /// The field or column, e.g. `lat` or `evses[0].connectors[1].power_type`.
  public var field: String?
  /// What is wrong, e.g. `not a number`.
  public var reason: String
  /// What was expected instead, e.g. `a latitude between -90 and 90`.
  public var expected: String?
  /// The offending value as found in the file, shortened to 80 characters.
  public var value: String?

  /// Creates a diagnostic; `value` is shortened to 80 characters.
  public init(
    severity: Severity, file: String, line: Int? = nil, field: String? = nil, reason: String,
    expected: String? = nil, value: String? = nil
  ) {
    self.severity = severity
    self.file = file
    self.line = line
    self.field = field
    self.reason = reason
    self.expected = expected
    self.value = value.map { $0.count > 80 ? String($0.prefix(77)) + "..." : $0 }
  }

  /// The problem in the shared shape: the file, the line and field, the reason with the value
  /// found and what was expected.
  public var record: DiagnosticRecord {
    let location = [line.map { "line \($0)" }, field.map { "field \($0)" }].compactMap { $0 }
      .joined(separator: ", ")
    var message = reason
    var details: [String] = []
    if let value { details.append("found \"\(value)\"") }
    if let expected { details.append("expected \(expected)") }
    if !details.isEmpty { message += " (" + details.joined(separator: "; ") + ")" }
    return DiagnosticRecord(
      severity: severity, source: file, location: location.isEmpty ? nil : location,
      message: message)
  }

  /// `file:line: severity: field: reason (found "value"; expected …)`, one line.
  public var description: String {
    var text = file
    if let line { text += ":\(line)" }
    text += ": \(severity): "
    if let field { text += "\(field): " }
    text += reason
    var details: [String] = []
    if let value { details.append("found \"\(value)\"") }
    if let expected { details.append("expected \(expected)") }
    if !details.isEmpty { text += " (" + details.joined(separator: "; ") + ")" }
    return text
  }
}

/// Collects diagnostics for one file, so the parsing code reads as a list of checks.
struct DiagnosticLog {
  let file: String
  private(set) var diagnostics: [ImportDiagnostic] = []

  init(file: String) { self.file = file }

  mutating func emit(
    _ severity: ImportDiagnostic.Severity, line: Int?, field: String? = nil, _ reason: String,
    expected: String? = nil, value: String? = nil
  ) {
    diagnostics.append(
      ImportDiagnostic(
        severity: severity, file: file, line: line, field: field, reason: reason,
        expected: expected, value: value))
  }
}
