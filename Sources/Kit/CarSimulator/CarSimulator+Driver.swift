import CarSession
import CarTemplates
import Geo

/// A driver action that cannot happen on the current screen: the row, tab, button or modal it
/// names is not shown.
public struct DriverError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was attempted and what the screen offers instead.
  public var message: String
  /// Creates an error.
  public init(_ message: String) { self.message = message }
  /// The message: what the driver tried and what the screen shows instead.
  public var description: String { message }
}

extension CarSimulator {
  // MARK: - Driver actions

  /// Carries out a driver action: the one way journeys, the web simulator and the per-action
  /// methods below act on the car.
  ///
  /// An action whose target is not on screen changes nothing, is recorded in the transcript as
  /// `reject …` and throws, naming what the screen shows instead.
  public func drive(_ action: DriverAction) throws(DriverError) {
    _ = try checked(action)()
  }

  /// Why `action` cannot happen now, or nil when it can; changes nothing and records nothing
  /// (journeys' `expect cannot …`).
  public func refusal(of action: DriverAction) -> DriverError? {
    do {
      _ = try plan(action)
      return nil
    } catch {
      return error
    }
  }

  /// The App Shortcut a spoken phrase runs, if any (carplay-facts.md §7): phrases match as
  /// people say them — ignoring case and punctuation, after the wake words ("Hey Siri, …"),
  /// with the app's name filled in. Said without the app's name ("show fast chargers") the
  /// phrase runs the shortcut of the app on the car's screen: the simulator's Siri box belongs
  /// to that app. (A real phone needs the name, §7; this leniency is the simulator's.)
  public func shortcut(matching phrase: String) -> VoiceShortcut? {
    resolveShortcut(phrase)?.shortcut
  }

  /// The App Shortcut a spoken phrase runs and the values Siri resolves for its parameters
  /// (carplay-facts.md §7): where the phrase has `${NAME}`, what is said there must be one of
  /// the parameter's values (said as one of its `VoiceParameterValue.spoken` forms, case and
  /// punctuation ignored) — a fixed set, never open text. Matching is as in
  /// ``shortcut(matching:)``; nil when no shortcut matches.
  public func resolveShortcut(_ phrase: String) -> (shortcut: VoiceShortcut, parameters: [String: String])? {
    let words = Self.withoutWakeWords(Self.normalize(phrase)).split(separator: " ").map(String.init)
    guard !words.isEmpty else { return nil }
    for named in [true, false] {
      for shortcut in shortcuts {
        let template = named ? shortcut.phrase : Self.unnamed(shortcut.phrase)
        let tokens = Self.tokens(template, parameters: shortcut.parameters, appName: appName)
        if let values = Self.match(tokens[...], words[...]) { return (shortcut, values) }
      }
    }
    return nil
  }

  /// A phrase's words, its app name spelled out and each `${NAME}` slot with its parameter's
  /// values as word lists; a slot naming no parameter matches nothing.
  enum PhraseToken {
    case word(String)
    case slot(name: String, values: [(id: String, words: [String])])
  }

  static func tokens(_ template: String, parameters: [VoiceParameter], appName: String)
    -> [PhraseToken]
  {
    var tokens: [PhraseToken] = []
    var rest = Substring(template)
    while !rest.isEmpty {
      guard let open = rest.range(of: "${"), let close = rest[open.upperBound...].range(of: "}")
      else {
        tokens += normalize(String(rest)).split(separator: " ").map { .word(String($0)) }
        break
      }
      tokens += normalize(String(rest[..<open.lowerBound])).split(separator: " ")
        .map { .word(String($0)) }
      let name = String(rest[open.upperBound..<close.lowerBound])
      if name == "applicationName" {
        tokens += normalize(appName).split(separator: " ").map { .word(String($0)) }
      } else {
        let values = parameters.first { $0.name == name }?.values ?? []
        tokens.append(
          .slot(
            name: name,
            values: values.flatMap { value in
              value.spoken.map { (value.id, normalize($0).split(separator: " ").map(String.init)) }
            }))
      }
      rest = rest[close.upperBound...]
    }
    return tokens
  }

