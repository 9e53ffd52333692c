import CarTemplates
import Foundation
import Synchronization

/// A running session of any app, as a journey runner or preview drives it: the type-erased
/// partner of ``CarSession``, as ``AnyCarApp`` is of ``CarApp``.
@MainActor
public protocol AnyCarSession: AnyObject {
  /// The app's entitlements.
  var entitlements: CarEntitlements { get }
  /// The app's name.
  var appName: String { get }
  /// The app's App Shortcuts.
  var shortcuts: [VoiceShortcut] { get }
  /// Diagnostics the session found so far, oldest first.
  var diagnostics: [Diagnostic] { get }
  /// Every distinct screen the app built, in first-built order (for the lint).
  var builtScreens: [CarScreen] { get }
  /// The configuration of the last connection, if any.
  var configuration: SessionConfiguration? { get }
  /// The screen the app wants now, or nil when no car is connected.
  var wantedScreen: CarScreen? { get }
  /// Waits until no asynchronous effect is running.
  func settle() async
  /// Moves the manual clock forward, firing due timers and waking sleeping effects.
  func advanceClock(by amount: Duration)
  /// The app state, for display.
  var stateDescription: String { get }
  /// How many effects are running (work and timers), for tests and the simulator's panel.
  var runningEffectCount: Int { get }
  /// The ids of running work and timers, sorted.
  var runningEffectIDs: [String] { get }
  /// How many built screens and diagnostics the session keeps; nil keeps all of them.
  var historyLimit: Int? { get set }
  /// The app's phone map for a screen of that size (``CarApp/phoneMap(_:width:height:)``).
  func phoneMap(width: Double, height: Double) -> CarWindowSpec?
  /// How many times the session's state or diagnostics changed (every reduced action counts).
  var changeCount: Int { get }
  /// Called after every change of ``changeCount`` (a page is told when the app changes on its
  /// own: data arriving, a timer).
  var changeObserver: (@MainActor () -> Void)? { get set }
}

/// Runs one ``CarApp`` against one ``CarHost``: host events become actions, actions become
/// state and effects, and the built screen is reconciled against what the host shows.
///
/// Per host event the screen is built once: the same wanted screen is checked against the
/// host's change (``HostChange``) and reconciled.
///
/// A list-row selection is completed (the row stops spinning) once the work it caused is done:
/// its actions reduced, its `run` effects returned or — for work that sends many actions — its
/// first action shown, and the resulting screen reconciled. Timers do not hold a selection: a
/// periodic refresh started from a tap must not keep the row spinning.
///
/// When the car disconnects, every effect is cancelled: nothing a cancelled effect sends is
/// reduced, and no operation reaches the host until the next connection.
@MainActor
public final class CarSession<App: CarApp>: AnyCarSession {
  /// The app.
  public let app: App
  /// The app's current state.
  public private(set) var state: App.State {
    didSet { changeCount &+= 1 }
  }
  /// The host being driven.
  public let host: any CarHost
  /// The clients effects run with.
  public let clients: CarClients
  /// The rules consulted for depth.
  public let rules: any CarRules
  /// Diagnostics the session found so far, oldest first (the newest ``historyLimit`` when a
  /// limit is set).
  public private(set) var diagnostics: [Diagnostic] = [] {
    didSet { changeCount &+= 1 }
  }
  /// How many times ``state`` or ``diagnostics`` changed: every reduced action moves it, so
  /// whatever the app shows from its state (the phone map, the screen it wants) may only differ
  /// when it moved. Shared state an app changes from its reducer is covered the same way.
  public private(set) var changeCount = 0 {
    didSet { changeObserver?() }
  }
  /// Called after every change of ``changeCount``.
  public var changeObserver: (@MainActor () -> Void)?
  /// The configuration of the last connection.
  public private(set) var configuration: SessionConfiguration?
  /// How many distinct built screens and diagnostics the session keeps: nil keeps everything
  /// (tests, journeys, lint); a long-running simulator sets a bound (ring buffer, oldest
  /// dropped first).
  public var historyLimit: Int? {
    didSet { trimHistory() }
  }

  private struct Timer {
    var due: Duration
    var action: App.Action
    var generation: Int
  }

  private struct Work {
    var id: String?
    var task: Task<Void, Never>
    /// The selection this work still holds, released on its first action or when it returns.
    var origin: SelectionTicket?
  }

