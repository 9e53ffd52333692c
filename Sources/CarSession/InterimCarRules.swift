import CarTemplates

/// The rule tables the host and session use until `CarTemplates` provides the complete ones
/// (`CarLimits`, `HostTruncation`, `CarLint`).
///
/// SEAM: this type only carries what the host itself needs (depth, matrix, placement, tab
/// count, the fixed truncations of §10) with values from carplay-facts.md; its `lint` returns
/// nothing. It is replaced by an adapter over the `CarTemplates` tables once they are merged.
public struct InterimCarRules: CarRules {
  /// Creates the rules.
  public init() {}

  /// 5 for most categories, 3 for fueling, 2 for driving task and quick food ordering
  /// (carplay-facts.md §2, DG25). Video: UNCONFIRMED, modelled as 5. Voice-based
  /// conversational: 3 (SECONDARY). With two categories the smaller limit applies
  /// (conservative).
  public func maximumDepth(for entitlements: CarEntitlements) -> Int {
    let limits = entitlements.categories.map { category -> Int in
      switch category {
      case .fueling, .voiceConversational: 3
      case .drivingTask, .quickFoodOrdering: 2
      default: 5
      }
    }
    return limits.min() ?? 5
  }

  /// The union of the §5 matrix rows of the held categories. Public safety uses the EV
  /// charging row and video the audio row (both UNCONFIRMED; the narrower reading).
  public func allowedKinds(for entitlements: CarEntitlements) -> [TemplateKind] {
    let common: Set<TemplateKind> = [.actionSheet, .alert, .grid, .list, .tabBar]
    var allowed = Set<TemplateKind>()
    for category in entitlements.categories {
      allowed.formUnion(common)
      switch category {
      case .audio, .video: allowed.insert(.nowPlaying)
      case .communication: allowed.formUnion([.information, .nowPlaying, .contact])
      case .navigation:
        allowed.formUnion([.information, .contact, .map, .search, .voiceControl])
      case .drivingTask, .evCharging, .fueling, .parking, .quickFoodOrdering, .publicSafety:
        allowed.formUnion([.information, .pointOfInterest])
      case .voiceConversational: allowed.insert(.voiceControl)
      }
    }
    return TemplateKind.allCases.filter(allowed.contains)
  }

  /// The §2 placement table; UNCONFIRMED root cells (information, point of interest, search,
  /// Now Playing, contact) are allowed as roots because shipping apps use them that way.
  public func placements(of kind: TemplateKind) -> TemplatePlacements {
    switch kind {
    case .tabBar: TemplatePlacements(root: true, push: false, present: false, tab: false)
    case .list, .grid, .information, .pointOfInterest:
      TemplatePlacements(root: true, push: true, present: false, tab: true)
    case .map, .search, .nowPlaying, .contact:
      TemplatePlacements(root: true, push: true, present: false, tab: false)
    case .alert, .actionSheet:
      TemplatePlacements(root: false, push: false, present: true, tab: false)
    case .voiceControl: TemplatePlacements(root: false, push: true, present: true, tab: false)
    }
  }

  /// 4 tabs for audio apps, 5 for all others (carplay-facts.md §1.3, DG25 §Tab bar template).
  public func maximumTabCount(
    for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> Int {
    entitlements.categories.contains(.audio) ? 4 : 5
  }

  /// The fixed truncations of carplay-facts.md §10: 12 points of interest, 10 information items
  /// and 3 actions, 8 grid buttons (undisplayable ones hidden), 2 + 2 navigation-bar buttons,
  /// 4 map buttons (2 while panning), and 12 list items while lists are limited (§1.1).
  public func truncate(
    _ template: TemplateSpec, for entitlements: CarEntitlements,
    configuration: SessionConfiguration
  ) -> TruncatedTemplate {
    var shown = template
    var notes: [String] = []
    func cap<T>(_ items: inout [T], _ limit: Int, _ what: String) {
      guard items.count > limit else { return }
      notes.append("\(template.label): \(items.count) \(what), first \(limit) shown")
      items = Array(items.prefix(limit))
    }
    func capBar(_ bar: inout NavigationBarSpec) {
      cap(&bar.leading, 2, "leading bar buttons")
      cap(&bar.trailing, 2, "trailing bar buttons")
    }
    switch template.content {
    case .list(var list):
      if configuration.limitedUserInterfaces.contains(.lists), list.itemCount > 12 {
        notes.append(
          "\(template.label): \(list.itemCount) items, first 12 shown (lists limited)")
        var remaining = 12
        list.sections = list.sections.compactMap { section in
          guard remaining > 0 else { return nil }
          var section = section
          section.rows = Array(section.rows.prefix(remaining))
          remaining -= section.rows.count
          return section
        }
      }
      capBar(&list.navigationBar)
      shown.content = .list(list)
    case .pointOfInterest(var poi):
      cap(&poi.points, 12, "points of interest")
      if let selected = poi.selectedIndex, selected >= poi.points.count { poi.selectedIndex = nil }
      capBar(&poi.navigationBar)
      shown.content = .pointOfInterest(poi)
    case .information(var info):
      cap(&info.items, 10, "information items")
      cap(&info.actions, 3, "information actions")
      capBar(&info.navigationBar)
      shown.content = .information(info)
    case .grid(var grid):
      let displayable = grid.buttons.filter(\.isDisplayable)
      if displayable.count < grid.buttons.count {
        notes.append(
          "\(template.label): \(grid.buttons.count - displayable.count) grid buttons without "
            + "image or title not shown")
      }
      grid.buttons = displayable
      cap(&grid.buttons, 8, "grid buttons")
      capBar(&grid.navigationBar)
      shown.content = .grid(grid)
    case .map(var map):
      cap(&map.mapButtons, map.isPanning ? 2 : 4, "map buttons")
      capBar(&map.navigationBar)
      shown.content = .map(map)
    case .tabBar(var bar):
      bar.tabs = bar.tabs.map { tab in
        let result = truncate(tab, for: entitlements, configuration: configuration)
        notes += result.notes
        return result.shown
      }
      shown.content = .tabBar(bar)
    default:
      break
    }
    return TruncatedTemplate(shown: shown, notes: notes)
  }

  /// SEAM: the lint lives in `CarTemplates` (`CarLint.validate`); until it is merged this
  /// returns no diagnostics.
  public func lint(
    _ screen: CarScreen, for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> [HostDiagnostic] { [] }
}
