import Charging
import Foundation
import Geo
import StationIndex

/// `wayside-bench nearest-probe [SECONDS]`: 12-nearest queries on the merged German set in a loop
/// for a few seconds (default 3), printing CPU µs per query: a steady target for a profiler
/// (`perf record -g .build/release/wayside-bench nearest-probe`).
enum NearestProbe {
  static func main(_ arguments: [String]) -> Int32 {
    let seconds = arguments.first.flatMap(Double.init) ?? 3
    guard let (stations, _) = try? IndexBench.loadGermanSet() else { return 1 }
    let index = StationIndex(stations)
    var rng = SplitMix64(seed: 4)
    let points = (0..<2000).map { _ in
      let c = stations[Int(rng.next() % UInt64(stations.count))].coordinate
      return Coordinate(
        latitude: c.latitude + rng.uniform(-0.02, 0.02),
        longitude: c.longitude + rng.uniform(-0.03, 0.03))
    }
    let start = (Bench.cpuMilliseconds() / 1000)
    var queries = 0
    var sink = 0
    while (Bench.cpuMilliseconds() / 1000) - start < seconds {
      for point in points { sink &+= index.nearest(to: point, limit: 12).count }
      queries += points.count
    }
    let perQuery = ((Bench.cpuMilliseconds() / 1000) - start) / Double(queries) * 1e6
    print(String(format: "%.3f µs CPU per query over %d queries (%d)", perQuery, queries, sink))
    return 0
  }
}
