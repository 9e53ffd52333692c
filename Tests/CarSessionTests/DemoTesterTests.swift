import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import KitDemos
import Testing

@MainActor
@Suite("The demos through CarAppTester: state changes and the exact host operations")
struct DemoTesterTests {
  @Test("list → details → alert → confirm → back, each step with its state and operations")
  func listDetailFlow() async {
    let tester = CarAppTester(app: ListDetailDemo(), state: ListDetailDemo.initialState)
    await tester.connect(operations: [.setRoot(.list, "chargers")])
    await tester.drive(
      { _ = try $0.tapRow("kassel-hbf") },
      operations: [.push(.information, "detail-kassel-hbf")]
    ) { $0.selected = "kassel-hbf" }
    await tester.drive(
      { try $0.press("start") }, operations: [.present(.alert, "confirm-start")]
    ) { $0.confirming = true }
    // The charger starts: its row and its details both say so, patched in place.
    await tester.drive(
      { try $0.choose("confirm") },
      operations: [
        .update(.list, "chargers"), .update(.information, "detail-kassel-hbf"),
      ]
    ) {
      $0.confirming = false
      $0.charging = "kassel-hbf"
    }
    // Back is the host's: it popped already, so the app's state follows and nothing is sent.
    await tester.drive({ try $0.back() }, operations: []) { $0.selected = nil }
    #expect(tester.host.depth == 1)
    await tester.finish()
  }

  @Test(
    "the places demo loads on connect, then its periodic refresh patches in place; disconnect ends it"
  )
  func placesDemo() async throws {
    let tester = CarAppTester(app: PlacesDemo(), state: PlacesDemo.State())
    tester.exhaustive = false
    await tester.connect()
    guard case .loaded(_, let places) = tester.currentState.places else {
      Issue.record("no places after connecting: \(tester.currentState.places)")
      return
    }
    #expect(places.count == 12)
    #expect(tester.session.runningEffectCount > 0)  // the periodic refresh is scheduled
    #expect(tester.unassertedOperations.isEmpty)  // non-exhaustive steps accept what they saw
    await tester.disconnect()
    #expect(tester.session.runningEffectCount == 0)
    await tester.finish()
  }

  /// A step whose expected update is wrong fails with both states and, below them, only what
  /// differs, by path: the reader does not compare two long dumps by eye.
  @Test("a wrong expected update fails with the state's differences by path")
  func stateDiffOnFailure() async {
    let tester = CarAppTester(app: ListDetailDemo(), state: ListDetailDemo.initialState)
    await tester.connect(operations: [.setRoot(.list, "chargers")])
    await withKnownIssue {
      await tester.drive(
        { _ = try $0.tapRow("kassel-hbf") },
        operations: [.push(.information, "detail-kassel-hbf")]
      ) { $0.selected = "goettingen" }
    } matching: { issue in
      let text = "\(issue)"
      return text.contains("differences (expected → actual)")
        && text.contains("selected") && text.contains("goettingen")
        && text.contains("kassel-hbf")
    }
    await tester.finish()
  }
}
