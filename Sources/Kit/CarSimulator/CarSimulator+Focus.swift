import CarRender
import CarSession
import CarTemplates

/// How the driver works the car's screen: by touching it, or by moving a focus with a rotary
/// knob or a touch pad (cars without a touch screen drive CarPlay that way).
public enum CarInputKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A touch screen: the driver taps what they want.
  case touch
  /// A rotary knob: turning moves the focus, pressing selects, its back button pops.
  case knob
  /// A touch pad: swiping moves the focus, clicking selects, its back button pops.
  case touchPad = "touchpad"

  /// Reads `touch`, `knob`, `touchpad` or `touch-pad`; nil for anything else.
  public init?(word: String) {
    switch word.lowercased() {
    case "touch": self = .touch
    case "knob": self = .knob
    case "touchpad", "touch-pad": self = .touchPad
    default: return nil
    }
  }

  /// `touch`, `knob` or `touchpad`, as journeys and the panel write it.
  public var description: String { rawValue }

  /// Whether the car moves a focus (knob or touch pad).
  public var movesFocus: Bool { self != .touch }
}

/// A knob or touch-pad gesture.
public enum KnobMove: String, Hashable, Sendable, CaseIterable {
  /// Turn (or swipe) forward: the focus moves to the next item in reading order.
  case next
  /// Turn (or swipe) back: the focus moves to the previous item.
  case previous
  /// Press (or click): the focused item is selected as a tap would select it.
  case select
  /// The knob's back button: pops the top template, as the back button does.
  case back
}

/// One item a knob can focus on the shown screen: what selecting it does.
public struct FocusItem: Hashable, Sendable, CustomStringConvertible {
  /// The driver action selecting the item performs (a tap on it).
  public var action: DriverAction
  /// Whether the item belongs to the template's content (not its tab or navigation bar): focus
  /// lands on the first such item when a template comes to the top.
  public var isContent: Bool

  /// The action as a journey spells it, e.g. `tap row kassel-hbf`.
  public var description: String { action.description }
}

extension CarSimulator {
  // MARK: - Focus (knob and touch-pad cars)

  /// The focusable items of the screen in front, in reading order: the presented alert or
  /// action sheet's actions when one is up; else the tab bar (when drawn), the navigation bar
  /// (back, leading, trailing) and the top template's content top to bottom.
  ///
  /// The fact sheet is silent on focus order (it mentions knobs and touch pads only for map
  /// panning, carplay-facts.md §1.6), so this model chooses reading order: top to bottom,
  /// leading to trailing, as the simulator draws the template. Only what the host shows (after
  /// its limits) and what is enabled can take focus.
  public var focusItems: [FocusItem] {
    guard appState == .running, let shown = shownScreen else { return [] }
    if let modal = shown.modal { return Self.focusItems(ofModal: modal) }
    let screen = shown.visible
    let top = screen.top
    var items: [FocusItem] = []
    if case .tabBar(let bar) = screen.root.content,
      screen.stack.isEmpty || top.kind != .nowPlaying
    {
      items += bar.tabs.indices.map { FocusItem(action: .selectTab($0), isContent: false) }
    }
    if !screen.stack.isEmpty, top.kind != .voiceControl {
      items.append(FocusItem(action: .back, isContent: false))
    }
    items += Self.barItems(of: top).map { FocusItem(action: .press($0), isContent: false) }
    items += Self.contentItems(of: top).map { FocusItem(action: $0, isContent: true) }
    return items
  }

  /// The focused item, nil on a touch-only car or when nothing on screen can take focus.
  ///
  /// Each template remembers its focus while it stays installed, so going back lands on the
  /// row that was selected; a template new to the top starts on its first content item. When
  /// the focused item goes away (the app updated the template) the focus stays at its place
  /// in the order, unless the driver selected it and it went with what it opened (a point's
  /// card replaces the points): then the template's first content item takes the focus.
  public var focusedItem: FocusItem? {
    guard inputKind.movesFocus, let scope = focusScope else { return nil }
    let items = focusItems
    guard let index = Self.focusIndex(in: items, remembered: focusMemory[scope]) else {
      return nil
    }
    return items[index]
  }

  /// The template focus moves in: the presented modal, else the top template.
  var focusScope: TemplateID? {
    guard appState == .running, let shown = shownScreen else { return nil }
    return shown.modal?.id ?? shown.visible.top.id
  }

