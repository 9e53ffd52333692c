import Foundation
import CarSession
import CarTemplates
import Synchronization

/// An app a journey can run: the kit's one app descriptor.
public typealias JourneyApp = AnyCarApp

/// A failed expectation or a broken rule, at a journey line.
public struct JourneyFailure: Hashable, Sendable, CustomStringConvertible {
  /// The journey's name (file path).
  public var name: String
  /// 1-based line.
  public var line: Int
  /// What failed.
  public var message: String
  /// `file:line: message`.
  public var description: String { "\(name):\(line): \(message)" }
}

/// The outcome of running a journey.
public struct JourneyReport: Sendable {
  /// The journey's name.
  public var name: String
  /// Everything the host recorded.
  public var transcript: Transcript
  /// The first failure, or nil when the journey passed.
  public var failure: JourneyFailure?
  /// Every lint diagnostic of every screen the app built, in order.
  public var lintDiagnostics: [Diagnostic]
  /// Every distinct screen the app built.
  public var screens: [CarScreen]
  /// The screen the driver saw when the journey ended (after host truncation), if any.
  public var finalScreen: CarScreen?
  /// The car's configuration when the journey ended, if connected.
  public var finalConfiguration: SessionConfiguration?
  /// The app's name on the dock.
  public var appName: String = "App"
  /// What the system video player showed when the journey ended, nil when it was not up.
  public var finalVideoPlayerTitle: String?

  /// Whether every expectation held and no rule was broken unexpectedly.
  public var passed: Bool { failure == nil }
}

/// Runs journeys headless against the emulated host, on a manual clock.
///
/// Every diagnostic of severity warning or error — lint findings for each screen the app
/// builds, session and host diagnostics, host exceptions — must be claimed by an
/// `expect diagnostic` / `expect error` line; an unclaimed one fails the journey at the line
/// that caused it. Notes (design guidance) are reported but never fail.
@MainActor
public enum JourneyRunner {
  private struct Pending {
    var line: Int
    var id: String
    var text: String
    /// A host exception (claimable by `expect error any`), not a diagnostic.
    var isException = false
  }

  private struct FindingKey: Hashable {
    var finding: String
    var configuration: SessionConfiguration
  }

  private struct LintKey: Hashable {
    var screen: CarScreen
    var configuration: SessionConfiguration
  }

  private final class Run {
    let journey: Journey
    let apps: (String) -> JourneyApp?
    /// The journey's rules, with the run-time limits the last `connect` gave its car.
    let rules: PerCarRules
    let clock = ManualClock()
    let location = LocationBox()
    let dataSource = DataSourceModeBox()
    let phone = PhoneSettingsBox()
    let feeds = DataFeedBox()
    var car: SimulatedCar?
    var host: CarSimulator?
    var session: (any AnyCarSession)?
    var app: JourneyApp?
    var lastConfiguration = SessionConfiguration()
    var pending: [Pending] = []
    var lint: [Diagnostic] = []
    var linted = 0
    var lintedPairs: Set<LintKey> = []
    /// Findings already reported under a configuration: a later screen that shows the same
    /// template breaking the same rule again (the trimmed root under a pushed detail) needs
    /// no second claim.
    var reportedFindings: Set<FindingKey> = []
    var seenEntries = 0
    var transcriptBefore = Transcript()
    var screensBefore: [CarScreen] = []
    /// Screens raw `host` steps asked for, to lint with the app's, and the template the step
    /// added (findings about the rest of the screen were reported when it was built).
    var rawScreens: [(screen: CarScreen, added: TemplateID?)] = []
    /// Where the last `mark` step left the transcript (``Transcript/totalCount``).
    var mark: Int?

    init(_ journey: Journey, apps: @escaping (String) -> JourneyApp?, rules: any CarRules) {
      self.journey = journey
      self.apps = apps
      self.rules = PerCarRules(rules)
    }
  }

