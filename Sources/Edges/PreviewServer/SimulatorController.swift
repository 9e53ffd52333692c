import CarRender
import CarSession
import CarSimulator
import CarTemplates
import Foundation
import Geo

/// Runs one app on an emulated CarPlay host for the web simulator: the car, the phone and the
/// side panel's settings, kept across reconnects and app switches.
///
/// The controller holds the state and switches apps; its parts each do one job: the page's view
/// of it (`SimulatorController+Page.swift`), the side panel's commands
/// (`SimulatorController+Commands.swift`), the drive (``SimulatedDrive``), the map moves
/// (`MapMove+Region.swift`), the lint memo (``ScreenLintMemo``), the clock text
/// (``SimulatorWallClock``) and the change feed (``SimulatorChangeFeed``).
@MainActor
public final class SimulatorController {
  /// Apps the page can switch between, by name.
  public let apps: [AnyCarApp]
  private(set) var app: AnyCarApp {
    didSet { noteChange() }
  }
  private(set) var host: CarSimulator {
    didSet { noteChange() }
  }
  private(set) var session: any AnyCarSession {
    didSet { noteChange() }
  }
  /// The configuration the car connects with (kept while disconnected).
  var configuration: SessionConfiguration {
    didSet { noteChange() }
  }
  let location: LocationBox
  var locationLabel: String {
    didSet { noteChange() }
  }
  /// How the running app's data sources answer (the panel's "Data source"), kept across app
  /// switches and reconnects.
  let dataSource = DataSourceModeBox()
  var message: String? {
    didSet { noteChange() }
  }
  /// How the car's driver works the screen (the panel's "Input"), kept across reconnects and
  /// app switches: it is the car's, not the app's.
  var inputKind: CarInputKind = .touch {
    didSet { noteChange() }
  }
  /// How many times the controller's own state changed (app, host and session, configuration,
  /// place label, message, input kind, the data source's mode, the phone's setup): one part of
  /// ``stateVersion()``.
  private(set) var changeCount = 0
  /// A fixed clock text keeps renders comparable; the preview shows the real time.
  let clockText: @Sendable () -> String
  /// The phone app's setup the panel stands in for (the charging app's tariffs and vehicle).
  let phone: PhoneSetup?
  /// The feed the panel can start for one app (the charging app's local live feed).
  let liveFeed: PanelFeed?
  /// The apps running behind the one on screen, by id: each keeps its host, its session and
  /// its screens (an audio app keeps playing), as apps do side by side in CarPlay.
  var background: [String: (host: CarSimulator, session: any AnyCarSession)] = [:]
  /// The apps opened since the simulator started, most recent first (the dock's order).
  var recentApps: [String] = []
  /// Whether the car shows the CarPlay Home screen (the dock's Home button) instead of the
  /// app in front.
  var showsHome = false {
    didSet { noteChange() }
  }
  /// The screen a hand-off opened on the car (Apple Maps' directions, a call), shown until the
  /// driver returns through the dock or the Home button; nil when none.
  var handoff: HandoffScreen? {
    didSet { noteChange() }
  }
  /// Whether video was allowed when the driving switch went on, given back when it goes off
  /// (a stop gives back what the car allowed while parked); nil while parked.
  var videoAllowedWhenParked: Bool?
  /// Whether the panel feed runs (kept across app switches: the feed is the phone's).
  var liveFeedOn = false {
    didSet { noteChange() }
  }
  /// Makes each session's clock (the continuous clock; tests inject a manual one).
  private let makeClock: @Sendable () -> CarClock
  /// The side panel's drive.
  let drive = SimulatedDrive()
  /// The lint of the shown screen.
  var lint = ScreenLintMemo()
  private let feed = SimulatorChangeFeed()
  private var lastVersion: StateVersion?
  /// Whether a check of the state version is already scheduled (``stateMoved()``).
  private var checkScheduled = false
  /// Reports a row spinning too long when its time is up.
  private let spinnerTimer = SpinnerTimer()
  /// Pushes the status bar clock's minute.
  private let clockTicks = MinuteTicks()
  /// Numbers the snapshots, in the order the main actor takes them.
  private let revisions = RevisionCounter()
  /// The display and panel last built for a snapshot, with their version.
  private var lastBuilt: (version: StateVersion, display: CarDisplayState, panel: PanelState)?

