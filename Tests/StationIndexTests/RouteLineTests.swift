import Foundation
import Geo
import StationIndex
import Testing

@Suite("Exact point-to-route distances on the sphere")
struct RouteLineTests {
  /// The distance to a segment by brute force: the minimum over 20,001 points spread evenly
  /// along the great-circle arc (spherical interpolation), independent of RouteLine's formulas.
  static func sampled(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> (Double, Double) {
    func vector(_ c: Coordinate) -> (Double, Double, Double) {
      let lat = c.latitude * .pi / 180
      let lon = c.longitude * .pi / 180
      return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }
    let va = vector(a)
    let vb = vector(b)
    let omega = acos(min(1, va.0 * vb.0 + va.1 * vb.1 + va.2 * vb.2))
    var best = (Double.infinity, 0.0)
    let steps = 20_000
    for step in 0...steps {
      let t = Double(step) / Double(steps)
      let wa = omega == 0 ? 1 - t : sin((1 - t) * omega) / sin(omega)
      let wb = omega == 0 ? t : sin(t * omega) / sin(omega)
      let x = wa * va.0 + wb * vb.0
      let y = wa * va.1 + wb * vb.1
      let z = wa * va.2 + wb * vb.2
      let q = Coordinate(
        latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi,
        longitude: atan2(y, x) * 180 / .pi)
      let d = GreatCircle.distanceKilometres(p, q)
      if d < best.0 { best = (d, GreatCircle.distanceKilometres(a, q)) }
    }
    return best
  }

  @Test(
    "segment distances match a dense sampling of the arc",
    arguments: [
      ("beside a meridian", Coordinate(latitude: 50.5, longitude: 10.1), 50.0, 10.0, 51.0, 10.0),
      (
        "beside an east-west leg (the arc bulges north)",
        Coordinate(latitude: 52.05, longitude: 11.0), 52.0, 8.0, 52.0, 14.0
      ),
      (
        "south of an east-west leg", Coordinate(latitude: 51.9, longitude: 9.5), 52.0, 8.0, 52.0,
        14.0
      ),
      ("before the start", Coordinate(latitude: 49.9, longitude: 10.05), 50.0, 10.0, 51.0, 10.0),
      ("past the end", Coordinate(latitude: 51.2, longitude: 9.9), 50.0, 10.0, 51.0, 10.0),
      ("on the segment", Coordinate(latitude: 50.25, longitude: 10.0), 50.0, 10.0, 51.0, 10.0),
      (
        "a diagonal autobahn-length leg", Coordinate(latitude: 53.0, longitude: 11.5), 52.52, 13.4,
        53.55, 9.99
      ),
    ] as [(String, Coordinate, Double, Double, Double, Double)])
  func matchesSampling(
    _ name: String, _ p: Coordinate, _ aLat: Double, _ aLon: Double, _ bLat: Double,
    _ bLon: Double
  ) {
    let a = Coordinate(latitude: aLat, longitude: aLon)
    let b = Coordinate(latitude: bLat, longitude: bLon)
    let route = RouteLine(Polyline([a, b]))
    let exact = route.position(of: p, onSegment: 0)
    let (offset, along) = Self.sampled(p, a, b)
    // The sampling step is ≤ 0.03 km on these legs, so its minimum is within a few metres
    // in offset (quadratic near the foot) and 0.03 km in position.
    #expect(abs(exact.offsetKilometres - offset) < 0.002, "\(name) offset")
    #expect(exact.offsetKilometres <= offset + 1e-9, "\(name): exact is never above sampling")
    #expect(abs(exact.kilometresAlongRoute - along) < 0.03, "\(name) along")
  }

  @Test("the route length is the sum of great-circle legs; positions accumulate")
  func lengthAndAccumulation() {
    let vertices = [
      Coordinate(latitude: 52.0, longitude: 8.0), Coordinate(latitude: 52.0, longitude: 9.0),
      Coordinate(latitude: 52.5, longitude: 9.0),
    ]
    let route = RouteLine(Polyline(vertices))
    #expect(route.lengthKilometres == Polyline(vertices).lengthKilometres)
    let p = Coordinate(latitude: 52.25, longitude: 9.01)
    let position = route.closestPosition(to: p)!
    let firstLeg = GreatCircle.distanceKilometres(vertices[0], vertices[1])
    #expect(position.kilometresAlongRoute > firstLeg)
    #expect(abs(position.kilometresAlongRoute - (firstLeg + 27.8)) < 0.2)
    #expect(abs(position.offsetKilometres - 0.686) < 0.01)
  }

  @Test("a point equally close to two legs takes the first along the route")
  func firstOfEqualPositions() {
    let a = Coordinate(latitude: 52.0, longitude: 9.0)
    let b = Coordinate(latitude: 52.1, longitude: 9.0)
    // Out and back on the same road: every point is equally close to both legs.
    let route = RouteLine(Polyline([a, b, a]))
    let p = Coordinate(latitude: 52.05, longitude: 9.01)
    let position = route.closestPosition(to: p)!
    #expect(position.kilometresAlongRoute < route.lengthKilometres / 2)
  }

  @Test("degenerate routes: empty has no position, one point and repeated points are points")
  func degenerate() {
    let a = Coordinate(latitude: 52.0, longitude: 9.0)
    let p = Coordinate(latitude: 52.01, longitude: 9.0)
    #expect(RouteLine(Polyline([])).closestPosition(to: p) == nil)
    #expect(RouteLine(Polyline([])).segmentCount == 0)
    let single = RouteLine(Polyline([a]))
    #expect(single.segmentCount == 1)
    #expect(
      single.closestPosition(to: p)
        == RoutePosition(
          kilometresAlongRoute: 0, offsetKilometres: GreatCircle.distanceKilometres(p, a)))
    let repeated = RouteLine(Polyline([a, a, a]))
    #expect(repeated.closestPosition(to: p) == single.closestPosition(to: p))
  }
}
