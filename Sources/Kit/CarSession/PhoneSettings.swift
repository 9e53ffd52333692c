import Synchronization

/// Settings the driver makes in the phone app (a charging app's tariffs and vehicle), shared
/// between whoever sets them — a journey's `phone` step, a test — and the app, which reads them
/// on top of its own store and hears each change through ``events``.
///
/// Keys and values are the app's own words (`tariffs` → tariff ids, `vehicle` → a profile
/// id); an empty box means the phone changed nothing.
public final class PhoneSettingsBox: Sendable {
  private let values: Mutex<[String: [String]]>
  private let rejections = Mutex<[String]>([])
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

  /// Records that the app could not use a setting (an unknown id), in a sentence naming the
  /// value and what was expected; whoever set it (a journey's `phone` step) reports it.
  public func reject(_ problem: String) {
    rejections.withLock { $0.append(problem) }
  }

  /// The problems the app reported since the last call, oldest first; clears them.
  public func takeRejections() -> [String] {
    rejections.withLock { list in
      defer { list = [] }
      return list
    }
  }

  /// Whether nothing was set.
  public var isEmpty: Bool { values.withLock { $0.isEmpty } }
}