  /// Creates a controller showing `app` (one of `apps`) with a car connected.
  public init(
    apps: [AnyCarApp], app: AnyCarApp, configuration: SessionConfiguration, location: Coordinate,
    locationLabel: String,
    clockText: @escaping @Sendable () -> String = SimulatorController.wallClock,
    phone: PhoneSetup? = nil, liveFeed: PanelFeed? = nil,
    sessionClock: @escaping @Sendable () -> CarClock = { .live() }
  ) {
    self.phone = phone
    self.liveFeed = liveFeed
    self.makeClock = sessionClock
    self.apps = apps
    self.app = app
    self.configuration = configuration
    self.location = LocationBox(location)
    self.locationLabel = locationLabel
    self.clockText = clockText
    Self.offerVideo(to: app, in: &self.configuration)
    (host, session) = Self.start(
      app, location: self.location, dataSource: dataSource, clock: sessionClock())
    recentApps = [app.id]
    observeCar()
    connectCar()
  }

  /// `HH:MM` of the local wall clock (``SimulatorWallClock``).
  public nonisolated static func wallClock() -> String { SimulatorWallClock.text() }

  /// Counts a change of the controller's own state.
  func noteChange() {
    changeCount &+= 1
    stateMoved()
  }

  // MARK: The car and the app

  /// A video app starts in a parked car that supports video, so its Videos tab shows; the
  /// panel's toggles then withdraw video (driving) or pick a car without video support.
  private static func offerVideo(to app: AnyCarApp, in configuration: inout SessionConfiguration) {
    guard app.entitlements.categories.contains(.video), !configuration.supportsVideoPlayback
    else { return }
    configuration.supportsVideoPlayback = true
    configuration.isVideoAvailable = !configuration.limitedUserInterfaces.contains(.lists)
  }

  /// A fresh emulated host with a session of `app` on it, on `clock`, keeping a bounded
  /// history (``CarSimulator/simulatorHistoryLimit``) however long the simulator runs.
  private static func start(
    _ app: AnyCarApp, location: LocationBox, dataSource: DataSourceModeBox, clock: CarClock
  ) -> (CarSimulator, any AnyCarSession) {
    let clients = CarClients(
      clock: clock, location: .settable(location, idle: clock.idle), dataSource: dataSource)
    let car = SimulatedCar(
      app: app, clients: clients, location: location,
      historyLimit: CarSimulator.simulatorHistoryLimit)
    return (car.host, car.session)
  }

  /// Connects the car and tells the app where it is, as Core Location would right after launch.
  func connectCar() {
    host.inputKind = inputKind
    host.connect(configuration)
    if let coordinate = location.coordinate { host.moveTo(coordinate) }
  }

  func applyConfiguration() {
    guard let kept = host.configuration else { return }
    host.changeConfiguration(configuration(keeping: kept))
  }

  /// The car's configuration as the app in front can take it without a new connection: its
  /// video support stays what it connected with (fixed for a session, carplay-facts.md §4).
  /// Opening a video app gives the car video support for that app's connection; an app
  /// connected before keeps its own until the car reconnects.
  func configuration(keeping kept: SessionConfiguration) -> SessionConfiguration {
    var now = configuration
    if kept.supportsVideoPlayback != now.supportsVideoPlayback {
      now.supportsVideoPlayback = kept.supportsVideoPlayback
      now.isVideoAvailable = now.isVideoAvailable && kept.supportsVideoPlayback
    }
    return now
  }

  func reconnect() {
    if host.configuration != nil { host.disconnect() }
    connectCar()
  }

