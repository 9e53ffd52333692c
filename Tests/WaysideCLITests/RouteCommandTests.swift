import Foundation
import Testing
import WaysideCLI

@Suite("wayside route")
struct RouteCommandTests {
  func run(_ words: [String]) async throws -> (status: Int32, out: String) {
    var arguments = Arguments(words, command: "route")
    let io = CommandIO.capturing()
    let status = try await RouteCommand.run(&arguments, io)
    return (status, io.capturedOut)
  }

  @Test("--json prints length_km, duration_minutes and refs of the fastest route")
  func json() async throws {
    let (status, out) = try await run(["Kassel", "Bremen", "--json"])
    #expect(status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    let length = try #require(object["length_km"] as? Double)
    #expect(abs(length - 286.7) < 286.7 * 0.1)
    #expect(object["duration_minutes"] is Double)
    #expect((object["refs"] as? [String])?.first == "A7")
  }

  @Test("--geojson writes a LineString the size of the route")
  func geoJSON() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-route-\(UUID().uuidString).geojson")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try await run(["51.31468,9.4952", "Göttingen", "--geojson", file.path])
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    let features = try #require(object?["features"] as? [[String: Any]])
    let geometry = try #require(features.first?["geometry"] as? [String: Any])
    #expect(geometry["type"] as? String == "LineString")
    #expect(((geometry["coordinates"] as? [[Double]])?.count ?? 0) > 10)
  }

  @Test(
    "Bad inputs fail with a message naming the input",
    arguments: [
      (["Kassel"], "missing TO"),
      (["Kassel", "Bremen", "--fast"], "unknown option '--fast'"),
      (["Kassel", "Bremen", "Hamburg"], "unexpected argument 'Hamburg'"),
      (["Atlantis", "Bremen"], "no town named 'Atlantis'"),
      (["Fürth", "Bremen"], "matches 2 towns"),
      (["0,0", "Bremen"], "from the nearest road"),
    ])
  func badInputs(words: [String], expected: String) async {
    await #expect {
      _ = try await run(words)
    } throws: { error in
      (error as? CommandError)?.message.contains(expected) ?? false
    }
  }
}
