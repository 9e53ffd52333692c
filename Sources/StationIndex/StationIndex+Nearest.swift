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
    // The band holds the `limit` best and every station within the error bound of the worst of
    // them; it overflows only where many stations sit at one distance (a large site listed
    // station by station), and the search then runs again with room for them all.
    var extra = 64
    var firstAttempt = true
    // The tree is balanced (median splits; an image is checked for it), so 64 levels of
    // pending far children hold far more than 2³² stations.
    return withUnsafeTemporaryAllocation(of: NearestSearch.Pending.self, capacity: 64) { stack in
      while true {
        let room = capacity + extra
        let answer = withUnsafeTemporaryAllocation(
          of: NearestSearch.Candidate.self, capacity: room
        ) { band -> StationMatches? in
          var search = NearestSearch(
            band: band, stack: stack, capacity: capacity, radiusLimit: radiusLimit, storage: s)
          guard search.run(q.vector, compiled, inRegisters: firstAttempt) else { return nil }
          if lazy {
            // Nearest first with no radius: the order is settled from the Float distances (exact
            // kilometres only inside near-ties) and each distance is computed when it is read.
            return StationMatches(
              storage: s, positions: search.orderedPositions(q), measuredFrom: q)
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
        if let answer { return answer }
        // With room for every station the band cannot run out.
        extra = min(extra * 8, s.stations.count)
        firstAttempt = false
      }
    }
  }
}

/// One k-nearest search over the index's `Float` layout (``StationIndex/SearchTree``):
/// depth-first, nearer child first, into a band of candidates kept sorted by approximate chord².
///
/// A station's chord² is measured in `Float` from its leaf's origin, within a bounded error of
/// the exact one (``relativeSlack(_:largestOffset:)``), so the search keeps every station whose
/// measured chord² is within that error of the current `limit`-th (the band): the exact nearest
/// set is always among them (a station left out has `limit` others that are strictly nearer).
/// Node boxes are absolute `Float`s with a larger error (``widened(_:)``), so a subtree is
/// skipped only when its box is beyond the reach widened by that. ``orderedPositions(_:)`` and
/// ``finish(_:maxKilometres:)`` then settle the order with exact kilometres where the `Float`
/// order could be wrong.
///
/// The band is sorted as it grows (a dozen or so entries for the usual limits: a short shift
/// costs less than a heap's sift and leaves nothing to sort at the end), and the search state
/// lives in locals of ``search(_:_:_:)`` so the compiler keeps it in registers.
struct NearestSearch {
  struct Candidate {
    var d2: Float
    var position: Int32
  }

  /// A far child waiting on the search's stack: its box distance and reference.
  struct Pending {
    var bound: Float
    var child: SIMD2<Int32>
  }

  /// A candidate with an exact measure of its distance: `Double` chord², then kilometres.
  struct Measured {
    var measure: Double
    var position: Int32
  }

  /// The sorted band: `count` entries from the start.
  let band: UnsafeMutableBufferPointer<Candidate>
  /// Room for the far children waiting on the depth-first search.
  let stack: UnsafeMutableBufferPointer<Pending>
  let capacity: Int
  let radiusLimit: Float
  let storage: StationIndex.Storage
  /// How many candidates ``run(_:_:inRegisters:)`` left in `band`, nearest first.
  var count = 0

  init(
    band: UnsafeMutableBufferPointer<Candidate>, stack: UnsafeMutableBufferPointer<Pending>,
    capacity: Int, radiusLimit: Float, storage: StationIndex.Storage
  ) {
    self.band = band
    self.stack = stack
    self.capacity = capacity
    self.radiusLimit = radiusLimit
    self.storage = storage
  }

