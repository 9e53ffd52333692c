import Charging

/// A station file layout the importers understand.
public enum StationFileFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The BNetzA register as JSON Lines, one site per line (`de_stations_bnetza_2022-01-01.jsonl`).
  case registerJSONLines = "register-jsonl"
  /// The 2026 fast-charger CSV layout (`de_fast_chargers_bnetza_2026-01-28.csv`, RFC 4180).
  case fastChargerCSV = "fast-charger-csv"
  /// OCPI 2.2.1 Locations: a response envelope, an array, a single location, or the flattened
  /// `{"locations": [...]}` form of the bundled Ludwigsburg file.
  case ocpiLocations = "ocpi-locations"

  /// The short name used on the command line and in reports, e.g. `register-jsonl`.
  public var description: String { rawValue }
}

/// How many records an import saw and what became of them.
public struct ImportCounts: Hashable, Sendable, CustomStringConvertible {
  /// Records (rows, lines, locations) found in the file.
  public var recordsRead: Int
  /// Records that became a station.
  public var stationsImported: Int
  /// Records that were skipped; each has an error diagnostic.
  public var recordsSkipped: Int
  /// Diagnostics with severity warning (records kept with a value dropped or assumed).
  public var warnings: Int
  /// Diagnostics with severity note.
  public var notes: Int

  /// Creates counts.
  public init(
    recordsRead: Int = 0, stationsImported: Int = 0, recordsSkipped: Int = 0, warnings: Int = 0,
    notes: Int = 0
  ) {
    self.recordsRead = recordsRead
    self.stationsImported = stationsImported
    self.recordsSkipped = recordsSkipped
    self.warnings = warnings
    self.notes = notes
  }

  /// `"22037 read, 22037 imported, 0 skipped, 4 warnings, 0 notes"`.
  public var description: String {
    "\(recordsRead) read, \(stationsImported) imported, \(recordsSkipped) skipped, "
      + "\(warnings) warnings, \(notes) notes"
  }
}

/// The outcome of importing one station file: the stations, every problem found, and counts.
///
/// Invariant: `counts.recordsRead == counts.stationsImported + counts.recordsSkipped`, and every
/// skipped record has an error diagnostic.
public struct ImportResult: Sendable {
  /// The layout the file was read as.
  public var format: StationFileFormat
  /// The imported stations, in file order, with unique ids.
  public var stations: [Station]
  /// Problems and notes, in file order.
  public var diagnostics: [ImportDiagnostic]
  /// What was read, imported and skipped.
  public var counts: ImportCounts

  /// Creates a result and derives the warning and note counts from the diagnostics.
  init(
    format: StationFileFormat, stations: [Station], diagnostics: [ImportDiagnostic],
    recordsRead: Int,
    recordsSkipped: Int
  ) {
    self.format = format
    self.stations = stations
    self.diagnostics = diagnostics
    self.counts = ImportCounts(
      recordsRead: recordsRead, stationsImported: stations.count, recordsSkipped: recordsSkipped,
      warnings: diagnostics.count { $0.severity == .warning },
      notes: diagnostics.count { $0.severity == .note })
  }

  /// The error diagnostics: skipped records or an unreadable file.
  public var errors: [ImportDiagnostic] { diagnostics.filter { $0.severity == .error } }
}
