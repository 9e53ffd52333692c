import Charging

/// The data sources of the bundled station files, with the attributions their licences require.
///
/// Texts follow `Resources/DATA-README.md` §1 and §2.
public enum StationSources {
  /// The BNetzA charging register of 2022-01-01 (all public sites, with plug types).
  public static let register2022 = DataSource(
    name: "BNetzA Ladesäulenregister", date: "2022-01-01", licence: "CC BY 4.0",
    attribution:
      "Datenquelle: Bundesnetzagentur, Ladesäulenregister (Stand 01.01.2022), Lizenz CC BY 4.0 "
      + "(https://creativecommons.org/licenses/by/4.0/deed.de). Daten bearbeitet: zu Standorten "
      + "zusammengefasst.")

  /// The BNetzA register of 2026-01-28, fast chargers (≥ 50 kW) selected by woladen.de.
  public static let fastChargers2026 = DataSource(
    name: "BNetzA Ladesäulenregister (≥ 50 kW via woladen.de)", date: "2026-01-28",
    licence: "CC BY 4.0",
    attribution:
      "Datenquelle: Bundesnetzagentur, Ladesäulenregister (Stand 28.01.2026), Lizenz CC BY 4.0; "
      + "Auswahl ≥ 50 kW über woladen.de (github.com/volzinnovation/woladen.de); Daten bearbeitet.")

  /// A station merged from both registers: current data from 2026, plug types from 2022.
  public static let merged2022And2026 = DataSource(
    name: "BNetzA Ladesäulenregister 2026-01-28, plug types from 2022-01-01", date: "2026-01-28",
    licence: "CC BY 4.0",
    attribution: fastChargers2026.attribution + " " + register2022.attribution)

  /// The source given to stations of an OCPI file without a known publisher.
  static func ocpi(fileName: String, date: String) -> DataSource {
    DataSource(
      name: "OCPI locations (\(fileName))", date: date, licence: "not stated in the file",
      attribution: "Location data as published by the charge point operator in \(fileName).")
  }

  /// The base source with the date a row states, when it states one.
  static func dated(_ base: DataSource, _ date: String?) -> DataSource {
    guard let date, !date.isEmpty, date != base.date else { return base }
    var source = base
    source.date = date
    return source
  }
}
