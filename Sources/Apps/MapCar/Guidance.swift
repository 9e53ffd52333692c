import CarTemplates
import Foundation
import Geo
import Routing

/// Where the car is along a route: the nearest point on it, how far along and how far off.
public struct RouteProgress: Hashable, Sendable {
  /// The index of the segment (vertex `i` to `i + 1`) the car is on.
  public var segment: Int
  /// Distance driven along the route to the car's nearest point, km.
  public var kilometresAlong: Double
  /// Distance from the car to the route, km.
  public var kilometresOff: Double
  /// The nearest point of the route.
  public var snapped: Coordinate

  /// Projects `position` onto the route, searching the segments from `hint` on (the car
  /// drives forwards; a wider search every time would find the return carriageway).
  public static func locate(_ position: Coordinate, on route: Route, from hint: Int = 0)
    -> RouteProgress
  {
    let points = route.polyline.coordinates
    guard points.count >= 2 else {
      let p = points.first ?? position
      return RouteProgress(
        segment: 0, kilometresAlong: 0,
        kilometresOff: GreatCircle.distanceKilometres(position, p), snapped: p)
    }
    let start = max(0, min(hint, points.count - 2))
    let scale = cos(position.latitude * .pi / 180)
    var best = RouteProgress(
      segment: start, kilometresAlong: route.cumulativeKilometres[start],
      kilometresOff: .infinity, snapped: points[start])
    var bestSquared = Double.infinity
    // Forwards up to 600 segments (tens of kilometres), then a full scan if that found nothing
    // near: after a reroute or a jump the hint is meaningless.
    func scan(_ range: Range<Int>) {
      for i in range {
        let a = points[i]
        let b = points[i + 1]
        let ax = a.longitude * scale
        let ay = a.latitude
        let bx = b.longitude * scale - ax
        let by = b.latitude - ay
        let px = position.longitude * scale - ax
        let py = position.latitude - ay
        let len = bx * bx + by * by
        let t = len > 0 ? min(1, max(0, (px * bx + py * by) / len)) : 0
        let dx = px - t * bx
        let dy = py - t * by
        let squared = dx * dx + dy * dy
        if squared < bestSquared {
          bestSquared = squared
          let snapped = Coordinate(
            latitude: a.latitude + t * (b.latitude - a.latitude),
            longitude: a.longitude + t * (b.longitude - a.longitude))
          let segmentKm = route.cumulativeKilometres[i + 1] - route.cumulativeKilometres[i]
          best = RouteProgress(
            segment: i, kilometresAlong: route.cumulativeKilometres[i] + t * segmentKm,
            kilometresOff: GreatCircle.distanceKilometres(position, snapped), snapped: snapped)
        }
      }
    }
    scan(start..<min(points.count - 1, start + 600))
    if best.kilometresOff > Guidance.offRouteKilometres { scan(0..<(points.count - 1)) }
    return best
  }
}

/// The travel estimates CarPlay shows for a trip and for the next maneuver.
public struct TravelEstimates: Hashable, Sendable, Codable {
  /// Distance still to drive, km.
  public var kilometresRemaining: Double
  /// Time still to drive, seconds.
  public var secondsRemaining: Double

  /// Creates estimates.
  public init(kilometresRemaining: Double, secondsRemaining: Double) {
    self.kilometresRemaining = kilometresRemaining
    self.secondsRemaining = secondsRemaining
  }

  /// The same figures as the car's travel estimates value (metres and seconds).
  public var spec: TravelEstimateSpec {
    TravelEstimateSpec(metres: kilometresRemaining * 1000, seconds: secondsRemaining)
  }

  /// `12 km · 9 min`, `800 m · 1 min`.
  public var text: String {
    "\(Guidance.distanceText(kilometresRemaining)) · \(Guidance.durationText(secondsRemaining))"
  }
}

/// Turn-by-turn guidance on one route: its maneuvers, where the car is, what comes next.
///
/// A pure value: ``moved(to:)`` returns what a new position means (still on the route, off it,
/// arrived), and the app decides what to do (reroute, end the session).
public struct Guidance: Hashable, Sendable {
  /// What a position update means.
  public enum Update: Hashable, Sendable {
    /// On the route; the estimates changed.
    case onRoute
    /// Farther than ``offRouteKilometres`` from the route: find a new one from here.
    case offRoute
    /// Within ``arrivalKilometres`` of the destination.
    case arrived
  }

  /// Farther than this from the route (200 m) is off the route.
  public static let offRouteKilometres = 0.2
  /// Closer than this (50 m) to the end of the route is arrival.
  public static let arrivalKilometres = 0.05

