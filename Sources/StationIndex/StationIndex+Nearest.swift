import Charging
import Geo

extension StationIndex {
  /// The `limit` stations nearest to `point` by great-circle distance that match `filter`.
  ///
  /// The filter is applied during the search, not to a fixed top-k, so the result holds the
  /// `limit` nearest *matching* stations (fewer only when fewer match). Equal distances are
  /// broken by station id, as in the results' order. Depth-first branch and bound over the
  /// `Float` unit vectors in tree order: the nearer child first, a subtree skipped when its box
  /// is farther than the current `limit`-th station; O(log n + limit) nodes for an unselective
  /// filter. The few candidates near the cut get exact kilometres (see `Guides/StationIndex.md`).
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
    let capacity = min(limit, s.stations.count)
    // The radius as a Float chord², rounded up and widened by the Float search's error bound.
    let radiusLimit: Float =
      withinKilometres.map {
        let c = Chord.length(forKilometres: $0)
        let c2 = Float(c * c * (1 + 1e-9) + 1e-18).nextUp
        return NearestSearch.widened(c2)
      } ?? .infinity
    let maxKilometres = withinKilometres ?? .infinity
    let lazy: Bool = if case .distance = order { withinKilometres == nil } else { false }
    return withUnsafeTemporaryAllocation(
      of: NearestSearch.Candidate.self, capacity: capacity
    ) { heap in
      var search = NearestSearch(
        heap: heap, capacity: capacity, radiusLimit: radiusLimit, storage: s)
      search.run(q.vector, compiled)
      if lazy {
        // Nearest first with no radius: the order is settled from the Float distances (exact
        // kilometres only inside near-ties) and each distance is computed when it is read.
        return StationMatches(storage: s, positions: search.orderedPositions(q), measuredFrom: q)
      }
      let found = search.finish(q, maxKilometres: maxKilometres)
      if case .distance = order {
        return StationMatches(
          storage: s, positions: found.positions, distances: found.distances,
          routePositions: nil)
      }
      return StationMatches.ordered(
        s, positions: found.positions, distances: found.distances, routePositions: nil,
        order: order)
    }
  }
}

/// One k-nearest search over the index's `Float` layout (``StationIndex/SearchTree``):
/// depth-first, nearer child first, into a fixed-size max-heap of approximate chord².
///
/// `Float` chord² differ from the exact ones by a bounded error (``widened(_:)``), so the search
/// keeps every station whose approximate chord² is within that error of the current `limit`-th:
/// the exact nearest set is always among them (a station left out has `limit` others that are
/// strictly nearer). ``finish(_:maxKilometres:)`` then computes the exact great-circle
/// kilometres of those few candidates and orders them by (kilometres, id), exactly as before.
struct NearestSearch {
  struct Candidate {
    var d2: Float
    var position: Int32
  }

  let heap: UnsafeMutableBufferPointer<Candidate>
  let capacity: Int
  let radiusLimit: Float
  let storage: StationIndex.Storage
  var count = 0
  /// Stations within the error bound of the heap's worst that the heap does not hold.
  var nearMisses: [Candidate] = []
  /// The chord² beyond which nothing can be needed: the radius, then the widened worst kept.
  var reach: Float

  init(
    heap: UnsafeMutableBufferPointer<Candidate>, capacity: Int, radiusLimit: Float,
    storage: StationIndex.Storage
  ) {
    self.heap = heap
    self.capacity = capacity
    self.radiusLimit = radiusLimit
    self.storage = storage
    self.reach = radiusLimit
  }

  /// `d2` widened by the largest error of a `Float` chord² against the exact one.
  ///
  /// A component of a `Float` unit vector is off by at most 2⁻²⁵ (≈ 3·10⁻⁸), so a chord by at
  /// most δ = 1.1·10⁻⁷ (√3 · 2 · 2⁻²⁵ plus the subtraction's rounding) and the sum of squares by
  /// a relative ε ≈ 3·10⁻⁷. Two stations whose exact chords are in one order can then appear
  /// reversed by at most 4cδ + 2εc²; the widening uses δ = 2·10⁻⁷ and ε = 10⁻⁶ for margin.
  @inline(__always)
  static func widened(_ d2: Float) -> Float {
    guard d2.isFinite else { return d2 }
    let c = d2.squareRoot()
    return d2 + 8e-7 * c + 2e-6 * d2 + 1e-12
  }

