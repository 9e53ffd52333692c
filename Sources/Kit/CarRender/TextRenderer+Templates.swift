import CarTemplates
import Foundation

extension Frame {
  /// The tab row under the title bar: `Tabs: Nearby* · Route · Favourites•` (`*` selected,
  /// `•` badge).
  mutating func tabs(_ bar: TabBarTemplateSpec) {
    let labels = bar.tabs.enumerated().map { index, tab in
      let name = tab.tab?.title ?? tab.title ?? tab.tab?.systemItem ?? "…"
      return name + (index == bar.selectedIndex ? "*" : "")
        + ((tab.tab?.showsBadge ?? false) ? "•" : "")
    }
    line("Tabs: " + labels.joined(separator: " · "))
    rule()
  }
}

extension TextRenderer {
  /// Draws a template's content into the frame.
  func body(of template: TemplateSpec, into frame: inout Frame) {
    switch template.content {
    case .tabBar(let bar):
      if bar.tabs.isEmpty { frame.centered("(no tabs)") }
    case .list(let list): listBody(list, into: &frame)
    case .grid(let grid): gridBody(grid, into: &frame)
    case .information(let info): informationBody(info, into: &frame)
    case .pointOfInterest(let poi): pointOfInterestBody(poi, into: &frame)
    case .map(let map): mapBody(map, into: &frame)
    case .nowPlaying(let playing): nowPlayingBody(playing, into: &frame)
    case .alert(let alert):
      frame.centered(alert.titleVariants.fitting(width: frame.inner))
      frame.blank()
      frame.buttons(alert.actions.map(Self.action))
    case .actionSheet(let sheet):
      if let title = sheet.title, !title.isEmpty { frame.centered(title) }
      if let message = sheet.message, !message.isEmpty { frame.centered(message) }
      frame.rule()
      for action in sheet.actions { frame.line(Self.action(action)) }
    case .search(let search): searchBody(search, into: &frame)
    case .voiceControl(let voice): voiceBody(voice, into: &frame)
    case .contact(let contact): contactBody(contact, into: &frame)
    }
  }

  static func action(_ action: AlertActionSpec) -> String {
    switch action.style {
    case .default: "[\(action.title)]"
    case .cancel: "[\(action.title) ✕]"
    case .destructive: "[! \(action.title)]"
    }
  }

  static func textButton(_ button: TextButtonSpec) -> String {
    switch button.style {
    case .normal: "[\(button.title)]"
    case .cancel: "[\(button.title) ✕]"
    case .confirm: "[\(button.title) ✓]"
    }
  }

  static func gridButton(_ button: GridButtonSpec, width: Int) -> String {
    let marker = button.isEnabled ? "◆ " : "⊘ "
    return "[" + marker + button.titleVariants.fitting(width: max(1, width - 4)) + "]"
  }

  // MARK: List

  func listBody(_ list: ListTemplateSpec, into frame: inout Frame) {
    if let header = list.detailsHeader {
      frame.line("▣ " + (header.title ?? ""))
      if let subtitle = header.subtitle { frame.line("  " + subtitle) }
      if !header.bodyVariants.variants.isEmpty {
        frame.line("  " + header.bodyVariants.fitting(width: frame.inner - 2))
      }
      if let playback = header.playback { frame.line("  " + Self.playbackLine(playback)) }
      if !header.actionButtons.isEmpty { frame.buttons(header.actionButtons.map(Frame.barButton)) }
      frame.rule()
    }
    if !list.headerGridButtons.isEmpty {
      let width = frame.inner / max(1, list.headerGridButtons.count) - 1
      frame.buttons(list.headerGridButtons.map { Self.gridButton($0, width: width) })
      frame.rule()
    }
    let assistant = list.assistantCell.flatMap { cell -> AssistantCellSpec? in
      switch cell.visibility {
      case .off: nil
      case .always: cell
      case .whileLimitedUIActive: limits.listsAreLimited ? cell : nil
      }
    }
    let assistantText = assistant.map {
      "◎ Siri: " + ($0.action == .playMedia ? "play something" : "call someone")
    }
    if let text = assistantText, assistant?.position == .top { frame.line(text) }
    if list.itemCount == 0 {
      if list.showsSpinnerWhileEmpty {
        frame.centered("⟳")
      } else {
        frame.centered(list.emptyViewTitleVariants.fitting(width: frame.inner))
        if !list.emptyViewSubtitleVariants.variants.isEmpty {
          frame.centered(list.emptyViewSubtitleVariants.fitting(width: frame.inner))
        }
      }
    }
    for section in list.sections {
      if section.header != nil || section.headerSubtitle != nil {
        var header = "── " + (section.header ?? "")
        if let subtitle = section.headerSubtitle { header += " · " + subtitle }
        if let index = section.sectionIndexTitle { header += " [\(index)]" }
        frame.line(header)
      }
      for row in section.rows {
        switch row {
        case .item(let item): listItem(item, into: &frame)
        case .imageRow(let imageRow):
          frame.line(imageRow.text, "›")
          let images = imageRow.images.indices.map { index in
            imageRow.imageTitles.indices.contains(index) ? "▣ " + imageRow.imageTitles[index] : "▣"
          }
          frame.line("  " + images.joined(separator: "  "))
        }
      }
    }
    if let text = assistantText, assistant?.position == .bottom { frame.line(text) }
  }

