/// A broken CarPlay rule found by ``CarLint``: which rule, how bad, where, and why.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
  /// How the real host reacts, which decides how bad a finding is.
  public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, Comparable,
    CustomStringConvertible
  {
    /// Design guidance (carplay-facts.md §9, HIG); the host does nothing, App Review may.
    case note
    /// The host silently trims or drops what the app gave.
    case warning
    /// The host throws, kills the app or goes back to the CarPlay home screen (or the behaviour
    /// is UNCONFIRMED and assumed to be that bad).
    case error

    /// `error`, `warning` or `note`.
    public var description: String { rawValue }

    private var rank: Int {
      switch self {
      case .note: 0
      case .warning: 1
      case .error: 2
      }
    }

    /// Orders note < warning < error.
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
  }

  /// The stable rule id, e.g. `CP030-poi-count`.
  public var ruleID: String
  /// How bad the finding is.
  public var severity: Severity
  /// What is wrong, naming the template, the element and the limit.
  public var message: String
  /// The offending template, when there is one.
  public var templateID: TemplateID?
  /// The offending element inside the template, when there is one.
  public var elementID: ElementID?
  /// Where the rule comes from, e.g. `carplay-facts.md §1.5 [HDR; DG25]`.
  public var source: String

  /// Creates a diagnostic.
  public init(
    ruleID: String, severity: Severity, message: String, templateID: TemplateID? = nil,
    elementID: ElementID? = nil, source: String
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.message = message
    self.templateID = templateID
    self.elementID = elementID
    self.source = source
  }

  /// Creates a diagnostic for a catalogue rule.
  public init(
    _ rule: LintRule, _ message: String, template: TemplateID? = nil, element: ElementID? = nil
  ) {
    self.init(
      ruleID: rule.id, severity: rule.severity, message: message, templateID: template,
      elementID: element, source: rule.source)
  }

  /// One line: `error CP030-poi-count: <message> (carplay-facts.md §1.5 [HDR; DG25])`.
  public var description: String { "\(severity) \(ruleID): \(message) (\(source))" }
}
