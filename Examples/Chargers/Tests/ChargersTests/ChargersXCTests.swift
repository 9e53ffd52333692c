import CarAppXCTesting
import Chargers
import XCTest

final class ChargersXCTests: XCTestCase {
  func testTheBrowseJourneyPasses() async {
    await expectJourney(file: "Journeys/browse.journey", apps: [Chargers.descriptor])
  }
}
