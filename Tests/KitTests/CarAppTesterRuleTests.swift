import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Testing

/// A parking finder, as a newcomer writes one: a map of spots (its one tab) with details pushed
/// over it, and a player it is not allowed (parking apps get no `CPNowPlayingTemplate`).
struct ParkingFinder: CarApp {
  struct State: Equatable, Sendable {
    /// The spots shown on the map.
    var spots = 3
    /// The details pushed over the map, oldest first.
    var details: [String] = []
    /// Whether the app pushed a Now Playing template of its own.
    var ownPlayer = false
  }

  enum Action: Equatable, Sendable {
    case show(spots: Int)
    case open(String)
    case back
    case showOwnPlayer
    case refused(String)
  }

  /// Whether the app follows a refused push (drops it from its state), as a CarPlay app
  /// does in its completion handler.
  var heedsRefusals = false

  static let entitlements = CarEntitlements.single(.parking)
  static let name = "Parking"

  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .show(let spots): state.spots = spots
    case .open(let id): state.details.append(id)
    case .back: _ = state.details.popLast()
    case .showOwnPlayer: state.ownPlayer = true
    case .refused(let id): state.details.removeAll { $0 == id }
    }
    return []
  }

  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let spots = (0..<state.spots).map { index in
      PointOfInterestSpec(
        id: ElementID("spot-\(index + 1)"),
        location: Coordinate(latitude: 51.31 + Double(index) * 0.002, longitude: 9.47),
        title: "Spot \(index + 1)")
    }
    var stack: [TemplateSpec] = state.details.map {
      .information(TemplateID($0), InformationTemplateSpec(title: $0, items: []))
    }
    if state.ownPlayer { stack.append(.nowPlaying("own-player", NowPlayingTemplateSpec())) }
    // A point-of-interest map may not be the root (UNCONFIRMED, refused: carplay-facts.md §2);
    // it may be a tab.
    let map = TemplateSpec.pointOfInterest(
      "spots", tab: TabAppearance(title: "Spots"),
      PointOfInterestTemplateSpec(title: "Spots", points: spots))
    return CarScreen(root: .tabBar("tabs", TabBarTemplateSpec(tabs: [map])), stack: stack)
  }

  func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .backPressed: .back
    case .operationRefused(let refusal) where heedsRefusals:
      refusal.template.map { .refused($0.id.rawValue) }
    default: nil
    }
  }
}

/// The three rule breaks of issue 42, each a step of an otherwise passing test: unclaimed, each
/// fails with a message naming every rule, its source and the step; claimed, the test passes.
@MainActor
@Suite("CarAppTester and the car's rules")
struct CarAppTesterRuleTests {
  static let opened = ["a", "b", "c", "d"]

  /// Connects and pushes four details: the deepest a parking app may go (5 with the root,
  /// carplay-facts.md §2).
  static func fourDeep(_ app: ParkingFinder = ParkingFinder()) async -> CarAppTester<ParkingFinder> {
    let tester = CarAppTester(app: app, state: .init())
    await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
    for (index, id) in opened.enumerated() {
      await tester.send(.open(id), operations: [.push(.information, TemplateID(id))]) {
        $0.details = Array(opened.prefix(index + 1))
      }
    }
    return tester
  }

  /// Whether `issue` is the one failure of an unclaimed step: it names every id, the fact
  /// sheet, the step, and the claim.
  nonisolated static func names(_ issue: Issue, _ ids: [String], step: String) -> Bool {
    let text = issue.description
    return ids.allSatisfy { text.contains($0) } && text.contains("carplay-facts.md")
      && text.contains("during \(step) that the test did not claim")
      && text.contains("tester.claim(")
  }

  @Test("a template the category does not allow terminates the app: unclaimed, the test fails")
  func forbiddenTemplateFails() async {
    let line = #line + 4
    await withKnownIssue {
      let tester = CarAppTester(app: ParkingFinder(), state: .init())
      await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
      await tester.send(.showOwnPlayer, operations: []) { $0.ownPlayer = true }
      await tester.finish()
    } matching: { issue in
      // One issue, at the step, naming all three ids the one mistake causes.
      Self.names(
        issue, ["CP001-template-not-allowed", "NSInvalidArgumentException", "S004-terminated"],
        step: "send(showOwnPlayer)") && issue.sourceLocation?.line == line
    }
  }