  func listItem(_ item: ListItemSpec, into frame: inout Frame) {
    var left = ""
    if !item.isEnabled { left += "⊘ " }
    if item.isPlaying && item.playingIndicatorLocation == .leading { left += "▶ " }
    // An app's own leading image by name (`◧status-busy`); symbols stay unnamed.
    if let image = item.image, image.source == .asset { left += "◧\(image.name) " }
    left += item.text
    if item.isExplicitContent { left += " [E]" }
    var right: String
    switch item.accessory {
    case .none: right = ""
    case .disclosureIndicator: right = "›"
    case .cloud: right = "☁"
    case .image(let image): right = "◇" + image.name
    }
    if item.isPlaying && item.playingIndicatorLocation == .trailing {
      right = right.isEmpty ? "▶" : "▶ " + right
    }
    if hostState.spinningItemID == item.id { right = "⟳" }
    frame.line(left, right)
    if let detail = item.detailText, !detail.isEmpty { frame.line("  " + detail) }
    if let progress = item.playbackProgress {
      frame.line(
        "  " + Self.bar(progress, width: 10)
          + " \(Int((min(max(progress, 0), 1) * 100).rounded()))%")
    }
  }

  /// `⏸ 0:30 / 14:48 · asks for video`: a playable element's glyph, progress and request.
  public static func playbackLine(_ playback: PlaybackConfigurationSpec) -> String {
    func clock(_ seconds: Double) -> String {
      let total = Int(max(0, seconds))
      let s = total % 60
      return "\(total / 60):\(s < 10 ? "0" : "")\(s)"
    }
    let glyph =
      switch playback.playbackAction {
      case .play: "▶"
      case .pause: "⏸"
      case .replay: "↻"
      case .none: "·"
      }
    var text = glyph + " " + clock(playback.elapsedTime)
    if playback.duration > 0 { text += " / " + clock(playback.duration) }
    switch playback.preferredPresentation {
    case .video: text += " · asks for video"
    case .audio: text += " · asks for audio"
    case .none: break
    }
    return text
  }

