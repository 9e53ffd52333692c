import Charging
import Foundation
import StationFeeds
import StationStore
import WaysideData

/// Live status: applying a delta of 1,000 charge points to the store and the in-memory board,
/// beside re-importing the whole set (parsing the four bundled feeds, writing every status,
/// rebuilding the board) in the same run; and one site's availability as a screen reads it.
enum LiveBench {
  /// Runs the section.
  static func run(_ bench: Bench) throws {
    bench.section("Live status (bundled DATEX II, OCPI and chargecloud feeds)")
    let files: [BundledData.File] = [
      .liveEnBWStatus, .liveEnBWTable, .liveLudwigsburgOCPI, .liveStuttgartPOI,
    ]
    let data = try files.map { try BundledData.data($0) }
    let fetched = Date(timeIntervalSince1970: 1_775_000_000)
    func importAll() -> [(StatusObservation, Station.ID?)] {
      var all: [(StatusObservation, Station.ID?)] = []
      for (file, bytes) in zip(files, data) {
        let feed = LiveFeedParser.parse(bytes, fileName: file.rawValue)
        for location in feed.locations {
          for evse in location.evses {
            all.append(
              (
                StatusObservation(
                  evseID: evse.evseID, status: evse.status, observedAt: evse.observedAt ?? fetched),
                Station.ID(location.id)
              ))
          }
        }
      }
      return all
    }
    let everything = importAll()
    // The delta: 1,000 charge points (the real ones, then numbered copies), each flipped.
    var delta: [(StatusObservation, Station.ID?)] = []
    var round = 0
    while delta.count < 1000 {
      for (observation, station) in everything where delta.count < 1000 {
        var changed = observation
        if round > 0 { changed.evseID += "#\(round)" }
        changed.status = observation.status == .available ? .charging : .available
        changed.observedAt = fetched.addingTimeInterval(60)
        delta.append((changed, station))
      }
      round += 1
    }
    print("live: \(everything.count) charge points in the four feeds; delta of \(delta.count)")

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-live-bench-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try StationStore(directory: folder)
    func records(_ items: [(StatusObservation, Station.ID?)], shift: Double) -> [LiveStatusRecord] {
      items.map { item in
        var observation = item.0
        observation.observedAt += shift
        return LiveStatusRecord(observation: observation, stationID: item.1, source: "bench")
      }
    }
    var board = LiveStatusBoard()
    board.apply(everything.map { (observation: $0.0, station: $0.1) })
    try store.applyLiveStatus(records(everything, shift: 0))

    // The delta once untimed: its 136 charge points beyond the feeds' 864 are inserted then, so
    // every timed run updates known charge points, as a feed's delta does (with --quick's two
    // runs, the median was otherwise the run that inserted them).
    var shift = 60.0
    try store.applyLiveStatus(records(delta, shift: shift))
    board.apply(records(delta, shift: shift).map { (observation: $0.observation, station: $0.stationID) })
    var deltaSamples: [Sample] = []
    var baselineSamples: [Sample] = []
    // Five runs even with --quick: the section takes ~0.1 s, and the median of two is the slower.
    for _ in 0..<bench.runs(15, quick: 5) {
      shift += 120
      let batch = records(delta, shift: shift)
      let (sample, _) = try Bench.measure {
        try store.applyLiveStatus(batch)
        return board.apply(batch.map { (observation: $0.observation, station: $0.stationID) })
      }
      deltaSamples.append(sample)
      let (baseline, _) = try Bench.measure {
        let all = importAll()
        try store.applyLiveStatus(records(all, shift: shift + 60))
        var fresh = LiveStatusBoard()
        return fresh.apply(all.map { (observation: $0.0, station: $0.1) })
      }
      baselineSamples.append(baseline)
    }
    let applied = median(deltaSamples)
    let reimport = median(baselineSamples)
    print("live: apply a 1,000-EVSE delta (store + board): \(applied.text(3))  [target < 5 ms]")
    print(
      "live: baseline, re-import the whole set (parse 4 feeds + write all + rebuild board): \(reimport.text(1)) — the delta is \(applied.speedup(over: reimport)) cheaper"
    )
    bench.target("live: 1,000-EVSE status delta → store + sites", under: 5, applied)

    let site = [Station.ID("1588625")]
    let now = fetched.addingTimeInterval(shift)
    let zone = TimeZone(identifier: "Europe/Berlin") ?? .current
    let perSite = Bench.medianPerCall(runs: bench.runs(7, quick: 2), inner: 10_000) {
      _ = board.availability(for: site, now: now).textWithAge(now: now, timeZone: zone)
    }
    print(String(format: "live: one site's availability text: %.4f ms CPU per site", perSite.cpu))
  }

  private static func median(_ samples: [Sample]) -> Sample {
    let wall = samples.map(\.wall).sorted()
    let cpu = samples.map(\.cpu).sorted()
    return Sample(wall: wall[wall.count / 2], cpu: cpu[cpu.count / 2])
  }
}
