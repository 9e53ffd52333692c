import Foundation
import Synchronization

/// A service an app reaches through the session's dependency container (``CarClients``), with
/// the value a live session uses and the value a journey uses.
///
/// A key has no value for tests: in a test container (``CarClients/test(clock:location:dataSource:phone:feeds:reportIssue:)``)
/// a key that nothing set fails the test when it is touched, naming the key
/// (``UnimplementedDependency``), so a test that forgets an override never runs on a live
/// service quietly. The test sets what it needs: an override, or the app's initialiser that
/// takes the service.
///
/// ```swift
/// enum MediaLibraryKey: CarDependencyKey {
///   static var liveValue: MediaLibraryClient { .bundled }
/// }
/// extension CarClients {
///   var library: MediaLibraryClient { self[MediaLibraryKey.self] }
/// }
/// ```
///
/// A container makes a key's live or journey value once, on first use, and keeps it: each
/// container (each session) has its own, so a `liveValue` that makes a fresh object
/// (`static var liveValue: Engine { Engine() }`) gives every car its own and no car sees
/// another's state.
public protocol CarDependencyKey {
  /// The service's type.
  associatedtype Value: Sendable
  /// The value of a live session (``CarClients/live()``, the web simulator).
  static var liveValue: Value { get }
  /// The value of a journey or `wayside render` (``CarClients/journey(clock:location:dataSource:phone:feeds:)``):
  /// the live value unless the key makes a run repeatable otherwise (the map app's time of day
  /// is noon, so arrival times do not depend on the day).
  static var journeyValue: Value { get }
}

extension CarDependencyKey {
  /// The live value.
  public static var journeyValue: Value { liveValue }
}

/// A dependency key touched in a test container without a value set for it: the test forgot an
/// override. What its ``CarClients/reportIssue`` hears; the test then fails naming the key.
public struct UnimplementedDependency: Sendable, Hashable, CustomStringConvertible {
  /// The key's type name, e.g. `ChargingServicesKey`.
  public var key: String
  /// The test that touched it, when the reporter knows.
  public var test: String?

  /// Creates a report.
  public init(key: String, test: String? = nil) {
    self.key = key
    self.test = test
  }

  /// `ChargingServicesKey has no test value: …`.
  public var description: String {
    let which = test.map { " in test '\($0)'" } ?? ""
    return "\(key) has no test value\(which): it was touched without an override; set one "
      + "(CarDependencyOverrides, or the app's initialiser that takes the service)"
  }
}

/// Values set for dependency keys: what a test, a journey or an app's convenience initialiser
/// puts in the container in place of a key's live value.
public struct CarDependencyOverrides: Sendable {
  private var values: [ObjectIdentifier: any Sendable] = [:]

  /// No overrides.
  public init() {}

  /// The value set for `key`, or nil.
  public subscript<Key: CarDependencyKey>(key: Key.Type) -> Key.Value? {
    get { values[ObjectIdentifier(key)] as? Key.Value }
    set { values[ObjectIdentifier(key)] = newValue }
  }

  /// Whether nothing is set.
  public var isEmpty: Bool { values.isEmpty }

  /// These overrides with `other`'s added for the keys these do not set.
  func filling(from other: CarDependencyOverrides) -> CarDependencyOverrides {
    var result = self
    result.values.merge(other.values) { mine, _ in mine }
    return result
  }
}

/// The live or journey values one container made, each once, on first use.
final class ResolvedDependencies: Sendable {
  private let values = Mutex<[ObjectIdentifier: any Sendable]>([:])

  func value<Key: CarDependencyKey>(
    for key: Key.Type, make: () -> Key.Value
  ) -> Key.Value {
    if let made = values.withLock({ $0[ObjectIdentifier(key)] as? Key.Value }) { return made }
    // Made outside the lock (a live value may read the container); the first one kept wins.
    let fresh = make()
    return values.withLock { values in
      if let made = values[ObjectIdentifier(key)] as? Key.Value { return made }
      values[ObjectIdentifier(key)] = fresh
      return fresh
    }
  }
}

extension CarClients {
  /// The service for `key`: the value set in this container (by a test, a journey or the app),
  /// else the key's live or journey value (``context``), made once per container. In a test
  /// container a key nothing set is reported to ``reportIssue`` (the test fails naming the
  /// key); the live value is handed out afterwards so the test runs to its end.
  ///
  /// A ``SwitchableClient`` comes out as the data-source switch says (``installed(_:)``): with
  /// the simulator's or a journey's `data empty|fail`, the container hands out the empty or
  /// failing client, so no app code reads the switch.
  public subscript<Key: CarDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      let value = overrides[key] ?? resolved(key)
      guard let client = value as? any SwitchableClient, dataSource.mode != .normal else {
        return value
      }
      return switched(client) as? Key.Value ?? value
    }
    set { overrides[key] = newValue }
  }

  private func resolved<Key: CarDependencyKey>(_ key: Key.Type) -> Key.Value {
    switch context {
    case .live: return cache.value(for: key) { Key.liveValue }
    case .journey: return cache.value(for: key) { Key.journeyValue }
    case .test:
      reportIssue(UnimplementedDependency(key: String(describing: key)))
      return cache.value(for: key) { Key.liveValue }
    }
  }

  private func switched<Client: SwitchableClient>(_ client: Client) -> any SwitchableClient {
    installed(client)
  }

  /// This container with `overrides` set, each replacing what the container held for its key.
  ///
  /// In a test container of a process started with `WAYSIDE_DELETE_TEST_OVERRIDES=1` the
  /// overrides are dropped, so every key an app touches fails the test naming it
  /// (`Tests/deleted-overrides.py` runs the apps' tests so).
  public func overriding(_ overrides: CarDependencyOverrides) -> CarClients {
    if deletesTestOverrides { return self }
    var result = self
    result.overrides = overrides.filling(from: self.overrides)
    return result
  }

  /// This container with `defaults` added for the keys it does not set: a session adds its
  /// app's own registrations (``CarApp/dependencies``) this way, so a test's or journey's
  /// overrides win over the app's.
  func registering(_ defaults: CarDependencyOverrides) -> CarClients {
    if deletesTestOverrides { return self }
    var result = self
    result.overrides = overrides.filling(from: defaults)
    return result
  }
}

extension CarClients {
  /// The environment variable that deletes every override a test sets.
  static let deleteTestOverridesVariable = "WAYSIDE_DELETE_TEST_OVERRIDES"

  /// Whether this is a test container in a process started with
  /// `WAYSIDE_DELETE_TEST_OVERRIDES=1`: then neither a test's overrides (`overriding(_:)`,
  /// `CarAppTester`'s and `SimulatedCar.test`'s `dependencies:`) nor an app's own
  /// registrations (``CarApp/dependencies``, the services an app's initialiser takes) are set,
  /// so every key an app touches fails the test naming it. The container's own test values
  /// (the clock, location, data-source switch, phone and feeds) stay. `Tests/deleted-overrides.py`
  /// runs the apps' tests so and checks that each test that makes a car fails naming a key —
  /// the proof that no app test runs on a live service a forgotten override would leave it.
  var deletesTestOverrides: Bool {
    context == .test && Self.overridesDeletedInProcess
  }

  /// Read once per process.
  static let overridesDeletedInProcess =
    ProcessInfo.processInfo.environment[deleteTestOverridesVariable] == "1"
}
