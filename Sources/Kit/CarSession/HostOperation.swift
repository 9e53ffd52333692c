import CarTemplates

/// One request an app makes of the CarPlay host: the `CPInterfaceController` calls plus the
/// in-place updates templates offer (carplay-facts.md §3).
///
/// The reconciler produces these; a host (the emulated ``CarHost`` or the CarPlay bridge in
/// `Apps/`) performs them.
public enum HostOperation: Hashable, Sendable, CustomStringConvertible {
  /// `setRootTemplate(_:animated:completion:)`: replaces the whole stack.
  case setRoot(TemplateSpec)
  /// `pushTemplate(_:animated:completion:)` onto the selected tab's stack.
  case push(TemplateSpec)
  /// `popTemplate(animated:completion:)`.
  case pop
  /// `popToRootTemplate(animated:completion:)`.
  case popToRoot
  /// `pop(to:animated:completion:)`: pops until the template with this id is on top.
  case popTo(TemplateID)
  /// `presentTemplate(_:animated:completion:)`: shows an alert, action sheet or voice control
  /// template modally.
  case present(TemplateSpec)
  /// `dismissTemplate(animated:completion:)`.
  case dismiss
  /// Patches a template already on screen in place, keeping its identity and position:
  /// `updateSections`, `setPointsOfInterest`, `updateGridButtons`, `updateTemplates`, setters.
  case update(TemplateSpec)
  /// `CPTabBarTemplate.selectTemplate(at:)`: switches to the tab at this index.
  case selectTab(Int)

  /// The method name as CarPlay spells it, for transcripts and messages.
  public var methodName: String {
    switch self {
    case .setRoot: "setRootTemplate"
    case .push: "pushTemplate"
    case .pop: "popTemplate"
    case .popToRoot: "popToRootTemplate"
    case .popTo: "popToTemplate"
    case .present: "presentTemplate"
    case .dismiss: "dismissTemplate"
    case .update: "update"
    case .selectTab: "selectTemplate(at:)"
    }
  }

  /// Whether the operation only patches content (never changes structure).
  public var isInPlaceUpdate: Bool {
    if case .update = self { return true }
    return false
  }

  /// A stable one-line form: `push CPListTemplate 'detail'`, `pop`, `selectTab 1`.
  public var description: String {
    switch self {
    case .setRoot(let t): "setRoot \(t.label)"
    case .push(let t): "push \(t.label)"
    case .pop: "pop"
    case .popToRoot: "popToRoot"
    case .popTo(let id): "popTo '\(id)'"
    case .present(let t): "present \(t.label)"
    case .dismiss: "dismiss"
    case .update(let t): "update \(t.label)"
    case .selectTab(let index): "selectTab \(index)"
    }
  }
}
