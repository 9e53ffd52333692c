/// A data client whose empty and failing values the kit installs when the data-source switch
/// (journeys' `data empty|fail`, the web simulator's panel) says so: a value of this type read
/// from the dependency container (`clients[Key.self]`) is already the one to use, and
/// ``CarClients/installed(_:)`` does the same for a client held elsewhere, so app code never
/// reads the switch itself.
///
/// ```swift
/// let library = clients[MediaLibraryKey.self]   // live, empty or failing
/// return .libraryLoaded(await library.load())
/// ```
public protocol SwitchableClient: Sendable {
  /// The client answering every call with nothing.
  var empty: Self { get }
  /// The client failing every call with an error that names its source and `reason`.
  func failing(_ reason: String) -> Self
}

extension CarClients {
  /// The client effects should use now: `live` itself, or the empty or failing value the
  /// data-source switch installs (``DataSourceMode``).
  public func installed<Client: SwitchableClient>(_ live: Client) -> Client {
    switch dataSource.mode {
    case .normal: live
    case .empty: live.empty
    case .failing: live.failing(DataSourceMode.failingReason)
    }
  }
}

extension DataSourceMode {
  /// What a failing client says: `the data source is set to fail`.
  public static let failingReason = "the data source is set to fail"
}