  private var works: [Int: Work] = [:]
  private var nextWorkKey = 0
  private var timers: [String: Timer] = [:]
  private var timerGeneration = 0
  private var pending: [SelectionTicket: Int] = [:]
  private var built: [CarScreen] = []
  private var builtSet: Set<CarScreen> = []
  private var drawnWindow: CarWindowSpec?
  /// The Now Playing info last published to the host.
  private var publishedInfo: NowPlayingInfoSpec?
  /// The remote-command targets last registered with the host.
  private var registeredCommands: RemoteCommandTargets = .none
  /// Callers of ``settle()`` waiting for the work to settle, woken by the change that settles
  /// it (work finishing or cancelled, work going idle).
  private var settleWaiters: [CheckedContinuation<Void, Never>] = []
  /// Whether anyone waits in ``settle()``, readable off the main actor so an idle change with
  /// nobody waiting costs no hop.
  private let waitingToSettle = SettleWaiting()
  /// Counts this session's own work that is idle (asleep on the clock, waiting for a client
  /// event): set as ``WaitGauge/session`` for every `run` effect's task. The clock and the
  /// clients may be shared with other sessions; their idle work never counts here.
  private let idle = WaitGauge()
  /// The session's observation of its idle gauge, ended when the session goes.
  private var idleObservation: WaitGauge.Observation?
  /// Whether actions of concurrent work are taken in one fixed order (on a manual clock).
  private let ordersDeliveries: Bool
  /// Pushes refused for depth whose templates the app's wanted screen still holds, by template
  /// id: each is reported and told to the app once (``HostEvent/operationRefused(_:)``), and a
  /// later ignored host change names it as the cause.
  private var outstandingRefusals: [TemplateID: HostRefusal] = [:]
  /// Whether the app is being told of refusals: a refusal its answer causes is reported, not
  /// told again (no loop between an app and the host).
  private var tellingRefusals = false
  /// Actions sent by work on a manual clock, waiting to be taken (``deliverInOrder()``).
  private var submitted: [(key: Int, action: App.Action, resume: CheckedContinuation<Void, Never>)] = []

  /// Creates a session and attaches it to the host's events.
  public init(
    app: App, state: App.State, host: any CarHost, clients: CarClients = .live(),
    rules: any CarRules = .standard
  ) {
    self.app = app
    self.state = state
    self.host = host
    self.clients = clients.registering(app.dependencies)
    self.rules = rules
    self.configuration = host.configuration
    self.ordersDeliveries = clients.clock.manual != nil
    let waiting = waitingToSettle
    host.eventHandler = { [weak self] event in self?.handle(event) }
    host.remoteCommandHandler = { [weak self] event in
      self?.answer(event) ?? .commandFailed
    }
    idleObservation = idle.observe { [weak self] in
      // Work went idle or woke on another thread: a waiting settle() checks again.
      guard waiting.isWaiting else { return }
      Task { @MainActor in
        self?.deliverInOrder()
        self?.resumeSettledWaiters()
      }
    }
  }

  /// The app's entitlements.
  public var entitlements: CarEntitlements { App.entitlements }
  /// The app's name.
  public var appName: String { App.name }
  /// The app's App Shortcuts.
  public var shortcuts: [VoiceShortcut] { App.shortcuts }
  /// The app state, for display.
  public var stateDescription: String { String(describing: state) }

  /// The app's phone map for a screen of that size.
  public func phoneMap(width: Double, height: Double) -> CarWindowSpec? {
    app.phoneMap(state, width: width, height: height)
  }
  /// Every distinct screen the app built, in first-built order.
  public var builtScreens: [CarScreen] { built }
  /// How many effects are running: work in flight and pending timers.
  public var runningEffectCount: Int { works.count + timers.count }
  /// The ids of running work and timers (work without an id is `run`), sorted.
  public var runningEffectIDs: [String] {
    (works.values.map { $0.id ?? "run" } + timers.keys).sorted()
  }

  /// Handles one host event: maps it to an action, reduces it, runs effects and reconciles.
  public func handle(_ event: HostEvent) {
    switch event {
    case .connected(let c), .configurationChanged(let c): configuration = c
    case .disconnected: cancelAllEffects()
    default: break
    }
    var origin: SelectionTicket?
    if case .listItemSelected(_, _, let ticket) = event {
      origin = ticket
      retain(ticket)
    }
    if let action = action(for: event) {
      process(action, origin: origin)
    }
    if case .connected = event { drawnWindow = nil }
    if case .disconnected = event {
      // No interface controller to reconcile against until the next connection.
    } else if let wanted = wantedScreen {
      if let ignored = HostChange.ignored(
        event, shown: host.screen, wanted: wanted,
        // The refusals the app's screen held before this event (the last render kept only
        // those): the app's own answer to back may just have dropped one of them.
        refused: outstandingRefusals.values.sorted { $0.description < $1.description })
      {
        record(ignored)
      } else {
        render(wanted)
      }
    }
    if let origin { release(origin) }
  }

