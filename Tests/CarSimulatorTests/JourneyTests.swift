import CarSession
import CarTemplates
import Foundation
import KitDemos
import WaysideApps
import Testing

@testable import CarSimulator

@MainActor
func runJourney(_ text: String, name: String = "test.journey") async throws -> JourneyReport {
  let journey = try Journey.parse(text, name: name)
  return await JourneyRunner.run(journey, apps: { WaysideApps.named($0) })
}

/// The repository's `Journeys/` folder, found from this file's path.
let journeysFolder = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Journeys")

@MainActor
@Suite("Journeys: the format, the runner and the sample journeys")
struct JourneyTests {
  @Test(
    "the sample journeys in Journeys/ pass",
    arguments: [
      "lifecycle.journey", "violations.journey", "data-states.journey", "knob.journey",
      "remote-no-target.journey",
    ])
  func samples(_ file: String) async throws {
    let text = try String(contentsOf: journeysFolder.appendingPathComponent(file), encoding: .utf8)
    let report = try await runJourney(text, name: file)
    #expect(report.failure == nil, "\(report.failure?.description ?? "")\n\(report.transcript)")
  }

  @Test(
    "the violations journey claims every host violation and every counted limit the lint knows",
    arguments: ["violations.journey"])
  func violationsCoverTheTable(_ file: String) throws {
    let text = try String(contentsOf: journeysFolder.appendingPathComponent(file), encoding: .utf8)
    let claimed = Set(
      try Journey.parse(text, name: file).lines.compactMap { line -> String? in
        if case .expect(.diagnostic(let id)) = line.step { return id }
        return nil
      })
    // Every structural violation whose lint rule a screen can show, and every counted limit,
    // except the dashboard, which is not a template on the host.
    let rules =
      HostViolation.allCases.compactMap(\.rule)
      + HostLimit.allCases.filter { $0 != .dashboardButtons }.map(\.rule)
    for rule in rules {
      let short = String(rule.id.prefix(5))
      #expect(
        claimed.contains(short) || claimed.contains(rule.id),
        "\(rule.id) is not claimed by an 'expect diagnostic' line")
    }
  }

  struct BadLine: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var line: Int
    var message: String
    var testDescription: String { name }
  }

  nonisolated static let badLines: [BadLine] = [
    BadLine(
      name: "unknown step", text: "app tabs\nfly away", line: 2,
      message: "unknown step 'fly'; " + Journey.usage),
    BadLine(
      name: "tab numbers start at 1", text: "select tab 0", line: 1,
      message: "tab number must be 1 or more, got '0'"),
    BadLine(
      name: "unterminated quote", text: "# fine\n\nexpect text contains \"150 kW", line: 3,
      message: "unterminated quote"),
    BadLine(
      name: "unknown display", text: "connect display=huge", line: 1,
      message:
        "unknown display 'huge'; expected one of minimum, standard, wide540, hd, wide, portrait"),
    BadLine(
      name: "bad location", text: "location 91,9", line: 1,
      message:
        "expected 'location LAT,LON' in decimal degrees, e.g. 51.31,9.48, got 'location 91,9'"),
    BadLine(
      name: "unknown data-source mode", text: "data offline", line: 1,
      message: "expected 'data normal|empty|fail', got 'data offline'"),
    BadLine(
      name: "data-source mode missing", text: "data", line: 1,
      message: "'data' takes one mode, got 'data'"),
    BadLine(
      name: "bad duration", text: "wait 5", line: 1,
      message: "expected a duration in seconds such as '5s' or '0.5s', got '5'"),
    BadLine(
      name: "a wait longer than a year (its milliseconds would overflow)",
      text: "wait 122222222222222222222222222222s", line: 1,
      message:
        "expected a wait of at most 31536000s (a year), got '122222222222222222222222222222s'"),
    BadLine(
      name: "unknown template kind", text: "expect top table", line: 1,
      message: "unknown template kind 'table'; expected one of "
        + TemplateKind.allCases.map(\.rawValue).joined(separator: ", ")),
    BadLine(
      name: "a depth in words", text: "expect stack depth two", line: 1,
      message: "expected 'expect stack depth N', got 'expect stack depth two'"),
    BadLine(
      name: "tap without 'row'", text: "tap kassel-hbf", line: 1,
      message: "expected 'tap row ID', 'tap image ROW N' (N from 1) or 'tap notification', got 'tap kassel-hbf'"),
    BadLine(
      name: "select what", text: "select station 2", line: 1,
      message: "expected 'select tab N' (N from 1) or 'select point ID', got 'select station 2'"),
    BadLine(
      name: "system what", text: "system reboot", line: 1,
      message: "expected 'system dismiss', 'system cancel-navigation' or 'system end-panning', got 'system reboot'"),
    BadLine(
      name: "video what", text: "video stop", line: 1,
      message: "expected 'video start' or 'video close', got 'video stop'"),
    BadLine(
      name: "a quoted title too many", text: #"expect top list "A b" "C""#, line: 1,
      message: #"expected 'expect top KIND ["TITLE"]' or 'expect top id ID', "#
        + #"got 'expect top list "A b" C'"#),
    BadLine(
      name: "unknown host operation", text: "host fly", line: 1,
      message: "expected 'host set-root|push|present KIND ID [key=value…]' or "
        + "'host pop|pop-root|pop-to ID|dismiss', optionally ending in 'no-completion', "
        + "got 'host fly'"),
    BadLine(
      name: "host push without an id", text: "host push list", line: 1,
      message: "expected a template kind and id, e.g. 'list results items=3', got 'list'"),
    BadLine(
      name: "a count in words", text: "host push list long items=many", line: 1,
      message: "'items' takes a count from 0 to 1000, got 'items=many'"),
    BadLine(
      name: "a setting the kind does not have", text: "host set-root tabbar t buttons=3", line: 1,
      message: "unknown setting 'buttons=3' for tabBar; expected key=value with a key of: "
        + "tabs, selected, tab-kind"),
  ]

  @Test("a malformed line is reported with its number and what was expected", arguments: badLines)
  func parseErrors(_ row: BadLine) {
    #expect(throws: JourneyParseError(name: "bad.journey", line: row.line, message: row.message)) {
      try Journey.parse(row.text, name: "bad.journey")
    }
  }

  @Test("quoted words keep their spaces and comments are dropped")
  func tokenize() throws {
    #expect(
      try Journey.tokenize(#"expect text contains "150 kW" # power"#) == [
        "expect", "text", "contains", "150 kW",
      ])
  }

  @Test("a failed expectation names the file, the line and what was found")
  func failedExpectation() async throws {
    let report = try await runJourney("app list-detail\nconnect\nexpect top list \"Stations\"")
    #expect(
      report.failure?.description
        == "test.journey:3: expected top list 'Stations', found list 'Chargers'")
  }

  @Test("a broken rule nobody expected fails the journey at the line that broke it")
  func unexpectedDiagnostic() async throws {
    let report = try await runJourney(
      "app rule-breaker\nconnect\ntap row many-points\nexpect top pointOfInterest")
    #expect(report.failure?.line == 3)
    #expect(
      report.failure?.message.hasPrefix(
        "rule broken and not expected: lint warning CP030-poi-count") == true)
  }

  @Test("expecting a diagnostic that was not reported fails")
  func missingDiagnostic() async throws {
    let report = try await runJourney("app list-detail\nconnect\nexpect diagnostic S001")
    #expect(report.failure?.message == "expected S001 to be reported, but it was not")
  }

  @Test("a point's card, its details and the Maps hand-off run from a journey on real stations")
  func places() async throws {
    let report = try await runJourney(
      """
      app places
      connect
      location 51.1326,9.2769
      expect text contains "Am Hospital 21-25, Fritzlar"
      select point bnetza2026fast-5d8043bdb8b7a8c2
      expect text contains "▸ EAM Natur Energie GmbH"
      expect text contains "[Navigate] [Details]"
      press primary
      expect url contains "daddr=51.1336,9.277853"
      press secondary
      expect top information "EAM Natur Energie GmbH"
      expect text contains "up to 200 kW"
      back
      expect top pointOfInterest "Nearby chargers"
      """)
    #expect(report.failure == nil, "\(report.failure?.description ?? "")")
  }

  @Test("Siri runs an App Shortcut that pops back to the list")
  func voice() async throws {
    let report = try await runJourney(
      """
      app list-detail
      connect
      tap row kassel-hbf
      expect top information "Kassel Hbf"
      say "Show chargers in Wayside"
      expect top list "Chargers"
      """)
    #expect(report.failure == nil, "\(report.failure?.description ?? "")")
  }
}
