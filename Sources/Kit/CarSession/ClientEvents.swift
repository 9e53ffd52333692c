import Synchronization

/// A broadcast channel of events from a client (location updates, playback progress, a
/// player's state) that an app consumes inside ``Effect/run(id:_:)``.
///
/// Every iteration of ``values(counting:)`` is a subscriber with its own unbounded buffer of
/// the events sent after it subscribed. Iteration ends when the channel is finished or when the
/// iterating task is cancelled — the session cancels every effect when the car disconnects, so
/// a stream never outlives the connection. A subscriber waiting with a ``WaitGauge`` counts as
/// idle on it, so ``CarSession/settle()`` does not wait for events only a test can produce.
public final class ClientEvents<Element: Sendable>: Sendable {
  private struct Subscriber {
    var buffer: [Element] = []
    var waiter: CheckedContinuation<Element?, Never>?
    var gauge: WaitGauge?
    /// The gauges the waiting task counts on: the one it named and its session's.
    var waitGauges: [WaitGauge] = []
    var cancelled = false
  }
  /// A woken waiter and the gauges it counted on.
  private typealias Woken = (continuation: CheckedContinuation<Element?, Never>, gauges: [WaitGauge])
  private struct State {
    var subscribers: [Int: Subscriber] = [:]
    var nextID = 0
    var finished = false
    /// Tasks waiting (`waitForSubscribers(atMost:)`) for the count to drop.
    var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }
  private let state = Mutex(State())

  /// Creates an open channel.
  public init() {}

  /// A channel that is already finished: iterating it ends at once.
  public static var finished: ClientEvents {
    let channel = ClientEvents()
    channel.finish()
    return channel
  }

  /// The number of current subscribers.
  public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// Returns once at most `count` subscribers remain (at once when that already holds): a
  /// subscription ends when its iterating task lets go of it, which a test waits for as an
  /// event instead of yielding in a loop.
  package func waitForSubscribers(atMost count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let reached = state.withLock { state -> Bool in
        if state.subscribers.count <= count { return true }
        state.countWaiters.append((count, continuation))
        return false
      }
      if reached { continuation.resume() }
    }
  }

  /// Sends an event to every current subscriber.
  public func send(_ element: Element) {
    let woken = state.withLock { state -> [Woken] in
      guard !state.finished else { return [] }
      var woken: [Woken] = []
      for id in state.subscribers.keys {
        guard var subscriber = state.subscribers[id], !subscriber.cancelled else { continue }
        if let waiter = subscriber.waiter {
          subscriber.waiter = nil
          woken.append((waiter, subscriber.waitGauges))
          subscriber.waitGauges = []
        } else {
          subscriber.buffer.append(element)
        }
        state.subscribers[id] = subscriber
      }
      return woken
    }
    for (waiter, gauges) in woken {
      for gauge in gauges { gauge.add(-1) }
      waiter.resume(returning: element)
    }
  }

  /// Ends every iteration once its buffer is drained; later sends are ignored.
  public func finish() {
    let woken = state.withLock { state -> [Woken] in
      state.finished = true
      var woken: [Woken] = []
      for (id, subscriber) in state.subscribers {
        if let waiter = subscriber.waiter {
          woken.append((waiter, subscriber.waitGauges))
          state.subscribers[id]?.waiter = nil
          state.subscribers[id]?.waitGauges = []
        }
      }
      return woken
    }
    for (waiter, gauges) in woken {
      for gauge in gauges { gauge.add(-1) }
      waiter.resume(returning: nil)
    }
  }

  /// The events sent from now on, as an asynchronous sequence; waiting counts on `gauge` when
  /// one is given (pass the session clock's ``CarClock/idle``), and always on the gauge of the
  /// session whose effect iterates it.
  public func values(counting gauge: WaitGauge? = nil) -> Values {
    Values(channel: self, gauge: gauge)
  }

  fileprivate func subscribe(gauge: WaitGauge?) -> Int {
    state.withLock { state in
      state.nextID += 1
      state.subscribers[state.nextID] = Subscriber(gauge: gauge)
      return state.nextID
    }
  }

  fileprivate func unsubscribe(_ id: Int) {
    let (waiter, reached) = state.withLock { state -> (Woken?, [CheckedContinuation<Void, Never>]) in
      let subscriber = state.subscribers.removeValue(forKey: id)
      let remaining = state.subscribers.count
      let reached = state.countWaiters.filter { $0.count >= remaining }.map(\.continuation)
      state.countWaiters.removeAll { $0.count >= remaining }
      guard let subscriber, let waiter = subscriber.waiter else { return (nil, reached) }
      return ((waiter, subscriber.waitGauges), reached)
    }
    for continuation in reached { continuation.resume() }
    if let (waiter, gauges) = waiter {
      for gauge in gauges { gauge.add(-1) }
      waiter.resume(returning: nil)
    }
  }

  fileprivate func next(_ id: Int) async -> Element? {
    let session = WaitGauge.session
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
        let ready = state.withLock { state -> (Element?, Bool) in
          guard var subscriber = state.subscribers[id], !subscriber.cancelled, !Task.isCancelled
          else { return (nil, true) }
          if !subscriber.buffer.isEmpty {
            let first = subscriber.buffer.removeFirst()
            state.subscribers[id] = subscriber
            return (first, true)
          }
          if state.finished { return (nil, true) }
          subscriber.waiter = continuation
          subscriber.waitGauges = [subscriber.gauge, session].compactMap { $0 }
          for gauge in subscriber.waitGauges { gauge.add(1) }
          state.subscribers[id] = subscriber
          return (nil, false)
        }
        if ready.1 { continuation.resume(returning: ready.0) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Woken? in
        guard var subscriber = state.subscribers[id] else { return nil }
        subscriber.cancelled = true
        let waiter = subscriber.waiter.map { ($0, subscriber.waitGauges) }
        subscriber.waiter = nil
        subscriber.waitGauges = []
        state.subscribers[id] = subscriber
        return waiter
      }
      if let (waiter, gauges) = waiter {
        for gauge in gauges { gauge.add(-1) }
        waiter.resume(returning: nil)
      }
    }
  }

  /// The events of one channel as an asynchronous sequence.
  public struct Values: AsyncSequence, Sendable {
    let channel: ClientEvents
    let gauge: WaitGauge?

    /// Subscribes to the channel.
    public func makeAsyncIterator() -> Iterator {
      Iterator(Subscription(channel: channel, id: channel.subscribe(gauge: gauge)))
    }

    /// Yields the events of one subscription, nil once the channel finished or the task was
    /// cancelled.
    public struct Iterator: AsyncIteratorProtocol {
      let subscription: Subscription
      init(_ subscription: Subscription) { self.subscription = subscription }

      /// The next event, or nil at the end.
      public mutating func next() async -> Element? {
        await subscription.channel.next(subscription.id)
      }
    }
  }

  /// Unsubscribes when the last iterator holding it goes away.
  final class Subscription: Sendable {
    let channel: ClientEvents
    let id: Int
    init(channel: ClientEvents, id: Int) {
      self.channel = channel
      self.id = id
    }
    deinit { channel.unsubscribe(id) }
  }
}