  /// The box distances of both children of `node` to `q`: per axis `max(lo − q, 0) + max(q −
  /// hi, 0)`, then `(dx² + dy²) + dz²` — the same `Float` operations in the same order as a
  /// point's chord², so a box's bound never exceeds the chord² of a station inside it.
  @inline(__always)
  static func childDistances(_ node: StationIndex.SearchNode, _ q: SIMD4<Float>) -> SIMD2<Float> {
    // (lo − q, q − hi) for each child, lane by lane: (X − q) × (1, −1, 1, −1) is exact.
    let sign = SIMD4<Float>(1, -1, 1, -1)
    let zero = SIMD4<Float>(repeating: 0)
    var ax = (node.x - SIMD4(repeating: q.x)) * sign
    var ay = (node.y - SIMD4(repeating: q.y)) * sign
    var az = (node.z - SIMD4(repeating: q.z)) * sign
    ax.replace(with: zero, where: ax .< zero)
    ay.replace(with: zero, where: ay .< zero)
    az.replace(with: zero, where: az .< zero)
    let dx = ax.evenHalf + ax.oddHalf
    let dy = ay.evenHalf + ay.oddHalf
    let dz = az.evenHalf + az.oddHalf
    return (dx * dx + dy * dy) + dz * dz
  }

  /// The depth-first search: a fixed stack of pending far children, nearer child first; a
  /// leaf's stations are measured four at a time from its point groups.
  mutating func run(_ vector: UnitVector, _ filter: CompiledFilter) {
    let q = SIMD4<Float>(Float(vector.x), Float(vector.y), Float(vector.z), 0)
    let qx = SIMD4<Float>(repeating: q.x)
    let qy = SIMD4<Float>(repeating: q.y)
    let qz = SIMD4<Float>(repeating: q.z)
    let s = storage
    let tree = s.search
    let nodes = tree.nodes
    let groups = tree.groups
    let passesAll = filter.passesAll
    // The tree is balanced (median splits; an image is checked for it), so 64 levels hold far
    // more than 2³² stations.
    withUnsafeTemporaryAllocation(of: (Float, SIMD2<Int32>).self, capacity: 64) { stack in
      var top = 0
      let rootBounds = Self.childDistances(tree.root, q)
      var child = tree.root.left
      var bound = rootBounds.x
      while true {
        if bound <= reach {
          if child.x < 0 {
            // A leaf: stations from tree position `start`, in groups of four up to the
            // all-NaN group that ends it.
            var g = Int(-1 - child.x)
            var position = Int(child.y)
            while true {
              let group = groups[g]
              if group.x.x.isNaN { break }
              let dx = group.x - qx
              let dy = group.y - qy
              let dz = group.z - qz
              let d = (dx * dx + dy * dy) + dz * dz
              if any(d .<= SIMD4(repeating: reach)) {
                for lane in 0..<4 {
                  let d2 = d[lane]
                  // NaN lanes (after the leaf's last station) fail this test.
                  guard d2 <= reach else { continue }
                  let p = position + lane
                  if !passesAll, !filter.matches(p, s) { continue }
                  offer(Candidate(d2: d2, position: Int32(p)))
                }
              }
              g += 1
              position += 4
            }
          } else {
            let node = nodes[Int(child.x)]
            let bounds = Self.childDistances(node, q)
            if bounds.x <= bounds.y {
              stack[top] = (bounds.y, node.right)
              child = node.left
              bound = bounds.x
            } else {
              stack[top] = (bounds.x, node.left)
              child = node.right
              bound = bounds.y
            }
            top += 1
            continue
          }
        }
        if top == 0 { break }
        top -= 1
        (bound, child) = stack[top]
      }
    }
  }

  /// Offers a station within reach.
  @inline(__always)
  mutating func offer(_ candidate: Candidate) {
    if count < capacity {
      heap[count] = candidate
      siftUp(count)
      count += 1
      if count == capacity { reach = min(radiusLimit, Self.widened(heap[0].d2)) }
      return
    }
    if candidate.d2 >= heap[0].d2 {
      // Within reach but not better than the worst kept: a possible exact tie.
      nearMisses.append(candidate)
      return
    }
    let evicted = heap[0]
    heap[0] = candidate
    siftDown()
    reach = min(radiusLimit, Self.widened(heap[0].d2))
    if evicted.d2 <= reach { nearMisses.append(evicted) }
  }

  private func siftUp(_ start: Int) {
    var child = start
    let item = heap[child]
    while child > 0 {
      let parent = (child - 1) / 2
      guard item.d2 > heap[parent].d2 else { break }
      heap[child] = heap[parent]
      child = parent
    }
    heap[child] = item
  }

