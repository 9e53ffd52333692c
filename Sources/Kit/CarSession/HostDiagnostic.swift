import CarTemplates

/// Rule ids of what the session and the host find at run time (a refused push, a row left
/// spinning, a host change the app ignored), alongside the lint's `CPnnn` rules.
///
/// They are stable so journeys and tests can expect them by id.
extension Diagnostic {
  /// The session refused to push a template because the category's depth would be exceeded.
  public static let depthRefusedID = "S001-depth-refused"
  /// The app's wanted screen still contains a template the host removed (back, modal dismissed,
  /// tab switch): its state did not follow the host.
  public static let ignoredHostChangeID = "S002-ignored-host-change"
  /// An operation the session sent failed at the host (completion reported an error).
  public static let operationFailedID = "S003-operation-failed"
  /// The app was terminated by a host exception.
  public static let terminatedID = "S004-terminated"
  /// A list row still spins: the selection's completion was not called in time.
  public static let spinnerTimeoutID = "H001-row-spinning"
  /// The host sent the app to the home screen (empty tab bar).
  public static let sentHomeID = "H002-sent-home"
  /// An operation had no effect (a dismiss with nothing presented, carplay-facts.md §3): what
  /// the app asked for silently did not happen.
  public static let noEffectID = "H003-no-effect"
  /// The host tore down a system player (Now Playing, video) because the app replaced its root
  /// (issue 2; UNCONFIRMED in carplay-facts.md, modelled as the conservative choice).
  public static let playerTornDownID = "H004-player-torn-down"
  /// An app that is not a navigation app drew into the car's window: only navigation apps get
  /// one (carplay-facts.md §4); the host ignores the content.
  public static let windowRefusedID = "H005-window-refused"
  /// The system sent a remote command (Now Playing's transport buttons, the steering wheel,
  /// a journey's `remote` step) that the app has no `MPRemoteCommandCenter` target for
  /// (carplay-facts.md §8): the control does nothing.
  public static let noRemoteTargetID = "H006-no-remote-target"

  /// A run-time diagnostic without a template or element.
  static func runtime(
    _ ruleID: String, _ severity: Severity = .error, _ message: String, source: String
  ) -> Diagnostic {
    Diagnostic(ruleID: ruleID, severity: severity, message: message, source: source)
  }
}
