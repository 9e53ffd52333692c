import CarSession
import CarTemplates
import Testing

@testable import CarSimulator

/// What the emulated host did when an operation broke a rule.
enum Reaction: Hashable, CustomStringConvertible {
  /// It raised this exception.
  case threw(String)
  /// The completion got an error.
  case failed
  /// It trimmed what it was given and said so in the transcript.
  case trimmed
  /// The app went back to the CarPlay home screen.
  case wentHome
  /// Nothing happened: success = false, no error, the screen unchanged.
  case noEffect
  /// The operation went through as if nothing were wrong.
  case accepted

  var description: String {
    switch self {
    case .threw(let name): "threw \(name)"
    case .failed: "failed through the completion"
    case .trimmed: "trimmed"
    case .wentHome: "went home"
    case .noEffect: "had no effect"
    case .accepted: "accepted it"
    }
  }
}

/// A host set up so that one operation breaks one rule.
struct ViolationSetup {
  var host: CarSimulator
  var operation: HostOperation
}

@MainActor
@Suite("CarSimulator agrees with HostViolation, the table of the host's reactions")
struct HostViolationTests {
  /// A host in `category` showing `root`, with `stack` pushed and `modal` presented.
  static func host(
    _ category: CarCategory, root: TemplateSpec = Fixture.list("root"), stack: [TemplateSpec] = [],
    modal: TemplateSpec? = nil
  ) throws -> CarSimulator {
    let host = Fixture.host(category)
    try host.setRootTemplate(root)
    for template in stack { try host.pushTemplate(template) }
    if let modal { try host.presentTemplate(modal) }
    return host
  }

  static func tabs(_ count: Int, selected: Int = 0) -> TemplateSpec {
    .tabBar(
      "tabs",
      TabBarTemplateSpec(
        tabs: (0..<count).map { Fixture.list(TemplateID("t\($0)")) }, selectedIndex: selected))
  }

  /// The one operation that breaks `violation`. The switch is exhaustive: a new case in the
  /// table does not compile until it has a trigger here.
  static func setup(_ violation: HostViolation) throws -> ViolationSetup {
    switch violation {
    case .templateNotAllowed:
      return ViolationSetup(host: try host(.audio), operation: .push(Fixture.info("info")))
    case .notAllowedAsRoot:
      return ViolationSetup(
        host: Fixture.host(.evCharging), operation: .setRoot(Fixture.info("info")))
    case .notPushable:
      return ViolationSetup(host: try host(.evCharging), operation: .push(Fixture.alert("alert")))
    case .notPresentable:
      return ViolationSetup(host: try host(.evCharging), operation: .present(Fixture.list("modal")))
    case .notAllowedInTab:
      return ViolationSetup(
        host: Fixture.host(.evCharging),
        operation: .setRoot(.tabBar("tabs", TabBarTemplateSpec(tabs: [Fixture.alert("alert")]))))
    case .depthExceeded:
      // Fueling allows 3 templates including the root (carplay-facts.md §2).
      return ViolationSetup(
        host: try host(.fueling, stack: [Fixture.list("a"), Fixture.list("b")]),
        operation: .push(Fixture.list("c")))
    case .tooManyTabs:
      return ViolationSetup(host: Fixture.host(.audio), operation: .setRoot(tabs(5)))
    case .emptyTabBar:
      return ViolationSetup(host: try host(.evCharging), operation: .setRoot(tabs(0)))
    case .tabBarNotRoot:
      return ViolationSetup(host: try host(.evCharging), operation: .push(tabs(2)))
    case .pushedAboveNowPlaying:
      return ViolationSetup(
        host: try host(.audio, stack: [Fixture.nowPlaying]),
        operation: .push(.grid("grid", GridTemplateSpec(title: "Genres", buttons: []))))
    case .secondModal:
      return ViolationSetup(
        host: try host(.evCharging, modal: Fixture.alert("first")),
        operation: .present(Fixture.alert("second")))
    case .failedOperationWithoutCompletion, .popAtRoot:
      return ViolationSetup(host: try host(.evCharging), operation: .pop)
    case .popToMissingTarget:
      return ViolationSetup(host: try host(.evCharging), operation: .popTo("missing"))
    case .dismissWithoutModal:
      return ViolationSetup(host: try host(.evCharging), operation: .dismiss)
    case .pushSameInstanceTwice:
      return ViolationSetup(host: try host(.evCharging), operation: .push(Fixture.list("root")))
    case .alertWithoutActions:
      return ViolationSetup(
        host: try host(.evCharging),
        operation: .present(.alert("alert", AlertTemplateSpec(titleVariants: "Sure?", actions: [])))
      )
    case .actionSheetWithoutText:
      return ViolationSetup(
        host: try host(.evCharging),
        operation: .present(
          .actionSheet(
            "sheet",
            ActionSheetTemplateSpec(
              title: "", message: nil,
              actions: [
                AlertActionSpec(id: "a", title: "A"), AlertActionSpec(id: "b", title: "B"),
              ]))))
    case .actionSheetWithoutActions:
      return ViolationSetup(
        host: try host(.evCharging),
        operation: .present(
          .actionSheet("sheet", ActionSheetTemplateSpec(title: "Route", message: nil, actions: [])))
      )
    case .tabSelectionOutOfRange:
      return ViolationSetup(
        host: Fixture.host(.evCharging), operation: .setRoot(tabs(2, selected: 5)))
    }
  }

