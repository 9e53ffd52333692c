import Foundation
import Testing

/// The tutorial's files are the example package's files: what a reader types is what CI builds
/// and tests (`.ci/run` builds and tests `Examples/Chargers`).
@Suite("The tutorial and the example package")
struct TutorialTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every file the tutorial shows, as `**`PATH`**` followed by a fenced block.
  static func shownFiles() throws -> [(path: String, text: String)] {
    let tutorial = try String(
      contentsOf: root.appending(path: "Sources/Kit/CarSession/CarSession.docc/YourFirstCarPlayApp.md"),
      encoding: .utf8)
    var files: [(String, String)] = []
    var lines = tutorial.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.popFirst() {
      guard line.hasPrefix("**`"), line.hasSuffix("`**") else { continue }
      let path = String(line.dropFirst(3).dropLast(3))
      // A blank line, the opening fence, the body up to the closing fence.
      guard lines.popFirst() == "", lines.popFirst()?.hasPrefix("```") == true else { break }
      var body: [Substring] = []
      while let next = lines.popFirst(), next != "```" { body.append(next) }
      files.append((path, body.joined(separator: "\n") + "\n"))
    }
    return files
  }

  /// The example's own files (not what a build leaves there), relative to its folder.
  static func exampleFiles(_ folder: URL) throws -> [String] {
    let built: Set<String> = [".build", ".swiftpm", "Package.resolved"]
    var files: [String] = []
    var pending = [""]
    // Bounded: the example is a handful of folders.
    for _ in 0..<100 {
      guard let relative = pending.popLast() else { break }
      let url = relative.isEmpty ? folder : folder.appending(path: relative)
      for name in try FileManager.default.contentsOfDirectory(atPath: url.path)
      where !built.contains(name) {
        let path = relative.isEmpty ? name : relative + "/" + name
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(
          atPath: folder.appending(path: path).path, isDirectory: &isFolder)
        if isFolder.boolValue { pending.append(path) } else { files.append(path) }
      }
    }
    return files.sorted()
  }

  @Test("every file of the example package is shown in the tutorial exactly as it is")
  func tutorialShowsTheExample() throws {
    let shown = try Self.shownFiles()
    let example = Self.root.appending(path: "Examples/Chargers")
    #expect(shown.map(\.path).sorted() == (try Self.exampleFiles(example)))
    for (path, text) in shown {
      var expected = try String(contentsOf: example.appending(path: path), encoding: .utf8)
      // The example sits inside the repository; a reader's package sits beside a clone.
      expected = expected.replacingOccurrences(
        of: #"path: "../..")"#, with: #"path: "../wayside")"#)
      #expect(text == expected, "\(path) differs between the tutorial and Examples/Chargers")
    }
  }
}
