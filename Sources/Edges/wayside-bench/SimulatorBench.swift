import CarRender
import CarSession
import CarSimulator
import CarTemplates
import Foundation
import HTTPServer
import PreviewServer
import WaysideApps

/// The web simulator's server time for a tap (issue 22): `POST /event` through the page's
/// router, from the request to the answer's bytes (the tap delivered, the work it started
/// awaited, the display and panel rendered), beside the same taps answered the way the
/// simulator waited before: a flag the settling task sets, checked every 20 ms.
enum SimulatorBench {
  /// Runs the simulator benchmark.
  @MainActor
  static func run(_ bench: Bench) async throws {
    bench.section("Web simulator")
    let rounds = bench.runs(60, quick: 6)
    let now = try await taps(rounds: rounds, backend: { $0 })
    let old = try await taps(rounds: rounds, backend: { PollingBackend(inner: $0) })
    let median = now.sorted()[now.count / 2]
    let oldMedian = old.sorted()[old.count / 2]
    let p95 = now.sorted()[min(now.count - 1, now.count * 95 / 100)]
    bench.target(
      "simulator: tap server time (median)", target: "≤ 5 ms wall",
      measured: String(format: "%.2f ms wall (p95 %.2f)", median, p95), met: median <= 5)
    print(
      String(
        format:
          "simulator: a row tap and back in the charging app, POST /event to the answer's bytes, "
          + "%d taps: median %.2f ms, p95 %.2f ms wall | baseline the same taps with the old "
          + "settle (flag checked every 20 ms) median %.2f ms (%.1f×)",
        now.count, median, p95, oldMedian, oldMedian / max(median, 1e-9)))
  }

  /// Wall milliseconds of `rounds` × (a tap into the first row or point of the charging app's
  /// screen, and back), each answered through the page's router over `backend`.
  @MainActor
  static func taps(
    rounds: Int, backend wrap: (SimulatorBackend) -> any PreviewBackend
  ) async throws -> [Double] {
    guard let charging = WaysideApps.named("charging") else {
      throw BenchError("the charging app is not registered")
    }
    let controller = SimulatorController(
      apps: WaysideApps.all, app: charging, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel")
    let backend = SimulatorBackend(controller: controller)
    let router = PreviewRoutes(backend: wrap(backend), renderer: CarHTMLRenderer(mapRenderer: nil))
      .router()
    // The first load of the station data is not a tap: wait until the screen shows a target.
    var target = tapTarget(controller.display().screen?.top)
    var changes = 0
    for await _ in await backend.changes() where target == nil && changes < 10_000 {
      changes += 1
      target = tapTarget(controller.display().screen?.top)
      if target != nil { break }
    }
    guard let target else { throw BenchError("the charging app showed no row or point to tap") }
    var times: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<rounds {
      for event in [target.into, target.out] {
        let body = Array(try JSONSerialization.data(withJSONObject: event))
        let request = try HTTPRequest(
          .post, "/event", headers: ["Content-Type": "application/json"], body: body)
        let start = clock.now
        let response = await router.handle(request)
        let elapsed = clock.now - start
        guard response.status == .ok else {
          throw BenchError("POST /event \(event) answered \(response.status)")
        }
        times.append(
          Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
      }
    }
    return times
  }

  /// A tap into the first row of the top list (and back), or onto the first point of the top
  /// point-of-interest template (and its card closed).
  static func tapTarget(_ top: TemplateSpec?) -> (into: [String: String], out: [String: String])? {
    guard let top else { return nil }
    switch top.content {
    case .list(let list):
      guard let row = list.allRows.first else { return nil }
      return (["ev": "row", "t": top.id.rawValue, "e": row.id.rawValue], ["ev": "back"])
    case .pointOfInterest(let poi):
      guard let point = poi.points.first else { return nil }
      return (
        ["ev": "poi", "t": top.id.rawValue, "e": point.id.rawValue],
        ["ev": "poiDeselect", "t": top.id.rawValue]
      )
    default: return nil
    }
  }
}

/// The simulator as it answered a tap before issue 22: the settling ran in a task of its own
/// and the answer waited for a flag it set, checked every 20 ms (at most 15 times).
struct PollingBackend: PreviewBackend {
  let inner: SimulatorBackend

  func display() async -> CarDisplayState { await inner.display() }
  func panel() async -> PanelState { await inner.panel() }
  func snapshot(unlessAt known: StateVersion?) async -> PreviewSnapshot {
    await inner.snapshot(unlessAt: known)
  }
  func control(_ command: PanelCommand) async { await inner.control(command) }
  func changes() async -> AsyncStream<Void> { await inner.changes() }

  func send(_ event: PageEvent) async -> DriverSyntaxError? {
    let flag = PollFlag()
    let inner = self.inner
    Task { @MainActor in
      flag.refusal = await inner.send(event)
      flag.isDone = true
    }
    for _ in 0..<15 {
      if await flag.isDone { return await flag.refusal }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return nil
  }
}

@MainActor
final class PollFlag: Sendable {
  var isDone = false
  var refusal: DriverSyntaxError?
}
