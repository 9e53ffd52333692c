/// One silent trim the host made: which template, which limit, what was given and kept, and
/// the ids of what the driver will not see.
public struct Truncation: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The template that was trimmed.
  public var templateID: TemplateID
  /// The limit that applied.
  public var limit: HostLimit
  /// The element that holds the trimmed things (an image row, a voice state, a trip), if any.
  public var element: ElementID?
  /// How many were given.
  public var given: Int
  /// How many the host kept.
  public var kept: Int
  /// The ids of the dropped elements, in the app's order (empty when they have no ids).
  public var removed: [ElementID]

  /// Creates a truncation record.
  public init(
    templateID: TemplateID, limit: HostLimit, element: ElementID? = nil, given: Int, kept: Int,
    removed: [ElementID] = []
  ) {
    self.templateID = templateID
    self.limit = limit
    self.element = element
    self.given = given
    self.kept = kept
    self.removed = removed
  }

  /// `'stations': kept 12 of 15 list items (first N); dropped s13, s14, s15`.
  public var description: String {
    let owner = element.map { "'\(templateID)' '\($0)'" } ?? "'\(templateID)'"
    let ids = removed.map(\.rawValue).joined(separator: ", ")
    if limit == .undisplayableGridButtons {
      return "\(owner): hid \(given - kept) of \(given) grid buttons (no image or no title): \(ids)"
    }
    let dropped = removed.isEmpty ? "" : "; dropped " + ids
    return "\(owner): kept \(kept) of \(given) \(limit.noun) (\(limit.behaviour))\(dropped)"
  }
}

/// The host's silent trimming as pure functions: the template as the real car shows it, plus a
/// report of everything trimmed (carplay-facts.md §10).
///
/// Only counted limits are applied here; structural violations (a refused template, depth, too
/// many tabs, an empty tab bar) make the host throw or go home and are the simulator's and the
/// lint's business (``HostViolation``).
public enum HostTruncation {
  /// The template as the host would show it under these limits, and what was trimmed.
  public static func apply(to template: TemplateSpec, limits: CarLimits) -> (
    TemplateSpec, [Truncation]
  ) {
    var trimmer = Trimmer(templateID: template.id, limits: limits)
    var shown = template
    shown.content = trimmer.trim(template.content)
    return (shown, trimmer.truncations)
  }

  /// The whole screen as the host would show it: root (every tab), stack and modal.
  public static func apply(to screen: CarScreen, limits: CarLimits) -> (CarScreen, [Truncation]) {
    var truncations: [Truncation] = []
    func trim(_ template: TemplateSpec) -> TemplateSpec {
      let (shown, trimmed) = apply(to: template, limits: limits)
      truncations += trimmed
      return shown
    }
    let root = trim(screen.root)
    let stack = screen.stack.map(trim)
    let modal = screen.modal.map(trim)
    return (CarScreen(root: root, stack: stack, modal: modal), truncations)
  }

  /// The dashboard as the host shows it: the first 2 shortcut buttons (carplay-facts.md §4).
  public static func apply(to dashboard: DashboardSpec, id: TemplateID = "dashboard") -> (
    DashboardSpec, [Truncation]
  ) {
    var trimmer = Trimmer(templateID: id, limits: .emulatorDefault)
    var shown = dashboard
    shown.shortcutButtons = trimmer.keepFirst(dashboard.shortcutButtons, .dashboardButtons)
    return (shown, trimmer.truncations)
  }
}

/// Applies counted limits to one template and records what it trimmed.
private struct Trimmer {
  let templateID: TemplateID
  let limits: CarLimits
  var truncations: [Truncation] = []

  init(templateID: TemplateID, limits: CarLimits) {
    self.templateID = templateID
    self.limits = limits
  }

  mutating func trim(_ content: TemplateSpec.Content) -> TemplateSpec.Content {
    switch content {
    case .tabBar(var bar):
      // Each tab is trimmed under its own id; tab count violations throw, they are not trimmed.
      bar.tabs = bar.tabs.map { tab in
        var inner = Trimmer(templateID: tab.id, limits: limits)
        var shown = tab
        shown.content = inner.trim(tab.content)
        truncations += inner.truncations
        return shown
      }
      return .tabBar(bar)
    case .list(let list): return .list(trim(list))
    case .grid(var grid):
      grid.navigationBar = trim(grid.navigationBar)
      grid.buttons = hideUndisplayable(keepFirst(grid.buttons, .gridButtons))
      return .grid(grid)
    case .information(var info):
      info.navigationBar = trim(info.navigationBar)
      info.items = keepFirst(info.items, .informationItems)
      info.actions = keepFirst(info.actions, .informationActions)
      return .information(info)
    case .pointOfInterest(var poi):
      poi.navigationBar = trim(poi.navigationBar)
      poi.points = keepFirst(poi.points, .pointsOfInterest)
      if let index = poi.selectedIndex, !poi.points.indices.contains(index) {
        poi.selectedIndex = nil
      }
      return .pointOfInterest(poi)
    case .map(var map):
      map.navigationBar = trim(map.navigationBar)
      map.mapButtons = keepFirst(
        map.mapButtons, map.isPanning ? .mapButtonsWhilePanning : .mapButtons)
      map.tripPreviews = keepFirst(map.tripPreviews, .tripPreviews).map { trip in
        var shown = trip
        shown.routeChoices = keepFirst(trip.routeChoices, .routeChoices, in: trip.id)
        return shown
      }
      return .map(map)
    case .nowPlaying(var playing):
      playing.buttons = keepFirst(playing.buttons, .nowPlayingButtons)
      return .nowPlaying(playing)
    case .alert(var alert):
      alert.actions = keepLast(alert.actions, .alertActions)
      return .alert(alert)
    case .actionSheet, .search:
      return content
    case .voiceControl(var voice):
      voice.navigationBar = trim(voice.navigationBar)
      voice.states = keepFirst(voice.states, .voiceControlStates).map { state in
        var shown = state
        shown.actionButtons = keepFirst(state.actionButtons, .voiceStateActionButtons, in: state.id)
        return shown
      }
      if let active = voice.activeStateID, !voice.states.contains(where: { $0.id == active }) {
        voice.activeStateID = nil
      }
      return .voiceControl(voice)
    case .contact(var contact):
      contact.navigationBar = trim(contact.navigationBar)
      contact.actions = keepFirst(contact.actions, .contactActions)
      return .contact(contact)
    }
  }

