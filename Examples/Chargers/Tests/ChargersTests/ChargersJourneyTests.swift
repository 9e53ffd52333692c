import CarAppTesting
import Chargers
import Testing

@Suite("Chargers' journeys")
struct ChargersJourneyTests {
  @Test("browse: a charger's details, Maps and back")
  func browse() async {
    await expectJourney(file: "Journeys/browse.journey", apps: [Chargers.descriptor])
  }

  @Test("data states: empty, failed, Retry")
  func dataStates() async {
    await expectJourney(file: "Journeys/data-states.journey", apps: [Chargers.descriptor])
  }
}
