import Foundation
import Testing

/// One compute-once holder in the tree: `LoadOnce` (WaysideData), awaited or read in place. No
/// second holder class, and no blocking `static let … = Result { … }` that builds on whichever
/// thread touches it first.
@Suite("One once-helper")
struct OneOnceHelperTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  @Test("Sources/ declares no other once-holder and no static Result built on first touch")
  func oneHolder() throws {
    var found: [String] = []
    let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
    for case let path as String in files where path.hasSuffix(".swift") {
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code = line.trimmingCharacters(in: .whitespaces)
        if code.hasPrefix("//") { continue }
        let holderClass = ["class Lazy<", "class OnceCell<"].contains { code.contains($0) }
        let staticResult =
          code.contains("static let ")
          && (code.contains(": Result<") || code.hasSuffix("= Result {"))
        if holderClass || staticResult { found.append("\(path):\(number + 1): \(code)") }
      }
    }
    #expect(found.isEmpty, "\(found)")
  }
}
