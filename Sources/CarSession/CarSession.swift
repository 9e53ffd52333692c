import CarTemplates
import Foundation

/// What a journey runner or preview needs from a session, whatever its app type.
@MainActor
public protocol CarSessionDriving: AnyObject {
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
}

/// Runs one ``CarApp`` against one ``CarHost``: host events become actions, actions become
/// state and effects, and the built screen is reconciled against what the host shows.
///
/// A list-row selection is completed (the row stops spinning) once the work it caused is done:
/// its actions reduced, its `run` effects returned (and the actions they produced reduced), and
/// the resulting screen reconciled. Timers (``Effect/schedule(id:after:_:)``) do not hold a
/// selection: a periodic refresh started from a tap must not keep the row spinning.
@MainActor
public final class CarSession<App: CarApp>: CarSessionDriving {
  /// The app.
  public let app: App
  /// The app's current state.
  public private(set) var state: App.State
  /// The host being driven.
  public let host: any CarHost
  /// The clients effects run with.
  public let clients: CarClients
  /// The rules consulted for depth.
  public let rules: any CarRules
  /// Diagnostics the session found so far, oldest first.
  public private(set) var diagnostics: [Diagnostic] = []
  /// Every distinct screen the app built, in first-built order.
  public private(set) var builtScreens: [CarScreen] = []
  /// The configuration of the last connection.
  public private(set) var configuration: SessionConfiguration?

  private struct Timer {
    var due: Duration
    var action: App.Action
    var generation: Int
  }

  private var tasks: [Int: Task<Void, Never>] = [:]
  private var nextTaskID = 0
  private var timers: [String: Timer] = [:]
  private var timerGeneration = 0
  private var pending: [SelectionTicket: Int] = [:]
  private var builtSet: Set<CarScreen> = []
  private var drawnWindow: CarWindowSpec?

  /// Creates a session and attaches it to the host's events.
  public init(
    app: App, state: App.State, host: any CarHost, clients: CarClients = .live(),
    rules: any CarRules = .standard
  ) {
    self.app = app
    self.state = state
    self.host = host
    self.clients = clients
    self.rules = rules
    self.configuration = host.configuration
    host.eventHandler = { [weak self] event in self?.handle(event) }
  }

  /// The app's entitlements.
  public var entitlements: CarEntitlements { App.entitlements }
  /// The app's name.
  public var appName: String { App.name }
  /// The app's App Shortcuts.
  public var shortcuts: [VoiceShortcut] { App.shortcuts }
  /// The app state, for display.
  public var stateDescription: String { String(describing: state) }

  /// Handles one host event: maps it to an action, reduces it, runs effects and reconciles.
  public func handle(_ event: HostEvent) {
    switch event {
    case .connected(let c), .configurationChanged(let c): configuration = c
    default: break
    }
    var origin: SelectionTicket?
    if case .listItemSelected(_, _, let ticket) = event {
      origin = ticket
      retain(ticket)
    }
    if let action = app.action(for: event, in: state) {
      process(action, origin: origin)
    }
    if case .connected = event { drawnWindow = nil }
    if case .disconnected = event {
      // No interface controller to reconcile against until the next connection.
    } else if let ignored = ignoredHostChange(event) {
      record(ignored)
    } else {
      render()
    }
    if let origin { release(origin) }
  }

  /// Sends an action from outside the host (a phone-side change, a test).
  public func send(_ action: App.Action) {
    process(action, origin: nil)
    render()
  }

  /// Waits until no `run` effect is in flight (effects they cause included). With a manual
  /// clock, effects asleep on it count as settled: they wake when the clock is advanced.
  public func settle() async {
    if let manual = clients.clock.manual {
      while tasks.count > manual.sleeperCount { await Task.yield() }
      return
    }
    while let task = tasks.values.first {
      await task.value
    }
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
        host.open(url)
      case .run(let work):
        if let origin { retain(origin) }
        let id = nextTaskID
        nextTaskID += 1
        let clients = self.clients
        tasks[id] = Task { [weak self] in
          let result = await work(clients)
          self?.finishRun(id, result, origin: origin)
        }
      case .schedule(let id, let delay, let next):
        timerGeneration += 1
        let generation = timerGeneration
        timers[id] = Timer(
          due: clients.clock.now() + delay, action: next, generation: generation)
        if clients.clock.manual == nil {
          Task { [weak self] in
            try? await Task.sleep(for: delay)
            self?.fire(id, generation: generation)
          }
        }
      case .cancel(let id):
        timers[id] = nil
      }
    }
  }

  private func finishRun(_ id: Int, _ result: App.Action?, origin: SelectionTicket?) {
    tasks[id] = nil
    if let result {
      process(result, origin: origin)
      render()
    }
    if let origin { release(origin) }
  }

  private func fire(_ id: String, generation: Int) {
    guard let timer = timers[id], timer.generation == generation else { return }
    timers[id] = nil
    process(timer.action, origin: nil)
    render()
  }

  private func retain(_ ticket: SelectionTicket) { pending[ticket, default: 0] += 1 }

  private func release(_ ticket: SelectionTicket) {
    let count = (pending[ticket] ?? 1) - 1
    if count > 0 {
      pending[ticket] = count
    } else {
      pending[ticket] = nil
      host.completeSelection(ticket)
    }
  }

  // MARK: - Reconciling

  /// The wanted screen for the current state, or nil when no car is connected.
  public var wantedScreen: CarScreen? {
    guard let configuration = host.configuration else { return nil }
    return app.screen(state, configuration)
  }

  private func render() {
    guard let wanted = wantedScreen else { return }
    if builtSet.insert(wanted).inserted { builtScreens.append(wanted) }
    let plan = Reconciler.plan(
      from: host.screen, to: wanted, maximumDepth: rules.maximumDepth(for: App.entitlements),
      entitlements: App.entitlements)
    plan.diagnostics.forEach(record)
    if wanted.window != drawnWindow {
      drawnWindow = wanted.window
      host.drawWindow(wanted.window)
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
  }

  /// A diagnostic when the host changed the screen on its own and the app's new wanted screen
  /// would undo it: the app's state did not follow the host.
  private func ignoredHostChange(_ event: HostEvent) -> Diagnostic? {
    guard let wanted = wantedScreen else { return nil }
    let what: String
    switch event {
    case .backPressed(let popped):
      guard wanted.stack.contains(where: { $0.id == popped }),
        !(host.screen?.stack.contains(where: { $0.id == popped }) ?? false)
      else { return nil }
      what = "the host popped '\(popped)' (back) but the app's screen still pushes it"
    case .modalActionChosen(let id, _), .modalDismissed(let id):
      guard wanted.modal?.id == id, host.screen?.modal?.id != id else { return nil }
      what = "the host dismissed '\(id)' but the app's screen still presents it"
    case .tabSelected(let index, _):
      guard case .tabBar(let bar) = wanted.root.content, bar.selectedIndex != index else {
        return nil
      }
      what =
        "the driver selected tab \(index) but the app's screen selects tab \(bar.selectedIndex)"
    default:
      return nil
    }
    return Diagnostic(
      ruleID: Diagnostic.ignoredHostChangeID,
      severity: .error,
      message: "\(what); the session keeps the host's screen — map this event to an action",
      source: "DESIGN.md principle 2")
  }

  private func record(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
    host.report(diagnostic)
  }
}