  /// Runs a journey; `apps` resolves `app NAME` lines, `defaultApp` is used when the journey
  /// names none.
  public static func run(
    _ journey: Journey, apps: @escaping (String) -> JourneyApp?, defaultApp: String? = nil,
    rules: any CarRules = .standard
  ) async -> JourneyReport {
    let run = Run(journey, apps: apps, rules: rules)
    var failure: JourneyFailure?
    if let defaultApp,
      !journey.lines.contains(where: { if case .app = $0.step { true } else { false } })
    {
      failure = start(run, defaultApp, line: 0)
    }
    if failure == nil {
      for line in journey.lines {
        if let problem = await perform(line, run) {
          failure = JourneyFailure(name: journey.name, line: line.number, message: problem)
          break
        }
        collect(run, line: line.number)
      }
    }
    if failure == nil, journey.lines.isEmpty {
      failure = JourneyFailure(
        name: journey.name, line: 0,
        message: "the journey has no steps; a journey must run at least one")
    }
    if failure == nil, let first = run.pending.first {
      failure = JourneyFailure(
        name: journey.name, line: first.line, message: unclaimedMessage(run.pending))
    }
    var transcript = run.transcriptBefore
    for entry in run.host?.transcript.entries ?? [] { transcript.append(entry) }
    return JourneyReport(
      name: journey.name, transcript: transcript,
      failure: failure, lintDiagnostics: run.lint,
      screens: run.screensBefore + (run.session?.builtScreens ?? []),
      finalScreen: run.host?.shownScreen?.visible, finalConfiguration: run.host?.configuration,
      appName: run.host?.appName ?? "App", finalVideoPlayerTitle: run.host?.videoPlayerTitle)
  }

  /// Every unclaimed finding at once, the first one's line first, and the claims that would
  /// take them: one run names everything a fix or a claim has to cover.
  private static func unclaimedMessage(_ pending: [Pending]) -> String {
    guard let first = pending.first else { return "" }
    var message = "rule broken and not expected: \(first.text)"
    guard pending.count > 1 else { return message }
    for other in pending.dropFirst() {
      message += "\n  also not expected (line \(other.line)): \(other.text)"
    }
    let claims = pending.map {
      $0.isException ? "expect error any" : "expect diagnostic \($0.id)"
    }
    return message + "\n  \(pending.count) findings unclaimed; claim them with: "
      + claims.joined(separator: ", ")
  }

  private static func start(_ run: Run, _ name: String, line: Int) -> JourneyFailure? {
    guard let app = run.apps(name) else {
      return JourneyFailure(name: run.journey.name, line: line, message: "unknown app '\(name)'")
    }
    if let host = run.host {
      // A later `app` line: the earlier app's record is kept, and the new app starts in a car
      // of its own. What the earlier app left unclaimed stays pending. The earlier car leaves
      // (after its record is taken): its session cancels its effects, so nothing it still had
      // asleep or listening hears the new car's `data`, `phone`, `feed` or `wait` steps.
      for entry in host.transcript.entries { run.transcriptBefore.append(entry) }
      if host.configuration != nil { host.disconnect() }
      run.transcriptBefore.append(.state("journey switches to app '\(name)'"))
      run.screensBefore += run.session?.builtScreens ?? []
      run.seenEntries = 0
      run.linted = 0
      run.lintedPairs = []
      run.reportedFindings = []
      run.rawScreens = []
      // The new car's transcript lies wholly after an earlier mark.
      if run.mark != nil { run.mark = 0 }
    }
    let car = SimulatedCar.journey(
      app: app, clock: run.clock, location: run.location, dataSource: run.dataSource,
      phone: run.phone, feeds: run.feeds, rules: run.rules)
    run.app = app
    run.car = car
    run.host = car.host
    run.session = car.session
    return nil
  }

