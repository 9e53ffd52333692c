import CarSession
import CarTemplates
import MapCar
import Testing

/// What the map app does when CarPlay itself ends guidance or closes the panning interface
/// (the bridge reports `mapTemplateDidCancelNavigation` and the system's panning dismissal).
@Suite("Map app: the system's cancel and panning dismissal")
struct SystemMapEventTests {
  @Test("A system-closed panning interface stops panning; nothing to do when not panning")
  func panningDismissed() {
    let app = MapApp()
    var state = MapApp.State()
    state.isPanning = true
    #expect(app.action(for: .panningDismissed(template: "map"), in: state) == .donePanning)
    let reduced = { () -> MapApp.State in
      var next = state
      _ = app.reduce(&next, .donePanning)
      return next
    }()
    #expect(!reduced.isPanning)
    state.isPanning = false
    #expect(app.action(for: .panningDismissed(template: "map"), in: state) == nil)
  }

  @Test("A system-cancelled navigation without guidance asks nothing of the app")
  func navigationCancelledWithoutGuidance() {
    let app = MapApp()
    let state = MapApp.State()
    #expect(state.guidance == nil)
    #expect(app.action(for: .navigationCancelled(template: "map"), in: state) == nil)
  }

  @Test(
    "A system-cancelled navigation while guiding ends guidance: no session, no tick, no trip")
  func navigationCancelledWhileGuiding() async throws {
    let app = MapApp()
    let states = try await MapRouteTests.states()
    var state = try #require(states.first { $0.0 == "guiding" }?.1)
    #expect(state.guidance != nil)
    let action = app.action(for: .navigationCancelled(template: "map"), in: state)
    #expect(action == .endGuidance)
    let effects = app.reduce(&state, try #require(action))
    #expect(state.guidance == nil)
    #expect(effects.contains { "\($0)".contains("tick") }, "the guidance tick is not cancelled")
    guard case .map(let map) = app.screen(state, SessionConfiguration()).root.content else {
      Issue.record("the map app's root is not a map template")
      return
    }
    #expect(map.navigationSession == nil, "the screen still feeds the cancelled session")
  }
}
