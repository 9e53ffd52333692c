import CarRender
import CarSession
import CarSimulator
import CarTemplates
import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import KitDemos
import StationFeeds
import WaysideApps

/// `wayside render`: writes an app's first screen, or a journey's final screen, as HTML, SVG or
/// text — for docs and golden files.
public enum RenderCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "render"
  /// One line for `wayside --help`.
  public static let abstract =
    "Write a screen as HTML, SVG or text (an app's first screen or a journey's last)"
  /// The help text for `wayside NAME --help`.
  public static var usage: String {
    """
    Usage: wayside render [--app NAME | --journey FILE | --from URL] [--format html|svg|text]
                          [--display PROFILE] [--style day|night] [--output FILE]

    Renders what the car display shows: the first screen of an app after connecting, the
    screen at the end of a journey (with the journey's display and style unless overridden),
    or the current screen of a running simulator. Writes to standard output unless --output
    is given.

    Options:
      --app NAME        \(AppCatalog.current.ids) (default \(AppCatalog.current.defaultID))
      --journey FILE    run this journey and render its final screen
      --from URL        the current screen of a running simulator, e.g. http://127.0.0.1:8080
                        (loopback only: 127.0.0.1, ::1 or localhost)
      --allow-remote    let --from reach a simulator on another host
      --format FORMAT   html (default), svg (the HTML inside an SVG foreignObject) or text
      --display ID      \(DisplayProfile.all.map(\.id).joined(separator: ", "))
      --style STYLE     day or night
      --output FILE     write here instead of standard output
    """
  }

  /// Runs the command with its arguments and returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let appName = try arguments.option("--app")
    let journeyFile = try arguments.option("--journey")
    let from = try arguments.option("--from")
    let allowRemote = arguments.flag("--allow-remote")
    let format = try arguments.option("--format") ?? "html"
    let display = try arguments.displayProfile()
    let contentStyle = try arguments.contentStyle()
    let output = try arguments.option("--output")
    try arguments.finish()
    guard ["html", "svg", "text"].contains(format) else {
      throw CommandError.usage("option --format expects html, svg or text, got '\(format)'")
    }
    if [appName, journeyFile, from].compactMap({ $0 }).count > 1 {
      throw CommandError.usage("give one of --app, --journey and --from, not several")
    }
    if let from {
      if display != nil || contentStyle != nil {
        throw CommandError.usage(
          "--display and --style change the simulator, not its snapshot; set them in the page")
      }
      let text = try await fetchCurrentScreen(from, format: format, allowRemote: allowRemote)
      try write(text, to: output, io)
      return 0
    }
    var state: CarDisplayState
    if let journeyFile {
      let journey = try JourneyCommand.load(journeyFile)
      let report = await JourneyRunner.run(
        journey, apps: AppCatalog.current.apps)
      if let failure = report.failure {
        throw CommandError.failure("journey failed, nothing rendered: \(failure)")
      }
      state = CarDisplayState(
        screen: report.finalScreen,
        configuration: report.finalConfiguration ?? SessionConfiguration(),
        appName: report.appName, away: report.finalConfiguration == nil ? .disconnected : nil,
        videoPlayerTitle: report.finalVideoPlayerTitle)
    } else {
      let app = try AppCatalog.current.app(appName ?? AppCatalog.current.defaultID)
      state = await firstScreen(of: app, configuration: SessionConfiguration())
    }
    if let display { state.configuration.display = display }
    if let contentStyle { state.configuration.contentStyle = contentStyle }

    let text: String
    switch format {
    case "text":
      text = ScreenDocument.text(state)
    default:
      let renderer: CarHTMLRenderer
      do {
        renderer = CarHTMLRenderer(
          mapRenderer: MapSVGRenderer(basemap: try Basemap.bundled(), city: try? CityMap.bundled()))
      } catch {
        throw CommandError.failure("cannot load the bundled basemap for maps: \(error)")
      }
      text =
        format == "html"
        ? ScreenDocument.html(state, renderer: renderer)
        : ScreenDocument.svg(state, renderer: renderer)
    }
    try write(text, to: output, io)
    return 0
  }

  static func write(_ text: String, to output: String?, _ io: CommandIO) throws {
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
  }

  /// The most bytes `--from` reads for one screen (a full-page HTML screen is about 100 KB).
  static let maxScreenBytes = 16 << 20
  /// How long `--from` may take in all, redirects included.
  static let fetchDeadline: Duration = .seconds(15)

  /// Fetches `/screen.html|svg|txt` from a running simulator.
  ///
  /// Unless `allowRemote`, the URL must name a loopback host (`127.x.x.x`, `::1`, `localhost`),
  /// checked before any name is resolved — for the URL given and for every redirect's target.
  /// The answer is capped at `maxBytes` and the whole exchange at `deadline`.
  static func fetchCurrentScreen(
    _ base: String, format: String, allowRemote: Bool = false,
    maxBytes: Int = maxScreenBytes, deadline: Duration = fetchDeadline
  ) async throws -> String {
    let suffix = format == "text" ? "txt" : format
    let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
    guard let url = URL(string: "\(trimmed)/screen.\(suffix)"),
      url.scheme == "http" || url.scheme == "https", let host = url.host, !host.isEmpty
    else {
      throw CommandError.usage(
        "option --from expects the simulator's URL, e.g. http://127.0.0.1:8080, got '\(base)'")
    }
    guard allowRemote || isLoopback(host: host) else {
      throw CommandError.usage(
        "option --from expects a simulator on this machine (127.0.0.1, ::1 or localhost), got"
          + " host '\(host)'; add --allow-remote to reach another host")
    }
    let fetch = BoundedFetch(maxBytes: maxBytes, deadline: deadline, expected: "a screen") {
      target in
      guard target.scheme == "http" || target.scheme == "https" else {
        return "expected an http or https URL, got '\(target.absoluteString)'"
      }
      guard let host = target.host, !host.isEmpty else {
        return "expected a URL with a host, got '\(target.absoluteString)'"
      }
      guard allowRemote || isLoopback(host: host) else {
        return
          "expected a simulator on this machine (127.0.0.1, ::1 or localhost), got host"
          + " '\(host)'; add --allow-remote to reach another host"
      }
      return nil
    }
    let answer: (status: Int, body: Data)
    do { answer = try await fetch.get(url) } catch {
      throw CommandError.failure(
        "cannot reach a simulator at \(trimmed): \(error); start one with"
          + " 'wayside serve'")
    }
    guard answer.status == 200 else {
      throw CommandError.failure(
        "the simulator at \(trimmed) answered \(answer.status) for /screen.\(suffix)")
    }
    return String(decoding: answer.body, as: UTF8.self)
  }

  /// Whether `host` (as written in a URL, brackets optional) is a loopback name or address.
  static func isLoopback(host: String) -> Bool {
    let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
    if bare == "localhost" || bare == "::1" || bare == "0:0:0:0:0:0:0:1" { return true }
    let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
    return octets.count == 4 && octets[0] == "127"
      && octets.allSatisfy { $0.count <= 3 && UInt8($0) != nil }
  }

  /// Connects an app to a fresh emulated host and returns what the driver sees first.
  @MainActor
  static func firstScreen(of app: AnyCarApp, configuration: SessionConfiguration) async
    -> CarDisplayState
  {
    let car = SimulatedCar.journey(app: app, configuration: configuration)
    await car.settle()
    let host = car.host
    var state = CarDisplayState(
      screen: host.shownScreen?.visible, configuration: configuration, appName: app.appName,
      spinningRows: Set(host.spinners.values.map(\.row)))
    state.assetImages = app.assetImages
    return state
  }
}
