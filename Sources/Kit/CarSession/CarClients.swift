import Geo
import Synchronization

/// A clock under test control: time moves only when a test or journey advances it, and
/// effects sleeping on it wake when it passes their deadline.
public final class ManualClock: Sendable {
  private struct Sleeper {
    var deadline: Duration
    var continuation: CheckedContinuation<Void, Never>
    var token: Int
    /// The gauge of the session whose work sleeps (``WaitGauge/session``), told when it wakes.
    var session: WaitGauge?
  }
  private struct State {
    var now = Duration.zero
    var sleepers: [Sleeper] = []
    var nextToken = 0
    var cancelled: Set<Int> = []
  }
  private let state = Mutex(State())

  /// Creates a clock at time zero.
  public init() {}

  /// Time since the clock was created.
  public var now: Duration { state.withLock { $0.now } }

  /// How many tasks are asleep on this clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// How many tasks wait for a client event (``ClientEvents``) that only a test or journey can
  /// produce; like sleepers, they are idle until something outside them happens.
  public var waiterCount: Int { waiting.count }
  /// Counts the tasks waiting for a client event with this clock.
  public let waiting = WaitGauge()

  /// Suspends until the clock reaches `deadline` (returns at once when it already has, or when
  /// the task is cancelled).
  public func sleep(until deadline: Duration) async {
    let token = state.withLock { state -> Int in
      state.nextToken += 1
      return state.nextToken
    }
    let session = WaitGauge.session
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let ready = state.withLock { state -> Bool in
          guard deadline > state.now, !Task.isCancelled, !state.cancelled.contains(token) else {
            return true
          }
          state.sleepers.append(
            Sleeper(deadline: deadline, continuation: continuation, token: token, session: session))
          // Counted while the clock's lock is held: an advance cannot wake it uncounted.
          session?.add(1)
          return false
        }
        if ready { continuation.resume() } else { waiting.changed() }
      }
    } onCancel: {
      let woken = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.token == token }) else {
          state.cancelled.insert(token)
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      if let woken {
        woken.session?.add(-1)
        woken.continuation.resume()
        waiting.changed()
      }
    }
    state.withLock { _ = $0.cancelled.remove(token) }
  }

  /// Moves time forward and wakes the sleepers whose deadline passed, earliest first; negative
  /// amounts are ignored (time never runs backwards).
  public func advance(by amount: Duration) {
    guard amount > .zero else { return }
    let due = state.withLock { state -> [Sleeper] in
      state.now += amount
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due {
      sleeper.session?.add(-1)
      sleeper.continuation.resume()
    }
    if !due.isEmpty { waiting.changed() }
  }
}

/// Counts tasks that are idle until something outside them happens: asleep on a clock or
/// waiting for a client event. ``CarSession/settle()`` treats them as settled.
///
/// Observers hear every change, so a caller waiting for work to go idle is woken by the change
/// itself rather than checking the count again and again.
///
/// Each session keeps a gauge of its own, set as `session` for the tasks of its `run`
/// effects: a task idle on a clock (manual or live) or on ``ClientEvents`` counts on it as well
/// as on the gauge it names. A session settles on that count alone, so sessions sharing a clock
/// or a client never count each other's sleepers (Guides/CarSession.md, "Settling").
public final class WaitGauge: Sendable {
  /// The gauge of the session whose effect the current task runs, nil outside a session's
  /// work; set by ``CarSession`` and inherited by child tasks.
  @TaskLocal static var session: WaitGauge?

  private struct State {
    var count = 0
    var observers: [Int: @Sendable () -> Void] = [:]
    var nextToken = 0
  }
  private let state = Mutex(State())
  /// Creates a gauge at zero.
  public init() {}
  /// The number of idle tasks.
  public var count: Int { state.withLock { $0.count } }
  /// Adds `delta` (negative when a task wakes) and tells the observers.
  public func add(_ delta: Int) {
    let observers = state.withLock { state in
      state.count += delta
      return Array(state.observers.values)
    }
    for observer in observers { observer() }
  }

  /// Tells the observers that what counts as idle changed (a sleeper of the manual clock came
  /// or went) without a change of the count.
  func changed() {
    for observer in state.withLock({ Array($0.observers.values) }) { observer() }
  }

