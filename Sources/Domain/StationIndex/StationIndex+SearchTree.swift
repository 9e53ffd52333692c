extension StationIndex {
  /// One inner node as the nearest search reads it, 64 bytes (one cache line): the `Float` boxes
  /// of both children's unit vectors, one axis per vector as (left lo, right lo, −left hi,
  /// −right hi), and where each child is. With the highs negated, one subtraction of
  /// (q, q, −q, −q) gives both children's `lo − q` and `q − hi` at once (see
  /// ``NearestSearch/childDistances(_:_:_:_:)``).
  ///
  /// A child is `(record, 0)` for an inner node; for a leaf it is `(−1 − first group, start)`:
  /// the group at `first group` is the leaf's header (its origin and how many groups follow),
  /// its stations follow in ``PointGroup``s and are the tree positions from `start` on.
  struct SearchNode {
    var x: SIMD4<Float>
    var y: SIMD4<Float>
    var z: SIMD4<Float>
    var left: SIMD2<Int32>
    var right: SIMD2<Int32>
  }

  /// Four stations' unit vectors as `Float` columns, 48 bytes, relative to their leaf's origin;
  /// the lanes after a leaf's last station are NaN, which no comparison lets through. A leaf's
  /// first group is its header: `x` holds the origin (the centre of the leaf's `Float` box, x,
  /// y, z) and, as its last lane's bit pattern, how many groups of stations follow.
  ///
  /// Relative to a nearby origin a `Float` keeps the offset to 2⁻²⁴ of the leaf's size rather
  /// than of the sphere's radius, so chord² from a leaf are about a thousand times more exact
  /// than from absolute `Float` vectors: fewer near-ties to settle, a narrower band.
  struct PointGroup {
    var x: SIMD4<Float>
    var y: SIMD4<Float>
    var z: SIMD4<Float>
  }

  /// What the nearest search reads, derived from the tree in O(n): the inner nodes as
  /// ``SearchNode`` records in pre-order and each leaf's stations in consecutive
  /// ``PointGroup``s, both in 64-byte-aligned memory of their own, so a leaf is one contiguous
  /// run of a few cache lines right after its siblings'.
  ///
  /// Subtrees of at most ``leafMaximum`` stations become one search leaf: on this layout
  /// measuring a few more stations four at a time costs less than another node's cache miss.
  final class SearchTree: @unchecked Sendable {
    // Safe to share: the memory is written only in `init` and read-only afterwards, and freed
    // in `deinit` when no index refers to the tree any more.
    let nodes: UnsafeMutableBufferPointer<SearchNode>
    let groups: UnsafeMutableBufferPointer<PointGroup>
    /// The largest distance of a station from its leaf's origin (in `Float`), which bounds the
    /// error of a chord² measured from a leaf (``NearestSearch/relativeSlack(_:largestOffset:)``).
    let largestOffset: Float
    /// The root as a child reference, and a record whose left child is the root (its right
    /// box is empty), so the search starts like any other step.
    let root: SearchNode

    /// The largest subtree that becomes a single search leaf.
    static let leafMaximum = 32

    init(_ tree: [Node], x: [Double], y: [Double], z: [Double]) {
      let n = x.count
      var lo = [SIMD4<Float>](repeating: SIMD4(repeating: .infinity), count: tree.count)
      var hi = [SIMD4<Float>](repeating: SIMD4(repeating: -.infinity), count: tree.count)
      // Boxes bottom-up: children follow their parent in pre-order.
      for i in tree.indices.reversed() {
        let node = tree[i]
        if node.isLeaf {
          var l = SIMD4<Float>(repeating: .infinity)
          var h = SIMD4<Float>(repeating: -.infinity)
          for p in Int(node.start)..<Int(node.end) {
            let v = SIMD4<Float>(Float(x[p]), Float(y[p]), Float(z[p]), 0)
            l = pointwiseMin(l, v)
            h = pointwiseMax(h, v)
          }
          lo[i] = l
          hi[i] = h
        } else {
          lo[i] = pointwiseMin(lo[Int(node.left)], lo[Int(node.right)])
          hi[i] = pointwiseMax(hi[Int(node.left)], hi[Int(node.right)])
        }
      }
      // Which nodes the search sees: a node is a search leaf when it is a leaf or small enough.
      func isSearchLeaf(_ i: Int) -> Bool {
        tree[i].isLeaf || Int(tree[i].end - tree[i].start) <= Self.leafMaximum
      }
      var record = [Int32](repeating: -1, count: tree.count)
      var firstGroup = [Int32](repeating: -1, count: tree.count)
      var inner = 0
      var groupCount = 0
      // Pre-order over the visible tree (an explicit stack: the tree is balanced).
      var stack: [Int] = tree.isEmpty ? [] : [0]
      var visible: [Int] = []
      while let i = stack.popLast() {
        visible.append(i)
        if isSearchLeaf(i) {
          firstGroup[i] = Int32(groupCount)
          // The header, then the stations.
          groupCount += 1 + (Int(tree[i].end - tree[i].start) + 3) / 4
        } else {
          record[i] = Int32(inner)
          inner += 1
          stack.append(Int(tree[i].right))
          stack.append(Int(tree[i].left))
        }
      }
      nodes = Self.allocate(SearchNode.self, max(1, inner))
      groups = Self.allocate(PointGroup.self, max(1, groupCount))
      let nan = SIMD4<Float>(repeating: .nan)
      for g in groups.indices { groups[g] = PointGroup(x: nan, y: nan, z: nan) }
      func reference(_ i: Int) -> SIMD2<Int32> {
        if record[i] >= 0 { return SIMD2(record[i], 0) }
        return SIMD2(-1 - firstGroup[i], tree[i].start)
      }
      func box(_ l: Int, _ r: Int) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
        (
          SIMD4(lo[l].x, lo[r].x, -hi[l].x, -hi[r].x), SIMD4(lo[l].y, lo[r].y, -hi[l].y, -hi[r].y),
          SIMD4(lo[l].z, lo[r].z, -hi[l].z, -hi[r].z)
        )
      }
      var largest: Float = 0
      for i in visible {
        if record[i] >= 0 {
          let l = Int(tree[i].left)
          let r = Int(tree[i].right)
          let (bx, by, bz) = box(l, r)
          nodes[Int(record[i])] = SearchNode(
            x: bx, y: by, z: bz, left: reference(l), right: reference(r))
        } else {
          var g = Int(firstGroup[i])
          let origin = (lo[i] + hi[i]) * 0.5
          // The group count as the lane's bit pattern: read back without a conversion.
          let stationGroups = Float(
            bitPattern: UInt32((Int(tree[i].end - tree[i].start) + 3) / 4))
          groups[g] = PointGroup(
            x: SIMD4(origin.x, origin.y, origin.z, stationGroups), y: .zero, z: .zero)
          g += 1
          let ox = Double(origin.x)
          let oy = Double(origin.y)
          let oz = Double(origin.z)
          var lane = 0
          for p in Int(tree[i].start)..<Int(tree[i].end) {
            let dx = Float(x[p] - ox)
            let dy = Float(y[p] - oy)
            let dz = Float(z[p] - oz)
            largest = max(largest, (dx * dx + dy * dy + dz * dz).squareRoot())
            groups[g].x[lane] = dx
            groups[g].y[lane] = dy
            groups[g].z[lane] = dz
            lane += 1
            if lane == 4 {
              lane = 0
              g += 1
            }
          }
        }
      }
      largestOffset = largest
      if tree.isEmpty || n == 0 {
        root = SearchNode(x: nan, y: nan, z: nan, left: SIMD2(-1, 0), right: SIMD2(-1, 0))
      } else {
        // The right box is empty: lo = +∞ and −hi = +∞ put it infinitely far.
        let far = Float.infinity
        root = SearchNode(
          x: SIMD4(lo[0].x, far, -hi[0].x, far),
          y: SIMD4(lo[0].y, far, -hi[0].y, far),
          z: SIMD4(lo[0].z, far, -hi[0].z, far),
          left: reference(0), right: SIMD2(-1, 0))
      }
    }

    deinit {
      nodes.baseAddress.map { UnsafeMutableRawPointer($0).deallocate() }
      groups.baseAddress.map { UnsafeMutableRawPointer($0).deallocate() }
    }

    static func allocate<T>(_ type: T.Type, _ count: Int) -> UnsafeMutableBufferPointer<T> {
      let raw = UnsafeMutableRawPointer.allocate(
        byteCount: count * MemoryLayout<T>.stride, alignment: 64)
      return UnsafeMutableBufferPointer(
        start: raw.bindMemory(to: T.self, capacity: count), count: count)
    }
  }
}
