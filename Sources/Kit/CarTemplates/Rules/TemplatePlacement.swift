/// Where a template can be put on the CarPlay screen (carplay-facts.md §2 "Which template can
/// go where").
public enum TemplatePlacement: String, Hashable, Sendable, Codable, CaseIterable,
  CustomStringConvertible
{
  /// `setRootTemplate`.
  case root
  /// `pushTemplate` onto the navigation stack (of the selected tab when the root is a tab bar).
  case push
  /// `presentTemplate`: modal, one at a time.
  case present
  /// The first template of a tab of a tab bar.
  case tab

  /// The raw value, e.g. `push`.
  public var description: String { rawValue }

  /// The interface-controller call or place, for messages.
  public var operationName: String {
    switch self {
    case .root: "setRootTemplate"
    case .push: "pushTemplate"
    case .present: "presentTemplate"
    case .tab: "a tab of CPTabBarTemplate"
    }
  }
}

extension TemplateKind {
  /// The placements CarPlay allows for this kind (carplay-facts.md §2 table).
  ///
  /// UNCONFIRMED or conflicting entries take the conservative answer (not allowed):
  /// - information, point of interest, search, Now Playing, contact as **root**: UNCONFIRMED →
  ///   not allowed (put them in a tab, or push them).
  /// - map **pushed**: UNCONFIRMED → not allowed (the map is the navigation app's root).
  /// - information and contact **presented**: the class pages say yes, the `presentTemplate`
  ///   header lists only action sheet, alert and voice control → not allowed.
  /// - search and contact as a **tab**: UNCONFIRMED → not allowed. Information as a tab is
  ///   SECONDARY (the 2026 guide as quoted: tabs hold grid, information, list and point of
  ///   interest) and is allowed.
  public var allowedPlacements: Set<TemplatePlacement> {
    switch self {
    case .tabBar: [.root]
    case .list, .grid: [.root, .push, .tab]
    case .information, .pointOfInterest: [.push, .tab]
    case .map: [.root]
    case .search, .nowPlaying, .contact: [.push]
    case .alert, .actionSheet: [.present]
    case .voiceControl: [.push, .present]
    }
  }

  /// Whether carplay-facts.md §2 leaves this placement UNCONFIRMED or conflicting, so that
  /// Wayside's refusal of it is the model's conservative choice, not CarPlay's documented rule:
  /// information, point of interest, search, Now Playing and contact as root; a pushed map;
  /// information and contact presented; search and contact as a tab. Messages about such a
  /// refusal say so.
  public func isUnconfirmed(_ placement: TemplatePlacement) -> Bool {
    switch (self, placement) {
    case (.information, .root), (.pointOfInterest, .root), (.search, .root),
      (.nowPlaying, .root), (.contact, .root), (.map, .push), (.information, .present),
      (.contact, .present), (.search, .tab), (.contact, .tab):
      true
    default: false
    }
  }

  /// Whether this kind may be placed there (carplay-facts.md §2).
  public func canBe(_ placement: TemplatePlacement) -> Bool {
    allowedPlacements.contains(placement)
  }

  /// Whether a template of this kind may be pushed directly above `below`.
  ///
  /// Only a list may be pushed on top of Now Playing, e.g. the Up Next queue
  /// (carplay-facts.md §1.9 [DG25 §Now playing template; W20-10635]).
  public func canBePushed(above below: TemplateKind) -> Bool {
    below != .nowPlaying || self == .list
  }

  /// The kinds that may be presented modally: action sheet, alert, voice control
  /// (carplay-facts.md §2 [HDR CPInterfaceController.rs]).
  public static let presentable: Set<TemplateKind> = Set(allCases.filter { $0.canBe(.present) })

  /// The kinds that may be tabs: list, grid, information, point of interest
  /// (carplay-facts.md §1.3, §2).
  public static let tabbable: Set<TemplateKind> = Set(allCases.filter { $0.canBe(.tab) })
}
