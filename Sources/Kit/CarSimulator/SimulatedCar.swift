import CarSession
import CarTemplates
import Geo

/// One app running in one emulated car: the host, the app's session on it and the clients its
/// effects use, composed once for the web simulator, `wayside render`, `journey`, `lint` and
/// the tests.
///
/// ```swift
/// let car = SimulatedCar.test(app: ListDetailDemo.demo, reportIssue: .failingTest())
/// car.connect(SessionConfiguration())
/// await car.settle()
/// try car.host.tapRow("hamburg")
/// await car.advanceTime(by: .seconds(60))   // timers fire, sleepers wake, spinners checked
/// ```
@MainActor
public final class SimulatedCar {
  /// The app.
  public let app: AnyCarApp
  /// The emulated CarPlay host.
  public let host: CarSimulator
  /// The app's session on the host.
  public let session: any AnyCarSession
  /// The clients the app's effects run with.
  public let clients: CarClients
  /// The phone's position as the host reports it, when it is settable.
  public let location: LocationBox?

  /// Starts `app` in a fresh car; connects it when `configuration` is given.
  ///
  /// `location` is the box behind `clients.location`, so that the host's `moveTo` moves the
  /// phone the app's effects read; `historyLimit` is how many transcript entries, built
  /// screens and diagnostics the car keeps (ring buffers), nil keeping everything, as tests and
  /// journeys need.
  public init(
    app: AnyCarApp, clients: CarClients, location: LocationBox? = nil,
    configuration: SessionConfiguration? = nil, rules: any CarRules = .standard,
    historyLimit: Int? = nil
  ) {
    self.app = app
    self.clients = clients
    self.location = location
    host = CarSimulator(
      entitlements: app.entitlements, appName: app.appName, shortcuts: app.shortcuts,
      rules: rules, clock: clients.clock, location: location)
    host.transcriptLimit = historyLimit
    session = app.makeSession(host, clients, rules: rules)
    session.historyLimit = historyLimit
    if let configuration { host.connect(configuration) }
  }

  /// A car on test clients: a manual clock, a settable location, a switchable data source and
  /// the services in `dependencies` (with the app's own registrations) as the only values of
  /// dependency keys: a key neither sets is reported to `reportIssue` when touched, which
  /// fails the test naming the key (CarAppTesting's `.failingTest()`).
  public static func test(
    app: AnyCarApp, configuration: SessionConfiguration? = nil, clock: ManualClock = ManualClock(),
    location: LocationBox = LocationBox(), dataSource: DataSourceModeBox = DataSourceModeBox(),
    phone: PhoneSettingsBox = PhoneSettingsBox(), feeds: DataFeedBox = DataFeedBox(),
    dependencies: CarDependencyOverrides = CarDependencyOverrides(),
    rules: any CarRules = .standard, reportIssue: DependencyIssueReporter
  ) -> SimulatedCar {
    SimulatedCar(
      app: app,
      clients: .test(
        clock: clock, location: location, dataSource: dataSource, phone: phone, feeds: feeds,
        reportIssue: reportIssue
      ).overriding(dependencies),
      location: location, configuration: configuration, rules: rules)
  }

  /// A car on a journey's clients (`wayside journey`, `wayside render`): a manual clock, a
  /// settable location, a switchable data source, the journey's phone and feeds, and every
  /// other key's journey value (`CarDependencyKey.journeyValue`, its live value
  /// unless the key says otherwise), or the services in `dependencies`.
  public static func journey(
    app: AnyCarApp, configuration: SessionConfiguration? = nil, clock: ManualClock = ManualClock(),
    location: LocationBox = LocationBox(), dataSource: DataSourceModeBox = DataSourceModeBox(),
    phone: PhoneSettingsBox = PhoneSettingsBox(), feeds: DataFeedBox = DataFeedBox(),
    dependencies: CarDependencyOverrides = CarDependencyOverrides(),
    rules: any CarRules = .standard
  ) -> SimulatedCar {
    SimulatedCar(
      app: app,
      clients: .journey(
        clock: clock, location: location, dataSource: dataSource, phone: phone, feeds: feeds
      ).overriding(dependencies),
      location: location, configuration: configuration, rules: rules)
  }

  /// Connects the car (`didConnect`).
  public func connect(_ configuration: SessionConfiguration) { host.connect(configuration) }

  /// Disconnects the car (`didDisconnect`); the session cancels every effect.
  public func disconnect() { host.disconnect() }

  /// Waits until the app's work is done or idle.
  public func settle() async { await session.settle() }

  /// Lets time pass: due timers fire in order, effects asleep on the clock wake and finish,
  /// and rows spinning too long are reported — one call for what a car does while time passes.
  /// On a live clock only the work in flight is waited for.
  public func advanceTime(by amount: Duration) async {
    session.advanceClock(by: amount)
    await session.settle()
    host.checkSpinners()
  }
}
