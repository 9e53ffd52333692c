import Foundation
import Testing
import WaysideData

@testable import WaysideCLI

/// Feed text on the terminal (issue 40, finding 10): an escape sequence a feed writes is shown,
/// never obeyed.
@Suite("Live text on the command line", .timeLimit(.minutes(2)))
struct HostileLiveTextTests {
  static func run(_ words: [String]) async -> (status: Int32, out: String, err: String) {
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(words, io: io)
    return (status, io.capturedOut, io.capturedErr)
  }

  static func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
  }

  @Test("wayside status shows a feed's escape sequences escaped: statuses as written and diagnostics")
  func statusEscapes() async throws {
    // ESC ] 0 ; … BEL sets the terminal's title; ESC [ 2 J clears the screen.
    let page = #"""
      {"data": [{"id": "L1", "coordinates": {"latitude": "51.3127", "longitude": "9.4797"},
        "evses": [{"uid": "1", "evse_id": "DE*TST*E1", "status": "\u001b]0;pwned\u0007"},
                  {"uid": "2", "evse_id": "DE*TST*E2", "status": "AVAILABLE\u001b[2J"}]}]}
      """#
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("wayside-escape-\(UUID().uuidString).json")
    try Data(page.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = await Self.run(["status", file.path, "--stations", BundledData.url(.fastChargers2026).path])
    #expect(!Self.hasControl(result.out), "\(result.out.debugDescription)")
    #expect(!Self.hasControl(result.err), "\(result.err.debugDescription)")
    #expect(result.out.contains("\\u{1B}"), "the sequence is shown escaped: \(result.out)")
  }
}