  /// The parameter values when `words` say `tokens` exactly; nil otherwise. Bounded: each slot
  /// tries its values once at each position.
  static func match(_ tokens: ArraySlice<PhraseToken>, _ words: ArraySlice<String>)
    -> [String: String]?
  {
    guard let first = tokens.first else { return words.isEmpty ? [:] : nil }
    switch first {
    case .word(let word):
      guard words.first == word else { return nil }
      return match(tokens.dropFirst(), words.dropFirst())
    case .slot(let name, let values):
      for value in values where !value.words.isEmpty && words.starts(with: value.words) {
        if var rest = match(tokens.dropFirst(), words.dropFirst(value.words.count)) {
          rest[name] = value.id
          return rest
        }
      }
      return nil
    }
  }

  /// Siri's media transport words and the remote command each sends to the app that plays.
  ///
  /// UNCONFIRMED: the fact sheet (carplay-facts.md §7, §8) says Now Playing's controls come
  /// from `MPRemoteCommandCenter` but not which words Siri maps to it. The model is
  /// conservative: a short fixed list, tried only after every App Shortcut (whose phrases name
  /// the app, §7), and only for an app that registered remote command targets — otherwise the
  /// phrase is refused as before; a word for a command without a target is the same
  /// `H006-no-remote-target` finding as the button.
  static let transportWords: [(phrase: String, command: RemoteCommand)] = [
    ("pause", .pause), ("stop", .pause), ("play", .play), ("resume", .play),
    ("next track", .nextTrack), ("next", .nextTrack), ("skip", .nextTrack),
    ("previous track", .previousTrack), ("previous", .previousTrack),
    ("skip forward", .skipForward), ("skip ahead", .skipForward),
    ("skip back", .skipBackward), ("skip backward", .skipBackward),
  ]

  /// The remote command a spoken phrase means, when it is one of ``transportWords``.
  static func transportCommand(_ phrase: String) -> RemoteCommand? {
    let normalized = withoutWakeWords(normalize(phrase))
    return transportWords.first { $0.phrase == normalized }?.command
  }

  /// The phrase without "Hey Siri" or "Siri" in front.
  static func withoutWakeWords(_ normalized: String) -> String {
    for wake in ["hey siri ", "siri "] where normalized.hasPrefix(wake) {
      return String(normalized.dropFirst(wake.count))
    }
    return normalized
  }

  /// A shortcut's phrase without the app's name and the word that joins it ("in", "with",
  /// "on", "using"): `Show fast chargers in ${applicationName}` → `Show fast chargers`.
  static func unnamed(_ phrase: String) -> String {
    var words = phrase.replacingOccurrences(of: "${applicationName}", with: " ")
      .split(separator: " ")
    if let last = words.last, ["in", "with", "on", "using", "from"].contains(last.lowercased()) {
      words.removeLast()
    }
    return words.joined(separator: " ")
  }

  /// The plan for `action`, with a refusal recorded in the transcript before it is thrown.
  private func checked(_ action: DriverAction) throws(DriverError) -> () -> SelectionTicket? {
    do {
      return try plan(action)
    } catch {
      reject(error.message)
      throw error
    }
  }

