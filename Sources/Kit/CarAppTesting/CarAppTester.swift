import CarSession
import CarSimulator
import CarTemplates
import Synchronization
import Testing

/// An exhaustive tester for one `CarApp` in an emulated car, in the spirit of a test store:
/// every step asserts how the state changed and exactly which operations the host received,
/// and the test fails on actions, operations or effects it did not account for.
///
/// ```swift
/// let tester = CarAppTester(app: ListDetailDemo(), state: .init())
/// await tester.connect(operations: [.setRoot(.list, "cities")])
/// await tester.tap(CityRoute.city("hamburg")) { $0.selected = "hamburg" }
/// tester.assertOperations([.push(.information, "hamburg")])
/// await tester.finish()
/// ```
///
/// Time is a `ManualClock`: ``advanceTime(by:operations:_:sourceLocation:)`` fires timers and wakes sleeping effects.
/// Actions that effects send are checked with ``receive(_:_:sourceLocation:)`` (when `Action` is `Equatable`)
/// or skipped with ``skipReceivedActions()``. ``finish(sourceLocation:)`` fails when effects are still running.
///
/// ## Effects that answer at once
///
/// A step waits until the work it started is done or asleep (`CarSession.settle()`). An effect
/// that answers without waiting on the clock or a client event (a data client's test value, a
/// `send`) has therefore answered before the step returns: the operations its answer caused are
/// the step's own `operations:`, and ``receive(_:_:sourceLocation:)`` checks only the action
/// and the state it left. An effect asleep on the clock answers while the
/// ``advanceTime(by:operations:_:sourceLocation:)`` that wakes it runs, after that call has
/// checked its own `operations:` and state change (which describe the moment before the clock
/// moves, normally nothing): check what the woken effect did afterwards, with
/// ``receive(_:_:sourceLocation:)`` for its action and state and
/// ``assertOperations(_:sourceLocation:)`` for the operations its answer caused.
///
/// ## Exhaustive about the car
///
/// The tester is exhaustive about the car as well as the state: whatever the car reports during
/// a step — a host or session diagnostic of severity warning or error (a refused push, a failed
/// operation, an ignored back press), a host exception that terminated the app, and the lint of
/// every screen the app built (a template the category does not allow, content the host cuts,
/// such as 15 points on a map that shows 12) — is a ``Finding`` that fails the test unless the
/// test claims it by id with ``claim(_:sourceLocation:)`` after the step, as a journey's
/// `expect diagnostic` line does. An unclaimed finding fails at the next step (or at
/// ``finish(sourceLocation:)``), recorded at the step that caused it; one message names every
/// unclaimed finding of that step with its rule, the rule's source and the step. Notes (design
/// guidance) never fail. ``exhaustive`` does not change this: a broken rule is never state a
/// test may leave unsaid.
///
/// ```swift
/// await tester.send(.show(spots: 15), operations: [.update(.pointOfInterest, "spots")]) {
///   $0.spots = 15
/// }
/// tester.claim("CP030")  // the host shows 12 of the 15 (carplay-facts.md §1.5)
/// ```
///
/// A push the session refuses (too deep for the category) or an operation the host fails
/// reaches the app as `HostEvent.operationRefused(_:)`, as a CarPlay completion handler would;
/// the action the app maps it to is one the step sent after its own, checked with
/// ``receive(_:_:sourceLocation:)``.
@MainActor
public final class CarAppTester<App: CarApp> {
  /// The emulated host.
  public let host: CarSimulator
  /// The session under test.
  public let session: CarSession<RecordingApp>
  /// The clock effects sleep on.
  public let clock: ManualClock
  /// The phone's position; setting it publishes a location update to streams.
  public let location: LocationBox
  /// How the app's data sources answer.
  public let dataSource: DataSourceModeBox
  /// Whether every step must describe the whole state change and unasserted operations and
  /// received actions fail the next step (default); when false, a step's update is checked only
  /// for what it sets, and the rest is ignored.
  public var exhaustive = true

  private let recorder: Recorder
  private let rules: any CarRules
  private var state: App.State
  private var seenActions = 0
  private var seenEntries = 0
  /// Where finding collection stopped: the transcript's ``Transcript/totalCount`` and the
  /// number of built screens linted.
  private var collectedEntries = 0
  private var lintedScreens = 0
  private var lintedPairs: Set<LintKey> = []
  /// Lint findings already reported under a configuration: a later screen showing the same
  /// template breaking the same rule needs no second claim (as in journeys).
  private var reportedLint: Set<LintKey.Finding> = []
  /// Broken rules the car reported that the test has not claimed yet, oldest first.
  private var unclaimed: [(finding: Finding, location: SourceLocation)] = []

