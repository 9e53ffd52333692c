import CarAppTesting
import Chargers
import Testing

@Suite("Chargers")
@MainActor
struct ChargersTests {
  @Test("a tapped row opens the charger's details and back closes them")
  func opensAndClosesDetails() async {
    let tester = CarAppTester(app: Chargers(), state: .init(names: ["Kassel Hbf"]))
    await tester.connect(operations: ["setRoot CPListTemplate 'chargers'"])
    await tester.drive({ try $0.tapRow("Kassel Hbf") }) { $0.selected = "Kassel Hbf" }
    tester.assertOperations(["push CPInformationTemplate 'Kassel Hbf'"])
    // The host pops the details itself and tells the app; the app sends no operation.
    await tester.drive({ try $0.back() }) { $0.selected = nil }
    tester.assertOperations([])
    await tester.finish()
  }

  @Test("the browse journey passes")
  func browseJourney() async {
    await expectJourney(file: "Journeys/browse.journey", apps: [Chargers.descriptor])
  }
}