  /// Checks that `action` can happen on the shown screen, without changing anything; the
  /// returned closure carries it out (and answers the ticket of a row tap).
  func plan(_ action: DriverAction) throws(DriverError) -> () -> SelectionTicket? {
    func then(_ body: @escaping () -> Void) -> () -> SelectionTicket? {
      {
        body(); return nil
      }
    }
    switch action {
    case .tapRow(let row):
      if let shown = screen, shown.modal == nil,
        case .search(let search) = shown.visible.top.content
      {
        // A search template's results are rows too (navigation apps).
        let top = shown.visible.top
        guard search.results.contains(where: { $0.id == row }) else {
          throw DriverError(
            "tap row '\(row)': no such result on '\(top.id)'; shown: "
              + Self.list(search.results.map(\.id)))
        }
        return { self.select(row, in: top.id) }
      }
      let (top, list) = try shownTopList("tap row '\(row)'")
      guard let found = list.allRows.first(where: { $0.id == row }) else {
        throw DriverError(
          "tap row '\(row)': no such row on '\(top.id)'; shown rows: "
            + Self.list(list.allRows.map(\.id)))
      }
      if case .item(let item) = found, !item.isEnabled {
        throw DriverError("tap row '\(row)': the row is disabled")
      }
      return {
        self.presentVideoIfRequested(by: top, element: row)
        return self.select(row, in: top.id)
      }
    case .tapImage(let row, let index):
      let (top, list) = try shownTopList("tap image \(index + 1) of '\(row)'")
      guard case .imageRow(let imageRow)? = list.allRows.first(where: { $0.id == row }) else {
        throw DriverError("tap image: no image row '\(row)' on '\(top.id)'")
      }
      guard imageRow.images.indices.contains(index) else {
        throw DriverError(
          "tap image: row '\(row)' shows \(imageRow.images.count) images, not \(index + 1)")
      }
      return then { self.emit(.imageRowImageSelected(template: top.id, row: row, index: index)) }
    case .selectTab(let index):
      let screen = try runningScreen("select tab \(index + 1)")
      guard modal == nil else { throw DriverError("select tab: a modal is presented") }
      guard var root, case .tabBar(var bar) = screen.root.content else {
        throw DriverError("select tab \(index + 1): the root is not a tab bar")
      }
      guard bar.tabs.indices.contains(index) else {
        throw DriverError("select tab \(index + 1): the tab bar has \(bar.tabs.count) tabs")
      }
      return then {
        bar.selectedIndex = index
        root.content = .tabBar(bar)
        self.root = root
        self.emit(.tabSelected(index: index, template: bar.tabs[index].id))
      }
    case .back:
      _ = try runningScreen("back")
      guard modal == nil else { throw DriverError("back: a modal is presented") }
      guard let popped = currentStack.last else {
        throw DriverError(
          "back: '\(visibleBase?.id.rawValue ?? "?")' is the root; there is no back button")
      }
      return then {
        self.currentStack.removeLast()
        self.emit(.backPressed(popped: popped.id))
      }
    case .selectPoint(let point):
      let (top, poi) = try shownTopPOI("select point '\(point)'")
      guard let index = poi.points.firstIndex(where: { $0.id == point }) else {
        throw DriverError(
          "select point '\(point)': not shown on '\(top.id)'; shown: "
            + Self.list(poi.points.map(\.id)))
      }
      return then {
        self.updateRequested(top.id) { template in
          if case .pointOfInterest(var spec) = template.content {
            spec.selectedIndex = index
            template.content = .pointOfInterest(spec)
          }
        }
        self.emit(.pointSelected(template: top.id, point: point))
      }
    case .pressPrimary, .pressSecondary:
      let primary = action == .pressPrimary
      let which = primary ? "primary" : "secondary"
      let (top, poi) = try shownTopPOI("press \(which)")
      guard let index = poi.selectedIndex, poi.points.indices.contains(index) else {
        throw DriverError("press \(which): no point is selected on '\(top.id)'")
      }
      let point = poi.points[index]
      guard let button = primary ? point.primaryButton : point.secondaryButton else {
        throw DriverError("press \(which): point '\(point.id)' has no \(which) button")
      }
      return then { self.emit(.buttonPressed(template: top.id, button: button.id)) }
    case .press(let button):
      let screen = try runningScreen("press '\(button)'")
      // On a presented alert or action sheet, pressing is choosing.
      if screen.modal != nil { return try plan(.choose(button)) }
      let top = screen.visible.top
      let buttons = Self.pressable(top)
      guard buttons.contains(button) else {
        throw DriverError(
          "press '\(button)': not shown on '\(top.id)'; shown: \(Self.list(buttons))")
      }
      return then {
        self.presentVideoIfRequested(by: top, element: button)
        self.emit(.buttonPressed(template: top.id, button: button))
      }
    case .choose(let action):
      let screen = try runningScreen("choose '\(action)'")
      guard let shown = screen.modal else {
        throw DriverError("choose '\(action)': no modal is presented")
      }
      let actions: [AlertActionSpec]
      switch shown.content {
      case .alert(let alert): actions = alert.actions
      case .actionSheet(let sheet): actions = sheet.actions
      default: throw DriverError("choose '\(action)': '\(shown.id)' has no actions")
      }
      guard actions.contains(where: { $0.id == action }) else {
        throw DriverError(
          "choose '\(action)': not on '\(shown.id)'; shown: \(Self.list(actions.map(\.id)))")
      }
      return then {
        self.modal = nil
        self.emit(.modalActionChosen(template: shown.id, action: action))
      }
    case .systemDismiss:
      guard let shown = modal else { throw DriverError("system dismiss: no modal is presented") }
      return then {
        self.modal = nil
        self.emit(.modalDismissed(template: shown.id))
      }
    case .region(let region):
      let screen = try runningScreen("change map region")
      let top = screen.visible.top
      guard top.kind == .pointOfInterest || top.kind == .map else {
        throw DriverError(
          "change map region: '\(top.id)' is a \(top.kind.className), not a map")
      }
      if top.kind == .pointOfInterest {
        return then { self.movePointOfInterestMap(top.id, to: region) }
      }
      return then { self.emit(.mapRegionChanged(template: top.id, region: region)) }
    case .pressUpNext:
      let spec = try shownNowPlaying("press Up Next")
      guard spec.isUpNextButtonEnabled else {
        throw DriverError("press Up Next: the button is disabled")
      }
      return then { self.emit(.upNextPressed) }
    case .pressAlbumArtist:
      let spec = try shownNowPlaying("press album/artist")
      guard spec.isAlbumArtistButtonEnabled else {
        throw DriverError("press album/artist: the button is disabled")
      }
      return then { self.emit(.albumArtistPressed) }
    case .say(let phrase):
      _ = try runningScreen("say '\(phrase)'")
      guard !Self.normalize(phrase).isEmpty else {
        let example = shortcuts.first.map { " — e.g. '\($0.spoken(appName: appName))'" } ?? ""
        throw DriverError("say: nothing was said; type a phrase for Siri\(example)")
      }
      if let (shortcut, values) = resolveShortcut(phrase) {
        guard !shortcut.parameters.isEmpty else {
          return then { self.emit(.voiceIntent(shortcut.intent)) }
        }
        return then {
          self.emit(.voiceIntentWithParameters(intent: shortcut.intent, parameters: values))
        }
      }
      // Siri's transport words go to the app that plays, as Now Playing's buttons do, when it
      // registered remote command targets.
      if !remoteCommandTargets.commands.isEmpty, let command = Self.transportCommand(phrase) {
        return then { self.sendRemoteCommand(command) }
      }
      let known = shortcuts.map { "'\($0.spoken(appName: appName))'" }.joined(separator: ", ")
      let transport =
        remoteCommandTargets.commands.isEmpty
        ? "" : ", or a transport word (\(Self.transportWords.map(\.phrase).joined(separator: ", ")))"
      throw DriverError(
        "say '\(phrase)': no App Shortcut of \(appName) matches; known: [\(known)]\(transport)")
    case .lock, .unlock:
      let locked = action == .lock
      return then {
        self.setPhoneLocked(locked)
        self.emit(.phoneLockChanged(isLocked: locked))
      }
    case .location(let coordinate):
      return then {
        self.location?.coordinate = coordinate
        self.emit(.locationChanged(coordinate))
      }
    case .pan, .drag, .pinch, .type, .startRoute, .systemCancelNavigation, .systemEndPanning:
      return then(try planNavigation(action))
    case .knob(let move):
      return try planKnob(move)
    case .tapNotification:
      return try openNotification()
    case .closeVideoPlayer:
      _ = try runningScreen("close the video player")
      guard isVideoPlaying else {
        throw DriverError("close the video player: no video player is showing")
      }
      return then { self.closeVideoPlayerByDriver() }
    case .closeCard:
      let (top, poi) = try shownTopPOI("close the card")
      guard poi.selectedIndex != nil else {
        throw DriverError("close the card: no point is selected on '\(top.id)'")
      }
      return then {
        self.updateRequested(top.id) { template in
          if case .pointOfInterest(var spec) = template.content {
            spec.selectedIndex = nil
            template.content = .pointOfInterest(spec)
          }
        }
        self.noteState("card closed on '\(top.id)'")
        self.emit(.pointDeselected(template: top.id))
      }
    case .readItem(let index):
      let screen = try runningScreen("read item \(index + 1)")
      guard screen.modal == nil else {
        throw DriverError("read item \(index + 1): a modal is presented")
      }
      let top = screen.visible.top
      guard case .information(let info) = top.content else {
        throw DriverError(
          "read item \(index + 1): the top template '\(top.id)' is a \(top.kind.className), "
            + "not an information template")
      }
      guard info.items.indices.contains(index) else {
        throw DriverError(
          "read item \(index + 1): '\(top.id)' shows \(info.items.count) items")
      }
      // An information item has no action (CPInformationItem has no handler): nothing
      // happens, nothing is recorded.
      return then {}
    case .remote(let command):
      // The car's buttons and Siri reach the app through iOS while a car is connected, whatever
      // the car's screen shows.
      guard configuration != nil else {
        throw DriverError("remote \(command): no car is connected")
      }
      return then { self.sendRemoteCommand(command) }
    }
  }

