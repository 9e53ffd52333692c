import CarRender
import CarSession
import CarSimulator
import CarTemplates
import Foundation

/// What the page shows of the simulator: the car's display and the side panel, read from the
/// host, the session and the controller's settings.
extension SimulatorController {
  /// The display as the host shows it.
  public func display() -> CarDisplayState {
    var away: CarDisplayState.Away?
    switch host.appState {
    case .notConnected: away = .disconnected
    case .running: away = nil
    case .home(let reason): away = .home(reason: reason)
    case .terminated(let exception):
      away = .home(reason: "\(exception.name.rawValue): \(exception.reason)")
    }
    var state = CarDisplayState(
      screen: host.shownScreen?.visible, configuration: host.configuration ?? configuration,
      appName: app.appName, spinningRows: Set(host.spinners.values.map(\.row)), away: away,
      isPhoneLocked: host.isPhoneLocked, clock: clockText(), carLocation: location.coordinate,
      videoPlayerTitle: host.videoPlayerTitle)
    state.nowPlaying = nowPlayingShown()
    state.input = host.inputKind.rawValue
    state.focus = host.focusedItem?.action.pageElement
    let connected = host.configuration != nil
    // The dock: the app in front, then the others running, most recent first.
    let running = [app.id] + recentApps.filter { $0 != app.id && background[$0] != nil }
    state.dockApps = running.compactMap { id in homeApp(id) }
    state.nowPlayingApp = connected ? playingApp().flatMap { homeApp($0) } : nil
    if connected, away == nil {
      if showsHome {
        state.homeScreen = apps.compactMap { homeApp($0.id) }
        state.focus = nil
      } else if let handoff {
        state.handoff = handoff
        state.focus = nil
      }
    }
    state.mapRegion = host.shownMapRegion
    state.assetImages = app.assetImages
    state.notificationBanner = host.notificationBanner
    return state
  }

  /// An app as the Home screen and the dock draw it: the in-car apps by name with their own
  /// icons, the kit's demos by id (several share a display name) on a plain tile.
  func homeApp(_ id: String) -> HomeApp? {
    guard let entry = apps.first(where: { $0.id == id }) else { return nil }
    let icon = AppIcons.svg(for: id)
    return HomeApp(
      id: id, name: icon == nil ? id : entry.appName, iconSVG: icon,
      isRunning: id == app.id || background[id] != nil)
  }

  /// The running app whose Now Playing plays (a rate above zero), the one in front first.
  func playingApp() -> String? {
    func plays(_ host: CarSimulator) -> Bool {
      guard let screen = host.screen else { return false }
      return screen.stacks.joined().contains { template in
        if case .nowPlaying(let spec) = template.content, let info = spec.info {
          return info.playbackRate > 0
        }
        return false
      }
    }
    if plays(host) { return app.id }
    return recentApps.first { id in background[id].map { plays($0.host) } ?? false }
  }

  /// The screen a hand-off opens on the car: Apple Maps' directions for a Maps link (naming
  /// the place and its coordinates), Phone for a `tel:` number, else the address opening.
  nonisolated static func handoffScreen(_ url: URL, from appName: String) -> HandoffScreen {
    if url.scheme == "tel" || url.scheme == "telprompt" {
      let number = url.absoluteString.split(separator: ":", maxSplits: 1).last.map(String.init)
      return HandoffScreen(
        appName: "Phone", title: "Calling \(number?.removingPercentEncoding ?? number ?? "")",
        symbol: "call", fromAppName: appName)
    }
    if let host = url.host, host.hasSuffix("maps.apple.com"),
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    {
      let items = components.queryItems ?? []
      let destination = items.first { $0.name == "daddr" || $0.name == "destination" }?.value
      let label = items.first { $0.name == "q" }?.value
      return HandoffScreen(
        appName: "Apple Maps",
        title: "Directions to \(label ?? destination ?? "the destination")",
        detail: label == nil ? nil : destination, symbol: "directions", fromAppName: appName)
    }
    return HandoffScreen(
      appName: "Another app", title: "Opening \(url.absoluteString)", symbol: "open_in_new",
      fromAppName: appName)
  }

  /// What every Now Playing shows now — the car's, its video player's and the phone's in the
  /// panel: the info the app published, extrapolated on the host's clock as the system does
  /// (carplay-facts.md §8). One source, so they never disagree; nil while no car is connected.
  public func nowPlayingShown() -> NowPlayingInfoSpec? {
    host.configuration == nil ? nil : host.nowPlayingInfo(at: host.clock.now())
  }

  /// The side panel.
  public func panel() -> PanelState {
    let lines = host.transcript.entries.suffix(14).map(\.description)
    var diagnostics: [String] = []
    if let screen = host.screen?.visible, let configuration = host.configuration {
      diagnostics = lint.diagnostics(
        appID: app.id, entitlements: app.entitlements, screen: screen,
        configuration: configuration)
    }
    diagnostics += session.diagnostics.suffix(5).map { "\($0.ruleID) \($0.message)" }
    let phone = phone.flatMap { $0.appID == app.id ? $0 : nil }
    var state = PanelState(
      apps: apps.map(\.id), currentApp: app.id, isConnected: host.configuration != nil,
      displayID: configuration.display.id, isNight: configuration.contentStyle == .dark,
      isDriving: configuration.limitedUserInterfaces.contains(.lists),
      isVideoAllowed: configuration.isVideoAvailable, isPhoneLocked: host.isPhoneLocked,
      location: "\(locationLabel) (\(location.coordinate?.description ?? "unknown"))",
      dataMode: dataSource.mode.description, transcript: lines, diagnostics: diagnostics,
      handoffs: host.openedURLs.map(Self.describeHandoff), message: message,
      supportsVideo: configuration.supportsVideoPlayback)
    state.tariffs = phone?.tariffs() ?? []
    state.vehicles = phone?.vehicles() ?? []
    state.sampleDriver = phone?.sample()
    state.voicePlaceholder = Self.voicePlaceholder(app)
    state.input = inputKind.rawValue
    if let feed = liveFeed, feed.appID == app.id {
      state.liveFeed = feed.title
      state.isLiveFeedOn = liveFeedOn
    }
    state.nowPlaying = nowPlayingShown()
    state.phoneMap = session.phoneMap(
      width: Double(PanelState.phoneMapSize.width), height: Double(PanelState.phoneMapSize.height))
    return state
  }

  /// A phrase the app's App Shortcuts answer, e.g. "Show fast chargers in Wayside"; a plain
  /// hint for an app without shortcuts.
  public nonisolated static func voicePlaceholder(_ app: AnyCarApp) -> String {
    guard let shortcut = app.shortcuts.first else { return "\(app.appName) has no App Shortcut" }
    return shortcut.spoken(appName: app.appName)
  }

  /// "Apple Maps would open directions to 51.3,9.4" for a Maps URL, else the URL.
  public nonisolated static func describeHandoff(_ url: URL) -> String {
    guard let host = url.host, host.hasSuffix("maps.apple.com"),
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return "Would open \(url.absoluteString)" }
    let items = components.queryItems ?? []
    let destination = items.first { $0.name == "daddr" || $0.name == "destination" }?.value
    let label = items.first { $0.name == "q" }?.value
    if let destination {
      return "Apple Maps would open directions to \(label.map { "\($0) at " } ?? "")\(destination)"
    }
    return "Apple Maps would open \(url.absoluteString)"
  }
}
