import CarSession
import CarTemplates

/// A demo app registered by name, so the command line (`--app NAME`), journeys and the web
/// simulator can find it.
public struct KitDemo: Sendable, Identifiable {
  /// The name to ask for, e.g. `list-detail`.
  public var id: String
  /// One line saying what it shows.
  public var summary: String
  /// The app's entitlements.
  public var entitlements: CarEntitlements
  /// The app's name as Siri hears it.
  public var appName: String
  /// The app's App Shortcuts.
  public var shortcuts: [VoiceShortcut]
  /// Every screen the app can build, for `wayside lint --app NAME`, in a stable order.
  public var sampleScreens: @Sendable (SessionConfiguration) -> [CarScreen]
  /// Starts a session of the app against a host.
  public var makeSession: @MainActor @Sendable (any CarHost, CarClients) -> any CarSessionDriving

  /// Registers an app with its initial state and the states whose screens `sampleScreens` lists
  /// (computed when first asked for, so a demo whose samples read bundled data costs nothing
  /// until a lint needs them).
  public init<App: CarApp>(
    _ id: String, summary: String, app: App, state: App.State,
    samples: @autoclosure @escaping @Sendable () -> [App.State] = []
  ) {
    self.id = id
    self.summary = summary
    self.entitlements = App.entitlements
    self.appName = App.name
    self.shortcuts = App.shortcuts
    self.sampleScreens = { configuration in
      var seen = Set<CarScreen>()
      return ([state] + samples()).map { app.screen($0, configuration) }
        .filter { seen.insert($0).inserted }
    }
    self.makeSession = { host, clients in
      CarSession(app: app, state: state, host: host, clients: clients)
    }
  }
}

/// Every demo app of the kit, by name.
public enum KitDemos {
  /// The demos, in the order listings show them.
  public static let all: [KitDemo] = [
    ListDetailDemo.demo,
    TabsDemo.demo,
    PlacesDemo.demo,
    MapDemo.demo,
    NowPlayingDemo.demo,
    RuleBreakerDemo.demo,
    MediaRuleBreakerDemo.demo,
  ]

  /// The demo with this name, if any.
  public static func named(_ name: String) -> KitDemo? {
    all.first { $0.id == name }
  }

  /// The names, comma-separated, for messages.
  public static var names: String { all.map(\.id).joined(separator: ", ") }
}
