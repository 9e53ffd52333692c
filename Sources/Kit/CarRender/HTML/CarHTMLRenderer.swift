import CarTemplates
import Foundation
import Geo

/// Renders the car display as an HTML fragment that reads like a car screen.
///
/// Every tappable element carries `data-ev` (the event kind), `data-t` (template id) and
/// `data-e` (element id) attributes, so a page can send the same host events a car would. The
/// renderer is pure: the same state gives the same bytes.
public struct CarHTMLRenderer: Sendable {
  /// The basemap for point-of-interest and map templates; nil draws a plain background.
  public var mapRenderer: MapSVGRenderer?

  /// Where map base images go when they are served as resources of their own (the web
  /// simulator); nil draws every map inline, as one SVG (exports, golden files).
  public var mapImages: MapImageStore?

  /// The app's own images by asset name (``CarDisplayState/assetImages``), set from the state
  /// for the length of one ``render(_:)``.
  var assetImages: [String: String] = [:]

  /// Creates a renderer.
  public init(mapRenderer: MapSVGRenderer?, mapImages: MapImageStore? = nil) {
    self.mapRenderer = mapRenderer
    self.mapImages = mapImages
  }

  /// The display as an HTML fragment sized in points of the display profile.
  public func render(_ state: CarDisplayState) -> String {
    guard assetImages == state.assetImages else {
      var renderer = self
      renderer.assetImages = state.assetImages
      return renderer.render(state)
    }
    let display = state.configuration.display
    let dark = state.configuration.contentStyle == .dark
    let w = display.pointWidth
    let h = display.pointHeight
    let focus = state.away == nil ? state.focus : nil
    var html =
      "<div class=\"car \(dark ? "night" : "day")\(display.isPortrait ? " portrait" : "")\(Self.isCompact(display) ? " compact" : "")\" data-profile=\"\(display.id)\" data-input=\"\(esc(state.input))\"\(focus.map { " data-focus-selector=\"\(esc($0.selector))\"" } ?? "") style=\"width:\(w)px;height:\(h)px\">"
    if let focus { html += Self.focusStyle(focus) }
    html += dock(state)
    html += "<div class=\"screen\">"
    if let away = state.away {
      html += awayScreen(away, appName: state.appName)
    } else if let apps = state.homeScreen {
      html += homeScreen(apps)
    } else if let handoff = state.handoff {
      html += handoffScreen(handoff)
    } else if let screen = state.screen {
      html += appScreen(screen, state: state, width: w - 56, height: h)
      if let banner = state.notificationBanner {
        // CarPlay's banner over the app's screen; a tap opens what it is about.
        html +=
          "<button class=\"notification-banner\" data-ev=\"notification\" title=\"Open\"><span class=\"nb-app\">\(esc(state.appName))</span><span class=\"nb-title\">\(esc(banner.title))</span>\(banner.body.isEmpty ? "" : "<span class=\"nb-body\">\(esc(Self.keepingUnits(banner.body)))</span>")</button>"
      }
    } else {
      html +=
        "<div class=\"launch\"><div class=\"spinner big\"></div><div>\(esc(state.appName))</div></div>"
    }
    html += "</div></div>"
    return html
  }

  /// Whether the display is one of the short ones (at most 270 points tall: 748×456, 800×480
  /// and 960×540 at @2x, carplay-facts.md §4), where rows, bars and Now Playing take their
  /// compact sizes (`CarStylesheet`).
  public static func isCompact(_ display: DisplayProfile) -> Bool {
    !display.isPortrait && display.pointHeight <= 270
  }

  /// CarPlay draws the focused item of a knob or touch-pad car as a highlighted, rounded fill
  /// with an accent outline; a rule of its own selects that one element.
  ///
  /// The focused element and everything in it take the display's text colour over the fill
  /// (a blue button's white title, a blue bar button or a grey detail line would fall below
  /// WCAG's 4.5:1 on the light-blue fill): black by day, white at night.
  ///
  /// A focused information row shows its whole value: the short displays clamp a value to two
  /// lines, and the knob's focus on the row is how the driver reads the rest.
  static func focusStyle(_ focus: FocusedElement) -> String {
    "<style>\(focus.selector){background:var(--focus-fill) !important;color:var(--text) !important;"
      + "box-shadow:inset 0 0 0 3px var(--accent) !important;border-radius:10px !important}"
      + "\(focus.descendantSelector){color:var(--text) !important}"
      + "\(focus.selector(descendant: "dd")){display:block !important;-webkit-line-clamp:unset !important;"
      + "overflow:visible !important}</style>"
  }

  // MARK: Chrome

  func dock(_ state: CarDisplayState) -> String {
    var html = "<aside class=\"dock\"><div class=\"clock\">\(esc(state.clock))</div>"
    if state.dockApps.isEmpty {
      html +=
        "<div class=\"dock-app current\" title=\"\(esc(state.appName))\">\(esc(String(state.appName.prefix(1))))</div>"
    } else {
      // The app on screen and the others running, most recent first (at most three: a
      // short display's dock has room for three icons above the Home button). On the Home
      // screen or a hand-off no app is current.
      let inFront = state.homeScreen == nil && state.handoff == nil && state.away == nil
      html += "<div class=\"dock-apps\">"
      for (index, app) in state.dockApps.prefix(3).enumerated() {
        let current = inFront && index == 0 ? " current" : ""
        html +=
          "<button class=\"dock-app icon\(current)\" data-ev=\"openApp\" data-e=\"\(esc(app.id))\" title=\"\(esc(app.name))\">\(appIcon(app))</button>"
      }
      if let playing = state.nowPlayingApp {
        html +=
          "<button class=\"dock-app now-playing-app\" data-ev=\"nowPlaying\" data-e=\"\(esc(playing.id))\" title=\"Now Playing: \(esc(playing.name))\">\(systemIcon("graphic_eq", title: "Now Playing"))</button>"
      }
      html += "</div>"
    }
    if state.isPhoneLocked {
      html += "<div class=\"lock\">\(systemIcon("lock", title: "iPhone locked"))</div>"
    }
    html +=
      "<button class=\"home\" data-ev=\"home\" title=\"CarPlay Home\">\(systemIcon("apps", title: "CarPlay Home"))</button></aside>"
    return html
  }

  /// An app's icon: its own SVG in a rounded tile, or a neutral tile with a symbol.
  func appIcon(_ app: HomeApp) -> String {
    guard let svg = app.iconSVG else {
      return "<span class=\"app-icon plain\">\(systemIcon("apps", title: app.name))</span>"
    }
    return "<span class=\"app-icon\">\(svg)</span>"
  }

  /// CarPlay's Home screen: each app's icon and name; a tap opens the app (running apps
  /// come back as they were left).
  func homeScreen(_ apps: [HomeApp]) -> String {
    var html = "<div class=\"home-grid\" data-template=\"carplay-home\">"
    for app in apps {
      html +=
        "<button class=\"home-app\(app.isRunning ? " running" : "")\" data-ev=\"openApp\" data-e=\"\(esc(app.id))\">\(appIcon(app))<span class=\"app-name\">\(esc(app.name))</span></button>"
    }
    return html + "</div>"
  }

  /// The app a hand-off opened, drawn as a placeholder naming what it would show; the dock
  /// returns to the app that handed off.
  func handoffScreen(_ handoff: HandoffScreen) -> String {
    var html =
      "<div class=\"handoff\" data-template=\"handoff\"><div class=\"handoff-app\">\(systemIcon(handoff.symbol, title: handoff.appName))<span>\(esc(handoff.appName))</span></div>"
    html += "<div class=\"handoff-title\">\(esc(handoff.title))</div>"
    if let detail = handoff.detail {
      html += "<div class=\"handoff-detail\">\(esc(detail))</div>"
    }
    html +=
      "<div class=\"handoff-note\">\(esc(handoff.appName)) runs here on a real car; \(esc(handoff.fromAppName)) is in the dock.</div></div>"
    return html
  }

  func awayScreen(_ away: CarDisplayState.Away, appName: String) -> String {
    switch away {
    case .disconnected:
      return
        "<div class=\"away\"><div class=\"away-title\">Not connected</div><div class=\"away-sub\">Connect the car in the side panel.</div></div>"
    case .home(let reason):
      return
        "<div class=\"away home-screen\"><div class=\"away-title\">CarPlay Home</div><div class=\"away-sub\">\(esc(appName)) was closed: \(esc(reason))</div><button class=\"reopen\" data-ev=\"reopen\">Open \(esc(appName))</button></div>"
    }
  }

  func appScreen(_ screen: CarScreen, state: CarDisplayState, width: Int, height: Int) -> String {
    var html = ""
    var tabs: TabBarTemplateSpec?
    if case .tabBar(let bar) = screen.root.content { tabs = bar }
    let top = screen.top
    let canGoBack = !screen.stack.isEmpty
    if let tabs, screen.stack.isEmpty || top.kind != .nowPlaying {
      html += tabBar(tabs, rootID: screen.root.id)
    }
    html +=
      "<div class=\"template \(top.kind.rawValue)\" data-template=\"\(esc(top.id.rawValue))\""
      + " data-depth=\"\(screen.stack.count)\">"
    html += template(
      top, state: state, canGoBack: canGoBack, width: width,
      height: height - (tabs == nil ? 0 : Self.isCompact(state.configuration.display) ? 37 : 44)
    )
    html += "</div>"
    if let title = state.videoPlayerTitle {
      html += videoPlayer(title: title, info: state.nowPlaying)
    }
    if let info = state.nowPlaying, let asset = info.assetURL {
      // What the system plays, for the web simulator's sound: not drawn.
      html +=
        "<div class=\"np-sound\" hidden=\"\" data-src=\"\(esc(asset))\" data-elapsed=\"\(info.elapsedSeconds)\" data-rate=\"\(info.playbackRate)\" data-title=\"\(esc(info.title))\"></div>"
    }
    if let modal = screen.modal {
      html += "<div class=\"scrim\"></div>" + self.modal(modal)
    }
    return html
  }

  /// The system's video player over the app's templates while it plays (CarPlay draws it, not
  /// the app): the film's title, its elapsed time from the published Now Playing info (moving
  /// on at its rate, as the system extrapolates it, carplay-facts.md §8) and, paused, a large
  /// pause sign with the word.
  func videoPlayer(title: String, info: NowPlayingInfoSpec?) -> String {
    let paused = (info?.playbackRate ?? 1) <= 0
    let shownTitle = title.isEmpty ? (info?.title ?? "") : title
    var html =
      "<div class=\"video-player\" data-video=\"\(paused ? "paused" : "playing")\"><button class=\"vp-close\" data-ev=\"videoClose\" title=\"Close the video\">\(systemIcon("close", title: "close"))</button>"
    html +=
      paused
      ? "<div class=\"vp-frame vp-paused\">\(systemIcon("pause", title: "paused"))<span class=\"vp-state\">Paused</span></div>"
      : "<div class=\"vp-frame vp-playing\">\(systemIcon("movie", title: "playing"))</div>"
    html += "<div class=\"vp-title\">\(esc(shownTitle))</div>"
    if let info, let duration = info.durationSeconds, duration > 0, !info.isLiveStream {
      let percent = min(1, max(0, info.elapsedSeconds / duration)) * 100
      html +=
        "<div class=\"np-clock vp-clock\" data-elapsed=\"\(info.elapsedSeconds)\" data-duration=\"\(duration)\" data-rate=\"\(info.playbackRate)\"><div class=\"progress\"><span style=\"width:\(String(format: "%.1f", percent))%\"></span></div><div class=\"np-times\"><span class=\"np-elapsed\">\(clock(info.elapsedSeconds))</span><span class=\"np-remaining\">-\(clock(max(0, duration - info.elapsedSeconds)))</span></div></div>"
    }
    return html + "<div class=\"vp-sub\">System video player</div></div>"
  }

  func tabBar(_ bar: TabBarTemplateSpec, rootID: TemplateID) -> String {
    var html = "<nav class=\"tabs\">"
    for (index, tab) in bar.tabs.enumerated() {
      let title = tab.tab?.title ?? tab.title ?? "Tab \(index + 1)"
      let icon = tab.tab?.image.map(glyph) ?? tab.tab?.systemItem.map { glyph(.symbol($0)) } ?? ""
      let selected = index == bar.selectedIndex ? " selected" : ""
      let badge = tab.tab?.showsBadge == true ? "<span class=\"badge\"></span>" : ""
      html +=
        "<button class=\"tab\(selected)\" data-ev=\"tab\" data-t=\"\(esc(rootID.rawValue))\" data-e=\"\(index)\"><span class=\"icon\">\(icon)</span><span class=\"tab-title\">\(esc(title))</span>\(badge)</button>"
    }
    return html + "</nav>"
  }

  func navigationBar(
    title: String?, bar: NavigationBarSpec, templateID: TemplateID, canGoBack: Bool
  ) -> String {
    var html = "<header class=\"navbar\">"
    html += "<div class=\"nav-leading\">"
    if canGoBack {
      let backTitle = bar.backButton?.title ?? "Back"
      html +=
        "<button class=\"back\" data-ev=\"back\" data-t=\"\(esc(templateID.rawValue))\">\(systemIcon("chevron_left", title: "back"))\(esc(backTitle))</button>"
    }
    for button in bar.leading { html += barButton(button, templateID: templateID) }
    // A title gets at most two lines in a point-of-interest panel (one in a bar); the whole
    // title stays readable as the heading's tooltip.
    html +=
      "</div><h1 title=\"\(esc(title ?? ""))\">\(esc(title ?? ""))</h1><div class=\"nav-trailing\">"
    for button in bar.trailing { html += barButton(button, templateID: templateID) }
    html += "</div></header>"
    return html
  }

  func barButton(_ button: BarButtonSpec, templateID: TemplateID) -> String {
    // The title wins when both title and image are set (carplay-facts.md §1.0).
    let label =
      button.title.map(esc) ?? button.image.map(glyph)
      ?? systemIcon("radio_button_unchecked", title: "button")
    let disabled = button.isEnabled ? "" : " disabled=\"\""
    return
      "<button class=\"bar \(button.style.rawValue)\"\(disabled) data-ev=\"bar\" data-t=\"\(esc(templateID.rawValue))\" data-e=\"\(esc(button.id.rawValue))\">\(label)</button>"
  }

  // MARK: Templates

  func template(
    _ spec: TemplateSpec, state: CarDisplayState, canGoBack: Bool, width: Int, height: Int
  ) -> String {
    let id = spec.id
    switch spec.content {
    case .tabBar:
      return "<div class=\"empty\">Tab bar inside a tab is not allowed.</div>"
    case .list(let list):
      return navigationBar(
        title: list.title, bar: list.navigationBar, templateID: id, canGoBack: canGoBack)
        + self.list(list, id: id, spinning: state.spinningRows)
    case .grid(let grid):
      return navigationBar(
        title: grid.title, bar: grid.navigationBar, templateID: id, canGoBack: canGoBack)
        + self.grid(grid, id: id)
    case .information(let info):
      return navigationBar(
        title: info.title, bar: info.navigationBar, templateID: id, canGoBack: canGoBack)
        + information(info, id: id)
    case .pointOfInterest(let poi):
      return pointOfInterest(
        poi, id: id, state: state, canGoBack: canGoBack, width: width, height: height)
    case .map(let map):
      return self.map(map, id: id, state: state, canGoBack: canGoBack, width: width, height: height)
    case .nowPlaying(let np):
      // CarPlay puts Up Next at the top right of Now Playing, beside its title.
      var html = navigationBar(
        title: "Now Playing", bar: .empty, templateID: id, canGoBack: canGoBack)
      if np.isUpNextButtonEnabled {
        let button =
          "<button class=\"bar up-next\" data-ev=\"upNext\" data-t=\"\(esc(id.rawValue))\">\(systemIcon("queue_music", title: "up next"))\(esc(np.upNextTitle ?? "Up Next"))</button>"
        html = html.replacingOccurrences(
          of: "<div class=\"nav-trailing\"></div>",
          with: "<div class=\"nav-trailing\">\(button)</div>")
      }
      return html + nowPlaying(np, id: id)
    case .search(let search):
      return navigationBar(title: "Search", bar: .empty, templateID: id, canGoBack: canGoBack)
        + self.search(
          search, id: id,
          keyboardLimited: state.configuration.limitedUserInterfaces.contains(.keyboard))
    case .voiceControl(let voice):
      return voiceControl(voice)
    case .contact(let contact):
      return navigationBar(title: contact.name, bar: .empty, templateID: id, canGoBack: canGoBack)
        + self.contact(contact, id: id)
    case .alert, .actionSheet:
      return modal(spec)
    }
  }

  func list(_ list: ListTemplateSpec, id: TemplateID, spinning: Set<ElementID>) -> String {
    var html = "<div class=\"list\">"
    if let header = list.detailsHeader {
      html +=
        "<div class=\"details-header\"><div class=\"thumb\">\(glyph(header.thumbnail))</div><div class=\"dh-text\"><div class=\"dh-title\">\(esc(header.title ?? ""))</div><div class=\"dh-sub\">\(esc(header.subtitle ?? ""))</div><div class=\"dh-body\">\(esc(header.bodyVariants.preferred))</div>\(header.playback.map { "<div class=\"dh-playback\">\(playbackLine($0))</div>" } ?? "")</div>"
      // The header's buttons (Play, Add to Queue) sit under its text, beside the artwork's
      // column, so the body's lines never push them below the fold of a small display.
      html += "<div class=\"dh-buttons\">"
      for button in header.actionButtons { html += barButton(button, templateID: id) }
      html += "</div></div>"
    }
    if !list.headerGridButtons.isEmpty {
      html += "<div class=\"pinned\">"
      for button in list.headerGridButtons { html += gridButton(button, templateID: id) }
      html += "</div>"
    }
    if list.itemCount == 0 {
      if list.showsSpinnerWhileEmpty {
        html += "<div class=\"empty\"><div class=\"spinner big\"></div></div>"
      } else {
        html +=
          "<div class=\"empty\"><div class=\"empty-title\">\(esc(list.emptyViewTitleVariants.preferred))</div><div class=\"empty-sub\">\(esc(list.emptyViewSubtitleVariants.preferred))</div></div>"
      }
      return html + "</div>"
    }
    for section in list.sections {
      html += "<section>"
      if let header = section.header {
        html +=
          "<h2>\(esc(header))\(section.headerSubtitle.map { "<small>\(esc($0))</small>" } ?? "")</h2>"
      }
      for row in section.rows {
        switch row {
        case .item(let item):
          html += listItem(item, templateID: id, spinning: spinning.contains(item.id))
        case .imageRow(let imageRow): html += self.imageRow(imageRow, templateID: id)
        }
      }
      html += "</section>"
    }
    return html + "</div>"
  }

  func listItem(_ item: ListItemSpec, templateID: TemplateID, spinning: Bool) -> String {
    var html =
      "<button class=\"row\(item.isEnabled ? "" : " disabled")\" data-ev=\"row\" data-t=\"\(esc(templateID.rawValue))\" data-e=\"\(esc(item.id.rawValue))\"\(item.isEnabled ? "" : " disabled=\"\"")>"
    if item.isPlaying, item.playingIndicatorLocation == .leading {
      html += "<span class=\"playing\">\(systemIcon("graphic_eq", title: "playing"))</span>"
    }
    if let image = item.image { html += "<span class=\"row-image\">\(glyph(image))</span>" }
    html +=
      "<span class=\"row-text\"><span class=\"text\">\(esc(item.text))\(item.isExplicitContent ? " <span class=\"explicit\">E</span>" : "")</span>"
    if let detail = item.detailText {
      html += "<span class=\"detail\">\(esc(Self.keepingUnits(detail)))</span>"
    }
    if let progress = item.playbackProgress {
      let percent = Int((min(1, max(0, progress)) * 100).rounded())
      html += "<span class=\"progress\"><span style=\"width:\(percent)%\"></span></span>"
    }
    html += "</span>"
    if item.isPlaying, item.playingIndicatorLocation == .trailing {
      html += "<span class=\"playing\">\(systemIcon("graphic_eq", title: "playing"))</span>"
    }
    if spinning {
      html += "<span class=\"spinner\"></span>"
    } else {
      switch item.accessory {
      case .none: break
      case .disclosureIndicator:
        html += "<span class=\"accessory\">\(systemIcon("chevron_right", title: "more"))</span>"
      case .cloud:
        html += "<span class=\"accessory\">\(systemIcon("cloud", title: "in the cloud"))</span>"
      case .image(let image): html += "<span class=\"accessory\">\(glyph(image))</span>"
      }
    }
    return html + "</button>"
  }

  func imageRow(_ row: ImageRowSpec, templateID: TemplateID) -> String {
    var html =
      "<div class=\"image-row\"><button class=\"image-row-title\" data-ev=\"row\" data-t=\"\(esc(templateID.rawValue))\" data-e=\"\(esc(row.id.rawValue))\">\(esc(row.text))\(systemIcon("chevron_right", title: "more"))</button><div class=\"image-row-images\">"
    for (index, image) in row.images.enumerated() {
      let title = index < row.imageTitles.count ? row.imageTitles[index] : ""
      html +=
        "<button class=\"tile\" data-ev=\"rowImage\" data-t=\"\(esc(templateID.rawValue))\" data-e=\"\(esc(row.id.rawValue))\" data-i=\"\(index)\"><span class=\"tile-image\">\(glyph(image))</span><span>\(esc(title))</span></button>"
    }
    return html + "</div></div>"
  }

  func grid(_ grid: GridTemplateSpec, id: TemplateID) -> String {
    let shown = grid.buttons.filter(\.isDisplayable)
    var html = "<div class=\"grid\(shown.count > 4 ? " two-rows" : "")\">"
    for button in shown { html += gridButton(button, templateID: id) }
    return html + "</div>"
  }

  func gridButton(_ button: GridButtonSpec, templateID: TemplateID) -> String {
    let disabled = button.isEnabled ? "" : " disabled=\"\""
    return
      "<button class=\"grid-button\"\(disabled) data-ev=\"grid\" data-t=\"\(esc(templateID.rawValue))\" data-e=\"\(esc(button.id.rawValue))\"><span class=\"grid-image\">\(button.image.map(glyph) ?? "")</span><span>\(esc(button.titleVariants.preferred))</span></button>"
  }

  func information(_ info: InformationTemplateSpec, id: TemplateID) -> String {
    var html = "<div class=\"information \(info.layout.rawValue)\"><dl>"
    for (index, item) in info.items.enumerated() {
      // `infoItem` names the row for a knob's focus (it has no action of its own).
      html +=
        "<div class=\"info-item\" data-ev=\"infoItem\" data-t=\"\(esc(id.rawValue))\" data-e=\"\(index)\"><dt>\(esc(item.title ?? ""))</dt><dd>"
      if let rating = item.rating, let maximum = item.maximumRating {
        let full = Int(rating)
        let half = rating - Double(full) >= 0.5
        html +=
          "<span class=\"rating\" title=\"\(rating) of \(maximum)\">"
          + String(repeating: systemIcon("star", title: "star"), count: full)
          + (half ? systemIcon("star_half", title: "half star") : "")
          + String(
            repeating: systemIcon("star_border", title: "no star"),
            count: max(0, maximum - full - (half ? 1 : 0))) + "</span>"
      } else {
        html += esc(item.detail ?? "")
      }
      html += "</dd></div>"
    }
    html += "</dl><div class=\"actions\">"
    for action in info.actions {
      html +=
        "<button class=\"text-button \(action.style.rawValue)\" data-ev=\"action\" data-t=\"\(esc(id.rawValue))\" data-e=\"\(esc(action.id.rawValue))\">\(esc(action.title))</button>"
    }
    return html + "</div></div>"
  }

  func pointOfInterest(
    _ poi: PointOfInterestTemplateSpec, id: TemplateID, state: CarDisplayState, canGoBack: Bool,
    width: Int, height: Int
  ) -> String {
    let portrait = state.configuration.display.isPortrait
    let covered = PointOfInterestMap.panel(width: width, height: height, portrait: portrait)
    let panelWidth = covered.width
    let panelHeight = covered.height
    let coveredLeft = covered.coveredLeft
    let coveredTop = covered.coveredTop
    var html = "<div class=\"poi\(portrait ? " portrait" : "")\">"
    var pins = poi.points.enumerated().map { index, point in
      MapPin(
        id: point.id.rawValue, coordinate: point.location, label: String(index + 1),
        style: index == poi.selectedIndex ? .selected : .place,
        imageSVG: (index == poi.selectedIndex ? point.selectedPinImage ?? point.pinImage
          : point.pinImage).flatMap { $0.source == .asset ? state.assetImages[$0.name] : nil })
    }
    if let car = state.carLocation {
      pins.insert(MapPin(id: "car", coordinate: car, style: .car), at: 0)
    }
    // The host's region when it gives one (the region the app was told), else the places'
    // frame: both are drawn the same way, so the map shows what the host and the app agree on.
    let region =
      state.mapRegion
      ?? PointOfInterestMap.framing(places: poi.points.map(\.location), car: state.carLocation)
    let viewport: MapViewport
    var regionAttributes = ""
    if let region {
      viewport = PointOfInterestMap.viewport(
        showing: region, width: width, height: height, portrait: portrait)
      let centre = PointOfInterestMap.drawnCentre(of: viewport, portrait: portrait)
      regionAttributes =
        " data-region=\"\(region.minimum.latitude),\(region.minimum.longitude),\(region.maximum.latitude),\(region.maximum.longitude)\" data-centre=\"\(centre.latitude),\(centre.longitude)\""
    } else {
      viewport = MapViewport(
        center: Coordinate(latitude: 51.16, longitude: 10.45), zoom: 5.5, width: Double(width),
        height: Double(height))
    }
    html +=
      "<div class=\"map-layer\" data-ev-region=\"\(esc(id.rawValue))\"\(regionAttributes)>\(mapSVG(viewport, dark: state.configuration.contentStyle == .dark, pins: pins, route: nil, coveredLeft: coveredLeft, coveredTop: coveredTop))</div>"
    html +=
      "<div class=\"poi-panel\(poi.points.isEmpty ? " no-points" : "")\" style=\"width:\(panelWidth)px;height:\(panelHeight)px\">"
    html += navigationBar(
      title: poi.title, bar: poi.navigationBar, templateID: id, canGoBack: canGoBack)
    if let index = poi.selectedIndex, poi.points.indices.contains(index) {
      let point = poi.points[index]
      // The title and the close button head the card; only what follows scrolls, so the
      // scroll indicator never runs over the close button.
      html +=
        "<div class=\"poi-card\"><div class=\"card-head\"><div class=\"card-title\">\(esc(point.detailTitle ?? point.title))</div><button class=\"card-close\" data-ev=\"poiDeselect\" data-t=\"\(esc(id.rawValue))\">\(systemIcon("close", title: "close"))</button></div>"
      html += "<div class=\"card-body\">"
      if let sub = point.detailSubtitle ?? point.subtitle {
        html += "<div class=\"card-sub\">\(esc(Self.keepingUnits(sub)))</div>"
      }
      if let summary = point.detailSummary ?? point.summary {
        html += "<div class=\"card-summary\">\(esc(Self.keepingUnits(summary)))</div>"
      }
      html += "</div><div class=\"card-buttons\">"
      for (which, button) in [
        ("primary", point.primaryButton), ("secondary", point.secondaryButton),
      ] {
        guard let button else { continue }
        html +=
          "<button class=\"text-button \(button.style.rawValue) \(which)\" data-ev=\"poiButton\" data-t=\"\(esc(id.rawValue))\" data-e=\"\(esc(point.id.rawValue))\" data-which=\"\(which)\">\(esc(button.title))</button>"
      }
      html += "</div></div>"
    } else if poi.points.isEmpty {
      // CarPlay shows an empty picker; the template's title is the only text the app controls.
      html += "<div class=\"empty\"></div>"
    } else {
      html += "<div class=\"list\">"
      for (index, point) in poi.points.enumerated() {
        html +=
          "<button class=\"row\" data-ev=\"poi\" data-t=\"\(esc(id.rawValue))\" data-e=\"\(esc(point.id.rawValue))\"><span class=\"pin-number\">\(index + 1)</span><span class=\"row-text\"><span class=\"text\">\(esc(point.title))</span>"
        if let sub = point.subtitle {
          html += "<span class=\"detail\">\(esc(Self.keepingUnits(sub)))</span>"
        }
        if let summary = point.summary {
          html += "<span class=\"detail\">\(esc(Self.keepingUnits(summary)))</span>"
        }
        html += "</span></button>"
      }
      html += "</div>"
    }
    return html + "</div></div>"
  }

  func map(
    _ map: MapTemplateSpec, id: TemplateID, state: CarDisplayState, canGoBack: Bool, width: Int,
    height: Int
  ) -> String {
    // A navigation app's own drawing in the car's window, when it made one (its route falling
    // back to the template's); else the template's viewport in the car's style; else nothing
    // is drawn under the controls yet.
    var content =
      state.screen?.window
      ?? map.viewport.map {
        CarWindowSpec(
          center: $0.center, zoom: $0.zoom, isDark: state.configuration.contentStyle == .dark,
          markers: $0.markers)
      }
    if content?.route == nil { content?.route = map.viewport?.route }
    let controls = Self.mapControls(
      map, width: Double(width), height: Double(height),
      compact: Self.isCompact(state.configuration.display), canGoBack: canGoBack)
    let svg = content.map { windowMap($0, width: width, height: height, controls: controls) } ?? ""
    var html =
      "<div class=\"map-template\"><div class=\"map-layer\" data-ev-region=\"\(esc(id.rawValue))\">\(svg)</div>"
    if let session = map.navigationSession, let next = session.upcomingManeuvers.first {
      html +=
        "<div class=\"maneuver\" style=\"position:absolute;left:8px;top:44px;max-width:45%;background:rgba(20,24,30,.88);color:#fff;border-radius:10px;padding:8px 12px;font:600 15px 'Wayside Inter',-apple-system,sans-serif\"><div>\(glyph(next.symbol)) \(esc(next.distance))</div><div>\(esc(next.instructionVariants.preferred))</div><div style=\"font-weight:400;font-size:12px;opacity:.8\">\(esc(session.tripEstimates))</div></div>"
    }
    html += "<div class=\"map-bar\">"
    if canGoBack {
      html +=
        "<button class=\"bar\" data-ev=\"back\" data-t=\"\(esc(id.rawValue))\">\(systemIcon("chevron_left", title: "back"))Back</button>"
    }
    for button in map.navigationBar.leading { html += barButton(button, templateID: id) }
    html += "<span class=\"spacer\"></span>"
    for button in map.navigationBar.trailing { html += barButton(button, templateID: id) }
    html += "</div>"
    if map.navigationSession == nil, !map.tripPreviews.isEmpty {
      html += tripPreviews(map.tripPreviews, id: id)
    }
    if map.isPanning {
      // CarPlay's panning interface: an arrow at each edge of the map (carplay-facts.md §1.6).
      for (direction, icon) in [
        ("up", "keyboard_arrow_up"), ("down", "keyboard_arrow_down"),
        ("left", "keyboard_arrow_left"), ("right", "keyboard_arrow_right"),
      ] {
        html +=
          "<button class=\"pan-arrow \(direction)\" data-ev=\"pan\" data-t=\"\(esc(id.rawValue))\" data-which=\"\(direction)\" title=\"Pan \(direction)\">\(systemIcon(icon, title: "pan \(direction)"))</button>"
      }
    }
    html += "<div class=\"map-buttons\">"
    for button in map.mapButtons where !button.isHidden {
      let disabled = button.isEnabled ? "" : " disabled=\"\""
      html +=
        "<button class=\"map-button\"\(disabled) data-ev=\"mapButton\" data-t=\"\(esc(id.rawValue))\" data-e=\"\(esc(button.id.rawValue))\">\(button.image.map(glyph) ?? systemIcon("radio_button_unchecked", title: "button"))</button>"
    }
    return html + "</div></div>"
  }

  /// A trip preview's card: the destination and each route choice with its texts and a Go
  /// button (`CPTripPreviewTextConfiguration`'s "Go"), which starts guidance on that route.
  func tripPreviews(_ trips: [TripPreviewSpec], id: TemplateID) -> String {
    var html = "<div class=\"trip-card\"><div class=\"card-body\">"
    for trip in trips {
      html += "<div class=\"trip-title\">\(esc(trip.destinationName))</div>"
      for route in trip.routeChoices {
        html += "<div class=\"route-choice\"><div class=\"route-text\">"
        html += "<div class=\"route-summary\">\(esc(route.summaryVariants.preferred))</div>"
        let info = route.additionalInformationVariants.preferred
        if !info.isEmpty { html += "<div class=\"detail\">\(esc(info))</div>" }
        html +=
          "</div><button class=\"text-button primary go\" data-ev=\"startRoute\" data-t=\"\(esc(id.rawValue))\" data-e=\"\(esc(route.id.rawValue))\">Go</button></div>"
      }
    }
    return html + "</div></div>"
  }

  func nowPlaying(_ np: NowPlayingTemplateSpec, id: TemplateID) -> String {
    let t = esc(id.rawValue)
    guard let info = np.info else {
      // Nothing playing yet: the system still draws the buttons the host kept (at most 5,
      // carplay-facts.md §8, §10), so the app's buttons can be seen and pressed.
      return
        "<div class=\"now-playing idle\"><div class=\"empty\"><div class=\"empty-title\">Nothing playing</div></div>"
        + nowPlayingButtons(np, t: t) + "</div>"
    }
    var html =
      "<div class=\"now-playing\"><div class=\"artwork\">\(info.artwork.map(glyph) ?? systemIcon("music_note", title: "artwork"))</div><div class=\"np-meta\">"
    let credit = [info.artist, info.album].compactMap { $0 }.joined(separator: " — ")
    html += "<div class=\"np-title\">\(esc(info.title))</div>"
    if !credit.isEmpty {
      // CarPlay's album/artist button is the credit line itself.
      html +=
        np.isAlbumArtistButtonEnabled
        ? "<button class=\"np-artist\" data-ev=\"albumArtist\" data-t=\"\(t)\">\(esc(credit))</button>"
        : "<div class=\"np-artist\">\(esc(credit))</div>"
    }
    if info.isLiveStream {
      html += "<div class=\"np-live\">LIVE</div>"
    } else if let duration = info.durationSeconds, duration > 0 {
      // The elapsed time moves on its own from the rate, as the system extrapolates it
      // (carplay-facts.md §8): the page advances it between updates.
      let percent = min(1, max(0, info.elapsedSeconds / duration)) * 100
      html +=
        "<div class=\"np-clock\" data-elapsed=\"\(info.elapsedSeconds)\" data-duration=\"\(duration)\" data-rate=\"\(info.playbackRate)\"><div class=\"progress\"><span style=\"width:\(String(format: "%.1f", percent))%\"></span></div><div class=\"np-times\"><span class=\"np-elapsed\">\(clock(info.elapsedSeconds))</span><span class=\"np-remaining\">-\(clock(max(0, duration - info.elapsedSeconds)))</span></div></div>"
    }
    let playing = info.playbackRate > 0
    // ⏯ sends `pause` while the published rate is above 0 and `play` otherwise, never
    // `togglePlayPause`. UNCONFIRMED: carplay-facts.md §8 says only that Now Playing's
    // "controls come from MPRemoteCommandCenter", not which command its centre button sends.
    // The conservative choice: the explicit command for what the button shows, so a press
    // never does the opposite of its icon when the published state lags the player (a toggle
    // would); the app still gets `togglePlayPause` from `remote toggle` (the steering wheel).
    html +=
      "<div class=\"transport\"><button data-ev=\"transport\" data-t=\"\(t)\" data-e=\"previous\">\(systemIcon("skip_previous", title: "previous"))</button><button class=\"play\" data-ev=\"transport\" data-t=\"\(t)\" data-e=\"\(playing ? "pause" : "play")\">\(playing ? systemIcon("pause", title: "pause") : systemIcon("play_arrow", title: "play"))</button><button data-ev=\"transport\" data-t=\"\(t)\" data-e=\"next\">\(systemIcon("skip_next", title: "next"))</button></div>"
    return html + nowPlayingButtons(np, t: t) + "</div></div>"
  }

  /// Now Playing's button row: the app's buttons, then album/artist and Up Next when enabled.
  func nowPlayingButtons(_ np: NowPlayingTemplateSpec, t: String) -> String {
    var html = "<div class=\"np-buttons\">"
    for button in np.buttons {
      let label: String
      switch button.kind {
      case .shuffle: label = systemIcon("shuffle", title: "shuffle")
      case .repeat: label = systemIcon("repeat", title: "repeat")
      case .playbackRate:
        // The system's rate button reads the rate the item plays at (carplay-facts.md §8).
        label = esc(NowPlayingInfoSpec.rateLabel(np.info?.shownRate ?? 1))
      case .addToLibrary: label = systemIcon("add", title: "add to library")
      case .more: label = systemIcon("more_horiz", title: "more")
      case .image(let image): label = glyph(image)
      }
      let selected = button.isSelected ? " selected" : ""
      html +=
        "<button class=\"np-button\(selected)\" data-ev=\"nowPlayingButton\" data-t=\"\(t)\" data-e=\"\(esc(button.id.rawValue))\"\(button.isEnabled ? "" : " disabled=\"\"")>\(label)</button>"
    }
    if np.isAlbumArtistButtonEnabled, np.info == nil {
      // With nothing playing there is no credit line to tap.
      html +=
        "<button class=\"np-button text\" data-ev=\"albumArtist\" data-t=\"\(t)\">Album</button>"
    }
    return html + "</div>"
  }

  func search(_ search: SearchTemplateSpec, id: TemplateID, keyboardLimited: Bool) -> String {
    // The field takes the computer's keyboard as CarPlay's keyboard (the page sends the whole
    // new text as `type`, as the host does); a car that limits the keyboard takes no typing.
    let query = search.query.isEmpty
      ? "<span class=\"placeholder\">Search</span>" : "<span class=\"query\">\(esc(search.query))</span>"
    var html =
      "<div class=\"search\"><div class=\"search-field\(keyboardLimited ? " limited" : "")\" data-search=\"\(esc(id.rawValue))\" data-query=\"\(esc(search.query))\" data-keyboard=\"\(keyboardLimited ? "limited" : "available")\">\(systemIcon("search", title: "search"))\(query)\(keyboardLimited ? "" : "<span class=\"caret\"></span>")</div>"
    if keyboardLimited {
      html += "<div class=\"empty-sub\">Keyboard not available while driving</div>"
    }
    html += "<div class=\"list\">"
    for item in search.results { html += listItem(item, templateID: id, spinning: false) }
    return html + "</div></div>"
  }

  func voiceControl(_ voice: VoiceControlTemplateSpec) -> String {
    let state = voice.states.first { $0.id == voice.activeStateID } ?? voice.states.first
    guard let state else { return "<div class=\"voice\"></div>" }
    return
      "<div class=\"voice\"><div class=\"voice-image\">\(state.image.map(glyph) ?? systemIcon("mic", title: "listening"))</div><div class=\"voice-title\">\(esc(state.titleVariants.preferred))</div></div>"
  }

  func contact(_ contact: ContactTemplateSpec, id: TemplateID) -> String {
    var html =
      "<div class=\"contact\"><div class=\"avatar\">\(contact.image.map(glyph) ?? esc(String(contact.name.prefix(1))))</div><div class=\"contact-name\">\(esc(contact.name))</div>"
    if let subtitle = contact.subtitle { html += "<div class=\"detail\">\(esc(subtitle))</div>" }
    if let info = contact.informativeText { html += "<div class=\"detail\">\(esc(info))</div>" }
    html += "<div class=\"contact-actions\">"
    for action in contact.actions {
      let label: String
      switch action.kind {
      case .call: label = systemIcon("call", title: "call") + " Call"
      case .message: label = systemIcon("message", title: "message") + " Message"
      case .directions: label = systemIcon("directions", title: "directions") + " Directions"
      case .custom(let title, let image): label = "\(glyph(image)) \(esc(title))"
      }
      html +=
        "<button class=\"text-button\" data-ev=\"contactAction\" data-t=\"\(esc(id.rawValue))\" data-e=\"\(esc(action.id.rawValue))\">\(label)</button>"
    }
    return html + "</div></div>"
  }

  func modal(_ spec: TemplateSpec) -> String {
    let t = esc(spec.id.rawValue)
    switch spec.content {
    case .alert(let alert):
      var html =
        "<div class=\"modal alert\" data-template=\"\(t)\"><div class=\"alert-title\">\(esc(alert.titleVariants.preferred))</div><div class=\"alert-actions\">"
      for action in alert.actions {
        html +=
          "<button class=\"text-button \(action.style.rawValue)\" data-ev=\"alertAction\" data-t=\"\(t)\" data-e=\"\(esc(action.id.rawValue))\">\(esc(action.title))</button>"
      }
      return html + "</div></div>"
    case .actionSheet(let sheet):
      var html = "<div class=\"modal sheet\" data-template=\"\(t)\">"
      if let title = sheet.title { html += "<div class=\"alert-title\">\(esc(title))</div>" }
      if let message = sheet.message {
        html += "<div class=\"sheet-message\">\(esc(message))</div>"
      }
      html += "<div class=\"sheet-actions\">"
      for action in sheet.actions {
        html +=
          "<button class=\"text-button \(action.style.rawValue)\" data-ev=\"alertAction\" data-t=\"\(t)\" data-e=\"\(esc(action.id.rawValue))\">\(esc(action.title))</button>"
      }
      return html + "</div></div>"
    case .voiceControl(let voice):
      return "<div class=\"modal voice-modal\" data-template=\"\(t)\">\(voiceControl(voice))</div>"
    default:
      return
        "<div class=\"modal\" data-template=\"\(t)\"><div class=\"alert-title\">\(esc(spec.title ?? spec.kind.className))</div></div>"
    }
  }

  // MARK: Helpers

  /// Where the map template's controls and cards lie over the map (as `CarStylesheet` places
  /// them, with a few pixels to spare): the bar along the top, the map buttons at the right,
  /// the maneuver card, the trip preview's card and the panning arrows. No map label is drawn
  /// under them.
  static func mapControls(
    _ map: MapTemplateSpec, width: Double, height: Double, compact: Bool, canGoBack: Bool = false
  ) -> [MapRect] {
    // The bar's buttons, 8 px from the top and about 36 px high, from each end: a title's
    // width estimated generously (9 px a character and 20 px padding, 6 px apart); the back
    // button and the bar in portrait take the whole strip.
    let barHeight = compact ? 48.0 : 52.0
    func buttonWidth(_ button: BarButtonSpec) -> Double {
      Double((button.title ?? "").count) * 9 + 20 + (button.image == nil ? 0 : 28)
    }
    var rects: [MapRect] = []
    if width < 500 {
      rects.append(MapRect(x: 0, y: 0, width: width, height: barHeight))
    } else {
      let leading = map.navigationBar.leading.map(buttonWidth).reduce(0) { $0 + $1 + 6 }
      let trailing = map.navigationBar.trailing.map(buttonWidth).reduce(0) { $0 + $1 + 6 }
      let back = canGoBack ? 90.0 : 0
      rects.append(MapRect(x: 0, y: 0, width: 8 + back + leading, height: barHeight))
      rects.append(MapRect(x: width - 8 - trailing - 6, y: 0, width: trailing + 14, height: barHeight))
    }
    let buttons = Double(map.mapButtons.filter { !$0.isHidden }.count)
    if buttons > 0 {
      let column = buttons * 44 + (buttons - 1) * 8
      rects.append(
        MapRect(x: width - 60, y: height / 2 - column / 2 - 6, width: 60, height: column + 12))
    }
    if let session = map.navigationSession, let next = session.upcomingManeuvers.first {
      // The card is at most 45% wide; its 15 px lines wrap (about 9 px a character), so its
      // height follows the instruction's and the estimates' lines.
      let perLine = max(6, (width * 0.45 - 24) / 9)
      func lines(_ text: String) -> Double { (Double(text.count) / perLine).rounded(.up) }
      let height =
        16 + 19 * (1 + lines(next.instructionVariants.preferred)) + 15 * lines(session.tripEstimates)
      rects.append(MapRect(x: 0, y: 40, width: width * 0.45 + 14, height: height + 10))
    }
    if map.navigationSession == nil, !map.tripPreviews.isEmpty {
      let top = compact ? 44.0 : 52.0
      rects.append(
        MapRect(x: 0, y: top - 4, width: 8 + min(260, width * 0.45) + 6, height: height - top - 26))
    }
    if map.isPanning {
      rects += [
        MapRect(x: width / 2 - 24, y: 48, width: 48, height: 48),
        MapRect(x: width / 2 - 24, y: height - 78, width: 48, height: 48),
        MapRect(x: 6, y: height / 2 - 24, width: 48, height: 48),
        MapRect(x: width - 108, y: height / 2 - 24, width: 48, height: 48),
      ]
    }
    return rects
  }

  /// Window content (a navigation app's map, or a phone's map drawn from the same kind of
  /// value) as SVG of `width` × `height` pixels: its camera, route, markers and the vehicle;
  /// `controls` are what lies over it, which no label may lie under.
  public func windowMap(
    _ content: CarWindowSpec, width: Int, height: Int, controls: [MapRect] = []
  ) -> String {
    let viewport = MapViewport(
      center: content.center, zoom: content.zoom, width: Double(width), height: Double(height))
    // A navigation map's marker (its destination) shows its name on a tag beside the pin.
    var pins = content.markers.map {
      MapPin(id: $0.id.rawValue, coordinate: $0.location, label: nil, name: $0.title)
    }
    if let car = content.car {
      pins.append(MapPin(id: "car", coordinate: car, style: .car, heading: content.carHeading))
    }
    guard let mapRenderer else { return "<div class=\"no-map\">Map unavailable</div>" }
    if let mapImages {
      return linked(
        mapRenderer.layers(
          viewport, dark: content.isDark, pins: pins, route: content.route,
          heading: content.heading, controls: controls, alternatives: content.alternativeRoutes),
        in: mapImages)
    }
    return mapRenderer.render(
      viewport, dark: content.isDark, pins: pins, route: content.route, heading: content.heading,
      controls: controls, alternatives: content.alternativeRoutes)
  }

  /// The map's base image as a link (kept in `store` for the server to answer) under its
  /// inline overlay.
  func linked(_ layers: MapLayers, in store: MapImageStore) -> String {
    store.store(layers.base, for: layers.key)
    return
      "<img class=\"map map-base\" src=\"\(MapImageStore.path(layers.key))\" alt=\"\" draggable=\"false\"/>"
      + layers.overlay
  }

  func mapSVG(
    _ viewport: MapViewport, dark: Bool, pins: [MapPin], route: Polyline?, coveredLeft: Double = 0,
    coveredTop: Double = 0
  ) -> String {
    guard let mapRenderer else {
      return "<div class=\"no-map\">Map unavailable</div>"
    }
    if let mapImages {
      return linked(
        mapRenderer.layers(
          viewport, dark: dark, pins: pins, route: route, coveredLeft: coveredLeft,
          coveredTop: coveredTop), in: mapImages)
    }
    return mapRenderer.render(
      viewport, dark: dark, pins: pins, route: route, coveredLeft: coveredLeft,
      coveredTop: coveredTop)
  }

  func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    return "\(total / 60):" + (total % 60 < 10 ? "0" : "") + "\(total % 60)"
  }

  func esc(_ text: String) -> String { Markup.escape(text) }

  /// `text` with each number bound to the unit after it by a no-break space (U+00A0), so a
  /// wrapping line never splits "0.69 €/kWh", "22 kW" or "12 min" between number and unit:
  /// a space between a digit and a unit (€, ct, kW, kWh, km, m, min, h, %, and a slash unit
  /// such as €/kWh) becomes a no-break space. The character, not the `&nbsp;` entity, which
  /// XML (the SVG export) does not know.
  static func keepingUnits(_ text: String) -> String {
    // Only a space after a number can bind: text in ASCII with no digit before a space (most
    // names and labels) is answered as it is, found by one pass over its bytes.
    var previous: UInt8 = 0
    var isASCII = true
    var digitBeforeSpace = false
    for byte in text.utf8 {
      if byte >= 0x80 { isASCII = false; break }
      if byte == 0x20, previous >= 0x30, previous <= 0x39 { digitBeforeSpace = true; break }
      previous = byte
    }
    guard digitBeforeSpace || !isASCII else { return text }
    guard text.contains(" ") else { return text }
    let units = ["€", "ct", "kWh", "kW", "km", "min", "m", "h", "%", "¢", "$", "£", "mi"]
    var out = ""
    out.reserveCapacity(text.utf8.count)
    let characters = Array(text)
    for (index, character) in characters.enumerated() {
      guard character == " ", index > 0, characters[index - 1].isNumber else {
        out.append(character)
        continue
      }
      let rest = characters[(index + 1)...]
      let bound = units.contains { unit in
        guard rest.starts(with: unit) else { return false }
        // The unit ends there: a letter after it makes another word ("22 minutes" stays).
        let after = rest.dropFirst(unit.count).first
        return after.map { !$0.isLetter } ?? true
      }
      out.append(bound ? "\u{00A0}" : " ")
    }
    return out
  }

  /// An SF Symbol drawn with its stand-in from the bundled open icon font (Material Icons, by
  /// ligature name; see ``CarSymbols``), titled with the symbol's name. An app's own image
  /// (an asset the browser cannot load) is drawn as a neutral picture icon with its name.
  /// A playable element's action glyph (from the icon font, never an emoji), progress and
  /// presentation request, e.g. `pause 0:30 / 14:48 · asks for video`.
  func playbackLine(_ playback: PlaybackConfigurationSpec) -> String {
    let icon: String
    switch playback.playbackAction {
    case .play: icon = systemIcon("play_arrow", title: "play")
    case .pause: icon = systemIcon("pause", title: "pause")
    case .replay: icon = systemIcon("replay", title: "replay")
    case .none: icon = ""
    }
    // The text form starts with its own glyph and a space; the rest is the same words.
    let text = TextRenderer.playbackLine(playback)
    let words = text.firstIndex(of: " ").map { String(text[text.index(after: $0)...]) } ?? text
    return icon + (icon.isEmpty ? "" : " ") + esc(words)
  }

  func glyph(_ image: CarImage) -> String {
    if image.source == .symbol, let skip = CarSymbols.skip(image.name) {
      // `gobackward.15`, `goforward.30`: a circular arrow with the seconds inside, as the
      // symbol is drawn.
      return
        "<span class=\"glyph skip\(skip.forward ? " forward" : "")\" title=\"\(esc(image.name))\"><span class=\"skip-arrow\">replay</span><span class=\"skip-seconds\">\(skip.seconds)</span></span>"
    }
    if image.source == .asset, let svg = assetImages[image.name] {
      // The app's own drawing of the asset, as its catalogue ships it.
      return
        "<span class=\"glyph asset\" title=\"\(esc(image.name))\">\(AssetSVG.embed(svg, width: 28, height: 28))</span>"
    }
    let icon = image.source == .symbol ? CarSymbols.icon(for: image.name) : "image"
    let unknown = image.source == .symbol && icon == CarSymbols.unknown ? " unknown" : ""
    return "<span class=\"glyph\(unknown)\" title=\"\(esc(image.name))\">\(icon)</span>"
  }

  /// A system control's icon (no app symbol behind it), by its Material Icons ligature name.
  func systemIcon(_ ligature: String, title: String) -> String {
    "<span class=\"glyph\" title=\"\(esc(title))\">\(esc(ligature))</span>"
  }
}
