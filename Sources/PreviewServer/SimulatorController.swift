import CarRender
import CarSession
import CarSimulator
import CarTemplates
import Foundation
import Geo
import KitDemos
import Routing
import Synchronization
import WaysideData

/// Runs one app on an emulated CarPlay host for the web simulator: the car, the phone and the
/// side panel's settings, kept across reconnects and app switches.
@MainActor
public final class SimulatorController {
  /// Apps the page can switch between, by name.
  public let apps: [AnyCarApp]
  private(set) var app: AnyCarApp {
    didSet { changeCount &+= 1 }
  }
  private(set) var host: CarSimulator {
    didSet { changeCount &+= 1 }
  }
  private(set) var session: any CarSessionDriving {
    didSet { changeCount &+= 1 }
  }
  /// The configuration the car connects with (kept while disconnected).
  private(set) var configuration: SessionConfiguration {
    didSet { changeCount &+= 1 }
  }
  let location: LocationBox
  private var locationLabel: String {
    didSet { changeCount &+= 1 }
  }
  /// How the running app's data sources answer (the panel's "Data source"), kept across app
  /// switches and reconnects.
  let dataSource = DataSourceModeBox()
  private var message: String? {
    didSet { changeCount &+= 1 }
  }
  /// How many times the controller's own state changed (app, host and session, configuration,
  /// place label, message, input kind, the data source's mode, the phone's setup): one part of
  /// ``stateVersion()``.
  private(set) var changeCount = 0
  private var subscribers: [UUID: AsyncStream<Void>.Continuation] = [:]
  private var lastVersion: StateVersion?
  private var driveTask: Task<Void, Never>?
  private var poller: Task<Void, Never>?
  private var places: PlaceDirectory?
  private var roads: RoadNetwork?
  /// A fixed clock text keeps renders comparable; the preview shows the real time.
  private let clockText: @Sendable () -> String
  /// The phone app's setup the panel stands in for (the charging app's tariffs and vehicle).
  let phone: PhoneSetup?
  /// How the car's driver works the screen (the panel's "Input"), kept across reconnects and
  /// app switches: it is the car's, not the app's.
  private(set) var inputKind: CarInputKind = .touch {
    didSet { changeCount &+= 1 }
  }

  /// Creates a controller showing `app` (one of `apps`) with a car connected.
  public init(
    apps: [AnyCarApp], app: AnyCarApp, configuration: SessionConfiguration, location: Coordinate,
    locationLabel: String,
    clockText: @escaping @Sendable () -> String = SimulatorController.wallClock,
    phone: PhoneSetup? = nil
  ) {
    self.phone = phone
    self.apps = apps
    self.app = app
    self.configuration = configuration
    self.location = LocationBox(location)
    self.locationLabel = locationLabel
    self.clockText = clockText
    Self.offerVideo(to: app, in: &self.configuration)
    (host, session) = Self.start(app, location: self.location, dataSource: dataSource)
    connectCar()
  }

  /// A video app starts in a parked car that supports video, so its Videos tab shows; the
  /// panel's toggles then withdraw video (driving) or pick a car without video support.
  private static func offerVideo(to app: AnyCarApp, in configuration: inout SessionConfiguration) {
    guard app.entitlements.categories.contains(.video), !configuration.supportsVideoPlayback
    else { return }
    configuration.supportsVideoPlayback = true
    configuration.isVideoAvailable = !configuration.limitedUserInterfaces.contains(.lists)
  }

  /// A fresh emulated host with a session of `app` on it, on the live clock, keeping a bounded
  /// history (``CarSimulator/simulatorHistoryLimit``) however long the simulator runs.
  private static func start(
    _ app: AnyCarApp, location: LocationBox, dataSource: DataSourceModeBox
  ) -> (CarSimulator, any CarSessionDriving) {
    let clock = CarClock.live()
    let clients = CarClients(
      clock: clock, location: .settable(location, idle: clock.idle), dataSource: dataSource)
    let car = SimulatedCar(
      app: app, clients: clients, location: location,
      historyLimit: CarSimulator.simulatorHistoryLimit)
    return (car.host, car.session)
  }

