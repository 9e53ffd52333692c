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
    let q = PreparedPoint(point)
    let capacity = min(limit, s.stations.count)
    let lazy: Bool = if case .distance = order { withinKilometres == nil } else { false }
    // The usual query — nearest first, no radius, no filter, a dozen stations or fewer — runs
    // in a key band on the stack with nothing else to set up.
    let usual =
      lazy && filter.letsEverythingThrough && capacity <= KeyBand.largestLimit
      && s.stations.count <= KeyBand.largestPositionCount
    if usual, let positions = NearestSearch.nearestInKeyBand(q, capacity: capacity, s) {
      return StationMatches(storage: s, positions: positions, measuredFrom: q)
    }
    let compiled = CompiledFilter(filter, s)
    // The radius as a Float chord², rounded up and widened by the Float search's error bound.
    let radiusLimit: Float =
      withinKilometres.map {
        let c = Chord.length(forKilometres: $0)
        let c2 = Float(c * c * (1 + 1e-9) + 1e-18).nextUp
        return NearestSearch.widened(c2)
      } ?? .infinity
    let maxKilometres = withinKilometres ?? .infinity
    // The band holds the `limit` best and every station within the error bound of the worst of
    // them; it overflows only where many stations sit at one distance (a large site listed
    // station by station), and the search then runs again with room for them all.
    var extra = 64
    // A key band that overflowed above runs again in the sorted buffer at once.
    var firstAttempt = !usual
    // What the search found: positions in order (lazy), or positions with kilometres. Kept out
    // of the closures so the results are built once, outside them.
    var ordered = ResultPositions.none
    var found: (positions: [Int32], distances: [Double]) = ([], [])
    // The tree is balanced (median splits; an image is checked for it), so 64 levels of
    // pending far children hold far more than 2³² stations.
    withUnsafeTemporaryAllocation(of: NearestSearch.Pending.self, capacity: 64) { stack in
      withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: KeyBand.room) {
        keys in
        while true {
          let done = withUnsafeTemporaryAllocation(
            of: NearestSearch.Candidate.self, capacity: capacity + extra
          ) { band -> Bool in
            var search = NearestSearch(
              band: band, stack: stack, keys: keys, capacity: capacity,
              radiusLimit: radiusLimit, storage: s)
            // A sorted buffer with room for every station cannot run out: the tree's leaves hold
            // each station once (checked for an image). Should it run out all the same, the
            // search stops there rather than trying again for ever.
            guard
              search.run(q.vector, compiled, packed: firstAttempt)
                || (!firstAttempt && extra >= s.stations.count)
            else { return false }
            if lazy {
              // Nearest first with no radius: the order is settled from the Float distances
              // (exact kilometres only inside near-ties) and each distance is computed when it
              // is read.
              ordered = search.orderedPositions(q)
            } else {
              found = search.finish(q, maxKilometres: maxKilometres)
            }
            return true
          }
          if done { return }
          // With room for every station the band cannot run out.
          extra = min(extra * 8, s.stations.count)
          firstAttempt = false
        }
      }
    }
    if lazy { return StationMatches(storage: s, positions: ordered, measuredFrom: q) }
    let result = found
    if case .distance = order {
      return StationMatches(
        storage: s, positions: result.positions, distances: result.distances,
        routePositions: nil)
    }
    return StationMatches.ordered(
      s, positions: result.positions, distances: result.distances, routePositions: nil,
      order: order)
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
  /// Room for the ``KeyBand``'s slots.
  let keys: UnsafeMutableBufferPointer<SIMD2<Double>>
  let capacity: Int
  let radiusLimit: Float
  let storage: StationIndex.Storage
  /// How many candidates ``run(_:_:packed:)`` left in `band`, nearest first.
  var count = 0
  /// The key band the search ran with, until its candidates are copied to `band`.
  var keyed: KeyBand?

  init(
    band: UnsafeMutableBufferPointer<Candidate>, stack: UnsafeMutableBufferPointer<Pending>,
    keys: UnsafeMutableBufferPointer<SIMD2<Double>>, capacity: Int, radiusLimit: Float,
    storage: StationIndex.Storage
  ) {
    self.band = band
    self.stack = stack
    self.keys = keys
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

  /// The box distances of both children of `node` to the query, in lanes 0 and 1: per axis
  /// `max(lo − q, q − hi, 0)`, then `(dx² + dy²) + dz²`.
  ///
  /// `qx`, `qy`, `qz` are the query's components as (q, q, −q, −q): against the node's
  /// (left lo, right lo, −left hi, −right hi) one subtraction gives `lo − q` in lanes 0 and 1
  /// and `q − hi` (exactly, as `−hi − (−q)`) in lanes 2 and 3; the larger of each pair, and of
  /// zero, is the axis's gap. For a box at most one of the two is positive, so this is the
  /// `max(lo − q, 0) + max(q − hi, 0)` of a point's chord² to the nearest point of the box with
  /// the same `Float` operations in the same order, and a box's bound never exceeds the chord²
  /// of a station inside it. Lanes 2 and 3 repeat 0 and 1.
  @inline(__always)
  static func childDistances(
    _ node: StationIndex.SearchNode, _ qx: SIMD4<Float>, _ qy: SIMD4<Float>, _ qz: SIMD4<Float>
  ) -> SIMD4<Float> {
    let ax = node.x - qx
    let ay = node.y - qy
    let az = node.z - qz
    let dx = larger(larger(ax, SIMD4(ax[2], ax[3], ax[0], ax[1])), .zero)
    let dy = larger(larger(ay, SIMD4(ay[2], ay[3], ay[0], ay[1])), .zero)
    let dz = larger(larger(az, SIMD4(az[2], az[3], az[0], az[1])), .zero)
    return (dx * dx + dy * dy) + dz * dz
  }

  /// The lanewise larger of `a` and `b` (`a` where either is NaN), written so it compiles to
  /// one `maxps`.
  @inline(__always)
  static func larger(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    a.replacing(with: b, where: b .> a)
  }

  /// The usual query's search: nearest first, no radius and no filter, `capacity` (1 ... 12)
  /// stations in a ``KeyBand`` whose slots, like the search's stack, are on the stack; the
  /// order settled as ``orderedPositions(_:)`` does. Nil when the band overflowed (the caller
  /// searches again with room for every near-tie).
  static func nearestInKeyBand(
    _ q: StationIndex.PreparedPoint, capacity: Int, _ s: StationIndex.Storage
  ) -> ResultPositions? {
    withUnsafeTemporaryAllocation(of: Pending.self, capacity: 64) { stack in
      withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: KeyBand.room) {
        keys in
        let largestOffset = s.search.largestOffset
        var band = KeyBand(
          limit: capacity, reach: BandReach(radiusLimit: .infinity, largestOffset: largestOffset),
          slots: keys.baseAddress!)
        guard search(q.vector, EveryStation(), &band, stack: stack, storage: s), !band.overflowed
        else { return nil }
        if let positions = band.orderedPositions(capacity: capacity, largestOffset: largestOffset) {
          return positions
        }
        return withUnsafeTemporaryAllocation(of: Candidate.self, capacity: KeyBand.slotCount) {
          items in
          let count = band.copy(into: items)
          return settled(items, count: count, capacity: capacity, q, s)
        }
      }
    }
  }

  /// The depth-first search into the band that suits the limit: the sixteen packed keys of a
  /// ``KeyBand`` for a limit of up to ``KeyBand/largestLimit`` when `packed`, else the
  /// sorted buffer. False when the band ran out of room (the caller runs it again with more
  /// room, and not in registers).
  mutating func run(_ vector: UnitVector, _ filter: CompiledFilter, packed: Bool) -> Bool {
    let reach = BandReach(radiusLimit: radiusLimit, largestOffset: storage.search.largestOffset)
    if packed, capacity <= KeyBand.largestLimit,
      storage.stations.count <= KeyBand.largestPositionCount, let slots = keys.baseAddress
    {
      var small = KeyBand(limit: capacity, reach: reach, slots: slots)
      let fits =
        filter.passesAll
        ? Self.search(vector, EveryStation(), &small, stack: stack, storage: storage)
        : Self.search(vector, filter, &small, stack: stack, storage: storage)
      guard fits, !small.overflowed else { return false }
      // Left in its keys until a result needs the candidates (``materialize()``).
      keyed = small
      return true
    }
    var sorted = SortedBand(buffer: band, capacity: capacity, reach: reach)
    let fits =
      filter.passesAll
      ? Self.search(vector, EveryStation(), &sorted, stack: stack, storage: storage)
      : Self.search(vector, filter, &sorted, stack: stack, storage: storage)
    count = sorted.count
    return fits
  }

  /// The depth-first search: a fixed stack of pending far children, nearer child first; a
  /// leaf's stations are measured four at a time from its point groups and those within the
  /// band's reach go into it. False when the band ran out of room.
  static func search<Band: CandidateBand, Test: StationTest>(
    _ vector: UnitVector, _ filter: Test, _ result: inout Band,
    stack: UnsafeMutableBufferPointer<Pending>, storage s: StationIndex.Storage
  ) -> Bool {
    let exact = SIMD4<Double>(vector.x, vector.y, vector.z, 0)
    let q = SIMD4<Float>(exact)
    // The query as (q, q, −q, −q) per axis, for ``childDistances(_:_:_:_:)``.
    let nqx = SIMD4<Float>(q.x, q.x, -q.x, -q.x)
    let nqy = SIMD4<Float>(q.y, q.y, -q.y, -q.y)
    let nqz = SIMD4<Float>(q.z, q.z, -q.z, -q.z)
    let tree = s.search
    let nodes = tree.nodes
    let groups = UnsafePointer(tree.groups.baseAddress!)
    // A local copy, so the band's state stays in registers.
    var band = result
    defer { result = band }
    var top = 0
    var fresh = true
    let rootBounds = Self.childDistances(tree.root, nqx, nqy, nqz)
    var child = tree.root.left
    var bound = rootBounds.x
    while true {
      // Boxes are absolute `Float`s, so they are measured against the reach widened by their
      // error.
      if bound <= band.pruneReach {
        if child.x < 0 {
          // A leaf: its header (origin and group count), then stations from tree position
          // `start` in groups of four, measured from the query's offset to the origin.
          var g = Int(-1 - child.x)
          var position = Int(child.y)
          let header = groups[g].x
          let origin = SIMD4<Double>(SIMD4<Float>(header.x, header.y, header.z, 0))
          let offset = SIMD4<Float>(exact - origin)
          let qx = SIMD4<Float>(repeating: offset.x)
          let qy = SIMD4<Float>(repeating: offset.y)
          let qz = SIMD4<Float>(repeating: offset.z)
          let end = g &+ 1 &+ Int(header.w.bitPattern)
          g &+= 1
          if fresh {
            // The first leaf, the query's own: its first groups go into the band at once.
            fresh = false
            let taken = band.takeFirst(
              groups + g, count: end - g, position: position, qx, qy, qz, filter, s)
            g &+= taken
            position &+= 4 * taken
          }
          while g < end {
            let group = groups[g]
            let dx = group.x - qx
            let dy = group.y - qy
            let dz = group.z - qz
            let d = (dx * dx + dy * dy) + dz * dz
            // NaN lanes (after the leaf's last station) fail every test. Most groups have no
            // station within reach once the band is full: one vector test skips them.
            let reach = band.reach
            if any(d .<= reach) {
              for lane in 0..<4 where d[lane] <= reach {
                let p = position &+ lane
                if !Test.everyStationPasses, !filter.passes(p, s) { continue }
                guard band.insert(d[lane], Int32(truncatingIfNeeded: p)) else { return false }
              }
              band.tighten()
            }
            g &+= 1
            position &+= 4
          }
        } else {
          let node = nodes[Int(child.x)]
          let bounds = Self.childDistances(node, nqx, nqy, nqz)
          if bounds.x <= bounds.y {
            stack[top] = Pending(bound: bounds.y, child: node.right)
            child = node.left
            bound = bounds.x
          } else {
            stack[top] = Pending(bound: bounds.x, child: node.left)
            child = node.right
            bound = bounds.y
          }
          top &+= 1
          continue
        }
      }
      if top == 0 { break }
      top &-= 1
      bound = stack[top].bound
      child = stack[top].child
    }
    return true
  }

  /// Copies a key band's candidates to `band` (once; nothing for the sorted buffer, which is
  /// `band`).
  mutating func materialize() {
    guard let keyed else { return }
    count = keyed.copy(into: band)
    self.keyed = nil
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
  mutating func orderedPositions(_ q: StationIndex.PreparedPoint) -> ResultPositions {
    if let keyed {
      if let positions = keyed.orderedPositions(
        capacity: capacity, largestOffset: storage.search.largestOffset)
      {
        return positions
      }
      materialize()
    }
    return Self.settled(band, count: count, capacity: capacity, q, storage)
  }

  /// The first `capacity` positions of the `count` candidates `items`, sorted by chord²
  /// measured from their leaves, with every near-tie run settled in place (``settle``).
  static func settled(
    _ items: UnsafeMutableBufferPointer<Candidate>, count: Int, capacity: Int,
    _ q: StationIndex.PreparedPoint, _ s: StationIndex.Storage
  ) -> ResultPositions {
    // One slack for every run: that of the farthest candidate, the largest.
    let slack =
      count > 0
      ? Self.relativeSlack(items[count - 1].d2, largestOffset: s.search.largestOffset) : 0
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
      let v = q.vector
      let x = s.x
      let y = s.y
      let z = s.z
      for i in start..<end {
        let position = items[i].position
        let p = Int(position)
        let dx = x[p] - v.x
        let dy = y[p] - v.y
        let dz = z[p] - v.z
        // (dx² + dy²) + dz², as the scalar form.
        let c2 = (dx * dx + dy * dy) + dz * dz
        run[i - start] = Measured(measure: c2, position: position)
      }
      // By chord²: usually two or three entries (the sort's own insertion sort), and no
      // quadratic cost for a site of thousands listed at one point. (`sort` needs a `var`;
      // the buffer is the same memory.)
      var measured = run
      measured.sort { $0.measure < $1.measure }
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
    let latitude = s.latitude
    let longitude = s.longitude
    var colocated = true
    for i in first + 1..<last {
      let p = Int(run[i].position)
      if latitude[p] != latitude[origin] || longitude[p] != longitude[origin] {
        colocated = false
        break
      }
    }
    for i in first..<last {
      run[i].measure = colocated ? 0 : s.distanceKilometres(from: q, to: Int(run[i].position))
    }
    var slice = UnsafeMutableBufferPointer(rebasing: run[first..<last])
    slice.sort { a, b in
      a.measure != b.measure
        ? a.measure < b.measure : s.precedesInIDOrder(a.position, b.position)
    }
  }

  /// The exact answer: the candidates' great-circle kilometres, the `capacity` best by
  /// (kilometres, id order), nearest first.
  mutating func finish(_ q: StationIndex.PreparedPoint, maxKilometres: Double) -> (
    positions: [Int32], distances: [Double]
  ) {
    materialize()
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
  /// Takes the stations of the first leaf's first groups (up to `count` of them, at
  /// `groups`, from tree position `position` on, measured from the query's offset `qx`, `qy`,
  /// `qz` to the leaf's origin) that are within reach and match `filter`, and tightens the
  /// reach; how many groups it took (the search measures the rest).
  mutating func takeFirst<Test: StationTest>(
    _ groups: UnsafePointer<StationIndex.PointGroup>, count: Int, position: Int,
    _ qx: SIMD4<Float>, _ qy: SIMD4<Float>, _ qz: SIMD4<Float>, _ filter: Test,
    _ storage: StationIndex.Storage
  ) -> Int
  /// Brings the reach up to date after a group of insertions (a band may tighten it only here,
  /// so the stations of one group are all tested against the reach before it).
  mutating func tighten()
}

/// Which stations a search may take: every one (``EveryStation``, the usual unfiltered query,
/// whose search has no test in it at all) or those a ``CompiledFilter`` lets through.
protocol StationTest {
  /// Whether every station passes (then ``passes(_:_:)`` is never asked): a property of the
  /// type, so the search's specialisation for it has no test in it at all.
  static var everyStationPasses: Bool { get }
  /// Whether the station at tree position `position` passes.
  func passes(_ position: Int, _ storage: StationIndex.Storage) -> Bool
}

/// Every station passes.
struct EveryStation: StationTest {
  static var everyStationPasses: Bool { true }
  @inline(__always)
  func passes(_ position: Int, _ storage: StationIndex.Storage) -> Bool { true }
}

extension CompiledFilter: StationTest {
  /// False: a filter with no conditions (``passesAll``) is searched as ``EveryStation``.
  static var everyStationPasses: Bool { false }
  /// Out of line: the search asks only for stations within reach, and the conditions' code
  /// would otherwise crowd the search's loop.
  @inline(never)
  func passes(_ position: Int, _ storage: StationIndex.Storage) -> Bool {
    matches(position, storage)
  }
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

  /// Nothing: an insertion tightens the reach at once.
  @inline(__always)
  mutating func tighten() {}

  /// None: the search inserts them one by one.
  @inline(__always)
  mutating func takeFirst<Test: StationTest>(
    _ groups: UnsafePointer<StationIndex.PointGroup>, count: Int, position: Int,
    _ qx: SIMD4<Float>, _ qy: SIMD4<Float>, _ qz: SIMD4<Float>, _ filter: Test,
    _ storage: StationIndex.Storage
  ) -> Int { 0 }

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

/// The band as sixteen sorted keys, each a station's chord² and tree position packed into one
/// `Double`, so an insertion is a min/max merge step per pair of slots — no payload to carry
/// along, no loop whose end the processor has to guess — for limits of up to twelve (four
/// slots left for near-ties).
///
/// A key is the chord² widened to `Double` (exact, with 29 low mantissa bits zero), those bits
/// holding position + 1, the whole bit pattern raised by 2⁶¹ (exponent + 512) so that no key
/// is subnormal: for chord² in [0, 4], keys order as (chord², position) both as integers and
/// as `Double`s. Slots before the limit's (12 − limit) hold 0, below every key, so the
/// limit-th station is always in slot 11; empty slots hold +∞. The slots live in memory the
/// caller provides: sixteen `Double`s do not fit in the vector registers beside the search's
/// own, and aligned loads and stores of one cache line cost less than the compiler's spills.
///
/// A station within reach pushed out of the last slot means more than four stations lie
/// within the error bound of the limit-th (a large site listed station by station); the
/// search then runs again with a ``SortedBand``.
struct KeyBand: CandidateBand {
  /// The largest limit this band serves.
  static let largestLimit = 12
  /// Its slots.
  static let slotCount = 16
  /// The `SIMD2<Double>`s a band's memory must hold: room for the sixteen keys ``takeFirst``
  /// stores after up to 11 (`largestLimit` − 1) `skip` zeros.
  static let room = (largestLimit - 1 + slotCount + 1) / 2
  /// The most stations whose positions (+ 1) fit in a key's 29 low bits.
  static let largestPositionCount = (1 << 29) - 2
  static let bias: UInt64 = 1 << 61
  static let positionBits: UInt64 = (1 << 29) - 1

  /// Sixteen keys, two to a vector, sorted.
  let slots: UnsafeMutablePointer<SIMD2<Double>>
  /// The smallest key pushed out of the last slot (+∞ while none).
  var fallen = Double.infinity
  /// Slots holding 0 before the first station's: 12 − limit.
  let skip: Int
  var limits: BandReach
  var reach: Float { limits.reach }
  var pruneReach: Float { limits.pruneReach }

  /// A band for `limit` (1 ... 12) stations in the `slotCount` keys at `slots`.
  init(limit: Int, reach: BandReach, slots: UnsafeMutablePointer<SIMD2<Double>>) {
    skip = Self.largestLimit - limit
    limits = reach
    self.slots = slots
    for i in 0..<Self.slotCount / 2 {
      slots[i] = SIMD2(2 * i < skip ? 0 : .infinity, 2 * i + 1 < skip ? 0 : .infinity)
    }
  }

  /// The key of a station at tree position `position` with chord² `d2` (0 ... 4).
  @inline(__always)
  static func key(_ d2: Float, _ position: Int32) -> Double {
    let packed = Double(d2).bitPattern | UInt64(UInt32(bitPattern: position) &+ 1)
    return Double(bitPattern: packed &+ bias)
  }

  /// The chord² a key holds.
  @inline(__always)
  static func distance(_ key: Double) -> Float {
    Float(Double(bitPattern: (key.bitPattern &- bias) & ~positionBits))
  }

  /// The tree position a key holds.
  @inline(__always)
  static func position(_ key: Double) -> Int32 {
    Int32(truncatingIfNeeded: (key.bitPattern & positionBits) &- 1)
  }

  @inline(__always)
  mutating func insert(_ value: Float, _ position: Int32) -> Bool {
    let key = Self.key(value, position)
    let x = SIMD2<Double>(repeating: key)
    // Each slot becomes min(max(its predecessor, x), itself): the slots before x's place
    // keep their keys, x's slot takes x, the later ones their predecessor's.
    var before = SIMD2<Double>.zero
    for i in 0..<Self.slotCount / 2 {
      let pair = slots[i]
      var moved = SIMD2<Double>(before[1], pair[0])
      moved.replace(with: x, where: x .> moved)
      slots[i] = pair.replacing(with: moved, where: moved .< pair)
      before = pair
    }
    // What left the last slot: its old key, or x itself when x is beyond it.
    fallen = min(fallen, max(before[1], key))
    return true
  }

  /// The first leaf's first four groups, sixteen stations, sorted at once by a bitonic
  /// network of lanewise minima and maxima (ten steps, about 170 vector operations) instead
  /// of sixteen insertions of about sixty each; stations beyond reach, filtered out or past
  /// the leaf's end become +∞ keys, which sort last and are no stations.
  @inline(never)
  mutating func takeFirst<Test: StationTest>(
    _ groups: UnsafePointer<StationIndex.PointGroup>, count: Int, position: Int,
    _ qx: SIMD4<Float>, _ qy: SIMD4<Float>, _ qz: SIMD4<Float>, _ filter: Test,
    _ storage: StationIndex.Storage
  ) -> Int {
    let taken = min(count, 4)
    let reach = self.reach
    let wideReach = SIMD2<Double>(repeating: Double(reach))
    let infinity = SIMD2<Double>(repeating: .infinity)
    var k = (infinity, infinity, infinity, infinity, infinity, infinity, infinity, infinity)
    /// The keys of group `g`'s four stations, +∞ for those not to be taken.
    @inline(__always)
    func keys(_ g: Int) -> (SIMD2<Double>, SIMD2<Double>) {
      let group = groups[g]
      let dx = group.x - qx
      let dy = group.y - qy
      let dz = group.z - qz
      var d = (dx * dx + dy * dy) + dz * dz
      let p = position &+ 4 &* g
      if !Test.everyStationPasses {
        for lane in 0..<4 where d[lane] <= reach && !filter.passes(p &+ lane, storage) {
          d[lane] = .nan
        }
      }
      // Widened exactly; NaN (past the leaf's end, filtered out) and beyond reach fail.
      let low = SIMD2<Double>(d.lowHalf)
      let high = SIMD2<Double>(d.highHalf)
      let plus = UInt64(truncatingIfNeeded: p &+ 1)
      var first = unsafeBitCast(
        (unsafeBitCast(low, to: SIMD2<UInt64>.self) | SIMD2(plus, plus &+ 1)) &+ Self.bias,
        to: SIMD2<Double>.self)
      var second = unsafeBitCast(
        (unsafeBitCast(high, to: SIMD2<UInt64>.self) | SIMD2(plus &+ 2, plus &+ 3)) &+ Self.bias,
        to: SIMD2<Double>.self)
      first.replace(with: infinity, where: .!(low .<= wideReach))
      second.replace(with: infinity, where: .!(high .<= wideReach))
      return (first, second)
    }
    if taken > 0 { (k.0, k.1) = keys(0) }
    if taken > 1 { (k.2, k.3) = keys(1) }
    if taken > 2 { (k.4, k.5) = keys(2) }
    if taken > 3 { (k.6, k.7) = keys(3) }
    Self.sort(&k)
    // Into the slots after the `skip` zeros, all sixteen at once (the room after the slots
    // takes what does not fit); what does not fit has left the band.
    UnsafeMutableRawPointer(slots).storeBytes(
      of: k, toByteOffset: skip * MemoryLayout<Double>.stride, as: type(of: k))
    if skip > 0 {
      // The first key after the last slot.
      fallen = min(
        fallen,
        UnsafeRawPointer(slots).load(
          fromByteOffset: Self.slotCount * MemoryLayout<Double>.stride, as: Double.self))
    }
    tighten()
    return taken
  }

  /// Sorts sixteen keys, two to a vector, ascending: a bitonic network in which every
  /// comparator sends the smaller key to the lower slot (each merge begins by comparing a
  /// block's slots from both ends).
  @inline(__always)
  static func sort(
    _ k:
      inout (
        SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>,
        SIMD2<Double>, SIMD2<Double>
      )
  ) {
    // Blocks of 2.
    within(&k.0, &k.1)
    within(&k.2, &k.3)
    within(&k.4, &k.5)
    within(&k.6, &k.7)
    // Blocks of 4.
    reversed(&k.0, &k.1)
    reversed(&k.2, &k.3)
    reversed(&k.4, &k.5)
    reversed(&k.6, &k.7)
    within(&k.0, &k.1)
    within(&k.2, &k.3)
    within(&k.4, &k.5)
    within(&k.6, &k.7)
    // Blocks of 8.
    reversed(&k.0, &k.3)
    reversed(&k.1, &k.2)
    reversed(&k.4, &k.7)
    reversed(&k.5, &k.6)
    across(&k.0, &k.1)
    across(&k.2, &k.3)
    across(&k.4, &k.5)
    across(&k.6, &k.7)
    within(&k.0, &k.1)
    within(&k.2, &k.3)
    within(&k.4, &k.5)
    within(&k.6, &k.7)
    // All 16.
    reversed(&k.0, &k.7)
    reversed(&k.1, &k.6)
    reversed(&k.2, &k.5)
    reversed(&k.3, &k.4)
    across(&k.0, &k.2)
    across(&k.1, &k.3)
    across(&k.4, &k.6)
    across(&k.5, &k.7)
    across(&k.0, &k.1)
    across(&k.2, &k.3)
    across(&k.4, &k.5)
    across(&k.6, &k.7)
    within(&k.0, &k.1)
    within(&k.2, &k.3)
    within(&k.4, &k.5)
    within(&k.6, &k.7)
  }

  /// Comparators between the same lanes of `a` and `b`: the smaller keys to `a`. (Written
  /// lane by lane: the compiler turns these into `minpd`/`maxpd`, where a vector mask on
  /// 64-bit lanes would cost a sign test per lane without SSE4.2.)
  @inline(__always)
  static func across(_ a: inout SIMD2<Double>, _ b: inout SIMD2<Double>) {
    let low = SIMD2(a[0] < b[0] ? a[0] : b[0], a[1] < b[1] ? a[1] : b[1])
    b = SIMD2(a[0] > b[0] ? a[0] : b[0], a[1] > b[1] ? a[1] : b[1])
    a = low
  }

  /// Comparators within each vector: lane 0 of `a` and of `b` gets its vector's smaller key.
  @inline(__always)
  static func within(_ a: inout SIMD2<Double>, _ b: inout SIMD2<Double>) {
    var first = SIMD2<Double>(a[0], b[0])
    var second = SIMD2<Double>(a[1], b[1])
    across(&first, &second)
    a = SIMD2(first[0], second[0])
    b = SIMD2(first[1], second[1])
  }

  /// Comparators from both ends of the block `a`, `b`: `a`'s lane 0 with `b`'s lane 1 and
  /// `a`'s lane 1 with `b`'s lane 0, the smaller keys to `a`.
  @inline(__always)
  static func reversed(_ a: inout SIMD2<Double>, _ b: inout SIMD2<Double>) {
    var swapped = SIMD2<Double>(b[1], b[0])
    across(&a, &swapped)
    b = SIMD2(swapped[1], swapped[0])
  }

  /// The reach from the limit-th station, always in slot 11. Tightening once per group instead
  /// of at each insertion lets a group's later stations in against a slightly wider reach; they
  /// sort after the limit-th and are dropped at the end, and they push out of the last slot
  /// only what the final reach no longer needs or, at worst, cause a needless run again.
  @inline(__always)
  mutating func tighten() {
    let worst = slots[5][1]
    if worst < .infinity { limits.update(worst: Self.distance(worst)) }
  }

  /// Whether a station within the final reach was pushed out of the last slot.
  var overflowed: Bool { fallen < .infinity && Self.distance(fallen) <= reach }

  /// The key in slot `i` (0 ..< 16).
  @inline(__always)
  subscript(i: Int) -> Double { slots[i >> 1][i & 1] }

  /// The first `capacity` positions in order when no near-tie needs settling — no two
  /// consecutive candidates, the first of them among the `capacity`, within the error bound of
  /// each other (``NearestSearch/orderedPositions(_:)``) — else nil.
  func orderedPositions(capacity: Int, largestOffset: Float) -> ResultPositions? {
    let keys = UnsafeRawPointer(slots).assumingMemoryBound(to: Double.self) + skip
    // The error bound's slack at the band's first limit-th station, at least that of any
    // candidate now (it only moved nearer); the reach's when the band never filled.
    let slack =
      limits.slack.isNaN
      ? NearestSearch.relativeSlack(reach, largestOffset: largestOffset) : limits.slack
    let reach = self.reach
    // The candidates up to the one after the `capacity`-th: a near-tie matters when it starts
    // among the first `capacity`.
    let end = min(capacity + 1, Self.slotCount - skip)
    var inline = ResultPositions.unused
    let count = withUnsafeMutableBytes(of: &inline) { raw -> Int? in
      let positions = raw.baseAddress!.assumingMemoryBound(to: Int32.self)
      var previous = -Float.infinity
      var n = 0
      while n < end {
        let key = keys[n]
        let d2 = Self.distance(key)
        guard key < .infinity, d2 <= reach else { break }
        if d2 <= NearestSearch.widenedFrom(previous, slack: slack) { return nil }
        // Room for 16: the one after the `capacity`-th is written, not counted.
        positions[n] = Self.position(key)
        previous = d2
        n &+= 1
      }
      return min(n, capacity)
    }
    guard let count else { return nil }
    return ResultPositions(inline: inline, count: count)
  }

  /// Writes the stations within reach to `buffer` in order; how many.
  func copy(into buffer: UnsafeMutableBufferPointer<NearestSearch.Candidate>) -> Int {
    var n = 0
    var i = skip
    while i < Self.slotCount, n < buffer.count {
      let key = self[i]
      guard key < .infinity else { break }
      let d2 = Self.distance(key)
      guard d2 <= reach else { break }
      buffer[n] = NearestSearch.Candidate(d2: d2, position: Self.position(key))
      n += 1
      i += 1
    }
    return n
  }
}
