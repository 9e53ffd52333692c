#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Geo

/// Where a point lies relative to a route: how far along it and how far off it.
public struct RoutePosition: Hashable, Sendable {
  /// Great-circle kilometres from the route's start to the route point closest to the station.
  public var kilometresAlongRoute: Double
  /// Great-circle kilometres from the station to that closest route point.
  public var offsetKilometres: Double

  /// Creates a position.
  public init(kilometresAlongRoute: Double, offsetKilometres: Double) {
    self.kilometresAlongRoute = kilometresAlongRoute
    self.offsetKilometres = offsetKilometres
  }
}

/// A route polyline prepared for exact point-to-route distances on the sphere.
///
/// Each segment is the great-circle arc between two consecutive vertices (what a straight road
/// piece between two GPS points is, to far below a metre). The distance from a point to a
/// segment is exact spherical geometry: the cross-track angle to the arc's great circle when the
/// foot of the perpendicular falls inside the arc, otherwise the haversine distance to the nearer
/// end. Preparing once and reusing the value saves the per-vertex trigonometry when the same
/// route is queried many times (a trip planner).
public struct RouteLine: Sendable {
  /// The vertices in travel order.
  public let vertices: [Coordinate]
  /// Great-circle kilometres from the first vertex to each vertex.
  public let cumulativeKilometres: [Double]
  let vectors: [UnitVector]
  /// Unit normals of the segments' great circles; nil for a segment whose ends coincide
  /// (a repeated point), which is then treated as a single point.
  let normals: [UnitVector?]

  /// Prepares a polyline; an empty polyline gives a route with no segments.
  public init(_ polyline: Polyline) {
    let vertices = polyline.coordinates
    self.vertices = vertices
    let vectors = vertices.map(UnitVector.init)
    self.vectors = vectors
    var cumulative: [Double] = []
    cumulative.reserveCapacity(vertices.count)
    var normals: [UnitVector?] = []
    normals.reserveCapacity(max(0, vertices.count - 1))
    var total = 0.0
    for i in vertices.indices {
      if i > 0 {
        total += GreatCircle.distanceKilometres(vertices[i - 1], vertices[i])
        let n = vectors[i - 1].cross(vectors[i])
        let length = n.length
        // Below ~1e-12 (6 µm) the normal's direction is numerically meaningless; the two ends
        // are one point for any purpose here.
        normals.append(
          length > 1e-12 ? UnitVector(x: n.x / length, y: n.y / length, z: n.z / length) : nil)
      }
      cumulative.append(total)
    }
    self.cumulativeKilometres = cumulative
    self.normals = normals
  }

  /// The route's length in great-circle kilometres.
  public var lengthKilometres: Double { cumulativeKilometres.last ?? 0 }

  /// The number of segments queried: one per pair of consecutive vertices, and one (a point)
  /// for a single-vertex route; 0 for an empty route.
  public var segmentCount: Int { vertices.count == 1 ? 1 : max(0, vertices.count - 1) }

  /// The exact position of `coordinate` relative to segment `segment` (0-based).
  public func position(of coordinate: Coordinate, onSegment segment: Int) -> RoutePosition {
    position(of: UnitVector(coordinate), coordinate, onSegment: segment)
  }

  /// The position of the route point closest to `coordinate` (the first such point when several
  /// are equally close), or nil for an empty route; a plain scan of every segment.
  ///
  /// Segments are compared by ``closeness(of:_:toSegment:)``, which needs no trigonometry; the
  /// exact position is computed for the closest one only. The spatial index's corridor query
  /// makes the same choice among the segments it cannot rule out.
  public func closestPosition(to coordinate: Coordinate) -> RoutePosition? {
    guard segmentCount > 0 else { return nil }
    let p = UnitVector(coordinate)
    var best = 0
    var bestCloseness = closeness(of: p, coordinate, toSegment: 0)
    for s in 1..<segmentCount {
      let candidate = closeness(of: p, coordinate, toSegment: s)
      if candidate < bestCloseness {
        best = s
        bestCloseness = candidate
      }
    }
    return position(of: p, coordinate, onSegment: best)
  }

