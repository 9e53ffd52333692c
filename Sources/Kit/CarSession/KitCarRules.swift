import CarTemplates

/// The CarPlay rules as `CarTemplates` defines them: `CarEntitlements` depth, matrix and tab
/// counts, `TemplatePlacement`, `CarLimits`, `HostTruncation` and `CarLint`.
///
/// Every value cites its source in carplay-facts.md where it is defined; this type only
/// adapts them to the ``CarRules`` seam the host and session consult.
public struct KitCarRules: CarRules {
  /// The unrestricted car's run-time limits.
  public var base: CarLimits

  /// Creates the rules over a car's run-time limits (the emulator's defaults unless given).
  public init(base: CarLimits = .emulatorDefault) { self.base = base }

  /// The smallest depth of the held categories, root included (carplay-facts.md §2).
  public func maximumDepth(for entitlements: CarEntitlements) -> Int {
    entitlements.maximumDepth
  }

  /// The §5 matrix: the union over the held categories.
  public func allowedKinds(for entitlements: CarEntitlements) -> [TemplateKind] {
    TemplateKind.allCases.filter(entitlements.allows)
  }

  /// The §5 matrix with the additions of the configuration's iOS version.
  public func allowedKinds(
    for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> [TemplateKind] {
    TemplateKind.allCases.filter { entitlements.allows($0, on: configuration.systemVersion) }
  }

  /// The §2 placement table.
  public func placements(of kind: TemplateKind) -> TemplatePlacements {
    TemplatePlacements(
      root: kind.canBe(.root), push: kind.canBe(.push), present: kind.canBe(.present),
      tab: kind.canBe(.tab))
  }

  /// `maximumTabCount` for these entitlements in this car (carplay-facts.md §1.3).
  public func maximumTabCount(
    for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> Int {
    CarLimits.limits(for: entitlements, configuration: configuration, base: base).maximumTabCount
  }

  /// The limits in force: ``base`` with the categories' depth and tab count and the car's
  /// current limitations (carplay-facts.md §1.1, §1.3, §2).
  public func limits(for entitlements: CarEntitlements, configuration: SessionConfiguration)
    -> CarLimits
  {
    CarLimits.limits(for: entitlements, configuration: configuration, base: base)
  }

  /// `HostTruncation.apply(to:limits:)` under the car's current limits.
  public func truncate(
    _ template: TemplateSpec, for entitlements: CarEntitlements,
    configuration: SessionConfiguration
  ) -> TruncatedTemplate {
    let limits = CarLimits.limits(for: entitlements, configuration: configuration, base: base)
    let (shown, truncations) = HostTruncation.apply(to: template, limits: limits)
    return TruncatedTemplate(shown: shown, notes: truncations.map(\.description))
  }

  /// `CarLint.validate(screen:entitlements:configuration:base:)`.
  public func lint(
    _ screen: CarScreen, for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> [Diagnostic] {
    CarLint.validate(
      screen: screen, entitlements: entitlements, configuration: configuration, base: base)
  }
}
