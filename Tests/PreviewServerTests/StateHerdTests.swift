import CarRender
import CarSession
import CarTemplates
import Foundation
import HTTPServer
import KitDemos
import Synchronization
import Testing

@testable import PreviewServer

/// After a change every connection and event stream asks for the new state at once (issue 40:
/// `GET /state` p99 454–731 ms under 64 clients, most of it the panel built again for each of
/// them on the main actor, each building the phone's tariff list and sorting it by locale).
/// The values are built once per version and the fragments rendered once.
@MainActor
@Suite("The state after a change is built and rendered once, however many ask")
struct StateHerdTests {
  /// A controller on the list demo whose phone setup counts how often the panel reads it.
  /// Counts reads of the phone setup.
  final class Reads: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  static func counted() throws -> (PreviewRoutes, SimulatorController, Reads) {
    let reads = Reads()
    let demo = try #require(KitDemos.named("list-detail"))
    let phone = PhoneSetup(
      appID: demo.id,
      tariffs: {
        reads.add()
        return [PhoneChoice(id: "t1", label: "Tariff (Provider)", isChosen: false, group: "Provider")]
      },
      vehicles: { [] }, toggleTariff: { _ in "" }, clearTariffs: { "" }, setVehicle: { _ in "" })
    let controller = SimulatorController(
      apps: KitDemos.all, app: demo, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { "12:00" }, phone: phone)
    let routes = PreviewRoutes(
      backend: SimulatorBackend(controller: controller), renderer: CarHTMLRenderer(mapRenderer: nil))
    return (routes, controller, reads)
  }

  @Test("requests that all knew the version before a change build the panel once")
  func valuesBuiltOncePerVersion() async throws {
    let (_, controller, reads) = try Self.counted()
    let before = controller.stateVersion()
    await controller.handle(PanelCommand(cmd: "style", value: "night"))
    let start = reads.value
    var versions: Set<StateVersion> = []
    for _ in 0..<8 {
      guard case .changed(let version?, _, let panel, _) = controller.snapshot(unlessAt: before)
      else {
        Issue.record("expected the new state")
        return
      }
      versions.insert(version)
      #expect(panel.tariffs.map(\.id) == ["t1"])
    }
    #expect(versions.count == 1)
    #expect(reads.value - start == 1, "the panel was built for every request")
  }

  @Test("sixty-four state requests at once after a change render the fragments once")
  func renderedOnce() async throws {
    let (routes, _, _) = try Self.counted()
    let router = routes.router()
    _ = await router.handle(try HTTPRequest(.get, "/state"))
    let renders = routes.renderedFragments.renderCount
    let control = HTTPRequest.self
    let post = try control.init(
      .post, "/control", headers: ["Content-Type": "application/json"],
      body: Array(#"{"cmd":"style","value":"night"}"#.utf8))
    #expect(await router.handle(post).status == .ok)
    let afterCommand = routes.renderedFragments.renderCount
    #expect(afterCommand == renders + 1)
    // The command's own answer rendered the new state; now a change the page can see again.
    let day = try control.init(
      .post, "/control", headers: ["Content-Type": "application/json"],
      body: Array(#"{"cmd":"style","value":"day"}"#.utf8))
    // All 64 ask after the change, none with the new version in hand.
    let bodies = await withTaskGroup(of: String.self) { group in
      group.addTask { @Sendable in
        String(decoding: await router.handle(day).bodyBytes ?? [], as: UTF8.self)
      }
      for _ in 0..<64 {
        group.addTask { @Sendable in
          String(decoding: await router.handle(try! HTTPRequest(.get, "/state")).bodyBytes ?? [], as: UTF8.self)
        }
      }
      var all: [String] = []
      for await body in group { all.append(body) }
      return all
    }
    #expect(bodies.count == 65)
    // Day, then night, then day again: at most two states were seen, each rendered once.
    #expect(routes.renderedFragments.renderCount - afterCommand <= 2)
  }

  @Test("the screen document is made once for a display, however many ask at once")
  func screenDocumentMadeOnce() async throws {
    let (routes, _, _) = try Self.counted()
    let router = routes.router()
    let answers = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<16 {
        group.addTask { @Sendable in
          let response = await router.handle(try! HTTPRequest(.get, "/screen.svg"))
          return response.status == .ok ? (response.bodyBytes?.count ?? 0) : -1
        }
      }
      var all: [Int] = []
      for await count in group { all.append(count) }
      return all
    }
    #expect(answers.count == 16 && Set(answers).count == 1 && answers[0] > 0)
    #expect(routes.screenSVG.makeCount == 1)
  }
}
