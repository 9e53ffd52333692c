import Foundation
import Synchronization

/// A value built once per process on first use — a parsed bundled file, a road graph — that
/// every caller then shares.
///
/// The first caller of ``value()`` starts the build on a thread of its own; every caller, the
/// first included, suspends until it is done. A `static let` would build it on whichever
/// thread touches it first and block every other thread that touches it meanwhile. When those
/// threads belong to Swift's cooperative pool (one per core, so two on a small machine), a
/// seconds-long build stalls every task in the process — including a loopback HTTP server's
/// handlers in a test run. Here nobody blocks: waiting is a suspension.
///
/// The one such holder in the tree: bundled data, the road network, the charging app's station
/// index and a demo's places all load through it. A failed build is kept (the bundled files do
/// not change while the process runs) unless `retryingFailures` asks for another try on the next
/// call, as a data source that may come back does.
public final class LoadOnce<Value: Sendable>: Sendable {
  private enum State {
    case idle
    case loading([CheckedContinuation<Result<Value, any Error>, Never>])
    case done(Result<Value, any Error>)
  }

  private let state = Mutex<State>(.idle)
  private let build: @Sendable () throws -> Value
  private let retryingFailures: Bool

  /// Creates the holder; `build` runs at most once, on its own thread, when first asked for.
  public init(_ build: @escaping @Sendable () throws -> Value) {
    self.build = build
    self.retryingFailures = false
  }

  /// Creates the holder; `build` runs on its own thread when first asked for, and again after
  /// a failure when `retryingFailures` is true.
  public init(retryingFailures: Bool, _ build: @escaping @Sendable () throws -> Value) {
    self.build = build
    self.retryingFailures = retryingFailures
  }

  /// The value, building it on first use; rethrows the build's error to every caller.
  public func value() async throws -> Value {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Value, any Error>, Never>) in
      let action = state.withLock { state -> Result<Value, any Error>? in
        switch state {
        case .done(let result):
          return result
        case .loading(var waiting):
          waiting.append(continuation)
          state = .loading(waiting)
          return nil
        case .idle:
          state = .loading([continuation])
          let thread = Thread { [self] in finish(Result { try build() }) }
          thread.stackSize = 8 << 20
          thread.start()
          return nil
        }
      }
      if let action { continuation.resume(returning: action) }
    }
    return try result.get()
  }

  private func finish(_ result: Result<Value, any Error>) {
    let waiting = state.withLock {
      state -> [CheckedContinuation<Result<Value, any Error>, Never>] in
      guard case .loading(let waiting) = state else { return [] }
      if case .failure = result, retryingFailures {
        state = .idle
      } else {
        state = .done(result)
      }
      return waiting
    }
    for continuation in waiting { continuation.resume(returning: result) }
  }
}