  /// The route being driven.
  public var route: Route
  /// Its maneuvers, departure first.
  public var maneuvers: [Maneuver]
  /// The destination's name.
  public var destinationName: String
  /// Where the car is along the route.
  public var progress: RouteProgress

  /// Starts guidance at the route's start.
  public init(route: Route, destinationName: String) {
    self.route = route
    self.destinationName = destinationName
    self.maneuvers = ManeuverExtractor.maneuvers(for: route, destinationName: destinationName)
    let start = route.polyline.coordinates.first ?? Coordinate(latitude: 0, longitude: 0)
    self.progress = RouteProgress(
      segment: 0, kilometresAlong: 0, kilometresOff: 0, snapped: start)
  }

  /// The guidance after the car moved to `position`, and what that means.
  public func moved(to position: Coordinate) -> (Guidance, Update) {
    var next = self
    let located = RouteProgress.locate(position, on: route, from: progress.segment)
    if located.kilometresOff > Self.offRouteKilometres { return (self, .offRoute) }
    next.progress = located
    let end = route.polyline.coordinates.last ?? position
    if route.lengthKilometres - located.kilometresAlong <= Self.arrivalKilometres
      || GreatCircle.distanceKilometres(position, end) <= Self.arrivalKilometres
    {
      return (next, .arrived)
    }
    return (next, .onRoute)
  }

  /// The maneuvers still ahead (the next one first); the departure is dropped once driving.
  public var upcoming: [Maneuver] {
    maneuvers.filter {
      $0.kilometresFromStart > progress.kilometresAlong + 0.005 || $0.kind == .arrive
    }
  }

  /// The next maneuver (the arrival at the end).
  public var nextManeuver: Maneuver? { upcoming.first }

  /// The distance from the car to the next maneuver, km.
  public var kilometresToNextManeuver: Double {
    max(0, (nextManeuver?.kilometresFromStart ?? 0) - progress.kilometresAlong)
  }

  /// What is left of the trip.
  public var tripEstimates: TravelEstimates {
    TravelEstimates(
      kilometresRemaining: max(0, route.lengthKilometres - progress.kilometresAlong),
      secondsRemaining: max(0, route.durationSeconds - secondsAt(progress)))
  }

  /// What is left to the next maneuver.
  public var maneuverEstimates: TravelEstimates {
    guard let next = nextManeuver else {
      return TravelEstimates(
        kilometresRemaining: 0,
        secondsRemaining: max(0, route.durationSeconds - secondsAt(progress)))
    }
    return estimates(to: next)
  }

  /// What is left from the car to one of the route's maneuvers (zero once it is passed).
  public func estimates(to maneuver: Maneuver) -> TravelEstimates {
    let seconds =
      route.cumulativeSeconds.indices.contains(maneuver.vertex)
      ? route.cumulativeSeconds[maneuver.vertex] : route.durationSeconds
    return TravelEstimates(
      kilometresRemaining: max(0, maneuver.kilometresFromStart - progress.kilometresAlong),
      secondsRemaining: max(0, seconds - secondsAt(progress)))
  }

  func secondsAt(_ p: RouteProgress) -> Double {
    let s = route.cumulativeSeconds
    let k = route.cumulativeKilometres
    guard s.indices.contains(p.segment + 1) else { return route.durationSeconds }
    let span = k[p.segment + 1] - k[p.segment]
    let t = span > 0 ? (p.kilometresAlong - k[p.segment]) / span : 0
    return s[p.segment] + t * (s[p.segment + 1] - s[p.segment])
  }

  /// `800 m`, `1.2 km`, `35 km`.
  public static func distanceText(_ km: Double) -> String {
    if km < 0.975 { return "\(Int((km * 1000 / 50).rounded()) * 50) m" }
    if km < 10 { return String(format: "%.1f km", km) }
    return "\(Int(km.rounded())) km"
  }

  /// The clock time of a time of day in seconds since midnight (any day), 24-hour: `14:35`.
  public static func clockText(_ secondsSinceMidnight: Double) -> String {
    let minutes = Int((secondsSinceMidnight / 60).rounded()) % (24 * 60)
    let m = minutes < 0 ? minutes + 24 * 60 : minutes
    return String(format: "%02d:%02d", m / 60, m % 60)
  }

  /// `9 min`, `1 h 05 min`.
  public static func durationText(_ seconds: Double) -> String {
    let minutes = Int((seconds / 60).rounded())
    if minutes < 60 { return "\(minutes) min" }
    return "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min"
  }
}
