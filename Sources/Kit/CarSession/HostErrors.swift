import CarTemplates

/// An error a host operation reports through its completion (`CarPlayErrorDomain`,
/// carplay-facts.md §3).
///
/// Only code −1 and its message are OBSERVED on devices (pop at the root); Apple documents no
/// other codes, so every failure uses −1 (as `HostViolation.errorCode` does) and the messages
/// not OBSERVED are this model's own, marked as such.
public struct CarPlayError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `CarPlayErrorDomain`.
  public static let domain = "CarPlayErrorDomain"
  /// The error code.
  public var code: Int
  /// The localized description.
  public var message: String

  /// Creates an error.
  public init(code: Int, message: String) {
    self.code = code
    self.message = message
  }

  /// `Error Domain=CarPlayErrorDomain Code=-1 "No templates were available to be popped."`
  public var description: String {
    "Error Domain=\(Self.domain) Code=\(code) \"\(message)\""
  }

  /// pop / popToRoot with only the root on screen: OBSERVED code −1 and text
  /// (carplay-facts.md §3).
  public static let nothingToPop = CarPlayError(
    code: -1, message: "No templates were available to be popped.")

  /// `pop(to:)` with a target not in the stack (success = false + error, §3). Code and text
  /// UNCONFIRMED (model's own).
  public static func notInStack(_ id: TemplateID) -> CarPlayError {
    CarPlayError(code: -1, message: "The template '\(id)' is not in the navigation stack.")
  }

  /// A second modal while one is presented (§2 "Only one modal at a time"); whether the host
  /// reports an error or throws is UNCONFIRMED: modelled as a completion error, which becomes
  /// an exception when no completion was given. Code and text are the model's own.
  public static func modalAlreadyPresented(_ id: TemplateID) -> CarPlayError {
    CarPlayError(
      code: -1,
      message: "Cannot present '\(id)': a template is already presented; only one at a time.")
  }

  /// Pushing a template already in the stack: OBSERVED text (carplay-facts.md §2); code is the
  /// model's own.
  public static let duplicatePush = CarPlayError(
    code: -1, message: "Pushing the same template instance more than once is not supported.")

  /// An in-place update of a template that is not on screen (model's own).
  public static func notOnScreen(_ id: TemplateID) -> CarPlayError {
    CarPlayError(code: -1, message: "The template '\(id)' is not on screen; nothing to update.")
  }

  /// An operation while no car is connected (model's own).
  public static let notConnected = CarPlayError(
    code: -1, message: "No CarPlay session is connected.")

  /// A push before any root was set (model's own).
  public static let noRoot = CarPlayError(
    code: -1, message: "No root template is set; set a root template before pushing.")

  /// `selectTemplate(at:)` with an index outside the tabs (model's own).
  public static func noSuchTab(_ index: Int, count: Int) -> CarPlayError {
    CarPlayError(
      code: -1, message: "Tab index \(index) is out of range; the tab bar has \(count) tabs.")
  }
}

/// An Objective-C exception the real host raises; it terminates the app.
///
/// Modelled as a Swift error value the emulated host throws (like swift-nio's public error
/// structs), so tests can assert on it instead of crashing.
public struct CarPlayException: Error, Hashable, Sendable, CustomStringConvertible {
  /// The exception's name.
  public enum Name: String, Hashable, Sendable {
    /// `NSInvalidArgumentException`.
    case invalidArgument = "NSInvalidArgumentException"
    /// `NSGenericException`.
    case generic = "NSGenericException"
  }
  /// The name.
  public var name: Name
  /// The reason text.
  public var reason: String

  /// Creates an exception.
  public init(_ name: Name, reason: String) {
    self.name = name
    self.reason = reason
  }

  /// `NSInvalidArgumentException: reason`.
  public var description: String { "\(name.rawValue): \(reason)" }

  /// A template the entitlement does not allow: OBSERVED text from `CPAssertAllowedClasses`
  /// (carplay-facts.md §1.0, §10).
  public static func unsupported(
    _ template: TemplateSpec, method: String, allowed: [TemplateKind]
  ) -> CarPlayException {
    let classes = allowed.map(\.className).joined(separator: ", ")
    return CarPlayException(
      .invalidArgument,
      reason:
        "Unsupported object <\(template.kind.className) '\(template.id)'> passed to "
        + "\(method):animated:completion:. Allowed classes: (\(classes))")
  }