  /// Connects the car and tells the app where it is, as Core Location would right after launch.
  private func connectCar() {
    host.inputKind = inputKind
    host.connect(configuration)
    if let coordinate = location.coordinate { host.moveTo(coordinate) }
  }

  /// `HH:MM` of the local wall clock.
  ///
  /// Formatted once per minute: every state request reads the clock (it is part of
  /// ``stateVersion()``), and making a `DateFormatter` costs more than answering a repeated
  /// request. Within one UTC minute the local time reads the same, since time zone offsets and
  /// daylight-saving changes are whole minutes.
  public nonisolated static func wallClock() -> String {
    let now = Date()
    let minute = Int((now.timeIntervalSince1970 / 60).rounded(.down))
    return wallClockMemo.withLock { memo in
      if let memo, memo.minute == minute { return memo.text }
      let formatter = DateFormatter()
      formatter.dateFormat = "HH:mm"
      let text = formatter.string(from: now)
      memo = (minute, text)
      return text
    }
  }
  private nonisolated static let wallClockMemo = Mutex<(minute: Int, text: String)?>(nil)

  // MARK: State for the page

  /// Where the state stands now: it moves whenever ``display()`` or ``panel()`` may answer
  /// differently, so a page can keep its rendering while it stays put.
  ///
  /// The host and the session count their own changes (the app's asynchronous updates arrive
  /// there), the controller counts its own; the clock text and the car's position come along
  /// as they are. The phone setup's store is read only through this controller's commands and
  /// the app's actions, so a write to it from another process shows with the next change.
  public func stateVersion() -> StateVersion {
    StateVersion(
      controller: changeCount, host: host.changeCount, session: session.changeCount,
      clock: clockText(), location: location.coordinate)
  }

  /// The state unless it is still at `known`: version, display and panel read together.
  public func snapshot(unlessAt known: StateVersion?) -> PreviewSnapshot {
    let version = stateVersion()
    let revision = revisions.next()
    if version == known { return .unchanged(revision: revision) }
    return .changed(version: version, display: display(), panel: panel(), revision: revision)
  }