  /// Calls `observer` after every change, on the changing thread, for as long as the returned
  /// observation is kept.
  public func observe(_ observer: @escaping @Sendable () -> Void) -> Observation {
    let token = state.withLock { state in
      state.nextToken += 1
      state.observers[state.nextToken] = observer
      return state.nextToken
    }
    return Observation(gauge: self, token: token)
  }

  /// A registered observer of a gauge; it stops being called when this goes.
  public final class Observation: Sendable {
    let gauge: WaitGauge
    let token: Int
    init(gauge: WaitGauge, token: Int) {
      self.gauge = gauge
      self.token = token
    }
    deinit { gauge.removeObserver(token) }
  }

  private func removeObserver(_ token: Int) {
    _ = state.withLock { $0.observers.removeValue(forKey: token) }
  }
}

/// Time as a session sees it, injected so tests never sleep.
public struct CarClock: Sendable {
  /// Time since the session's epoch.
  public var now: @Sendable () -> Duration
  /// Suspends for a duration of this clock's time.
  public var sleep: @Sendable (Duration) async -> Void
  /// The manual clock behind this one, when time is under test control.
  public var manual: ManualClock?
  /// Counts work idle until something outside it happens (asleep on a live clock, waiting for
  /// a client event); with a manual clock, its own gauge.
  public var idle: WaitGauge

  /// Creates a clock.
  public init(
    now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async -> Void,
    manual: ManualClock? = nil, idle: WaitGauge = WaitGauge()
  ) {
    self.now = now
    self.sleep = sleep
    self.manual = manual
    self.idle = manual?.waiting ?? idle
  }

  /// The system's continuous clock, measured from the moment this value is created; work
  /// asleep on it counts as idle.
  public static func live() -> CarClock {
    let start = ContinuousClock.now
    let idle = WaitGauge()
    return CarClock(
      now: { ContinuousClock.now - start },
      sleep: { duration in
        let session = WaitGauge.session
        idle.add(1)
        session?.add(1)
        try? await Task.sleep(for: duration)
        session?.add(-1)
        idle.add(-1)
      }, idle: idle)
  }

  /// A clock that moves only when `clock` is advanced.
  public static func manual(_ clock: ManualClock) -> CarClock {
    CarClock(
      now: { clock.now }, sleep: { await clock.sleep(until: clock.now + $0) }, manual: clock)
  }
}

/// The phone's position, behind a seam: Core Location on iOS, a settable value in tests and
/// journeys.
public struct LocationClient: Sendable {
  /// The latest known position, nil when unknown or not authorised.
  public var current: @Sendable () async -> Coordinate?
  /// Every later position, as it arrives; the sequence ends when the work iterating it is
  /// cancelled (the session cancels all work when the car disconnects).
  public var updates: @Sendable () -> ClientEvents<Coordinate>.Values

  /// Creates a location client.
  public init(
    current: @escaping @Sendable () async -> Coordinate?,
    updates: @escaping @Sendable () -> ClientEvents<Coordinate>.Values = {
      ClientEvents<Coordinate>.finished.values()
    }
  ) {
    self.current = current
    self.updates = updates
  }

  /// No location (Linux has no Core Location; the iOS app injects its own).
  public static let unavailable = LocationClient(current: { nil })

  /// A location client whose position tests, journeys and the simulator set through `box`;
  /// waiting for an update counts on `idle` (``CarSession/settle()``).
  public static func settable(_ box: LocationBox, idle: WaitGauge? = nil) -> LocationClient {
    LocationClient(current: { box.coordinate }, updates: { box.events.values(counting: idle) })
  }
}

/// A position tests and journeys set by hand; setting it publishes an update.
public final class LocationBox: Sendable {
  private let value: Mutex<Coordinate?>
  /// Updates, one per change of ``coordinate``.
  public let events = ClientEvents<Coordinate>()

  /// Creates a box holding `coordinate`.
  public init(_ coordinate: Coordinate? = nil) { value = Mutex(coordinate) }

  /// The current position; setting a new one publishes it to ``events``.
  public var coordinate: Coordinate? {
    get { value.withLock { $0 } }
    set {
      value.withLock { $0 = newValue }
      if let newValue { events.send(newValue) }
    }
  }
}

