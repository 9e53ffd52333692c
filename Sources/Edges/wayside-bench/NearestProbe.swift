import Charging
import Foundation
import Geo
import StationIndex

/// `wayside-bench nearest-probe [SECONDS | rounds=N]`: the index bench's 12-nearest queries
/// (``IndexBench/queryPoints(_:)``) on the merged German set in a loop for a few seconds
/// (default 3), or for exactly N rounds of the 2,000 points, printing CPU µs per query: a
/// steady target for a profiler (`perf record -g .build/release/wayside-bench nearest-probe`)
/// or a fixed workload for an instruction count (`valgrind --tool=cachegrind
/// --toggle-collect='*nearest*' … nearest-probe rounds=5`).
enum NearestProbe {
  static func main(_ arguments: [String]) -> Int32 {
    let argument = arguments.first ?? "3"
    let rounds = argument.hasPrefix("rounds=") ? Int(argument.dropFirst(7)) : nil
    let seconds = Double(argument) ?? 3
    guard let (stations, _) = try? IndexBench.loadGermanSet() else { return 1 }
    let index = StationIndex(stations)
    let points = IndexBench.queryPoints(stations)
    let start = (Bench.cpuMilliseconds() / 1000)
    var queries = 0
    var sink = 0
    while rounds.map({ queries < $0 * points.count })
      ?? ((Bench.cpuMilliseconds() / 1000) - start < seconds)
    {
      for point in points { sink &+= index.nearest(to: point, limit: 12).count }
      queries += points.count
    }
    let perQuery = ((Bench.cpuMilliseconds() / 1000) - start) / Double(queries) * 1e6
    print(String(format: "%.3f µs CPU per query over %d queries (%d)", perQuery, queries, sink))
    return 0
  }
}
