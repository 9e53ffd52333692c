/// A problem found while a session runs: a refused push, a row left spinning, a host state the
/// app ignored. Recoverable, so it is reported rather than thrown.
///
/// Rule ids are stable (`S…` for the session, `H…` for the host) so journeys and tests can
/// expect them by id.
public struct HostDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How bad it is.
  public enum Severity: String, Hashable, Sendable { case warning, error }

  /// The stable rule id, e.g. `S001`.
  public var ruleID: String
  /// Warning or error.
  public var severity: Severity
  /// What happened, naming the template or element and the limit.
  public var message: String
  /// Where the rule comes from, e.g. `carplay-facts.md §2`.
  public var source: String

  /// Creates a diagnostic.
  public init(ruleID: String, severity: Severity = .error, message: String, source: String) {
    self.ruleID = ruleID
    self.severity = severity
    self.message = message
    self.source = source
  }

  /// `error S001: message [source]`.
  public var description: String { "\(severity.rawValue) \(ruleID): \(message) [\(source)]" }
}

extension HostDiagnostic {
  /// The session refused to push a template because the category's depth would be exceeded.
  public static let depthRefusedID = "S001"
  /// The app's wanted screen still contains a template the host removed (back, modal dismissed,
  /// tab switch): its state did not follow the host.
  public static let ignoredHostChangeID = "S002"
  /// An operation the session sent failed at the host (completion reported an error).
  public static let operationFailedID = "S003"
  /// The app was terminated by a host exception.
  public static let terminatedID = "S004"
  /// A list row still spins: the selection's completion was not called in time.
  public static let spinnerTimeoutID = "H001"
  /// The host sent the app to the home screen (empty tab bar).
  public static let sentHomeID = "H002"
}
