import CarSession
import CarSimulator
import Foundation
import Testing

/// Runs a journey file against your apps and records an issue at the journey's `FILE:LINE`
/// when it fails.
///
/// A relative `file` is found from the folder of the test file that calls this, so
/// `Journeys/browse.journey` next to the tests runs the same from `swift test`, from Xcode and
/// from any working directory. The journey runs on a manual clock against the emulated host
/// (`JourneyRunner`); a journey without an `app` line runs `defaultApp`, or the only app.
///
/// ```swift
/// @Test func browsingOpensTheDetails() async {
///   await expectJourney(file: "Journeys/browse.journey", apps: [Chargers.descriptor])
/// }
/// ```
///
/// - Returns: The report, for further checks on its transcript or final screen.
@discardableResult
public func expectJourney(
  file: String, apps: [AnyCarApp], defaultApp: String? = nil, rules: any CarRules = .standard,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> JourneyReport {
  let folder = URL(fileURLWithPath: sourceLocation.filePath).deletingLastPathComponent()
  let url = URL(fileURLWithPath: file, relativeTo: folder).standardizedFileURL
  let report = await JourneyRunner.run(
    contentsOf: url, apps: apps, defaultApp: defaultApp, rules: rules)
  if let failure = report.failure {
    JourneyIssue.record(failure, at: failure.line > 0 ? url.path : nil, caller: sourceLocation)
  }
  return report
}

/// Runs a journey written in the test itself against your apps and records an issue when it
/// fails, naming the journey's line.
///
/// The issue is recorded at the call, since the script has no file of its own; its message
/// reads `NAME:LINE: what failed`, counting lines from the first line of `script`.
///
/// ```swift
/// await expectJourney(
///   script: """
///     connect
///     tap row kassel-hbf
///     expect top information "Kassel Hbf"
///     """, apps: [Chargers.descriptor])
/// ```
@discardableResult
public func expectJourney(
  script: String, name: String = "journey", apps: [AnyCarApp], defaultApp: String? = nil,
  rules: any CarRules = .standard, sourceLocation: SourceLocation = #_sourceLocation
) async -> JourneyReport {
  let report = await JourneyRunner.run(
    script: script, name: name, apps: apps, defaultApp: defaultApp, rules: rules)
  if let failure = report.failure {
    JourneyIssue.record(failure, at: nil, caller: sourceLocation)
  }
  return report
}

enum JourneyIssue {
  /// Records `failure` at `path`:line, or at the caller when there is no journey file or line
  /// to point at.
  static func record(_ failure: JourneyFailure, at path: String?, caller: SourceLocation) {
    guard let path else {
      Issue.record(Comment(rawValue: "journey failed: \(failure)"), sourceLocation: caller)
      return
    }
    let file = URL(fileURLWithPath: path).lastPathComponent
    let location = SourceLocation(
      fileID: "\(caller.moduleName)/\(file)", filePath: path, line: max(1, failure.line),
      column: 1)
    Issue.record(Comment(rawValue: "journey failed: \(failure.message)"), sourceLocation: location)
  }
}
