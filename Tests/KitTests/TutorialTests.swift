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

  @Test("the tutorial's mkdir makes every folder its files go in, and the files it runs exist")
  func commandsFitTheFiles() throws {
    let tutorial = try String(
      contentsOf: Self.root.appending(
        path: "Sources/Kit/CarSession/CarSession.docc/YourFirstCarPlayApp.md"),
      encoding: .utf8)
    // `mkdir -p chargers/A chargers/B \` and its continuation lines.
    let lines = tutorial.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("mkdir -p ") }) else {
      Issue.record("the tutorial has no `mkdir -p` line")
      return
    }
    var words: [Substring] = []
    for line in lines[start...] {
      words += line.split(separator: " ")
      if !line.hasSuffix("\\") { break }
    }
    let made = Set(
      words.filter { $0.hasPrefix("chargers/") }.map { String($0.dropFirst("chargers/".count)) })
    for (path, _) in try Self.shownFiles() {
      let folder = path.split(separator: "/").dropLast().joined(separator: "/")
      guard !folder.isEmpty else { continue }
      // `mkdir -p a/b` makes `a` too.
      #expect(
        made.contains { $0 == folder || $0.hasPrefix(folder + "/") },
        "\(path): the tutorial's mkdir does not make \(folder)")
    }
    // Every journey file the tutorial names (in a command or a sentence) is in the example.
    let example = Self.root.appending(path: "Examples/Chargers")
    let named = tutorial.split(whereSeparator: { " \n`:\\".contains($0) })
      .filter { $0.hasPrefix("Tests/") && $0.hasSuffix(".journey") }
    #expect(!named.isEmpty)
    for path in Set(named.map(String.init)) {
      #expect(
        FileManager.default.fileExists(atPath: example.appending(path: path).path),
        "the tutorial names \(path), which Examples/Chargers does not have")
    }
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