  /// `d2` widened by the largest error of an absolute `Float` chord² (as the node boxes give
  /// them) against the exact one.
  ///
  /// A component of a `Float` unit vector is off by at most 2⁻²⁵ (≈ 3·10⁻⁸), so a chord by at
  /// most δ = 1.1·10⁻⁷ (√3 · 2 · 2⁻²⁵ plus the subtraction's rounding) and the sum of squares by
  /// a relative ε ≈ 3·10⁻⁷. Two stations whose exact chords are in one order can then appear
  /// reversed by at most 4cδ + 2εc²; the widening uses δ = 2·10⁻⁷ and ε = 10⁻⁶ for margin.
  @inline(__always)
  static func widened(_ d2: Float) -> Float {
    guard d2.isFinite else { return d2 }
    return widenedFrom(d2, slack: slack(d2))
  }

  /// The absolute part of ``widened(_:)`` for chord² up to `d2`: 8·10⁻⁷ √d2 + 10⁻¹².
  @inline(__always)
  static func slack(_ d2: Float) -> Float { 8e-7 * d2.squareRoot() + 1e-12 }

  /// The absolute part of the error bound for two chord² measured from leaves (relative to the
  /// leaves' origins): 4cδ + 2δ² with c = √d2 and δ = 10⁻⁷ (R + c) + 10⁻¹⁵, R the
  /// `largestOffset` of a station from its origin.
  ///
  /// A station's offset and the query's are rounded to `Float` relative to the origin, each
  /// component off by at most 2⁻²⁵ of a length below R + c, and the subtraction by 2⁻²⁵ c, so a
  /// chord by less than 6·10⁻⁸ (R + c) (δ adds margin and the `Double` vectors' own error); the
  /// relative part (sums of squares) is the 2·10⁻⁶ d2 of ``widenedFrom(_:slack:)``. With R a
  /// few kilometres this is about a thousandth of ``slack(_:)``.
  @inline(__always)
  static func relativeSlack(_ d2: Float, largestOffset: Float) -> Float {
    let c = d2.squareRoot()
    let delta = 1e-7 * (largestOffset + c) + 1e-15
    return 4 * c * delta + 2 * delta * delta
  }

