import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Testing

/// The effect probe as a feature of a larger app.
extension EffectProbe: CarFeature {}

/// An app made of two probes: one always there, one present only sometimes.
struct TwoProbes: CarApp {
  struct State: Equatable, Sendable {
    var main = EffectProbe.State()
    var extra: EffectProbe.State?
  }

  enum Action: Equatable, Sendable {
    case main(EffectProbe.Action)
    case extra(EffectProbe.Action)
    case openExtra
  }

  static let entitlements = CarEntitlements.single(.evCharging)
  static let name = "Probes"

  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .main(let action): return EffectProbe().scope(&state, \.main, action, embed: Action.main)
    case .extra(let action):
      return EffectProbe().scope(&state, \.extra, action, embed: Action.extra)
    case .openExtra:
      state.extra = EffectProbe.State()
      return []
    }
  }

  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    EffectProbe().screen(state.main, configuration)
  }

  func action(for event: HostEvent, in state: State) -> Action? { nil }
}

@MainActor
@Suite("Features: a feature's effects scoped into its app keep their ids and timers")
struct FeatureScopeTests {
  @Test("a scoped run keeps its id: the newer load cancels the older, its answer comes wrapped")
  func scopedRunKeepsID() async {
    let tester = CarAppTester(app: TwoProbes(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.send(.main(.load("slow", seconds: 30)))
    await tester.send(.main(.load("fast", seconds: 5)))
    #expect(tester.session.runningEffectIDs == ["load"])
    await tester.advanceTime(by: .seconds(60))
    tester.receive(.main(.loaded("fast"))) { $0.main.loads = ["fast"] }
    tester.assertOperations([.update(.list, "probe")])
    await tester.finish()
  }

  @Test("a scoped timer fires as the app's action; a scoped cancel cancels it")
  func scopedTimer() async {
    let tester = CarAppTester(app: TwoProbes(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.send(.main(.startTimer))
    await tester.advanceTime(by: .seconds(10))
    tester.receive(.main(.tick)) { $0.main.ticks = 1 }
    tester.assertOperations([.update(.list, "probe")])
    await tester.send(.main(.startTimer))
    await tester.send(.main(.cancel("load")))
    #expect(tester.session.runningEffectCount == 0)
    await tester.finish()
  }

  @Test("a feature that is absent ignores its actions and starts nothing; present, it runs")
  func absentFeature() async {
    let tester = CarAppTester(app: TwoProbes(), state: .init())
    await tester.connect(operations: [.setRoot(.list, "probe")])
    await tester.send(.extra(.load("x", seconds: 1)))
    #expect(tester.session.runningEffectCount == 0)
    await tester.send(.openExtra) { $0.extra = EffectProbe.State() }
    await tester.send(.extra(.load("x", seconds: 1)))
    await tester.advanceTime(by: .seconds(1))
    tester.receive(.extra(.loaded("x"))) { $0.extra?.loads = ["x"] }
    await tester.finish()
  }
}