  /// A broken rule the car reported during a step: a host or session diagnostic, a host
  /// exception (the app was terminated), or a lint finding of a screen the app built.
  public struct Finding: Hashable, Sendable, CustomStringConvertible {
    /// The rule's id (`CP030-poi-count`, `S001-depth-refused`), or for a host exception its
    /// name (`NSInvalidArgumentException`).
    public var id: String
    /// How bad it is: what the host does about it.
    public var severity: Diagnostic.Severity
    /// What happened, naming the template, element and limit.
    public var message: String
    /// Where the rule comes from (`carplay-facts.md §1.5 [HDR; DG25]`).
    public var source: String
    /// The step during which the car reported it (`connect`, `send(open("e"))`,
    /// `drive (back (popped 'd'))`, `advanceTime(by: 8.0 seconds)`).
    public var step: String

    /// Creates a finding.
    public init(
      id: String, severity: Diagnostic.Severity, message: String, source: String, step: String
    ) {
      self.id = id
      self.severity = severity
      self.message = message
      self.source = source
      self.step = step
    }

    /// `CP030-poi-count (carplay-facts.md §1.5 [HDR; DG25]) during send(…): warning: …`.
    public var description: String { "\(id) (\(source)) during \(step): \(severity): \(message)" }
  }

  private struct LintKey: Hashable {
    var screen: CarScreen
    var configuration: SessionConfiguration
    struct Finding: Hashable {
      var finding: String
      var configuration: SessionConfiguration
    }
  }

  /// Starts the app in a car that is not yet connected; its effects find the services in
  /// `dependencies` (over the app's own registrations), and a dependency key neither sets fails
  /// the test when touched, naming the key and the test
  /// (``CarSession/DependencyIssueReporter/failingTest(sourceLocation:)``).
  public init(
    app: App, state: App.State, clock: ManualClock = ManualClock(),
    location: LocationBox = LocationBox(), dataSource: DataSourceModeBox = DataSourceModeBox(),
    dependencies: CarDependencyOverrides = CarDependencyOverrides(),
    rules: any CarRules = .standard, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.clock = clock
    self.location = location
    self.dataSource = dataSource
    self.state = state
    self.rules = rules
    recorder = Recorder()
    let clients = CarClients.test(
      clock: clock, location: location, dataSource: dataSource,
      reportIssue: .failingTest(sourceLocation: sourceLocation)
    ).overriding(dependencies)
    host = CarSimulator(
      entitlements: App.entitlements, appName: App.name, shortcuts: App.shortcuts, rules: rules,
      clock: clients.clock, location: location)
    session = CarSession(
      app: RecordingApp(app: app, recorder: recorder), state: state, host: host, clients: clients,
      rules: rules)
  }

  /// The app's current state.
  public var currentState: App.State { session.state }

  /// Operations the host received since the last assertion, as transcript lines
  /// (`update list 'chargers'`).
  public var unassertedOperations: [String] {
    unassertedHostOperations.map(\.description)
  }

  /// Operations the host received since the last assertion, in order.
  public var unassertedHostOperations: [HostOperation] {
    newEntries().compactMap {
      if case .operation(let operation, _) = $0 { operation } else { nil }
    }
  }

  /// Connects the car and asserts the state change and the operations.
  public func connect(
    _ configuration: SessionConfiguration = SessionConfiguration(),
    operations: [ExpectedOperation]? = nil,
    _ update: (inout App.State) throws -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await step("connect", operations: operations, update, sourceLocation) {
      host.connect(configuration)
    }
  }

  /// Disconnects the car; afterwards no effect may be running and no operation may arrive.
  public func disconnect(
    _ update: (inout App.State) throws -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await step("disconnect", operations: [], update, sourceLocation) { host.disconnect() }
    if session.runningEffectCount > 0 {
      fail(
        "effects still running after disconnect: \(session.runningEffectIDs)",
        sourceLocation: sourceLocation)
    }
  }