/// The one dependency container a session hands to an app's asynchronous effects.
///
/// Every service is a ``CarDependencyKey``: the kit's seams (time ``CarClockKey``, location
/// ``LocationKey``, the data-source switch ``DataSourceModeKey``, the phone's settings
/// ``PhoneSettingsKey``, the app's feeds ``DataFeedsKey``) and whatever an app adds (a station
/// search, a player, a road network). Effects read them with `clients[Key.self]` or the named
/// accessors (``clock``, ``location``, …), so reducers stay pure and a test swaps any service
/// with ``overriding(_:)``. A ``SwitchableClient`` read from the container is already the empty
/// or failing one when the data-source switch says so.
///
/// Three kinds of container, by ``context``:
/// - ``live()`` (the web simulator, an app on a phone): each key's `liveValue`, made once per
///   container, so two cars never share a live object.
/// - ``journey(clock:location:dataSource:phone:feeds:)`` (journeys, `wayside render`): each
///   key's `journeyValue` (its live value unless it says otherwise), with the journey's clock,
///   location, switch, phone and feeds.
/// - ``test(clock:location:dataSource:phone:feeds:reportIssue:)``: no key has a value of its
///   own; touching one that the test did not set reports an ``UnimplementedDependency`` to
///   ``reportIssue``, which fails the test naming the key (CarAppTesting's
///   `DependencyIssueReporter.failingTest`).
public struct CarClients: Sendable {
  /// Which value a key without an override gives.
  public enum Context: Sendable, Equatable {
    /// ``CarDependencyKey/liveValue``.
    case live
    /// ``CarDependencyKey/journeyValue``.
    case journey
    /// None: the touch is reported as an ``UnimplementedDependency``.
    case test
  }
  /// Which value a key without an override gives.
  public var context: Context
  /// The services set for keys in place of their live or journey values.
  public var overrides: CarDependencyOverrides
  /// Hears every key a test container hands out without an override.
  public var reportIssue: DependencyIssueReporter
  /// The live or journey values this container made.
  let cache = ResolvedDependencies()

  /// Time (``CarClockKey``).
  public var clock: CarClock {
    get { self[CarClockKey.self] }
    set { self[CarClockKey.self] = newValue }
  }
  /// The phone's position (``LocationKey``).
  public var location: LocationClient {
    get { self[LocationKey.self] }
    set { self[LocationKey.self] = newValue }
  }
  /// How the app's data sources behave: normal, empty or failing (``DataSourceModeKey``).
  public var dataSource: DataSourceModeBox {
    get { self[DataSourceModeKey.self] }
    set { self[DataSourceModeKey.self] = newValue }
  }
  /// What the driver set in the phone app (a journey's `phone` step; ``PhoneSettingsKey``).
  public var phone: PhoneSettingsBox {
    get { self[PhoneSettingsKey.self] }
    set { self[PhoneSettingsKey.self] = newValue }
  }
  /// Payloads for the app's own named feeds (a journey's `feed` step; ``DataFeedsKey``).
  public var feeds: DataFeedBox {
    get { self[DataFeedsKey.self] }
    set { self[DataFeedsKey.self] = newValue }
  }

  /// Creates a container of `context` with `overrides` set.
  public init(
    context: Context, overrides: CarDependencyOverrides = CarDependencyOverrides(),
    reportIssue: DependencyIssueReporter = .ignored
  ) {
    self.context = context
    self.overrides = overrides
    self.reportIssue = reportIssue
  }

  /// Creates a live container with the kit's seams set; data sources behave normally unless
  /// `dataSource` says otherwise.
  public init(
    clock: CarClock, location: LocationClient, dataSource: DataSourceModeBox = DataSourceModeBox(),
    phone: PhoneSettingsBox = PhoneSettingsBox(), feeds: DataFeedBox = DataFeedBox(),
    context: Context = .live, overrides: CarDependencyOverrides = CarDependencyOverrides()
  ) {
    self.init(context: context, overrides: overrides)
    self.clock = clock
    self.location = location
    self.dataSource = dataSource
    self.phone = phone
    self.feeds = feeds
  }

  /// A live container: every key's live value, made on first use — the continuous clock, no
  /// location, normal data sources, an empty phone and no feeds unless set.
  public static func live() -> CarClients {
    CarClients(context: .live)
  }

