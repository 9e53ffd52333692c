import Geo

/// Travel times to and from a few landmark nodes, for the A* lower bound of ALT (A*, landmarks,
/// triangle inequality; Goldberg & Harrelson, "Computing the shortest path: A* search meets
/// graph theory", SODA 2005).
///
/// For a landmark L and any nodes v, t the triangle inequality gives two lower bounds on the
/// travel time from v to t: d(L, t) − d(L, v) and d(v, L) − d(t, L). Both are consistent, and so
/// is their maximum over the landmarks and the chord bound (see `Guides/Routing.md`), so A*
/// still settles each node once with its final time and returns the fastest route. Penalty
/// factors ≥ 1 (route choices) only make edges dearer, so the bounds stay valid.
///
/// Landmarks are chosen farthest-first: the node farthest from the network's centre, then each
/// time the node whose travel time from the chosen landmarks is largest. Distances are stored
/// node by node (`2 × count` values per node), so one node's bounds share a cache line or two.
struct Landmarks: Sendable {
  /// The number of landmarks.
  let count: Int
  /// The landmark nodes, in the order chosen.
  let nodes: [Int32]
  /// `table[v * 2 * count + 2 * i]` = d(Lᵢ, v), `… + 1` = d(v, Lᵢ); infinity where there is no
  /// path.
  let table: [Double]

  /// Computes the tables for `count` landmarks of the network's main component: `2 × count`
  /// runs of Dijkstra over every node (forwards, and backwards over the reversed edges).
  init(network: RoadNetwork, count: Int) {
    let n = network.nodeCount
    let main = (0..<n).filter { network.component[$0] == network.mainComponent }
    guard !main.isEmpty, count > 0 else {
      self.count = 0
      nodes = []
      table = []
      return
    }
    // Reversed edges: for every node, the edges that arrive at it.
    var inStart = [Int32](repeating: 0, count: n + 1)
    for e in network.edgeTarget.indices { inStart[Int(network.edgeTarget[e]) + 1] += 1 }
    for v in 0..<n { inStart[v + 1] += inStart[v] }
    var fill = inStart
    var inEdge = [Int32](repeating: 0, count: network.edgeTarget.count)
    var inSource = [Int32](repeating: 0, count: network.edgeTarget.count)
    for v in 0..<n {
      for e in Int(network.edgeStart[v])..<Int(network.edgeStart[v + 1]) {
        let t = Int(network.edgeTarget[e])
        inEdge[Int(fill[t])] = Int32(e)
        inSource[Int(fill[t])] = Int32(v)
        fill[t] += 1
      }
    }
    // The first landmark: the main-component node farthest (by chord) from the component's
    // mean position.
    var cx = 0.0
    var cy = 0.0
    var cz = 0.0
    for v in main {
      cx += network.unitX[v]
      cy += network.unitY[v]
      cz += network.unitZ[v]
    }
    func chord(_ v: Int) -> Double {
      let dx = network.unitX[v] - cx / Double(main.count)
      let dy = network.unitY[v] - cy / Double(main.count)
      let dz = network.unitZ[v] - cz / Double(main.count)
      return dx * dx + dy * dy + dz * dz
    }
    var next = main.max { chord($0) < chord($1) } ?? main[0]
    var chosen: [Int32] = []
    var forward: [[Double]] = []
    var backward: [[Double]] = []
    var nearestLandmark = [Double](repeating: .infinity, count: n)
    for _ in 0..<count {
      chosen.append(Int32(next))
      let out = Self.dijkstra(from: next, count: n) { v, visit in
        for e in Int(network.edgeStart[v])..<Int(network.edgeStart[v + 1]) {
          visit(Int(network.edgeTarget[e]), network.edgeSeconds[e])
        }
      }
      let into = Self.dijkstra(from: next, count: n) { v, visit in
        for k in Int(inStart[v])..<Int(inStart[v + 1]) {
          visit(Int(inSource[k]), network.edgeSeconds[Int(inEdge[k])])
        }
      }
      forward.append(out)
      backward.append(into)
      // The next landmark: the node farthest from every landmark chosen so far.
      var farthest = -1.0
      for v in main where out[v].isFinite {
        nearestLandmark[v] = min(nearestLandmark[v], out[v])
        if nearestLandmark[v] > farthest && !chosen.contains(Int32(v)) {
          farthest = nearestLandmark[v]
          next = v
        }
      }
      if farthest <= 0 { break }
    }
    let k = chosen.count
    var table = [Double](repeating: .infinity, count: n * 2 * k)
    for i in 0..<k {
      for v in 0..<n {
        table[v * 2 * k + 2 * i] = forward[i][v]
        table[v * 2 * k + 2 * i + 1] = backward[i][v]
      }
    }
    self.count = k
    nodes = chosen
    self.table = table
  }

