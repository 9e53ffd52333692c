import CarRender
import CarSession
import CarTemplates
import Foundation
import HTTPServer
import KitDemos
import Geo
import Routing
import Testing

@testable import PreviewServer

@MainActor
@Suite("Web simulator routes over the emulated host")
struct PreviewRoutesTests {
  static func routes(app: String = "list-detail") throws -> (PreviewRoutes, SimulatorController) {
    let demo = try #require(KitDemos.named(app))
    let controller = SimulatorController(
      apps: KitDemos.all, app: demo, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { "12:00" })
    return (
      PreviewRoutes(
        backend: SimulatorBackend(controller: controller),
        renderer: CarHTMLRenderer(mapRenderer: nil)), controller
    )
  }

  /// The header a same-origin `fetch` from the page sends with a JSON body.
  static let json: HTTPHeaders = ["Content-Type": "application/json"]

  static func state(_ response: HTTPResponse) throws -> [String: Any] {
    let text = try #require(response.bodyText)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("the page is served at / and the state carries the rendered car and panel")
  func pageAndState() async throws {
    let router = try Self.routes().0.router()
    let page = await router.handle(try HTTPRequest(.get, "/"))
    #expect(page.status == .ok)
    #expect(page.bodyText?.contains("EventSource(withPage('/events'))") == true)
    let state = try Self.state(await router.handle(try HTTPRequest(.get, "/state")))
    let car = try #require(state["car"] as? String)
    #expect(car.contains("data-ev=\"row\""))
    #expect((state["panel"] as? String)?.contains("Disconnect") == true)
  }

  @Test(
    "a response's revision is the number the controller gave the state it read, so a later revision never carries an earlier state"
  )
  func revisionFollowsTheState() async throws {
    let (routes, controller) = try Self.routes()
    let router = routes.router()
    // Snapshots taken around a change: the later one is numbered later, unchanged or not.
    let before = controller.snapshot(unlessAt: nil)
    let unchanged = controller.snapshot(unlessAt: controller.stateVersion())
    guard case .unchanged = unchanged else {
      Issue.record("expected the state to be unchanged")
      return
    }
    #expect(unchanged.revision == before.revision + 1)
    // The body carries the snapshot's own number: the next one the controller gives.
    let state = try Self.state(await router.handle(try HTTPRequest(.get, "/state")))
    #expect(state["revision"] as? Int == unchanged.revision + 1)
    #expect(controller.snapshot(unlessAt: nil).revision == unchanged.revision + 2)
  }

  @Test(
    "a repeated state reuses its rendering: same fragments, a new revision; a change re-renders")
  func stateCache() async throws {
    let (routes, controller) = try Self.routes()
    let router = routes.router()
    let first = try Self.state(await router.handle(try HTTPRequest(.get, "/state")))
    let second = try Self.state(await router.handle(try HTTPRequest(.get, "/state")))
    #expect(first["car"] as? String == second["car"] as? String)
    #expect(first["panel"] as? String == second["panel"] as? String)
    #expect((second["revision"] as? Int ?? 0) == (first["revision"] as? Int ?? 0) + 1)
    let top = try #require(controller.display().screen?.top)
    guard case .list(let list) = top.content, let row = list.allRows.first else {
      Issue.record("expected a list on top")
      return
    }
    let body = #"{"ev":"row","t":"\#(top.id)","e":"\#(row.id)"}"#
    _ = await router.handle(
      try HTTPRequest(.post, "/event", headers: Self.json, body: Array(body.utf8)))
    let third = try Self.state(await router.handle(try HTTPRequest(.get, "/state")))
    #expect(third["car"] as? String != second["car"] as? String)
    #expect((third["car"] as? String)?.contains("class=\"back\"") == true)
  }

  @Test("a tap on a row reaches the host and the answer shows the pushed template")
  func tapPushes() async throws {
    let (routes, controller) = try Self.routes()
    let router = routes.router()
    let row = try #require(controller.display().screen?.top)
    guard case .list(let list) = row.content, let first = list.allRows.first else {
      Issue.record("expected a list on top")
      return
    }
    let body = #"{"ev":"row","t":"\#(row.id)","e":"\#(first.id)"}"#
    let response = await router.handle(
      try HTTPRequest(.post, "/event", headers: Self.json, body: Array(body.utf8)))
    let car = try #require(try Self.state(response)["car"] as? String)
    #expect(car.contains("class=\"back\""))
    #expect(controller.display().screen?.stack.count == 1)
  }

  @Test("panel commands change the car's configuration and a bad command is reported, not thrown")
  func panelCommands() async throws {
    let (routes, controller) = try Self.routes()
    let router = routes.router()
    _ = await router.handle(
      try HTTPRequest(
        .post, "/control", headers: Self.json, body: Array(#"{"cmd":"style","value":"night"}"#.utf8)
      ))
    #expect(controller.display().configuration.contentStyle == .dark)
    _ = await router.handle(
      try HTTPRequest(
        .post, "/control", headers: Self.json,
        body: Array(#"{"cmd":"display","value":"wide"}"#.utf8)))
    #expect(controller.display().configuration.display == .wide)
    let response = await router.handle(
      try HTTPRequest(.post, "/control", headers: Self.json, body: Array(#"{"cmd":"warp"}"#.utf8)))
    #expect(
      (try Self.state(response)["panel"] as? String)?.contains("unknown command &#39;warp&#39;")
        == true)
    _ = await router.handle(
      try HTTPRequest(
        .post, "/control", headers: Self.json, body: Array(#"{"cmd":"disconnect"}"#.utf8)))
    #expect(controller.display().away == .disconnected)
  }

  @Test("malformed JSON bodies get 400 naming what was expected")
  func malformedBodies() async throws {
    let router = try Self.routes().0.router()
    for path in ["/event", "/control"] {
      let response = await router.handle(
        try HTTPRequest(.post, path, headers: Self.json, body: Array("not json".utf8)))
      #expect(response.status == .badRequest)
      #expect(response.bodyText?.contains("expected a JSON object") == true)
    }
  }

  @Test(
    "an unknown or malformed page event answers 400 naming the input and what was expected, with the state whose panel says the same"
  )
  func refusedEvents() async throws {
    let (routes, controller) = try Self.routes(app: "tabs")
    let router = routes.router()
    let refused = [
      (#"{"ev":"swipe","e":"x"}"#, "ev=swipe", "one of: row, rowImage, tab"),
      (#"{"ev":"tab","t":"root","e":"two"}"#, "ev=tab", "e = the tab index from 0"),
      (#"{"ev":"poiButton","which":"tertiary"}"#, "ev=poiButton", "which = primary or secondary"),
      (#"{"ev":"row","t":"root"}"#, "ev=row", "e = the element id"),
    ]
    for (body, input, expected) in refused {
      let before = controller.host.transcript.totalCount
      let response = await router.handle(
        try HTTPRequest(.post, "/event", headers: Self.json, body: Array(body.utf8)))
      #expect(response.status == .badRequest, "\(body)")
      let answer = try Self.state(response)
      let error = try #require(answer["error"] as? String)
      #expect((answer["input"] as? String)?.hasPrefix("page event {\(input)") == true, "\(body)")
      #expect((answer["expected"] as? String)?.hasPrefix(expected) == true, "\(body)")
      #expect(error.contains(expected), "\(error)")
      let state = try #require(answer["state"] as? [String: Any])
      #expect((state["panel"] as? String)?.contains(Markup.escape(error)) == true, "\(body)")
      #expect(controller.panel().message == error)
      #expect(controller.host.transcript.totalCount == before, "a refused event reached the host")
    }
    let good = await router.handle(
      try HTTPRequest(
        .post, "/event", headers: Self.json, body: Array(#"{"ev":"tab","t":"root","e":"1"}"#.utf8)))
    #expect(good.status == .ok)
    #expect(controller.panel().message == nil)
  }

  /// The places demo's map tab as the host shows it.
  static func nearby(_ controller: SimulatorController) -> PointOfInterestTemplateSpec? {
    guard case .tabBar(let bar)? = controller.display().screen?.root.content,
      case .pointOfInterest(let poi)? = bar.tabs.first?.content
    else { return nil }
    return poi
  }

  struct DataStep: Sendable, CustomTestStringConvertible {
    var mode: String
    var title: String
    var points: Int
    var testDescription: String { mode }
  }

  @Test("the data-source control drives the running app: normal, fail, empty, normal")
  func dataSource() async throws {
    let (routes, controller) = try Self.routes(app: "places")
    let router = routes.router()
    await controller.session.settle()
    #expect(Self.nearby(controller)?.title == "Nearby chargers")
    let steps = [
      DataStep(mode: "fail", title: "Chargers can't be loaded right now", points: 0),
      DataStep(mode: "empty", title: "No chargers in this area", points: 0),
      DataStep(mode: "normal", title: "Nearby chargers", points: 12),
    ]
    for step in steps {
      let body = #"{"cmd":"data","value":"\#(step.mode)"}"#
      let response = await router.handle(
        try HTTPRequest(.post, "/control", headers: Self.json, body: Array(body.utf8)))
      await controller.session.settle()
      #expect(controller.dataSource.mode.description == step.mode)
      let poi = try #require(Self.nearby(controller))
      #expect(poi.title == step.title, "after data \(step.mode)")
      #expect(poi.points.count == step.points, "after data \(step.mode)")
      let panel = try #require(try Self.state(response)["panel"] as? String)
      #expect(panel.contains(#"data-value="\#(step.mode)" class="on""#))
    }
    let car = try #require(
      try Self.state(await router.handle(try HTTPRequest(.get, "/state")))["car"] as? String)
    #expect(car.contains("Königstor 61, Kassel"))
  }

  @Test("an unknown data-source mode is reported in the panel and changes nothing")
  func badDataSource() async throws {
    let (routes, controller) = try Self.routes(app: "places")
    let router = routes.router()
    let body = #"{"cmd":"data","value":"offline"}"#
    let response = await router.handle(
      try HTTPRequest(.post, "/control", headers: Self.json, body: Array(body.utf8)))
    #expect(controller.dataSource.mode == .normal)
    let panel = try #require(try Self.state(response)["panel"] as? String)
    #expect(
      panel.contains("unknown data source mode &#39;offline&#39;; expected normal, empty, fail"))
  }

  @Test("Navigate on a place records an Apple Maps hand-off in the panel")
  func handoff() async throws {
    let (routes, controller) = try Self.routes(app: "places")
    let router = routes.router()
    await controller.session.settle()
    guard case .tabBar(let bar)? = controller.display().screen?.root.content,
      case .pointOfInterest(let poi)? = bar.selectedTab?.content, let first = poi.points.first
    else {
      Issue.record("expected the places demo's point-of-interest tab")
      return
    }
    _ = await router.handle(
      try HTTPRequest(
        .post, "/event", headers: Self.json,
        body: Array(#"{"ev":"poi","t":"nearby","e":"\#(first.id)"}"#.utf8)))
    let response = await router.handle(
      try HTTPRequest(
        .post, "/event", headers: Self.json,
        body: Array(#"{"ev":"poiButton","which":"primary"}"#.utf8)))
    let panel = try #require(try Self.state(response)["panel"] as? String)
    #expect(panel.contains("Apple Maps would open directions"))
  }

  @Test(
    "Maps URLs are described for the driver's hand-off list",
    arguments: [
      (
        "https://maps.apple.com/?daddr=51.3,9.4&dirflg=d",
        "Apple Maps would open directions to 51.3,9.4"
      ),
      (
        "https://maps.apple.com/directions?destination=51.3,9.4&mode=driving",
        "Apple Maps would open directions to 51.3,9.4"
      ),
      ("https://example.com/x", "Would open https://example.com/x"),
    ])
  func describesHandoff(url: String, expected: String) throws {
    #expect(SimulatorController.describeHandoff(try #require(URL(string: url))) == expected)
  }
}

@Suite("Driving along a route in the simulator")
struct DrivePositionTests {
  @Test("the car's position interpolates along the route and stays on its ends")
  func positions() {
    let a = Coordinate(latitude: 51.0, longitude: 9.0)
    let b = Coordinate(latitude: 51.0, longitude: 10.0)
    let c = Coordinate(latitude: 52.0, longitude: 10.0)
    let route = Route(
      polyline: Polyline([a, b, c]), cumulativeKilometres: [0, 70, 181],
      cumulativeSeconds: [0, 2100, 5400], sections: [])
    #expect(SimulatedDrive.point(on: route, atKilometre: 0) == a)
    #expect(SimulatedDrive.point(on: route, atKilometre: 35).longitude == 9.5)
    #expect(SimulatedDrive.point(on: route, atKilometre: 181) == c)
    #expect(SimulatedDrive.point(on: route, atKilometre: 500) == c)
  }

  @Test("a fragment is written as a JSON string that any JSON reader gives back exactly")
  func fragmentsAreJSONStrings() throws {
    let texts = [
      "", "plain", "<div class=\"car\" data-e='x'>Kölnische Straße · 22\u{00A0}kW</div>",
      "back\\slash / solidus", "lines\nand\ttabs\r", "\u{0}\u{1}\u{1F}\u{7F}", "\u{2028}\u{2029} 🔌 ✕",
    ]
    for text in texts {
      let literal = PreviewRoutes.jsonString(text)
      let back = try JSONDecoder().decode(String.self, from: Data(literal.utf8))
      #expect(back == text, "\(literal)")
      // Only what RFC 8259 requires is escaped: no raw control character is left.
      #expect(!literal.unicodeScalars.contains { $0.value < 0x20 }, "\(literal)")
    }
  }
}
