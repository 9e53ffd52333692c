import Diagnostics

/// A broken CarPlay rule found by ``CarLint``: which rule, how bad, where, and why.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible,
  DiagnosticConvertible
{
  /// How the real host reacts, which decides how bad a finding is: a note is design guidance
  /// (carplay-facts.md §9, HIG; the host does nothing, App Review may), a warning is what the
  /// host silently trims or drops, an error is what makes it throw, kill the app or go back to
  /// the CarPlay home screen (or behaviour that is UNCONFIRMED and assumed to be that bad).
  public typealias Severity = DiagnosticSeverity

  /// The stable rule id under its first name; ``id`` is the same value.
  ///
  /// Deprecated in favour of ``id``: new code reads `id`. It is not yet marked
  /// `@available(*, deprecated)` because the project builds with warnings as errors and code in
  /// flight still reads it; it stays for existing callers and the encoded form (`"ruleID"`).
  public var ruleID: String
  /// The stable rule id, e.g. `CP030-poi-count`: what a journey's `expect diagnostic` line and
  /// `CarAppTester.claim(_:)` name (an id prefix such as `CP030` claims it too).
  public var id: String {
    get { ruleID }
    set { ruleID = newValue }
  }
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

  /// The finding in the shared shape: the rule's source, the template and element.
  public var record: DiagnosticRecord {
    let location = [templateID.map { "template '\($0)'" }, elementID.map { "element '\($0)'" }]
      .compactMap { $0 }.joined(separator: ", ")
    return DiagnosticRecord(
      severity: severity, source: source, location: location.isEmpty ? ruleID : location,
      message: "\(ruleID): \(message)")
  }

  /// One line: `error CP030-poi-count: <message> (carplay-facts.md §1.5 [HDR; DG25])`.
  public var description: String { "\(severity) \(ruleID): \(message) (\(source))" }
}
