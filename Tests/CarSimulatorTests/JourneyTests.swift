import CarSession
import CarTemplates
import Foundation
import KitDemos
import Testing

@testable import CarSimulator

extension KitDemo {
  /// The demo as a journey app.
  var journeyApp: JourneyApp {
    JourneyApp(
      entitlements: entitlements, appName: appName, shortcuts: shortcuts, makeSession: makeSession)
  }
}

@MainActor
func runJourney(_ text: String, name: String = "test.journey") async throws -> JourneyReport {
  let journey = try Journey.parse(text, name: name)
  return await JourneyRunner.run(journey, apps: { KitDemos.named($0)?.journeyApp })
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
    arguments: ["lifecycle.journey", "violations.journey", "data-states.journey"])
  func samples(_ file: String) async throws {
    let text = try String(contentsOf: journeysFolder.appendingPathComponent(file), encoding: .utf8)
    let report = try await runJourney(text, name: file)
    #expect(report.failure == nil, "\(report.failure?.description ?? "")\n\(report.transcript)")
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
      message: "expected 'location LAT,LON' in decimal degrees, e.g. 51.31,9.48"),
    BadLine(
      name: "unknown data-source mode", text: "data offline", line: 1,
      message: "expected 'data normal|empty|fail', got 'data offline'"),
    BadLine(
      name: "data-source mode missing", text: "data", line: 1,
      message: "'data' takes one mode, got 0 words"),
    BadLine(
      name: "bad duration", text: "wait 5", line: 1,
      message: "expected a duration in seconds such as '5s' or '0.5s', got '5'"),
    BadLine(
      name: "unknown template kind", text: "expect top table", line: 1,
      message: "unknown template kind 'table'; expected one of "
        + TemplateKind.allCases.map(\.rawValue).joined(separator: ", ")),
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
