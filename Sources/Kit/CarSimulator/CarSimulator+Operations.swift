import CarSession
import CarTemplates

extension CarSimulator {
  /// `setRootTemplate(_:animated:completion:)`.
  @discardableResult
  public func setRootTemplate(_ template: TemplateSpec, withCompletion: Bool = true)
    throws(CarPlayException) -> HostCompletion
  { try perform(.setRoot(template), withCompletion: withCompletion) }

  /// `pushTemplate(_:animated:completion:)`.
  @discardableResult
  public func pushTemplate(_ template: TemplateSpec, withCompletion: Bool = true)
    throws(CarPlayException) -> HostCompletion
  { try perform(.push(template), withCompletion: withCompletion) }

  /// `popTemplate(animated:completion:)`.
  @discardableResult
  public func popTemplate(withCompletion: Bool = true) throws(CarPlayException) -> HostCompletion {
    try perform(.pop, withCompletion: withCompletion)
  }

  /// `popToRootTemplate(animated:completion:)`.
  @discardableResult
  public func popToRootTemplate(withCompletion: Bool = true) throws(CarPlayException)
    -> HostCompletion
  { try perform(.popToRoot, withCompletion: withCompletion) }

  /// `pop(to:animated:completion:)`.
  @discardableResult
  public func pop(to id: TemplateID, withCompletion: Bool = true) throws(CarPlayException)
    -> HostCompletion
  { try perform(.popTo(id), withCompletion: withCompletion) }

  /// `presentTemplate(_:animated:completion:)`.
  @discardableResult
  public func presentTemplate(_ template: TemplateSpec, withCompletion: Bool = true)
    throws(CarPlayException) -> HostCompletion
  { try perform(.present(template), withCompletion: withCompletion) }

  /// `dismissTemplate(animated:completion:)`.
  @discardableResult
  public func dismissTemplate(withCompletion: Bool = true) throws(CarPlayException)
    -> HostCompletion
  { try perform(.dismiss, withCompletion: withCompletion) }

  // MARK: - Applying operations

  /// Applies one operation: throws where CarPlay raises, returns the completion otherwise.
  func apply(_ operation: HostOperation) throws(CarPlayException) -> HostCompletion {
    let completion = try applyOperation(operation)
    closeVideoWithNothingToPlay()
    return completion
  }

  private func applyOperation(_ operation: HostOperation) throws(CarPlayException)
    -> HostCompletion
  {
    guard appState == .running, configuration != nil else { return .failed(.notConnected) }
    switch operation {
    case .setRoot(let template): return try applySetRoot(template)
    case .push(let template): return try applyPush(template)
    case .pop:
      guard !currentStack.isEmpty else { return .failed(.nothingToPop) }
      currentStack.removeLast()
      return .ok
    case .popToRoot:
      guard !currentStack.isEmpty else { return .failed(.nothingToPop) }
      currentStack.removeAll()
      return .ok
    case .popTo(let id):
      if id == visibleBase?.id {
        guard !currentStack.isEmpty else { return HostCompletion(success: false) }
        currentStack.removeAll()
        return .ok
      }
      guard let index = currentStack.firstIndex(where: { $0.id == id }) else {
        return .failed(.notInStack(id))
      }
      guard index < currentStack.count - 1 else { return HostCompletion(success: false) }
      currentStack.removeSubrange((index + 1)...)
      return .ok
    case .present(let template):
      try checkAllowed(template, method: "presentTemplate")
      guard rules.placements(of: template.kind).present else {
        throw .misplaced(template, method: "presentTemplate:animated:completion:", placement: .present)
      }
      try checkContent(template)
      if let modal { return .failed(.modalAlreadyPresented(modal.id)) }
      modal = template
      reportTruncation(of: template)
      return .ok
    case .dismiss:
      // No modal: no effect (carplay-facts.md §3); reported, since what the app asked for
      // silently did not happen.
      guard modal != nil else {
        report(
          Diagnostic(
            ruleID: Diagnostic.noEffectID, severity: .warning,
            message:
              "dismissTemplate had no effect: \(HostViolation.dismissWithoutModal.hostMessage)",
            source: "carplay-facts.md §3, §10"))
        return HostCompletion(success: false)
      }
      modal = nil
      return .ok
    case .update(let template): return try applyUpdate(template)
    case .selectTab(let index):
      guard var root, case .tabBar(var bar) = root.content else {
        return .failed(.noSuchTab(index, count: 0))
      }
      // `selectTemplate(at:)`: the index must be smaller than the tab count (§1.3); the host
      // reaction is UNCONFIRMED and modelled as HostViolation.tabSelectionOutOfRange says.
      guard bar.tabs.indices.contains(index) else {
        throw .violation(
          .tabSelectionOutOfRange,
          "selectTemplate(at: \(index)) on \(root.label), which has \(bar.tabs.count) tabs")
      }
      bar.selectedIndex = index
      root.content = .tabBar(bar)
      self.root = root
      return .ok
    }
  }

