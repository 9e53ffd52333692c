import CarRender
import CarSession
import Foundation
import HTTPServer
import KitDemos
import Testing

@testable import PreviewServer

@MainActor
@Suite("The web simulator refuses cross-site control and framing")
struct CrossSiteTests {
  static let body = Array(#"{"cmd":"style","value":"night"}"#.utf8)

  static func post(_ path: String, _ headers: HTTPHeaders) throws -> HTTPRequest {
    try HTTPRequest(.post, path, headers: headers, body: body)
  }

  @Test(
    "a state-changing POST from another origin or without JSON is answered 403 and changes nothing",
    arguments: [
      ["Host": "127.0.0.1:8080", "Origin": "http://evil.example", "Content-Type": "text/plain"],
      [
        "Host": "127.0.0.1:8080", "Origin": "http://evil.example",
        "Content-Type": "application/json",
      ],
      ["Host": "127.0.0.1:8080", "Content-Type": "text/plain"],
      ["Host": "127.0.0.1:8080", "Content-Type": "application/x-www-form-urlencoded"],
      ["Host": "127.0.0.1:8080", "Origin": "null", "Content-Type": "application/json"],
      [
        "Host": "127.0.0.1:8080", "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/json",
      ],
      [
        "Host": "127.0.0.1:8080", "Sec-Fetch-Site": "same-site", "Content-Type": "application/json",
      ],
      [
        "Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8081",
        "Content-Type": "application/json",
      ],
    ] as [[String: String]])
  func refused(_ fields: [String: String]) async throws {
    var headers = HTTPHeaders()
    for (name, value) in fields.sorted(by: { $0.key < $1.key }) { headers.add(name, value) }
    let (routes, controller) = try PreviewRoutesTests.routes()
    let router = routes.router()
    let before = controller.configuration.contentStyle
    for path in ["/control", "/event"] {
      let response = await router.handle(try Self.post(path, headers))
      #expect(response.status == .forbidden, "\(path) \(fields)")
      #expect(response.bodyText?.contains("expected") == true)
    }
    #expect(controller.configuration.contentStyle == before)
  }

  @Test("the page's own same-origin fetch, and a JSON client without Origin, are served")
  func allowed() async throws {
    let (routes, controller) = try PreviewRoutesTests.routes()
    let router = routes.router()
    let page: HTTPHeaders = [
      "Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080", "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/json",
    ]
    #expect(await router.handle(try Self.post("/control", page)).status == .ok)
    #expect(controller.configuration.contentStyle == .dark)
    let tool: HTTPHeaders = [
      "Host": "localhost:8080", "Content-Type": "application/json; charset=utf-8",
    ]
    #expect(await router.handle(try Self.post("/control", tool)).status == .ok)
  }

  @Test("pages and screen documents may not be framed and carry a content security policy")
  func pageHeaders() async throws {
    let (routes, _) = try PreviewRoutesTests.routes()
    let router = routes.router()
    for path in ["/", "/screen.html", "/screen.svg"] {
      let response = await router.handle(try HTTPRequest(.get, path))
      #expect(response.headers["X-Frame-Options"] == "DENY", "\(path)")
      let policy = response.headers["Content-Security-Policy"] ?? ""
      #expect(policy.contains("frame-ancestors 'none'"), "\(path)")
      #expect(policy.contains("default-src 'self'"))
      #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    }
  }
}
