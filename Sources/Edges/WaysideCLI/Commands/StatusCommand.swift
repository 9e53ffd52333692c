import Charging
import Foundation
import StationFeeds
import StationIndex
import StationStore

/// `wayside status FILE…`: reads live-status files of any supported format and reports, per
/// file, the format, the locations, the EVSEs by status and how many matched the register.
public enum StatusCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "status"
  /// One line for `wayside --help`.
  public static let abstract =
    "Read live charger status (DATEX II AFIR, OCPI Locations, chargecloud POI) and match it"
  /// The help text for `wayside NAME --help`.
  public static let usage = """
    Usage: wayside status FILE... [--stations FILE | --store DIR] [--max-diagnostics N]

    Reads each FILE as a DATEX II v3 AFIR status or table publication, an OCPI 2.2.1 Locations
    page or a chargecloud POI answer (detected from the content) and prints per file:
      the detected format, locations and EVSEs, EVSEs by status as the file writes it and in
      Wayside's model (free, busy, out of order, unknown), and how many locations matched the
      register (matched / ambiguous / unmatched; Guides/LiveStatus.md, "Matching").
    A DATEX II status publication is paired with a table publication given among the FILEs (by
    charge point id), which supplies positions and operators; without one it cannot be matched.

      --stations FILE       match against this station file instead of the bundled set
      --store DIR           match against this store's stations
      --max-diagnostics N   how many problems to print per file (default 5)

    Exit status: 0 when every file was read (also with diagnostics), 1 when a file cannot be
    read or holds nothing readable, 2 for bad arguments.

    Example: wayside status Sources/Core/WaysideData/Resources/live/*.json
    """

  /// Runs the command.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let stationsFile = try arguments.option("--stations")
    let storeOption = try arguments.option("--store")
    let maxDiagnostics = try arguments.option("--max-diagnostics", as: Int.self) ?? 5
    if stationsFile != nil, storeOption != nil {
      throw CommandError.usage("give either --stations FILE or --store DIR, not both")
    }
    var paths: [String] = []
    while let path = arguments.optionalPositional() { paths.append(path) }
    try arguments.finish()
    guard !paths.isEmpty else {
      throw CommandError.usage("missing FILE: give one or more live-status files")
    }
    let feeds = try LiveFiles.read(paths)
    let (index, setName) = try registerIndex(stationsFile: stationsFile, store: storeOption, io)
    let matcher = LiveStatusMatcher(index: index)
    var unreadable = 0
    for (path, feed) in zip(paths, feeds) {
      io.out("\(TerminalText.escaped(path)): \(feed.format)")
      let evses = feed.evses
      io.out("  locations: \(feed.locations.count), EVSEs: \(evses.count)")
      let raw = feed.rawStatusCounts.map { ($0.key ?? "(no status)", $0.value) }
        .sorted { ($0.1, $1.0) > ($1.1, $0.0) }
      // Statuses as written and diagnostics are the feed's text: shown, never obeyed by the terminal.
      io.out(
        "  status as written: "
          + (raw.isEmpty ? "none" : raw.map { "\(TerminalText.escaped($0.0)) \($0.1)" }.joined(separator: ", ")))
      var classes: [EVSEStatus.Availability: Int] = [:]
      for evse in evses where evse.rawStatus != nil { classes[evse.status.availability, default: 0] += 1 }
      io.out(
        "  model: free \(classes[.free] ?? 0), busy \(classes[.busy] ?? 0), out of order \(classes[.outOfOrder] ?? 0), unknown \(classes[.unknown] ?? 0)"
      )
      let matchable = LiveFiles.matchable(feed, among: feeds)
      let report = matcher.match(matchable.locations)
      io.out(
        "  register (\(setName)): \(report.matched) matched, \(report.ambiguous) ambiguous, \(report.unmatched) unmatched"
      )
      if !feed.diagnostics.isEmpty {
        io.out("  diagnostics: \(feed.diagnostics.count) (\(feed.errors.count) errors)")
        for diagnostic in feed.diagnostics.prefix(max(0, maxDiagnostics)) {
          io.out("    \(TerminalText.escaped("\(diagnostic)"))")
        }
      }
      if feed.locations.isEmpty, !feed.errors.isEmpty { unreadable += 1 }
    }
    return unreadable > 0 ? 1 : 0
  }

  /// The register to match against: a station file, a store, or the bundled set.
  static func registerIndex(stationsFile: String?, store: String?, _ io: CommandIO) throws -> (
    StationIndex, String
  ) {
    if let stationsFile {
      let (stations, name) = try StationsCommand.loadStations(stationsFile, io)
      return (StationIndex(stations), name)
    }
    return try StationSets.load(
      store: store.map { URL(fileURLWithPath: $0) }, cache: StationSets.cacheDirectory(),
      defaultStore: StationStore.defaultDirectory(), io)
  }
}

/// Reading live-status files for the command line.
enum LiveFiles {
  /// Parses each file; a file that cannot be read (missing, unreadable, no regular file, larger
  /// than 64 MiB) is a failure naming it; so is one that holds no live-status document when
  /// `requireDocument` (`stations --live`; `status` reports such a file's diagnostics itself).
  static func read(_ paths: [String], requireDocument: Bool = false) throws -> [LiveFeed] {
    try paths.map { path in
      let data = try InputFile.read(path, what: "live-status file")
      let feed = LiveFeedParser.parse(data, fileName: URL(fileURLWithPath: path).lastPathComponent)
      if requireDocument, feed.locations.isEmpty, let error = feed.errors.first {
        throw CommandError.failure(
          "cannot read live-status file '\(path)': \(TerminalText.escaped("\(error)"))")
      }
      return feed
    }
  }

  /// A DATEX II status publication paired with a table among `feeds`; any other feed as it is.
  static func matchable(_ feed: LiveFeed, among feeds: [LiveFeed]) -> LiveFeed {
    guard feed.format == .datex2Status,
      let table = feeds.first(where: { $0.format == .datex2Table })
    else { return feed }
    return DATEX2Parser.pair(feed, with: table)
  }

  /// The files' statuses attached to the register in `index`: the board, and the time the
  /// newest status was observed (the files' "now").
  static func board(_ feeds: [LiveFeed], index: StationIndex) -> (LiveStatusBoard, Date?) {
    let matcher = LiveStatusMatcher(index: index)
    var board = LiveStatusBoard()
    var newest: Date?
    for feed in feeds where feed.format != .datex2Table {
      let paired = matchable(feed, among: feeds)
      let report = matcher.match(paired.locations)
      let fetched = feed.publishedAt ?? Date()
      for observation in paired.observations(fetchedAt: fetched) {
        board.apply(observation, station: report.stationByEVSE[observation.evseID])
        if newest.map({ observation.observedAt > $0 }) ?? true { newest = observation.observedAt }
      }
    }
    return (board, newest)
  }
}
