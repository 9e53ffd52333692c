import CarTemplates

/// Where a template kind may appear (carplay-facts.md §2, "Which template can go where").
public struct TemplatePlacements: Hashable, Sendable {
  /// May be installed with `setRootTemplate`.
  public var root: Bool
  /// May be pushed.
  public var push: Bool
  /// May be presented modally.
  public var present: Bool
  /// May be a tab of a tab bar.
  public var tab: Bool

  /// Creates placements.
  public init(root: Bool, push: Bool, present: Bool, tab: Bool) {
    self.root = root
    self.push = push
    self.present = present
    self.tab = tab
  }
}

/// A template as the car shows it after the host's silent truncation, with one note per
/// truncation (e.g. "13 points of interest, first 12 shown").
public struct TruncatedTemplate: Hashable, Sendable {
  /// The template as shown.
  public var shown: TemplateSpec
  /// What was dropped, one sentence each; empty when nothing was.
  public var notes: [String]

  /// Creates a truncation result.
  public init(shown: TemplateSpec, notes: [String]) {
    self.shown = shown
    self.notes = notes
  }
}

/// The CarPlay rules a host and a session consult: the category × template matrix, placement,
/// depth, tab count, truncation and the lint.
///
/// The seam between the host/session and the rule tables in `CarTemplates`; ``KitCarRules``
/// (``CarRules/standard``) adapts those tables and is what every host uses unless a test
/// injects other rules (a car with different run-time limits, say).
public protocol CarRules: Sendable {
  /// The most templates the navigation hierarchy may hold, root included (§2).
  func maximumDepth(for entitlements: CarEntitlements) -> Int
  /// The template kinds the entitlements allow (§5 matrix), in a stable order.
  func allowedKinds(for entitlements: CarEntitlements) -> [TemplateKind]
  /// The template kinds the entitlements allow on the phone of this configuration (§5 matrix
  /// and its iOS 27 additions), in a stable order.
  func allowedKinds(for entitlements: CarEntitlements, configuration: SessionConfiguration)
    -> [TemplateKind]
  /// Where a template kind may appear (§2).
  func placements(of kind: TemplateKind) -> TemplatePlacements
  /// The most tabs a tab bar may have for these entitlements (§1.3; more throws).
  func maximumTabCount(
    for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> Int
  /// The template as the host shows it, with what was silently dropped (§10).
  func truncate(
    _ template: TemplateSpec, for entitlements: CarEntitlements,
    configuration: SessionConfiguration
  ) -> TruncatedTemplate
  /// The lint: every rule the screen breaks for this category and configuration.
  func lint(
    _ screen: CarScreen, for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> [Diagnostic]
  /// The run-time limits in force for these entitlements in this car (what renderers show).
  func limits(for entitlements: CarEntitlements, configuration: SessionConfiguration)
    -> CarLimits
}

extension CarRules {
  /// The kinds ``allowedKinds(for:)`` gives, with what the phone's iOS version adds for these
  /// entitlements (`CarEntitlements.allowedTemplateKinds(on:)`).
  public func allowedKinds(
    for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> [TemplateKind] {
    let base = allowedKinds(for: entitlements)
    let added = entitlements.allowedTemplateKinds(on: configuration.systemVersion)
      .subtracting(entitlements.allowedTemplateKinds)
    return base + TemplateKind.allCases.filter { added.contains($0) && !base.contains($0) }
  }

  /// The emulator's default limits for these entitlements and this configuration.
  public func limits(for entitlements: CarEntitlements, configuration: SessionConfiguration)
    -> CarLimits
  {
    CarLimits.limits(for: entitlements, configuration: configuration)
  }
}

extension CarRules where Self == KitCarRules {
  /// The rules every host and session uses by default.
  public static var standard: KitCarRules { KitCarRules() }
}