  // MARK: - One method per action

  /// Taps a list row on the top template; the row spins until the app completes the selection.
  @discardableResult
  public func tapRow(_ row: ElementID) throws(DriverError) -> SelectionTicket {
    guard let ticket = try checked(.tapRow(row))() else {
      throw DriverError("tap row '\(row)': no selection was started")
    }
    return ticket
  }

  /// Starts the row's spinner and reports the selection.
  func select(_ row: ElementID, in template: TemplateID) -> SelectionTicket {
    let ticket = makeTicket()
    startSpinner(ticket, template: template, row: row)
    emit(.listItemSelected(template: template, item: row, ticket: ticket))
    return ticket
  }

  /// Taps image `index` (0-based) of an image row on the top template.
  public func tapImage(row: ElementID, index: Int) throws(DriverError) {
    try drive(.tapImage(row: row, index: index))
  }

  /// Selects the tab at `index` (0-based) of the root tab bar.
  public func selectTab(_ index: Int) throws(DriverError) { try drive(.selectTab(index)) }

  /// Presses the back button: the host pops the top template on its own.
  public func back() throws(DriverError) { try drive(.back) }

  /// Selects a point of interest on the top template; its detail card opens.
  public func selectPoint(_ point: ElementID) throws(DriverError) {
    try drive(.selectPoint(point))
  }