  /// The template the stack sits on: the selected tab or the root.
  var visibleBase: TemplateSpec? {
    guard let root else { return nil }
    if case .tabBar(let bar) = root.content { return bar.selectedTab }
    return root
  }

  var selectedStackIndex: Int {
    guard let root else { return 0 }
    return HostScreen(root: root, stacks: stacks).selectedStackIndex
  }

  var currentStack: [TemplateSpec] {
    get { stacks.indices.contains(selectedStackIndex) ? stacks[selectedStackIndex] : [] }
    set {
      let index = selectedStackIndex
      if stacks.indices.contains(index) { stacks[index] = newValue }
    }
  }

  /// Throws the OBSERVED `NSInvalidArgumentException` when the entitlements do not allow the
  /// template's class on the connected phone's iOS version (carplay-facts.md §1.0, §5): a
  /// search template for an EV-charging app, say, is refused unless the phone runs iOS 27.
  private func checkAllowed(_ template: TemplateSpec, method: String) throws(CarPlayException) {
    let allowed = rules.allowedKinds(
      for: entitlements, configuration: configuration ?? SessionConfiguration())
    guard allowed.contains(template.kind) else {
      throw .unsupported(template, method: method, allowed: allowed)
    }
  }

  /// Alerts and action sheets need actions, action sheets a non-empty title or message
  /// (carplay-facts.md §1.10, §1.11); the host's reaction is UNCONFIRMED: an exception, as
  /// ``HostViolation`` says. The conditions are the lint's (CP012–CP014), so the two agree.
  private func checkContent(_ template: TemplateSpec) throws(CarPlayException) {
    switch template.content {
    case .alert(let alert) where alert.actions.isEmpty:
      throw .violation(.alertWithoutActions, template.label)
    case .actionSheet(let sheet) where sheet.actions.isEmpty:
      throw .violation(.actionSheetWithoutActions, template.label)
    case .actionSheet(let sheet) where !sheet.hasText:
      throw .violation(.actionSheetWithoutText, template.label)
    default: break
    }
  }

  private func checkTabs(_ template: TemplateSpec) throws(CarPlayException) -> Bool {
    guard case .tabBar(let bar) = template.content, let configuration else { return true }
    for tab in bar.tabs {
      try checkAllowed(tab, method: "setRootTemplate")
      guard rules.placements(of: tab.kind).tab else {
        throw .misplaced(tab, method: "CPTabBarTemplate(templates:)", placement: .tab)
      }
    }
    let maximum = rules.maximumTabCount(for: entitlements, configuration: configuration)
    guard bar.tabs.count <= maximum else { throw .tooManyTabs(bar.tabs.count, maximum: maximum) }
    // The selected index must be smaller than the tab count (§1.3), as the lint's CP017 checks.
    guard bar.selectionIsInRange else {
      throw .violation(
        .tabSelectionOutOfRange,
        "\(template.label) selects tab index \(bar.selectedIndex) of \(bar.tabs.count) tabs")
    }
    return !bar.tabs.isEmpty
  }

