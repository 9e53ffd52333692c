import Foundation
import Testing
import WaysideCLI
import WaysideData

@Suite("wayside status and stations --live")
struct StatusCommandTests {
  static let fast = BundledData.url(.fastChargers2026).path

  static func run(_ words: [String]) async -> (status: Int32, out: String, err: String) {
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(words, io: io)
    return (status, io.capturedOut, io.capturedErr)
  }

  @Test func statusPrintsFormatCountsAndRegisterMatchesPerFile() async {
    let result = await Self.run([
      "status", BundledData.url(.liveEnBWStatus).path, BundledData.url(.liveEnBWTable).path,
      "--stations", Self.fast,
    ])
    #expect(result.status == 0)
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasSuffix(": datex2-status") == true)
    #expect(lines.contains("  locations: 3, EVSEs: 11"))
    #expect(lines.contains("  status as written: available 7, charging 2, faulted 1, occupied 1"))
    #expect(lines.contains("  model: free 7, busy 3, out of order 1, unknown 0"))
    #expect(lines.contains { $0.hasSuffix("2 matched, 0 ambiguous, 1 unmatched") })
    #expect(lines.contains { $0.hasSuffix("8 matched, 0 ambiguous, 2 unmatched") })
  }

  @Test func aFileThatIsNotJSONIsReportedWithItsLineAndExitsWithOne() async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-status-\(UUID().uuidString).json")
    try Data("{\n \"data\": [\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = await Self.run(["status", url.path, "--stations", Self.fast])
    #expect(result.status == 1)
    #expect(result.out.contains(":3: error: is not valid JSON"))
    let missing = await Self.run(["status"])
    #expect(missing.status == 2)
  }

  @Test func stationsNearWithLiveAddsTheSitesStatus() async {
    let result = await Self.run([
      "stations", "near", "48.718544", "9.611829", "--limit", "1", "--stations", Self.fast,
      "--live", BundledData.url(.liveEnBWTable).path, "--live", BundledData.url(.liveEnBWStatus).path,
    ])
    #expect(result.status == 0)
    // Wangen: E914082*1 charging, *2 available; E914081*1 faulted, *2 available (12 March 2026).
    #expect(result.out.contains("2 of 4 free, 1 out of order"))
  }
}
