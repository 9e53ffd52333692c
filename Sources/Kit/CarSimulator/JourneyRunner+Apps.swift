import CarSession
import Foundation

extension JourneyRunner {
  /// Runs a journey against your own apps: `app NAME` lines name an app's `AnyCarApp.id`.
  ///
  /// A journey without an `app` line runs `defaultApp`, or the only app when the list has one.
  /// An id the list does not hold fails the journey at the `app` line, naming the ids it has.
  ///
  /// ```swift
  /// let report = await JourneyRunner.run(journey, apps: [Chargers.descriptor])
  /// ```
  public static func run(
    _ journey: Journey, apps: [AnyCarApp], defaultApp: String? = nil,
    rules: any CarRules = .standard
  ) async -> JourneyReport {
    let ids = apps.map(\.id)
    let fallback = defaultApp ?? (apps.count == 1 ? apps.first?.id : nil)
    var report = await run(
      journey, apps: { id in apps.first { $0.id == id } }, defaultApp: fallback, rules: rules)
    if var failure = report.failure, failure.message.hasPrefix("unknown app '") {
      failure.message += "; the apps are \(ids.joined(separator: ", "))"
      report.failure = failure
    }
    return report
  }

  /// Reads, parses and runs a journey file against your own apps (see
  /// ``run(_:apps:defaultApp:rules:)-(Journey,[AnyCarApp],_,_)``).
  ///
  /// The journey is named by the file's path, so a failure reads `PATH:LINE: what failed`.
  /// A file that cannot be read, is not UTF-8 or has a malformed line is a failed report at
  /// that line, never a crash.
  public static func run(
    contentsOf file: URL, apps: [AnyCarApp], defaultApp: String? = nil,
    rules: any CarRules = .standard
  ) async -> JourneyReport {
    let journey: Journey
    do {
      journey = try Journey.load(contentsOf: file)
    } catch {
      return failed(error)
    }
    return await run(journey, apps: apps, defaultApp: defaultApp, rules: rules)
  }

  /// Parses and runs journey text against your own apps (see
  /// ``run(_:apps:defaultApp:rules:)-(Journey,[AnyCarApp],_,_)``); a malformed line is a failed report at that line.
  public static func run(
    script: String, name: String = "journey", apps: [AnyCarApp], defaultApp: String? = nil,
    rules: any CarRules = .standard
  ) async -> JourneyReport {
    let journey: Journey
    do {
      journey = try Journey.parse(script, name: name)
    } catch {
      return failed(error)
    }
    return await run(journey, apps: apps, defaultApp: defaultApp, rules: rules)
  }

  private static func failed(_ error: JourneyParseError) -> JourneyReport {
    JourneyReport(
      name: error.name, transcript: Transcript(),
      failure: JourneyFailure(name: error.name, line: error.line, message: error.message),
      lintDiagnostics: [], screens: [])
  }
}

extension Journey {
  /// Reads and parses a journey file, named by its path.
  ///
  /// An unreadable file is reported at line 0 with the reason; bytes that are not UTF-8 and
  /// malformed lines at their line.
  public static func load(contentsOf file: URL) throws(JourneyParseError) -> Journey {
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw JourneyParseError(
        name: file.path, line: 0,
        message: "cannot read the journey file: \(error.localizedDescription)")
    }
    return try parse(bytes: data, name: file.path)
  }
}
