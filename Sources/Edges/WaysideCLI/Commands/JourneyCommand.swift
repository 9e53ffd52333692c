import CarSimulator
import CarTemplates
import Foundation
import KitDemos
import WaysideApps

/// `wayside journey FILE…`: runs journeys headless against the emulated CarPlay host.
public enum JourneyCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "journey"
  /// One line for `wayside --help`.
  public static let abstract = "Run scripted CarPlay sessions (journeys) against the emulated host"
  /// The help text for `wayside NAME --help`.
  public static var usage: String {
    """
    Usage: wayside journey FILE... [--app NAME] [--runs N] [--quiet]

    Runs each journey file against the emulated CarPlay host and prints its transcript.
    Exits 1 naming FILE:LINE at the first failed expectation or unexpected broken rule,
    2 for usage errors. The format is described in Guides/Journeys.md.

    Options:
      --app NAME   the app for journeys without an 'app' line (\(AppCatalog.current.ids))
      --runs N     run each journey N times (1 to 100, default 1) and fail it when a later
                   run records anything the first did not (transcript, screens, findings)
      --quiet      print only the result line of each journey, not its transcript

    Example:
      wayside journey Journeys/lifecycle.journey Journeys/violations.journey
    """
  }

  /// Runs the command with its arguments and returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let app = try arguments.option("--app")
    let quiet = arguments.flag("--quiet")
    let runs = try arguments.option("--runs").map(parseRuns) ?? 1
    var files: [String] = []
    while let file = arguments.optionalPositional() { files.append(file) }
    try arguments.finish()
    guard !files.isEmpty else {
      throw CommandError.usage("missing FILE: name one or more journey files")
    }
    let catalog = AppCatalog.current
    if let app { _ = try catalog.app(app) }
    var status: Int32 = 0
    for file in files {
      let journey = try load(file)
      let report = await JourneyRunner.run(
        journey, apps: catalog.apps, defaultApp: app, runs: runs)
      if !quiet {
        // Titles and texts in the transcript come from the journey file: escaped for the terminal.
        io.out(TerminalText.escapedLines("== \(file)"))
        io.out(TerminalText.escapedLines(report.transcript.description))
      }
      if let failure = report.failure {
        io.err(TerminalText.escapedLines("wayside journey: \(failure)"))
        io.out(TerminalText.escapedLines("FAIL \(file)"))
        status = 1
      } else {
        let times = runs > 1 ? ", \(runs) identical runs" : ""
        io.out(TerminalText.escapedLines("PASS \(file) (\(journey.lines.count) steps\(times))"))
      }
    }
    return status
  }

  /// `--runs N`: a whole number from 1 to 100.
  static func parseRuns(_ text: String) throws -> Int {
    guard let runs = Int(text), (1...100).contains(runs) else {
      throw CommandError.usage("--runs '\(text)': expected a whole number from 1 to 100")
    }
    return runs
  }

  /// Reads and parses a journey file; errors name the file (and line, and for bytes that are
  /// not UTF-8 their offset).
  static func load(_ file: String) throws -> Journey {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw CommandError.failure("cannot read journey '\(file)': \(error.localizedDescription)")
    }
    do {
      return try Journey.parse(bytes: data, name: file)
    } catch {
      throw CommandError.failure("\(error)")
    }
  }
}
