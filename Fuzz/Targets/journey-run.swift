// libFuzzer target: the journey runner (`JourneyRunner.run`, Sources/Kit/CarSimulator) on the kit's
// demo apps: a journey that parses is run to its end on the emulated host, so work that grows
// without bound from a small journey shows as a timeout or an out-of-memory input
// (Fuzz/run.sh passes -timeout and -rss_limit_mb).
import CarSimulator
import Foundation
import KitDemos

/// Set by the run's task when it has finished; read on the main thread between run-loop turns.
nonisolated(unsafe) private var finished = false
// nonisolated(unsafe): written by a main-actor task and read by the main thread, which runs
// that task's jobs itself (in `RunLoop.main.run`), so the two never overlap.

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJourneyRun(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let journey = try? Journey.parse(text, name: "fuzz") else { return 0 }
  finished = false
  Task { @MainActor in
    let report = await JourneyRunner.run(
      journey, apps: { KitDemos.named($0) }, defaultApp: KitDemos.all.first?.id)
    _ = report.failure?.description
    _ = report.transcript.description
    finished = true
  }
  // libFuzzer calls this on the main thread: it runs the main actor's jobs until the run is
  // over (the runner's clock is manual, so nothing waits on time; -timeout bounds a hang).
  while !finished {
    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
  }
  return 0
}
