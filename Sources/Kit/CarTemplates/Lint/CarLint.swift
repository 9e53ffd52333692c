/// Checks car screens against CarPlay's rules before a host sees them: the category matrix,
/// placement, depth, tabs, modals, counted limits, required content and driver-safety guidance.
///
/// Every finding is a ``Diagnostic`` carrying a stable rule id from ``rules``; the severity
/// mirrors what the real host would do (see ``Diagnostic/Severity``). Diagnostics come in screen
/// order: entitlements, root (then each tab), stack bottom to top, modal, then screen-wide rules.
public enum CarLint {
  /// Every rule the lint checks, in id order (for documentation and `wayside lint --rules`).
  public static let rules: [LintRule] = [
    .templateNotAllowed, .entitlementCombination, .notAllowedAsRoot, .notPushable,
    .notPresentable, .notAllowedInTab, .depthExceeded, .tabCount, .emptyTabBar, .tabBarNotRoot,
    .pushedAboveNowPlaying, .alertWithoutActions, .actionSheetWithoutText,
    .actionSheetWithoutActions, .duplicateTemplateID, .duplicateElementID, .tabSelectionOutOfRange,
    .ratingOutOfRange, .assistantCellCategory,
    .listItemCount, .limitedListItems, .listSectionCount, .headerGridButtons, .imageRowImages,
    .sectionIndexTitle, .gridButtonCount, .gridButtonUndisplayable, .informationItems,
    .informationActions, .poiCount, .navigationBarButtons, .mapButtons, .alertActions,
    .voiceControlStates, .voiceStateActionButtons, .detailsHeaderButtons, .dashboardButtons,
    .nowPlayingButtons, .contactActions, .tripPreviews, .routeChoices,
    .imageRowTitleCount, .searchWhileKeyboardLimited, .poiSelectedIndex, .playbackProgressRange,
    .phoneInstruction, .tabWithoutAppearance, .barButtonTitleAndImage, .actionSheetSingleAction,
  ]

  /// The catalogue rule with this id, if any.
  public static func rule(id: String) -> LintRule? { rules.first { $0.id == id } }

  /// Checks a whole screen (root, tabs, stack, modal) for an app with these entitlements in a
  /// car with this configuration.
  /// `base` is the unrestricted car's run-time limits; it defaults to the emulator's.
  public static func validate(
    screen: CarScreen, entitlements: CarEntitlements, configuration: SessionConfiguration,
    base: CarLimits = .emulatorDefault
  ) -> [Diagnostic] {
    let limits = CarLimits.limits(for: entitlements, configuration: configuration, base: base)
    let version = configuration.systemVersion
    var found = entitlementDiagnostics(entitlements)
    found += check(screen.root, as: .root, entitlements: entitlements, limits: limits,
      version: version)
    var below = screen.stackBase
    for template in screen.stack {
      found += check(template, as: .push, entitlements: entitlements, limits: limits,
      version: version)
      if template.kind != .tabBar, !template.kind.canBePushed(above: below.kind) {
        found.append(
          Diagnostic(
            .pushedAboveNowPlaying,
            "\(template.label) is pushed above \(below.label); only a CPListTemplate may be pushed "
              + "above Now Playing.", template: template.id))
      }
      below = template
    }
    if let modal = screen.modal {
      found += check(modal, as: .present, entitlements: entitlements, limits: limits,
      version: version)
    }
    if screen.depth > limits.maximumDepth {
      let top = screen.top
      found.append(
        Diagnostic(
          .depthExceeded,
          "\(top.label) makes the navigation depth \(screen.depth) (root + \(screen.stack.count) "
            + "pushed); \(categoryText(entitlements)) allows at most \(limits.maximumDepth) "
            + "including the root, and the host throws NSGenericException "
            + "'\(HostViolation.depthExceeded.hostMessage)'.", template: top.id))
    }
    found += duplicateTemplateIDs(screen)
    return found
  }

  /// Checks one template placed as root, pushed, presented or as a tab, with the limits this
  /// car and these entitlements impose.
  public static func validate(
    template: TemplateSpec, as placement: TemplatePlacement, entitlements: CarEntitlements,
    configuration: SessionConfiguration, base: CarLimits = .emulatorDefault
  ) -> [Diagnostic] {
    let limits = CarLimits.limits(for: entitlements, configuration: configuration, base: base)
    let version = configuration.systemVersion
    return check(template, as: placement, entitlements: entitlements, limits: limits,
      version: version)
  }

  /// Checks a navigation app's dashboard content: at most 2 shortcut buttons.
  public static func validate(dashboard: DashboardSpec, id: TemplateID = "dashboard")
    -> [Diagnostic]
  {
    HostTruncation.apply(to: dashboard, id: id).1.map {
      diagnostic(for: $0, label: "CPDashboardController '\(id)'", limits: .emulatorDefault)
    }
  }

  // MARK: - Structure

  static func entitlementDiagnostics(_ entitlements: CarEntitlements) -> [Diagnostic] {
    do {
      _ = try CarEntitlements.validated(entitlements.categories)
      return []
    } catch let error as EntitlementError {
      return [Diagnostic(.entitlementCombination, error.message)]
    } catch {
      return [Diagnostic(.entitlementCombination, "\(error)")]
    }
  }

