import CarRender
import CarSession
import CarTemplates
import ChargingCar
import ChargingData
import Foundation
import Geo
import HTTPServer
import KitDemos
import WaysideApps
import PreviewServer
import Routing
import Pricing
import StationFeeds
import StationStore
import Synchronization
import TripPlanner
import WaysideData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wayside serve` (also plain `wayside`): the web simulator on loopback.
public enum ServeCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "serve"
  /// One line for `wayside --help`.
  public static let abstract = "Start the web simulator (the default when no command is given)"
  /// The help text for `wayside NAME --help`.
  public static var usage: String {
    """
    Usage: wayside [serve] [--app NAME] [--port PORT] [--address ADDR] [--display PROFILE]
                   [--style day|night] [--location PLACE|LAT,LON] [--store DIR]
                   [--live-feed URL[,TABLE_URL]]... [--live-interval SECONDS]

    Starts the CarPlay simulator in the browser on http://127.0.0.1:8080 and prints the URL.
    The page shows the car display as the emulated host shows it, and a side panel to connect
    and disconnect the car, change the display, day/night, driving, video, lock the phone,
    move the car, make the data source fail and speak to Siri, and — standing in for the phone
    app — choose the charging app's tariffs and vehicle. The driver's tariffs, vehicle and
    favourites are read from and written to the store's user.sqlite (the same one
    `wayside tariffs` and `wayside vehicle` set); the live status the panel's feed reports is kept
    in the store's stations.sqlite, so a restart shows it with its age. Ctrl-C stops it.

    Options:
      \(commonOptions)
      --store DIR         the store folder holding user.sqlite (default: $XDG_DATA_HOME/wayside,
                          else ~/.local/share/wayside)
      --live-feed URL     poll a live-status feed for the charging app from the start: an OCPI
                          2.2.1 Locations module, a DATEX II v3 AFIR status publication (give its
                          table publication after a comma: STATUS_URL,TABLE_URL) or a chargecloud
                          POI URL; the format is read from the answer. Repeatable. An OCPI token
                          is taken from the environment variable WAYSIDE_LIVE_TOKEN.
      --live-interval S   seconds between polls of each feed (default 60, at least 10)
    """
  }

  /// The options every simulator has, whichever apps it runs (one line each, aligned as the
  /// help text around them; no trailing newline).
  static var commonOptions: String {
    let catalog = AppCatalog.current
    let displays = DisplayProfile.all.map(\.id).joined(separator: ", ")
    return [
      "--app NAME          the app to run: \(catalog.ids) (default \(catalog.defaultID))",
      "  --port PORT         TCP port (default 8080; 0 picks a free one)",
      "  --address ADDR      address to bind (default 127.0.0.1, loopback only); another address",
      "                      must be given explicitly and is then also accepted as Host",
      "  --display PROFILE   \(displays) (or its size, e.g. 1920x720; default standard)",
      "  --style STYLE       day or night (default day)",
      "  --location PLACE    a town from the basemap or LAT,LON (default \(catalog.startLocation ?? "Kassel"))",
    ].joined(separator: "\n")
  }

  /// The help of `serve` in a package's own simulator executable: its name, its apps, and the
  /// options that work for any app (no store, no live feeds: those are the charging app's).
  static var kitUsage: String {
    let program = AppCatalog.current.programName
    let indent = String(repeating: " ", count: program.count)
    return """
      Usage: \(program) [serve] [--app NAME] [--port PORT] [--address ADDR] [--display PROFILE]
             \(indent)         [--style day|night] [--location PLACE|LAT,LON]

      Starts the CarPlay simulator in the browser on http://127.0.0.1:8080 and prints the URL.
      The page shows the car display as the emulated host shows it, and a side panel to connect
      and disconnect the car, change the display, day/night, driving and video, lock the phone,
      move the car, make the data source fail and speak to Siri. Ctrl-C stops it.

      Options:
        \(commonOptions)
      """
  }

  /// Runs the command with its arguments and returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let options = try Options.parse(&arguments)
    ServingMemory.configure()
    let started = try await start(options, io)
    let server = started.server
    io.out(
      "Wayside simulator: \(server.baseURL)/  (app \(options.app.id), \(options.configuration.display.name), Ctrl-C to stop)"
    )
    io.out("Run '\(AppCatalog.current.programName) --help' for the other commands.")
    await waitForInterrupt()
    withExtendedLifetime(started.storeWatch) {}
    io.out("Stopping…")
    await started.livePollers?.stop()
    await server.stop()
    // The live status of the last poll reaches the store before the process ends.
    await started.liveArchive?.flush()
    return 0
  }

  /// Starts the simulator on the current catalogue's apps and returns the running server.
  ///
  /// Wayside's own apps get the charging app's driver setup from the store; a package's own
  /// apps run without a store (nothing is read from or written to the driver's folder).
  ///
  /// With `--live-feed`, the feeds are polled from the start into the charging app's live
  /// status; each poll's line (`<url>: 273 statuses, 48 on register stations` or why it failed)
  /// is sent on `livePolls`, and the first of each feed and every failure are printed.
  package static func start(
    _ options: Options, _ io: CommandIO, livePolls: ClientEvents<String> = ClientEvents()
  ) async throws -> Started {
    let catalog = AppCatalog.current
    warmUp(stations: catalog.isWayside)
    var driver: DriverSetupStore?
    var phone: PhoneSetup?
    var storeWatch: StoreFileWatch?
    if catalog.isWayside {
      let store = try DriverStore.open(options.store, io)
      driver = store
      // Changes other commands make to the store reach the running car within a moment.
      do {
        storeWatch = try store.watchOtherWriters()
      } catch {
        io.err("warning: \(error); changes other commands make show after an app switch")
      }
      let tariffs = try await DriverStore.catalog()
      // A first start shows the driver's prices at once: a sample driver until they clear it.
      do {
        try store.startWithSample(in: tariffs)
      } catch {
        io.err("warning: the sample driver could not be written to the store: \(error)")
      }
      phone = phoneSetup(store, catalog: tariffs)
    }
    let backendAndRenderer = try await makeBackend(options, driver: driver, phone: phone)
    var configuration = HTTPServer.Configuration()
    configuration.address = options.address
    configuration.port = options.port
    let routes = PreviewRoutes(
      backend: backendAndRenderer.backend, renderer: backendAndRenderer.renderer)
    do {
      let server = try HTTPServer(configuration: configuration, router: routes.router())
      return Started(
        server: server, storeWatch: storeWatch, liveArchive: backendAndRenderer.live.archive,
        livePollers: catalog.isWayside
          ? livePollers(options.liveFeeds, backendAndRenderer.live, io, livePolls) : nil)
    } catch {
      throw CommandError.failure(
        "cannot start the simulator on \(options.address):\(options.port): \(error)")
    }
  }

  /// A started simulator: its server, and the watch on the driver's store that must live as
  /// long as the server does (nil for a package's own apps, which have no store).
  package struct Started: Sendable {
    /// The running HTTP server.
    package let server: HTTPServer
    /// The watch that tells the running car of changes other commands make to the store.
    package let storeWatch: StoreFileWatch?
    /// Where the charging app's live status is kept across restarts (nil without a store).
    package let liveArchive: LiveStatusArchive?
    /// The pollers of the feeds given with `--live-feed` (nil without any).
    package let livePollers: LiveFeedPollers?
  }

  /// Starts loading what the first page needs — the basemap, the city map, the bundled station
  /// set and tariffs — on other threads while the store opens and the server starts; the
  /// first uses then find them loaded, or wait for the same load (each is loaded once).
  static func warmUp(stations: Bool = true) {
    DispatchQueue.global().async {
      _ = try? Basemap.bundled()
      _ = try? CityMap.bundled()
    }
    guard stations else { return }
    Task.detached {
      _ = try? await BundledStationSet.shared()
      _ = try? await BundledTariffs.catalog()
    }
  }

  /// Starts polling the feeds given with `--live-feed` into `hub`; nil without any.
  static func livePollers(
    _ endpoints: [LiveFeedEndpoint], _ hub: LiveStatusHub, _ io: CommandIO,
    _ polls: ClientEvents<String>
  ) -> LiveFeedPollers? {
    guard !endpoints.isEmpty else { return nil }
    // Subscribed before the first poll; ends when the pollers stop (they finish `polls`).
    let lines = polls.values().makeAsyncIterator()
    // The first good poll of each feed is printed (failures are, as warnings, by the pollers).
    Task { [lines] in
      var lines = lines
      var printed = Set<String>()
      while let line = await lines.next() {
        if let endpoint = endpoints.first(where: { line.hasPrefix($0.url.absoluteString + ": ") }),
          printed.insert(endpoint.url.absoluteString).inserted
        {
          // Feed text (a diagnostic's value) may hold escape sequences: shown, not obeyed.
          io.out(
            "Live status: \(TerminalText.escaped(line)); polled every"
              + " \(endpoint.interval.components.seconds) s")
        }
      }
    }
    return LiveFeedPollers(
      endpoints: endpoints, hub: hub, matcher: { try await LocalLiveFeed.bundledMatcher() },
      diagnostics: { io.err("warning: \(TerminalText.escaped($0))") }, polls: polls)
  }

  package struct Options {
    var app: AnyCarApp
    var port: UInt16
    var address: String
    var configuration: SessionConfiguration
    var location: (label: String, coordinate: Coordinate)
    var store: URL
    /// The feeds `--live-feed` names, polled every `--live-interval`.
    var liveFeeds: [LiveFeedEndpoint] = []

    /// The fewest seconds between polls: a driving-task app refreshes data at most every 10 s
    /// (carplay-facts.md §9, driving-task category rules).
    static let shortestLiveInterval = 10

    /// One `--live-feed` value: `STATUS_URL` or `STATUS_URL,TABLE_URL` (DATEX II), http or https.
    static func liveEndpoint(_ text: String, interval: Int, token: String?) throws
      -> LiveFeedEndpoint
    {
      // The table URL starts after a comma followed by a scheme; a status URL may hold commas
      // of its own in its query (`?ids=1,2`). A comma before the query that starts no URL
      // still separates (and is then refused as a table that is no URL).
      var parts: [String] = []
      var rest = Substring(text)
      while let comma = [",http://", ",https://"].compactMap({
        rest.range(of: $0, options: .caseInsensitive)
      }).min(by: { $0.lowerBound < $1.lowerBound }) {
        parts.append(String(rest[..<comma.lowerBound]))
        rest = rest[rest.index(after: comma.lowerBound)...]
      }
      parts.append(String(rest))
      if parts.count == 1 {
        let queryStart = text.firstIndex(of: "?") ?? text.endIndex
        if let comma = text[..<queryStart].firstIndex(of: ",") {
          parts = [String(text[..<comma]), String(text[text.index(after: comma)...])]
        }
      }
      func url(_ part: String) -> URL? {
        guard let url = URL(string: part), let scheme = url.scheme?.lowercased(),
          scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
      }
      guard (1...2).contains(parts.count), let status = url(parts[0]) else {
        throw CommandError.usage(
          "option --live-feed expects an http or https URL of a status feed, or STATUS_URL,TABLE_URL for DATEX II; got '\(text)'"
        )
      }
      var table: URL?
      if parts.count == 2 {
        guard let parsed = url(parts[1]) else {
          throw CommandError.usage(
            "option --live-feed: the table after the comma must be an http or https URL (a DATEX II table publication); got '\(parts[1])'"
          )
        }
        table = parsed
      }
      return LiveFeedEndpoint(
        url: status, tableURL: table, token: token, interval: .seconds(interval))
    }

    package static func parse(
      _ arguments: inout Arguments,
      environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Options {
      let catalog = AppCatalog.current
      let app = try catalog.app(try arguments.option("--app") ?? catalog.defaultID)
      let portValue = try arguments.option("--port", as: Int.self) ?? 8080
      guard (0...65535).contains(portValue) else {
        throw CommandError.usage("option --port expects 0…65535, got \(portValue)")
      }
      let address = try arguments.option("--address") ?? "127.0.0.1"
      var configuration = SessionConfiguration()
      if let display = try arguments.displayProfile() { configuration.display = display }
      if let style = try arguments.contentStyle() { configuration.contentStyle = style }
      let locationText =
        try arguments.option("--location") ?? catalog.startLocation ?? "Kassel"
      let store =
        try arguments.option("--store").map { URL(fileURLWithPath: $0) }
        ?? StationStore.defaultDirectory()
      let interval = try arguments.option("--live-interval", as: Int.self) ?? 60
      guard (shortestLiveInterval...86_400).contains(interval) else {
        throw CommandError.usage(
          "option --live-interval expects \(shortestLiveInterval)…86400 seconds (a driving-task app refreshes data at most every 10 s), got \(interval)"
        )
      }
      let token = environment["WAYSIDE_LIVE_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
      let liveFeeds = try arguments.options("--live-feed").map {
        try liveEndpoint($0, interval: interval, token: token)
      }
      try arguments.finish()
      let places: PlaceDirectory
      do {
        places = try PlaceDirectory(geoJSON: BundledData.data(.places))
      } catch {
        throw CommandError.failure("cannot read the bundled places: \(error)")
      }
      let location: (label: String, coordinate: Coordinate)
      do {
        location = try places.resolve(locationText)
      } catch {
        throw CommandError.usage("option --location: \(error)")
      }
      return Options(
        app: app, port: UInt16(portValue), address: address, configuration: configuration,
        location: location, store: store, liveFeeds: liveFeeds)
    }
  }

  /// The side panel's stand-in for the phone app: the charging app's tariffs and vehicle in
  /// `driver`'s store.
  static func phoneSetup(_ driver: DriverSetupStore, catalog: TariffCatalog) -> PhoneSetup {
    // The catalogue by provider (the picker's groups), sorted once: the panel asks for the
    // choices on every change it shows.
    let byProvider = catalog.entries.map {
      PhoneChoice(
        id: $0.id, label: "\($0.name) (\($0.provider))", isChosen: false, group: $0.provider)
    }.sorted { $0.group.localizedCaseInsensitiveCompare($1.group) == .orderedAscending }
    return PhoneSetup(
      appID: ChargingApp.descriptor.id,
      tariffs: {
        let chosen = (try? driver.setup().tariffIDs) ?? []
        // Chosen first, in the driver's order, then the others by provider.
        let chosenChoices = chosen.compactMap { id in
          byProvider.first { $0.id == id }.map { choice -> PhoneChoice in
            var choice = choice
            choice.isChosen = true
            return choice
          }
        }
        return chosenChoices + byProvider.filter { !chosen.contains($0.id) }
      },
      vehicles: {
        let current = (try? driver.setup().vehicle?.id) ?? nil
        return VehicleProfiles.all.map {
          PhoneChoice(id: $0.id, label: VehicleCommand.describe($0), isChosen: $0.id == current)
        }
      },
      toggleTariff: { id in
        let name = catalog.entry(id: id)?.name ?? id
        return try driver.toggleTariff(id, in: catalog)
          ? "Tariff chosen on the phone: \(name)." : "Tariff removed on the phone: \(name)."
      },
      clearTariffs: {
        if (try? driver.isSample()) == true {
          try driver.clearSample()
          return
            "Sample driver cleared: no tariff chosen (ad-hoc or roaming prices), the standard car."
        }
        try driver.clearTariffs()
        return "No tariff chosen: ad-hoc or roaming prices."
      },
      setVehicle: { id in
        let profile = try driver.setVehicle(id)
        return "Vehicle set on the phone: \(profile.name)."
      },
      sample: {
        (try? driver.isSample()) == true ? DriverSetupStore.describeSample(catalog) : nil
      })
  }

  /// The simulator's backend and renderer over the current catalogue's apps, and the charging
  /// app's live-status hub — kept in `driver`'s store across restarts when there is one.
  @MainActor
  static func makeBackend(
    _ options: Options, driver: DriverSetupStore? = nil, phone: PhoneSetup? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) throws -> (
    backend: SimulatorBackend, renderer: CarHTMLRenderer, live: LiveStatusHub
  ) {
    let basemap: Basemap
    do {
      basemap = try Basemap.bundled()
    } catch {
      throw CommandError.failure("cannot load the bundled basemap: \(error)")
    }
    // Without a store (tests), the charging app keeps its in-memory setup and live status.
    let live = LiveStatusHub(
      archive: driver.map {
        LiveStatusArchive(store: $0.store, source: "wayside serve", diagnostics: warn)
      })
    let wayside = AppCatalog.current.isWayside
    let apps =
      wayside
      ? WaysideApps.apps(chargingDriver: driver?.client ?? .memory(.shared), now: now, live: live)
      : AppCatalog.current.apps
    let app = apps.first { $0.id == options.app.id } ?? options.app
    let controller = SimulatorController(
      apps: apps, app: app, configuration: options.configuration,
      location: options.location.coordinate, locationLabel: options.location.label,
      phone: phone, liveFeed: wayside ? localLiveFeed(live) : nil)
    return (
      SimulatorBackend(controller: controller),
      // Maps go to the page as images of their own, fetched once per camera and style.
      CarHTMLRenderer(
        mapRenderer: MapSVGRenderer(basemap: basemap, city: try? CityMap.bundled()),
        mapImages: MapImageStore()),
      live
    )
  }

  /// Writes `warning: …` to standard error.
  @Sendable static func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
  }

  /// The panel's switch for the charging app's live status from the local feed server
  /// (``LocalLiveFeed``: the bundled Ludwigsburg, Stuttgart and EnBW payloads replayed on
  /// loopback with their scripted changes, one step and one poll a minute).
  static func localLiveFeed(_ hub: LiveStatusHub) -> PanelFeed {
    let running = Mutex<LocalLiveFeed?>(nil)
    let place = LocalLiveFeed.place
    return PanelFeed(
      appID: ChargingApp.descriptor.id,
      title: "Live status: local feed server (Ludwigsburg, Stuttgart)",
      placeLabel: place.label, place: place.coordinate,
      start: {
        let feed = try LocalLiveFeed(
          hub: hub, matcher: { try await LocalLiveFeed.bundledMatcher() },
          diagnostics: warn)
        let previous = running.withLock { running in
          defer { running = feed }
          return running
        }
        await previous?.stop()
        return "Live status from \(feed.server.baseURL) (OCPI, chargecloud, DATEX II), a poll and a scripted change a minute; the car moved to \(place.label)."
      },
      stop: {
        let feed = running.withLock { running in
          defer { running = nil }
          return running
        }
        await feed?.stop()
        // The hub keeps the statuses (as the store does across a restart): shown, and on a
        // reconnect, they age until they read "unknown since HH:MM".
        return "Live status off: the statuses shown age until they read \"unknown since\"."
      })
  }

  /// Returns when the process receives SIGINT or SIGTERM, or standard input closes when it is
  /// not a terminal (so a parent process can stop the simulator by closing the pipe).
  package static func waitForInterrupt() async {
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let once = OnceFlag()
      let queue = DispatchQueue(label: "wayside.signals")
      var sources: [any DispatchSourceSignal] = []
      for sig in [SIGINT, SIGTERM] {
        let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
        source.setEventHandler {
          if once.claim() { continuation.resume() }
        }
        source.resume()
        sources.append(source)
      }
      SignalSources.keep(sources)
    }
  }
}

/// Fires at most once across threads.
final class OnceFlag: Sendable {
  private let fired = Mutex(false)
  func claim() -> Bool {
    fired.withLock { done in
      if done { return false }
      done = true
      return true
    }
  }
}

/// Keeps the signal sources alive for the life of the process.
enum SignalSources {
  // Written once on the command's task before any signal can arrive; never read after.
  nonisolated(unsafe) static var sources: [any DispatchSourceSignal] = []
  static func keep(_ new: [any DispatchSourceSignal]) { sources = new }
}

/// How the simulator's process asks glibc's allocator to hold memory.
///
/// The simulator answers each connection on a thread of its own (up to 256), and glibc gives
/// threads arenas of their own (up to eight per core) that keep what was freed in them; and
/// after a big block (the 1.3 MB screen document, a feed page's tree) is freed, glibc raises the
/// size from which blocks get their own mapping to that block's size, so later big blocks land
/// in the arenas and stay there. Together they took the simulator under the hostile load from
/// about 70 MiB to 300–500 MiB, most of it freed memory kept. Two arenas and a fixed threshold
/// of 256 KiB (big blocks are mapped and unmapped, as they were at the start) keep what the
/// process holds close to what it uses. Elsewhere than glibc this does nothing.
enum ServingMemory {
  static func configure() {
    #if os(Linux) && canImport(Glibc)
      _ = glibcMallopt(-8, 2)  // M_ARENA_MAX
      _ = glibcMallopt(-3, 256 * 1024)  // M_MMAP_THRESHOLD (fixed: no longer raised)
    #endif
  }
}

#if os(Linux) && canImport(Glibc)
  /// glibc's `mallopt` (declared in `<malloc.h>`, which the Glibc module does not export).
  @_silgen_name("mallopt")
  private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
