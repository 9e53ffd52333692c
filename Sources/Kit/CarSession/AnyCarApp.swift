import CarTemplates

/// One app, described once: what the host must know about it, how to start its session and
/// which screens it can build.
///
/// Every place that runs an app — the web simulator, `wayside render`, `wayside journey`,
/// `wayside lint`, journeys and tests — takes an `AnyCarApp`, so adding an app is one module and
/// one registry line (`WaysideApps`).
///
/// ```swift
/// public static let descriptor = AnyCarApp(
///   "charging", summary: "chargers near the car", app: ChargingApp(clients: .bundled),
///   state: .initial, samples: [.loaded, .failed])
/// ```
public struct AnyCarApp: Sendable, Identifiable {
  /// The name to ask for, e.g. `charging` or `list-detail`.
  public var id: String
  /// One line saying what it shows.
  public var summary: String
  /// The app's entitlements.
  public var entitlements: CarEntitlements
  /// The app's name as Siri hears it.
  public var appName: String
  /// The app's App Shortcuts.
  public var shortcuts: [VoiceShortcut]
  /// The app's own images by asset name, as SVG documents (``CarApp/assetImages``).
  public var assetImages: [String: String]
  /// Every screen the app can build from its initial and sample states, for
  /// `wayside lint --app NAME`, in a stable order without repeats.
  public var sampleScreens: @Sendable (SessionConfiguration) -> [CarScreen]
  private let start:
    @MainActor @Sendable (any CarHost, CarClients, any CarRules) -> any AnyCarSession

  /// Describes an app with its initial state and the states whose screens ``sampleScreens``
  /// lists (computed when first asked for, so an app whose samples read bundled data costs
  /// nothing until a lint needs them).
  public init<App: CarApp>(
    _ id: String, summary: String, app: App, state: App.State,
    samples: @autoclosure @escaping @Sendable () -> [App.State] = []
  ) {
    self.init(
      id, summary: summary, app: { app }, state: { state }, samples: samples)
  }

  /// Describes an app whose value and initial state are made when a session starts (an app
  /// whose clients open a store or load bundled data lazily).
  public init<App: CarApp>(
    _ id: String, summary: String, app: @escaping @Sendable () -> App,
    state: @escaping @Sendable () -> App.State,
    samples: @escaping @Sendable () -> [App.State] = { [] }
  ) {
    self.id = id
    self.summary = summary
    self.entitlements = App.entitlements
    self.appName = App.name
    self.shortcuts = App.shortcuts
    self.assetImages = App.assetImages
    self.sampleScreens = { configuration in
      var seen = Set<CarScreen>()
      let app = app()
      return ([state()] + samples()).map { app.screen($0, configuration) }
        .filter { seen.insert($0).inserted }
    }
    self.start = { host, clients, rules in
      CarSession(app: app(), state: state(), host: host, clients: clients, rules: rules)
    }
  }

  /// Starts a session of the app against a host; the session installs itself as the host's
  /// event handler.
  @MainActor
  public func makeSession(
    _ host: any CarHost, _ clients: CarClients, rules: any CarRules = .standard
  ) -> any AnyCarSession {
    start(host, clients, rules)
  }
}
