import Charging
import Geo

extension StationIndex {
  /// The `limit` stations nearest to `point` by great-circle distance that match `filter`.
  ///
  /// The filter is applied during the search, not to a fixed top-k, so the result holds the
  /// `limit` nearest *matching* stations (fewer only when fewer match). Equal distances are
  /// broken by station id, as in the results' order. Best-first branch and bound: nodes are
  /// visited in order of their box's chord distance to the point and the search stops when the
  /// nearest unvisited box is farther than the current `limit`-th station; O(log n + limit) nodes
  /// for an unselective filter.
  ///
  /// - Parameters:
  ///   - limit: how many stations at most; 0 or less gives no results.
  ///   - withinKilometres: when set, stations farther than this (great-circle) are left out.
  ///   - order: how the found stations are ordered (nearest first by default).
  /// - Returns: no results for a non-finite point or a negative or NaN radius.
  public func nearest(
    to point: Coordinate, limit: Int, withinKilometres: Double? = nil,
    filter: StationFilter = .none, order: StationOrder = .distance
  ) -> StationMatches {
    let s = storage
    guard limit > 0, !s.nodes.isEmpty, point.latitude.isFinite, point.longitude.isFinite else {
      return StationMatches(storage: s, positions: [], distances: [], routePositions: nil)
    }
    if let radius = withinKilometres, !(radius >= 0) {
      return StationMatches(storage: s, positions: [], distances: [], routePositions: nil)
    }
    let compiled = CompiledFilter(filter, s)
    let q = PreparedPoint(point)
    let v = q.vector
    // Chord limits carry a relative slack of 1e-9 (plus an absolute 1e-18, a few millimetres)
    // because chord and kilometres are computed by different formulas; the exact decision is
    // always made on the kilometres.
    let radiusLimit: Double =
      withinKilometres.map {
        let c = Chord.length(forKilometres: $0)
        return c * c * (1 + 1e-9) + 1e-18
      } ?? .infinity
    let maxKilometres = withinKilometres ?? .infinity

    var best = NearestHeap(capacity: min(limit, s.stations.count), storage: s)
    var queue = NodeQueue()
    queue.push(s.nodes[0].box.squaredDistance(to: v), 0)
    var reach = radiusLimit

    while let (bound, nodeIndex) = queue.pop() {
      if bound > reach { break }
      let node = s.nodes[Int(nodeIndex)]
      if node.isLeaf {
        for i in Int(node.start)..<Int(node.end) {
          let dx = s.x[i] - v.x
          let dy = s.y[i] - v.y
          let dz = s.z[i] - v.z
          let d2 = dx * dx + dy * dy + dz * dz
          if d2 > reach { continue }
          if !compiled.matches(i, s) { continue }
          let km = s.distanceKilometres(from: q, to: i)
          if km > maxKilometres { continue }
          if best.insert(km: km, position: Int32(i), chord2: d2) {
            reach = min(radiusLimit, best.worstChord2 * (1 + 1e-9) + 1e-18)
          }
        }
      } else {
        let left = s.nodes[Int(node.left)].box.squaredDistance(to: v)
        if left <= reach { queue.push(left, node.left) }
        let right = s.nodes[Int(node.right)].box.squaredDistance(to: v)
        if right <= reach { queue.push(right, node.right) }
      }
    }

    let entries = best.entries
    return StationMatches.ordered(
      s, positions: entries.map(\.position), distances: entries.map(\.km), routePositions: nil,
      order: order)
  }
}

/// The best stations found so far: a max-heap on (kilometres, id order) holding at most
/// `capacity`, whose top is the one to drop next.
struct NearestHeap {
  struct Entry {
    var km: Double
    var position: Int32
    var chord2: Double
  }

  let capacity: Int
  /// Consulted for ids only when two distances are exactly equal.
  let storage: StationIndex.Storage
  private(set) var entries: [Entry] = []

  init(capacity: Int, storage: StationIndex.Storage) {
    self.capacity = capacity
    self.storage = storage
    entries.reserveCapacity(capacity)
  }

  /// Whether `a` would be dropped before `b`: farther, or as far and later in id order.
  @inline(__always) func isWorse(_ a: Entry, than b: Entry) -> Bool {
    a.km != b.km ? a.km > b.km : storage.precedesInIDOrder(b.position, a.position)
  }

  /// The largest chord² among the kept entries, valid once the heap is full (the reach of the
  /// search); +∞ before.
  var worstChord2: Double {
    entries.count < capacity ? .infinity : maxChord2
  }
  private var maxChord2 = 0.0

  /// Offers a station; returns whether the kept set changed.
  @inline(__always)
  mutating func insert(km: Double, position: Int32, chord2: Double) -> Bool {
    let entry = Entry(km: km, position: position, chord2: chord2)
    if entries.count < capacity {
      entries.append(entry)
      siftUp(entries.count - 1)
      if entries.count == capacity { maxChord2 = entries.map(\.chord2).max() ?? 0 }
      return true
    }
    guard let top = entries.first, isWorse(top, than: entry) else { return false }
    entries[0] = entry
    siftDown(0)
    // The top (farthest by km) has the largest chord up to rounding; the slack the caller adds
    // covers the difference.
    maxChord2 = entries[0].chord2
    return true
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard isWorse(entries[child], than: entries[parent]) else { return }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    let n = entries.count
    while true {
      let left = 2 * parent + 1
      if left >= n { return }
      var worst = left
      let right = left + 1
      if right < n, isWorse(entries[right], than: entries[left]) { worst = right }
      guard isWorse(entries[worst], than: entries[parent]) else { return }
      entries.swapAt(worst, parent)
      parent = worst
    }
  }
}

/// Nodes waiting to be visited: a min-heap on their lower-bound chord².
struct NodeQueue {
  private var bounds: [Double] = []
  private var nodes: [Int32] = []

  init() {
    bounds.reserveCapacity(64)
    nodes.reserveCapacity(64)
  }

  mutating func push(_ bound: Double, _ node: Int32) {
    bounds.append(bound)
    nodes.append(node)
    var child = bounds.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard bounds[child] < bounds[parent] else { break }
      bounds.swapAt(child, parent)
      nodes.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> (Double, Int32)? {
    guard let top = bounds.first, let topNode = nodes.first else { return nil }
    let lastBound = bounds.removeLast()
    let lastNode = nodes.removeLast()
    if !bounds.isEmpty {
      bounds[0] = lastBound
      nodes[0] = lastNode
      var parent = 0
      let n = bounds.count
      while true {
        let left = 2 * parent + 1
        if left >= n { break }
        var smallest = left
        if left + 1 < n, bounds[left + 1] < bounds[left] { smallest = left + 1 }
        guard bounds[smallest] < bounds[parent] else { break }
        bounds.swapAt(smallest, parent)
        nodes.swapAt(smallest, parent)
        parent = smallest
      }
    }
    return (top, topNode)
  }
}
