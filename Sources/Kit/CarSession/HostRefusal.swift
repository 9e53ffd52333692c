import CarTemplates

/// An operation the app's screen needed that did not happen, as a CarPlay app learns of it
/// from the completion handler of `pushTemplate(_:animated:completion:)` and its kin
/// (carplay-facts.md §2, §3).
///
/// The session tells the app with ``HostEvent/operationRefused(_:)``, once per refusal, after
/// the operations of the step that caused it:
///
/// - a push the session refused before it reached the host because it would exceed the
///   category's depth (`Diagnostic.depthRefusedID`; the real host would raise
///   `NSGenericException` and terminate the app, carplay-facts.md §2);
/// - an operation whose completion the host called with an error
///   (`Diagnostic.operationFailedID`, carplay-facts.md §3).
///
/// An app that maps the event to an action can drop what the host refused from its state, so
/// that what it wants and what the car shows agree again; one that ignores it keeps wanting a
/// screen the car does not show, and later messages (a back press the state seems to ignore)
/// name the refusal as their cause.
public struct HostRefusal: Hashable, Sendable, CustomStringConvertible {
  /// The operation that did not happen.
  public var operation: HostOperation
  /// The error a completion handler would receive.
  public var error: CarPlayError
  /// The diagnostic the session reported for it (`Diagnostic.depthRefusedID` or
  /// `Diagnostic.operationFailedID`).
  public var diagnosticID: String

  /// Creates a refusal.
  public init(operation: HostOperation, error: CarPlayError, diagnosticID: String) {
    self.operation = operation
    self.error = error
    self.diagnosticID = diagnosticID
  }

  /// The template the operation carried (the one pushed, presented, set or updated), if any.
  public var template: TemplateSpec? {
    switch operation {
    case .setRoot(let t), .push(let t), .present(let t), .update(let t): t
    case .pop, .popToRoot, .popTo, .dismiss, .selectTab: nil
    }
  }

  /// `push CPInformationTemplate 'e' refused (S001-depth-refused): …`.
  public var description: String { "\(operation) refused (\(diagnosticID)): \(error.message)" }
}