  /// `d2 + 2·10⁻⁶ d2 + slack`: with the `slack` of any chord² at least `d2`, never less than
  /// ``widened(_:)`` of `d2` (the square root grows with d2; the same for
  /// ``relativeSlack(_:largestOffset:)``), and without a square root, so the search can tighten
  /// its reach at every new candidate cheaply.
  @inline(__always)
  static func widenedFrom(_ d2: Float, slack: Float) -> Float {
    d2 + 2e-6 * d2 + slack
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

  /// The depth-first search into the band that suits the limit: sixteen slots in vector
  /// registers for a limit of up to ``VectorBand/largestLimit`` when `inRegisters`, else the
  /// sorted buffer. False when the band ran out of room (the caller runs it again with more
  /// room, and not in registers).
  mutating func run(_ vector: UnitVector, _ filter: CompiledFilter, inRegisters: Bool) -> Bool {
    let reach = BandReach(radiusLimit: radiusLimit, largestOffset: storage.search.largestOffset)
    if inRegisters, capacity <= VectorBand.largestLimit {
      var small = VectorBand(limit: capacity, reach: reach)
      guard search(vector, filter, &small), !small.overflowed else { return false }
      count = small.copy(into: band)
      return true
    }
    var sorted = SortedBand(buffer: band, capacity: capacity, reach: reach)
    let fits = search(vector, filter, &sorted)
    count = sorted.count
    return fits
  }

  /// The depth-first search: a fixed stack of pending far children, nearer child first; a
  /// leaf's stations are measured four at a time from its point groups and those within the
  /// band's reach go into it. False when the band ran out of room.
  func search<Band: CandidateBand>(
    _ vector: UnitVector, _ filter: CompiledFilter, _ result: inout Band
  ) -> Bool {
    let exact = SIMD4<Double>(vector.x, vector.y, vector.z, 0)
    let q = SIMD4<Float>(exact)
    let s = storage
    let tree = s.search
    let nodes = tree.nodes
    let groups = tree.groups
    let passesAll = filter.passesAll
    let stack = self.stack
    // A local copy, so the band's state stays in registers.
    var band = result
    defer { result = band }
    var top = 0
    let rootBounds = Self.childDistances(tree.root, q)
    var child = tree.root.left
    var bound = rootBounds.x
    while true {
      // Boxes are absolute `Float`s, so they are measured against the reach widened by their
      // error.
      if bound <= band.pruneReach {
        if child.x < 0 {
          // A leaf: its origin, then stations from tree position `start` in groups of four up
          // to the all-NaN group that ends it, measured from the query's offset to the origin.
          var g = Int(-1 - child.x)
          var position = Int(child.y)
          let offset = SIMD4<Float>(exact - SIMD4<Double>(groups[g].x))
          let qx = SIMD4<Float>(repeating: offset.x)
          let qy = SIMD4<Float>(repeating: offset.y)
          let qz = SIMD4<Float>(repeating: offset.z)
          g += 1
          while true {
            let group = groups[g]
            if group.x.x.isNaN { break }
            let dx = group.x - qx
            let dy = group.y - qy
            let dz = group.z - qz
            let d = (dx * dx + dy * dy) + dz * dz
            // NaN lanes (after the leaf's last station) fail every test.
            let reach = band.reach
            var lanes =
              (d[0] <= reach ? 1 : 0) | (d[1] <= reach ? 2 : 0) | (d[2] <= reach ? 4 : 0)
              | (d[3] <= reach ? 8 : 0)
            while lanes != 0 {
              let lane = lanes.trailingZeroBitCount
              lanes &= lanes - 1
              let d2 = d[lane]
              // The reach may have tightened at an earlier lane of this group.
              guard d2 <= band.reach else { continue }
              let p = position + lane
              if !passesAll, !filter.matches(p, s) { continue }
              guard band.insert(d2, Int32(truncatingIfNeeded: p)) else { return false }
            }
            g += 1
            position += 4
          }
        } else {
          let node = nodes[Int(child.x)]
          let bounds = Self.childDistances(node, q)
          if bounds.x <= bounds.y {
            stack[top] = Pending(bound: bounds.y, child: node.right)
            child = node.left
            bound = bounds.x
          } else {
            stack[top] = Pending(bound: bounds.x, child: node.left)
            child = node.right
            bound = bounds.y
          }
          top += 1
          continue
        }
      }
      if top == 0 { break }
      top -= 1
      bound = stack[top].bound
      child = stack[top].child
    }
    return true
  }

  /// The `capacity` nearest positions in exact (kilometres, id) order, computing kilometres only
  /// where it matters.
  ///
  /// Two candidates whose chord² differ by more than the error bound
  /// (``relativeSlack(_:largestOffset:)``) are in that order
  /// on the sphere too (and their haversine kilometres, whose rounding is a billion times
  /// smaller, agree), so the band's order by chord² stands; only runs of candidates each
  /// within the bound of the previous — near-ties, co-located stations — get exact kilometres
  /// and are ordered by (kilometres, id), in place.
  func orderedPositions(_ q: StationIndex.PreparedPoint) -> ResultPositions {
    let s = storage
    let items = band
    let count = self.count
    // One slack for every run: that of the farthest candidate, the largest.
    let slack =
      count > 0
      ? Self.relativeSlack(items[count - 1].d2, largestOffset: storage.search.largestOffset) : 0
    var start = 0
    while start < count, start < capacity {
      var end = start + 1
      while end < count, items[end].d2 <= Self.widenedFrom(items[end - 1].d2, slack: slack) {
        end += 1
      }
      if end - start > 1 {
        Self.settle(items, start, end, q, s)
      }
      start = end
    }
    return ResultPositions(count: min(capacity, count)) { items[$0].position }
  }

  /// Orders the near-tie run `items[start ..< end]` by (exact kilometres, id).
  ///
  /// The `Double` chord² from the stored unit vectors decides first: two stations whose chords
  /// differ by more than both computations' rounding (≈ 10⁻¹⁴ of the sphere's radius, see
  /// ``chordsDecide(_:_:)``) have their haversine kilometres in the same strict order. Only
  /// what is left — stations at one point, or within a micrometre of one distance — is ordered
  /// by kilometres and id as the results define it.
  static func settle(
    _ items: UnsafeMutableBufferPointer<Candidate>, _ start: Int, _ end: Int,
    _ q: StationIndex.PreparedPoint, _ s: StationIndex.Storage
  ) {
    withUnsafeTemporaryAllocation(of: Measured.self, capacity: end - start) { run in
      let v = SIMD4<Double>(q.vector.x, q.vector.y, q.vector.z, 0)
      let exact = s.search.exact
      for i in start..<end {
        let position = items[i].position
        let d = exact[Int(position)] - v
        // (dx² + dy²) + dz², as the scalar form.
        let c2 = (d.x * d.x + d.y * d.y) + d.z * d.z
        run[i - start] = Measured(measure: c2, position: position)
      }
      // Insertion sort by chord²: a few entries.
      for i in 1..<run.count {
        let item = run[i]
        var j = i
        while j > 0, run[j - 1].measure > item.measure {
          run[j] = run[j - 1]
          j -= 1
        }
        run[j] = item
      }
      var first = 0
      while first < run.count {
        var last = first + 1
        while last < run.count, !chordsDecide(run[last - 1].measure, run[last].measure) {
          last += 1
        }
        if last - first > 1 { exactOrder(run, first, last, q, s) }
        first = last
      }
      for i in start..<end { items[i].position = run[i - start].position }
    }
  }

  /// Whether chord² `a ≤ b` put their stations in that strict order by haversine kilometres.
  ///
  /// Measured on the unit sphere in chord units (the chord is 2 sin(θ/2), increasing in the
  /// angle θ): a stored unit vector's components are within 3 ulp of the exact ones, so a
  /// `Double` chord is off by less than 2·10⁻¹⁵; the haversine angle's rounding, expressed in
  /// chord units (asin's steepness near the antipode cancels there), by less than 2·10⁻¹⁵ +
  /// 10⁻¹⁵ c. Chords further apart than twice both errors are in the angles' strict order; the
  /// test asks for 2·10⁻¹⁴ + 10⁻¹⁴ c, in chord² (a chord gap times at most 2√b)
  /// 4·10⁻¹⁴ √b + 2·10⁻¹⁴ b.
  @inline(__always)
  static func chordsDecide(_ a: Double, _ b: Double) -> Bool {
    b - a > 4e-14 * b.squareRoot() + 2e-14 * b
  }

  /// Orders `run[first ..< last]` by (haversine kilometres, id); stations at one coordinate have
  /// equal kilometres and go by id without computing them.
  static func exactOrder(
    _ run: UnsafeMutableBufferPointer<Measured>, _ first: Int, _ last: Int,
    _ q: StationIndex.PreparedPoint, _ s: StationIndex.Storage
  ) {
    let origin = Int(run[first].position)
    var colocated = true
    for i in first + 1..<last {
      let p = Int(run[i].position)
      if s.latitude[p] != s.latitude[origin] || s.longitude[p] != s.longitude[origin] {
        colocated = false
        break
      }
    }
    for i in first..<last {
      run[i].measure = colocated ? 0 : s.distanceKilometres(from: q, to: Int(run[i].position))
    }
    for i in first + 1..<last {
      let item = run[i]
      var j = i
      while j > first,
        run[j - 1].measure > item.measure
          || (run[j - 1].measure == item.measure
            && s.precedesInIDOrder(item.position, run[j - 1].position))
      {
        run[j] = run[j - 1]
        j -= 1
      }
      run[j] = item
    }
  }

  /// The exact answer: the candidates' great-circle kilometres, the `capacity` best by
  /// (kilometres, id order), nearest first.
  func finish(_ q: StationIndex.PreparedPoint, maxKilometres: Double) -> (
    positions: [Int32], distances: [Double]
  ) {
    let s = storage
    var candidates: [(km: Double, position: Int32)] = []
    candidates.reserveCapacity(count)
    for i in 0..<count {
      let position = band[i].position
      let km = s.distanceKilometres(from: q, to: Int(position))
      if km <= maxKilometres { candidates.append((km, position)) }
    }
    candidates.sort { a, b in
      a.km != b.km ? a.km < b.km : s.precedesInIDOrder(a.position, b.position)
    }
    let n = min(capacity, candidates.count)
    return (candidates[..<n].map(\.position), candidates[..<n].map(\.km))
  }
}

/// Where a nearest search keeps its candidates: every station it is offered, sorted by
/// chord² measured from the stations' leaves, the `limit` best and those within the error bound
/// of the worst of them.
protocol CandidateBand {
  /// The chord² beyond which no station can be needed: the radius, then the `limit`-th's
  /// chord² widened by the error bound.
  var reach: Float { get }
  /// The reach widened by the node boxes' own error: a subtree whose box is farther is skipped.
  var pruneReach: Float { get }
  /// Takes a station within reach; false when the band has no room left for it.
  mutating func insert(_ d2: Float, _ position: Int32) -> Bool
}

/// A band's reach and the pruning bound that goes with it.
struct BandReach {
  let radiusLimit: Float
  /// The tree's ``StationIndex/SearchTree/largestOffset``.
  let largestOffset: Float
  var reach: Float
  var pruneReach: Float
  /// The error bound's absolute parts, fixed at the first `limit`-th best (it only moves
  /// nearer, so they never fall short).
  var slack = Float.nan
  var pruneSlack = Float.nan

