import Foundation
import Testing

/// README.md is the entry page: what Wayside is, the two commands, a picture, the three apps,
/// the kit in five lines, data flow, layers, licences and where to read on — at most about 250
/// lines. Measurement logs and the long descriptions live in `Guides/`. Every relative link of
/// the README and the guides names a file that exists, so moving text between them cannot leave
/// a dead link behind.
@Suite("The README is an entry page, and its links and the guides' resolve")
struct ReadmeEntryPageTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("at most 250 lines, with each part an entry page needs")
  func entryPage() throws {
    let readme = try Self.read("README.md")
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 250, "README.md has \(lines.count) lines")
    for heading in [
      "## Two commands", "## The simulator", "## The three apps", "## The kit in five lines",
      "## Data flow", "## Layers", "## Where to read on", "## Data, licences and attribution",
    ] {
      #expect(lines.contains { $0 == heading }, "README.md has no '\(heading)'")
    }
    for app in ["**Charging**", "**Wayside Maps**", "**Wayside Media**"] {
      #expect(readme.contains(app), "README.md does not introduce \(app)")
    }
    #expect(readme.contains("swift run wayside ") && readme.contains("swift test "))
    #expect(readme.contains("![The web simulator"), "README.md shows no picture of the simulator")
  }

  @Test("the measurement logs live in Guides/Benchmark.md")
  func figuresInBenchmarkGuide() throws {
    let readme = try Self.read("README.md")
    let benchmark = try Self.read("Guides/Benchmark.md")
    #expect(!readme.contains("| figure | target | measured |"))
    #expect(benchmark.contains("## Speed") && benchmark.contains("| figure | target | measured |"))
  }

  @Test("every relative link of the README and the guides names a file that exists")
  func linksResolve() throws {
    let guides = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Guides").path
    ).filter { $0.hasSuffix(".md") }.map { "Guides/" + $0 }
    var checked = 0
    for page in ["README.md"] + guides.sorted() {
      let text = try Self.read(page)
      let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
      var rest = text[...]
      while let open = rest.range(of: "](") {
        guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
        let target = String(rest[open.upperBound..<close])
        rest = rest[close...]
        let path = String(target.prefix { $0 != "#" })
        if path.isEmpty || path.contains("://") || path.hasPrefix("mailto:") { continue }
        checked += 1
        let file = folder.appendingPathComponent(path).standardizedFileURL.path
        #expect(FileManager.default.fileExists(atPath: file), "\(page) links to '\(target)'")
      }
    }
    #expect(checked > 50)
  }
}
