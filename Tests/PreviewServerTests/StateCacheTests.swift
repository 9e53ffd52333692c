import CarRender
import CarSession
import CarTemplates
import Foundation
import HTTPServer
import KitDemos
import Synchronization
import Testing

@testable import PreviewServer

/// A clock text a test moves by hand, standing in for the wall clock's minute.
final class TestClock: Sendable {
  private let text = Mutex("12:00")
  /// The time the status bar shows.
  var now: String {
    get { text.withLock { $0 } }
    set { text.withLock { $0 = newValue } }
  }
}

@MainActor
@Suite("The state answer reuses its rendering until the state moves")
struct StateCacheTests {
  static func routes(app: String = "list-detail", clock: TestClock = TestClock()) throws -> (
    PreviewRoutes, SimulatorController
  ) {
    let demo = try #require(KitDemos.named(app))
    let controller = SimulatorController(
      apps: KitDemos.all, app: demo, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { clock.now })
    return (
      PreviewRoutes(
        backend: SimulatorBackend(controller: controller),
        renderer: CarHTMLRenderer(mapRenderer: nil)), controller
    )
  }

  /// The places demo with its first chargers loaded: its routes, router and session.
  static func placesLoaded() async throws -> (PreviewRoutes, HTTPRouter, CarSession<PlacesDemo>) {
    let (routes, controller) = try routes(app: "places")
    await controller.session.settle()
    let session = try #require(controller.session as? CarSession<PlacesDemo>)
    return (routes, routes.router(), session)
  }

  /// One `GET /state` answer: its revision and the rest of the body, byte for byte.
  struct Answer: Equatable {
    var revision: Int
    var rest: String
  }

  static func state(_ router: HTTPRouter) async throws -> Answer {
    let text = try #require(await router.handle(try HTTPRequest(.get, "/state")).bodyText)
    let prefix = #"{"revision":"#
    #expect(text.hasPrefix(prefix))
    let digits = text.dropFirst(prefix.count).prefix { $0.isNumber }
    let revision = try #require(Int(digits))
    let rest = String(text.dropFirst(prefix.count + digits.count))
    // The body stays one JSON document.
    #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    return Answer(revision: revision, rest: rest)
  }

