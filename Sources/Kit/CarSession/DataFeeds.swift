import Foundation

/// One payload handed to an app's named feed: a journey's `feed NAME FILE` step, a test.
public struct DataFeedPayload: Sendable, Hashable {
  /// The feed's name, the app's own word (the charging app listens to `live`).
  public var name: String
  /// The payload as read, e.g. a live-status document.
  public var bytes: Data
  /// Where it came from (a file path), for the app's diagnostics.
  public var source: String

  /// Creates a payload.
  public init(name: String, bytes: Data, source: String) {
    self.name = name
    self.bytes = bytes
    self.source = source
  }
}

/// Payloads for an app's own data feeds, shared between whoever hands them over — a journey's
/// `feed` step, a test — and the app, which hears each one through ``events`` inside an effect
/// (as it hears the phone's settings through ``PhoneSettingsBox``).
public final class DataFeedBox: Sendable {
  /// One event per payload.
  public let events = ClientEvents<DataFeedPayload>()

  /// Creates a box.
  public init() {}

  /// Whether an app listens (an effect iterates ``events``); a payload sent while none does is
  /// lost, so a journey reports it.
  public var hasListener: Bool { events.subscriberCount > 0 }

  /// Hands `payload` to the listening apps.
  public func send(_ payload: DataFeedPayload) { events.send(payload) }
}