  static func focusIndex(in items: [FocusItem], remembered: FocusMemory?) -> Int? {
    guard !items.isEmpty else { return nil }
    let first = items.firstIndex(where: \.isContent) ?? 0
    guard let remembered else { return first }
    if let index = items.firstIndex(where: { $0.action == remembered.action }) { return index }
    // Now Playing's play button turns into pause when pressed (and back): the focus stays on
    // it, at its place in the order.
    if case .remote = remembered.action, items.indices.contains(remembered.index),
      case .remote = items[remembered.index].action
    {
      return remembered.index
    }
    // The item the driver selected went away with what it opened (a point's card replaces
    // the points): the template starts afresh. Else the focus keeps its place in the order.
    if remembered.wasSelected { return first }
    return min(max(0, remembered.index), items.count - 1)
  }

  /// Forgets the focus of templates no longer installed (called after each host change).
  func forgetFocusOfRemovedTemplates() {
    guard !focusMemory.isEmpty else { return }
    guard let screen else {
      focusMemory = [:]
      return
    }
    var installed: Set<TemplateID> = [screen.root.id]
    if case .tabBar(let bar) = screen.root.content { installed.formUnion(bar.tabs.map(\.id)) }
    for template in screen.stacks.flatMap({ $0 }) { installed.insert(template.id) }
    if let modal = screen.modal { installed.insert(modal.id) }
    focusMemory = focusMemory.filter { installed.contains($0.key) }
  }

  /// Checks a knob gesture against the shown screen; the closure carries it out. Select and
  /// back are planned as the tap and the back button they stand for, so every rule of those
  /// applies unchanged.
  func planKnob(_ move: KnobMove) throws(DriverError) -> () -> SelectionTicket? {
    let what = "knob \(move.rawValue)"
    guard inputKind.movesFocus else {
      throw DriverError(
        "\(what): this car has a touch screen and no knob or touch pad; connect it with "
          + "input=knob or input=touchpad")
    }
    _ = try runningScreen(what)
    switch move {
    case .back:
      // An open point card is closed by the knob's back button, as by its ✕: the card is
      // not a pushed template, and back would otherwise leave the driver stuck on it (the
      // fact sheet is silent on knobs and cards, carplay-facts.md §1.5).
      if shownScreen?.modal == nil, case .pointOfInterest(let poi)? = shownScreen?.visible.top.content,
        poi.selectedIndex != nil
      {
        return try plan(.closeCard)
      }
      do {
        return try plan(.back)
      } catch {
        throw DriverError("\(what): \(error.message)")
      }
    case .select:
      let items = focusItems
      guard let scope = focusScope,
        let index = Self.focusIndex(in: items, remembered: focusMemory[scope])
      else {
        throw DriverError("\(what): nothing on screen can take focus")
      }
      let item = items[index]
      let tap: () -> SelectionTicket?
      do {
        tap = try plan(item.action)
      } catch {
        throw DriverError("\(what) (\(item)): \(error.message)")
      }
      return {
        self.focusMemory[scope] = FocusMemory(action: item.action, index: index, wasSelected: true)
        return tap()
      }
    case .next, .previous:
      let items = focusItems
      guard let scope = focusScope,
        let index = Self.focusIndex(in: items, remembered: focusMemory[scope])
      else {
        throw DriverError("\(what): nothing on screen can take focus")
      }
      // The focus stops at the ends (no wrap-around): the fact sheet is silent, and a knob
      // that stops is what the driver can count on.
      let target = move == .next ? min(index + 1, items.count - 1) : max(index - 1, 0)
      let item = items[target]
      return {
        self.forgetFocusOfRemovedTemplates()
        self.focusMemory[scope] = FocusMemory(
          action: item.action, index: target, wasSelected: false)
        self.noteState(
          target == index
            ? "focus stays on '\(item)' in '\(scope)' (\(move == .next ? "last" : "first") item)"
            : "focus '\(item)' in '\(scope)'")
        return nil
      }
    }
  }

  /// Where a template's focus was, by action and by place.
  struct FocusMemory: Hashable {
    var action: DriverAction
    var index: Int
    /// Whether the driver selected the item (knob select), not only moved to it.
    var wasSelected: Bool
  }

  // MARK: Items per template

  static func barItems(of template: TemplateSpec) -> [ElementID] {
    func bar(_ b: NavigationBarSpec) -> [ElementID] {
      (b.leading + b.trailing).filter(\.isEnabled).map(\.id)
    }
    switch template.content {
    case .list(let list): return bar(list.navigationBar)
    case .grid(let grid): return bar(grid.navigationBar)
    case .information(let info): return bar(info.navigationBar)
    case .pointOfInterest(let poi): return bar(poi.navigationBar)
    case .map(let map): return bar(map.navigationBar)
    case .contact(let contact): return bar(contact.navigationBar)
    case .voiceControl(let voice): return bar(voice.navigationBar)
    case .nowPlaying, .search, .tabBar, .alert, .actionSheet: return []
    }
  }

