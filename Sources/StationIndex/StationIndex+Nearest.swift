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

/// One k-nearest search over the index's `Float` layout (``StationIndex/Storage/unit`` and
/// ``StationIndex/Storage/nearNodes``): depth-first, nearer child first, into a fixed-size
/// max-heap of approximate chord².
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

  @inline(__always)
  static func squaredDistance(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
    let d = a - b
    let e = d * d
    return (e.x + e.y) + e.z
  }

  @inline(__always)
  static func boxDistance(_ lo: SIMD4<Float>, _ hi: SIMD4<Float>, _ q: SIMD4<Float>) -> Float {
    let zero = SIMD4<Float>(repeating: 0)
    let d = pointwiseMax(lo - q, zero) + pointwiseMax(q - hi, zero)
    let e = d * d
    return (e.x + e.y) + e.z
  }

  /// The depth-first search: a fixed stack of pending far children, nearer child first.
  mutating func run(_ vector: UnitVector, _ filter: CompiledFilter) {
    let q = SIMD4<Float>(Float(vector.x), Float(vector.y), Float(vector.z), 0)
    let s = storage
    let passesAll = filter.passesAll
    s.nearNodes.withUnsafeBufferPointer { nodes in
      s.unit.withUnsafeBufferPointer { points in
        // The tree is balanced (median splits), so 64 levels hold far more than 2³² stations.
        withUnsafeTemporaryAllocation(of: (Float, Int32).self, capacity: 64) { stack in
          var top = 0
          var node = Int32(0)
          var bound = Self.boxDistance(nodes[0].lo, nodes[0].hi, q)
          while true {
            if bound <= reach {
              let n = nodes[Int(node)]
              if n.right < 0 {
                for i in Int(n.start)..<Int(n.end) {
                  let d2 = Self.squaredDistance(points[i], q)
                  if d2 > reach { continue }
                  if !passesAll, !filter.matches(i, s) { continue }
                  offer(Candidate(d2: d2, position: Int32(i)))
                }
              } else {
                let leftIndex = node + 1
                let left = nodes[Int(leftIndex)]
                let right = nodes[Int(n.right)]
                let dl = Self.boxDistance(left.lo, left.hi, q)
                let dr = Self.boxDistance(right.lo, right.hi, q)
                if dl <= dr {
                  stack[top] = (dr, n.right)
                  top += 1
                  node = leftIndex
                  bound = dl
                } else {
                  stack[top] = (dl, leftIndex)
                  top += 1
                  node = n.right
                  bound = dr
                }
                continue
              }
            }
            if top == 0 { break }
            top -= 1
            (bound, node) = stack[top]
          }
        }
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
    let s = storage
    var items: [Candidate] = Array(heap[0..<count])
    for miss in nearMisses where miss.d2 <= reach { items.append(miss) }
    // Insertion sort: a dozen or so items, nearly all from the heap.
    for i in 1..<max(1, items.count) {
      let item = items[i]
      var j = i
      while j > 0, items[j - 1].d2 > item.d2 {
        items[j] = items[j - 1]
        j -= 1
      }
      items[j] = item
    }
    var start = 0
    while start < items.count, start < capacity {
      var end = start + 1
      while end < items.count, items[end].d2 <= Self.widened(items[end - 1].d2) { end += 1 }
      if end - start > 1 {
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
    let n = min(capacity, items.count)
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
