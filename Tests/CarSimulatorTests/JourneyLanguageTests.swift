import CarSession
import CarTemplates
import Foundation
import KitDemos
import Testing

@testable import CarSimulator

/// The journey steps added for negative checks, marks, per-car limits and raw templates, and the
/// file-level rules: CRLF reads as LF, bytes must be UTF-8, a journey must run a step.
@MainActor
@Suite("Journey language: line endings, encodings, negative steps, marks, car limits")
struct JourneyLanguageTests {
  static func passes(_ text: String) async throws {
    let report = try await runJourney(text)
    #expect(report.failure == nil, "\(report.failure?.description ?? "")\n\(report.transcript)")
  }

  @Test("the small-car sample journey (limits on connect, negative steps, a mark) passes")
  func smallCar() async throws {
    let file = "small-car.journey"
    let text = try String(contentsOf: journeysFolder.appendingPathComponent(file), encoding: .utf8)
    let report = try await runJourney(text, name: file)
    #expect(report.failure == nil, "\(report.failure?.description ?? "")\n\(report.transcript)")
  }

  // MARK: Line endings, encodings, empty journeys

  static let sample = """
    # A tap and its details.
    app list-detail
    connect

    tap row kassel-hbf
    expect top information "Kassel Hbf"
    back
    expect stack depth 1

    """

  @Test("a CRLF journey reads the same steps on the same lines and runs the same as with LF")
  func crlf() async throws {
    let lf = try Journey.parse(Self.sample, name: "j")
    let crlf = try Journey.parse(
      Self.sample.replacingOccurrences(of: "\n", with: "\r\n"), name: "j")
    let cr = try Journey.parse(Self.sample.replacingOccurrences(of: "\n", with: "\r"), name: "j")
    #expect(lf.lines.count == 6)
    #expect(crlf == lf)
    #expect(cr == lf)
    let a = await JourneyRunner.run(lf, apps: { KitDemos.named($0) })
    let b = await JourneyRunner.run(crlf, apps: { KitDemos.named($0) })
    #expect(a.passed && b.passed)
    #expect(a.transcript == b.transcript)
  }

  @Test("a failing CRLF journey fails at the same line as with LF")
  func crlfFailure() async throws {
    let report = try await runJourney("app tabs\r\nconnect\r\nexpect stack depth 3\r\n")
    #expect(report.failure?.line == 3)
    #expect(report.failure?.message.hasPrefix("expected stack depth 3, found 1") == true)
  }

  @Test(
    "every sample journey reads the same with CRLF line endings",
    arguments: [
      "lifecycle.journey", "violations.journey", "data-states.journey", "small-car.journey",
    ])
  func samplesWithCRLF(_ file: String) throws {
    let text = try String(contentsOf: journeysFolder.appendingPathComponent(file), encoding: .utf8)
    let lf = try Journey.parse(text, name: file)
    #expect(!lf.lines.isEmpty)
    #expect(try Journey.parse(text.replacingOccurrences(of: "\n", with: "\r\n"), name: file) == lf)
  }