  init(radiusLimit: Float, largestOffset: Float) {
    self.radiusLimit = radiusLimit
    self.largestOffset = largestOffset
    reach = radiusLimit
    // The radius is already widened for absolute `Float`s; widened again for the boxes.
    pruneReach = NearestSearch.widened(radiusLimit)
  }

  /// The reach once the `limit`-th best has chord² `worst`.
  @inline(__always)
  mutating func update(worst: Float) {
    if slack.isNaN { slack = NearestSearch.relativeSlack(worst, largestOffset: largestOffset) }
    reach = min(radiusLimit, NearestSearch.widenedFrom(worst, slack: slack))
    // A box's bound is within the absolute `Float` error of the chord² of any station inside
    // it, and a station's leaf chord² within the small relative one of the exact.
    if pruneSlack.isNaN { pruneSlack = NearestSearch.slack(reach) }
    pruneReach = NearestSearch.widenedFrom(reach, slack: pruneSlack)
  }
}

/// The band as a sorted buffer: an insertion shifts the farther entries up by one, and
/// entries beyond the limit that fall out of reach are dropped.
struct SortedBand: CandidateBand {
  let buffer: UnsafeMutableBufferPointer<NearestSearch.Candidate>
  let capacity: Int
  var count = 0
  var limits: BandReach
  var reach: Float { limits.reach }
  var pruneReach: Float { limits.pruneReach }

