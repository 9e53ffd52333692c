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
/// | `GET /state` | `{revision, hashes, car, panel}` as JSON (HTML fragments and their hashes) |
/// | `GET /events` | server-sent events, one `state` JSON per change the page can see, carrying only the fragments the page does not have |
/// | `POST /event` | a tap on the display (``PageEvent`` JSON); answers the new state, or 400 with `{error, input, expected, state}` for an unknown or malformed event |
/// | `POST /control` | a side-panel command (``PanelCommand`` JSON); answers the new state |
/// | `GET /maps/KEY.svg` | a map's base image the display or panel links to (``MapImageStore``), cacheable |
///
/// One frame per interaction: the page names itself (`?page=ID` on every request) and the
/// server remembers which fragments it sent that page last (``PageFragments``); an answer or
/// event leaves out a fragment the page has, giving its hash instead. A page whose fragment
/// differs from a hash it was given asks `GET /state` again, which sends everything.
///
/// The two `POST` routes change state, so they answer 403 unless the request is
/// `application/json` from the page's own origin (``SameOriginPolicy``); the page and the
/// screen documents carry framing and content-security headers.
/// | `GET /screen.html` | the display alone as a standalone HTML document |
/// | `GET /screen.svg` | the display as SVG (the HTML inside a `foreignObject`) |
/// | `GET /screen.txt` | the display as text, the way journeys and golden files show it |
/// | `GET /assets/fonts/…` | the bundled open fonts standing in for Apple's (``SimulatorFonts``) |
/// | `GET /assets/media/…` | the bundled sound the media app plays offline (``SimulatorSounds``), in byte ranges when asked, so the page can seek in it |
public struct PreviewRoutes: Sendable {
  let backend: any PreviewBackend
  let renderer: CarHTMLRenderer
  let renderedFragments = RenderedFragments()
  let pages = PageFragments()
  /// `/screen.svg` and `/screen.html` of the last display (about 1.3 MB each, fonts
  /// included): made once per display and shared by every answer until the display changes.
  let screenSVG = LastRendering<CarDisplayState, [UInt8]>()
  let screenHTML = LastRendering<CarDisplayState, [UInt8]>()

  /// Creates routes over a backend, drawing maps with `renderer`.
  public init(backend: any PreviewBackend, renderer: CarHTMLRenderer) {
    self.backend = backend
    self.renderer = renderer
  }

  /// The renderer for documents that stand alone (`/screen.html`, `/screen.svg`): maps inline.
  var standalone: CarHTMLRenderer {
    var renderer = self.renderer
    renderer.mapImages = nil
    return renderer
  }