  static func contentItems(of template: TemplateSpec) -> [DriverAction] {
    switch template.content {
    case .list(let list):
      var items = (list.detailsHeader?.actionButtons ?? []).filter(\.isEnabled)
        .map { DriverAction.press($0.id) }
      items += list.headerGridButtons.filter(\.isEnabled).map { .press($0.id) }
      for row in list.allRows {
        switch row {
        case .item(let item) where item.isEnabled: items.append(.tapRow(item.id))
        case .item: break
        case .imageRow(let imageRow):
          items.append(.tapRow(imageRow.id))
          items += imageRow.images.indices.map { .tapImage(row: imageRow.id, index: $0) }
        }
      }
      return items
    case .grid(let grid): return grid.buttons.filter(\.isEnabled).map { .press($0.id) }
    case .information(let info):
      // The actions first, where focus lands (they stay in view below the rows), then every
      // row top to bottom, so a knob driver can read down a list longer than the display (the
      // fact sheet is silent on information templates and focus: the simulator's choice).
      return info.actions.map { .press($0.id) } + info.items.indices.map { .readItem($0) }
    case .pointOfInterest(let poi):
      if let index = poi.selectedIndex, poi.points.indices.contains(index) {
        let point = poi.points[index]
        // The card's buttons first (focus lands on them), then its ✕ (closeCard).
        return (point.primaryButton == nil ? [] : [.pressPrimary])
          + (point.secondaryButton == nil ? [] : [.pressSecondary]) + [.closeCard]
      }
      return poi.points.map { .selectPoint($0.id) }
    case .map(let map):
      // The trip preview's Go buttons (focus lands on the first), the panning arrows while
      // panning, then the map buttons: what a finger can reach on the map.
      let routes =
        map.navigationSession == nil
        ? map.tripPreviews.flatMap(\.routeChoices).map { DriverAction.startRoute($0.id) } : []
      let arrows = map.isPanning ? PanDirection.allCases.map { DriverAction.pan($0) } : []
      return routes + arrows
        + map.mapButtons.filter { $0.isEnabled && !$0.isHidden }.map { .press($0.id) }
    case .nowPlaying(let spec):
      // The system's transport buttons first (previous, play or pause, next) when something
      // plays, then the app's buttons, album/artist and Up Next.
      let transport: [DriverAction] =
        spec.info.map { info in
          [
            .remote(.previousTrack),
            .remote(info.playbackRate > 0 ? .pause : .play),
            .remote(.nextTrack),
          ]
        } ?? []
      return transport + spec.buttons.filter(\.isEnabled).map { .press($0.id) }
        + (spec.isAlbumArtistButtonEnabled ? [.pressAlbumArtist] : [])
        + (spec.isUpNextButtonEnabled ? [.pressUpNext] : [])
    case .search(let search): return search.results.map { .tapRow($0.id) }
    case .contact(let contact): return contact.actions.map { .press($0.id) }
    case .voiceControl(let voice):
      let state = voice.states.first { $0.id == voice.activeStateID } ?? voice.states.first
      return (state?.actionButtons ?? []).filter(\.isEnabled).map { .press($0.id) }
    case .tabBar, .alert, .actionSheet: return []
    }
  }

  static func focusItems(ofModal modal: TemplateSpec) -> [FocusItem] {
    let actions: [AlertActionSpec]
    switch modal.content {
    case .alert(let alert): actions = alert.actions
    case .actionSheet(let sheet): actions = sheet.actions
    default: actions = []
    }
    return actions.map { FocusItem(action: .choose($0.id), isContent: true) }
  }
}

extension DriverAction {
  /// How the web simulator's display marks the element this action taps: the page event kinds
  /// that can carry it and the attributes it has (`e`, `i`, `which`); nil for actions without
  /// an element on screen.
  public var pageElement: FocusedElement? {
    let verbs = Self.vocabulary.filter { words.starts(with: $0.keywords) && !$0.page.isEmpty }
    guard let verb = verbs.max(by: { $0.keywords.count < $1.keywords.count }) else { return nil }
    var attributes: [String: String] = [:]
    for spelling in verb.page { if let which = spelling.which { attributes["which"] = which } }
    switch self {
    case .tapRow(let id), .selectPoint(let id), .press(let id), .choose(let id),
      .startRoute(let id):
      attributes["e"] = id.rawValue
    case .tapImage(let row, let index):
      attributes["e"] = row.rawValue
      attributes["i"] = String(index)
    case .selectTab(let index), .readItem(let index): attributes["e"] = String(index)
    case .remote(let command): attributes["e"] = command.words.first
    case .pan(let direction): attributes["which"] = direction.rawValue
    default: break
    }
    return FocusedElement(events: verb.page.map(\.event), attributes: attributes)
  }
}