  /// Brings `name` to the front, as the driver opens an app from the Home screen or the dock:
  /// the app in front keeps running behind it (its screens, its audio), and an app already
  /// running comes back as it was left; one not running yet is launched. The Home screen
  /// and a hand-off's screen give way to it.
  func switchApp(_ name: String) {
    guard let next = apps.first(where: { $0.id == name }) else {
      message = "unknown app '\(name)'; expected one of \(apps.map(\.id).joined(separator: ", "))"
      return
    }
    showsHome = false
    handoff = nil
    recentApps.removeAll { $0 == next.id }
    recentApps.insert(next.id, at: 0)
    guard next.id != app.id else {
      if host.configuration == nil { connectCar() }
      return
    }
    background[app.id] = (host, session)
    app = next
    Self.offerVideo(to: next, in: &configuration)
    if let kept = background.removeValue(forKey: next.id) {
      (host, session) = kept
      observeCar()
      bringForward()
    } else {
      (host, session) = Self.start(
        next, location: location, dataSource: dataSource, clock: makeClock())
      observeCar()
      connectCar()
    }
  }

  /// A running app coming back to the front gets the car as it is now: connected with the
  /// current configuration (a car with other video support is another connection,
  /// carplay-facts.md §4), the current input and the car's position.
  private func bringForward() {
    guard let kept = host.configuration else {
      connectCar()
      return
    }
    // A video app that needs the car's video support gets a car with it (a connection of
    // its own, §4); any other app keeps its connection and its screens.
    if kept.supportsVideoPlayback != configuration.supportsVideoPlayback,
      app.entitlements.categories.contains(.video)
    {
      reconnect()
      return
    }
    let now = configuration(keeping: kept)
    host.inputKind = inputKind
    if kept != now { host.changeConfiguration(now) }
    if let coordinate = location.coordinate { host.moveTo(coordinate) }
  }

  /// Launches the app in front afresh: its session ends and a new one starts on a new host
  /// (the panel's Restart, a developer's control; the other running apps go on).
  func restartApp() {
    if host.configuration != nil { host.disconnect() }
    showsHome = false
    handoff = nil
    (host, session) = Self.start(
      app, location: location, dataSource: dataSource, clock: makeClock())
    observeCar()
    connectCar()
  }

  /// The car is unplugged: every running app's session ends, the one in front included.
  func disconnectAll() {
    if host.configuration != nil { host.disconnect() }
    for kept in background.values where kept.host.configuration != nil { kept.host.disconnect() }
    background = [:]
    showsHome = false
    handoff = nil
  }

  /// The dock's Now Playing: the playing app comes to the front, on the tab that holds its
  /// Now Playing screen when another tab is selected.
  func openNowPlaying(_ name: String) {
    switchApp(name)
    guard app.id == name, let screen = host.screen,
      case .tabBar(let bar) = screen.root.content, screen.visible.top.kind != .nowPlaying,
      let tab = screen.stacks.indices.first(where: { index in
        screen.stacks[index].contains { $0.kind == .nowPlaying }
      }), tab != bar.selectedIndex
    else { return }
    do {
      try host.drive(.selectTab(tab))
    } catch {
      message = "\(error)"
    }
  }

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
  ///
  /// The display and panel are built once per version: the requests that arrive after a
  /// change, each still knowing the version before it (up to one per connection and event
  /// stream), share the values the first of them built instead of each building its own on
  /// the main actor.
  public func snapshot(unlessAt known: StateVersion?) -> PreviewSnapshot {
    let version = stateVersion()
    let revision = revisions.next()
    if version == known { return .unchanged(revision: revision) }
    if let built = lastBuilt, built.version == version {
      return .changed(version: version, display: built.display, panel: built.panel, revision: revision)
    }
    let values = (version: version, display: display(), panel: panel())
    lastBuilt = values
    return .changed(version: version, display: values.display, panel: values.panel, revision: revision)
  }

  // MARK: Events from the page

  /// Delivers a tap on the display to the host. The event is read here, once: an unknown or
  /// malformed one puts its message in the panel and is returned, for the page's 400.
  @discardableResult
  public func handle(_ event: PageEvent) async -> DriverSyntaxError? {
    message = nil
    let opened = openedMark()
    var refusal: DriverSyntaxError?
    do {
      let action: PageAction
      do {
        action = try event.action()
      } catch {
        refusal = error
        throw error
      }
      try deliver(action)
    } catch {
      message = "\(error)"
    }
    await settle()
    showHandoff(since: opened)
    notify()
    return refusal
  }

