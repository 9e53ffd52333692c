import Charging
import Foundation
import StationFeeds
import StationStore

/// `wayside stations import FILE`: reads a station file into the store and reports what happened.
///
/// The layout is detected: Open Charge Map POI JSON (an array whose elements have `AddressInfo`)
/// by ``OpenChargeMapParser``, everything else (register JSON Lines, fast-charger CSV, OCPI
/// locations) by ``StationFileImporter``. Imported stations replace stored stations with the same
/// id; user data is never touched.
public enum StationsImportCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "stations import"
  /// One line for `wayside --help`.
  public static let abstract =
    "Import a station file (CSV, JSON Lines, OCPI, Open Charge Map) into the store"
  /// The help text for `wayside NAME --help`.
  public static let usage = """
    Usage: wayside stations import FILE [--store DIR] [--max-diagnostics N]

    Reads FILE, detects its layout (BNetzA register JSON Lines, fast-charger CSV, OCPI locations
    or Open Charge Map POI JSON), writes its stations into the store and prints a summary
    followed by the diagnostics (malformed rows, dropped values).

      --store DIR            the store folder (default: $XDG_DATA_HOME/wayside, else
                             ~/.local/share/wayside)
      --max-diagnostics N    print at most N diagnostics (default 50; the count is always shown)

    Exit status: 0 when stations were imported, 1 when none could be, 2 for usage errors.
    """

  /// What an import read, in one shape for both importer families.
  struct Outcome {
    var format: String
    var stations: [Station]
    var records: Int
    var skipped: Int
    var diagnostics: [String]
  }

  /// Runs the command with its arguments and returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let storeOption = try arguments.option("--store")
    let limit = try arguments.option("--max-diagnostics", as: Int.self) ?? 50
    guard limit >= 0 else {
      throw CommandError.usage("option --max-diagnostics expects a count ≥ 0, got \(limit)")
    }
    let path = try arguments.positional("FILE")
    try arguments.finish()

    let url = URL(fileURLWithPath: path)
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw CommandError.failure(
        "cannot read station file '\(path)': \(error.localizedDescription); expected a readable "
          + "CSV, JSON Lines, OCPI or Open Charge Map JSON file")
    }
    let outcome = try importStations(data, fileName: url.lastPathComponent)

    let directory = storeOption.map { URL(fileURLWithPath: $0) } ?? StationStore.defaultDirectory()
    let store: StationStore
    do { store = try StationStore(directory: directory) } catch {
      throw CommandError.failure("cannot open the store: \(error)")
    }
    for recovery in store.recoveries { io.err("warning: \(recovery)") }

    guard !outcome.stations.isEmpty else {
      io.out(summary(outcome, path: path, written: 0, directory: directory))
      printDiagnostics(outcome, limit: limit, io)
      io.err("wayside stations import: no station in '\(path)' could be imported")
      return 1
    }
    do {
      try store.upsertStations(
        outcome.stations, origin: url.lastPathComponent,
        note: "\(outcome.format): \(outcome.records) records, \(outcome.skipped) skipped")
    } catch {
      throw CommandError.failure("cannot write the stations to the store: \(error)")
    }
    for recovery in store.allRecoveries.dropFirst(store.recoveries.count) {
      io.err("warning: \(recovery)")
    }
    io.out(summary(outcome, path: path, written: outcome.stations.count, directory: directory))
    printDiagnostics(outcome, limit: limit, io)
    return 0
  }

  /// Reads `data` with the importer its layout calls for.
  static func importStations(_ data: Data, fileName: String) throws -> Outcome {
    if isOpenChargeMapJSON(data) {
      let output: OpenChargeMapParser.Output
      do { output = try OpenChargeMapParser.parse(data) } catch {
        throw CommandError.failure(
          "'\(fileName)' looks like Open Charge Map JSON but cannot be read: "
            + "\(OpenChargeMapError(kind: error, url: fileName, attempts: 1).kind)")
      }
      let dropped = Set(output.diagnostics.filter { $0.effect == .poiDropped }.map(\.element))
      return Outcome(
        format: "openchargemap-json", stations: output.stations, records: output.elementCount,
        skipped: dropped.count,
        diagnostics: output.diagnostics.map { "\(fileName): \($0)" })
    }
    let result = StationFileImporter.importStations(from: data, fileName: fileName)
    return Outcome(
      format: result.format.description, stations: result.stations,
      records: result.counts.recordsRead, skipped: result.counts.recordsSkipped,
      diagnostics: result.diagnostics.map(\.description))
  }

  /// A JSON array whose first element is an object with `AddressInfo` (OCM's POI shape).
  static func isOpenChargeMapJSON(_ data: Data) -> Bool {
    let head = data.prefix(64 * 1024)
    guard let start = head.firstIndex(where: { !" \t\r\n".utf8.contains($0) }),
      head[start] == UInt8(ascii: "[")
    else { return false }
    let text = String(decoding: head, as: UTF8.self)
    guard let firstObject = text.firstIndex(of: "{") else { return false }
    // OCM's first POI names AddressInfo within its first few kilobytes; OCPI never uses it.
    return text[firstObject...].prefix(16 * 1024).contains("\"AddressInfo\"")
  }

  static func summary(_ outcome: Outcome, path: String, written: Int, directory: URL) -> String {
    "Imported \(written) stations from \(path) (\(outcome.format)) into \(directory.path): "
      + "\(outcome.records) records read, \(outcome.skipped) skipped, "
      + "\(outcome.diagnostics.count) diagnostics"
  }

  static func printDiagnostics(_ outcome: Outcome, limit: Int, _ io: CommandIO) {
    for line in outcome.diagnostics.prefix(limit) { io.out(TerminalText.escaped(line)) }
    if outcome.diagnostics.count > limit {
      io.out("… and \(outcome.diagnostics.count - limit) more diagnostics (--max-diagnostics N)")
    }
  }
}
