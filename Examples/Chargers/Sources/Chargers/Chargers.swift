import CarSession
import CarTemplates
import Foundation

/// Chargers near the car: a list that loads from a ``ChargersClient`` (with its loading, empty
/// and error-with-Retry states), a charger's details, and directions in Apple Maps.
public struct Chargers: CarApp {
  /// What the list shows.
  public enum Load: Equatable, Sendable {
    /// The client has not answered yet.
    case loading
    /// The client's answer, nearest first; empty when it found none.
    case loaded([Charger])
    /// The client failed with this message.
    case failed(String)
  }

  /// Everything the app remembers; the screen is built from it alone.
  public struct State: Equatable, Sendable {
    /// What the list shows.
    public var chargers: Load
    /// The charger whose details are open, if any.
    public var open: Charger?

    /// Creates a state; by default loading, nothing open.
    public init(chargers: Load = .loading, open: Charger? = nil) {
      self.chargers = chargers
      self.open = open
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// The car connected: load the chargers.
    case appeared
    /// The client answered.
    case loaded([Charger])
    /// The client failed.
    case failed(String)
    /// The driver pressed Retry.
    case retry
    /// The driver tapped a charger's row.
    case open(Charger.ID)
    /// The driver pressed Navigate on a charger's details.
    case navigate(Charger.ID)
    /// The driver pressed the car's back button: the host popped the details.
    case back
  }

  /// The driver taps ``ChargersRoute`` values, never id strings.
  public typealias Route = ChargersRoute

  /// An EV charging app (its CarPlay entitlement is `com.apple.developer.carplay-charging`).
  public static let entitlements = CarEntitlements.single(.evCharging)
  /// The name Siri hears.
  public static let name = "Chargers"

  /// Creates the app.
  public init() {}

  /// Changes the state and returns the work to do: loading is an effect that reads the client
  /// from the dependency container; Navigate is an effect that opens Maps.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .appeared, .retry:
      state.chargers = .loading
      return [
        .run { clients in
          do {
            return .loaded(try await clients.chargers.nearby())
          } catch {
            return .failed("\(error)")
          }
        }
      ]
    case .loaded(let chargers):
      state.chargers = .loaded(chargers)
    case .failed(let message):
      state.chargers = .failed(message)
    case .open(let id):
      guard case .loaded(let chargers) = state.chargers else { return [] }
      state.open = chargers.first { $0.id == id }
    case .navigate(let id):
      guard let charger = state.open, charger.id == id, let url = Self.directions(to: charger)
      else { return [] }
      return [.openURL(url)]
    case .back:
      state.open = nil
    }
    return []
  }

  /// Every route the screen for `state` offers: the session looks a tap up among them.
  public func routes(_ state: State) -> [ChargersRoute] {
    var routes: [ChargersRoute] = []
    switch state.chargers {
    case .loading: break
    case .loaded(let chargers): routes += chargers.map { .charger($0.id) }
    case .failed: routes.append(.retry)
    }
    if let open = state.open { routes.append(.navigate(open.id)) }
    return routes
  }

  /// What a tapped route means.
  public func action(for route: ChargersRoute, in state: State) -> Action? {
    switch route {
    case .charger(let id): .open(id)
    case .retry: .retry
    case .navigate(let id): .navigate(id)
    }
  }

  /// What the car's other events mean. The host is the authority: when the driver presses
  /// back, the host has already popped the details, and the state follows.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .connected: .appeared
    case .backPressed: .back
    default: nil
    }
  }

  /// Directions to `charger` in Apple Maps.
  public static func directions(to charger: Charger) -> URL? {
    var url = URLComponents(string: "https://maps.apple.com/")
    url?.queryItems = [
      URLQueryItem(name: "daddr", value: "\(charger.coordinate)"),
      URLQueryItem(name: "q", value: charger.name),
    ]
    return url?.url
  }
}

extension Chargers {
  /// The app as the simulator, journeys and lint know it: id `chargers`. The sample states
  /// are the screens `lint --app chargers` checks.
  public static let descriptor = AnyCarApp(
    "chargers", summary: "chargers near the car, their details and directions in Maps",
    app: Chargers(), state: State(),
    samples: [
      State(chargers: .loaded(Charger.samples)),
      State(chargers: .loaded(Charger.samples), open: Charger.samples.first),
      State(chargers: .loaded([])),
      State(chargers: .failed("the data source is set to fail")),
    ])
}
