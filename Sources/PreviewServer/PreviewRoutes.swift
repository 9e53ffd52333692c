import CarRender
import CarSimulator
import Foundation
import HTTPServer
import Synchronization

/// The web simulator's routes over a backend; a pure router, testable without sockets.
///
/// | route | answer |
/// |---|---|
/// | `GET /` | the page |
/// | `GET /state` | `{revision, car, panel}` as JSON (HTML fragments) |
/// | `GET /events` | server-sent events, one `state` JSON per change |
/// | `POST /event` | a tap on the display (``PageEvent`` JSON); answers the new state, or 400 with `{error, input, expected, state}` for an unknown or malformed event |
/// | `POST /control` | a side-panel command (``PanelCommand`` JSON); answers the new state |
///
/// The two `POST` routes change state, so they answer 403 unless the request is
/// `application/json` from the page's own origin (``SameOriginPolicy``); the page and the
/// screen documents carry framing and content-security headers.
/// | `GET /screen.html` | the display alone as a standalone HTML document |
/// | `GET /screen.svg` | the display as SVG (the HTML inside a `foreignObject`) |
/// | `GET /screen.txt` | the display as text, the way journeys and golden files show it |
/// | `GET /assets/fonts/…` | the bundled open fonts standing in for Apple's (``SimulatorFonts``) |
public struct PreviewRoutes: Sendable {
  let backend: any PreviewBackend
  let renderer: CarHTMLRenderer
  let revision = Revision()
  let renderedFragments = RenderedFragments()

  /// Creates routes over a backend, drawing maps with `renderer`.
  public init(backend: any PreviewBackend, renderer: CarHTMLRenderer) {
    self.backend = backend
    self.renderer = renderer
  }

  /// The router.
  public func router() -> HTTPRouter {
    var router = HTTPRouter()
    router.get("/") { _ in HTTPResponse.html(PreviewPage.html).withPageHeaders() }
    router.mount(SimulatorFonts.assets, at: "/assets/fonts")
    router.get("/state") { _ in .json(await self.stateJSON()) }
    router.get("/screen.html") { _ in
      let display = await self.backend.display()
      return HTTPResponse.html(ScreenDocument.html(display, renderer: self.renderer))
        .withPageHeaders()
    }
    router.get("/screen.svg") { _ in
      let display = await self.backend.display()
      return HTTPResponse.svg(ScreenDocument.svg(display, renderer: self.renderer))
        .withPageHeaders()
    }
    router.get("/screen.txt") { _ in
      .text(ScreenDocument.text(await self.backend.display()))
    }
    router.get("/events") { _ in
      let changes = await self.backend.changes()
      let (stream, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
      let task = Task {
        continuation.yield(ServerSentEvent(data: await self.stateJSON()))
        for await _ in changes {
          if Task.isCancelled { break }
          continuation.yield(ServerSentEvent(data: await self.stateJSON()))
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
      return .eventStream(stream)
    }
    router.post("/event") { request in
      if let refusal = SameOriginPolicy.check(request) { return refusal }
      guard let event = Self.decode(PageEvent.self, request.body) else {
        return .error(
          .badRequest, "expected a JSON object {\"ev\": kind, \"t\": template, \"e\": element}")
      }
      await self.backend.send(event)
      // An unknown or malformed event is refused with 400 naming it and what was expected; the
      // backend has already put the same message in the panel, so the state comes along.
      if let problem = Self.problem(with: event) {
        return .json(await self.refusalJSON(problem), status: .badRequest)
      }
      return .json(await self.stateJSON())
    }
    router.post("/control") { request in
      if let refusal = SameOriginPolicy.check(request) { return refusal }
      guard let command = Self.decode(PanelCommand.self, request.body) else {
        return .error(.badRequest, "expected a JSON object {\"cmd\": command, \"value\": argument}")
      }
      await self.backend.control(command)
      return .json(await self.stateJSON())
    }
    return router
  }

  /// The current state as the JSON the page applies: `{"revision": N, "car": …, "panel": …}`.
  ///
  /// The car and panel fragments are rendered and JSON-escaped once per distinct display and
  /// panel state and reused while the state stays equal, so a repeated request costs the
  /// comparison and the copy of the bytes; the revision still counts every response.
  func stateJSON() async -> String {
    let display = await backend.display()
    let panel = await backend.panel()
    let fragments = renderedFragments.fragments(display, panel) {
      (
        Self.jsonString(renderer.render(display)),
        Self.jsonString(PanelRenderer.render(panel, maps: renderer))
      )
    }
    return "{\"revision\":\(revision.next()),\"car\":\(fragments.car),\"panel\":\(fragments.panel)}"
  }

  /// Why the page event cannot be read, or nil when it can.
  static func problem(with event: PageEvent) -> DriverSyntaxError? {
    do {
      _ = try event.action()
      return nil
    } catch {
      return error
    }
  }

  /// The body of a refused event: `{"error": message, "input": the event as read, "expected":
  /// what it must be (or null), "state": the state as ``stateJSON()`` gives it}`.
  func refusalJSON(_ problem: DriverSyntaxError) async -> String {
    "{\"error\":\(Self.jsonString(problem.message)),\"input\":\(Self.jsonString(problem.input)),"
      + "\"expected\":\(problem.expected.map(Self.jsonString) ?? "null"),"
      + "\"state\":\(await stateJSON())}"
  }

  /// `text` as a JSON string literal, quotes included.
  static func jsonString(_ text: String) -> String {
    guard let data = try? JSONEncoder().encode(text) else { return "\"\"" }
    return String(decoding: data, as: UTF8.self)
  }

  static func decode<T: Decodable>(_ type: T.Type, _ body: [UInt8]) -> T? {
    try? JSONDecoder().decode(T.self, from: Data(body))
  }

  /// The last rendered state's JSON fragments and the values they were rendered from.
  final class RenderedFragments: Sendable {
    private struct Entry {
      var display: CarDisplayState
      var panel: PanelState
      var car: String
      var panelFragment: String
    }
    private let last = Mutex<Entry?>(nil)

    /// The fragments for this state: the cached ones when it equals the last, else `render`'s.
    func fragments(
      _ display: CarDisplayState, _ panel: PanelState, render: () -> (String, String)
    ) -> (car: String, panel: String) {
      if let hit = last.withLock({ entry -> (String, String)? in
        guard let entry, entry.display == display, entry.panel == panel else { return nil }
        return (entry.car, entry.panelFragment)
      }) {
        return hit
      }
      let (car, panelText) = render()
      last.withLock {
        $0 = Entry(display: display, panel: panel, car: car, panelFragment: panelText)
      }
      return (car, panelText)
    }
  }

  final class Revision: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
      value.withLock {
        $0 += 1; return $0
      }
    }
  }
}