  @Test("a template the category does not allow, claimed: the test passes")
  func forbiddenTemplateClaimed() async {
    let tester = CarAppTester(app: ParkingFinder(), state: .init())
    await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
    await tester.send(.showOwnPlayer, operations: []) { $0.ownPlayer = true }
    #expect(tester.unclaimedFindings.map(\.id).sorted() == [
      "CP001-template-not-allowed", "NSInvalidArgumentException", "S004-terminated",
    ])
    tester.claim("CP001", "NSInvalidArgumentException", "S004")
    #expect(tester.host.appState.description == "terminated")
    await tester.finish()
  }

  @Test("a push deeper than the limit is refused: unclaimed, the test fails")
  func tooDeepFails() async {
    await withKnownIssue {
      let tester = await Self.fourDeep()
      await tester.send(.open("e"), operations: []) { $0.details.append("e") }
      await tester.finish()
    } matching: { issue in
      Self.names(issue, ["S001-depth-refused", "CP007-depth-exceeded"], step: #"send(open("e"))"#)
    }
  }

  @Test("a push deeper than the limit, claimed: the test passes, the car stays 5 deep")
  func tooDeepClaimed() async {
    let tester = await Self.fourDeep()
    await tester.send(.open("e"), operations: []) { $0.details.append("e") }
    tester.claim("S001", "CP007")
    #expect(tester.host.depth == 5)
    await tester.finish()
  }

  @Test("15 spots on a map that shows 12: unclaimed, the test fails")
  func fifteenSpotsFails() async {
    await withKnownIssue {
      let tester = CarAppTester(app: ParkingFinder(), state: .init())
      await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
      await tester.send(.show(spots: 15), operations: [.update(.pointOfInterest, "spots")]) {
        $0.spots = 15
      }
      await tester.finish()
    } matching: { issue in
      Self.names(issue, ["CP030-poi-count", "§1.5"], step: "send(show(spots: 15))")
    }
  }

  @Test("15 spots on a map that shows 12, claimed: the test passes")
  func fifteenSpotsClaimed() async {
    let tester = CarAppTester(app: ParkingFinder(), state: .init())
    await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
    await tester.send(.show(spots: 15), operations: [.update(.pointOfInterest, "spots")]) {
      $0.spots = 15
    }
    tester.claim("CP030")
    await tester.finish()
  }

  @Test("a finding left unclaimed fails at the next step, not only at finish")
  func unclaimedFailsAtTheNextStep() async {
    await withKnownIssue {
      let tester = CarAppTester(app: ParkingFinder(), state: .init())
      await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
      await tester.send(.show(spots: 15), operations: [.update(.pointOfInterest, "spots")]) {
        $0.spots = 15
      }
      await tester.send(.open("a"), operations: [.push(.information, "a")]) {
        $0.details = ["a"]
      }
      // Claimed too late: the finding failed at the step above.
      #expect(tester.unclaimedFindings.isEmpty)
    } matching: { issue in
      issue.description.contains("CP030-poi-count")
    }
  }

  @Test("claiming what the car did not report fails, naming what is unclaimed")
  func claimingNothingFails() async {
    await withKnownIssue {
      let tester = CarAppTester(app: ParkingFinder(), state: .init())
      await tester.connect(operations: [.setRoot(.tabBar, "tabs")])
      tester.claim("CP030")
      await tester.finish()
    } matching: { issue in
      issue.description.contains("claimed CP030, but the car did not report it")
    }
  }

  @Test("the refused push reaches the app, which drops it; back then pops as the car did")
  func refusalReachesTheApp() async {
    var app = ParkingFinder()
    app.heedsRefusals = true
    let tester = await Self.fourDeep(app)
    await tester.send(.open("e"), operations: []) { $0.details.append("e") }
    tester.receive(.refused("e")) { $0.details = Self.opened }
    tester.claim("S001", "CP007")
    await tester.drive({ try $0.back() }, operations: []) { $0.details = ["a", "b", "c"] }
    #expect(tester.host.depth == 4)
    await tester.finish()
  }

  @Test("back after a refused push the app ignored names the refusal as the cause")
  func backAfterAnIgnoredRefusal() async {
    let tester = await Self.fourDeep()
    await tester.send(.open("e"), operations: []) { $0.details.append("e") }
    tester.claim("S001", "CP007")
    await tester.drive({ try $0.back() }, operations: []) { $0.details = Self.opened }
    let finding = tester.unclaimedFindings.first { $0.id == "S002-ignored-host-change" }
    #expect(finding?.step == "drive (back (popped 'd'))")
    #expect(finding?.message.contains("the push of CPInformationTemplate 'e' (S001-depth-refused) was refused") == true)
    #expect(finding?.message.contains("map this event to an action") == false)
    tester.claim("S002")
    await tester.finish()
  }
}
