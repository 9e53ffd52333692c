import Testing

@testable import HTTPServer

@Suite("Host policy (DNS-rebinding protection)")
struct HTTPHostPolicyTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var address: String
    var port: UInt16
    var extra: [String] = []
    var host: String?
    var allowed: Bool
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(
      name: "bound address and port", address: "127.0.0.1", port: 8080, host: "127.0.0.1:8080",
      allowed: true),
    Row(
      name: "localhost with port", address: "127.0.0.1", port: 8080, host: "localhost:8080",
      allowed: true),
    Row(
      name: "localhost in capitals", address: "127.0.0.1", port: 8080, host: "LOCALHOST:8080",
      allowed: true),
    Row(name: "IPv6 loopback in brackets", address: "::1", port: 9, host: "[::1]:9", allowed: true),
    Row(
      name: "wrong port", address: "127.0.0.1", port: 8080, host: "127.0.0.1:8081", allowed: false),
    Row(name: "missing port", address: "127.0.0.1", port: 8080, host: "localhost", allowed: false),
    Row(
      name: "port 80 may be omitted", address: "127.0.0.1", port: 80, host: "localhost",
      allowed: true),
    Row(
      name: "rebinding domain", address: "127.0.0.1", port: 8080, host: "evil.example:8080",
      allowed: false),
    Row(
      name: "localhost with trailing dot", address: "127.0.0.1", port: 8080,
      host: "localhost.:8080", allowed: false),
    Row(
      name: "subdomain of localhost", address: "127.0.0.1", port: 8080, host: "a.localhost:8080",
      allowed: false),
    Row(name: "empty Host", address: "127.0.0.1", port: 8080, host: "", allowed: false),
    Row(name: "no Host", address: "127.0.0.1", port: 8080, host: nil, allowed: false),
    Row(
      name: "userinfo smuggling", address: "127.0.0.1", port: 8080, host: "localhost:8080@evil",
      allowed: false),
    Row(
      name: "LAN address when bound to it", address: "192.168.1.20", port: 8080,
      host: "192.168.1.20:8080", allowed: true),
    Row(
      name: "localhost is not the LAN address", address: "192.168.1.20", port: 8080,
      host: "localhost:8080", allowed: false),
    Row(
      name: "wildcard needs explicit names", address: "0.0.0.0", port: 8080,
      host: "laptop.local:8080", allowed: false),
    Row(
      name: "wildcard with an explicit name", address: "0.0.0.0", port: 8080,
      extra: ["laptop.local"], host: "laptop.local:8080", allowed: true),
  ]

  @Test(
    "only Host values naming the bound address or loopback (plus explicit names) are answered",
    arguments: rows)
  func policy(_ row: Row) {
    let policy = HTTPHostPolicy.bound(to: row.address, port: row.port, extraHosts: row.extra)
    #expect(policy.allows(row.host) == row.allowed)
  }
}

@Suite("Static assets")
struct StaticAssetsTests {
  static let assets = StaticAssets([
    "index.html": .init(text: "<h1>car</h1>", for: "index.html"),
    "css/car.css": .init(text: "body{}", for: "css/car.css"),
  ])

  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var path: String
    var status: Int
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(name: "a nested file", path: "css/car.css", status: 200),
    Row(name: "the index for an empty path", path: "", status: 200),
    Row(name: "a missing file", path: "css/none.css", status: 404),
    Row(name: "dot-dot", path: "../etc/passwd", status: 400),
    Row(name: "dot-dot in the middle", path: "css/../../secret", status: 400),
    Row(name: "single dot", path: "./index.html", status: 400),
    Row(name: "backslash traversal", path: "..\\..\\windows\\win.ini", status: 400),
    Row(name: "absolute path", path: "/etc/passwd", status: 400),
    Row(name: "empty segment", path: "css//car.css", status: 400),
    Row(name: "NUL byte", path: "index.html\u{0}.png", status: 400),
    Row(name: "drive letter", path: "C:/Windows", status: 400),
    Row(name: "double-encoded dot-dot", path: "%2e%2e/etc/passwd", status: 400),
    Row(name: "newline", path: "index.html\n", status: 400),
  ]

  @Test("asset paths never leave the asset root", arguments: rows)
  func paths(_ row: Row) {
    #expect(Self.assets.response(for: row.path).status.code == row.status)
  }

  @Test("media types follow the file extension")
  func mediaTypes() {
    #expect(
      Self.assets.response(for: "css/car.css").headers["Content-Type"] == "text/css; charset=utf-8")
    #expect(StaticAssets.contentType(for: "map.svg") == "image/svg+xml; charset=utf-8")
    #expect(StaticAssets.contentType(for: "README") == "application/octet-stream")
  }
}
