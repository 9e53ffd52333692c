import CarSession
import CarTemplates
import Foundation
import HTTPServer
import StationStore
import WaysideCLI

/// Wayside's web simulator and command line, running your own apps.
///
/// An executable target of your package makes your apps the simulator's apps in one call; the
/// side panel, `render`, `journey` and `lint` then take your app ids:
///
/// ```swift
/// import WaysideSimulator
///
/// @main struct Simulator {
///   static func main() async {
///     await WaysideSimulator.main(apps: [Chargers.descriptor])
///   }
/// }
/// ```
///
/// `swift run my-simulator` starts the simulator on http://127.0.0.1:8080;
/// `swift run my-simulator journey Journeys/browse.journey` runs a journey,
/// `swift run my-simulator lint --app chargers` lints the app's sample screens and
/// `swift run my-simulator render --app chargers --format text` prints its first screen.
public enum WaysideSimulator {
  /// Runs the command line over your apps with the process's arguments and exits with its
  /// status; with no arguments it serves the simulator until Ctrl-C.
  ///
  /// The commands are `serve` (the default), `render`, `journey` and `lint`; `--help` lists
  /// them. A bad app list (empty, or two apps with one id) is reported and exits 2.
  public static func main(apps: [AnyCarApp], defaultApp: String? = nil) async -> Never {
    let status = await run(
      Array(CommandLine.arguments.dropFirst()), apps: apps, defaultApp: defaultApp)
    exit(status)
  }

  /// Runs the command line over your apps as ``main(apps:defaultApp:)`` does, with the car
  /// starting at `location` — a town of the bundled basemap (`"Hamburg"`) or `"LAT,LON"` —
  /// unless `--location` names another place (the default is Kassel).
  public static func main(apps: [AnyCarApp], defaultApp: String? = nil, location: String)
    async -> Never
  {
    let status = await run(
      Array(CommandLine.arguments.dropFirst()), apps: apps, defaultApp: defaultApp,
      location: location)
    exit(status)
  }

  /// Runs the command line over your apps with explicit words and returns the exit status;
  /// output goes to standard output and error.
  public static func run(_ words: [String], apps: [AnyCarApp], defaultApp: String? = nil) async
    -> Int32
  {
    await run(words, apps: apps, defaultApp: defaultApp, io: .standard())
  }

  /// Runs the command line over your apps with explicit words, the car starting at `location`
  /// unless `--location` names another place; returns the exit status.
  public static func run(
    _ words: [String], apps: [AnyCarApp], defaultApp: String? = nil, location: String
  ) async -> Int32 {
    await run(words, apps: apps, defaultApp: defaultApp, location: location, io: .standard())
  }

  /// Runs the command line over your apps, writing through `io` (a capturing one in tests).
  static func run(
    _ words: [String], apps: [AnyCarApp], defaultApp: String?, location: String? = nil,
    io: CommandIO
  ) async -> Int32 {
    let catalog: AppCatalog
    do {
      catalog = try AppCatalog.custom(apps, defaultID: defaultApp, startLocation: location)
    } catch {
      io.err("wayside: \(error.message)")
      return error.exitCode
    }
    return await AppCatalog.$current.withValue(catalog) {
      await WaysideMain.run(words, io: io)
    }
  }

  /// Serves the web simulator with your apps until the process receives Ctrl-C (SIGINT or
  /// SIGTERM), printing its address.
  ///
  /// - Throws: ``WaysideSimulatorError`` when the apps or options are not usable or the port
  ///   cannot be bound.
  public static func serve(apps: [AnyCarApp], options: Options = Options()) async throws {
    let simulator = try await start(apps: apps, options: options)
    print("Wayside simulator: \(simulator.url.absoluteString)/  (Ctrl-C to stop)")
    await ServeCommand.waitForInterrupt()
    await simulator.stop()
  }

  /// Starts the web simulator with your apps and returns it running, for tests and for hosts
  /// that stop it themselves.
  ///
  /// - Throws: ``WaysideSimulatorError`` when the apps or options are not usable or the port
  ///   cannot be bound.
  public static func start(apps: [AnyCarApp], options: Options = Options()) async throws
    -> RunningSimulator
  {
    do {
      let catalog = try AppCatalog.custom(apps, defaultID: options.app)
      return try await AppCatalog.$current.withValue(catalog) {
        var arguments = Arguments(options.words, command: ServeCommand.name)
        let parsed = try ServeCommand.Options.parse(&arguments)
        let started = try await ServeCommand.start(parsed, .standard())
        let server = started.server
        guard let url = URL(string: server.baseURL) else {
          await server.stop()
          throw CommandError.failure("the simulator's address '\(server.baseURL)' is not a URL")
        }
        return RunningSimulator(server: server, storeWatch: started.storeWatch, url: url)
      }
    } catch let error as CommandError {
      throw WaysideSimulatorError(message: error.message)
    }
  }
}

extension WaysideSimulator {
  /// How the simulator starts: the app, where it listens, and the car it shows first (the
  /// page's panel changes the car afterwards).
  public struct Options: Sendable, Hashable {
    /// The app shown first (an `AnyCarApp.id`); nil for the first of the list.
    public var app: String?
    /// The TCP port; 0 picks a free one (``RunningSimulator/url`` tells which).
    public var port: Int
    /// The address to bind; loopback unless another address is given explicitly.
    public var address: String
    /// The car display: a profile id (`minimum`, `standard`, `wide540`, `hd`, `wide`,
    /// `portrait`) or its size, e.g. `1920x720`.
    public var display: String
    /// Day (`.light`) or night (`.dark`).
    public var style: ContentStyle
    /// Where the car is: a town of the bundled basemap or `LAT,LON`.
    public var location: String

    /// Options for a simulator on http://127.0.0.1:8080 showing a standard display by day
    /// in Kassel.
    public init(
      app: String? = nil, port: Int = 8080, address: String = "127.0.0.1",
      display: String = "standard", style: ContentStyle = .light, location: String = "Kassel"
    ) {
      self.app = app
      self.port = port
      self.address = address
      self.display = display
      self.style = style
      self.location = location
    }

    var words: [String] {
      var words = [
        "--port", "\(port)", "--address", address, "--display", display,
        "--style", style == .dark ? "night" : "day", "--location", location,
      ]
      if let app { words += ["--app", app] }
      return words
    }
  }

  /// A web simulator serving your apps; stop it with ``stop()``.
  public final class RunningSimulator: Sendable {
    private let server: HTTPServer
    /// Kept for as long as the simulator runs: it tells the car of changes to the store.
    private let storeWatch: StoreFileWatch?
    /// The page's address, e.g. `http://127.0.0.1:8080`.
    public let url: URL

    init(server: HTTPServer, storeWatch: StoreFileWatch?, url: URL) {
      self.server = server
      self.storeWatch = storeWatch
      self.url = url
    }

    /// Stops serving; open pages lose their connection.
    public func stop() async { await server.stop() }
  }
}

/// Why the simulator could not start: the apps, an option or the port.
public struct WaysideSimulatorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What failed, naming the input and what was expected.
  public var message: String
  /// The message.
  public var description: String { message }
}
