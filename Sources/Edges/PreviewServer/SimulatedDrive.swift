import Geo
import Routing

/// The side panel's drive: the car moves along a route at a speed, one simulated minute per
/// real second, so a drive is watchable.
@MainActor
final class SimulatedDrive {
  private var task: Task<Void, Never>?

  /// Starts driving `route` at `kmh`, stopping any drive under way; `moved` hears each new
  /// position and whether it is the end.
  func start(
    _ route: Route, kmh: Double, moved: @escaping @MainActor (Coordinate, _ arrived: Bool) -> Void
  ) {
    stop()
    task = Task {
      var travelled = 0.0
      let total = route.cumulativeKilometres.last ?? 0
      while travelled < total, !Task.isCancelled {
        // A tick of the drive's own clock, not a wait for other work: the car moves once a second.
        try? await Task.sleep(for: .seconds(1))
        if Task.isCancelled { return }
        travelled += kmh / 60
        moved(Self.point(on: route, atKilometre: min(travelled, total)), travelled >= total)
      }
    }
  }

  /// Stops the drive under way, if any.
  func stop() {
    task?.cancel()
    task = nil
  }

  /// The position `km` kilometres along the route, interpolated between its vertices.
  nonisolated static func point(on route: Route, atKilometre km: Double) -> Coordinate {
    let cumulative = route.cumulativeKilometres
    let points = route.polyline.coordinates
    guard let first = points.first, let last = points.last else {
      return Coordinate(latitude: 0, longitude: 0)
    }
    guard let index = cumulative.firstIndex(where: { $0 >= km }) else { return last }
    guard index > 0 else { return first }
    let a = points[index - 1]
    let b = points[index]
    let span = cumulative[index] - cumulative[index - 1]
    let t = span > 0 ? (km - cumulative[index - 1]) / span : 0
    return Coordinate(
      latitude: a.latitude + (b.latitude - a.latitude) * t,
      longitude: a.longitude + (b.longitude - a.longitude) * t)
  }
}
