import Geo

extension RoadNetwork {
  /// The shortest-path algorithm a query runs.
  public enum Algorithm: String, Sendable, CaseIterable {
    /// Plain Dijkstra on travel time; the baseline.
    case dijkstra
    /// A* on travel time with the admissible heuristic chord length ÷ maximum speed.
    case aStar
  }

  /// Statistics of one search, for benchmarks and tests.
  public struct SearchStatistics: Hashable, Sendable {
    /// Nodes taken from the queue with their final time.
    public var settledNodes: Int
  }

  /// The default limit for attaching a point to the network: 30 km covers every town centre in
  /// `de_places.geojson` (the basemap README measures 0.3–2.6 km for the large cities) while
  /// rejecting points outside Germany's road network.
  public static let defaultMaximumSnapKilometres = 30.0

  /// The main-component node nearest to `coordinate`, with its distance in kilometres.
  ///
  /// Only the largest connected component is considered, so a point next to one of the small
  /// disconnected pieces (basemap README, "Connectivity findings") snaps to the main network
  /// instead of producing an unroutable start.
  public func snap(
    _ coordinate: Coordinate, maximumKilometres: Double = defaultMaximumSnapKilometres
  ) throws(RoutingError) -> Route.Snap {
    let node = try snapNode(coordinate, maximumKilometres: maximumKilometres)
    let snapped = self.coordinate(of: node)
    return Route.Snap(
      requested: coordinate, snapped: snapped,
      distanceKilometres: GreatCircle.distanceKilometres(coordinate, snapped))
  }

  func snapNode(_ coordinate: Coordinate, maximumKilometres: Double) throws(RoutingError) -> Int32 {
    // Equirectangular distance ranks candidates; it is monotone with the true distance at this
    // scale, and the winner's exact distance is checked against the limit below.
    let scale = GeoMath.cosDegrees(coordinate.latitude)
    var best: Int32 = -1
    var bestSquared = Double.infinity
    for i in 0..<nodeCount where component[i] == mainComponent {
      let dy = latitudes[i] - coordinate.latitude
      let dx = (longitudes[i] - coordinate.longitude) * scale
      let squared = dx * dx + dy * dy
      if squared < bestSquared {
        bestSquared = squared
        best = Int32(i)
      }
    }
    guard best >= 0 else {
      throw RoutingError(
        .emptyNetwork, "the road network has no main component to snap \(coordinate) to")
    }
    let distance = GreatCircle.distanceKilometres(coordinate, self.coordinate(of: best))
    guard distance <= maximumKilometres else {
      throw RoutingError(
        .tooFarFromNetwork,
        "\(coordinate) is \(Int(distance.rounded())) km from the nearest road of the network; expected a point within \(Int(maximumKilometres)) km of a German Autobahn or Bundesstraße"
      )
    }
    return best
  }

  /// The fastest route between two points, snapped to the main network.
  ///
  /// Never loops: every search settles each node at most once and stops when the queue is empty,
  /// so an unreachable destination ends in ``RoutingError/Kind/noPath``.
  public func fastestRoute(
    from origin: Coordinate, to destination: Coordinate, algorithm: Algorithm = .aStar,
    maximumSnapKilometres: Double = defaultMaximumSnapKilometres
  ) throws(RoutingError) -> Route {
    try fastestRouteWithStatistics(
      from: origin, to: destination, algorithm: algorithm,
      maximumSnapKilometres: maximumSnapKilometres
    ).route
  }

  /// ``fastestRoute(from:to:algorithm:maximumSnapKilometres:)`` with the search's statistics.
  public func fastestRouteWithStatistics(
    from origin: Coordinate, to destination: Coordinate, algorithm: Algorithm = .aStar,
    maximumSnapKilometres: Double = defaultMaximumSnapKilometres
  ) throws(RoutingError) -> (route: Route, statistics: SearchStatistics) {
    let source = try snapNode(origin, maximumKilometres: maximumSnapKilometres)
    let target = try snapNode(destination, maximumKilometres: maximumSnapKilometres)
    let (edges, statistics) = try search(from: source, to: target, algorithm: algorithm)
    var route = makeRoute(source: source, edges: edges)
    let start = coordinate(of: source)
    let end = coordinate(of: target)
    route.originSnap = Route.Snap(
      requested: origin, snapped: start,
      distanceKilometres: GreatCircle.distanceKilometres(origin, start))
    route.destinationSnap = Route.Snap(
      requested: destination, snapped: end,
      distanceKilometres: GreatCircle.distanceKilometres(destination, end))
    return (route, statistics)
  }

  /// Runs the search between two nodes and returns the edge indices of the path in driving
  /// order (the search between road points with no way on or off).
  func search(
    from source: Int32, to target: Int32, algorithm: Algorithm, edgeFactors: [Double]? = nil
  ) throws(RoutingError)
    -> ([Int], SearchStatistics)
  {
    do {
      let found = try search(
        departures: [Leg(node: source, edge: -1, seconds: 0, kilometres: 0)],
        arrivals: [Leg(node: target, edge: -1, seconds: 0, kilometres: 0)],
        towards: coordinate(of: target), algorithm: algorithm, edgeFactors: edgeFactors)
      return (found.edges, found.statistics)
    } catch where error.kind == .noPath {
      throw RoutingError(
        .noPath,
        "no road path joins \(coordinate(of: source)) and \(coordinate(of: target)); expected both in the main network"
      )
    }
  }

