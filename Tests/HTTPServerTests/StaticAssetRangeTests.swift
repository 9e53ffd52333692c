import HTTPServer
import Testing

/// Byte ranges on static assets (RFC 9110 §14): a browser seeks in a sound only when the
/// server answers ranges, so the simulator's bundled sound could not be seeked before.
@Suite("Static assets: byte ranges")
struct StaticAssetRangeTests {
  static let assets = StaticAssets([
    "media/tone.wav": .init(bytes: Array(0..<100), contentType: "audio/wav")
  ])

  struct Row: CustomTestStringConvertible, Sendable {
    var range: String?
    var status: Int
    var bytes: Range<UInt8>?
    var contentRange: String?
    var testDescription: String { range ?? "no range" }
  }

  static let rows: [Row] = [
    Row(range: nil, status: 200, bytes: 0..<100, contentRange: nil),
    Row(range: "bytes=0-9", status: 206, bytes: 0..<10, contentRange: "bytes 0-9/100"),
    Row(range: "bytes=90-", status: 206, bytes: 90..<100, contentRange: "bytes 90-99/100"),
    Row(range: "bytes=-5", status: 206, bytes: 95..<100, contentRange: "bytes 95-99/100"),
    Row(range: "bytes=-500", status: 206, bytes: 0..<100, contentRange: "bytes 0-99/100"),
    Row(range: "bytes=50-5000", status: 206, bytes: 50..<100, contentRange: "bytes 50-99/100"),
    Row(range: "bytes=100-", status: 416, bytes: nil, contentRange: "bytes */100"),
    Row(range: "bytes=-0", status: 416, bytes: nil, contentRange: "bytes */100"),
    // Ignored: several ranges, another unit, a reversed or malformed range — the whole asset.
    Row(range: "bytes=0-1,5-6", status: 200, bytes: 0..<100, contentRange: nil),
    Row(range: "items=0-1", status: 200, bytes: 0..<100, contentRange: nil),
    Row(range: "bytes=9-3", status: 200, bytes: 0..<100, contentRange: nil),
    Row(range: "bytes=x-3", status: 200, bytes: 0..<100, contentRange: nil),
    Row(range: "bytes=99999999999999999999-", status: 200, bytes: 0..<100, contentRange: nil),
  ]

  @Test("one byte range is answered 206 with its part; past the end 416; others whole", arguments: rows)
  func ranges(_ row: Row) {
    let response = Self.assets.response(for: "media/tone.wav", range: row.range)
    #expect(response.status.code == row.status)
    #expect(response.headers["Accept-Ranges"] == "bytes")
    #expect(response.headers["Content-Range"] == row.contentRange)
    if let bytes = row.bytes {
      #expect(response.bodyBytes == Array(bytes))
    }
  }

  @Test("the router hands the request's Range header to a mounted asset")
  func throughTheRouter() async throws {
    var router = HTTPRouter()
    router.mount(Self.assets, at: "/assets")
    let response = await router.handle(
      try HTTPRequest(.get, "/assets/media/tone.wav", headers: ["Range": "bytes=10-19"]))
    #expect(response.status.code == 206)
    #expect(response.bodyBytes == Array(10..<20))
  }
}