  /// Performs the operation and names what the host did.
  static func react(_ setup: ViolationSetup, withCompletion: Bool) -> Reaction {
    let host = setup.host
    let before = host.screen
    let transcriptBefore = host.transcript.entries.count
    let completion: HostCompletion
    do {
      completion = try host.perform(setup.operation, withCompletion: withCompletion)
    } catch {
      return .threw(error.name.rawValue)
    }
    if case .home = host.appState { return .wentHome }
    if completion.error != nil { return .failed }
    if !completion.success, host.screen == before { return .noEffect }
    let trimmed = host.transcript.entries[transcriptBefore...].contains {
      if case .truncated = $0 { true } else { false }
    }
    return trimmed ? .trimmed : .accepted
  }

  /// The reaction the table's behaviour stands for.
  static func expected(_ violation: HostViolation) -> Reaction {
    switch violation.behaviour {
    case .throwsException: .threw(violation.exceptionName ?? "no exception name in the table")
    case .failsOperation: .failed
    case .returnsToHomeScreen: .wentHome
    case .noEffect: .noEffect
    case .keepsFirst, .keepsLast, .hidesElement, .shortensText: .trimmed
    }
  }

  @Test(
    "each violation gets the reaction HostViolation.behaviour names",
    arguments: HostViolation.allCases)
  func reaction(_ violation: HostViolation) throws {
    // A failed operation without completion is the same operation, sent without one.
    let withCompletion = violation != .failedOperationWithoutCompletion
    let setup = try Self.setup(violation)
    let reaction = Self.react(setup, withCompletion: withCompletion)
    #expect(reaction == Self.expected(violation), "\(violation): the host \(reaction)")
    switch violation.behaviour {
    case .throwsException:
      guard case .terminated = setup.host.appState else {
        Issue.record("\(violation): the app was not terminated (\(setup.host.appState))")
        return
      }
    case .failsOperation, .noEffect:
      #expect(setup.host.appState == .running)
    default: break
    }
  }

  @Test(
    "an operation that fails through its completion raises the table's exception without one",
    arguments: HostViolation.allCases.filter { $0.behaviour == .failsOperation })
  func failureWithoutCompletion(_ violation: HostViolation) throws {
    let reaction = Self.react(try Self.setup(violation), withCompletion: false)
    #expect(reaction == .threw(violation.exceptionName ?? ""))
  }

  @Test(
    "a thrown violation carries the table's host message",
    arguments: HostViolation.allCases.filter {
      [
        .alertWithoutActions, .actionSheetWithoutText, .actionSheetWithoutActions,
        .tabSelectionOutOfRange,
      ].contains($0)
    })
  func message(_ violation: HostViolation) throws {
    let setup = try Self.setup(violation)
    let error = #expect(throws: CarPlayException.self) {
      try setup.host.perform(setup.operation, withCompletion: true)
    }
    #expect(error?.reason.hasSuffix(violation.hostMessage) == true, "\(String(describing: error))")
  }

  @Test("selecting a tab out of range through selectTemplate(at:) throws as the table says")
  func selectTabOutOfRange() throws {
    let host = try Self.host(.evCharging, root: Self.tabs(2))
    let error = #expect(throws: CarPlayException.self) { try host.perform(.selectTab(2)) }
    #expect(error?.name.rawValue == HostViolation.tabSelectionOutOfRange.exceptionName)
  }
}