  /// Gathers what the step produced: new host/session diagnostics and exceptions, and the lint
  /// of newly built screens.
  private static func collect(_ run: Run, line: Int) {
    guard let host = run.host, let session = run.session else { return }
    let entries = host.transcript.entries
    for entry in entries[min(run.seenEntries, entries.count)...] {
      switch entry {
      case .diagnostic(let d) where d.severity != .note:
        run.pending.append(Pending(line: line, id: d.id, text: d.description))
      case .exception(let e):
        run.pending.append(
          Pending(line: line, id: e.name.rawValue, text: e.description, isException: true))
      default: break
      }
    }
    run.seenEntries = entries.count
    let screens = session.builtScreens
    guard let configuration = host.configuration ?? session.configuration else { return }
    var fresh: [(screen: CarScreen, added: TemplateID?)] =
      screens[min(run.linted, screens.count)...].map { ($0, nil) }
    if let wanted = session.wantedScreen { fresh.append((wanted, nil)) }
    fresh += run.rawScreens
    run.rawScreens = []
    for (screen, added) in fresh {
      guard run.lintedPairs.insert(LintKey(screen: screen, configuration: configuration)).inserted
      else { continue }
      let found = run.rules.lint(screen, for: session.entitlements, configuration: configuration)
        .filter { added == nil || $0.templateID == nil || $0.templateID == added }
        .filter {
          run.reportedFindings.insert(
            FindingKey(finding: $0.description, configuration: configuration)
          ).inserted
        }
      run.lint += found
      for d in found where d.severity != .note {
        run.pending.append(Pending(line: line, id: d.id, text: "lint \(d.description)"))
      }
    }
    run.linted = screens.count
  }

  /// Performs one line; returns a failure message, or nil.
  private static func perform(_ line: Journey.Line, _ run: Run) async -> String? {
    if case .app(let name) = line.step {
      return start(run, name, line: line.number)?.message
    }
    guard let host = run.host, let session = run.session else {
      return "no app yet: start the journey with 'app NAME'"
    }
    do {
      switch line.step {
      case .app: break
      case .connect(let change):
        if let problem = run.rules.use(limitsOf: change) { return "connect: \(problem)" }
        run.lastConfiguration = change.applied(to: SessionConfiguration())
        host.inputKind = change.input ?? .touch
        host.connect(run.lastConfiguration)
      case .reconnect:
        if host.configuration != nil { host.disconnect() }
        host.connect(run.lastConfiguration)
      case .disconnect: host.disconnect()
      case .config(let change):
        guard let current = host.configuration else { return "config: no car is connected" }
        let next = change.applied(to: current)
        guard host.changeConfiguration(next) else {
          return CarSimulator.videoSupportFixedMessage(supported: current.supportsVideoPlayback)
        }
        run.lastConfiguration = next
      case .driver(let action): try host.drive(action)
      case .mark: run.mark = host.transcript.totalCount
      case .data(let mode): run.dataSource.mode = mode
      case .phone(let key, let values): run.phone.set(key, to: values)
      case .feed(let name, let file):
        if let problem = feed(name, file, run) { return problem }
      case .wait(let duration):
        await run.car?.advanceTime(by: duration)
      case .startVideo:
        guard host.startVideoPlayback() else { return "video start: video is not available" }
      case .host(let operation, let withCompletion):
        performRaw(operation, withCompletion: withCompletion, run, host)
      case .expect(let expectation):
        return check(expectation, run, host)
      }
    } catch {
      return error.description
    }
    await session.settle()
    host.checkSpinners()
    // A phone setting the app could not use (an unknown id) fails the step that led to it.
    if let problem = run.phone.takeRejections().first { return problem }
    return nil
  }

