import Foundation
import Geo

extension RoadNetwork {
  /// A point on a road of the network: the nearest point of one segment to a requested position.
  public struct RoadPoint: Hashable, Sendable {
    /// The position asked for.
    public var requested: Coordinate
    /// The nearest point on the road.
    public var coordinate: Coordinate
    /// The directed edge (in the road's drawn direction) it lies on.
    let edge: Int
    /// Where along the edge, 0 at its start and 1 at its end.
    let fraction: Double
    /// Whether the car may leave it forwards (along the edge) and backwards.
    let forwards: Bool
    let backwards: Bool
    /// The distance from the requested position, km.
    public var distanceKilometres: Double
    /// The road's name (or number), when it has one.
    public var roadName: String?
  }

  /// The nearest point of the main network's roads to `coordinate`.
  ///
  /// With a `heading` (degrees clockwise from north, the car's direction of travel), a road
  /// that can be driven that way (within 90°) is preferred among the roads up to 25 m farther
  /// than the nearest, and the route leaves it only in that direction: the car does not turn on
  /// the spot. Searches the grid cells around the point, ring by ring, up to
  /// `maximumKilometres`; throws `tooFarFromNetwork` beyond.
  public func nearestRoadPoint(
    _ coordinate: Coordinate, heading: Double? = nil,
    maximumKilometres: Double = defaultMaximumSnapKilometres
  ) throws(RoutingError) -> RoadPoint {
    let row = Int64((coordinate.latitude / Self.cellDegreesLatitude).rounded(.down))
    let column = Int64((coordinate.longitude / Self.cellDegreesLongitude).rounded(.down))
    let scale = GeoMath.cosDegrees(coordinate.latitude)
    var candidates: [(edge: Int, t: Double, km: Double)] = []
    var nearest = Double.infinity
    var seen = Set<Int32>()
    let cellKilometres = Self.cellDegreesLatitude * 111.2
    let maxRing = Int64(min(80, (maximumKilometres / cellKilometres).rounded(.up) + 1))
    var ring: Int64 = 0
    while ring <= maxRing {
      // Everything nearer than the ring's inner edge has been seen.
      if Double(ring - 1) * cellKilometres * min(1, scale * 1.6) > nearest + 0.03 { break }
      for dr in -ring...ring {
        for dc in -ring...ring where max(abs(dr), abs(dc)) == ring {
          for e32 in cells[Self.cellKey(row: row + dr, column: column + dc)] ?? [] {
            guard seen.insert(e32).inserted else { continue }
            let e = Int(e32)
            let a = source(of: e)
            let b = Int(edgeTarget[e])
            let ax = longitudes[a] * scale
            let ay = latitudes[a]
            let bx = longitudes[b] * scale - ax
            let by = latitudes[b] - ay
            let px = coordinate.longitude * scale - ax
            let py = coordinate.latitude - ay
            let len = bx * bx + by * by
            let t = len > 0 ? min(1, max(0, (px * bx + py * by) / len)) : 0
            let dx = px - t * bx
            let dy = py - t * by
            let km = (dx * dx + dy * dy).squareRoot() * 111.2
            candidates.append((e, t, km))
            nearest = min(nearest, km)
          }
        }
      }
      ring += 1
    }
    guard nearest <= maximumKilometres, !candidates.isEmpty else {
      throw RoutingError(
        .tooFarFromNetwork,
        "\(coordinate) is more than \(Int(maximumKilometres)) km from the nearest road of the network; expected a point near a street or a German Autobahn or Bundesstraße"
      )
    }
    candidates.sort { $0.km != $1.km ? $0.km < $1.km : $0.edge < $1.edge }
    func directions(_ e: Int) -> (Bool, Bool) {
      let back = reverseEdge(e) != nil
      guard let heading else { return (true, back) }
      let a = source(of: e)
      let b = Int(edgeTarget[e])
      let bearing = GreatCircle.bearing(
        Coordinate(latitude: latitudes[a], longitude: longitudes[a]),
        Coordinate(latitude: latitudes[b], longitude: longitudes[b]))
      var d = abs(bearing - heading).truncatingRemainder(dividingBy: 360)
      if d > 180 { d = 360 - d }
      return (d <= 90, back && d >= 90)
    }
    var chosen = candidates[0]
    if heading != nil {
      if let along = candidates.first(where: {
        let (ahead, behind) = directions($0.edge)
        return $0.km <= nearest + 0.025 && (ahead || behind)
      }) {
        chosen = along
      }
    }
    var (forwards, backwards) = directions(chosen.edge)
    if !forwards && !backwards {
      // Nothing can be driven the car's way here: leave whichever way the road allows.
      forwards = true
      backwards = reverseEdge(chosen.edge) != nil
    }
    let a = source(of: chosen.edge)
    let b = Int(edgeTarget[chosen.edge])
    let point = Coordinate(
      latitude: latitudes[a] + chosen.t * (latitudes[b] - latitudes[a]),
      longitude: longitudes[a] + chosen.t * (longitudes[b] - longitudes[a]))
    return RoadPoint(
      requested: coordinate, coordinate: point, edge: chosen.edge, fraction: chosen.t,
      forwards: forwards, backwards: backwards,
      distanceKilometres: GreatCircle.distanceKilometres(coordinate, point),
      roadName: roadName(of: chosen.edge))
  }

