import Foundation

/// The simulator's change feed: every page's event stream subscribes here, and hears when the
/// display or panel may have changed.
@MainActor
final class SimulatorChangeFeed {
  private var subscribers: [UUID: AsyncStream<Void>.Continuation] = [:]
  private var watcher: Task<Void, Never>?

  /// A stream that yields after each ``publish()`` (the newest one kept while unread).
  func subscribe() -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = UUID()
    subscribers[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.subscribers[id] = nil }
    }
    return stream
  }

  /// Tells every subscriber the state may have changed.
  func publish() {
    for continuation in subscribers.values { continuation.yield() }
  }

  /// Runs `check` every 25 ms from now on (once, however often asked), for changes nobody
  /// publishes.
  func watch(_ check: @escaping @MainActor () -> Void) {
    guard watcher == nil else { return }
    watcher = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(25))
        check()
      }
    }
  }
}