  /// `sin²(θ/2)` of the angle θ between `p` and the nearest point of segment `s`: a quantity
  /// that grows with the distance and takes a square root but no trigonometry.
  ///
  /// It follows the same cases as ``position(of:onSegment:)``: 0 at a vertex, the cross-track
  /// angle when the foot lies on the arc (`sin²(θ/2) = s² / (2 (1 + √(1 − s²)))` with
  /// `s = |p · n|`), else the nearer end (`chord² / 4`).
  @inline(__always)
  func closeness(of p: UnitVector, _ coordinate: Coordinate, toSegment s: Int) -> Double {
    let end = min(s + 1, vertices.count - 1)
    if coordinate == vertices[s] || coordinate == vertices[end] { return 0 }
    if s < normals.count, let n = normals[s] {
      let a = vectors[s]
      let b = vectors[end]
      if a.cross(p).dot(n) >= 0, p.cross(b).dot(n) >= 0 {
        let sine = min(1, abs(p.dot(n)))
        let sine2 = sine * sine
        return sine2 / (2 * (1 + (1 - sine2).squareRoot()))
      }
      return min(p.squaredDistance(a), p.squaredDistance(b)) / 4
    }
    return p.squaredDistance(vectors[s]) / 4
  }

  @inline(__always)
  func position(of p: UnitVector, _ coordinate: Coordinate, onSegment s: Int) -> RoutePosition {
    let radius = GreatCircle.meanEarthRadiusKilometres
    let end = min(s + 1, vertices.count - 1)
    // A point exactly at a vertex is on the route; the cross-track formula below would give
    // rounding noise (~1e-14 km) instead of 0.
    if coordinate == vertices[s] {
      return RoutePosition(kilometresAlongRoute: cumulativeKilometres[s], offsetKilometres: 0)
    }
    if coordinate == vertices[end] {
      return RoutePosition(kilometresAlongRoute: cumulativeKilometres[end], offsetKilometres: 0)
    }
    if s < normals.count, let n = normals[s] {
      let a = vectors[s]
      let b = vectors[end]
      // The foot of the perpendicular lies on the arc iff it is on the B side of A and the
      // A side of B, measured around the normal.
      let aToP = a.cross(p).dot(n)
      if aToP >= 0, p.cross(b).dot(n) >= 0 {
        let offset = radius * asin(min(1, abs(p.dot(n))))
        let along = radius * atan2(aToP, a.dot(p))
        return RoutePosition(
          kilometresAlongRoute: cumulativeKilometres[s] + along, offsetKilometres: offset)
      }
      let toA = GreatCircle.distanceKilometres(coordinate, vertices[s])
      let toB = GreatCircle.distanceKilometres(coordinate, vertices[end])
      return toA <= toB
        ? RoutePosition(kilometresAlongRoute: cumulativeKilometres[s], offsetKilometres: toA)
        : RoutePosition(kilometresAlongRoute: cumulativeKilometres[end], offsetKilometres: toB)
    }
    return RoutePosition(
      kilometresAlongRoute: cumulativeKilometres[s],
      offsetKilometres: GreatCircle.distanceKilometres(coordinate, vertices[s]))
  }

  /// A box in unit-sphere space holding every point within chord `reach` of segment `s`.
  ///
  /// The arc lies within the sagitta `1 − cos(θ/2)` of its chord, and the chord inside the box
  /// of its ends, so the ends' box grown by sagitta + reach (+ 1e-12 for rounding) is safe.
  func reachBox(segment s: Int, reach: Double) -> Box3 {
    let end = min(s + 1, vertices.count - 1)
    var box = Box3.empty
    box.add(vectors[s])
    box.add(vectors[end])
    let half = vectors[s].squaredDistance(vectors[end]).squareRoot() / 2
    let sagitta = 1 - (max(0, 1 - half * half)).squareRoot()
    return box.expanded(by: sagitta + reach + 1e-12)
  }
}