  private func applySetRoot(_ template: TemplateSpec) throws(CarPlayException) -> HostCompletion {
    try checkAllowed(template, method: "setRootTemplate")
    guard rules.placements(of: template.kind).root else {
      throw .misplaced(template, method: "setRootTemplate:animated:completion:", placement: .root)
    }
    let hasTabs = try checkTabs(template)
    tearDownPlayers("root replaced")
    guard hasTabs else {
      // Empty tab bar: behaviour UNCONFIRMED (carplay-facts.md §1.3, §11). The issue and the
      // conservative reading treat it as fatal to the session: the app goes back to the home
      // screen.
      sendHome("the root tab bar '\(template.id)' has no tabs")
      return .ok
    }
    root = template
    stacks = Array(repeating: [], count: HostScreen.stackCount(for: template))
    reportTruncation(of: template)
    return .ok
  }

  private func applyPush(_ template: TemplateSpec) throws(CarPlayException) -> HostCompletion {
    try checkAllowed(template, method: "pushTemplate")
    guard rules.placements(of: template.kind).push else {
      throw .misplaced(template, method: "pushTemplate:animated:completion:", placement: .push)
    }
    guard root != nil else { return .failed(.noRoot) }
    // Pushing the same template again: OBSERVED error (carplay-facts.md §2).
    let onScreen = templates + [modal].compactMap { $0 }
    if onScreen.contains(where: { $0.id == template.id }) { return .failed(.duplicatePush) }
    // Now Playing is one shared instance (`CPNowPlayingTemplate.shared`, §1.9): pushing it
    // while it is on the stack pushes the same instance twice, whatever id the app gave it.
    if template.kind == .nowPlaying, onScreen.contains(where: { $0.kind == .nowPlaying }) {
      return .failed(.duplicatePush)
    }
    // Only a list may go above Now Playing (carplay-facts.md §1.9, DG25); what the host does
    // otherwise is UNCONFIRMED: modelled as an exception (conservative, as HostViolation).
    if let below = templates.last, !template.kind.canBePushed(above: below.kind) {
      throw .misplaced(template, method: "pushTemplate above \(below.kind.className)")
    }
    // Exceeding depth raises even with a completion block (OBSERVED, §2).
    let maximum = rules.maximumDepth(for: entitlements)
    guard depth + 1 <= maximum else { throw .depthExceeded }
    currentStack.append(template)
    reportTruncation(of: template)
    return .ok
  }

  private func applyUpdate(_ template: TemplateSpec) throws(CarPlayException) -> HostCompletion {
    if var root, root.id == template.id {
      guard root.kind == template.kind else { return .failed(.notOnScreen(template.id)) }
      if case .tabBar(let old) = root.content, case .tabBar(var new) = template.content {
        // `updateTemplates`: same rules as a new tab bar; the selection stays where it is
        // unless it no longer exists.
        let hasTabs = try checkTabs(template)
        guard hasTabs else {
          sendHome("the root tab bar '\(template.id)' was updated to no tabs")
          return .ok
        }
        new.selectedIndex = new.tabs.indices.contains(old.selectedIndex) ? old.selectedIndex : 0
        root.content = .tabBar(new)
        if new.tabs.map(\.id) != old.tabs.map(\.id) {
          stacks = Array(repeating: [], count: new.tabs.count)
        }
      } else {
        root.content = template.content
        root.tab = template.tab
      }
      self.root = root
      reportTruncation(of: template)
      return .ok
    }
    if var root, case .tabBar(var bar) = root.content,
      let index = bar.tabs.firstIndex(where: { $0.id == template.id })
    {
      guard bar.tabs[index].kind == template.kind else { return .failed(.notOnScreen(template.id)) }
      bar.tabs[index] = template
      root.content = .tabBar(bar)
      self.root = root
      reportTruncation(of: template)
      return .ok
    }
    for s in stacks.indices {
      if let index = stacks[s].firstIndex(where: { $0.id == template.id }) {
        guard stacks[s][index].kind == template.kind else {
          return .failed(.notOnScreen(template.id))
        }
        stacks[s][index] = template
        reportTruncation(of: template)
        return .ok
      }
    }
    if let modal, modal.id == template.id, modal.kind == template.kind {
      self.modal = template
      reportTruncation(of: template)
      return .ok
    }
    return .failed(.notOnScreen(template.id))
  }
}