  /// Reads `file` (relative to the journey file's folder, else to the current folder) and hands
  /// it to the app's feed `name`; returns a failure when it cannot be read or no app listens.
  private static func feed(_ name: String, _ file: String, _ run: Run) -> String? {
    let journeyFolder = URL(fileURLWithPath: run.journey.name).deletingLastPathComponent()
    let candidates =
      file.hasPrefix("/")
      ? [URL(fileURLWithPath: file)]
      : [journeyFolder.appendingPathComponent(file), URL(fileURLWithPath: file)]
    guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) })
    else {
      return "feed \(name) \(file): no such file (looked in \(candidates.map(\.path).joined(separator: " and ")))"
        + "; expected a path relative to the journey file"
    }
    let bytes: Data
    do {
      bytes = try Data(contentsOf: url)
    } catch {
      return "feed \(name) \(file): cannot be read (\(error.localizedDescription))"
    }
    guard run.feeds.hasListener else {
      return "feed \(name) \(file): the app does not listen to any feed; expected a connected app "
        + "with a feed named '\(name)'"
    }
    run.feeds.send(DataFeedPayload(name: name, bytes: bytes, source: url.path))
    return nil
  }

  /// Sends an operation straight to the host, as an app calling `CPInterfaceController` itself
  /// would: the screen it asks for is linted like the app's own, a failure reported to the
  /// completion becomes ``Diagnostic/operationFailedID`` (the journey is the app that receives
  /// it), and an exception terminates the app as usual.
  private static func performRaw(
    _ operation: HostOperation, withCompletion: Bool, _ run: Run, _ host: CarSimulator
  ) {
    let before = host.screen?.visible
    switch operation {
    case .setRoot(let template): run.rawScreens.append((CarScreen(root: template), nil))
    case .push(let template):
      if let before {
        run.rawScreens.append(
          (
            CarScreen(root: before.root, stack: before.stack + [template], modal: before.modal),
            template.id
          ))
      }
    case .present(let template):
      if let before {
        run.rawScreens.append(
          (CarScreen(root: before.root, stack: before.stack, modal: template), template.id))
      }
    default: break
    }
    guard let completion = try? host.perform(operation, withCompletion: withCompletion),
      let error = completion.error
    else { return }
    host.report(
      Diagnostic(
        ruleID: Diagnostic.operationFailedID, severity: .error,
        message: "host \(operation) failed: \(error)", source: "carplay-facts.md §3"))
  }

  private static func check(_ expectation: JourneyExpectation, _ run: Run, _ host: CarSimulator)
    -> String?
  {
    let shown = host.shownScreen
    let text = host.screenText
    switch expectation {
    case .top(let kind, let title):
      guard let top = shown?.visible.top else { return "expected top \(kind), but \(text)" }
      if top.kind != kind || (title != nil && top.title != title) {
        return "expected top \(kind)\(title.map { " '\($0)'" } ?? ""), found \(top.kind) "
          + "'\(top.title ?? top.id.rawValue)'"
      }
    case .topID(let id):
      if host.topTemplate?.id != id {
        return "expected top id '\(id)', found '\(host.topTemplate?.id.rawValue ?? "nothing")'"
      }
    case .depth(let depth):
      if host.depth != depth {
        return "expected stack depth \(depth), found \(host.depth) "
          + "(\(host.templates.map(\.id.rawValue).joined(separator: " > ")))"
      }
    case .modal(let kind, let title):
      guard let modal = shown?.modal, modal.kind == kind, title == nil || modal.title == title
      else {
        return "expected modal \(kind)\(title.map { " '\($0)'" } ?? ""), found "
          + (shown?.modal.map { "\($0.kind) '\($0.title ?? $0.id.rawValue)'" } ?? "none")
      }
    case .noModal:
      if let modal = shown?.modal { return "expected no modal, found \(modal.label)" }
    case .textContains(let needle):
      if !text.contains(needle) {
        return "expected the screen to show \"\(needle)\"; it shows:\n\(text)"
      }
    case .textLacks(let needle):
      if text.contains(needle) {
        return "expected the screen not to show \"\(needle)\"; it shows:\n\(text)"
      }
    case .transcriptContains(let needle):
      if !host.transcript.description.contains(needle) {
        return "expected the transcript to contain \"\(needle)\""
      }
    case .transcriptSinceMark(let needle):
      let transcript = host.transcript
      let since = transcript.text(from: max(0, (run.mark ?? 0) - transcript.droppedCount))
      if !since.contains(needle) {
        return "expected the transcript since the mark to contain \"\(needle)\"; since the mark:"
          + (since.isEmpty ? " nothing" : "\n\(since)")
      }
    case .anyError:
      guard let index = run.pending.firstIndex(where: \.isException) else {
        let open = run.pending.map(\.id).joined(separator: ", ")
        return "expected the host to raise an exception, but it did not"
          + (open.isEmpty ? "" : " (unclaimed: \(open))")
      }
      run.pending.remove(at: index)
    case .cannot(let action):
      if host.refusal(of: action) == nil {
        return "expected '\(action)' to be impossible, but the screen allows it; \(text)"
      }
    case .noShortcut(let phrase):
      if let shortcut = host.shortcut(matching: phrase) {
        return "expected no App Shortcut to match \"\(phrase)\", but "
          + "'\(shortcut.spoken(appName: host.appName))' does"
      }
    case .diagnostic(let id), .error(let id):
      guard
        let index = run.pending.firstIndex(where: { $0.id == id || $0.id.hasPrefix(id + "-") })
      else {
        let open = run.pending.map(\.id).joined(separator: ", ")
        return "expected \(id) to be reported, but it was not"
          + (open.isEmpty ? "" : " (unclaimed: \(open))")
      }
      run.pending.remove(at: index)
    case .state(let state):
      if host.appState.description != state {
        return "expected state \(state), found \(host.appState)"
      }
    case .url(let needle):
      if !host.openedURLs.contains(where: { $0.absoluteString.contains(needle) }) {
        return "expected an opened URL containing \"\(needle)\"; opened: "
          + host.openedURLs.map(\.absoluteString).joined(separator: ", ")
      }
    case .focus(let action):
      guard host.inputKind.movesFocus else {
        return "expected focus on '\(action)', but this car has no knob or touch pad "
          + "(connect input=knob)"
      }
      if host.focusedItem?.action != action {
        return "expected focus on '\(action)', found "
          + (host.focusedItem.map { "'\($0)'" } ?? "nothing focusable") + "; focusable: "
          + host.focusItems.map { "'\($0)'" }.joined(separator: ", ")
      }
    case .spinning(let row):
      if !host.spinners.values.contains(where: { $0.row == row }) {
        return "expected row '\(row)' to spin; spinning: "
          + host.spinners.values.map(\.row.rawValue).joined(separator: ", ")
      }
    case .notSpinning:
      if let spinner = host.spinners.values.first {
        return "expected no spinning row, but '\(spinner.row)' spins"
      }
    }
    return nil
  }
}