  static func post(_ router: HTTPRouter, _ path: String, _ body: String) async throws {
    let response = await router.handle(
      try HTTPRequest(
        .post, path, headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
    #expect(response.status == .ok, "\(path) \(body)")
  }

  @Test("a repeated state with nothing changed builds no display or panel and renders nothing")
  func repeatReusesRendering() async throws {
    let (routes, _) = try Self.routes()
    let router = routes.router()
    let first = try await Self.state(router)
    let renders = routes.renderedFragments.renderCount
    let answers = routes.renderedFragments.valueAnswerCount
    #expect(renders == 1)
    for step in 1...5 {
      let again = try await Self.state(router)
      #expect(again.rest == first.rest)
      #expect(again.revision == first.revision + step, "the revision counts every response")
    }
    #expect(routes.renderedFragments.renderCount == renders)
    #expect(routes.renderedFragments.valueAnswerCount == answers)
  }

  @Test("a change the page cannot see builds the values again but keeps the rendering")
  func invisibleChangeKeepsRendering() async throws {
    let (routes, router, session) = try await Self.placesLoaded()
    let before = try await Self.state(router)
    let answers = routes.renderedFragments.valueAnswerCount
    // An answer to a query older than the latest is dropped: reduced, nothing changes.
    session.send(.failed(request: session.state.request - 1, "late"))
    let after = try await Self.state(router)
    #expect(after.rest == before.rest)
    #expect(routes.renderedFragments.valueAnswerCount == answers + 1)
    #expect(routes.renderedFragments.renderCount == 1)
  }

  @Test("a tap on the display answers a new body and a later state shows it")
  func tapChangesBody() async throws {
    let (routes, controller) = try Self.routes()
    let router = routes.router()
    let before = try await Self.state(router)
    let top = try #require(controller.display().screen?.top)
    guard case .list(let list) = top.content, let row = list.allRows.first else {
      Issue.record("expected a list on top")
      return
    }
    try await Self.post(router, "/event", #"{"ev":"row","t":"\#(top.id)","e":"\#(row.id)"}"#)
    let after = try await Self.state(router)
    #expect(after.rest != before.rest)
    #expect(after.rest.contains(#"class=\"back\""#))
  }

  @Test("a panel command answers a new body and a later state shows it")
  func commandChangesBody() async throws {
    let (routes, _) = try Self.routes()
    let router = routes.router()
    let before = try await Self.state(router)
    try await Self.post(router, "/control", #"{"cmd":"style","value":"night"}"#)
    let after = try await Self.state(router)
    #expect(after.rest != before.rest)
    #expect(after.rest.contains(#"data-value=\"night\" class=\"on\""#))
  }

  @Test("the clock's next minute shows in the next state although nothing else changed")
  func clockMinuteChangesBody() async throws {
    let clock = TestClock()
    let (routes, _) = try Self.routes(clock: clock)
    let router = routes.router()
    let before = try await Self.state(router)
    #expect(before.rest.contains("12:00"))
    clock.now = "12:01"
    let after = try await Self.state(router)
    #expect(after.rest.contains("12:01"))
    #expect(!after.rest.contains("12:00"))
  }

  @Test("an update the app makes on its own (an answer arriving) shows in the next state")
  func appUpdateChangesBody() async throws {
    let (_, router, session) = try await Self.placesLoaded()
    let before = try await Self.state(router)
    #expect(before.rest.contains("Nearby chargers"))
    // What the app's query effect sends when the source fails, sent the same way.
    session.send(.failed(request: session.state.request, "the feed is down"))
    let after = try await Self.state(router)
    #expect(after.rest.contains("Chargers can&#39;t be loaded right now"))
    #expect(!after.rest.contains("Nearby chargers"))
  }

  @Test("the chargers a first load brings show once it is done")
  func firstLoadShows() async throws {
    let (routes, controller) = try Self.routes(app: "places")
    let router = routes.router()
    _ = try await Self.state(router)
    await controller.session.settle()
    let loaded = try await Self.state(router)
    #expect(loaded.rest.contains("Nearby chargers"))
    #expect(loaded.rest == (try await Self.state(router)).rest)
  }

  @Test("the event stream sends the state an app update makes, after the state it began with")
  func eventStreamFollowsApp() async throws {
    let (_, router, session) = try await Self.placesLoaded()
    guard case .events(let events) = await router.handle(try HTTPRequest(.get, "/events")).body
    else {
      Issue.record("expected an event stream")
      return
    }
    // The update is sent once the stream has sent the state it began with; the poller then
    // sees the session move. Bounded: five events, or a minute.
    let reader = Task { () -> [String] in
      var seen: [String] = []
      for await event in events {
        seen.append(event.data)
        if seen.count == 1 { session.send(.failed(request: session.state.request, "down")) }
        if event.data.contains("Chargers can&#39;t be loaded right now") || seen.count == 5 {
          break
        }
      }
      return seen
    }
    let stop = Task {
      try await Task.sleep(for: .seconds(60))
      reader.cancel()
    }
    defer { stop.cancel() }
    let seen = await reader.value
    #expect(seen.count >= 2)
    #expect(seen.first?.contains("Nearby chargers") == true)
    #expect(seen.last?.contains("Chargers can&#39;t be loaded right now") == true)
    #expect(Set(seen).count == seen.count, "an event repeated the state before it")
  }
}

@MainActor
@Suite("One frame per interaction: answers carry only what the page does not have")
struct FragmentDiffTests {
  @Test("a page is sent a fragment once; after that the answer names it by hash and leaves it out")
  func answersLeaveOutWhatThePageHas() async throws {
    let (routes, _) = try PreviewRoutesTests.routes()
    let first = try Self.json(await routes.stateBody(for: "page-a").bytes)
    #expect(first["car"] != nil && first["panel"] != nil)
    let again = await routes.stateBody(for: "page-a")
    #expect(again.isEmpty)
    let body = try Self.json(again.bytes)
    #expect(body["car"] == nil && body["panel"] == nil)
    let hashes = try #require(body["hashes"] as? [String: String])
    #expect(hashes == first["hashes"] as? [String: String])
    // Another page, and a page asking for everything, get both fragments.
    let other = try Self.json(await routes.stateBody(for: "page-b").bytes)
    #expect(other["car"] != nil && other["panel"] != nil)
    let all = try Self.json(await routes.stateBody(for: "page-a", sendingAll: true).bytes)
    #expect(all["car"] != nil && all["panel"] != nil)
  }

  @Test("a tap's answer carries the car fragment that changed and names the page it was for")
  func tapAnswerCarriesTheChange() async throws {
    let (routes, controller) = try PreviewRoutesTests.routes()
    let router = routes.router()
    _ = await router.handle(try HTTPRequest(.get, "/state?page=p1"))
    let top = try #require(controller.display().screen?.top)
    guard case .list(let list) = top.content, let row = list.allRows.first else {
      Issue.record("expected a list")
      return
    }
    let tap = try JSONEncoder().encode(PageEvent(ev: "row", t: top.id.rawValue, e: row.id.rawValue))
    let answer = try PreviewRoutesTests.state(
      await router.handle(
        try HTTPRequest(
          .post, "/event?page=p1", headers: PreviewRoutesTests.json, body: Array(tap))))
    #expect(answer["car"] != nil)
    let state = try PreviewRoutesTests.state(
      await router.handle(try HTTPRequest(.get, "/state?page=p1")))
    #expect((state["hashes"] as? [String: String])?["car"] == (answer["hashes"] as? [String: String])?["car"])
  }

  @Test("a map image the page links to is served with a cache header; an unknown one is 404")
  func mapImagesAreServed() async throws {
    let store = MapImageStore()
    store.store("<svg class=\"map\"></svg>", for: "z12.000_51.312700,9.479700_800x480_day_a_l0_t0_h0")
    let routes = PreviewRoutes(
      backend: SimulatorBackend(controller: try PreviewRoutesTests.routes().1),
      renderer: CarHTMLRenderer(mapRenderer: nil, mapImages: store))
    let router = routes.router()
    let hit = await router.handle(
      try HTTPRequest(.get, MapImageStore.path("z12.000_51.312700,9.479700_800x480_day_a_l0_t0_h0")))
    #expect(hit.status == .ok)
    #expect(hit.bodyText == "<svg class=\"map\"></svg>")
    #expect(hit.headers["Cache-Control"]?.contains("immutable") == true)
    let miss = await router.handle(try HTTPRequest(.get, "/maps/nothing.svg"))
    #expect(miss.status == .notFound)
  }

  static func json(_ bytes: [UInt8]) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }
}
