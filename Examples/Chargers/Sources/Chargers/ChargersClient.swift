import CarSession

/// Where the chargers come from, behind a seam: a network service in your app, sample data in
/// the simulator, a fixed list in tests. Effects read it from the session's dependency
/// container (`clients.chargers`), never from a global.
public struct ChargersClient: Sendable {
  /// The source's name, for error messages.
  public var name: String
  /// The chargers near the car, nearest first.
  public var nearby: @Sendable () async throws -> [Charger]

  /// Creates a client.
  public init(name: String, nearby: @escaping @Sendable () async throws -> [Charger]) {
    self.name = name
    self.nearby = nearby
  }

  /// A client answering with `chargers` at once (a test value).
  public static func fixed(_ chargers: [Charger], name: String = "fixed chargers")
    -> ChargersClient
  {
    ChargersClient(name: name) { chargers }
  }

  /// The sample chargers, answered after `latency` on `clock`: a stand-in for a network
  /// service, slow enough in the simulator to show the loading state.
  public static func sample(latency: Duration = .zero, clock: CarClock = .live())
    -> ChargersClient
  {
    ChargersClient(name: "sample chargers") {
      if latency > .zero { await clock.sleep(latency) }
      return Charger.samples
    }
  }
}

/// The simulator's data-source switch (Normal, Empty, Fail) and a journey's `data empty|fail`
/// hand out these values in place of the client, so the app never reads the switch.
extension ChargersClient: SwitchableClient {
  /// A client that finds no chargers.
  public var empty: ChargersClient { ChargersClient(name: name) { [] } }

  /// A client whose every call fails, naming the source and `reason`.
  public func failing(_ reason: String) -> ChargersClient {
    let name = self.name
    return ChargersClient(name: name) {
      throw DataSourceError(source: name, query: "near the car", reason: reason)
    }
  }
}

/// The chargers client in the dependency container. A test that touches it without setting a
/// value fails, naming this key: tests never run on the live service by accident.
public enum ChargersClientKey: CarDependencyKey {
  /// The simulator and an app on a phone: the sample chargers after a second.
  public static var liveValue: ChargersClient { .sample(latency: .seconds(1)) }
  /// Journeys: the sample chargers at once, so every run is the same.
  public static var journeyValue: ChargersClient { .sample() }
}

extension CarClients {
  /// The chargers client, as the data-source switch leaves it.
  public var chargers: ChargersClient { self[ChargersClientKey.self] }
}