  init(
    buffer: UnsafeMutableBufferPointer<NearestSearch.Candidate>, capacity: Int,
    reach: BandReach
  ) {
    self.buffer = buffer
    self.capacity = capacity
    self.limits = reach
  }

  @inline(__always)
  mutating func insert(_ d2: Float, _ position: Int32) -> Bool {
    // From the end, past every entry farther than this one.
    var j = count
    while j > 0, buffer[j - 1].d2 > d2 {
      buffer[j] = buffer[j - 1]
      j -= 1
    }
    buffer[j] = NearestSearch.Candidate(d2: d2, position: position)
    count += 1
    if count >= capacity {
      limits.update(worst: buffer[capacity - 1].d2)
      while count > capacity, buffer[count - 1].d2 > reach { count -= 1 }
      if count == buffer.count { return false }
    }
    return true
  }
}

/// The band as sixteen (chord², position) slots in four vector registers each, sorted: an
/// insertion moves every slot at once with compares and blends instead of a loop whose end
/// the processor cannot predict, for limits of up to twelve (four slots left for near-ties).
///
/// Empty slots hold +∞. When a station within reach falls off the sixteenth slot the band has
/// overflowed (more than four stations within the error bound of the limit-th, such as a
/// large site listed station by station) and the search runs again with a ``SortedBand``.
struct VectorBand: CandidateBand {
  /// The largest limit this band serves.
  static let largestLimit = 12