  /// The street's name, else the road's number.
  func roadName(of e: Int) -> String? {
    if edgeName[e] >= 0 { return streetNames[Int(edgeName[e])] }
    if edgeRef[e] >= 0 { return refNames[Int(edgeRef[e])] }
    return nil
  }

  /// The node an edge leaves from.
  func source(of e: Int) -> Int {
    var lo = 0
    var hi = nodeCount
    while lo + 1 < hi {
      let mid = (lo + hi) / 2
      if Int(edgeStart[mid]) <= e { lo = mid } else { hi = mid }
    }
    return lo
  }

  /// A way onto or off the network from a road point: the node, the edge between, and the time
  /// and distance of the part of that edge driven.
  struct Leg {
    var node: Int32
    var edge: Int
    var seconds: Double
    var kilometres: Double
  }

  /// The ways the car can leave a start point: to the edge's end and (when allowed) back to its
  /// start along the reverse edge.
  func departures(_ p: RoadPoint) -> [Leg] {
    var legs: [Leg] = []
    if p.forwards {
      legs.append(
        Leg(
          node: edgeTarget[p.edge], edge: p.edge, seconds: (1 - p.fraction) * edgeSeconds[p.edge],
          kilometres: (1 - p.fraction) * edgeKilometres[p.edge]))
    }
    if p.backwards, let back = reverseEdge(p.edge) {
      legs.append(
        Leg(
          node: Int32(source(of: p.edge)), edge: back, seconds: p.fraction * edgeSeconds[back],
          kilometres: p.fraction * edgeKilometres[back]))
    }
    return legs
  }

  /// The ways the car can reach an end point: along the edge from its start and (when the road
  /// is two-way) along the reverse edge from its end.
  func arrivals(_ p: RoadPoint) -> [Leg] {
    var legs = [
      Leg(
        node: Int32(source(of: p.edge)), edge: p.edge, seconds: p.fraction * edgeSeconds[p.edge],
        kilometres: p.fraction * edgeKilometres[p.edge])
    ]
    if let back = reverseEdge(p.edge) {
      legs.append(
        Leg(
          node: edgeTarget[p.edge], edge: back, seconds: (1 - p.fraction) * edgeSeconds[back],
          kilometres: (1 - p.fraction) * edgeKilometres[back]))
    }
    return legs
  }