  func makeRoute(source: Int32, edges: [Int]) -> Route {
    var coordinates = [coordinate(of: source)]
    var kilometres = [0.0]
    var seconds = [0.0]
    var sections: [Route.RoadSection] = []
    var segments: [Route.Segment] = []
    var degrees = [degree(of: source)]
    coordinates.reserveCapacity(edges.count + 1)
    for e in edges {
      let target = edgeTarget[e]
      degrees.append(degree(of: target))
      segments.append(
        Route.Segment(
          ref: edgeRef[e] >= 0 ? refNames[Int(edgeRef[e])] : nil,
          roadClass: RoadClass.allCases[Int(edgeClass[e])]))
      coordinates.append(coordinate(of: edgeTarget[e]))
      kilometres.append((kilometres.last ?? 0) + edgeKilometres[e])
      seconds.append((seconds.last ?? 0) + edgeSeconds[e])
      let ref = edgeRef[e]
      guard ref >= 0 else { continue }
      let name = refNames[Int(ref)]
      if let last = sections.last, last.ref == name {
        sections[sections.count - 1].lengthKilometres += edgeKilometres[e]
      } else {
        sections.append(Route.RoadSection(ref: name, lengthKilometres: edgeKilometres[e]))
      }
    }
    var route = Route(
      polyline: Polyline(coordinates), cumulativeKilometres: kilometres,
      cumulativeSeconds: seconds, sections: sections)
    route.segments = segments
    route.junctionDegrees = degrees
    return route
  }

  /// The number of distinct neighbouring nodes: 2 on a plain road, 3 or more at a junction.
  func degree(of node: Int32) -> Int {
    var neighbours: [Int32] = []
    for e in Int(edgeStart[Int(node)])..<Int(edgeStart[Int(node) + 1])
    where !neighbours.contains(edgeTarget[e]) {
      neighbours.append(edgeTarget[e])
    }
    return neighbours.count
  }
}

/// The bundled road network as a ``RouteProvider``.
extension RoadNetwork: RouteProvider {
  /// The fastest route by A*; see ``fastestRoute(from:to:algorithm:maximumSnapKilometres:)``.
  public func route(from origin: Coordinate, to destination: Coordinate) async throws -> Route {
    try fastestRoute(from: origin, to: destination)
  }
}

extension RoadNetwork {
  /// Up to `maximumCount` distinct routes between two points, fastest first: the fastest route,
  /// then the fastest routes once the roads of the routes found so far cost `penalty` times
  /// their time (the penalty method). A candidate is kept when at most 80 % of its length is
  /// shared with a kept route and it takes at most 1.5 × the fastest route's time; every route
  /// is timed at the real speeds.
  public func routeChoices(
    from origin: Coordinate, to destination: Coordinate, maximumCount: Int = 3,
    penalty: Double = 1.6, maximumSnapKilometres: Double = defaultMaximumSnapKilometres
  ) throws(RoutingError) -> [Route] {
    let source = try snapNode(origin, maximumKilometres: maximumSnapKilometres)
    let target = try snapNode(destination, maximumKilometres: maximumSnapKilometres)
    let (fastestEdges, _) = try search(from: source, to: target, algorithm: .aStar)
    var keptEdges: [[Int]] = [fastestEdges]
    var factors = [Double](repeating: 1, count: directedEdgeCount)
    let fastest = makeRoute(source: source, edges: fastestEdges)
    var usedEdges = Set<Int>()
    func mark(_ edges: [Int]) {
      for e in edges {
        factors[e] *= penalty
        usedEdges.insert(e)
        if let back = reverseEdge(e) {
          factors[back] *= penalty
          usedEdges.insert(back)
        }
      }
    }
    mark(fastestEdges)
    var attempts = 0
    while keptEdges.count < max(1, maximumCount), attempts < maximumCount * 2 {
      attempts += 1
      guard
        let (edges, _) = try? search(
          from: source, to: target, algorithm: .aStar, edgeFactors: factors)
      else { break }
      let length = edges.reduce(0) { $0 + edgeKilometres[$1] }
      let shared = edges.filter { usedEdges.contains($0) }.reduce(0) { $0 + edgeKilometres[$1] }
      let seconds = edges.reduce(0) { $0 + edgeSeconds[$1] }
      mark(edges)
      guard length > 0, shared / length <= 0.8, seconds <= fastest.durationSeconds * 1.5 else {
        continue
      }
      keptEdges.append(edges)
    }
    let start = coordinate(of: source)
    let end = coordinate(of: target)
    return keptEdges.map { edges in
      var route = makeRoute(source: source, edges: edges)
      route.originSnap = Route.Snap(
        requested: origin, snapped: start,
        distanceKilometres: GreatCircle.distanceKilometres(origin, start))
      route.destinationSnap = Route.Snap(
        requested: destination, snapped: end,
        distanceKilometres: GreatCircle.distanceKilometres(destination, end))
      return route
    }
  }

  /// The edge running the other way along the same segment.
  func reverseEdge(_ e: Int) -> Int? {
    let to = Int(edgeTarget[e])
    // The edge's source is the node whose edge range holds it.
    var lo = 0
    var hi = nodeCount
    while lo + 1 < hi {
      let mid = (lo + hi) / 2
      if Int(edgeStart[mid]) <= e { lo = mid } else { hi = mid }
    }
    for back in Int(edgeStart[to])..<Int(edgeStart[to + 1]) where Int(edgeTarget[back]) == lo {
      return back
    }
    return nil
  }
}