  /// Sends an action (as the phone or a test would) and asserts how it changed the state.
  public func send(
    _ action: App.Action, operations: [ExpectedOperation]? = nil,
    _ update: (inout App.State) throws -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await step("send(\(action))", operations: operations, update, sourceLocation) {
      session.send(action)
    }
  }

  /// Performs a driver action on the host (a tap, back, a tab switch, …) and asserts the state
  /// change; a driver error fails the test.
  public func drive(
    _ action: (CarSimulator) throws -> Void, operations: [ExpectedOperation]? = nil,
    _ update: (inout App.State) throws -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await step("drive", operations: operations, update, sourceLocation) {
      do {
        try action(host)
      } catch {
        fail("driver action failed: \(error)", sourceLocation: sourceLocation)
      }
    }
  }

  /// Lets time pass on the manual clock: timers fire, effects asleep on it wake.
  ///
  /// `operations` and `update` are checked *before* the clock moves (they describe the step
  /// itself, normally nothing happens then). What the timers and woken effects cause comes
  /// after: check it with ``receive(_:_:sourceLocation:)`` and
  /// ``assertOperations(_:sourceLocation:)``:
  ///
  /// ```swift
  /// await tester.advanceTime(by: .seconds(1))
  /// await tester.receive(.loaded(.success(chargers))) { $0.chargers = .loaded(chargers) }
  /// tester.assertOperations([.update(.list, "chargers")])
  /// ```
  public func advanceTime(
    by amount: Duration, operations: [ExpectedOperation]? = nil,
    _ update: (inout App.State) throws -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let name = "advanceTime(by: \(amount))"
    await step(name, operations: operations, update, sourceLocation) {}
    session.advanceClock(by: amount)
    await session.settle()
    host.checkSpinners()
    collectFindings(step: name, sourceLocation)
    if !exhaustive { catchUp() }
  }

  /// Asserts the operations the host received since the last assertion, exactly and in order,
  /// by kind, template kind and template id (``ExpectedOperation``):
  ///
  /// ```swift
  /// tester.assertOperations([.update(.list, "audio"), .push(.nowPlaying, "now-playing")])
  /// ```
  public func assertOperations(
    _ expected: [ExpectedOperation], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actual = unassertedHostOperations.map(ExpectedOperation.init)
    if actual != expected {
      fail(
        "host operations differ:\n  expected: \(expected)\n  received: \(actual)"
          + operationDifference(expected, actual),
        sourceLocation: sourceLocation)
    }
    seenEntries = host.transcript.totalCount
  }