  private func siftDown() {
    var parent = 0
    let item = heap[0]
    let n = count
    while true {
      let left = 2 * parent + 1
      if left >= n { break }
      var worst = left
      if left + 1 < n, heap[left + 1].d2 > heap[left].d2 { worst = left + 1 }
      guard heap[worst].d2 > item.d2 else { break }
      heap[parent] = heap[worst]
      parent = worst
    }
    heap[parent] = item
  }

  /// The `capacity` nearest positions in exact (kilometres, id) order, computing kilometres only
  /// where it matters.
  ///
  /// Two candidates whose `Float` chord² differ by more than ``widened(_:)`` are in that order
  /// on the sphere too (and their haversine kilometres, whose rounding is a billion times
  /// smaller, agree), so the candidates are sorted by chord²; only runs of candidates each
  /// within the bound of the previous — near-ties, co-located stations — get exact kilometres
  /// and are ordered by (kilometres, id).
  func orderedPositions(_ q: StationIndex.PreparedPoint) -> [Int32] {
    if !nearMisses.contains(where: { $0.d2 <= reach }) {
      // The usual case: the heap holds every candidate; order it where it is.
      return Self.ordered(heap, count: count, capacity: capacity, q, storage)
    }
    var items: [Candidate] = Array(heap[0..<count])
    for miss in nearMisses where miss.d2 <= reach { items.append(miss) }
    let n = items.count
    return items.withUnsafeMutableBufferPointer { buffer in
      Self.ordered(buffer, count: n, capacity: capacity, q, storage)
    }
  }

  /// Sorts `items[0 ..< count]` by chord² and settles near-tie runs by exact kilometres, then
  /// id; the first `capacity` positions.
  static func ordered(
    _ items: UnsafeMutableBufferPointer<Candidate>, count: Int, capacity: Int,
    _ q: StationIndex.PreparedPoint, _ s: StationIndex.Storage
  ) -> [Int32] {
    // Insertion sort: a dozen or so items.
    if count > 1 {
      for i in 1..<count {
        let item = items[i]
        var j = i
        while j > 0, items[j - 1].d2 > item.d2 {
          items[j] = items[j - 1]
          j -= 1
        }
        items[j] = item
      }
    }
    var start = 0
    while start < count, start < capacity {
      var end = start + 1
      while end < count, items[end].d2 <= widened(items[end - 1].d2) { end += 1 }
      if end - start > 1 {
        let first = Int(items[start].position)
        var colocated = true
        for i in start + 1..<end {
          let p = Int(items[i].position)
          if s.latitude[p] != s.latitude[first] || s.longitude[p] != s.longitude[first] {
            colocated = false
            break
          }
        }
        if colocated {
          // Stations at one coordinate (one site listed several times): equal kilometres, so
          // the order is by id alone.
          var run = items[start..<end].map(\.position)
          run.sort { a, b in s.precedesInIDOrder(a, b) }
          for (offset, position) in run.enumerated() { items[start + offset].position = position }
          start = end
          continue
        }
        var run = items[start..<end].map { c in
          (km: s.distanceKilometres(from: q, to: Int(c.position)), position: c.position)
        }
        run.sort { a, b in
          a.km != b.km ? a.km < b.km : s.precedesInIDOrder(a.position, b.position)
        }
        for (offset, entry) in run.enumerated() {
          items[start + offset].position = entry.position
        }
      }
      start = end
    }
    let n = min(capacity, count)
    return Array(unsafeUninitializedCapacity: n) { buffer, initialized in
      for i in 0..<n { buffer[i] = items[i].position }
      initialized = n
    }
  }

  /// The exact answer: the candidates' great-circle kilometres, the `capacity` best by
  /// (kilometres, id order), nearest first.
  func finish(_ q: StationIndex.PreparedPoint, maxKilometres: Double) -> (
    positions: [Int32], distances: [Double]
  ) {
    let s = storage
    var candidates: [(km: Double, position: Int32)] = []
    candidates.reserveCapacity(count + nearMisses.count)
    for i in 0..<count {
      let position = heap[i].position
      let km = s.distanceKilometres(from: q, to: Int(position))
      if km <= maxKilometres { candidates.append((km, position)) }
    }
    for miss in nearMisses where miss.d2 <= reach {
      let km = s.distanceKilometres(from: q, to: Int(miss.position))
      if km <= maxKilometres { candidates.append((km, miss.position)) }
    }
    candidates.sort { a, b in
      a.km != b.km ? a.km < b.km : s.precedesInIDOrder(a.position, b.position)
    }
    let n = min(capacity, candidates.count)
    return (candidates[..<n].map(\.position), candidates[..<n].map(\.km))
  }
}