  var d0 = SIMD4<Float>(repeating: .infinity)
  var d1 = SIMD4<Float>(repeating: .infinity)
  var d2 = SIMD4<Float>(repeating: .infinity)
  var d3 = SIMD4<Float>(repeating: .infinity)
  var p0 = SIMD4<Int32>(repeating: -1)
  var p1 = SIMD4<Int32>(repeating: -1)
  var p2 = SIMD4<Int32>(repeating: -1)
  var p3 = SIMD4<Int32>(repeating: -1)
  let limit: Int
  var limits: BandReach
  var reach: Float { limits.reach }
  var pruneReach: Float { limits.pruneReach }
  /// Whether a station within reach was pushed out of the last slot.
  var overflowed = false

  init(limit: Int, reach: BandReach) {
    self.limit = limit
    self.limits = reach
  }

  @inline(__always)
  mutating func insert(_ value: Float, _ position: Int32) -> Bool {
    let x = SIMD4<Float>(repeating: value)
    let p = SIMD4<Int32>(repeating: position)
    let out = d3[3]
    // Each slot's predecessor: the slot before it, across register boundaries.
    let s0 = SIMD4<Float>(-.infinity, d0[0], d0[1], d0[2])
    let s1 = SIMD4<Float>(d0[3], d1[0], d1[1], d1[2])
    let s2 = SIMD4<Float>(d1[3], d2[0], d2[1], d2[2])
    let s3 = SIMD4<Float>(d2[3], d3[0], d3[1], d3[2])
    let q0 = SIMD4<Int32>(-1, p0[0], p0[1], p0[2])
    let q1 = SIMD4<Int32>(p0[3], p1[0], p1[1], p1[2])
    let q2 = SIMD4<Int32>(p1[3], p2[0], p2[1], p2[2])
    let q3 = SIMD4<Int32>(p2[3], p3[0], p3[1], p3[2])
    Self.step(&d0, &p0, s0, q0, x, p)
    Self.step(&d1, &p1, s1, q1, x, p)
    Self.step(&d2, &p2, s2, q2, x, p)
    Self.step(&d3, &p3, s3, q3, x, p)
    // An empty slot (+∞) falling off is nothing lost.
    if out <= reach, out < .infinity { overflowed = true }
    let worst = self[limit - 1]
    if worst < .infinity {
      limits.update(worst: worst)
    }
    return !overflowed
  }

  /// One register's slots after inserting `x`: a slot farther than `x` takes its
  /// predecessor when that is farther too, else `x`; nearer slots stay.
  @inline(__always)
  static func step(
    _ d: inout SIMD4<Float>, _ p: inout SIMD4<Int32>, _ before: SIMD4<Float>,
    _ beforePositions: SIMD4<Int32>, _ x: SIMD4<Float>, _ position: SIMD4<Int32>
  ) {
    let moves = d .> x
    let shifts = before .> x
    var newD = x
    var newP = position
    newD.replace(with: before, where: shifts)
    newP.replace(with: beforePositions, where: shifts)
    d.replace(with: newD, where: moves)
    p.replace(with: newP, where: moves)
  }

  /// The chord² in slot `i` (0 ..< 16).
  @inline(__always)
  subscript(i: Int) -> Float {
    switch i >> 2 {
    case 0: d0[i & 3]
    case 1: d1[i & 3]
    case 2: d2[i & 3]
    default: d3[i & 3]
    }
  }

  /// The position in slot `i` (0 ..< 16).
  @inline(__always)
  func position(_ i: Int) -> Int32 {
    switch i >> 2 {
    case 0: p0[i & 3]
    case 1: p1[i & 3]
    case 2: p2[i & 3]
    default: p3[i & 3]
    }
  }

  /// Writes the filled slots within reach to `buffer` in order; how many.
  func copy(into buffer: UnsafeMutableBufferPointer<NearestSearch.Candidate>) -> Int {
    var n = 0
    // Empty slots (+∞) pass an unbounded reach; no station is that far.
    while n < 16, n < buffer.count, self[n] <= reach, self[n] < .infinity {
      buffer[n] = NearestSearch.Candidate(d2: self[n], position: position(n))
      n += 1
    }
    return n
  }
}