  /// A journey's container: a manual clock, a settable location, the journey's switch, phone
  /// and feeds, and every other key's journey value (``CarDependencyKey/journeyValue``).
  public static func journey(
    clock: ManualClock, location: LocationBox = LocationBox(),
    dataSource: DataSourceModeBox = DataSourceModeBox(),
    phone: PhoneSettingsBox = PhoneSettingsBox(), feeds: DataFeedBox = DataFeedBox()
  ) -> CarClients {
    CarClients(
      clock: .manual(clock), location: .settable(location, idle: clock.waiting),
      dataSource: dataSource, phone: phone, feeds: feeds, context: .journey)
  }

  /// A test container: a manual clock, a settable location, a switchable data-source mode,
  /// the phone's settings and feeds; every other key must be set by the test (an override, or
  /// the app's initialiser that takes the service), else touching it reports to `reportIssue`.
  public static func test(
    clock: ManualClock, location: LocationBox = LocationBox(),
    dataSource: DataSourceModeBox = DataSourceModeBox(),
    phone: PhoneSettingsBox = PhoneSettingsBox(), feeds: DataFeedBox = DataFeedBox(),
    reportIssue: DependencyIssueReporter
  ) -> CarClients {
    var clients = CarClients(
      clock: .manual(clock), location: .settable(location, idle: clock.waiting),
      dataSource: dataSource, phone: phone, feeds: feeds, context: .test)
    clients.reportIssue = reportIssue
    return clients
  }
}

/// Where a test container reports a key touched without an override
/// (``UnimplementedDependency``). CarAppTesting's `failingTest` records a test issue naming
/// the key and the test; ``collecting(_:)`` keeps the reports for a test to check.
public struct DependencyIssueReporter: Sendable {
  /// Hears one report.
  public var report: @Sendable (UnimplementedDependency) -> Void

  /// Creates a reporter.
  public init(_ report: @escaping @Sendable (UnimplementedDependency) -> Void) {
    self.report = report
  }

  /// Reports go nowhere: live and journey containers, which never report.
  public static let ignored = DependencyIssueReporter { _ in }

  /// Keeps every report in `log`.
  public static func collecting(_ log: UnimplementedDependencyLog) -> DependencyIssueReporter {
    DependencyIssueReporter { log.append($0) }
  }

  /// Reports `issue`.
  public func callAsFunction(_ issue: UnimplementedDependency) { report(issue) }
}

/// The unimplemented dependencies a test container reported, in order.
public final class UnimplementedDependencyLog: Sendable {
  private let reports = Mutex<[UnimplementedDependency]>([])
  /// Creates an empty log.
  public init() {}
  /// Every report so far.
  public var all: [UnimplementedDependency] { reports.withLock { $0 } }
  /// The distinct keys reported, in first-reported order.
  public var keys: [String] {
    var seen: Set<String> = []
    return all.map(\.key).filter { seen.insert($0).inserted }
  }
  func append(_ report: UnimplementedDependency) { reports.withLock { $0.append(report) } }
}

/// Time, in the dependency container: the continuous clock live (its epoch the moment the
/// container first reads it); a manual clock in journeys and tests.
public enum CarClockKey: CarDependencyKey {
  /// The system's continuous clock.
  public static var liveValue: CarClock { .live() }
}

/// The phone's position, in the dependency container: none live on Linux (the iOS app sets
/// Core Location's); a settable box in journeys, tests and the web simulator.
public enum LocationKey: CarDependencyKey {
  /// No location.
  public static var liveValue: LocationClient { .unavailable }
}

/// The data-source switch (Normal/Empty/Fail), in the dependency container: normal live, set
/// by a journey's `data` step and the web simulator's panel.
public enum DataSourceModeKey: CarDependencyKey {
  /// A switch of the container's own, set to normal.
  public static var liveValue: DataSourceModeBox { DataSourceModeBox() }
}

/// What the driver set in the phone app, in the dependency container: nothing live unless the
/// host sets it; a journey's `phone` step.
public enum PhoneSettingsKey: CarDependencyKey {
  /// An empty box of the container's own.
  public static var liveValue: PhoneSettingsBox { PhoneSettingsBox() }
}

/// Payloads for an app's own named feeds, in the dependency container: none live unless the
/// host sends them; a journey's `feed` step.
public enum DataFeedsKey: CarDependencyKey {
  /// A box of the container's own.
  public static var liveValue: DataFeedBox { DataFeedBox() }
}