  static func check(
    _ template: TemplateSpec, as placement: TemplatePlacement, entitlements: CarEntitlements,
    limits: CarLimits, version: SystemVersion = .emulatorDefault
  ) -> [Diagnostic] {
    var found: [Diagnostic] = []
    let kind = template.kind
    if !entitlements.allows(kind, on: version) {
      found.append(
        Diagnostic(
          .templateNotAllowed,
          "\(template.label) is not allowed for \(categoryText(entitlements)); allowed: "
            + entitlements.allowedTemplateKinds(on: version).map(\.className).sorted()
              .joined(separator: ", ")
            + " (iOS \(version)). The host throws NSInvalidArgumentException.", template: template.id))
    }
    if kind == .tabBar, placement != .root {
      found.append(
        Diagnostic(
          .tabBarNotRoot,
          "\(template.label) is used as \(placement.operationName); a tab bar can only be set "
            + "with setRootTemplate.", template: template.id))
    } else if !kind.canBe(placement) {
      found.append(placementDiagnostic(template, placement))
    }
    if case .tabBar(let bar) = template.content {
      found += checkTabs(bar, of: template, entitlements: entitlements, limits: limits,
      version: version)
    }
    found += contentDiagnostics(template, entitlements: entitlements, limits: limits)
    return found
  }

  static func placementDiagnostic(_ template: TemplateSpec, _ placement: TemplatePlacement)
    -> Diagnostic
  {
    let allowed = template.kind.allowedPlacements.map(\.rawValue).sorted().joined(separator: ", ")
    let rule: LintRule =
      switch placement {
      case .root: .notAllowedAsRoot
      case .push: .notPushable
      case .present: .notPresentable
      case .tab: .notAllowedInTab
      }
    let unconfirmed =
      template.kind.isUnconfirmed(placement)
      ? " CarPlay's rule for this placement is UNCONFIRMED (carplay-facts.md §2): Wayside "
        + "refuses it as the conservative choice; the real host may accept it." : ""
    return Diagnostic(
      rule,
      "\(template.label) cannot be used as \(placement.operationName); it may be: \(allowed)."
        + unconfirmed,
      template: template.id)
  }

  static func checkTabs(
    _ bar: TabBarTemplateSpec, of template: TemplateSpec, entitlements: CarEntitlements,
    limits: CarLimits, version: SystemVersion = .emulatorDefault
  ) -> [Diagnostic] {
    var found: [Diagnostic] = []
    if bar.tabs.isEmpty {
      found.append(
        Diagnostic(
          .emptyTabBar,
          "\(template.label) has no tabs; the host goes back to the CarPlay home screen.",
          template: template.id))
    }
    if bar.tabs.count > limits.maximumTabCount {
      found.append(
        Diagnostic(
          .tabCount,
          "\(template.label) has \(bar.tabs.count) tabs; \(categoryText(entitlements)) allows at "
            + "most \(limits.maximumTabCount) (maximumTabCount) and the host throws an exception.",
          template: template.id))
    }
    if !bar.selectionIsInRange {
      found.append(
        Diagnostic(
          .tabSelectionOutOfRange,
          "\(template.label) selects tab \(bar.selectedIndex) but has \(bar.tabs.count) tabs; the "
            + "index must be 0…\(bar.tabs.count - 1).", template: template.id))
    }
    for tab in bar.tabs {
      found += check(tab, as: .tab, entitlements: entitlements, limits: limits,
      version: version)
      let appearance = tab.tab
      if appearance?.title == nil, appearance?.image == nil, appearance?.systemItem == nil,
        tab.title == nil
      {
        found.append(
          Diagnostic(
            .tabWithoutAppearance,
            "\(tab.label) is a tab without title, image or system item; CarPlay shows a '…' "
              + "placeholder.", template: tab.id))
      }
    }
    return found
  }

  static func duplicateTemplateIDs(_ screen: CarScreen) -> [Diagnostic] {
    var all: [TemplateSpec] = [screen.root]
    if case .tabBar(let bar) = screen.root.content { all += bar.tabs }
    all += screen.stack
    if let modal = screen.modal { all.append(modal) }
    return duplicates(all.map(\.id)).map { id in
      Diagnostic(
        .duplicateTemplateID,
        "Template id '\(id)' is used by \(all.filter { $0.id == id }.count) templates on the "
          + "screen; every template on the screen needs its own id.", template: id)
    }
  }

  static func categoryText(_ entitlements: CarEntitlements) -> String {
    entitlements.categoryDescription
  }

  /// The values that occur more than once, in order of their first repeat.
  static func duplicates<Value: Hashable>(_ values: [Value]) -> [Value] {
    var seen: Set<Value> = []
    var reported: Set<Value> = []
    var result: [Value] = []
    for value in values where !seen.insert(value).inserted {
      if reported.insert(value).inserted { result.append(value) }
    }
    return result
  }
}

extension CarScreen {
  /// The template the first pushed template sits on: the selected tab or the root.
  var stackBase: TemplateSpec {
    if case .tabBar(let bar) = root.content, let tab = bar.selectedTab { return tab }
    return root
  }
}
