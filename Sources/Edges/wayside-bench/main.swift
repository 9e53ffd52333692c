import Foundation

// wayside-bench [--quick] [SECTION…]: the release-mode benchmark of issues 3 and 4. Every figure
// is printed beside a baseline measured in the same run, then a summary of the targets.
// Build and run: `swift build -c release --product wayside-bench && .build/release/wayside-bench`.

/// A named part of the benchmark.
struct BenchSection {
  /// The name given on the command line.
  var name: String
  /// One line for `--help`.
  var summary: String
  /// Runs the section.
  var run: (Bench) async throws -> Void
}

let sections: [BenchSection] = [
  BenchSection(
    name: "import", summary: "import and merge the bundled German station set",
    run: { try ImportBench.run($0) }),
  BenchSection(
    name: "index", summary: "12 nearest, map region, corridor against brute force and R*Tree",
    run: { try IndexBench.run($0) }),
  BenchSection(
    name: "scale",
    summary: "1,000,000 synthetic stations: build, nearest, region, corridor, memory",
    run: { ScaleBench.run($0) }),
  BenchSection(
    name: "cold", summary: "cold CLI query from the snapshot, basemap parse (what users wait for)",
    run: { try ColdBench.run($0) }),
  BenchSection(
    name: "store", summary: "first run, start-up and memory of the station store (merged set)",
    run: { StoreBench.run($0) }),
  BenchSection(
    name: "pricing", summary: "quotes for 12 stations × every bundled tariff",
    run: { PricingBench.run($0) }),
  BenchSection(
    name: "trip", summary: "road routing, Supercharger challenge, Berlin → München plan",
    run: { TripBench.run($0) }),
  BenchSection(
    name: "map", summary: "street map frame (standard, widest display), Kassel → München maneuvers",
    run: { MapBench.run($0) }),
  BenchSection(
    name: "live", summary: "1,000-EVSE status delta into store and sites, beside a full re-import",
    run: { try LiveBench.run($0) }),
  BenchSection(
    name: "charging",
    summary: "Charge-tab refresh, event → operations, full German set, 3 tariffs",
    run: { try ChargingBench.run($0) }),
  BenchSection(
    name: "simulator", summary: "a tap's server time in the web simulator, beside the old settle",
    run: { try await SimulatorBench.run($0) }),
]

let usage = """
  Usage: wayside-bench [--quick] [SECTION…]
         wayside-bench http-serve [PORT]

  Runs the named sections (default: all) in release mode and prints each figure beside a
  baseline measured in the same run, then a summary table. Targets are judged on process CPU
  time (getrusage); wall time is printed beside it because the build machine is shared.

    --quick   fewer repetitions: proves the benchmark runs (CI); figures are rough
  Sections:
  \(sections.map { "  \($0.name.padding(toLength: 9, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))
    http-serve  a demo HTTP server for load checks with wrk (Guides/HTTPServer.md)
  """

var arguments = Array(CommandLine.arguments.dropFirst())

// Hidden and utility subcommands.
if arguments.first == "http-serve" {
  exit(await HTTPBench.serve(Array(arguments.dropFirst())))
}
if arguments.first == "nearest-probe" {
  exit(NearestProbe.main(Array(arguments.dropFirst())))
}
if arguments.first == "index-image-seed" {
  exit(FuzzSeed.write(Array(arguments.dropFirst())))
}
if arguments.first == "map-image-seed" {
  exit(MapImageSeed.write(Array(arguments.dropFirst())))
}
if arguments.first == "memory-probe" {
  exit(MemoryProbe.main(Array(arguments.dropFirst())))
}
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}

let quick = arguments.contains("--quick")
arguments.removeAll { $0 == "--quick" }
if let unknown = arguments.first(where: { name in !sections.contains { $0.name == name } }) {
  FileHandle.standardError.write(
    Data(
      "wayside-bench: unknown section '\(unknown)'; expected one of \(sections.map(\.name).joined(separator: ", "))\n"
        .utf8))
  exit(2)
}
let chosen = arguments.isEmpty ? sections : sections.filter { arguments.contains($0.name) }

#if DEBUG
  print("warning: wayside-bench was built in debug mode; build with -c release for real figures")
#endif
let bench = Bench(quick: quick)
let load =
  (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
  .split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
print(
  "wayside-bench\(quick ? " --quick" : ""): \(chosen.map(\.name).joined(separator: ", ")) "
    + "(load average \(load) on \(ProcessInfo.processInfo.activeProcessorCount) cores)")
var failures = 0
for section in chosen {
  do {
    try await section.run(bench)
  } catch {
    failures += 1
    print("\(section.name): failed: \(error)")
  }
}
bench.printSummary()
exit(failures == 0 ? 0 : 1)
