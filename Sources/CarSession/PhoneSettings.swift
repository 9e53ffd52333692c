import Synchronization

/// Settings the driver makes in the phone app (a charging app's tariffs and vehicle), shared
/// between whoever sets them — a journey's `phone` step, a test — and the app, which reads them
/// on top of its own store and hears each change through ``events``.
///
/// Keys and values are the app's own words (`tariffs` → tariff ids, `vehicle` → a profile
/// id); an empty box means the phone changed nothing.
public final class PhoneSettingsBox: Sendable {
  private let values: Mutex<[String: [String]]>
  /// One event per change.
  public let events = ClientEvents<Void>()

  /// Creates an empty box.
  public init() { values = Mutex([:]) }

  /// The values set for `key`, or nil when the phone never set it.
  public func values(for key: String) -> [String]? { values.withLock { $0[key] } }

  /// Sets `key` to `newValues` and publishes the change.
  public func set(_ key: String, to newValues: [String]) {
    values.withLock { $0[key] = newValues }
    events.send(())
  }

  /// Whether nothing was set.
  public var isEmpty: Bool { values.withLock { $0.isEmpty } }
}
