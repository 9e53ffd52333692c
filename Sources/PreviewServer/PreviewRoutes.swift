import CarRender
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
/// | `POST /event` | a tap on the display (``PageEvent`` JSON); answers the new state |
/// | `POST /control` | a side-panel command (``PanelCommand`` JSON); answers the new state |
/// | `GET /screen.html` | the display alone as a standalone HTML document |
/// | `GET /screen.svg` | the display as SVG (the HTML inside a `foreignObject`) |
/// | `GET /screen.txt` | the display as text, the way journeys and golden files show it |
/// | `GET /assets/fonts/…` | the bundled open fonts standing in for Apple's (``SimulatorFonts``) |
public struct PreviewRoutes: Sendable {
  let backend: any PreviewBackend
  let renderer: CarHTMLRenderer
  let revision = Revision()

  /// Creates routes over a backend, drawing maps with `renderer`.
  public init(backend: any PreviewBackend, renderer: CarHTMLRenderer) {
    self.backend = backend
    self.renderer = renderer
  }

  /// The router.
  public func router() -> HTTPRouter {
    var router = HTTPRouter()
    router.get("/") { _ in .html(PreviewPage.html) }
    router.mount(SimulatorFonts.assets, at: "/assets/fonts")
    router.get("/state") { _ in .json(await self.stateJSON()) }
    router.get("/screen.html") { _ in
      let display = await self.backend.display()
      return .html(ScreenDocument.html(display, renderer: self.renderer))
    }
    router.get("/screen.svg") { _ in
      let display = await self.backend.display()
      return .svg(ScreenDocument.svg(display, renderer: self.renderer))
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
      guard let event = Self.decode(PageEvent.self, request.body) else {
        return .error(
          .badRequest, "expected a JSON object {\"ev\": kind, \"t\": template, \"e\": element}")
      }
      await self.backend.send(event)
      return .json(await self.stateJSON())
    }
    router.post("/control") { request in
      guard let command = Self.decode(PanelCommand.self, request.body) else {
        return .error(.badRequest, "expected a JSON object {\"cmd\": command, \"value\": argument}")
      }
      await self.backend.control(command)
      return .json(await self.stateJSON())
    }
    return router
  }

  /// The current state as the JSON the page applies.
  func stateJSON() async -> String {
    let display = await backend.display()
    let panel = await backend.panel()
    let payload = StatePayload(
      revision: revision.next(), car: renderer.render(display), panel: PanelRenderer.render(panel))
    guard let data = try? JSONEncoder().encode(payload),
      let text = String(data: data, encoding: .utf8)
    else { return "{}" }
    return text
  }

  static func decode<T: Decodable>(_ type: T.Type, _ body: [UInt8]) -> T? {
    try? JSONDecoder().decode(T.self, from: Data(body))
  }

  struct StatePayload: Encodable {
    var revision: Int
    var car: String
    var panel: String
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
