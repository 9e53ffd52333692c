import CarAppXCTesting
import CarSimulator
import XCTest

/// The XCTest twin of the journey check: failures are caught here (and only journey failures;
/// every other one goes on to XCTest) so the test can check where they were reported.
final class XCTestJourneyTests: XCTestCase {
  private var journeyFailures: [(description: String, path: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard description.hasPrefix("journey failed") else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      return
    }
    journeyFailures.append((description, filePath, lineNumber))
  }

  func testAPassingJourneyFileRecordsNoFailure() async {
    let report = await expectJourney(file: "Journeys/details.journey", apps: [KitApps.cities])
    XCTAssertTrue(report.passed)
    XCTAssertTrue(journeyFailures.isEmpty)
  }

  func testAFailingJourneyFileIsAFailureAtTheJourneysLine() async {
    await expectJourney(file: "Journeys/wrong-title.journey", apps: [KitApps.cities])
    XCTAssertEqual(journeyFailures.count, 1)
    XCTAssertEqual(journeyFailures.first?.path, KitApps.folder + "Journeys/wrong-title.journey")
    XCTAssertEqual(journeyFailures.first?.line, 5)
  }

  func testAFailingScriptIsAFailureAtTheCall() async {
    let line = #line + 1
    await expectJourney(script: "connect\ntap row hamburg", name: "script", apps: [KitApps.cities])
    XCTAssertEqual(journeyFailures.first?.line, line)
    XCTAssertEqual(journeyFailures.first?.path, #filePath)
    XCTAssertTrue(journeyFailures.first?.description.contains("script:2:") ?? false)
  }
}