  @Test(
    "a journey that runs no step fails",
    arguments: ["", "# only a comment\n\n", "# Windows\r\n\r\n   \r\n"])
  func zeroSteps(_ text: String) async throws {
    let report = try await runJourney(text)
    #expect(
      report.failure
        == JourneyFailure(
          name: "test.journey", line: 0,
          message: "the journey has no steps; a journey must run at least one"))
  }

  @Test("a journey whose bytes are not UTF-8 is refused, naming the byte offset and line")
  func invalidUTF8() {
    let bytes = Array("app tabs\nconnect\n".utf8) + [0xFF] + Array("back\n".utf8)
    #expect(
      throws: JourneyParseError(
        name: "bad.journey", line: 3,
        message: "invalid UTF-8 at byte offset 17 (0xFF); save the journey as UTF-8")
    ) { try Journey.parse(bytes: bytes, name: "bad.journey") }
    // "ü" is C3 BC; C3 followed by a quote is a sequence cut short.
    let truncated = Array("say \"Z".utf8) + [0xC3] + Array("\"\n".utf8)
    let error = #expect(throws: JourneyParseError.self) {
      try Journey.parse(bytes: truncated, name: "cut.journey")
    }
    #expect(error?.message.hasPrefix("invalid UTF-8 at byte offset 6 (0xC3") == true)
  }

  @Test("valid UTF-8 bytes, CRLF included, parse as the text does")
  func validBytes() throws {
    let text = "app list-detail\r\nconnect\r\nexpect text lacks \"Zürich\"\r\n"
    #expect(
      try Journey.parse(bytes: Array(text.utf8), name: "j")
        == Journey.parse(text.replacingOccurrences(of: "\r\n", with: "\n"), name: "j"))
  }

  // MARK: Negative driver steps

  @Test("'expect cannot' holds for an action the screen does not offer and records nothing")
  func cannot() async throws {
    let report = try await runJourney(
      """
      app list-detail
      connect
      expect cannot tap row nowhere
      expect cannot back
      expect cannot choose confirm
      expect cannot select tab 2
      tap row kassel-hbf
      expect cannot tap row kassel-hbf
      """)
    #expect(report.failure == nil, "\(report.failure?.description ?? "")")
    #expect(!report.transcript.description.contains("reject"))
  }

  @Test("'expect cannot' fails for an action the screen allows, without performing it")
  func cannotFails() async throws {
    let report = try await runJourney(
      "app list-detail\nconnect\nexpect cannot tap row kassel-hbf\n")
    #expect(report.failure?.line == 3)
    #expect(
      report.failure?.message.hasPrefix(
        "expected 'tap row kassel-hbf' to be impossible, but the screen allows it") == true)
    #expect(!report.transcript.description.contains("listItemSelected"))
  }

  @Test(
    "'expect no shortcut' holds for a phrase no App Shortcut matches and fails for one that does")
  func noShortcut() async throws {
    try await Self.passes(
      "app list-detail\nconnect\nexpect no shortcut \"Fly me to the moon\"\n")
    let report = try await runJourney(
      "app list-detail\nconnect\nexpect no shortcut \"show chargers in wayside\"\n")
    #expect(
      report.failure?.message
        == "expected no App Shortcut to match \"show chargers in wayside\", but "
        + "'Show chargers in Wayside' does")
  }

  // MARK: Errors, marks

  @Test("'expect error any' claims a host exception, whichever it is")
  func anyError() async throws {
    try await Self.passes(
      "app list-detail\nconnect\nhost pop no-completion\nexpect error any\nexpect state terminated")
  }

  @Test("'expect error any' fails when no exception was raised, and does not claim a diagnostic")
  func anyErrorFails() async throws {
    let none = try await runJourney("app list-detail\nconnect\nexpect error any")
    #expect(none.failure?.message == "expected the host to raise an exception, but it did not")
    let diagnostic = try await runJourney(
      "app list-detail\nconnect\nhost push list long items=101\nexpect error any")
    #expect(
      diagnostic.failure?.message.hasPrefix(
        "expected the host to raise an exception, but it did not (unclaimed: CP020") == true)
  }

  @Test("'expect transcript since-mark' sees only what happened after the last mark")
  func sinceMark() async throws {
    try await Self.passes(
      """
      app list-detail
      connect
      mark
      tap row kassel-hbf
      expect transcript since-mark "kassel-hbf"
      """)
    let report = try await runJourney(
      """
      app list-detail
      connect
      tap row kassel-hbf
      expect transcript contains "kassel-hbf"
      mark
      expect transcript since-mark "kassel-hbf"
      """)
    #expect(report.failure?.line == 6)
    #expect(
      report.failure?.message
        == "expected the transcript since the mark to contain \"kassel-hbf\"; since the mark: "
        + "nothing")
  }

  @Test("'expect transcript since-mark' without an earlier mark is a parse error")
  func sinceMarkNeedsMark() {
    #expect(
      throws: JourneyParseError(
        name: "j", line: 2,
        message: "'expect transcript since-mark' needs a 'mark' step on an earlier line")
    ) { try Journey.parse("app tabs\nexpect transcript since-mark \"x\"\nmark", name: "j") }
  }

  // MARK: Per-car limits

  @Test("limits given on connect are the car's: lists past them are trimmed and reported")
  func carLimits() async throws {
    try await Self.passes(
      """
      app list-detail
      connect max-items=3 max-sections=2
      host push list long items=5
      expect transcript contains "kept 3 of 5 list items"
      expect diagnostic CP020
      reconnect
      host push list sections sections=3 items=1
      expect transcript contains "kept 2 of 3 list sections"
      expect diagnostic CP022
      disconnect
      # Another car, with the emulator's own limits: five rows are fine.
      connect
      host push list short items=5
      expect text contains "Row 5"
      """)
  }

  struct BadLine: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var testDescription: String { text }
  }

  nonisolated static let badLines: [BadLine] = [
    BadLine(
      text: "config max-items=3",
      message: "'max-items' is a run-time limit of the car; give it on 'connect', not 'config'"),
    BadLine(
      text: "connect max-sections=0",
      message: "'max-sections' takes a count from 1 to 1000, got 'max-sections=0'"),
    BadLine(
      text: "connect speed=3",
      message:
        "unknown setting 'speed'; expected display, style, limited, video, max-items, max-sections, input or ios"
    ),
    BadLine(
      text: "expect cannot fly",
      message: "unknown driver action 'fly'; expected one of: tap, select, back, press, choose, "
        + "system, region, location, say, lock, unlock, pan, drag, pinch, type, start, video, "
        + "close, read, remote, knob"),
    BadLine(
      text: "expect cannot",
      message: "expected 'expect cannot ACTION', e.g. 'expect cannot tap row ID', "
        + "got 'expect cannot'"),
    BadLine(
      text: "expect no shortcuts",
      message: "expected 'expect no modal' or 'expect no shortcut \"PHRASE\"', "
        + "got 'expect no shortcuts'"),
    BadLine(
      text: "mark here", message: "'mark' takes no arguments, got 'here'"),
    BadLine(
      text: "host set-root tabbar t tabs=2 tab-3.items=2",
      message: "'tab-3.items' names tab 3, but the tab bar has 2 tabs"),
    BadLine(
      text: "host set-root tabbar t tab-1=grid tab-1.items=3",
      message: "tab 1: unknown setting 'items=3' for grid; expected key=value with a key of: "
        + "title, buttons, blank, leading, trailing"),
    BadLine(
      text: "host set-root tabbar t tab-2=table",
      message: "unknown template kind 'table'; expected one of "
        + TemplateKind.allCases.map(\.rawValue).joined(separator: ", ")),
    BadLine(
      text: "host push list l headers=maybe",
      message: "'headers' takes yes or no, got 'headers=maybe'"),
  ]

  @Test("the new steps' malformed lines name the input and what was expected", arguments: badLines)
  func parseErrors(_ row: BadLine) {
    #expect(throws: JourneyParseError(name: "bad.journey", line: 1, message: row.message)) {
      try Journey.parse(row.text, name: "bad.journey")
    }
  }

  // MARK: Raw templates

  @Test("raw list templates carry section headers and tab bars carry each tab's own content")
  func rawTemplates() async throws {
    try await Self.passes(
      """
      app tabs
      connect
      host push list sectioned sections=2 items=1 headers=yes
      expect text contains "Section 2"
      reconnect
      host set-root tabbar own tabs=2 tab-1=grid tab-1.buttons=3 tab-2.items=4
      expect top grid "Tab 1"
      expect text contains "Button 3"
      reconnect
      host set-root tabbar own tabs=2 selected=2 tab-1=grid tab-2.items=4
      expect top list "Tab 2"
      expect text contains "Row 4"
      expect text lacks "Row 5"
      """)
  }

  @Test("a tab's own settings can break a limit of its kind, and the host and lint report it")
  func rawTabViolation() async throws {
    let text = "app tabs\nconnect\nhost set-root tabbar own tabs=2 tab-1=grid tab-1.buttons=9\n"
    let report = try await runJourney(text)
    #expect(report.failure?.line == 3)
    #expect(
      report.failure?.message.hasPrefix(
        "rule broken and not expected: lint warning CP026-grid-button-count: CPGridTemplate "
          + "'own-tab-1' has 9 grid buttons") == true)
    try await Self.passes(
      text + "expect transcript contains \"'own-tab-1': kept 8 of 9 grid buttons\"\n"
        + "expect diagnostic CP026\n")
  }

  // MARK: Feeds

  @Test("'feed NAME FILE' reads as a feed step; a missing operand names the form expected")
  func feedParses() throws {
    let journey = try Journey.parse("app tabs\nfeed live status.json\n", name: "j")
    #expect(journey.lines.last?.step == .feed(name: "live", file: "status.json"))
    #expect(throws: JourneyParseError.self) { try Journey.parse("app tabs\nfeed live\n", name: "j") }
    do {
      _ = try Journey.parse("app tabs\nfeed live a.json b.json\n", name: "j")
      Issue.record("three operands were read")
    } catch {
      #expect(error.message.contains("expected 'feed NAME FILE'"), "\(error.message)")
      #expect(error.line == 2)
    }
  }

  @Test("a feed step fails naming the file when it does not exist, and when no app listens")
  func feedFailures() async throws {
    let missing = try await runJourney("app tabs\nconnect\nfeed live no-such-file.json\n")
    #expect(missing.failure?.line == 3)
    #expect(
      missing.failure?.message.hasPrefix("feed live no-such-file.json: no such file") == true,
      "\(missing.failure?.message ?? "")")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-feed-\(ProcessInfo.processInfo.processIdentifier).json")
    try Data("{}".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let deaf = try await runJourney("app tabs\nconnect\nfeed live \(file.path)\n")
    #expect(deaf.failure?.line == 3)
    #expect(
      deaf.failure?.message.contains("the app does not listen to any feed") == true,
      "\(deaf.failure?.message ?? "")")
  }
}