  /// Closes the selected point's detail card, as the card's close button does in CarPlay: the
  /// host deselects the point and shows the list again. CarPlay has no delegate callback for
  /// it; the app learns it from the template's `selectedIndex` (`HostEvent.pointDeselected(template:)`).
  public func closePointCard() throws(DriverError) { try drive(.closeCard) }


  /// Presses the primary (`true`) or secondary button of the selected point's detail card.
  public func pressPointButton(primary: Bool) throws(DriverError) {
    try drive(primary ? .pressPrimary : .pressSecondary)
  }

  /// Presses any button on screen by id: navigation bar, grid, information action, map,
  /// Now Playing, list header, POI card; on a presented alert or action sheet it chooses the
  /// action.
  public func press(_ button: ElementID) throws(DriverError) { try drive(.press(button)) }

  /// Chooses an action of the presented alert or action sheet; the host dismisses it.
  public func choose(_ action: ElementID) throws(DriverError) { try drive(.choose(action)) }

  /// The host dismisses the presented template on its own (e.g. a system interruption).
  public func dismissModalBySystem() throws(DriverError) { try drive(.systemDismiss) }

  /// Pans or zooms the map of the top point-of-interest or map template.
  public func changeMapRegion(_ region: BoundingBox) throws(DriverError) {
    try drive(.region(region))
  }

  /// Taps Up Next on Now Playing.
  public func pressUpNext() throws(DriverError) { try drive(.pressUpNext) }

  /// Taps the album/artist button on Now Playing.
  public func pressAlbumArtist() throws(DriverError) { try drive(.pressAlbumArtist) }

  /// Speaks a phrase to Siri; runs the App Shortcut it matches (carplay-facts.md §7).
  public func say(_ phrase: String) throws(DriverError) { try drive(.say(phrase)) }

  /// Locks the phone; the app must keep working (carplay-facts.md §9).
  public func lockPhone() { _ = plannedAlways(.lock) }

  /// Unlocks the phone.
  public func unlockPhone() { _ = plannedAlways(.unlock) }

  /// Moves the phone (and the car) to a position; the app hears it through its location client.
  public func moveTo(_ coordinate: Coordinate) { _ = plannedAlways(.location(coordinate)) }

  /// Carries out an action that is always possible (lock, unlock, location).
  private func plannedAlways(_ action: DriverAction) -> SelectionTicket? {
    (try? checked(action))?()
  }

  // MARK: - Helpers