  /// The fastest way from any departure to any arrival: A* (or Dijkstra) seeded with every
  /// departure's time, ending when no queued node can beat the best arrival found.
  ///
  /// The per-node arrays come from the network's ``SearchScratchPool`` and are reset by a
  /// generation stamp, not refilled: a query touches only the nodes it reaches instead of
  /// allocating and filling arrays of every node (178,007 with Kassel's streets) each time.
  func search(
    departures: [Leg], arrivals: [Leg], towards goal: Coordinate, algorithm: Algorithm,
    edgeFactors: [Double]? = nil
  ) throws(RoutingError) -> (first: Leg, edges: [Int], last: Leg, statistics: SearchStatistics) {
    let scratch = searchScratch.take(nodeCount: nodeCount)
    defer { searchScratch.give(scratch) }
    let generation = scratch.begin()
    // The arrays are moved out of the scratch object for the search (no copy: each is uniquely
    // referenced), so the loop works on local arrays without class-property access checks.
    var state = [NodeState]()
    var via = [Int32]()
    var parent = [Int32]()
    var heap = MinHeap<Int32>()
    swap(&state, &scratch.state)
    swap(&via, &scratch.via)
    swap(&parent, &scratch.parent)
    swap(&heap, &scratch.heap)
    defer {
      swap(&state, &scratch.state)
      swap(&via, &scratch.via)
      swap(&parent, &scratch.parent)
      swap(&heap, &scratch.heap)
    }
    @inline(__always) func bestTime(_ v: Int) -> Double {
      state[v].reached == generation ? state[v].best : .infinity
    }
    let secondsPerChord =
      algorithm == .aStar
      ? GreatCircle.meanEarthRadiusKilometres / RoadClass.maximumSpeedKilometresPerHour * 3600 : 0
    let phi = goal.latitude * .pi / 180
    let lambda = goal.longitude * .pi / 180
    let tx = cos(phi) * cos(lambda)
    let ty = cos(phi) * sin(lambda)
    let tz = sin(phi)
    let landmarks = algorithm == .aStar ? self.landmarks : nil
    let landmarkTarget = landmarks?.target(
      arrivals.map(\.node), from: departures.map(\.node), active: Self.activeLandmarkCount)
    @inline(__always) func heuristic(_ v: Int) -> Double {
      guard secondsPerChord > 0 else { return 0 }
      let dx = unitX[v] - tx
      let dy = unitY[v] - ty
      let dz = unitZ[v] - tz
      let chord = (dx * dx + dy * dy + dz * dz).squareRoot() * secondsPerChord
      guard let landmarks, let landmarkTarget else { return chord }
      return landmarks.bound(v, landmarkTarget, floor: chord)
    }
    var startLeg: [Int32: Leg] = [:]
    for leg in departures where leg.seconds < bestTime(Int(leg.node)) {
      let v = Int(leg.node)
      state[v].reached = generation
      state[v].best = leg.seconds
      via[v] = -1
      parent[v] = -1
      startLeg[leg.node] = leg
      heap.push(leg.seconds + heuristic(v), leg.node)
    }
    var bestTotal = Double.infinity
    var bestEnd: (node: Int32, leg: Leg)?
    var settledCount = 0
    while let (key, node) = heap.pop() {
      if key >= bestTotal { break }
      let v = Int(node)
      if state[v].done == generation { continue }
      state[v].done = generation
      settledCount += 1
      let base = state[v].best
      // At most two arrival legs (the end's edge and its reverse): compared directly.
      for leg in arrivals where leg.node == node && base + leg.seconds < bestTotal {
        bestTotal = base + leg.seconds
        bestEnd = (node, leg)
      }
      for e in Int(edgeStart[v])..<Int(edgeStart[v + 1]) {
        let w = Int(edgeTarget[e])
        let seen = state[w]
        if seen.done == generation { continue }
        var cost = edgeSeconds[e]
        if let edgeFactors { cost *= edgeFactors[e] }
        let candidate = base + cost
        if seen.reached != generation || candidate < seen.best {
          state[w].reached = generation
          state[w].best = candidate
          via[w] = Int32(e)
          parent[w] = node
          heap.push(candidate + heuristic(w), Int32(w))
        }
      }
    }
    guard let bestEnd else {
      throw RoutingError(
        .noPath,
        "no road path joins the start and \(goal); expected both on the main network's roads")
    }
    var path: [Int] = []
    var current = bestEnd.node
    while via[Int(current)] >= 0 {
      path.append(Int(via[Int(current)]))
      current = parent[Int(current)]
    }
    path.reverse()
    guard let first = startLeg[current] else {
      throw RoutingError(.noPath, "the search lost its start; expected a departure node")
    }
    return (first, path, bestEnd.leg, SearchStatistics(settledNodes: settledCount))
  }

  /// The fastest route from a point on a road (the car's, in its direction of travel when
  /// `heading` is given) to the road point nearest `destination`: it starts where the car is
  /// on its street and ends at the destination's street point, not at network nodes.
  public func streetRoute(
    from origin: Coordinate, heading: Double? = nil, to destination: Coordinate,
    algorithm: Algorithm = .aStar, maximumSnapKilometres: Double = defaultMaximumSnapKilometres
  ) throws(RoutingError) -> Route {
    try streetRouteWithStatistics(
      from: origin, heading: heading, to: destination, algorithm: algorithm,
      maximumSnapKilometres: maximumSnapKilometres
    ).route
  }

  /// ``streetRoute(from:heading:to:algorithm:maximumSnapKilometres:)`` with the search's
  /// statistics.
  public func streetRouteWithStatistics(
    from origin: Coordinate, heading: Double? = nil, to destination: Coordinate,
    algorithm: Algorithm = .aStar, maximumSnapKilometres: Double = defaultMaximumSnapKilometres
  ) throws(RoutingError) -> (route: Route, statistics: SearchStatistics) {
    let start = try nearestRoadPoint(
      origin, heading: heading, maximumKilometres: maximumSnapKilometres)
    let end = try nearestRoadPoint(destination, maximumKilometres: maximumSnapKilometres)
    let found = try search(
      departures: departures(start), arrivals: arrivals(end), towards: end.coordinate,
      algorithm: algorithm)
    return (
      streetRoute(start, found.first, found.edges, found.last, end), found.statistics
    )
  }