  /// Plain Dijkstra from `source` over the neighbours `edges` lists, every node's time.
  private static func dijkstra(
    from source: Int, count n: Int, edges: (Int, (Int, Double) -> Void) -> Void
  ) -> [Double] {
    var time = [Double](repeating: .infinity, count: n)
    var done = [Bool](repeating: false, count: n)
    var heap = MinHeap<Int32>(capacity: 1 << 16)
    time[source] = 0
    heap.push(0, Int32(source))
    while let (t, node) = heap.pop() {
      let v = Int(node)
      if done[v] { continue }
      done[v] = true
      edges(v) { w, seconds in
        let candidate = t + seconds
        if candidate < time[w] {
          time[w] = candidate
          heap.push(candidate, Int32(w))
        }
      }
    }
    return time
  }

  /// The bounds towards a set of arrival nodes, for the `active` landmarks that bound the
  /// departures best (ALT's active landmarks: a few serve one query as well as all of them, at
  /// a fraction of the work per node). Per active landmark: its table offset, the smallest
  /// d(L, a) and the largest d(a, L) over the arrivals (a bound valid for every arrival is valid
  /// for the nearest).
  func target(_ arrivals: [Int32], from departures: [Int32], active: Int) -> Target {
    var all: [(offset: Int, ahead: Double, behind: Double, strength: Double)] = []
    for i in 0..<count {
      var fromLandmark = Double.infinity
      var toLandmark = -Double.infinity
      for a in arrivals {
        fromLandmark = min(fromLandmark, table[Int(a) * 2 * count + 2 * i])
        toLandmark = max(toLandmark, table[Int(a) * 2 * count + 2 * i + 1])
      }
      var strength = 0.0
      for d in departures {
        let ahead = fromLandmark - table[Int(d) * 2 * count + 2 * i]
        let behind = table[Int(d) * 2 * count + 2 * i + 1] - toLandmark
        if ahead.isFinite { strength = max(strength, ahead) }
        if behind.isFinite { strength = max(strength, behind) }
      }
      all.append((2 * i, fromLandmark, toLandmark, strength))
    }
    let best = all.sorted { $0.strength > $1.strength }.prefix(active)
    return Target(
      stride: 2 * count, offsets: best.map(\.offset), ahead: best.map(\.ahead),
      behind: best.map(\.behind))
  }

  /// What a query's bound needs: the active landmarks' offsets and the arrivals' distances.
  struct Target {
    let stride: Int
    let offsets: [Int]
    let ahead: [Double]
    let behind: [Double]
  }

  /// The largest lower bound from `v` to the arrivals `target` describes, at least `floor`. A
  /// bound that is not a number (no path either way) is skipped.
  @inline(__always)
  func bound(_ v: Int, _ target: Target, floor: Double) -> Double {
    var h = floor
    let base = v * target.stride
    table.withUnsafeBufferPointer { table in
      for k in target.offsets.indices {
        let o = base + target.offsets[k]
        let ahead = target.ahead[k] - table[o]
        if ahead > h { h = ahead }
        let behind = table[o + 1] - target.behind[k]
        if behind > h { h = behind }
      }
    }
    return h
  }
}
