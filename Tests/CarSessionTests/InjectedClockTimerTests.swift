import CarSession
import CarSimulator
import CarTemplates
import Synchronization
import Testing

/// A timer (`Effect.schedule`) waits on the session's injected clock whatever kind it is — a
/// manual clock under test control, the live clock, or any other clock a host injects — never
/// on the system's clock directly.
@MainActor
@Suite("A timer waits on the injected clock")
struct InjectedClockTimerTests {
  @Test("a clock that is not manual: the timer asks it to sleep, and fires when it returns")
  func timerSleepsOnInjectedClock() async {
    let asked = Mutex<[Duration]>([])
    let clock = CarClock(now: { .zero }, sleep: { duration in asked.withLock { $0.append(duration) } })
    let location = LocationBox()
    let clients = CarClients(clock: clock, location: .settable(location, idle: clock.idle))
    let host = CarSimulator(for: EffectProbe.self, clients: clients, location: location)
    let session = CarSession(app: EffectProbe(), state: .init(), host: host, clients: clients)
    host.connect(SessionConfiguration())
    session.send(.startTimer)
    // The timer's task runs on the main actor: yielding lets it ask the clock (bounded count).
    for _ in 0..<1_000 where session.state.ticks == 0 { await Task.yield() }
    #expect(asked.withLock { $0 } == [.seconds(10)])
    #expect(session.state.ticks == 1)
    host.disconnect()
  }
}
