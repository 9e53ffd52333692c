/// A service an app reaches through the session's dependency container (``CarClients``), with
/// the value a live session uses and the value a test session uses.
///
/// ```swift
/// enum MediaLibraryKey: CarDependencyKey {
///   static let liveValue = MediaLibraryClient.bundled
///   static let testValue = MediaLibraryClient.fixed(.sample)
/// }
/// extension CarClients {
///   var library: MediaLibraryClient { self[MediaLibraryKey.self] }
/// }
/// ```
public protocol CarDependencyKey {
  /// The service's type.
  associatedtype Value: Sendable
  /// The value of a live session (``CarClients/live()``).
  static var liveValue: Value { get }
  /// The value of a test session (``CarClients/test(clock:location:dataSource:phone:feeds:)``); the
  /// live value unless the key says otherwise.
  static var testValue: Value { get }
}

extension CarDependencyKey {
  /// The live value.
  public static var testValue: Value { liveValue }
}

/// Values set for dependency keys: what a test, a journey or an app's convenience initialiser
/// puts in the container in place of a key's live or test value.
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

extension CarClients {
  /// The service for `key`: the value set in this container (by a test, a journey or the app),
  /// else the key's live or test value (``context``).
  ///
  /// A ``SwitchableClient`` comes out as the data-source switch says (``installed(_:)``): with
  /// the simulator's or a journey's `data empty|fail`, the container hands out the empty or
  /// failing client, so no app code reads the switch.
  public subscript<Key: CarDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      let value =
        overrides[key] ?? (context == .live ? Key.liveValue : Key.testValue)
      guard dataSource.mode != .normal, let client = value as? any SwitchableClient else {
        return value
      }
      return switched(client) as? Key.Value ?? value
    }
    set { overrides[key] = newValue }
  }

  private func switched<Client: SwitchableClient>(_ client: Client) -> any SwitchableClient {
    installed(client)
  }

  /// This container with `overrides` set, each replacing what the container held for its key.
  public func overriding(_ overrides: CarDependencyOverrides) -> CarClients {
    var result = self
    result.overrides = overrides.filling(from: self.overrides)
    return result
  }

  /// This container with `defaults` added for the keys it does not set: a session adds its
  /// app's own registrations (``CarApp/dependencies``) this way, so a test's or journey's
  /// overrides win over the app's.
  func registering(_ defaults: CarDependencyOverrides) -> CarClients {
    var result = self
    result.overrides = overrides.filling(from: defaults)
    return result
  }
}
