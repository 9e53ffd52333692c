import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Synchronization
import Testing

/// A door work can wait at until a test opens it: waiting here is not idle on any clock, so
/// ``CarSession/settle()`` must wait for it.
final class Gate: Sendable {
  private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>(
    (false, []))

  /// Suspends until the gate is open.
  func pass() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let open = state.withLock { state -> Bool in
        if !state.open { state.waiting.append(continuation) }
        return state.open
      }
      if open { continuation.resume() }
    }
  }

  /// Opens the gate for every waiting and later task.
  func open() {
    let waiting = state.withLock { state in
      state.open = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}

/// A probe whose work waits at a gate, then (optionally) sleeps on the clock.
struct GateProbe: CarApp {
  struct State: Equatable, Sendable {
    var done: [String] = []
  }
  enum Action: Equatable, Sendable {
    case wait(String, thenSleep: Bool)
    case done(String)
  }
  static let entitlements = CarEntitlements.single(.evCharging)
  static let name = "Gate"
  let gate: Gate

  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .wait(let name, let thenSleep):
      return [
        .run(id: name) { [gate] clients, send in
          await gate.pass()
          if thenSleep { await clients.clock.sleep(.seconds(60)) }
          await send(.done(name))
        }
      ]
    case .done(let name):
      state.done.append(name)
      return []
    }
  }

  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    CarScreen(
      root: .list("gate", ListTemplateSpec(title: "Gate \(state.done.count)", sections: [])))
  }

  func action(for event: HostEvent, in state: State) -> Action? { nil }
}

@MainActor
@Suite("Settling: a session's settle() is resumed by the work it waits for")
struct SettleTests {
  static func session(_ gate: Gate) -> CarSession<GateProbe> { car(gate).session }

  static func car(_ gate: Gate) -> (session: CarSession<GateProbe>, host: CarSimulator) {
    let clock = ManualClock()
    let location = LocationBox()
    let host = CarSimulator(
      for: GateProbe.self, clients: .test(clock: clock, location: location,
        reportIssue: .failingTest()), location: location)
    let session = CarSession(
      app: GateProbe(gate: gate), state: .init(), host: host,
      clients: .test(clock: clock, location: location, reportIssue: .failingTest()))
    host.connect(SessionConfiguration())
    return (session, host)
  }

  @Test("settle() returns after the work it waits for has returned and its action is reduced")
  func settleAwaitsTheWork() async {
    let gate = Gate()
    let session = Self.session(gate)
    session.send(.wait("load", thenSleep: false))
    #expect(session.runningEffectCount == 1)
    let settled = Task { @MainActor in
      await session.settle()
      return (session.state.done, session.runningEffectCount)
    }
    gate.open()
    let (done, running) = await settled.value
    #expect(done == ["load"])
    #expect(running == 0)
  }

  @Test("a waiting settle() is resumed when the work goes to sleep on the clock, leaving it asleep")
  func settleEndsWhenWorkGoesIdle() async {
    let gate = Gate()
    let session = Self.session(gate)
    session.send(.wait("load", thenSleep: true))
    let settled = Task { @MainActor in
      await session.settle()
      return (session.state.done, session.runningEffectCount)
    }
    gate.open()
    let (done, running) = await settled.value
    #expect(done.isEmpty)
    #expect(running == 1)
    session.advanceClock(by: .seconds(60))
    await session.settle()
    #expect(session.state.done == ["load"])
    #expect(session.runningEffectCount == 0)
  }

  @Test("every caller waiting in settle() is resumed, and a disconnect settles cancelled work")
  func manyWaitersAndCancellation() async {
    let gate = Gate()
    let (session, host) = Self.car(gate)
    session.send(.wait("a", thenSleep: false))
    session.send(.wait("b", thenSleep: false))
    let first = Task { @MainActor in await session.settle() }
    let second = Task { @MainActor in await session.settle() }
    // Cancelling the work (the car goes) settles the session though the gate stays shut.
    host.disconnect()
    await first.value
    await second.value
    #expect(session.runningEffectCount == 0)
    #expect(session.state.done.isEmpty)
    gate.open()
  }
}