  /// The action an event means: a tap is decoded into the app's route first (an id the app
  /// offers no route for is reported, never guessed at); other events go to the app as they
  /// are.
  private func action(for event: HostEvent) -> App.Action? {
    guard App.Route.self != NoRoute.self, let tap = RouteTap(event) else {
      return app.action(for: event, in: state)
    }
    guard let route = RouteTable(app.routes(state)).route(at: tap.element, in: tap.template)
    else {
      record(
        Diagnostic(
          ruleID: Diagnostic.undecodableTapID, severity: .error,
          message:
            "\(tap.kind.rawValue) '\(tap.element)' in '\(tap.template)' is not a route the app "
            + "offers (\(App.Route.self)); the tap did nothing",
          templateID: tap.template, elementID: tap.element,
          source: "Guides/CarSession.md, Typed routes"))
      return nil
    }
    return app.action(for: route, in: state)
  }

  /// Answers a remote command as the app's target does: the app's answer is returned to the
  /// host at once, and the action it means is reduced and shown.
  public func answer(_ event: RemoteCommandEvent) -> RemoteCommandStatus {
    let answer = app.answer(event, in: state)
    if let action = answer.action {
      process(action, origin: nil)
      render()
    }
    return answer.status
  }

  /// Sends an action from outside the host (a phone-side change, a test).
  public func send(_ action: App.Action) {
    process(action, origin: nil)
    render()
  }

