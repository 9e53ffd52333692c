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
/// The one asynchronous compute-once holder in the tree: bundled data, the road network, the
/// charging app's station index and site search, the media catalogue and a demo's places all
/// load through it. A build that itself waits for other loads (the charging search waits for the
/// station set and the tariffs) is made with ``init(retryingFailures:asynchronous:)``: it runs
/// as a task, and its CPU-bound steps go to threads of their own. A failed build is kept (the
/// bundled files do not change while the process runs) unless `retryingFailures` asks for
/// another try on the next call, as a data source that may come back does.
///
/// Its synchronous sibling is the charging app's `Lazy` (a site's derived facts, a search's site
/// catalogue): a value read on the screen-building path, which cannot suspend, and cheap
/// enough to build in place; two racing readers may both build it, and the first one stored
/// wins. Two process-wide values are still `static let`s read synchronously by the renderers
/// (`BundledMaps.shared` in CarRender, `DestinationIndex.shared` in MapCar): making them
/// `LoadOnce` values means making their readers asynchronous.
public final class LoadOnce<Value: Sendable>: Sendable {
  private enum State {
    case idle
    case loading([CheckedContinuation<Result<Value, any Error>, Never>])
    case done(Result<Value, any Error>)
  }

  /// How the value is built: on a thread of its own, or as a task that awaits other work.
  private enum Build: Sendable {
    case onThread(@Sendable () throws -> Value)
    case asynchronous(@Sendable () async throws -> Value)
  }

  private let state = Mutex<State>(.idle)
  private let build: Build
  private let retryingFailures: Bool

  /// Creates the holder; `build` runs at most once, on its own thread, when first asked for.
  public init(_ build: @escaping @Sendable () throws -> Value) {
    self.build = .onThread(build)
    self.retryingFailures = false
  }

  /// Creates the holder; `build` runs on its own thread when first asked for, and again after
  /// a failure when `retryingFailures` is true.
  public init(retryingFailures: Bool, _ build: @escaping @Sendable () throws -> Value) {
    self.build = .onThread(build)
    self.retryingFailures = retryingFailures
  }

  /// Creates the holder over a build that awaits other work (other loads): it runs as a task
  /// when first asked for, and again after a failure when `retryingFailures` is true. Its
  /// CPU-bound steps belong on threads of their own, not on the cooperative pool.
  public init(
    retryingFailures: Bool = false, asynchronous build: @escaping @Sendable () async throws -> Value
  ) {
    self.build = .asynchronous(build)
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
          start()
          return nil
        }
      }
      if let action { continuation.resume(returning: action) }
    }
    return try result.get()
  }

  private func start() {
    switch build {
    case .onThread(let build):
      let thread = Thread { [self] in finish(Result { try build() }) }
      thread.stackSize = 8 << 20
      thread.start()
    case .asynchronous(let build):
      Task { [self] in
        let result: Result<Value, any Error>
        do { result = .success(try await build()) } catch { result = .failure(error) }
        finish(result)
      }
    }
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
