import Testing

@testable import HTTPServer

@Suite("HTTP router")
struct HTTPRouterTests {
  static func router() -> HTTPRouter {
    var router = HTTPRouter()
    router.get("/") { _ in .html("<p>home</p>") }
    router.get("/api/apps/:app/screen") { request in
      .text("screen of \(request.pathParameters["app"] ?? "?")")
    }
    router.post("/api/tap") { request in .text("tapped \(request.bodyText ?? "")") }
    router.get("/files/*") { request in .text("file \(request.pathParameters["*"] ?? "?")") }
    router.get("/search") { request in .json(#"{"q":"\#(request.query("q") ?? "")"}"#) }
    return router
  }

  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var method: HTTPMethod
    var target: String
    var status: Int
    var body: String?
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(name: "root", method: .get, target: "/", status: 200, body: "<p>home</p>"),
    Row(
      name: "captured segment", method: .get, target: "/api/apps/charging/screen", status: 200,
      body: "screen of charging"),
    Row(
      name: "captured segment is decoded", method: .get, target: "/api/apps/ev%20car/screen",
      status: 200, body: "screen of ev car"),
    Row(
      name: "empty captured segment does not match", method: .get, target: "/api/apps//screen",
      status: 404, body: nil),
    Row(
      name: "POST body reaches handler", method: .post, target: "/api/tap", status: 200,
      body: "tapped row-1"),
    Row(name: "wrong method is 405", method: .get, target: "/api/tap", status: 405, body: nil),
    Row(
      name: "wildcard captures the rest", method: .get, target: "/files/css/car.css", status: 200,
      body: "file css/car.css"),
    Row(name: "wildcard may be empty", method: .get, target: "/files/", status: 200, body: "file "),
    Row(
      name: "query is decoded", method: .get, target: "/search?q=Kassel+Hbf", status: 200,
      body: #"{"q":"Kassel Hbf"}"#),
    Row(name: "unknown path is 404", method: .get, target: "/nope", status: 404, body: nil),
    Row(
      name: "longer path than pattern is 404", method: .get, target: "/search/x", status: 404,
      body: nil),
    Row(
      name: "HEAD falls back to GET", method: .head, target: "/", status: 200, body: "<p>home</p>"),
  ]

  @Test("routes match by method and pattern, capturing parameters", arguments: rows)
  func routes(_ row: Row) async throws {
    let request = try HTTPRequest(
      row.method, row.target, headers: ["Host": "localhost:1"], body: Array("row-1".utf8))
    let response = await Self.router().handle(request)
    #expect(response.status.code == row.status)
    if let body = row.body { #expect(response.bodyText == body) }
  }

  @Test("a 405 answer lists the allowed methods")
  func allowHeader() async throws {
    let response = await Self.router().handle(try HTTPRequest(.delete, "/"))
    #expect(response.status == .methodNotAllowed)
    #expect(response.headers["Allow"] == "GET, HEAD")
  }

  @Test("earlier routes win over later ones with the same pattern")
  func firstWins() async throws {
    var router = HTTPRouter()
    router.get("/x") { _ in .text("first") }
    router.get("/x") { _ in .text("second") }
    router.get("/:any") { _ in .text("param") }
    #expect(await router.handle(try HTTPRequest(.get, "/x")).bodyText == "first")
    #expect(await router.handle(try HTTPRequest(.get, "/y")).bodyText == "param")
  }

  @Test("mounted assets are served below their prefix and traversal is refused")
  func mountedAssets() async throws {
    var router = HTTPRouter()
    router.mount(
      StaticAssets(["index.html": .init(text: "<h1>car</h1>", for: "index.html")]), at: "/assets/")
    let index = await router.handle(try HTTPRequest(.get, "/assets/"))
    #expect(index.bodyText == "<h1>car</h1>")
    #expect(index.headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(await router.handle(try HTTPRequest(.get, "/assets/missing.css")).status == .notFound)
    #expect(await router.handle(try HTTPRequest(.get, "/assets/a%5C..%5Cb")).status == .badRequest)
  }
}

@Suite("Request targets")
struct RequestTargetTests {
  @Test("HTTPRequest's target initialiser refuses what the parser refuses")
  func targetInitialiserRefuses() {
    for target in ["relative", "/a/../b", "/%zz", "/%00", "http://x/"] {
      #expect(throws: HTTPParseError.self, "\(target)") { try HTTPRequest(.get, target) }
    }
  }

  @Test("OPTIONS * is accepted")
  func optionsStar() throws {
    #expect(try HTTPRequest(.options, "*").path == "*")
  }

  @Test("a 404 or 405 answer does not echo the requested path")
  func noEcho() async throws {
    let missing = await HTTPRouterTests.router().handle(try HTTPRequest(.get, "/%3Cscript%3Ealert(1)%3C/script%3E-probe"))
    #expect(missing.status.code == 404)
    #expect(!(missing.bodyText ?? "").contains("probe"), "\(missing.bodyText ?? "")")
    let refused = await HTTPRouterTests.router().handle(try HTTPRequest(.delete, "/api/tap-probe"))
    #expect(!(refused.bodyText ?? "").contains("probe"), "\(refused.bodyText ?? "")")
  }
}
