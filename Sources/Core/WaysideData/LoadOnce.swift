import Foundation
import Synchronization

/// A value built once on first use — a parsed bundled file, a road graph, a site catalogue, an
/// index's lookup tables — that every reader then shares: the tree's one compute-once holder.
///
/// **Awaited** (``value()``): the first caller starts the build on a thread of its own and every
/// caller, the first included, suspends until it is done. A blocking `static let` would build
/// on whichever thread touches it first and block every other thread that touches it
/// meanwhile; when those belong to Swift's cooperative pool (one per core, so two on a small
/// machine), a seconds-long build stalls every task in the process — including a loopback HTTP
/// server's handlers in a test run. Here nobody blocks: waiting is a suspension. A build that
/// itself waits for other loads (the charging search waits for the station set and the
/// tariffs) is made with ``init(retryingFailures:asynchronous:)``: it runs as a task, and its
/// CPU-bound steps go to threads of their own.
///
/// **Read in place** (``get()``): where nothing may suspend — a screen being built, a renderer,
/// a query — the first reader builds the value on its own thread and readers arriving
/// meanwhile wait for it; afterwards a read takes no lock (one atomic load). The bundled maps,
/// the map app's destination index, a site's derived facts, the search's site catalogue and the
/// station index's lookup tables are read this way. A holder built asynchronously cannot be
/// read in place: ``get()`` throws ``LoadOnceError`` naming the value's type.
///
/// `Failure` is what the build throws: `any Error` for a build that may fail, `Never` for one
/// that cannot (then ``get()`` needs no `try`). A failed build is kept (bundled files do not
/// change while the process runs) unless `retryingFailures` asks for another try on the next
/// read, as a data source that may come back does.
public final class LoadOnce<Value: Sendable, Failure: Error>: @unchecked Sendable {
  // Safe to share: `kept` is written exactly once, inside `state`'s lock, before `ready` is set
  // with release ordering; it is read only after seeing `ready` with acquire ordering, so a
  // reader never observes a partial write. Everything else is immutable or behind a Mutex.
  private enum State {
    case idle
    case loading([CheckedContinuation<Result<Value, Failure>, Never>])
    case done(Result<Value, Failure>)
  }

  /// How the value is built: in place or on a thread of its own, or as a task that awaits
  /// other work.
  private enum Build: Sendable {
    case synchronous(@Sendable () throws(Failure) -> Value)
    /// An asynchronous build and the error a read in place gets (it must be awaited).
    case asynchronous(@Sendable () async throws(Failure) -> Value, refusal: Failure)
  }

  private let state = Mutex<State>(.idle)
  private let ready = Atomic<Bool>(false)
  private var kept: Result<Value, Failure>?
  /// Held by a reader building in place, so readers racing it wait and the build runs once.
  private let building = Mutex<Void>(())
  private let build: Build
  private let retryingFailures: Bool

  /// Creates the holder; `build` runs at most once, when first asked for.
  public init(_ build: @escaping @Sendable () throws(Failure) -> Value) {
    self.build = .synchronous(build)
    self.retryingFailures = false
  }

  /// Creates the holder; `build` runs when first asked for, and again after a failure when
  /// `retryingFailures` is true.
  public init(
    retryingFailures: Bool, _ build: @escaping @Sendable () throws(Failure) -> Value
  ) {
    self.build = .synchronous(build)
    self.retryingFailures = retryingFailures
  }

  private init(build: Build, retryingFailures: Bool) {
    self.build = build
    self.retryingFailures = retryingFailures
  }

  /// The value, building it on first use on a thread of its own; rethrows the build's error to
  /// every caller. Nobody blocks: callers suspend while it is built.
  public func value() async throws(Failure) -> Value {
    if ready.load(ordering: .acquiring), let kept { return try kept.get() }
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
      let answer = state.withLock { state -> Result<Value, Failure>? in
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
      if let answer { continuation.resume(returning: answer) }
    }
    return try result.get()
  }

  /// The value, read where nothing may suspend: built here, on the calling thread, by the first
  /// reader (readers arriving meanwhile wait for it), then read without a lock. Rethrows the
  /// build's error. A holder built asynchronously throws ``LoadOnceError`` (read it with
  /// ``value()``).
  public func get() throws(Failure) -> Value {
    if ready.load(ordering: .acquiring), let kept { return try kept.get() }
    return try building.withLock { _ throws(Failure) -> Value in
      if ready.load(ordering: .acquiring), let kept { return try kept.get() }
      switch build {
      case .synchronous(let make):
        return try keep(Result { () throws(Failure) -> Value in try make() }).get()
      case .asynchronous(_, let refusal):
        throw refusal
      }
    }
  }

  private func start() {
    switch build {
    case .synchronous(let build):
      let thread = Thread { [self] in keep(Result { () throws(Failure) -> Value in try build() }) }
      thread.stackSize = 8 << 20
      thread.start()
    case .asynchronous(let build, _):
      Task { [self] in
        let result: Result<Value, Failure>
        do throws(Failure) {
          result = .success(try await build())
        } catch {
          result = .failure(error)
        }
        keep(result)
      }
    }
  }

  /// Keeps `result` unless another build's result is kept already (a reader in place and a
  /// thread may both have built), wakes the callers waiting in ``value()``, and returns the
  /// result that stands. A failure is not kept when `retryingFailures` is set.
  @discardableResult
  private func keep(_ result: Result<Value, Failure>) -> Result<Value, Failure> {
    let (waiting, standing) = state.withLock {
      state -> ([CheckedContinuation<Result<Value, Failure>, Never>], Result<Value, Failure>) in
      var waiting: [CheckedContinuation<Result<Value, Failure>, Never>] = []
      switch state {
      case .done(let earlier): return ([], earlier)
      case .loading(let callers): waiting = callers
      case .idle: break
      }
      if case .failure = result, retryingFailures {
        state = .idle
      } else {
        state = .done(result)
        kept = result
        ready.store(true, ordering: .releasing)
      }
      return (waiting, result)
    }
    for continuation in waiting { continuation.resume(returning: standing) }
    return standing
  }
}

extension LoadOnce where Failure == any Error {
  /// Creates the holder over a build that awaits other work (other loads): it runs as a task
  /// when first asked for, and again after a failure when `retryingFailures` is true. Its
  /// CPU-bound steps belong on threads of their own, not on the cooperative pool. Read it with
  /// ``value()``; ``get()`` throws ``LoadOnceError``.
  public convenience init(
    retryingFailures: Bool = false,
    asynchronous build: @escaping @Sendable () async throws -> Value
  ) {
    self.init(
      build: .asynchronous(build, refusal: LoadOnceError(valueType: "\(Value.self)")),
      retryingFailures: retryingFailures)
  }
}

extension LoadOnce where Failure == Never {
  /// A holder that already holds `value` (a search made over sites the caller has).
  public convenience init(value: Value) {
    self.init { value }
    keep(.success(value))
  }
}

/// A holder built asynchronously was read in place (``LoadOnce/get()``); it must be awaited.
public struct LoadOnceError: Error, CustomStringConvertible, Sendable {
  /// The type of the value that was asked for.
  public var valueType: String
  /// Creates the error.
  public init(valueType: String) { self.valueType = valueType }
  /// Names the value and what to do instead.
  public var description: String {
    "the \(valueType) is built asynchronously (it awaits other loads); read it with value(), not get()"
  }
}
