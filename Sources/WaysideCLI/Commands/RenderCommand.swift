import CarRender
import CarSession
import CarSimulator
import CarTemplates
import Foundation
import KitDemos

/// `wayside render`: writes an app's first screen, or a journey's final screen, as HTML, SVG or
/// text — for docs and golden files.
public enum RenderCommand: WaysideCommand {
  public static let name = "render"
  public static let abstract = "Write a screen as HTML, SVG or text (an app's first screen or a journey's last)"
  public static var usage: String {
    """
    Usage: wayside render [--app NAME | --journey FILE] [--format html|svg|text]
                          [--display PROFILE] [--style day|night] [--output FILE]

    Renders what the car display shows: the first screen of an app after connecting, or the
    screen at the end of a journey (with the journey's display and style unless overridden).
    Writes to standard output unless --output is given.

    Options:
      --app NAME        \(KitDemos.names) (default \(ServeCommand.defaultAppName))
      --journey FILE    run this journey and render its final screen
      --format FORMAT   html (default), svg (the HTML inside an SVG foreignObject) or text
      --display ID      \(DisplayProfile.all.map(\.id).joined(separator: ", "))
      --style STYLE     day or night
      --output FILE     write here instead of standard output
    """
  }

  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let appName = try arguments.option("--app")
    let journeyFile = try arguments.option("--journey")
    let format = try arguments.option("--format") ?? "html"
    let displayName = try arguments.option("--display")
    let style = try arguments.option("--style")
    let output = try arguments.option("--output")
    try arguments.finish()
    guard ["html", "svg", "text"].contains(format) else {
      throw CommandError.usage("option --format expects html, svg or text, got '\(format)'")
    }
    if appName != nil, journeyFile != nil {
      throw CommandError.usage("give either --app or --journey, not both")
    }
    var display: DisplayProfile?
    if let displayName {
      guard let profile = DisplayProfile.named(displayName) else {
        throw CommandError.usage(
          "option --display expects one of \(DisplayProfile.all.map(\.id).joined(separator: ", ")), got '\(displayName)'")
      }
      display = profile
    }
    var contentStyle: ContentStyle?
    if let style {
      switch style {
      case "day", "light": contentStyle = .light
      case "night", "dark": contentStyle = .dark
      default: throw CommandError.usage("option --style expects day or night, got '\(style)'")
      }
    }

    var state: CarDisplayState
    if let journeyFile {
      let journey = try JourneyCommand.load(journeyFile)
      let report = await JourneyRunner.run(journey, apps: { KitDemos.named($0)?.journeyApp }, defaultApp: nil)
      if let failure = report.failure {
        throw CommandError.failure("journey failed, nothing rendered: \(failure)")
      }
      state = CarDisplayState(
        screen: report.finalScreen, configuration: report.finalConfiguration ?? SessionConfiguration(),
        appName: report.appName, away: report.finalConfiguration == nil ? .disconnected : nil)
    } else {
      let name = appName ?? ServeCommand.defaultAppName
      guard let app = KitDemos.named(name) else {
        throw CommandError.usage("option --app expects one of \(KitDemos.names), got '\(name)'")
      }
      state = await firstScreen(of: app, configuration: SessionConfiguration())
    }
    if let display { state.configuration.display = display }
    if let contentStyle { state.configuration.contentStyle = contentStyle }

    let text: String
    switch format {
    case "text":
      if let screen = state.screen {
        text = TextRenderer(configuration: state.configuration).render(screen)
      } else {
        text = "(no screen: \(state.away.map { "\($0)" } ?? "not started"))\n"
      }
    default:
      let renderer = CarHTMLRenderer(mapRenderer: try? MapSVGRenderer(basemap: Basemap.bundled()))
      let body = renderer.render(state)
      if format == "html" {
        text = CarStylesheet.document(title: "\(state.appName) — Wayside", body: body)
      } else {
        let w = state.configuration.display.pointWidth + 48
        let h = state.configuration.display.pointHeight + 48
        text = """
          <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">
          <foreignObject x="0" y="0" width="\(w)" height="\(h)">
          <div xmlns="http://www.w3.org/1999/xhtml" style="padding:24px"><style>\(CarStylesheet.css)</style>\(body)</div>
          </foreignObject></svg>

          """
      }
    }
    if let output {
      do {
        try text.write(toFile: output, atomically: true, encoding: .utf8)
      } catch {
        throw CommandError.failure("cannot write '\(output)': \(error.localizedDescription)")
      }
      io.out("wrote \(output)")
    } else {
      io.out(text)
    }
    return 0
  }

  /// Connects an app to a fresh emulated host and returns what the driver sees first.
  @MainActor
  static func firstScreen(of app: KitDemo, configuration: SessionConfiguration) async -> CarDisplayState {
    let clock = ManualClock()
    let clients = CarClients.test(clock: clock)
    let host = CarSimulator(
      entitlements: app.entitlements, appName: app.appName, shortcuts: app.shortcuts,
      clock: clients.clock)
    let session = app.makeSession(host, clients)
    host.connect(configuration)
    await session.settle()
    return CarDisplayState(
      screen: host.shownScreen?.visible, configuration: configuration, appName: app.appName,
      spinningRows: Set(host.spinners.values.map(\.row)))
  }
}
