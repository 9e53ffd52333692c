import CarAppTesting
import CarRender
import CarSession
import CarTemplates
import Chargers
import Testing

/// Two chargers for tests: a test sets every service its app touches.
let hbf = Charger.samples[0]
let wilhelmshoehe = Charger.samples[2]

/// The client answering with `chargers`, as the tester's dependencies.
func answering(_ chargers: [Charger]) -> CarDependencyOverrides {
  var dependencies = CarDependencyOverrides()
  dependencies[ChargersClientKey.self] = .fixed(chargers)
  return dependencies
}

@Suite("Chargers")
@MainActor
struct ChargersTests {
  @Test("connecting loads the chargers nearby")
  func connectingLoads() async {
    let tester = CarAppTester(
      app: Chargers(), state: .init(), dependencies: answering([hbf, wilhelmshoehe]))
    // The client answers at once: its answer lands in the step that started the load.
    await tester.connect(
      operations: [.setRoot(.list, "chargers"), .update(.list, "chargers")])
    tester.receive(.loaded([hbf, wilhelmshoehe])) { $0.chargers = .loaded([hbf, wilhelmshoehe]) }
    await tester.finish()
  }

  @Test("the list says it is loading until the client answers")
  func loading() async {
    let clock = ManualClock()
    var dependencies = CarDependencyOverrides()
    dependencies[ChargersClientKey.self] = .sample(latency: .seconds(2), clock: .manual(clock))
    let tester = CarAppTester(
      app: Chargers(), state: .init(), clock: clock, dependencies: dependencies)
    await tester.connect(operations: [.setRoot(.list, "chargers")])
    // Two seconds later the client answers; the list is updated in place.
    await tester.advanceTime(by: .seconds(2))
    tester.receive(.loaded(Charger.samples)) { $0.chargers = .loaded(Charger.samples) }
    tester.assertOperations([.update(.list, "chargers")])
    await tester.finish()
  }

  @Test("a tapped charger opens its details, Navigate opens Maps, back closes them")
  func detailsAndNavigate() async {
    let tester = CarAppTester(app: Chargers(), state: .init(), dependencies: answering([hbf]))
    await tester.connect(
      operations: [.setRoot(.list, "chargers"), .update(.list, "chargers")])
    tester.receive(.loaded([hbf])) { $0.chargers = .loaded([hbf]) }
    await tester.tap(.charger(hbf.id), operations: [.push(.information, "charger-kassel-hbf")]) {
      $0.open = hbf
    }
    await tester.tap(.navigate(hbf.id), operations: [])
    #expect(
      tester.host.openedURLs.map(\.absoluteString) == [
        "https://maps.apple.com/?daddr=51.3184,9.4896&q=Kassel%20Hauptbahnhof"
      ])
    // The host pops the details itself and tells the app; the app sends no operation.
    await tester.drive({ try $0.back() }, operations: []) { $0.open = nil }
    await tester.finish()
  }

  @Test("no chargers nearby is a state of its own")
  func empty() async {
    let tester = CarAppTester(app: Chargers(), state: .init(), dependencies: answering([]))
    await tester.connect(
      operations: [.setRoot(.list, "chargers"), .update(.list, "chargers")])
    tester.receive(.loaded([])) { $0.chargers = .loaded([]) }
    await tester.finish()
  }

  @Test("a failed load offers Retry, and Retry loads again")
  func failedThenRetry() async {
    let tester = CarAppTester(
      app: Chargers(), state: .init(), dependencies: answering([hbf]))
    // The simulator's Fail switch: the container hands out the client's failing value.
    tester.dataSource.mode = .failing
    await tester.connect(
      operations: [.setRoot(.list, "chargers"), .update(.list, "chargers")])
    let message =
      "cannot load places near the car from fixed chargers: the data source is set to fail"
    tester.receive(.failed(message)) { $0.chargers = .failed(message) }
    tester.dataSource.mode = .normal
    await tester.tap(
      .retry, operations: [.update(.list, "chargers"), .update(.list, "chargers")]
    ) { $0.chargers = .loading }
    tester.receive(.loaded([hbf])) { $0.chargers = .loaded([hbf]) }
    await tester.finish()
  }

  @Test("a car that limits lists shows the 12 nearest chargers")
  func limitedLists() async {
    let many = (1...15).map { n in
      Charger(
        id: "c\(n)", name: "Charger \(n)", address: "Street \(n)", kilowatts: 50,
        coordinate: Coordinate(latitude: 51.3, longitude: 9.4 + Double(n) / 100))
    }
    let tester = CarAppTester(app: Chargers(), state: .init(), dependencies: answering(many))
    await tester.connect(
      SessionConfiguration(limitedUserInterfaces: .lists),
      operations: [.setRoot(.list, "chargers"), .update(.list, "chargers")])
    tester.receive(.loaded(many)) { $0.chargers = .loaded(many) }
    // The car keeps the first 12 rows: the nearest, as the client sorts them. The tester fails
    // on any rule the car reports until the test claims it, naming the rule and its source.
    tester.claim("CP021")
    await tester.finish()
  }

  @Test("a test that forgets to set the client fails, naming its key")
  func forgottenClient() async {
    await withKnownIssue {
      let tester = CarAppTester(app: Chargers(), state: .init())
      tester.exhaustive = false
      await tester.connect()
    } matching: { issue in
      issue.comments.contains { "\($0)".contains("ChargersClientKey has no test value") }
    }
  }

  @Test("the list shows each data state in words the driver reads")
  func dataStateScreens() {
    func text(_ chargers: Chargers.Load) -> String {
      TextRenderer().render(Chargers().screen(.init(chargers: chargers), SessionConfiguration()))
    }
    #expect(text(.loading).contains("⟳"))  // CarPlay's spinner on an empty list
    #expect(text(.loaded([])).contains("No chargers nearby"))
    #expect(text(.failed("offline")).contains("Chargers can't be loaded right now"))
    #expect(text(.failed("offline")).contains("Retry"))
    #expect(text(.loaded([hbf])).contains("Kassel Hauptbahnhof"))
  }

  @Test("every row and button of every screen is a route the app offers")
  func everyTapDecodes() {
    let states: [(String, Chargers.State)] = [
      ("loading", .init()),
      ("loaded", .init(chargers: .loaded(Charger.samples))),
      ("details", .init(chargers: .loaded(Charger.samples), open: hbf)),
      ("empty", .init(chargers: .loaded([]))),
      ("failed", .init(chargers: .failed("offline"))),
    ]
    let checked = CarAppChecks.expectEveryTapDecodes(Chargers(), states: states)
    #expect(checked == 5 + 5 + 1 + 1)
  }
}