  /// The router.
  public func router() -> HTTPRouter {
    var router = HTTPRouter()
    router.get("/") { _ in HTTPResponse.html(PreviewPage.html).withPageHeaders() }
    router.mount(SimulatorFonts.assets, at: "/assets/fonts")
    router.mount(SimulatorSounds.assets, at: "/assets/media")
    router.get("/state") { request in
      // Everything: the page asks when it lacks a fragment it was told it has.
      .json(bytes: await self.stateBody(for: request.query("page"), sendingAll: true).bytes)
    }
    router.get("/maps/:file") { request in
      let file = request.pathParameters["file"] ?? ""
      guard file.hasSuffix(".svg"), let images = self.renderer.mapImages,
        let svg = images.image(String(file.dropLast(4)))
      else {
        return .error(.notFound, "no map image '\(file)'; the page links only to kept images")
      }
      var response = HTTPResponse.svg(svg)
      // A key names everything the image depends on: the same key is the same picture.
      response.headers.add("Cache-Control", "public, max-age=86400, immutable")
      return response
    }
    router.get("/screen.html") { _ in
      let display = await self.currentDisplay()
      let bytes = await self.screenHTML.value(for: display) {
        Array(ScreenDocument.html($0, renderer: self.standalone).utf8)
      }
      return Self.document(bytes, type: "text/html; charset=utf-8")
    }
    router.get("/screen.svg") { _ in
      let display = await self.currentDisplay()
      let bytes = await self.screenSVG.value(for: display) {
        Array(ScreenDocument.svg($0, renderer: self.standalone).utf8)
      }
      return Self.document(bytes, type: "image/svg+xml; charset=utf-8")
    }
    router.get("/screen.txt") { _ in
      .text(ScreenDocument.text(await self.backend.display()))
    }
    router.get("/events") { request in
      let page = request.query("page")
      let changes = await self.backend.changes()
      let (stream, continuation) = AsyncStream.makeStream(of: ServerSentEvent.self)
      let task = Task {
        // A change the page cannot see (the version moved, the rendering did not) sends
        // nothing: the page already has those fragments.
        let first = await self.stateBody(for: page, sendingAll: true)
        var sent = first.rendering
        continuation.yield(ServerSentEvent(data: String(decoding: first.bytes, as: UTF8.self)))
        for await _ in changes {
          if Task.isCancelled { break }
          let state = await self.stateBody(for: page)
          guard state.rendering != sent, !state.isEmpty else { continue }
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
      // The backend reads the event (once); an unknown or malformed one is refused with 400
      // naming it and what was expected, and the backend has put the same message in the
      // panel, so the state comes along.
      if let problem = await self.backend.send(event) {
        return .json(await self.refusalJSON(problem), status: .badRequest)
      }
      return .json(bytes: await self.stateBody(for: request.query("page")).bytes)
    }
    router.post("/control") { request in
      if let refusal = SameOriginPolicy.check(request) { return refusal }
      guard let command = Self.decode(PanelCommand.self, request.body) else {
        return .error(.badRequest, "expected a JSON object {\"cmd\": command, \"value\": argument}")
      }
      await self.backend.control(command)
      return .json(bytes: await self.stateBody(for: request.query("page")).bytes)
    }
    return router
  }

  /// The display now, from the backend's snapshot (built once per version, shared with the
  /// state answers).
  func currentDisplay() async -> CarDisplayState {
    if case .changed(_, let display, _, _) = await backend.snapshot(unlessAt: nil) {
      return display
    }
    return await backend.display()
  }

  /// A standalone document's answer: `bytes` as they are (shared, not copied), with the page
  /// headers.
  static func document(_ bytes: [UInt8], type: String) -> HTTPResponse {
    var headers = HTTPHeaders()
    headers["Content-Type"] = type
    return HTTPResponse(status: .ok, headers: headers, body: .bytes(bytes)).withPageHeaders()
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
  func stateBody(for page: String? = nil, sendingAll: Bool = false) async -> (
    bytes: [UInt8], rendering: Int, isEmpty: Bool
  ) {
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
      entry = await renderedFragments.entry(version, display, panel, render: fragments)
    }
    guard let entry else {
      // A backend that answers "unchanged" to an unknown version: render its values.
      let values = await renderedFragments.entry(
        nil, await backend.display(), await backend.panel(), render: fragments)
      return answer(values, revision: PreviewSnapshot.sharedRevisions.next(), page, sendingAll)
    }
    return answer(entry, revision: snapshot.revision, page, sendingAll)
  }

  /// The body for `page`: the fragments it does not have (all when `sendingAll`), noted as sent.
  private func answer(
    _ entry: RenderedFragments.Entry, revision: Int, _ page: String?, _ sendingAll: Bool
  ) -> (bytes: [UInt8], rendering: Int, isEmpty: Bool) {
    let has = sendingAll ? nil : pages.fragments(of: page)
    let sendsCar = has?.car != entry.carHash
    let sendsPanel = has?.panel != entry.panelHash
    pages.note(page, car: entry.carHash, panel: entry.panelHash)
    return (
      Self.body(revision: revision, entry, car: sendsCar, panel: sendsPanel), entry.rendering,
      !sendsCar && !sendsPanel
    )
  }

  /// `{"revision": N, "hashes": {"car": …, "panel": …}` and the entry's cached `"car": …` and
  /// `"panel": …` fragments that are asked for.
  static func body(
    revision: Int, _ entry: RenderedFragments.Entry, car: Bool = true, panel: Bool = true
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(
      64 + (car ? entry.carJSON.count : 0) + (panel ? entry.panelJSON.count : 0))
    bytes.append(
      contentsOf:
        "{\"revision\":\(revision),\"hashes\":{\"car\":\"\(entry.carHash)\",\"panel\":\"\(entry.panelHash)\"}"
        .utf8)
    if car {
      bytes.append(contentsOf: ",\"car\":".utf8)
      bytes.append(contentsOf: entry.carJSON)
    }
    if panel {
      bytes.append(contentsOf: ",\"panel\":".utf8)
      bytes.append(contentsOf: entry.panelJSON)
    }
    bytes.append(UInt8(ascii: "}"))
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

  /// The body of a refused event: `{"error": message, "input": the event as read, "expected":
  /// what it must be (or null), "state": the state as ``stateJSON()`` gives it}`.
  func refusalJSON(_ problem: DriverSyntaxError) async -> String {
    "{\"error\":\(Self.jsonString(problem.message)),\"input\":\(Self.jsonString(problem.input)),"
      + "\"expected\":\(problem.expected.map(Self.jsonString) ?? "null"),"
      + "\"state\":\(await stateJSON())}"
  }

  /// `text` as a JSON string literal, quotes included.
  ///
  /// RFC 8259 §7: the quotation mark, the reverse solidus and the control characters are
  /// escaped; everything else (UTF-8 included) is written as it is. The page's fragments are
  /// tens of kilobytes, written on every change, so this is one pass over the bytes.
  static func jsonString(_ text: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 64)
    out.append(0x22)
    let hex = Array("0123456789abcdef".utf8)
    for byte in text.utf8 {
      switch byte {
      case 0x22: out.append(contentsOf: [0x5C, 0x22])
      case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
      case 0x0D: out.append(contentsOf: [0x5C, 0x72])
      case 0x09: out.append(contentsOf: [0x5C, 0x74])
      case 0..<0x20:
        out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      default: out.append(byte)
      }
    }
    out.append(0x22)
    return String(decoding: out, as: UTF8.self)
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
      /// The car fragment as a JSON string literal.
      var carJSON: [UInt8]
      /// The panel fragment as a JSON string literal.
      var panelJSON: [UInt8]
      /// A hash of ``carJSON``, naming it for a page that has it.
      var carHash: String
      /// A hash of ``panelJSON``.
      var panelHash: String
      /// Which rendering this is, counting from 1: equal numbers carry equal fragments.
      var rendering: Int
    }
    private struct State {
      var last: Entry?
      var renders = 0
      var valueAnswers = 0
      /// Whether a rendering is under way; the requests that need one meanwhile wait in
      /// ``waiters`` and then look again (the rendering is likely theirs too).
      var rendering = false
      var waiters: [CheckedContinuation<Turn, Never>] = []
    }
    /// What a request does next.
    private enum Turn: Sendable {
      case reuse(Entry)
      case render
      case lookAgain
    }
    private let state = Mutex(State())

    /// The version of the last rendering, for asking the backend whether it still holds.
    var version: StateVersion? { state.withLock { $0.last?.version } }
    /// How many times the fragments were rendered.
    var renderCount: Int { state.withLock { $0.renders } }
    /// How many answers carried the display and panel (each built them for the request).
    var valueAnswerCount: Int { state.withLock { $0.valueAnswers } }

    /// FNV-1a, 64 bits, in hex: names a fragment's bytes (equal bytes, equal names).
    static func hash(_ bytes: [UInt8]) -> String {
      var value: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
      }
      return String(value, radix: 16)
    }

    /// The last rendering when it is the one at `known`, else nil.
    func cached(at known: StateVersion?) -> Entry? {
      state.withLock { state in
        guard let last = state.last, let known, last.version == known else { return nil }
        return last
      }
    }

    /// The rendering of these values at `version`: the last one when it is at `version` or
    /// its values equal these (it then stands for `version`), else `render`'s, which becomes
    /// the last.
    ///
    /// One rendering at a time: after a change every connection and event stream asks for
    /// the new state at once, and all but one wait for that one's rendering instead of each
    /// rendering the same fragments (a herd that took the simulator's `GET /state` p99 to
    /// half a second under 64 clients).
    func entry(
      _ version: StateVersion?, _ display: CarDisplayState, _ panel: PanelState,
      render: (CarDisplayState, PanelState) -> (car: String, panel: String)
    ) async -> Entry {
      state.withLock { $0.valueAnswers += 1 }
      while true {
        let turn = await withCheckedContinuation { (continuation: CheckedContinuation<Turn, Never>) in
          let now = state.withLock { state -> Turn? in
            if var last = state.last,
              (version != nil && last.version == version)
                || (last.display == display && last.panel == panel)
            {
              last.version = version
              state.last = last
              return .reuse(last)
            }
            guard !state.rendering else {
              state.waiters.append(continuation)
              return nil
            }
            state.rendering = true
            return .render
          }
          if let now { continuation.resume(returning: now) }
        }
        switch turn {
        case .reuse(let entry): return entry
        case .lookAgain: continue
        case .render:
          let fragments = render(display, panel)
          let car = Array(fragments.car.utf8)
          let panelBytes = Array(fragments.panel.utf8)
          let (entry, waiters) = state.withLock { state in
            state.renders += 1
            let entry = Entry(
              version: version, display: display, panel: panel, carJSON: car,
              panelJSON: panelBytes, carHash: Self.hash(car), panelHash: Self.hash(panelBytes),
              rendering: state.renders)
            state.last = entry
            state.rendering = false
            defer { state.waiters = [] }
            return (entry, state.waiters)
          }
          for waiter in waiters { waiter.resume(returning: .lookAgain) }
          return entry
        }
      }
    }
  }

}

