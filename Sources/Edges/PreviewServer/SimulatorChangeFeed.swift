import CarSimulator
import Foundation

/// The simulator's change feed: every page's event stream subscribes here, and hears when the
/// display or panel may have changed. Changes are pushed by whoever makes them; nothing here
/// checks for them on a schedule.
@MainActor
final class SimulatorChangeFeed {
  private var subscribers: [UUID: AsyncStream<Void>.Continuation] = [:]

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
}

/// A timer for the host's spinner timeout (``CarSimulator/spinnerTimeout``): armed for the
/// earliest unreported spinner, it fires once when that row has spun too long.
@MainActor
final class SpinnerTimer {
  private var task: Task<Void, Never>?

  /// Arms the timer for `host`'s earliest unreported spinner, unless it is armed already or no
  /// row spins; `fire` runs when the timeout is due.
  func arm(for host: CarSimulator, fire: @escaping @MainActor () -> Void) {
    guard task == nil,
      let since = host.spinners.values.filter({ !$0.reported }).map(\.since).min()
    else { return }
    let due = since + CarSimulator.spinnerTimeout - host.clock.now()
    task = Task { [weak self] in
      if due > .zero { try? await Task.sleep(for: due) }
      guard !Task.isCancelled else { return }
      self?.task = nil
      fire()
    }
  }

  /// Disarms the timer (the host it was armed for is gone).
  func stop() {
    task?.cancel()
    task = nil
  }
}

/// The status bar clock's minute: `tick` runs at the start of every wall-clock minute, the
/// moment the clock text changes.
@MainActor
final class MinuteTicks {
  private var task: Task<Void, Never>?

  /// Starts ticking (once, however often asked).
  func start(_ tick: @escaping @MainActor () -> Void) {
    guard task == nil else { return }
    task = Task {
      while !Task.isCancelled {
        let now = Date().timeIntervalSince1970
        let next = ((now / 60).rounded(.down) + 1) * 60
        // The clock's own tick: it sleeps until the minute the status bar shows next changes.
        try? await Task.sleep(for: .seconds(next - now + 0.01))
        tick()
      }
    }
  }
}
