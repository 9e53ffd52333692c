/// How serious a recoverable problem is, shared by the CarPlay lint, the station importers and
/// the tariff loader: each says in its own documentation what happens to the data or the app at
/// each level.
public enum DiagnosticSeverity: String, Hashable, Sendable, Codable, CaseIterable, Comparable,
  CustomStringConvertible
{
  /// Information or design guidance; nothing was lost.
  case note
  /// Something was trimmed, dropped, replaced or assumed; the rest went on.
  case warning
  /// The item (a row, a file, an operation) could not be used, or the host would reject it.
  case error

  /// `note`, `warning` or `error`.
  public var description: String { rawValue }

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }

  /// Orders note < warning < error.
  public static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
}

/// The one shape every diagnostic in the tree can be shown in: how bad, which input or rule it
/// comes from, where in it, and what is wrong.
///
/// The lint (`CarTemplates.Diagnostic`), the station importers (`ImportDiagnostic`) and
/// the tariff loader (`TariffDiagnostic`) keep the fields their callers need and each offers
/// this record, so a command line, a log or a panel prints them all alike.
public struct DiagnosticRecord: Hashable, Sendable, Codable, CustomStringConvertible {
  /// How serious it is.
  public var severity: DiagnosticSeverity
  /// The input or rule source: a file name, a feed, or a fact-sheet section.
  public var source: String
  /// Where in the source: `line 12, field lat`, a template and element, an item; nil for the
  /// whole source.
  public var location: String?
  /// What is wrong (and, where known, what was expected).
  public var message: String

  /// Creates a record.
  public init(
    severity: DiagnosticSeverity, source: String, location: String? = nil, message: String
  ) {
    self.severity = severity
    self.source = source
    self.location = location
    self.message = message
  }

  /// `severity: source: location: message`, one line.
  public var description: String {
    "\(severity): \(source): " + (location.map { "\($0): " } ?? "") + message
  }
}

/// A diagnostic that can be shown in the shared shape.
public protocol DiagnosticConvertible {
  /// The diagnostic as a ``DiagnosticRecord``.
  var record: DiagnosticRecord { get }
}
