import Synchronization

/// The per-node arrays of one road search, kept between searches.
///
/// An entry counts for the current search only when its stamp (`reached`, `done`) equals the
/// search's generation, so starting a search costs one increment instead of filling arrays of
/// every node. Owned by one search at a time: ``SearchScratchPool`` hands it out and takes it
/// back, which is why it may cross threads (`@unchecked Sendable`).
final class SearchScratch: @unchecked Sendable {
  var generation: UInt32 = 0
  /// Every node's time and stamps side by side, one cache line for what the search reads.
  var state: [NodeState]
  var via: [Int32]
  var parent: [Int32]
  var heap = MinHeap<Int32>(capacity: 4096)

  init(nodeCount: Int) {
    state = [NodeState](repeating: NodeState(), count: nodeCount)
    via = [Int32](repeating: -1, count: nodeCount)
    parent = [Int32](repeating: -1, count: nodeCount)
  }

  /// Starts a search: the next generation (stamps are cleared once every 2³² − 1 searches)
  /// and an empty queue.
  func begin() -> UInt32 {
    generation &+= 1
    if generation == 0 {
      for i in state.indices { state[i] = NodeState() }
      generation = 1
    }
    heap.removeAll()
    return generation
  }
}

/// One node's search state: its best time so far, valid when `reached` is the search's
/// generation, and whether it is settled (`done` is the generation).
struct NodeState {
  var best = Double.infinity
  var reached: UInt32 = 0
  var done: UInt32 = 0
}

/// Scratch arrays for a network's searches: one per search running at the same time, reused
/// after it ends (at most `limit` kept).
final class SearchScratchPool: Sendable {
  private let free = Mutex<[SearchScratch]>([])
  private let limit = 4

  /// A scratch for `nodeCount` nodes: a kept one, or a new one when every kept one is in use.
  func take(nodeCount: Int) -> SearchScratch {
    let kept = free.withLock { $0.popLast() }
    if let kept, kept.state.count == nodeCount { return kept }
    return SearchScratch(nodeCount: nodeCount)
  }

  /// Returns a scratch after its search.
  func give(_ scratch: SearchScratch) {
    free.withLock { kept in
      if kept.count < limit { kept.append(scratch) }
    }
  }
}
