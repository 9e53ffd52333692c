import CarSession
import CarSimulator
import Foundation
import XCTest

extension XCTestCase {
  /// Runs a journey file against your apps and records a test failure at the journey's
  /// `FILE:LINE` when it fails.
  ///
  /// A relative `journey` path is found from the folder of the test file that calls this. A
  /// journey without an `app` line runs `defaultApp`, or the only app.
  ///
  /// ```swift
  /// func testBrowsingOpensTheDetails() async {
  ///   await expectJourney(file: "Journeys/browse.journey", apps: [Chargers.descriptor])
  /// }
  /// ```
  ///
  /// - Returns: The report, for further checks on its transcript or final screen.
  @discardableResult
  public func expectJourney(
    file journey: String, apps: [AnyCarApp], defaultApp: String? = nil,
    rules: any CarRules = .standard, filePath: StaticString = #filePath, line: UInt = #line
  ) async -> JourneyReport {
    let folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
    let url = URL(fileURLWithPath: journey, relativeTo: folder).standardizedFileURL
    let report = await JourneyRunner.run(
      contentsOf: url, apps: apps, defaultApp: defaultApp, rules: rules)
    if let failure = report.failure {
      if failure.line > 0 {
        recordJourneyFailure("journey failed: \(failure.message)", url.path, failure.line)
      } else {
        recordJourneyFailure("journey failed: \(failure)", "\(filePath)", Int(line))
      }
    }
    return report
  }

  /// Runs a journey written in the test itself against your apps and records a test failure
  /// at the call when it fails; the message reads `NAME:LINE: what failed`, counting lines
  /// from the first line of `script`.
  @discardableResult
  public func expectJourney(
    script: String, name: String = "journey", apps: [AnyCarApp], defaultApp: String? = nil,
    rules: any CarRules = .standard, filePath: StaticString = #filePath, line: UInt = #line
  ) async -> JourneyReport {
    let report = await JourneyRunner.run(
      script: script, name: name, apps: apps, defaultApp: defaultApp, rules: rules)
    if let failure = report.failure {
      recordJourneyFailure("journey failed: \(failure)", "\(filePath)", Int(line))
    }
    return report
  }

  private func recordJourneyFailure(_ message: String, _ path: String, _ line: Int) {
    #if canImport(Darwin)
      // Apple's XCTest records issues with a location of any path.
      let location = XCTSourceCodeLocation(filePath: path, lineNumber: line)
      record(
        XCTIssue(
          type: .assertionFailure, compactDescription: message,
          sourceCodeContext: XCTSourceCodeContext(location: location)))
    #else
      recordFailure(withDescription: message, inFile: path, atLine: line, expected: true)
    #endif
  }
}