/// The output made from the last input, made again only when the input changes, one making at
/// a time: requests that arrive while it is being made wait for it instead of making their own
/// (128 clients asking for the 1.3 MB screen document at once made 128 of them).
final class LastRendering<Input: Equatable & Sendable, Output: Sendable>: Sendable {
  private struct State {
    var last: (input: Input, output: Output)?
    var making = false
    var waiters: [CheckedContinuation<Turn, Never>] = []
    var makings = 0
  }
  /// What a request does next.
  private enum Turn: Sendable {
    case ready(Output)
    case make
    case lookAgain
  }
  private let state = Mutex(State())

  /// How many times an output was made.
  var makeCount: Int { state.withLock { $0.makings } }

  /// The output for `input`: the last one when its input equals `input`, else `make`'s.
  func value(for input: Input, make: (Input) -> Output) async -> Output {
    while true {
      let turn = await withCheckedContinuation { (continuation: CheckedContinuation<Turn, Never>) in
        let now = state.withLock { state -> Turn? in
          if let last = state.last, last.input == input { return .ready(last.output) }
          guard !state.making else {
            state.waiters.append(continuation)
            return nil
          }
          state.making = true
          return .make
        }
        if let now { continuation.resume(returning: now) }
      }
      switch turn {
      case .ready(let output): return output
      case .lookAgain: continue
      case .make:
        let output = make(input)
        let waiters = state.withLock { state in
          state.last = (input, output)
          state.makings += 1
          state.making = false
          defer { state.waiters = [] }
          return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: .lookAgain) }
        return output
      }
    }
  }
}

/// Which fragments each page was sent last, by the id the page gives itself (`?page=`), so an
/// answer or event leaves out what the page has. It keeps the newest ``capacity`` pages.
final class PageFragments: Sendable {
  /// How many pages are remembered (tabs open on one simulator).
  static let capacity = 32
  private let pages = Mutex<(hashes: [String: (car: String, panel: String)], order: [String])>(
    ([:], []))

  /// The hashes of the fragments `page` was sent last; nil for a page not seen (or none).
  func fragments(of page: String?) -> (car: String, panel: String)? {
    guard let page else { return nil }
    return pages.withLock { $0.hashes[page] }
  }

  /// Notes that `page` was sent (or has) these fragments.
  func note(_ page: String?, car: String, panel: String) {
    guard let page, !page.isEmpty, page.count <= 64 else { return }
    pages.withLock { pages in
      if pages.hashes.updateValue((car, panel), forKey: page) == nil {
        pages.order.append(page)
        while pages.order.count > Self.capacity {
          pages.hashes[pages.order.removeFirst()] = nil
        }
      }
    }
  }
}