  /// Numbers the snapshots, in the order the main actor takes them.
  private let revisions = RevisionCounter()

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
    state.input = host.inputKind.rawValue
    state.focus = host.focusedItem?.action.pageElement
    return state
  }

  /// The side panel.
  public func panel() -> PanelState {
    let lines = host.transcript.entries.suffix(14).map(\.description)
    var diagnostics: [String] = []
    if let screen = host.screen?.visible, let configuration = host.configuration {
      diagnostics = lintDiagnostics(screen, configuration)
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

  /// The lint of the shown screen, memoised: the panel asks on every state request, and
  /// linting a screen (text searches over every item) is most of a request's cost, while the
  /// screen changes far less often.
  private func lintDiagnostics(_ screen: CarScreen, _ configuration: SessionConfiguration)
    -> [String]
  {
    if let memo = lintMemo, memo.app == app.id, memo.screen == screen,
      memo.configuration == configuration
    {
      return memo.diagnostics
    }
    let diagnostics = CarLint.validate(
      screen: screen, entitlements: app.entitlements, configuration: configuration
    ).map { "\($0.ruleID) \($0.message)" }
    lintMemo = LintMemo(
      app: app.id, screen: screen, configuration: configuration, diagnostics: diagnostics)
    return diagnostics
  }

  /// The last lint and what it was computed for.
  private struct LintMemo {
    var app: String
    var screen: CarScreen
    var configuration: SessionConfiguration
    var diagnostics: [String]
  }
  private var lintMemo: LintMemo?

  /// "Apple Maps would open directions to 51.3,9.4" for a Maps URL, else the URL.
  public static func describeHandoff(_ url: URL) -> String {
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

  // MARK: Events from the page

  /// Delivers a tap on the display to the host.
  public func handle(_ event: PageEvent) async {
    message = nil
    do {
      try deliver(event)
    } catch {
      message = "\(error)"
    }
    await settle()
    notify()
  }

  private func deliver(_ event: PageEvent) throws {
    switch try event.action() {
    case .driver(let action): try host.drive(action)
    case .reopen: reconnect()
    case .home:
      // The car's Home button is the car's: it never plugs in a car that is not connected.
      guard host.configuration != nil else {
        message = "The car is not connected; connect it in the side panel."
        return
      }
      reconnect()
    case .closeCard: try host.closePointCard()
    case .systemControl(let note): message = note
    }
  }

  // MARK: Commands from the side panel

  /// Applies a side-panel command; one that cannot be read leaves a message naming it.
  public func handle(_ command: PanelCommand) async {
    message = nil
    do {
      try await apply(try CarControl(command))
    } catch {
      message = "\(error)"
    }
    await settle()
    notify()
  }

  private func apply(_ control: CarControl) async throws {
    switch control {
    case .connect: connectCar()
    case .disconnect: if host.configuration != nil { host.disconnect() }
    case .display(let profile):
      configuration.display = profile
      applyConfiguration()
    case .style(let style):
      configuration.contentStyle = style
      applyConfiguration()
    case .driving(let driving):
      if driving {
        configuration.limitedUserInterfaces.insert(.lists)
        configuration.limitedUserInterfaces.insert(.keyboard)
      } else {
        configuration.limitedUserInterfaces = []
      }
      configuration.isVideoAvailable = configuration.isVideoAvailable && !driving
      applyConfiguration()
    case .videoAllowed(let allowed):
      configuration.isVideoAvailable = allowed
      if !configuration.supportsVideoPlayback {
        // Video support is fixed for a session (carplay-facts.md §3): allowing video in a car
        // that lacks it means plugging in a car that has it.
        configuration.supportsVideoPlayback = true
        if host.configuration != nil {
          host.disconnect()
          connectCar()
        }
      }
      applyConfiguration()
    case .videoSupport(let supported):
      // Another car: support for video never changes during a connection (§4).
      configuration.supportsVideoPlayback = supported
      configuration.isVideoAvailable =
        supported && !configuration.limitedUserInterfaces.contains(.lists)
      reconnect()
    case .move(let place): move(to: place)
    case .drive(let from, let to, let speed): await drive(from: from ?? "", to: to, speed: speed)
    case .stopDriving:
      driveTask?.cancel()
      driveTask = nil
      message = "Stopped."
    case .dataSource(let mode): setDataSource(mode)
    case .switchApp(let name): switchApp(name)
    case .moveMap(let move): changeRegion(move)
    case .driver(let action): try host.drive(action)
    case .phone(let change): changePhoneSetup(change)
    case .input(let kind):
      inputKind = kind
      host.inputKind = kind
      message =
        kind.movesFocus
        ? "Input: \(kind == .knob ? "knob" : "touch pad") — arrow keys move the focus, Enter "
          + "selects, Backspace or Escape goes back."
        : "Input: touch screen."
    }
  }

  /// The panel standing in for the phone app: the store is written and the running app hears
  /// the change through its driver client.
  private func changePhoneSetup(_ change: PhoneChange) {
    guard let phone, phone.appID == app.id else {
      message = "\(app.id) has no tariffs or vehicle to choose; run \(phone?.appID ?? "charging")"
      return
    }
    do {
      switch change {
      case .toggleTariff(let id): message = try phone.toggleTariff(id)
      case .clearTariffs: message = try phone.clearTariffs()
      case .setVehicle(let id): message = try phone.setVehicle(id)
      }
    } catch {
      message = "\(error)"
    }
    // The store changed: the panel's tariffs and vehicles read it.
    changeCount &+= 1
  }

  private func applyConfiguration() {
    guard host.configuration != nil else { return }
    host.changeConfiguration(configuration)
  }

  private func reconnect() {
    if host.configuration != nil { host.disconnect() }
    connectCar()
  }

  private func switchApp(_ name: String) {
    guard let next = apps.first(where: { $0.id == name }) else {
      message = "unknown app '\(name)'; expected one of \(apps.map(\.id).joined(separator: ", "))"
      return
    }
    if host.configuration != nil { host.disconnect() }
    app = next
    Self.offerVideo(to: next, in: &configuration)
    (host, session) = Self.start(next, location: location, dataSource: dataSource)
    connectCar()
  }

  /// Switches the data source's mode; the phone then reports its position again, as Core
  /// Location does, so an app that loads data on location updates shows the change at once
  /// (others see it on their next load: a periodic refresh, a map move, a Retry).
  private func setDataSource(_ mode: DataSourceMode) {
    dataSource.switchAndAnnounce(mode)
    let effect: String
    switch mode {
    case .normal: effect = "answers come from the data"
    case .empty: effect = "every query answers with nothing"
    case .failing: effect = "every query fails"
    }
    message = "Data source: \(mode) (\(effect))."
    changeCount &+= 1
    if host.configuration != nil, let here = location.coordinate { host.moveTo(here) }
  }

  private func move(to text: String) {
    do {
      let (label, coordinate) = try placeDirectory().resolve(text)
      locationLabel = label
      host.moveTo(coordinate)
    } catch {
      message = "\(error)"
    }
  }

  private func drive(from: String, to: String, speed: Double) async {
    driveTask?.cancel()
    do {
      let places = try placeDirectory()
      let start: (label: String, coordinate: Coordinate) =
        from.isEmpty
        ? (locationLabel, location.coordinate ?? Coordinate(latitude: 51.3127, longitude: 9.4797))
        : try places.resolve(from)
      let end = try places.resolve(to)
      let route = try await roadNetwork().route(from: start.coordinate, to: end.coordinate)
      let kmh = speed
      message =
        "Driving \(start.label) → \(end.label), \(Int(route.cumulativeKilometres.last ?? 0)) km at \(Int(kmh)) km/h (time ×60)."
      driveTask = Task { [weak self] in
        // One simulated minute per real second, so a drive is watchable.
        var travelled = 0.0
        let total = route.cumulativeKilometres.last ?? 0
        while travelled < total, !Task.isCancelled {
          try? await Task.sleep(for: .seconds(1))
          travelled += kmh / 60
          guard let self else { return }
          let point = Self.point(on: route, atKilometre: min(travelled, total))
          self.locationLabel = travelled >= total ? end.label : "on the way to \(end.label)"
          self.host.moveTo(point)
          self.notify()
        }
      }
    } catch {
      message = "\(error)"
    }
  }

  /// The position `km` kilometres along the route, interpolated between its vertices.
  nonisolated static func point(on route: Route, atKilometre km: Double) -> Coordinate {
    let cumulative = route.cumulativeKilometres
    let points = route.polyline.coordinates
    guard let first = points.first, let last = points.last else {
      return Coordinate(latitude: 0, longitude: 0)
    }
    guard let index = cumulative.firstIndex(where: { $0 >= km }) else { return last }
    guard index > 0 else { return first }
    let a = points[index - 1]
    let b = points[index]
    let span = cumulative[index] - cumulative[index - 1]
    let t = span > 0 ? (km - cumulative[index - 1]) / span : 0
    return Coordinate(
      latitude: a.latitude + (b.latitude - a.latitude) * t,
      longitude: a.longitude + (b.longitude - a.longitude) * t)
  }

  /// Pans or zooms the visible region of the top point-of-interest template.
  private func changeRegion(_ direction: MapMove) {
    guard case .pointOfInterest(let poi)? = host.topTemplate?.content else {
      message = "Moving the map needs a point-of-interest screen."
      return
    }
    let centre = location.coordinate ?? Coordinate(latitude: 51.3127, longitude: 9.4797)
    let box =
      BoundingBox(enclosing: poi.points.map(\.location))
      ?? BoundingBox(minimum: centre, maximum: centre).expanded(byKilometres: 10)
    let dLat = max(0.02, box.maximum.latitude - box.minimum.latitude)
    let dLon = max(0.03, box.maximum.longitude - box.minimum.longitude)
    var lo = box.minimum
    var hi = box.maximum
    switch direction {
    case .north: lo.latitude += dLat / 2; hi.latitude += dLat / 2
    case .south: lo.latitude -= dLat / 2; hi.latitude -= dLat / 2
    case .east: lo.longitude += dLon / 2; hi.longitude += dLon / 2
    case .west: lo.longitude -= dLon / 2; hi.longitude -= dLon / 2
    case .zoomIn:
      lo = Coordinate(latitude: lo.latitude + dLat / 4, longitude: lo.longitude + dLon / 4)
      hi = Coordinate(latitude: hi.latitude - dLat / 4, longitude: hi.longitude - dLon / 4)
    case .zoomOut:
      lo = Coordinate(latitude: lo.latitude - dLat / 2, longitude: lo.longitude - dLon / 2)
      hi = Coordinate(latitude: hi.latitude + dLat / 2, longitude: hi.longitude + dLon / 2)
    }
    do {
      try host.drive(.region(BoundingBox(minimum: lo, maximum: hi)))
    } catch {
      message = "\(error)"
    }
  }

  private func placeDirectory() throws -> PlaceDirectory {
    if let places { return places }
    let loaded = try PlaceDirectory(geoJSON: BundledData.data(.places))
    places = loaded
    return loaded
  }

  private func roadNetwork() throws -> RoadNetwork {
    if let roads { return roads }
    let loaded = try RoadNetwork(
      geoJSON: [BundledData.data(.motorways), BundledData.data(.federalRoads)])
    roads = loaded
    return loaded
  }

  // MARK: Change notification

  /// Waits briefly (at most 300 ms) for the app's asynchronous work, so the answer to a tap
  /// shows its result; slower work arrives through ``changes()``.
  private func settle() async {
    let session = self.session
    let flag = SettleFlag()
    Task { @MainActor in
      await session.settle()
      flag.isDone = true
    }
    for _ in 0..<15 {
      if flag.isDone { return }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  /// A stream that yields whenever the display or panel may have changed: after each tap and
  /// command, and whenever ``stateVersion()`` moved on its own (checked every 25 ms).
  public func changes() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = UUID()
    subscribers[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.subscribers[id] = nil }
    }
    startPolling()
    return stream
  }

  func notify() {
    lastVersion = stateVersion()
    for continuation in subscribers.values { continuation.yield() }
  }

  /// Watches for changes the app makes on its own (timers, data arriving), spinner timeouts
  /// and the clock's minute: the state version moved since the last notification.
  private func startPolling() {
    guard poller == nil else { return }
    poller = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(25))
        guard let self else { return }
        self.host.checkSpinners()
        if self.stateVersion() != self.lastVersion { self.notify() }
      }
    }
  }
}

@MainActor
private final class SettleFlag {
  var isDone = false
}

/// The web simulator's backend over a ``SimulatorController`` on the main actor.
public struct SimulatorBackend: PreviewBackend {
  let controller: SimulatorController

  /// Creates a backend.
  public init(controller: SimulatorController) { self.controller = controller }

  /// The display as the host shows it.
  public func display() async -> CarDisplayState { await controller.display() }
  /// The side panel's content.
  public func panel() async -> PanelState { await controller.panel() }
  /// Delivers a tap to the host.
  public func send(_ event: PageEvent) async { await controller.handle(event) }
  /// Applies a side-panel command.
  public func control(_ command: PanelCommand) async { await controller.handle(command) }
  /// A stream that yields when the page may need redrawing.
  public func changes() async -> AsyncStream<Void> { await controller.changes() }
  /// The state unless it is still at `known`, in one step on the main actor.
  public func snapshot(unlessAt known: StateVersion?) async -> PreviewSnapshot {
    await controller.snapshot(unlessAt: known)
  }
}