  mutating func trim(_ list: ListTemplateSpec) -> ListTemplateSpec {
    var list = list
    list.navigationBar = trim(list.navigationBar)
    list.headerGridButtons = hideUndisplayable(
      keepFirst(list.headerGridButtons, .headerGridButtons))
    if var header = list.detailsHeader {
      header.actionButtons = keepFirst(header.actionButtons, .detailsHeaderActionButtons)
      list.detailsHeader = header
    }
    // Sections first (first N kept), then items across the remaining sections (first N kept).
    if list.sections.count > limits.maximumSectionCount {
      let dropped = list.sections[limits.maximumSectionCount...]
      record(
        .listSections, given: list.sections.count, kept: limits.maximumSectionCount,
        removed: dropped.flatMap { $0.rows.map(\.id) })
      list.sections = Array(list.sections.prefix(limits.maximumSectionCount))
    }
    let itemLimit: HostLimit =
      limits.listsAreLimited && limits.maximumItemCount == FixedLimits.limitedListItems
      ? .limitedListItems : .listItems
    let given = list.itemCount
    if given > limits.maximumItemCount {
      var remaining = limits.maximumItemCount
      var removed: [ElementID] = []
      var sections: [ListSectionSpec] = []
      for section in list.sections {
        let keep = min(remaining, section.rows.count)
        removed += section.rows.dropFirst(keep).map(\.id)
        remaining -= keep
        // A section whose rows were all trimmed away disappears with them. UNCONFIRMED: Apple
        // says only that the first N items are kept (carplay-facts.md §1.1, §10); whether an
        // emptied section's header stays is not documented. Dropping it is the conservative
        // model: the driver is shown less, so an app that passes here never relies on a header
        // the car may not draw.
        if keep > 0 || section.rows.isEmpty {
          var shown = section
          shown.rows = Array(section.rows.prefix(keep))
          sections.append(shown)
        }
      }
      list.sections = sections
      record(itemLimit, given: given, kept: limits.maximumItemCount, removed: removed)
    }
    list.sections = list.sections.map { section in
      var section = section
      if let index = section.sectionIndexTitle, index.count > FixedLimits.sectionIndexTitleLength {
        record(.sectionIndexTitle, given: index.count, kept: FixedLimits.sectionIndexTitleLength)
        section.sectionIndexTitle = String(index.prefix(FixedLimits.sectionIndexTitleLength))
      }
      section.rows = section.rows.map { row in
        guard case .imageRow(var imageRow) = row else { return row }
        let max = limits.maximumImageRowImageCount
        if imageRow.images.count > max {
          record(.imageRowImages, element: imageRow.id, given: imageRow.images.count, kept: max)
          imageRow.images = Array(imageRow.images.prefix(max))
          imageRow.imageTitles = Array(imageRow.imageTitles.prefix(max))
        }
        return .imageRow(imageRow)
      }
      return section
    }
    return list
  }

  mutating func trim(_ bar: NavigationBarSpec) -> NavigationBarSpec {
    var bar = bar
    bar.leading = keepFirst(bar.leading, .leadingBarButtons)
    bar.trailing = keepFirst(bar.trailing, .trailingBarButtons)
    return bar
  }

  mutating func keepFirst<Element: Identifiable>(
    _ elements: [Element], _ limit: HostLimit, in element: ElementID? = nil
  ) -> [Element] where Element.ID == ElementID {
    let max = limit.value(in: limits)
    guard elements.count > max else { return elements }
    record(
      limit, element: element, given: elements.count, kept: max,
      removed: elements.dropFirst(max).map(\.id))
    return Array(elements.prefix(max))
  }

  /// Keeps the most recently added elements: the last N (alert actions, carplay-facts.md §1.10).
  mutating func keepLast<Element: Identifiable>(_ elements: [Element], _ limit: HostLimit)
    -> [Element] where Element.ID == ElementID
  {
    let max = limit.value(in: limits)
    guard elements.count > max else { return elements }
    record(
      limit, given: elements.count, kept: max, removed: elements.dropLast(max).map(\.id))
    return Array(elements.suffix(max))
  }

  /// Hides grid buttons without an image or title (carplay-facts.md §1.2). Applied after the
  /// count limit, the conservative order: the 8-button cut may leave fewer than 8 visible.
  mutating func hideUndisplayable(_ buttons: [GridButtonSpec]) -> [GridButtonSpec] {
    let hidden = buttons.filter { !$0.isDisplayable }
    guard !hidden.isEmpty else { return buttons }
    record(
      .undisplayableGridButtons, given: buttons.count, kept: buttons.count - hidden.count,
      removed: hidden.map(\.id))
    return buttons.filter(\.isDisplayable)
  }

  mutating func record(
    _ limit: HostLimit, element: ElementID? = nil, given: Int, kept: Int, removed: [ElementID] = []
  ) {
    truncations.append(
      Truncation(
        templateID: templateID, limit: limit, element: element, given: given, kept: kept,
        removed: removed))
  }
}