  /// Waits until no work of this session is in flight (work it causes included). Work asleep
  /// on the clock or waiting for a client event counts as settled: it wakes when the clock
  /// moves or the event is sent.
  ///
  /// Only this session's own work counts: the clock and the clients may be shared by several
  /// sessions (cars one after another in a journey, several cars in one test process), and
  /// another session's sleeping refresh is never taken for this one's idle work.
  ///
  /// Like `NIOEmbedded`'s `run()`, this awaits the work itself: the caller is resumed by the
  /// change that settles the session (the last work returning or cancelled, or going idle),
  /// never by checking again after a pause. Work doing real I/O is waited for however long it
  /// takes; a caller that must answer sooner (the web simulator) bounds its own wait.
  public func settle() async {
    while !isSettled {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        settleWaiters.append(continuation)
        waitingToSettle.isWaiting = true
      }
    }
  }

  /// Whether every running work of this session is idle (asleep on the clock or waiting for a
  /// client event), counted on the session's own gauge.
  private var isSettled: Bool { works.count <= idle.count }

  /// Resumes the callers of ``settle()`` once the work has settled; they check again (a change
  /// may have started more work meanwhile).
  private func resumeSettledWaiters() {
    guard !settleWaiters.isEmpty, isSettled else { return }
    let waiters = settleWaiters
    settleWaiters = []
    waitingToSettle.isWaiting = !submitted.isEmpty
    for waiter in waiters { waiter.resume() }
  }

  /// Moves the manual clock forward, firing due timers in order of their due time and waking
  /// effects asleep on the clock (call ``settle()`` afterwards to let them finish); does nothing
  /// when the clock is live.
  public func advanceClock(by amount: Duration) {
    guard let manual = clients.clock.manual else { return }
    let target = manual.now + amount
    while let (id, timer) = timers.filter({ $0.value.due <= target })
      .min(by: { ($0.value.due, $0.key) < ($1.value.due, $1.key) })
    {
      manual.advance(by: timer.due - manual.now)
      fire(id, generation: timer.generation)
    }
    manual.advance(by: target - manual.now)
  }

  // MARK: - Actions and effects

  private func process(_ action: App.Action, origin: SelectionTicket?) {
    let effects = app.reduce(&state, action)
    for effect in effects {
      switch effect.operation {
      case .send(let next):
        process(next, origin: origin)
      case .openURL(let url):
        guard host.configuration != nil else { continue }
        host.open(url)
      case .postNotification(let notification):
        // A notification goes to the phone's notification centre whether or not a car is
        // connected; the host shows it in the car only while one is.
        host.post(notification)
      case .run(let id, let work):
        guard host.configuration != nil else { continue }
        if let id { cancel(id) }
        start(id: id, work, origin: origin)
      case .schedule(let id, let delay, let next):
        guard host.configuration != nil else { continue }
        cancel(id)
        timerGeneration += 1
        let generation = timerGeneration
        timers[id] = Timer(
          due: clients.clock.now() + delay, action: next, generation: generation)
        if clients.clock.manual == nil {
          // A live timer sleeps on the injected clock too. It is no work of the session's: its
          // sleep is counted on no session's idle gauge (the task would inherit the current
          // work's), so it never makes a settle() count a running work as idle.
          let clock = clients.clock
          Task { [weak self] in
            await WaitGauge.$session.withValue(nil) { await clock.sleep(delay) }
            self?.fire(id, generation: generation)
          }
        }
      case .cancel(let id):
        cancel(id)
      }
    }
  }

  private func start(
    id: String?, _ work: @escaping @Sendable (CarClients, Send<App.Action>) async -> Void,
    origin: SelectionTicket?
  ) {
    if let origin { retain(origin) }
    let key = nextWorkKey
    nextWorkKey += 1
    let clients = self.clients
    let send =
      ordersDeliveries
      ? Send<App.Action>(submitting: { [weak self] action in await self?.submit(action, from: key) })
      : Send<App.Action> { [weak self] action in self?.deliver(action, from: key) }
    let idle = self.idle
    let task = Task { [weak self] in
      await WaitGauge.$session.withValue(idle) { await work(clients, send) }
      self?.finishWork(key)
    }
    works[key] = Work(id: id, task: task, origin: origin)
  }

  /// An action sent by running work on a manual clock: it waits until every running work of
  /// the session is idle or waiting to send, then the sends are taken one at a time, the
  /// earliest-started work first (``deliverInOrder()``). Concurrent work therefore reaches the
  /// state and the host in the same order in every run, however the threads were scheduled;
  /// on a live clock actions are taken as they come.
  private func submit(_ action: App.Action, from key: Int) async {
    guard works[key] != nil else { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      submitted.append((key, action, continuation))
      waitingToSettle.isWaiting = true
      deliverInOrder()
    }
  }

  /// Takes the submitted action of the earliest-started work once every running work is idle
  /// or waiting to send; the work it resumes runs on, and the next is taken when the session
  /// is quiet again.
  private func deliverInOrder() {
    while !submitted.isEmpty, works.count <= idle.count + submitted.count,
      let index = submitted.indices.min(by: { submitted[$0].key < submitted[$1].key })
    {
      let next = submitted.remove(at: index)
      if submitted.isEmpty && settleWaiters.isEmpty { waitingToSettle.isWaiting = false }
      let running = works[next.key] != nil
      if running { deliver(next.action, from: next.key) }
      next.resume.resume()
      // The resumed work runs on: the next action waits until it is idle, sends or ends.
      if running { break }
    }
  }

  /// An action sent by running work: reduced and shown unless the work was cancelled.
  private func deliver(_ action: App.Action, from key: Int) {
    guard var work = works[key], host.configuration != nil else { return }
    let origin = work.origin
    work.origin = nil
    works[key] = work
    process(action, origin: origin)
    render()
    if let origin { release(origin) }
  }

  private func finishWork(_ key: Int) {
    guard let work = works.removeValue(forKey: key) else { return }
    if let origin = work.origin { release(origin) }
    deliverInOrder()
    resumeSettledWaiters()
  }

  /// Resumes, without taking their actions, the sends of work that was cancelled.
  private func dropSubmitted() {
    let dropped = submitted.filter { works[$0.key] == nil }
    submitted.removeAll { works[$0.key] == nil }
    for entry in dropped { entry.resume.resume() }
  }

  /// Cancels the work and the timer with `id`.
  private func cancel(_ id: String) {
    timers[id] = nil
    for (key, work) in works where work.id == id {
      works[key] = nil
      work.task.cancel()
      if let origin = work.origin { release(origin) }
    }
    dropSubmitted()
    deliverInOrder()
    resumeSettledWaiters()
  }

  private func cancelAllEffects() {
    timers = [:]
    let running = works
    works = [:]
    for work in running.values { work.task.cancel() }
    pending = [:]
    dropSubmitted()
    resumeSettledWaiters()
  }

  private func fire(_ id: String, generation: Int) {
    guard let timer = timers[id], timer.generation == generation else { return }
    timers[id] = nil
    process(timer.action, origin: nil)
    render()
  }

  private func retain(_ ticket: SelectionTicket) { pending[ticket, default: 0] += 1 }

  private func release(_ ticket: SelectionTicket) {
    guard let held = pending[ticket] else { return }
    if held > 1 {
      pending[ticket] = held - 1
    } else {
      pending[ticket] = nil
      if host.configuration != nil { host.completeSelection(ticket) }
    }
  }

  // MARK: - Reconciling

  /// The wanted screen for the current state, or nil when no car is connected.
  public var wantedScreen: CarScreen? {
    guard let configuration = host.configuration else { return nil }
    return app.screen(state, configuration)
  }

  private func render(_ prebuilt: CarScreen? = nil) {
    guard let wanted = prebuilt ?? wantedScreen else { return }
    if builtSet.insert(wanted).inserted {
      built.append(wanted)
      trimHistory()
    }
    let plan = Reconciler.plan(
      from: host.screen, to: wanted, maximumDepth: rules.maximumDepth(for: App.entitlements),
      entitlements: App.entitlements)
    // A refused push is reported and told once while the app still wants it; an app that
    // keeps wanting it is not told again at every later step.
    outstandingRefusals = outstandingRefusals.filter { entry in
      wanted.stack.contains { $0.id == entry.key }
    }
    var refusals: [HostRefusal] = []
    for (template, diagnostic) in zip(plan.refused, plan.diagnostics)
    where outstandingRefusals[template.id] == nil {
      let refusal = HostRefusal(
        operation: .push(template), error: CarPlayError(code: -1, message: diagnostic.message),
        diagnosticID: diagnostic.id)
      outstandingRefusals[template.id] = refusal
      refusals.append(refusal)
      record(diagnostic)
    }
    if wanted.window != drawnWindow {
      drawnWindow = wanted.window
      host.drawWindow(wanted.window)
    }
    if wanted.nowPlayingInfo != publishedInfo {
      publishedInfo = wanted.nowPlayingInfo
      host.publishNowPlayingInfo(wanted.nowPlayingInfo)
    }
    let targets = wanted.remoteCommands ?? .none
    if targets != registeredCommands {
      registeredCommands = targets
      host.registerRemoteCommands(targets)
    }
    for operation in plan.operations {
      do {
        let completion = try host.perform(operation)
        if let error = completion.error {
          record(
            Diagnostic(
              ruleID: Diagnostic.operationFailedID,
              severity: .error, message: "\(operation) failed: \(error)",
              source: "carplay-facts.md §3"))
          refusals.append(
            HostRefusal(
              operation: operation, error: error, diagnosticID: Diagnostic.operationFailedID))
        }
      } catch {
        record(
          Diagnostic(
            ruleID: Diagnostic.terminatedID,
            severity: .error, message: "\(operation) raised \(error); the app was terminated",
            source: "carplay-facts.md §10"))
        return
      }
    }
    tell(refusals)
  }

  /// Tells the app of what the host refused, as CarPlay's completion handlers do: each refusal
  /// the app maps to an action is reduced and shown. A refusal that answer causes is reported
  /// but not told (an app that keeps asking is not told in a loop).
  private func tell(_ refusals: [HostRefusal]) {
    guard !tellingRefusals, !refusals.isEmpty else { return }
    tellingRefusals = true
    defer { tellingRefusals = false }
    for refusal in refusals {
      guard host.configuration != nil,
        let action = app.action(for: .operationRefused(refusal), in: state)
      else { continue }
      process(action, origin: nil)
      render()
    }
  }

  private func trimHistory() {
    guard let limit = historyLimit.map({ max(1, $0) }) else { return }
    if built.count > limit {
      let dropped = built.prefix(built.count - limit)
      built.removeFirst(dropped.count)
      for screen in dropped { builtSet.remove(screen) }
    }
    if diagnostics.count > limit { diagnostics.removeFirst(diagnostics.count - limit) }
  }

  private func record(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
    trimHistory()
    host.report(diagnostic)
  }
}

/// Whether a caller waits in ``CarSession/settle()``, readable on any thread.
private final class SettleWaiting: Sendable {
  private let value = Atomic<Bool>(false)
  var isWaiting: Bool {
    get { value.load(ordering: .acquiring) }
    set { value.store(newValue, ordering: .releasing) }
  }
}