  /// Where two operation lists part: `first difference at 2: expected …, received …`.
  private func operationDifference(
    _ expected: [ExpectedOperation], _ actual: [ExpectedOperation]
  ) -> String {
    let index =
      zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expected.count, actual.count)
    let left = index < expected.count ? "\(expected[index])" : "(nothing more)"
    let right = index < actual.count ? "\(actual[index])" : "(nothing more)"
    return "\n  first difference at \(index): expected \(left), received \(right)"
  }

  /// Marks every action effects sent so far as seen, moving the asserted state to the current
  /// one (for tests that check only the end of a flow).
  public func skipReceivedActions() {
    seenActions = recorder.count
    state = session.state
  }

  /// Fails when effects are still running or actions, operations went unasserted; call it at
  /// the end of every test.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    await session.settle()
    collectFindings(step: "finish", sourceLocation)
    checkUnasserted(sourceLocation)
    if session.runningEffectCount > 0 {
      fail(
        "effects still running at the end of the test: \(session.runningEffectIDs); "
          + "cancel them, disconnect, or let their time pass",
        sourceLocation: sourceLocation)
    }
  }

  // MARK: - Broken rules

  /// The broken rules the car reported that no ``claim(_:sourceLocation:)`` took yet, oldest
  /// first.
  public var unclaimedFindings: [Finding] { unclaimed.map(\.finding) }

  /// Claims broken rules the car reported, by id or id prefix (`"CP030"` claims
  /// `CP030-poi-count`), as a journey's `expect diagnostic ID` does; each id claims one
  /// finding, the oldest with that id. Call it after the step that broke the rule. An id the
  /// car did not report fails the test, naming what is unclaimed.
  public func claim(_ ids: String..., sourceLocation: SourceLocation = #_sourceLocation) {
    for id in ids {
      guard
        let index = unclaimed.firstIndex(where: {
          $0.finding.id == id || $0.finding.id.hasPrefix(id + "-")
        })
      else {
        let open = unclaimed.map(\.finding.id).joined(separator: ", ")
        fail(
          "claimed \(id), but the car did not report it"
            + (open.isEmpty ? " (nothing is unclaimed)" : " (unclaimed: \(open))"),
          sourceLocation: sourceLocation)
        continue
      }
      unclaimed.remove(at: index)
    }
  }

  /// Gathers what the step made the car report: diagnostics of severity warning or error,
  /// exceptions, and the lint of every newly built screen under the car's configuration.
  private func collectFindings(step: String, _ sourceLocation: SourceLocation) {
    let transcript = host.transcript
    let start = max(0, collectedEntries - transcript.droppedCount)
    let entries = transcript.entries[min(start, transcript.entries.count)...]
    collectedEntries = transcript.totalCount
    // A driver step is named by what the driver did.
    var step = step
    if step == "drive",
      let event = entries.lazy.compactMap({ entry -> HostEvent? in
        if case .event(let event) = entry { event } else { nil }
      }).first
    {
      step = "drive (\(event))"
    }
    for entry in entries {
      switch entry {
      case .diagnostic(let d) where d.severity != .note:
        add(Finding(id: d.id, severity: d.severity, message: d.message, source: d.source, step: step), sourceLocation)
      case .exception(let e):
        add(
          Finding(
            id: e.name.rawValue, severity: .error,
            message: "the host raised \(e); the app was terminated",
            source: "carplay-facts.md §10", step: step), sourceLocation)
      default: break
      }
    }
    let screens = session.builtScreens
    guard let configuration = host.configuration ?? session.configuration else { return }
    for screen in screens[min(lintedScreens, screens.count)...]
    where lintedPairs.insert(LintKey(screen: screen, configuration: configuration)).inserted {
      for d in rules.lint(screen, for: App.entitlements, configuration: configuration)
      where d.severity != .note
        && reportedLint.insert(
          LintKey.Finding(finding: d.description, configuration: configuration)
        ).inserted
      {
        add(
          Finding(
            id: d.id, severity: d.severity, message: "lint: \(d.message)", source: d.source,
            step: step), sourceLocation)
      }
    }
    lintedScreens = screens.count
  }

  private func add(_ finding: Finding, _ sourceLocation: SourceLocation) {
    unclaimed.append((finding, sourceLocation))
  }

  /// Fails once per step that left findings unclaimed, at that step, naming every one of them
  /// with its rule, source and the claim that would take it.
  private func failUnclaimed() {
    var steps: [String] = []
    for (finding, _) in unclaimed where !steps.contains(finding.step) {
      steps.append(finding.step)
    }
    for step in steps {
      let open = unclaimed.filter { $0.finding.step == step }
      let count = open.count == 1 ? "a broken rule" : "\(open.count) broken rules"
      let claims = open.map { "\"\($0.finding.id)\"" }.joined(separator: ", ")
      fail(
        "the car reported \(count) during \(step) that the test did not claim:\n"
          + open.map { "  \($0.finding.id) (\($0.finding.source)): \($0.finding.severity): \($0.finding.message)" }
            .joined(separator: "\n")
          + "\nfix the app, or claim \(open.count == 1 ? "it" : "them") after the step with "
          + "tester.claim(\(claims))",
        sourceLocation: open[0].location)
    }
    unclaimed = []
  }

  // MARK: - Steps

  fileprivate func fail(_ message: String, sourceLocation: SourceLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }

  private func step(
    _ name: String, operations: [ExpectedOperation]?, _ update: (inout App.State) throws -> Void,
    _ sourceLocation: SourceLocation, _ body: () -> Void
  ) async {
    checkUnasserted(sourceLocation)
    let before = recorder.count
    body()
    await session.settle()
    host.checkSpinners()
    collectFindings(step: name, sourceLocation)
    // The state right after the step's own action: the first recorded one, or the current
    // state when the step reduced nothing of its own.
    let own = recorder.count > before ? recorder.entry(before).state : session.state
    // Exhaustive: the update must describe the whole change. Otherwise only what it sets is
    // checked, against the actual state.
    var expected = exhaustive ? state : own
    do {
      try update(&expected)
    } catch {
      fail("the expected state update threw: \(error)", sourceLocation: sourceLocation)
    }
    if expected != own {
      fail(
        "state differs after the step:\n  expected: \(expected)\n  actual:   \(own)"
          + differenceReport(expected, own),
        sourceLocation: sourceLocation)
    }
    state = own
    seenActions = min(recorder.count, before + 1)
    if let operations { assertOperations(operations, sourceLocation: sourceLocation) }
    if !exhaustive { catchUp() }
  }

  private func catchUp() {
    seenActions = recorder.count
    state = session.state
    seenEntries = host.transcript.totalCount
  }

  private func checkUnasserted(_ sourceLocation: SourceLocation) {
    failUnclaimed()
    guard exhaustive else { return }
    if recorder.count > seenActions {
      let open = (seenActions..<recorder.count).map { "\(recorder.entry($0).action)" }
      fail(
        "actions sent by effects were not asserted with receive: \(open)",
        sourceLocation: sourceLocation)
      seenActions = recorder.count
      state = session.state
    }
    let operations = unassertedOperations
    if !operations.isEmpty {
      fail(
        "host operations were not asserted: \(operations)", sourceLocation: sourceLocation)
      seenEntries = host.transcript.totalCount
    }
  }

  private func newEntries() -> ArraySlice<TranscriptEntry> {
    let transcript = host.transcript
    let start = max(0, seenEntries - transcript.droppedCount)
    return transcript.entries[min(start, transcript.entries.count)...]
  }

  // MARK: - Recording

  /// The app under test, recording every action it reduces and the state after it.
  public struct RecordingApp: CarApp {
    /// The app's state.
    public typealias State = App.State
    /// The app's actions.
    public typealias Action = App.Action
    /// The app's routes.
    public typealias Route = App.Route
    /// The app under test.
    public let app: App
    let recorder: Recorder

    /// The app's entitlements.
    public static var entitlements: CarEntitlements { App.entitlements }
    /// The app's name.
    public static var name: String { App.name }
    /// The app's App Shortcuts.
    public static var shortcuts: [VoiceShortcut] { App.shortcuts }

    /// Reduces with the app and records the action and the state after it.
    public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
      let effects = app.reduce(&state, action)
      recorder.append(action, state)
      return effects
    }

    /// The app's screen.
    public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
      app.screen(state, configuration)
    }

    /// The app's mapping of host events.
    public func action(for event: HostEvent, in state: State) -> Action? {
      app.action(for: event, in: state)
    }

    /// The app's routes.
    public func routes(_ state: State) -> [App.Route] { app.routes(state) }

    /// The app's mapping of tapped routes.
    public func action(for route: App.Route, in state: State) -> Action? {
      app.action(for: route, in: state)
    }

    /// The app's phone map.
    public func phoneMap(_ state: State, width: Double, height: Double) -> CarWindowSpec? {
      app.phoneMap(state, width: width, height: height)
    }

    /// The app's own services.
    public var dependencies: CarDependencyOverrides { app.dependencies }

    /// The app's remote-command answers.
    public func answer(_ event: RemoteCommandEvent, in state: State) -> RemoteCommandAnswer<
      Action
    > {
      app.answer(event, in: state)
    }
  }

  /// Every action reduced, with the state after it.
  final class Recorder: Sendable {
    private let entries = Mutex<[(action: App.Action, state: App.State)]>([])
    init() {}
    func append(_ action: App.Action, _ state: App.State) {
      entries.withLock { $0.append((action, state)) }
    }
    var count: Int { entries.withLock { $0.count } }
    func entry(_ index: Int) -> (action: App.Action, state: App.State) {
      entries.withLock { $0[index] }
    }
  }
}

extension CarAppTester where App.Action: Equatable {
  /// Asserts that an effect sent `action` next, and how it changed the state.
  public func receive(
    _ action: App.Action, _ update: (inout App.State) throws -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard recorder.count > seenActions else {
      fail(
        "expected to receive \(action), but no unasserted action was sent",
        sourceLocation: sourceLocation)
      return
    }
    let (received, after) = recorder.entry(seenActions)
    seenActions += 1
    if received != action {
      fail(
        "received \(received), expected \(action)", sourceLocation: sourceLocation)
    }
    var expected = state
    do {
      try update(&expected)
    } catch {
      fail("the expected state update threw: \(error)", sourceLocation: sourceLocation)
    }
    if expected != after {
      fail(
        "state differs after receiving \(received):\n  expected: \(expected)\n  actual:   \(after)"
          + differenceReport(expected, after),
        sourceLocation: sourceLocation)
    }
    state = after
  }
}
