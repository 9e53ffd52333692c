import CarSession
import CarTemplates

extension JourneyRunner {
  /// Runs a journey `runs` times, each in fresh cars on a fresh clock, and fails it when a
  /// later run recorded anything the first did not: a different transcript (events,
  /// operations, diagnostics), different built screens, final screen, configuration, lint
  /// findings or failure. A journey is deterministic by design (a manual clock, sessions that
  /// settle on their own work), and this is how CI and the suite check it
  /// (Guides/Journeys.md, "Every run the same").
  ///
  /// Returns the first run's report; when a later run differs, its ``JourneyReport/failure`` names
  /// the run and the first difference, at the journey line that produced it when it can tell.
  public static func run(
    _ journey: Journey, apps: @escaping (String) -> JourneyApp?, defaultApp: String? = nil,
    rules: any CarRules = .standard, runs: Int
  ) async -> JourneyReport {
    var first = await run(journey, apps: apps, defaultApp: defaultApp, rules: rules)
    guard first.failure == nil, runs > 1 else { return first }
    for index in 2...runs {
      let again = await run(journey, apps: apps, defaultApp: defaultApp, rules: rules)
      if let difference = first.difference(from: again) {
        first.failure = JourneyFailure(
          name: journey.name, line: 0,
          message: "run \(index) of \(runs) differs from run 1: \(difference); a journey must "
            + "record the same every run (Guides/Journeys.md, \"Every run the same\")")
        return first
      }
    }
    return first
  }

  /// Runs a journey against your own apps `runs` times and fails it when a later run differs
  /// from the first (see ``run(_:apps:defaultApp:rules:runs:)-(Journey,(String)->JourneyApp?,_,_,_)``).
  public static func run(
    _ journey: Journey, apps: [AnyCarApp], defaultApp: String? = nil,
    rules: any CarRules = .standard, runs: Int
  ) async -> JourneyReport {
    let fallback = defaultApp ?? (apps.count == 1 ? apps.first?.id : nil)
    var report = await run(
      journey, apps: { id in apps.first { $0.id == id } }, defaultApp: fallback, rules: rules,
      runs: runs)
    if var failure = report.failure, failure.message.hasPrefix("unknown app '") {
      failure.message += "; the apps are \(apps.map(\.id).joined(separator: ", "))"
      report.failure = failure
    }
    return report
  }
}

extension JourneyReport {
  /// The first thing `other` recorded differently from this report, in words; nil when both
  /// recorded the same (transcript, built screens, final screen and configuration, lint
  /// findings, failure).
  public func difference(from other: JourneyReport) -> String? {
    if failure != other.failure {
      return "the failure was \(Self.text(failure?.description)), then "
        + Self.text(other.failure?.description)
    }
    let mine = transcript.entries
    let theirs = other.transcript.entries
    if let index = (0..<min(mine.count, theirs.count)).first(where: { mine[$0] != theirs[$0] }) {
      return "transcript entry \(index + 1) was '\(mine[index])', then '\(theirs[index])'"
        + Self.contentDifference(mine[index], theirs[index])
    }
    if mine.count != theirs.count {
      let index = min(mine.count, theirs.count)
      let extra = mine.count > theirs.count ? mine[index] : theirs[index]
      return "the transcript had \(mine.count) entries, then \(theirs.count) (from '\(extra)')"
    }
    if let index = (0..<min(screens.count, other.screens.count)).first(where: {
      screens[$0] != other.screens[$0]
    }) {
      return "built screen \(index + 1) differs: \(Self.ids(screens[index])), then "
        + Self.ids(other.screens[index])
    }
    if screens.count != other.screens.count {
      return "the app built \(screens.count) distinct screens, then \(other.screens.count)"
    }
    if finalScreen != other.finalScreen { return "the final screen differs" }
    if finalConfiguration != other.finalConfiguration {
      return "the final configuration was \(Self.text(finalConfiguration.map { "\($0)" })), then "
        + Self.text(other.finalConfiguration.map { "\($0)" })
    }
    if lintDiagnostics != other.lintDiagnostics {
      return "the lint found \(lintDiagnostics.map(\.id)), then "
        + "\(other.lintDiagnostics.map(\.id))"
    }
    if finalVideoPlayerTitle != other.finalVideoPlayerTitle { return "the video player differs" }
    return nil
  }

  /// Where two values whose one-line forms agree differ: the first differing line of their
  /// dumps (an operation's template content), or nothing when the lines differ already.
  private static func contentDifference<T>(_ first: T, _ second: T) -> String {
    guard "\(first)" == "\(second)" else { return "" }
    var one = ""
    var two = ""
    dump(first, to: &one)
    dump(second, to: &two)
    let lines = (one.split(separator: "\n"), two.split(separator: "\n"))
    guard
      let index = (0..<min(lines.0.count, lines.1.count)).first(where: {
        lines.0[$0] != lines.1[$0]
      })
    else { return " (the same line, with different content)" }
    let trim = { (line: Substring) in line.trimmingPrefix(while: { $0 == " " || $0 == "|" }) }
    return " (its content differs: '\(trim(lines.0[index]))', then '\(trim(lines.1[index]))')"
  }

  private static func ids(_ screen: CarScreen) -> String {
    "[" + ([screen.root] + screen.stack + (screen.modal.map { [$0] } ?? [])).map { "\($0.id)" }
      .joined(separator: ", ") + "]"
  }

  private static func text(_ value: String?) -> String { value.map { "'\($0)'" } ?? "none" }
}
