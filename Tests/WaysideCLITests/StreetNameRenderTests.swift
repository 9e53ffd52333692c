import Foundation
import Testing

@testable import WaysideCLI

/// The car map names its streets: counted in the SVG `wayside render` writes of the map app's
/// first screen (zoom 15, central Kassel) and after zooming in twice (zoom 17).
@Suite("Street names on the rendered car map")
struct StreetNameRenderTests {
  /// The distinct street names drawn along streets in a rendered document.
  static func streetNames(_ svg: String) -> Set<String> {
    var names: Set<String> = []
    var rest = svg[...]
    while let open = rest.range(of: "<text class=\"street\"") {
      rest = rest[open.upperBound...]
      guard let path = rest.range(of: "<textPath"), let close = rest.range(of: "</textPath>"),
        let start = rest[path.upperBound..<close.lowerBound].firstIndex(of: ">")
      else { break }
      let name = rest[rest.index(after: start)..<close.lowerBound]
      names.insert(String(name).replacingOccurrences(of: "&#39;", with: "'"))
      rest = rest[close.upperBound...]
    }
    return names
  }

  static func render(_ words: [String]) async -> (status: Int32, out: String, err: String) {
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(words, io: io)
    return (status, io.capturedOut, io.capturedErr)
  }

  @Test("at zoom 15 in central Kassel the map names at least 10 streets, each along its street")
  func zoom15() async {
    let result = await Self.render(["render", "--app", "map", "--format", "svg", "--display", "hd"])
    #expect(result.status == 0, "\(result.err)")
    let names = Self.streetNames(result.out)
    #expect(names.count >= 10, "\(names.sorted())")
    // Every name follows a path of the map (textPath), not a straight rotated line.
    #expect(!result.out.contains("<text class=\"street\" x="))
  }

  /// At zoom 17 the hd display's map (584 × 360 points, about 440 × 270 m) crosses only 9
  /// named streets around the start (counted in kassel_roads.geojson), several only at an edge; the
  /// long ones are named (≥ 20 names at zoom 17 needs a bigger map: StreetLabelTests).
  @Test("at zoom 17 the streets in view are named", arguments: ["hd", "standard"])
  func zoom17(display: String) async throws {
    let journey = FileManager.default.temporaryDirectory.appendingPathComponent(
      "zoom17-\(UUID()).journey")
    defer { try? FileManager.default.removeItem(at: journey) }
    try """
    app map
    connect display=\(display)
    press zoom-in
    press zoom-in
    expect text contains "zoom 17.0"
    """.write(to: journey, atomically: true, encoding: .utf8)
    let result = await Self.render(["render", "--journey", journey.path, "--format", "svg"])
    #expect(result.status == 0, "\(result.err)")
    let names = Self.streetNames(result.out)
    #expect(names.count >= (display == "hd" ? 4 : 2), "\(names.sorted())")
  }
}
