import Foundation

/// The `wayside` command line's entry point.
public enum WaysideMain {
  /// Runs the command line with the process arguments and exits with its status.
  public static func run() async {
    let status = await run(Array(CommandLine.arguments.dropFirst()), io: .standard())
    exit(status)
  }

  /// Runs the command line with explicit words; returns the exit status (used by tests).
  public static func run(_ words: [String], io: CommandIO) async -> Int32 {
    guard let first = words.first else {
      if let serve = CommandRegistry.command(named: "serve") {
        return await invoke(serve, [], io: io)
      }
      io.out(overview)
      return 0
    }
    if first == "--help" || first == "-h" || first == "help" {
      if words.count > 1, let command = CommandRegistry.command(named: words[1]) {
        io.out(usage(of: command))
      } else {
        io.out(overview)
      }
      return 0
    }
    if first.hasPrefix("-"), let serve = CommandRegistry.command(named: "serve") {
      // `swift run wayside --port 9000` passes options straight to the simulator.
      return await invoke(serve, words, io: io)
    }
    guard let command = CommandRegistry.command(named: first) else {
      io.err(
        TerminalText.escapedLines("\(program): unknown command '\(first)'. Known commands: \(names)."))
      io.err("Run '\(program) --help' for what each one does.")
      return 2
    }
    return await invoke(command, Array(words.dropFirst()), io: io)
  }

  private static func invoke(_ command: any WaysideCommand.Type, _ words: [String], io: CommandIO)
    async -> Int32
  {
    if words.contains("--help") || words.contains("-h") {
      io.out(usage(of: command))
      return 0
    }
    var arguments = Arguments(words, command: command.name)
    do {
      return try await command.run(&arguments, io)
    } catch let error as CommandError {
      // Messages quote inputs (file names, journey lines, values); their control characters
      // are shown escaped, never sent to the terminal raw.
      io.err(TerminalText.escapedLines("\(program) \(command.name): \(error.message)"))
      if error.exitCode == 2 { io.err("Run '\(program) \(command.name) --help' for usage.") }
      return error.exitCode
    } catch {
      io.err(TerminalText.escapedLines("\(program) \(command.name): \(error)"))
      return 1
    }
  }

  /// The command's name in messages (`wayside`, or a package's simulator executable).
  static var program: String { AppCatalog.current.programName }

  static var names: String { CommandRegistry.current.map { $0.name }.joined(separator: ", ") }

  /// A command's help as the current catalogue's program shows it: a package's own simulator
  /// executable names itself and shows no paths of Wayside's repository, and its `serve` offers
  /// only what works for any app.
  static func usage(of command: any WaysideCommand.Type) -> String {
    let catalog = AppCatalog.current
    guard !catalog.isWayside else { return command.usage }
    if command.name == ServeCommand.name { return ServeCommand.kitUsage }
    var text = command.usage
    for (wayside, kit) in [
      ("Journeys/lifecycle.journey Journeys/violations.journey", "Journeys/browse.journey"),
      (
        "The format is described in Guides/Journeys.md.",
        "The format is described in the CarSimulator documentation (Journey)."
      ),
    ] {
      text = text.replacingOccurrences(of: wayside, with: kit)
    }
    return text.replacingOccurrences(of: "wayside ", with: "\(program) ")
  }

  /// The text `wayside --help` prints; a package's own simulator executable prints its name,
  /// its apps and the kit's commands instead.
  public static var overview: String {
    let catalog = AppCatalog.current
    let name = catalog.isWayside ? "wayside" : program
    let headline =
      catalog.isWayside
      ? "wayside — CarPlay apps as Swift values, an emulated CarPlay host, and real charging data."
      : "\(program) — your CarPlay apps (\(catalog.ids)) in Wayside's emulated CarPlay host."
    var lines = [
      headline,
      "",
      "Usage: \(name) [COMMAND] [OPTIONS]",
      "       (no command: start the web simulator on http://127.0.0.1:8080)",
      "",
      "Commands:",
    ]
    let width = (CommandRegistry.current.map { $0.name.count }.max() ?? 0) + 2
    for command in CommandRegistry.current {
      let padding = String(repeating: " ", count: max(1, width - command.name.count))
      lines.append("  \(command.name)\(padding)\(command.abstract)")
    }
    lines.append("")
    lines.append("Run '\(name) COMMAND --help' for a command's options.")
    return lines.joined(separator: "\n")
  }
}