/// A journey's rules with the run-time limits of the car the last `connect` described
/// (`connect max-items=12`): each car can have its own, as real cars do (carplay-facts.md §1.1).
final class PerCarRules: CarRules {
  private let given: any CarRules
  private let current: Mutex<any CarRules>

  init(_ rules: any CarRules) {
    given = rules
    current = Mutex(rules)
  }

  /// Switches to the limits `change` sets (the given rules' own when it sets none); a message
  /// when the given rules cannot take limits.
  func use(limitsOf change: ConfigurationChange) -> String? {
    guard change.setsLimits else {
      current.withLock { $0 = given }
      return nil
    }
    guard let kit = given as? KitCarRules else {
      return "max-items and max-sections need the standard rules (KitCarRules); this journey "
        + "runs with \(type(of: given))"
    }
    let rules = KitCarRules(base: change.limits(over: kit.base))
    current.withLock { $0 = rules }
    return nil
  }

  private var rules: any CarRules { current.withLock { $0 } }

  func maximumDepth(for entitlements: CarEntitlements) -> Int {
    rules.maximumDepth(for: entitlements)
  }

  func allowedKinds(for entitlements: CarEntitlements) -> [TemplateKind] {
    rules.allowedKinds(for: entitlements)
  }

  func allowedKinds(for entitlements: CarEntitlements, configuration: SessionConfiguration)
    -> [TemplateKind]
  {
    rules.allowedKinds(for: entitlements, configuration: configuration)
  }

  func placements(of kind: TemplateKind) -> TemplatePlacements { rules.placements(of: kind) }

  func maximumTabCount(
    for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> Int {
    rules.maximumTabCount(for: entitlements, configuration: configuration)
  }

  func truncate(
    _ template: TemplateSpec, for entitlements: CarEntitlements,
    configuration: SessionConfiguration
  ) -> TruncatedTemplate {
    rules.truncate(template, for: entitlements, configuration: configuration)
  }

  func lint(
    _ screen: CarScreen, for entitlements: CarEntitlements, configuration: SessionConfiguration
  ) -> [Diagnostic] {
    rules.lint(screen, for: entitlements, configuration: configuration)
  }

  func limits(for entitlements: CarEntitlements, configuration: SessionConfiguration)
    -> CarLimits
  {
    rules.limits(for: entitlements, configuration: configuration)
  }
}
