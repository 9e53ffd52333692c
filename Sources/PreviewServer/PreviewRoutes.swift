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
/// | `GET /events` | server-sent events, one `state` JSON per change the page can see (never the one it sent last again) |
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
    router.get("/state") { _ in .json(bytes: await self.stateBody().bytes) }
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
        // A change the page cannot see (the version moved, the rendering did not) sends
        // nothing: the page already has those fragments.
        let first = await self.stateBody()
        var sent = first.rendering
        continuation.yield(ServerSentEvent(data: String(decoding: first.bytes, as: UTF8.self)))
        for await _ in changes {
          if Task.isCancelled { break }
          let state = await self.stateBody()
          guard state.rendering != sent else { continue }
          sent = state.rendering
          continuation.yield(ServerSentEvent(data: String(decoding: state.bytes, as: UTF8.self)))
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
      return .json(bytes: await self.stateBody().bytes)
    }
    router.post("/control") { request in
      if let refusal = SameOriginPolicy.check(request) { return refusal }
      guard let command = Self.decode(PanelCommand.self, request.body) else {
        return .error(.badRequest, "expected a JSON object {\"cmd\": command, \"value\": argument}")
      }
      await self.backend.control(command)
      return .json(bytes: await self.stateBody().bytes)
    }
    return router
  }

  /// The current state as the JSON the page applies: `{"revision": N, "car": …, "panel": …}`,
  /// and which rendering it carries (equal numbers, equal fragments).
  ///
  /// The car and panel fragments are rendered and JSON-escaped once per distinct state and
  /// kept as bytes. While the backend's ``StateVersion`` stays put, neither the display nor the
  /// panel is built again, so a repeated request costs one hop to the backend and the copy of
  /// the bytes; when it moved, values equal to the last ones still reuse the fragments. The
  /// revision is the backend's number for the snapshot (``PreviewSnapshot/revision``): it counts
  /// every response, in the order the states were read.
  func stateBody() async -> (bytes: [UInt8], rendering: Int) {
    let known = renderedFragments.version
    var entry: RenderedFragments.Entry?
    var snapshot = await backend.snapshot(unlessAt: known)
    if case .unchanged = snapshot {
      entry = renderedFragments.cached(at: known)
      if entry == nil {
        // Another request replaced the rendering between the question and the answer: ask
        // for the values themselves (with their own revision).
        snapshot = await backend.snapshot(unlessAt: nil)
      }
    }
    if case .changed(let version, let display, let panel, _) = snapshot {
      entry = renderedFragments.entry(version, display, panel, render: fragments)
    }
    guard let entry else {
      // A backend that answers "unchanged" to an unknown version: render its values.
      let values = renderedFragments.entry(
        nil, await backend.display(), await backend.panel(), render: fragments)
      return (Self.body(revision: PreviewSnapshot.sharedRevisions.next(), values), values.rendering)
    }
    return (Self.body(revision: snapshot.revision, entry), entry.rendering)
  }

  /// `{"revision": N,` and the entry's cached `"car": …, "panel": …}`.
  static func body(revision: Int, _ entry: RenderedFragments.Entry) -> [UInt8] {
    let tail = entry.tail
    let head = Array("{\"revision\":\(revision),".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(head.count + tail.count)
    bytes.append(contentsOf: head)
    bytes.append(contentsOf: tail)
    return bytes
  }

  /// The car and panel as HTML fragments in JSON string literals.
  func fragments(_ display: CarDisplayState, _ panel: PanelState) -> (car: String, panel: String) {
    (
      Self.jsonString(renderer.render(display)),
      Self.jsonString(PanelRenderer.render(panel, maps: renderer))
    )
  }

  /// ``stateBody()`` as text.
  func stateJSON() async -> String {
    String(decoding: await stateBody().bytes, as: UTF8.self)
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

  /// The last rendered state's JSON fragments, the values they were rendered from and the
  /// version those values had.
  final class RenderedFragments: Sendable {
    /// One rendering.
    struct Entry: Sendable {
      /// The backend's version of ``display`` and ``panel``; nil when it has none.
      var version: StateVersion?
      var display: CarDisplayState
      var panel: PanelState
      /// The body after the revision: `"car":…,"panel":…}`.
      var tail: [UInt8]
      /// Which rendering this is, counting from 1: equal numbers carry equal fragments.
      var rendering: Int
    }
    private struct State {
      var last: Entry?
      var renders = 0
      var valueAnswers = 0
    }
    private let state = Mutex(State())

    /// The version of the last rendering, for asking the backend whether it still holds.
    var version: StateVersion? { state.withLock { $0.last?.version } }
    /// How many times the fragments were rendered.
    var renderCount: Int { state.withLock { $0.renders } }
    /// How many answers carried the display and panel (each built them for the request).
    var valueAnswerCount: Int { state.withLock { $0.valueAnswers } }

    /// The last rendering when it is the one at `known`, else nil.
    func cached(at known: StateVersion?) -> Entry? {
      state.withLock { state in
        guard let last = state.last, let known, last.version == known else { return nil }
        return last
      }
    }

    /// The rendering of these values at `version`: the last one when they equal its values
    /// (it then stands for `version`), else `render`'s, which becomes the last.
    func entry(
      _ version: StateVersion?, _ display: CarDisplayState, _ panel: PanelState,
      render: (CarDisplayState, PanelState) -> (car: String, panel: String)
    ) -> Entry {
      let reused = state.withLock { state -> Entry? in
        state.valueAnswers += 1
        guard var last = state.last, last.display == display, last.panel == panel else {
          return nil
        }
        last.version = version
        state.last = last
        return last
      }
      if let reused { return reused }
      let fragments = render(display, panel)
      var tail = Array("\"car\":".utf8)
      tail.reserveCapacity(fragments.car.utf8.count + fragments.panel.utf8.count + 16)
      tail.append(contentsOf: fragments.car.utf8)
      tail.append(contentsOf: ",\"panel\":".utf8)
      tail.append(contentsOf: fragments.panel.utf8)
      tail.append(UInt8(ascii: "}"))
      return state.withLock { state in
        state.renders += 1
        let entry = Entry(
          version: version, display: display, panel: panel, tail: tail,
          rendering: state.renders)
        state.last = entry
        return entry
      }
    }
  }

}
