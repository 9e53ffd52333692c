import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Wall-clock and CPU milliseconds of one measurement (or the medians of several).
///
/// The build machine is shared (load averages of 10 and more on 2 cores), so wall time mostly
/// measures the neighbours; CPU time is what the work costs on an idle core, and the targets are
/// judged on it.
struct Sample {
  /// Elapsed milliseconds.
  var wall: Double
  /// Process CPU milliseconds (user + system, every thread; `getrusage(RUSAGE_SELF)`).
  var cpu: Double

  /// `12.3 ms CPU (40.1 ms wall)`, with `digits` decimals.
  func text(_ digits: Int = 1) -> String {
    String(format: "%.\(digits)f ms CPU (%.\(digits)f ms wall)", cpu, wall)
  }

  /// `3.4× ` — how many times more CPU `baseline` took.
  func speedup(over baseline: Sample) -> String {
    String(format: "%.1f×", baseline.cpu / max(cpu, 1e-9))
  }

  static func + (a: Sample, b: Sample) -> Sample {
    Sample(wall: a.wall + b.wall, cpu: a.cpu + b.cpu)
  }
}

/// One row of the final summary: a figure from the issues, its target and what was measured.
struct TargetRow {
  /// The figure, e.g. `store: start-up → [Station]`.
  var figure: String
  /// The target as text, e.g. `< 150 ms`.
  var target: String
  /// The measured value as text.
  var measured: String
  /// Whether the target was met; nil when the section could not measure it.
  var met: Bool?
}

/// The state of one `wayside-bench` run: options, clocks and the summary rows.
final class Bench {
  /// Fewer repetitions (CI proves the bench still runs; the figures are rough).
  let quick: Bool
  /// The summary rows, in the order the sections produced them.
  private(set) var rows: [TargetRow] = []

  /// Creates a run.
  init(quick: Bool) { self.quick = quick }

  /// `full` repetitions, or `quickRuns` with `--quick`.
  func runs(_ full: Int, quick quickRuns: Int = 1) -> Int { quick ? quickRuns : full }

  /// Records a time target judged on CPU milliseconds.
  func target(_ figure: String, under limit: Double, _ sample: Sample?, unit: String = "ms") {
    guard let sample else {
      rows.append(
        TargetRow(figure: figure, target: "< \(limit.clean) \(unit)", measured: "—", met: nil))
      return
    }
    let digits = sample.cpu < 10 ? 3 : 1
    rows.append(
      TargetRow(
        figure: figure, target: "< \(limit.clean) \(unit) CPU",
        measured: String(
          format: "%.\(digits)f \(unit) CPU (%.\(digits)f wall)", sample.cpu, sample.wall),
        met: sample.cpu < limit))
  }

  /// Records any other target row.
  func target(_ figure: String, target: String, measured: String, met: Bool?) {
    rows.append(TargetRow(figure: figure, target: target, measured: measured, met: met))
  }

  /// Prints a section heading.
  func section(_ title: String) {
    print("\n== \(title) ==")
  }

  /// Prints the summary table.
  func printSummary() {
    print(
      "\n== Summary (targets judged on CPU time; wall time on this shared machine in brackets) ==")
    let headers = ["figure", "target", "measured", "result"]
    let cells = rows.map { row in
      [
        row.figure, row.target, row.measured,
        row.met.map { $0 ? "met" : "MISSED" } ?? "not measured",
      ]
    }
    var widths = headers.map(\.count)
    for line in cells {
      for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    func render(_ line: [String]) -> String {
      line.enumerated().map { i, cell in
        i == line.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
      }.joined(separator: " | ")
    }
    print(render(headers))
    print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-"))
    for line in cells { print(render(line)) }
    let missed = rows.filter { $0.met == false }.count
    print(
      missed == 0
        ? "all \(rows.count) figures met their targets"
        : "\(missed) of \(rows.count) figures missed their targets")
  }

  // MARK: Clocks

  /// Process CPU milliseconds so far (user + system of every thread).
  static func cpuMilliseconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
  }

  /// Monotonic milliseconds.
  static func wallMilliseconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

  /// One measurement of `body`.
  static func measure<T>(_ body: () throws -> T) rethrows -> (Sample, T) {
    let cpu = cpuMilliseconds()
    let wall = wallMilliseconds()
    let value = try body()
    return (Sample(wall: wallMilliseconds() - wall, cpu: cpuMilliseconds() - cpu), value)
  }

  /// The medians of wall and CPU time over `runs` runs of `body`.
  ///
  /// `getrusage` counts in the kernel's accounting ticks (microsecond fields, but often updated
  /// per scheduler tick), so very short bodies should be repeated inside `body` and divided.
  static func median(runs: Int, _ body: () throws -> Void) rethrows -> Sample {
    var wall: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<max(1, runs) {
      let (sample, _) = try measure(body)
      wall.append(sample.wall)
      cpu.append(sample.cpu)
    }
    wall.sort()
    cpu.sort()
    return Sample(wall: wall[wall.count / 2], cpu: cpu[cpu.count / 2])
  }

  /// The median per call of `body` repeated `inner` times per run, over `runs` runs: for
  /// microsecond-sized work that a single CPU-clock reading cannot resolve.
  static func medianPerCall(runs: Int, inner: Int, _ body: () throws -> Void) rethrows -> Sample {
    let sample = try median(runs: runs) {
      for _ in 0..<max(1, inner) { try body() }
    }
    let n = Double(max(1, inner))
    return Sample(wall: sample.wall / n, cpu: sample.cpu / n)
  }

  // MARK: Memory

  /// Resident set size now, in bytes (`/proc/self/statm`); nil where it cannot be read.
  static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

extension Double {
  /// `150` for 150.0, `0.01` for 0.01.
  fileprivate var clean: String {
    self == rounded() ? String(Int(self)) : String(self)
  }
}