  /// Up to `maximumCount` distinct street routes, fastest first, by the penalty method of
  /// ``routeChoices(from:to:maximumCount:penalty:maximumSnapKilometres:)``.
  public func streetRouteChoices(
    from origin: Coordinate, heading: Double? = nil, to destination: Coordinate,
    maximumCount: Int = 3, penalty: Double = 1.6,
    maximumSnapKilometres: Double = defaultMaximumSnapKilometres
  ) throws(RoutingError) -> [Route] {
    let start = try nearestRoadPoint(
      origin, heading: heading, maximumKilometres: maximumSnapKilometres)
    let end = try nearestRoadPoint(destination, maximumKilometres: maximumSnapKilometres)
    let out = departures(start)
    let into = arrivals(end)
    let fastest = try search(
      departures: out, arrivals: into, towards: end.coordinate, algorithm: .aStar)
    var kept = [fastest]
    var factors = [Double](repeating: 1, count: directedEdgeCount)
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
    mark(fastest.edges)
    let fastestSeconds = fastest.edges.reduce(0) { $0 + edgeSeconds[$1] }
    var attempts = 0
    while kept.count < max(1, maximumCount), attempts < maximumCount * 2 {
      attempts += 1
      guard
        let found = try? search(
          departures: out, arrivals: into, towards: end.coordinate, algorithm: .aStar,
          edgeFactors: factors)
      else { break }
      let length = found.edges.reduce(0) { $0 + edgeKilometres[$1] }
      let shared = found.edges.filter { usedEdges.contains($0) }.reduce(0) {
        $0 + edgeKilometres[$1]
      }
      let seconds = found.edges.reduce(0) { $0 + edgeSeconds[$1] }
      mark(found.edges)
      guard length > 0, shared / length <= 0.8, seconds <= max(fastestSeconds * 1.5, 120) else {
        continue
      }
      kept.append(found)
    }
    return kept.map { streetRoute(start, $0.first, $0.edges, $0.last, end) }
  }

  /// The route from a start point over a departure leg, network edges and an arrival leg to an
  /// end point; legs of no length add no vertex.
  func streetRoute(_ start: RoadPoint, _ first: Leg, _ edges: [Int], _ last: Leg, _ end: RoadPoint)
    -> Route
  {
    var coordinates = [start.coordinate]
    var kilometres = [0.0]
    var seconds = [0.0]
    var segments: [Route.Segment] = []
    var degrees = [2]
    var sections: [Route.RoadSection] = []
    func append(_ point: Coordinate, edge: Int, km: Double, s: Double, degree: Int) {
      guard km > 0.000_5 || coordinates.count == 1 && km > 0 else { return }
      coordinates.append(point)
      kilometres.append((kilometres.last ?? 0) + km)
      seconds.append((seconds.last ?? 0) + s)
      degrees.append(degree)
      segments.append(segment(edge))
      if edgeRef[edge] >= 0 {
        let name = refNames[Int(edgeRef[edge])]
        if let lastSection = sections.last, lastSection.ref == name {
          sections[sections.count - 1].lengthKilometres += km
        } else {
          sections.append(Route.RoadSection(ref: name, lengthKilometres: km))
        }
      }
    }
    append(
      coordinate(of: first.node), edge: first.edge, km: first.kilometres, s: first.seconds,
      degree: degree(of: first.node))
    for e in edges {
      append(
        coordinate(of: edgeTarget[e]), edge: e, km: edgeKilometres[e], s: edgeSeconds[e],
        degree: degree(of: edgeTarget[e]))
    }
    append(end.coordinate, edge: last.edge, km: last.kilometres, s: last.seconds, degree: 2)
    if coordinates.count == 1 {
      // Start and end on the same spot: a route of one point twice.
      coordinates.append(end.coordinate)
      kilometres.append(0)
      seconds.append(0)
      degrees.append(2)
      segments.append(segment(last.edge))
    }
    var route = Route(
      polyline: Polyline(coordinates), cumulativeKilometres: kilometres,
      cumulativeSeconds: seconds, sections: sections,
      originSnap: Route.Snap(
        requested: start.requested, snapped: start.coordinate,
        distanceKilometres: start.distanceKilometres),
      destinationSnap: Route.Snap(
        requested: end.requested, snapped: end.coordinate,
        distanceKilometres: end.distanceKilometres))
    route.segments = segments
    route.junctionDegrees = degrees
    return route
  }

  /// The road an edge runs on, as a route segment records it.
  func segment(_ e: Int) -> Route.Segment {
    Route.Segment(
      ref: edgeRef[e] >= 0 ? refNames[Int(edgeRef[e])] : nil,
      roadClass: RoadClass.allCases[Int(edgeClass[e])],
      name: edgeName[e] >= 0 ? streetNames[Int(edgeName[e])] : nil)
  }
}
