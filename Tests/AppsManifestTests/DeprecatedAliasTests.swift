import Foundation
import Testing

/// Old names do not pile up: a deprecated declaration in `Sources/` is kept only for a kit rename
/// that outside users may still spell the old way, listed here with the rename it covers, and is
/// removed (with the API baseline regenerated) when its time is up. Nothing is listed now.
@Suite("No deprecated aliases beyond the listed kit renames")
struct DeprecatedAliasTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  /// `Module/File.swift: old name → new name` for each deprecated alias kept on purpose.
  static let kept: Set<String> = []

  @Test("every deprecated declaration in Sources/ is a listed kit rename")
  func noStrayDeprecations() throws {
    var found: [String] = []
    let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
    for case let path as String in files where path.hasSuffix(".swift") {
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      for (number, line) in lines.enumerated()
      where line.trimmingCharacters(in: .whitespaces).hasPrefix("@available(")
        && line.contains("deprecated")
      {
        let entry = "\(path):\(number + 1)"
        if !Self.kept.contains(where: { $0.hasPrefix(path) }) { found.append(entry) }
      }
    }
    #expect(found.isEmpty, "deprecated declarations not listed as kept: \(found)")
  }
}
