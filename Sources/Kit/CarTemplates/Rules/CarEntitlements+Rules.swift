/// A combination of CarPlay categories that Apple does not grant, or no category at all.
public struct EntitlementError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The categories that were asked for, sorted by name.
  public var categories: [CarCategory]
  /// What failed and what was expected.
  public var message: String

  /// The message.
  public var description: String { message }
}

extension CarEntitlements {
  /// The categories as messages name them: "the evCharging category", "the evCharging + fueling
  /// category", or "an app without category".
  public var categoryDescription: String {
    let names = sortedCategories.map(\.rawValue).joined(separator: " + ")
    return names.isEmpty ? "an app without category" : "the \(names) category"
  }

  /// The category pairs an app may hold together: EV charging + fueling
  /// (carplay-facts.md §5 [DG25 §Entitlements footnote]) and audio + video
  /// (carplay-facts.md §5 [DOC …/carplay-audio; W26-212]). Every other app holds one category
  /// ("use a single entitlement" [W20-10635]).
  public static let allowedCombinations: [Set<CarCategory>] = [
    [.evCharging, .fueling],
    [.audio, .video],
  ]

  /// Checked entitlements: one category, or one of ``allowedCombinations``.
  ///
  /// - Throws: ``EntitlementError`` naming the categories and the allowed pairs otherwise.
  public static func validated(_ categories: Set<CarCategory>) throws -> CarEntitlements {
    let sorted = categories.sorted { $0.rawValue < $1.rawValue }
    if categories.isEmpty {
      throw EntitlementError(
        categories: [],
        message:
          "No CarPlay category given; expected exactly one category, or one of the pairs "
          + Self.allowedCombinationsText + " (carplay-facts.md §5).")
    }
    if categories.count == 1 || allowedCombinations.contains(categories) {
      return CarEntitlements(categories)
    }
    let names = sorted.map(\.entitlementKey).joined(separator: " + ")
    throw EntitlementError(
      categories: sorted,
      message:
        "The CarPlay entitlements \(names) cannot be combined; an app holds one category, or one "
        + "of the pairs \(Self.allowedCombinationsText) (carplay-facts.md §5).")
  }

  /// Checked entitlements from a list of categories; see ``validated(_:)-swift.type.method``.
  public static func validated(_ categories: CarCategory...) throws -> CarEntitlements {
    try validated(Set(categories))
  }

  /// Whether this combination is one Apple grants.
  public var isValid: Bool {
    categories.count == 1 || Self.allowedCombinations.contains(categories)
  }

  /// The categories sorted by name, for stable messages.
  public var sortedCategories: [CarCategory] { categories.sorted { $0.rawValue < $1.rawValue } }

  /// The template kinds these entitlements allow: the union over the categories
  /// (carplay-facts.md §5 matrix).
  public var allowedTemplateKinds: Set<TemplateKind> {
    categories.reduce(into: Set<TemplateKind>()) {
      $0.formUnion(CategoryMatrix.allowedKinds(for: $1))
    }
  }

  /// Whether these entitlements allow a template kind (carplay-facts.md §5 matrix).
  public func allows(_ kind: TemplateKind) -> Bool { allowedTemplateKinds.contains(kind) }

  /// The template kinds these entitlements allow on a phone with this iOS version: the union
  /// over the categories (``CategoryMatrix/allowedKinds(for:systemVersion:)``).
  public func allowedTemplateKinds(on systemVersion: SystemVersion) -> Set<TemplateKind> {
    categories.reduce(into: Set<TemplateKind>()) {
      $0.formUnion(CategoryMatrix.allowedKinds(for: $1, systemVersion: systemVersion))
    }
  }

  /// Whether these entitlements allow a template kind on a phone with this iOS version.
  public func allows(_ kind: TemplateKind, on systemVersion: SystemVersion) -> Bool {
    allowedTemplateKinds(on: systemVersion).contains(kind)
  }

  /// Maximum navigation depth including the root: the smallest of the categories' depths.
  ///
  /// Apple does not say which depth applies to a combined app (carplay-facts.md §2, §11:
  /// UNCONFIRMED); the smallest is the conservative choice, so EV charging + fueling gets 3.
  public var maximumDepth: Int {
    categories.map(\.maximumDepth).min() ?? CarCategory.defaultMaximumDepth
  }

  /// Maximum tabs: the smallest of the categories' tab counts (conservative for combined apps,
  /// UNCONFIRMED; carplay-facts.md §1.3).
  public var maximumTabCount: Int {
    categories.map(\.maximumTabCount).min() ?? CarCategory.defaultMaximumTabCount
  }

  private static var allowedCombinationsText: String {
    "EV charging + fueling, audio + video"
  }
}

extension CarCategory {
  /// Depth for most categories (audio, communication, EV charging, parking, navigation, public
  /// safety): 5 templates including the root (carplay-facts.md §2 [DG25 §Templates]).
  public static let defaultMaximumDepth = 5

  /// Tabs for every category except audio: 5 (carplay-facts.md §1.3 [DG25 §Tab bar template];
  /// a run-time value that "may change").
  public static let defaultMaximumTabCount = 5

  /// Tabs for audio apps: 4 (carplay-facts.md §1.3 [DG25 §Tab bar template]).
  public static let audioMaximumTabCount = 4

  /// Maximum navigation depth including the root template (carplay-facts.md §2).
  ///
  /// - 5: audio, communication, EV charging, parking, navigation [DG25 §Templates]; public
  ///   safety (SECONDARY, DG26*).
  /// - 3: fueling [DG25 §Templates]; voice-based conversational (SECONDARY, Axiom reference).
  /// - 2: driving task and quick food ordering [DG25 §Templates]. A later guide may allow 3
  ///   (SECONDARY, UNCONFIRMED): 2 is kept as the conservative value.
  /// - Video: UNCONFIRMED (no source). 3 is chosen, the smallest depth any media-like category
  ///   is reported to have, so apps built against the emulator stay within the real limit.
  public var maximumDepth: Int {
    switch self {
    case .audio, .communication, .evCharging, .parking, .navigation, .publicSafety:
      Self.defaultMaximumDepth
    case .fueling, .voiceConversational: 3
    case .video: 3
    case .drivingTask, .quickFoodOrdering: 2
    }
  }

  /// The tab bar's `maximumTabCount` for this category: 4 for audio, 5 for the others
  /// (carplay-facts.md §1.3 [DG25 §Tab bar template]). Video is not in the guide
  /// (UNCONFIRMED); it gets the audio value, 4, as the conservative choice for a media app.
  public var maximumTabCount: Int {
    switch self {
    case .audio, .video: Self.audioMaximumTabCount
    default: Self.defaultMaximumTabCount
    }
  }
}