  static func bar(_ fraction: Double, width: Int) -> String {
    let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded())
    return String(repeating: "▰", count: filled) + String(repeating: "▱", count: width - filled)
  }

  // MARK: Grid

  func gridBody(_ grid: GridTemplateSpec, into frame: inout Frame) {
    let buttons = grid.buttons
    guard !buttons.isEmpty else {
      frame.centered("(no buttons)")
      return
    }
    // More than 4 buttons are balanced over two rows (carplay-facts.md §1.2).
    let perRow =
      buttons.count > FixedLimits.gridButtonsPerRow ? (buttons.count + 1) / 2 : buttons.count
    let width = (frame.inner + 1) / perRow - 1
    var index = 0
    while index < buttons.count {
      let row = buttons[index..<min(index + perRow, buttons.count)]
      frame.line(
        row.map { Text.pad(Self.gridButton($0, width: width), width) }.joined(separator: " "))
      index += perRow
    }
  }

  // MARK: Information

  func informationBody(_ info: InformationTemplateSpec, into frame: inout Frame) {
    let rendered = info.items.map(Self.informationItem)
    switch info.layout {
    case .leading:
      for item in rendered { frame.line(item) }
    case .twoColumn:
      let half = (frame.inner - 1) / 2
      var index = 0
      while index < rendered.count {
        let left = Text.pad(rendered[index], half)
        let right = index + 1 < rendered.count ? rendered[index + 1] : ""
        frame.line(left + " " + right)
        index += 2
      }
    }
    if !info.actions.isEmpty {
      frame.rule()
      frame.buttons(info.actions.map(Self.textButton))
    }
  }

  static func informationItem(_ item: InformationItemSpec) -> String {
    let title = item.title.map { $0 + ": " } ?? ""
    if let rating = item.rating ?? item.maximumRating.map({ _ in 0 }) {
      let maximum = item.maximumRating ?? FixedLimits.maximumRatingUpperBound
      return title + stars(rating, of: maximum) + (item.detail.map { " " + $0 } ?? "")
    }
    return title + (item.detail ?? "")
  }

  static func stars(_ rating: Double, of maximum: Int) -> String {
    let halves = Int((min(max(rating, 0), Double(maximum)) * 2).rounded())
    let full = halves / 2
    let half = halves % 2
    return String(repeating: "★", count: full) + String(repeating: "½", count: half)
      + String(repeating: "☆", count: max(0, maximum - full - half))
  }

  // MARK: Point of interest

  func pointOfInterestBody(_ poi: PointOfInterestTemplateSpec, into frame: inout Frame) {
    let count = poi.points.count
    frame.line("Map · \(count) place\(count == 1 ? "" : "s") (drawn by CarPlay)")
    frame.rule()
    for (index, point) in poi.points.enumerated() {
      let marker = index == poi.selectedIndex ? "◉" : "○"
      let number = String(index + 1).leftPadded(to: 2)
      frame.line("\(number) \(marker) \(point.title)")
      let second = [point.subtitle, point.summary].compactMap { $0 }.filter { !$0.isEmpty }
      if !second.isEmpty { frame.line("     " + second.joined(separator: " · ")) }
      // The app's pin image by name (its drawing is the app's asset): `pin ◧status-free`.
      if let pin = index == poi.selectedIndex ? point.selectedPinImage ?? point.pinImage
        : point.pinImage
      {
        frame.line("     pin ◧\(pin.name)")
      }
    }
    if let index = poi.selectedIndex, poi.points.indices.contains(index) {
      let point = poi.points[index]
      frame.rule()
      frame.line("▸ " + (point.detailTitle ?? point.title))
      for text in [point.detailSubtitle ?? point.subtitle, point.detailSummary ?? point.summary] {
        if let text, !text.isEmpty { frame.line("  " + text) }
      }
      let buttons = [point.primaryButton, point.secondaryButton].compactMap { $0 }
      if !buttons.isEmpty { frame.buttons(buttons.map(Self.textButton)) }
    }
  }

  // MARK: Map

  func mapBody(_ map: MapTemplateSpec, into frame: inout Frame) {
    // Without a viewport the app draws its map in the car's window (the window line says
    // where its camera is).
    if let viewport = map.viewport {
      var summary =
        "Map " + Self.coordinate(viewport.center.latitude) + ", "
        + Self.coordinate(viewport.center.longitude) + " · zoom "
        + String(format: "%.1f", viewport.zoom)
      if !viewport.markers.isEmpty { summary += " · \(viewport.markers.count) markers" }
      if viewport.route != nil { summary += " · route" }
      frame.line(summary)
    }
    if map.isPanning { frame.line("Panning ← ↑ → ↓") }
    if !map.mapButtons.isEmpty {
      let visible = map.mapButtons.filter { !$0.isHidden }
      frame.buttons(
        visible.map {
          "(" + (($0.isEnabled ? "" : "⊘ ") + ($0.image?.name ?? $0.id.rawValue)) + ")"
        })
    }
    if let session = map.navigationSession {
      frame.rule()
      for (index, maneuver) in session.upcomingManeuvers.prefix(2).enumerated() {
        let text = maneuver.instructionVariants.fitting(width: frame.inner - 14)
        frame.line((index == 0 ? "▶ " : "  then ") + text, maneuver.distance)
      }
      frame.line("Trip " + session.tripEstimates)
    }
    if !map.tripPreviews.isEmpty {
      frame.rule()
      for (index, trip) in map.tripPreviews.enumerated() {
        frame.line("\(String(index + 1).leftPadded(to: 2)) \(trip.destinationName)")
        for route in trip.routeChoices {
          frame.line("     " + route.summaryVariants.fitting(width: frame.inner - 5))
        }
      }
    }
  }

  /// The app's window: camera, style, car and route, with the width of the region shown.
  func windowLine(_ window: CarWindowSpec, into frame: inout Frame) {
    let viewport = MapViewport(
      center: window.center, zoom: window.zoom, width: Double(configuration.display.width),
      height: Double(configuration.display.height))
    let widthKm = viewport.metresPerPixel * viewport.width / 1000
    frame.line(
      "Window " + Self.coordinate(window.center.latitude) + ", "
        + Self.coordinate(window.center.longitude) + " · zoom "
        + String(format: "%.1f", window.zoom))
    var summary = String(format: widthKm < 10 ? "%.1f" : "%.0f", widthKm) + " km wide"
    if window.heading != 0 { summary += " · heading \(Int(window.heading.rounded()))°" }
    summary += window.isDark ? " · night" : " · day"
    if window.car != nil { summary += " · car" }
    if window.route != nil { summary += " · route" }
    frame.line("       " + summary)
  }

  static func coordinate(_ value: Double) -> String { String(format: "%.5f", value) }

  // MARK: Now Playing

  func nowPlayingBody(_ playing: NowPlayingTemplateSpec, into frame: inout Frame) {
    if let info = playing.info {
      frame.line("♪ " + info.title)
      let byline = [info.artist, info.album].compactMap { $0 }.joined(separator: " — ")
      if !byline.isEmpty { frame.line("  " + byline) }
      let state = info.playbackRate > 0 ? "▶" : "❚❚"
      if info.isLiveStream {
        frame.line("  \(state) LIVE")
      } else if let duration = info.durationSeconds, duration > 0 {
        frame.line(
          "  \(state) \(Self.time(info.elapsedSeconds)) / \(Self.time(duration)) "
            + Self.bar(info.elapsedSeconds / duration, width: 10))
      } else {
        frame.line("  \(state) \(Self.time(info.elapsedSeconds))")
      }
    } else {
      frame.centered("Not Playing")
    }
    var labels = playing.buttons.map { button -> String in
      let name: String
      switch button.kind {
      case .shuffle: name = "shuffle"
      case .repeat: name = "repeat"
      case .playbackRate:
        name = "rate " + NowPlayingInfoSpec.rateLabel(playing.info?.shownRate ?? 1)
      case .addToLibrary: name = "+library"
      case .more: name = "more"
      case .image(let image): name = image.name
      }
      return "[" + (button.isEnabled ? "" : "⊘ ") + name + (button.isSelected ? "*" : "") + "]"
    }
    if playing.isUpNextButtonEnabled {
      labels.append("[" + (playing.upNextTitle ?? "Up Next") + "]")
    }
    if playing.isAlbumArtistButtonEnabled { labels.append("[Album/Artist]") }
    if !labels.isEmpty {
      frame.rule()
      frame.buttons(labels)
    }
  }

  static func time(_ seconds: Double) -> String {
    let total = Int(max(0, seconds).rounded(.down))
    let hours = total / 3600
    let minutes = (total % 3600) / 60
    let secs = String(total % 60).leftPadded(to: 2, with: "0")
    if hours > 0 { return "\(hours):\(String(minutes).leftPadded(to: 2, with: "0")):\(secs)" }
    return "\(minutes):\(secs)"
  }

  // MARK: Search, voice, contact

  func searchBody(_ search: SearchTemplateSpec, into frame: inout Frame) {
    frame.line("⌕ " + search.query + "▏", "[Cancel]")
    frame.line(limits.keyboardIsLimited ? "  keyboard unavailable while driving" : "  keyboard")
    if !search.results.isEmpty { frame.rule() }
    for result in search.results { listItem(result, into: &frame) }
  }

  func voiceBody(_ voice: VoiceControlTemplateSpec, into frame: inout Frame) {
    let active = voice.states.first { $0.id == voice.activeStateID } ?? voice.states.first
    guard let state = active else {
      frame.centered("(no voice states)")
      return
    }
    frame.centered("◉ " + state.titleVariants.fitting(width: frame.inner - 2))
    if !state.actionButtons.isEmpty { frame.buttons(state.actionButtons.map(Frame.barButton)) }
  }

  func contactBody(_ contact: ContactTemplateSpec, into frame: inout Frame) {
    frame.line("☺ " + contact.name)
    if let subtitle = contact.subtitle { frame.line("  " + subtitle) }
    if let text = contact.informativeText { frame.line("  " + text) }
    if !contact.actions.isEmpty {
      frame.buttons(
        contact.actions.map { action in
          switch action.kind {
          case .call: "[Call]"
          case .message: "[Message]"
          case .directions: "[Directions]"
          case .custom(let title, _): "[\(title)]"
          }
        })
    }
  }
}

extension String {
  func leftPadded(to width: Int, with pad: Character = " ") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
}
