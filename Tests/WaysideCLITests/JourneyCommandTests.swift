import Foundation
import Testing

@testable import WaysideCLI

let repositoryJourneys = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Journeys")

@Suite("wayside journey")
struct JourneyCommandTests {
  @Test("the sample journeys pass and exit 0")
  func samples() async throws {
    let io = CommandIO.capturing()
    let files = ["lifecycle.journey", "violations.journey", "data-states.journey"].map {
      repositoryJourneys.appendingPathComponent($0).path
    }
    var arguments = Arguments(files + ["--quiet"], command: "journey")
    #expect(try await JourneyCommand.run(&arguments, io) == 0)
    #expect(io.capturedOut.contains("PASS \(files[1]) (215 steps)"))
    #expect(io.capturedOut.contains("PASS \(files[2]) (42 steps)"))
  }

  @Test("a failed expectation exits 1 naming the file and line")
  func failure() async throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("wayside-\(UUID().uuidString).journey")
    try "app tabs\nconnect\nexpect stack depth 3\n".write(
      to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let io = CommandIO.capturing()
    var arguments = Arguments([file.path], command: "journey")
    #expect(try await JourneyCommand.run(&arguments, io) == 1)
    #expect(
      io.capturedErr.contains(
        "wayside journey: \(file.path):3: expected stack depth 3, found 1 (recent)"))
  }

  @Test("--runs 3 runs a journey three times and says so; a count outside 1 to 100 is refused")
  func runs() async throws {
    let file = repositoryJourneys.appendingPathComponent("lifecycle.journey").path
    let io = CommandIO.capturing()
    var arguments = Arguments([file, "--runs", "3", "--quiet"], command: "journey")
    #expect(try await JourneyCommand.run(&arguments, io) == 0)
    #expect(io.capturedOut.contains("identical runs)"), "\(io.capturedOut)")
    for bad in ["0", "101", "three"] {
      var arguments = Arguments([file, "--runs", bad], command: "journey")
      await #expect(
        throws: CommandError.usage("--runs '\(bad)': expected a whole number from 1 to 100")
      ) {
        try await JourneyCommand.run(&arguments, .capturing())
      }
    }
  }

  @Test("no file is a usage error")
  func noFile() async throws {
    var arguments = Arguments([], command: "journey")
    await #expect(throws: CommandError.usage("missing FILE: name one or more journey files")) {
      try await JourneyCommand.run(&arguments, .capturing())
    }
  }

  @Test("an unreadable file is a failure naming it")
  func missingFile() async throws {
    var arguments = Arguments(["/nonexistent/x.journey"], command: "journey")
    let error = await #expect(throws: CommandError.self) {
      try await JourneyCommand.run(&arguments, .capturing())
    }
    #expect(error?.exitCode == 1)
    #expect(error?.message.hasPrefix("cannot read journey '/nonexistent/x.journey'") == true)
  }
}

@Suite("wayside lint")
struct LintCommandTests {
  @Test("a demo that keeps the rules exits 0; the rule breaker exits 1 with rule ids")
  func apps() async throws {
    let clean = CommandIO.capturing()
    var tabs = Arguments(["--app", "tabs"], command: "lint")
    #expect(try await LintCommand.run(&tabs, clean) == 0)
    let broken = CommandIO.capturing()
    var breaker = Arguments(["--app", "rule-breaker"], command: "lint")
    #expect(try await LintCommand.run(&breaker, broken) == 1)
    #expect(broken.capturedOut.contains("error CP009-empty-tab-bar"))
  }

  @Test("linting a journey reports every screen it visits")
  func journey() async throws {
    let io = CommandIO.capturing()
    var arguments = Arguments(
      [repositoryJourneys.appendingPathComponent("violations.journey").path], command: "lint")
    #expect(try await LintCommand.run(&arguments, io) == 1)
    #expect(io.capturedOut.contains("CP030-poi-count"))
  }

  @Test("an unknown app is a usage error listing the demos")
  func unknownApp() async throws {
    var arguments = Arguments(["--app", "nope"], command: "lint")
    let error = await #expect(throws: CommandError.self) {
      try await LintCommand.run(&arguments, .capturing())
    }
    #expect(error?.exitCode == 2)
    #expect(error?.message.contains("list-detail, tabs, places") == true)
  }
}
