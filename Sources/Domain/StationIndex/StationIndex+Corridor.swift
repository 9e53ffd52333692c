import Charging
import Geo

extension StationIndex {
  /// Every station within `withinKilometres` of `route` that matches `filter`, with its
  /// position along the route.
  ///
  /// The distance to the route is the exact great-circle distance to the nearest point of any
  /// segment (``RouteLine``); a station exactly at `withinKilometres` is included. The tree is
  /// walked once for the whole route: each node carries the list of segments whose reach box
  /// (the segment's arc grown by the corridor width, in unit-sphere space) meets the node's box,
  /// so a leaf tests its stations only against the few segments that can be near them.
  ///
  /// - Parameters:
  ///   - order: by kilometres along the route by default.
  /// - Returns: no results for an empty route or a negative, NaN or infinite width.
  public func stations(
    along route: RouteLine, withinKilometres: Double, filter: StationFilter = .none,
    order: StationOrder = .alongRoute
  ) -> StationMatches {
    let s = storage
    guard !s.nodes.isEmpty, route.segmentCount > 0, withinKilometres >= 0,
      withinKilometres.isFinite
    else {
      return StationMatches(storage: s, positions: [], distances: [], routePositions: [])
    }
    let reach = Chord.length(forKilometres: withinKilometres)
    var search = CorridorSearch(
      storage: s, route: route, within: withinKilometres,
      limit: Self.closenessLimit(withinKilometres),
      filter: CompiledFilter(filter, s),
      boxes: (0..<route.segmentCount).map { route.reachBox(segment: $0, reach: reach) })
    let root = s.nodes[0]
    for segment in 0..<route.segmentCount where search.boxes[segment].intersects(root.box) {
      search.segments.append(Int32(segment))
    }
    if !search.segments.isEmpty {
      search.visit(0, 0, search.segments.count)
    }
    return StationMatches.ordered(
      s, positions: search.positions, distances: search.found.map(\.offsetKilometres),
      routePositions: search.found, order: order)
  }

  static func closenessLimit(_ kilometres: Double) -> Double {
    let half = Chord.length(forKilometres: kilometres) / 2
    return half * half * (1 + 1e-9) + 1e-18
  }

  /// Convenience for a route given as a polyline; prepare a ``RouteLine`` once to query the
  /// same route repeatedly.
  public func stations(
    along route: Polyline, withinKilometres: Double, filter: StationFilter = .none,
    order: StationOrder = .alongRoute
  ) -> StationMatches {
    stations(
      along: RouteLine(route), withinKilometres: withinKilometres, filter: filter, order: order)
  }
}

/// The state of one corridor walk.
private struct CorridorSearch {
  let storage: StationIndex.Storage
  let route: RouteLine
  let within: Double
  /// The closeness (sin²(θ/2)) of the corridor width, with a relative slack of 1e-9 so the
  /// exact kilometre test decides at the boundary.
  let limit: Double
  let filter: CompiledFilter
  let boxes: [Box3]
  /// A stack of segment lists: each visited node's list sits above its parent's.
  var segments: [Int32] = []
  var positions: [Int32] = []
  var found: [RoutePosition] = []

  mutating func visit(_ nodeIndex: Int32, _ listStart: Int, _ listEnd: Int) {
    let s = storage
    let node = s.nodes[Int(nodeIndex)]
    if node.isLeaf {
      for i in Int(node.start)..<Int(node.end) {
        let px = s.x[i]
        let py = s.y[i]
        let pz = s.z[i]
        var best = -1
        var bestCloseness = Double.infinity
        var checkedFilter = false
        // Segments in route order, replaced only by a strictly closer one: the first closest
        // segment wins, as in RouteLine.closestPosition.
        let p = UnitVector(x: px, y: py, z: pz)
        let c = Coordinate(latitude: s.latitude[i], longitude: s.longitude[i])
        for k in listStart..<listEnd {
          let segment = Int(segments[k])
          guard boxes[segment].contains(x: px, y: py, z: pz) else { continue }
          if !checkedFilter {
            guard filter.matches(i, s) else { break }
            checkedFilter = true
          }
          let closeness = route.closeness(of: p, c, toSegment: segment)
          if closeness < bestCloseness {
            best = segment
            bestCloseness = closeness
          }
        }
        guard best >= 0, bestCloseness <= limit else { continue }
        let position = route.position(of: p, c, onSegment: best)
        if position.offsetKilometres <= within {
          positions.append(Int32(i))
          found.append(position)
        }
      }
      return
    }
    visitChild(node.left, listStart, listEnd)
    visitChild(node.right, listStart, listEnd)
  }

  /// Narrows the parent's segment list to those reaching `child`, visits it, and pops the list.
  private mutating func visitChild(_ child: Int32, _ listStart: Int, _ listEnd: Int) {
    let box = storage.nodes[Int(child)].box
    let childStart = segments.count
    for k in listStart..<listEnd where boxes[Int(segments[k])].intersects(box) {
      segments.append(segments[k])
    }
    let childEnd = segments.count
    if childEnd > childStart { visit(child, childStart, childEnd) }
    segments.removeSubrange(childStart...)
  }
}