  /// The host and how many URLs it had opened, with the last one: a hand-off after it shows.
  func openedMark() -> (host: ObjectIdentifier, count: Int, last: URL?) {
    (ObjectIdentifier(host), host.openedURLs.count, host.openedURLs.last)
  }

  /// Shows the screen of the app a hand-off opened since `mark` (the same host opened a new
  /// URL), as CarPlay opens the target app on the car's screen.
  func showHandoff(since mark: (host: ObjectIdentifier, count: Int, last: URL?)) {
    guard mark.host == ObjectIdentifier(host), let url = host.openedURLs.last,
      host.openedURLs.count != mark.count || url != mark.last
    else { return }
    showsHome = false
    handoff = Self.handoffScreen(url, from: app.appName)
  }

  private func deliver(_ action: PageAction) throws {
    switch action {
    case .driver(let action): try host.drive(action)
    case .reopen: reconnect()
    case .home:
      // The car's Home button is the car's: it never plugs in a car that is not connected.
      guard host.configuration != nil else {
        message = "The car is not connected; connect it in the side panel."
        return
      }
      // An app the host sent home is opened again; else the Home screen shows, every app
      // running behind it.
      guard host.appState == .running else {
        reconnect()
        return
      }
      handoff = nil
      showsHome = true
    case .openApp(let id): switchApp(id)
    case .openNowPlaying(let id): openNowPlaying(id)
    case .closeCard: try host.closePointCard()
    case .systemControl(let note): message = note
    }
  }

  // MARK: Change notification

  /// How long the answer to a tap or command waits for the work it started before it goes with
  /// the state as it stands; later results are pushed through ``changes()``.
  static let settleBudget = Duration.milliseconds(300)

  /// Waits for the work the last tap or command started, as ``AnyCarSession/settle()``
  /// does — resumed by that work settling, not by checking — but at most ``settleBudget``.
  func settle() async {
    let session = self.session
    let done = SettleSignal()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      done.continuation = continuation
      let budget = Task { @MainActor in
        try? await Task.sleep(for: Self.settleBudget)
        done.resume()
      }
      Task { @MainActor in
        await session.settle()
        budget.cancel()
        done.resume()
      }
    }
  }

  /// A stream that yields whenever the display or panel may have changed: after each tap and
  /// command, and whenever the host, the session or the controller report a change of their own
  /// (data arriving, a timer, a spinner's timeout, the clock's minute, the phone's store).
  public func changes() -> AsyncStream<Void> {
    let stream = feed.subscribe()
    clockTicks.start { [weak self] in self?.publishIfMoved() }
    return stream
  }

  /// Tells the subscribers of ``changes()`` that the state moved.
  func notify() {
    lastVersion = stateVersion()
    feed.publish()
  }

  /// Hears the host's and the session's own changes: one check after the change's turn on the
  /// main actor, however many counters moved in it.
  func observeCar() {
    host.changeObserver = { [weak self] in self?.stateMoved() }
    session.changeObserver = { [weak self] in self?.stateMoved() }
    spinnerTimer.stop()
    stateMoved()
  }

  /// Something changed: once the current turn of the main actor is over, a spinner timeout is
  /// armed if a row spins, and the subscribers hear of it if the state version moved.
  func stateMoved() {
    guard !checkScheduled else { return }
    checkScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      self.checkScheduled = false
      self.spinnerTimer.arm(for: self.host) { [weak self] in
        guard let self else { return }
        self.host.checkSpinners()
        self.stateMoved()
      }
      self.publishIfMoved()
    }
  }

  private func publishIfMoved() {
    if stateVersion() != lastVersion { notify() }
  }
}

/// Resumes a continuation once, whichever of two tasks comes first.
@MainActor
private final class SettleSignal {
  var continuation: CheckedContinuation<Void, Never>?
  func resume() {
    continuation?.resume()
    continuation = nil
  }
}