  /// Records a refusal in the transcript and returns it to throw.
  func fail(_ message: String) -> DriverError {
    reject(message)
    return DriverError(message)
  }

  func runningScreen(_ what: String) throws(DriverError) -> HostScreen {
    guard appState == .running, let shown = shownScreen else {
      throw DriverError("\(what): the app is not on screen (\(appState))")
    }
    return shown
  }

  private func shownTopList(_ what: String) throws(DriverError) -> (TemplateSpec, ListTemplateSpec)
  {
    let screen = try runningScreen(what)
    guard screen.modal == nil else { throw DriverError("\(what): a modal is presented") }
    let top = screen.visible.top
    guard case .list(let list) = top.content else {
      throw DriverError(
        "\(what): the top template '\(top.id)' is a \(top.kind.className), not a list")
    }
    return (top, list)
  }

  private func shownTopPOI(_ what: String) throws(DriverError)
    -> (TemplateSpec, PointOfInterestTemplateSpec)
  {
    let screen = try runningScreen(what)
    guard screen.modal == nil else { throw DriverError("\(what): a modal is presented") }
    let top = screen.visible.top
    guard case .pointOfInterest(let poi) = top.content else {
      throw DriverError("\(what): the top template '\(top.id)' is a \(top.kind.className), not POI")
    }
    return (top, poi)
  }

  private func shownNowPlaying(_ what: String) throws(DriverError) -> NowPlayingTemplateSpec {
    let screen = try runningScreen(what)
    guard case .nowPlaying(let spec) = screen.visible.top.content else {
      throw DriverError("\(what): Now Playing is not on top")
    }
    return spec
  }

  /// Applies a change to a requested template wherever it sits (host-side state such as the
  /// selected point).
  private func updateRequested(_ id: TemplateID, _ change: (inout TemplateSpec) -> Void) {
    if var root, root.id == id {
      change(&root)
      self.root = root
      return
    }
    if var root, case .tabBar(var bar) = root.content,
      let index = bar.tabs.firstIndex(where: { $0.id == id })
    {
      change(&bar.tabs[index])
      root.content = .tabBar(bar)
      self.root = root
      return
    }
    for s in stacks.indices {
      if let index = stacks[s].firstIndex(where: { $0.id == id }) {
        change(&stacks[s][index])
        return
      }
    }
  }

  /// Every button id a driver can press on a shown template.
  static func pressable(_ template: TemplateSpec) -> [ElementID] {
    func bar(_ b: NavigationBarSpec) -> [ElementID] {
      (b.leading + b.trailing + [b.backButton].compactMap { $0 }).filter(\.isEnabled).map(\.id)
    }
    switch template.content {
    case .list(let list):
      return bar(list.navigationBar) + list.headerGridButtons.filter(\.isEnabled).map(\.id)
        + (list.detailsHeader?.actionButtons ?? []).filter(\.isEnabled).map(\.id)
    case .grid(let grid):
      return bar(grid.navigationBar) + grid.buttons.filter(\.isEnabled).map(\.id)
    case .information(let info): return bar(info.navigationBar) + info.actions.map(\.id)
    case .pointOfInterest(let poi):
      var ids = bar(poi.navigationBar)
      if let index = poi.selectedIndex, poi.points.indices.contains(index) {
        ids += [poi.points[index].primaryButton, poi.points[index].secondaryButton]
          .compactMap { $0?.id }
      }
      return ids
    case .map(let map):
      return bar(map.navigationBar)
        + map.mapButtons.filter { $0.isEnabled && !$0.isHidden }.map(\.id)
    case .nowPlaying(let spec): return spec.buttons.filter(\.isEnabled).map(\.id)
    case .contact(let contact): return bar(contact.navigationBar) + contact.actions.map(\.id)
    case .voiceControl(let voice):
      let state = voice.states.first { $0.id == voice.activeStateID } ?? voice.states.first
      return bar(voice.navigationBar)
        + (state?.actionButtons ?? []).filter(\.isEnabled).map(\.id)
    case .tabBar, .alert, .actionSheet, .search: return []
    }
  }

  static func list(_ ids: [ElementID]) -> String {
    ids.isEmpty ? "none" : ids.map { "'\($0)'" }.joined(separator: ", ")
  }

  private static func normalize(_ text: String) -> String {
    text.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " }
      .split(separator: " ").joined(separator: " ")
  }
}
