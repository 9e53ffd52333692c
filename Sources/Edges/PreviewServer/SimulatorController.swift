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
    guard host.configuration != nil else { return }
    host.changeConfiguration(configuration)
  }

  func reconnect() {
    if host.configuration != nil { host.disconnect() }
    connectCar()
  }

  func switchApp(_ name: String) {
    guard let next = apps.first(where: { $0.id == name }) else {
      message = "unknown app '\(name)'; expected one of \(apps.map(\.id).joined(separator: ", "))"
      return
    }
    if host.configuration != nil { host.disconnect() }
    app = next
    Self.offerVideo(to: next, in: &configuration)
    (host, session) = Self.start(
      next, location: location, dataSource: dataSource, clock: makeClock())
    observeCar()
    connectCar()
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
  public func snapshot(unlessAt known: StateVersion?) -> PreviewSnapshot {
    let version = stateVersion()
    let revision = revisions.next()
    if version == known { return .unchanged(revision: revision) }
    return .changed(version: version, display: display(), panel: panel(), revision: revision)
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
