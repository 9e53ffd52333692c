import CarSession
import CarSimulator
import CarTemplates
import KitDemos
import WaysideApps

/// `wayside lint`: checks an app's screens, or every screen a journey visits, against
/// CarPlay's rules.
public enum LintCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "lint"
  /// One line for `wayside --help`.
  public static let abstract =
    "Check an app's screens or a journey's screens against CarPlay's rules"
  /// The help text for `wayside NAME --help`.
  public static var usage: String {
    """
    Usage: wayside lint --app NAME [--display ID] [--limited lists]
           wayside lint JOURNEY...
           wayside lint --rules

    Prints one diagnostic per broken rule: severity, stable rule id, the template and the
    limit, and its source in the CarPlay fact sheet. Exits 1 when an error or warning is
    found, 0 when only notes (design guidance) or nothing are.

    Options:
      --app NAME      lint every sample screen of a demo app (\(AppCatalog.current.ids))
      --display ID    the car display (\(DisplayProfile.all.map(\.id).joined(separator: ", ")))
      --limited lists lint as if the car limited lists (12 items)
      --rules         list every rule with its id and severity
    """
  }

  /// Runs the command with its arguments and returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let appName = try arguments.option("--app")
    let displayName = try arguments.option("--display")
    let limited = try arguments.option("--limited")
    let listRules = arguments.flag("--rules")
    var files: [String] = []
    while let file = arguments.optionalPositional() { files.append(file) }
    try arguments.finish()

    if listRules {
      for rule in CarLint.rules { io.out("\(rule.id)  \(rule.severity)  \(rule.summary)") }
      return 0
    }
    var configuration = SessionConfiguration()
    if let displayName {
      guard let display = DisplayProfile.named(displayName) else {
        throw CommandError.usage(
          "option --display expects one of \(DisplayProfile.all.map(\.id).joined(separator: ", ")), "
            + "got '\(displayName)'")
      }
      configuration.display = display
    }
    if let limited {
      guard limited == "lists" else {
        throw CommandError.usage("option --limited expects 'lists', got '\(limited)'")
      }
      configuration.limitedUserInterfaces = .lists
    }

    var diagnostics: [Diagnostic] = []
    switch (appName, files.isEmpty) {
    case (let name?, true):
      let demo = try AppCatalog.current.app(name)
      let rules = KitCarRules()
      for (index, screen) in demo.sampleScreens(configuration).enumerated() {
        let found = rules.lint(screen, for: demo.entitlements, configuration: configuration)
        io.out(
          "screen \(index + 1): \(screen.top.label), depth \(screen.depth): "
            + (found.isEmpty ? "ok" : "\(found.count) finding(s)"))
        for d in found { io.out("  \(d)") }
        diagnostics += found
      }
    case (nil, false):
      for file in files {
        let journey = try JourneyCommand.load(file)
        let report = await JourneyRunner.run(journey, apps: AppCatalog.current.apps)
        var seen = Set<Diagnostic>()
        let unique = report.lintDiagnostics.filter { seen.insert($0).inserted }
        io.out(
          "\(file): \(report.screens.count) screens, "
            + (unique.isEmpty ? "ok" : "\(unique.count) finding(s)"))
        for d in unique { io.out("  \(d)") }
        diagnostics += unique
      }
    case (_?, false):
      throw CommandError.usage("give either --app NAME or journey files, not both")
    case (nil, true):
      throw CommandError.usage("missing --app NAME or JOURNEY files")
    }
    return diagnostics.contains { $0.severity != .note } ? 1 : 0
  }
}
