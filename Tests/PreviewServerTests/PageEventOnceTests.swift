import CarRender
import CarSession
import CarSimulator
import CarTemplates
import Foundation
import HTTPServer
import KitDemos
import Testing

@testable import PreviewServer

/// A page event is read once, by the backend that delivers it: the route's answer (400 with the
/// refusal, or the new state) follows the backend's reading and never reads the event again.
@MainActor
@Suite("The page event is read once")
struct PageEventOnceTests {
  /// A backend that delivers through the simulator but answers what the test says.
  struct Overruling: PreviewBackend {
    let inner: SimulatorBackend
    let answer: DriverSyntaxError?
    func display() async -> CarDisplayState { await inner.display() }
    func panel() async -> PanelState { await inner.panel() }
    func snapshot(unlessAt known: StateVersion?) async -> PreviewSnapshot {
      await inner.snapshot(unlessAt: known)
    }
    func send(_ event: PageEvent) async -> DriverSyntaxError? {
      _ = await inner.send(event)
      return answer
    }
    func control(_ command: PanelCommand) async { await inner.control(command) }
    func changes() async -> AsyncStream<Void> { await inner.changes() }
  }

  static func controller() throws -> SimulatorController {
    let demo = try #require(KitDemos.named("list-detail"))
    return SimulatorController(
      apps: KitDemos.all, app: demo, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel")
  }

  static func post(_ router: HTTPRouter, _ body: String) async throws -> HTTPResponse {
    await router.handle(
      try HTTPRequest(
        .post, "/event", headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
  }

  @Test("the route answers the backend's reading: a refusal is a 400, none is the state")
  func routeFollowsBackend() async throws {
    let refusal = DriverSyntaxError(
      input: "page event {ev=back}", message: "refused by the backend", expected: "nothing")
    let refusing = PreviewRoutes(
      backend: Overruling(inner: SimulatorBackend(controller: try Self.controller()), answer: refusal),
      renderer: CarHTMLRenderer(mapRenderer: nil)
    ).router()
    let refused = try await Self.post(refusing, #"{"ev":"back"}"#)
    #expect(refused.status == .badRequest)
    #expect(refused.bodyText?.contains("refused by the backend") == true)

    let accepting = PreviewRoutes(
      backend: Overruling(inner: SimulatorBackend(controller: try Self.controller()), answer: nil),
      renderer: CarHTMLRenderer(mapRenderer: nil)
    ).router()
    let answered = try await Self.post(accepting, #"{"ev":"no-such-event"}"#)
    #expect(answered.status == .ok)
  }

  @Test("the controller returns the refusal of an unknown event and shows it in the panel")
  func controllerReturnsRefusal() async throws {
    let controller = try Self.controller()
    let refusal = await controller.handle(PageEvent(ev: "no-such-event"))
    let message = try #require(refusal).message
    #expect(message.contains("no-such-event"))
    #expect(controller.panel().message?.contains("no-such-event") == true)
    #expect(await controller.handle(PageEvent(ev: "home")) == nil)
  }
}