  /// Exceeding the category's depth: OBSERVED `NSGenericException`, raised even with a
  /// completion block (carplay-facts.md §2).
  public static let depthExceeded = CarPlayException(
    .generic, reason: "Application exceeded the hierarchy depth limit")

  /// A failed operation without a completion block: OBSERVED text (carplay-facts.md §3).
  public static func noCompletion(_ error: CarPlayError) -> CarPlayException {
    CarPlayException(
      .generic,
      reason:
        "An error was encountered during a template operation, but no completion block was "
        + "specified. Error: \(error)")
  }

  /// More tabs than `maximumTabCount`: the system throws (carplay-facts.md §1.3). The name and
  /// text are UNCONFIRMED (model's own).
  public static func tooManyTabs(_ count: Int, maximum: Int) -> CarPlayException {
    CarPlayException(
      .generic,
      reason: "CPTabBarTemplate has \(count) templates; maximumTabCount is \(maximum).")
  }

  /// Invalid template content the host rejects (an alert without actions, an action sheet
  /// without text); UNCONFIRMED, modelled as an exception (`HostViolation`, conservative).
  public static func invalid(_ template: TemplateSpec, _ reason: String) -> CarPlayException {
    CarPlayException(.generic, reason: "\(template.label): \(reason)")
  }

  /// The exception for a structural violation, under the name `HostViolation.exceptionName`
  /// gives it and with its `HostViolation.hostMessage` (carplay-facts.md §10); `subject` names
  /// the template or call that broke the rule.
  public static func violation(_ violation: HostViolation, _ subject: String) -> CarPlayException {
    let name: Name =
      violation.exceptionName == Name.invalidArgument.rawValue ? .invalidArgument : .generic
    return CarPlayException(name, reason: "\(subject): \(violation.hostMessage)")
  }

  /// A template used where it cannot go (e.g. a tab bar pushed, a list presented); the
  /// presentTemplate header lists only alert, action sheet and voice control (§2). Text is the
  /// model's own.
  public static func misplaced(_ template: TemplateSpec, method: String) -> CarPlayException {
    CarPlayException(
      .invalidArgument,
      reason: "\(template.kind.className) '\(template.id)' cannot be passed to \(method).")
  }

  /// A template used where it cannot go, for `placement`: when carplay-facts.md §2 leaves that
  /// placement UNCONFIRMED (`TemplateKind.isUnconfirmed(_:)`, e.g. a point-of-interest map as
  /// root), the reason says the refusal is the model's conservative choice, not words CarPlay
  /// is known to use.
  public static func misplaced(
    _ template: TemplateSpec, method: String, placement: TemplatePlacement
  ) -> CarPlayException {
    guard template.kind.isUnconfirmed(placement) else {
      return misplaced(template, method: method)
    }
    return CarPlayException(
      .invalidArgument,
      reason:
        "\(template.kind.className) '\(template.id)' cannot be passed to \(method) in Wayside's "
        + "model: whether CarPlay allows \(template.kind.className) \(phrase(placement)) is "
        + "UNCONFIRMED (carplay-facts.md §2), and the model refuses it as the conservative "
        + "choice; the real host may accept it.")
  }

  private static func phrase(_ placement: TemplatePlacement) -> String {
    switch placement {
    case .root: "as the root"
    case .push: "pushed"
    case .present: "presented"
    case .tab: "as a tab"
    }
  }
}

/// What a host operation's completion receives: `(Bool, Error?)`.
public struct HostCompletion: Hashable, Sendable, CustomStringConvertible {
  /// Whether the operation did something (pop: whether anything was popped).
  public var success: Bool
  /// The error, when it failed.
  public var error: CarPlayError?

  /// Creates a completion result.
  public init(success: Bool, error: CarPlayError? = nil) {
    self.success = success
    self.error = error
  }

  /// Success.
  public static let ok = HostCompletion(success: true)

  /// Failure with an error.
  public static func failed(_ error: CarPlayError) -> HostCompletion {
    HostCompletion(success: false, error: error)
  }

  /// `ok`, `no effect`, or `failed: Error Domain=…`.
  public var description: String {
    if let error { return "failed: \(error)" }
    return success ? "ok" : "no effect"
  }
}
