import Diagnostics
import Charging
import Geo
import Foundation

/// Where a catalogue tariff came from.
public enum TariffSourceKind: String, Sendable, Hashable {
  /// An ad-hoc price from a CPO's DATEX II AFIR feed.
  case afir
  /// An OCPI tariff published by a CPO.
  case ocpi
  /// A retail (contract or roaming) tariff from a hand-compiled list.
  case retail
}

/// How a driver pays under a tariff.
public enum TariffAccess: String, Sendable, Hashable {
  /// Without a contract, at the charge point (card, app page).
  case adHoc = "ad_hoc"
  /// With the provider's card or app at the provider's own network.
  case contract
  /// With the provider's card or app at another operator's network.
  case roaming
}

/// Which stations a catalogue tariff applies to.
public struct TariffApplicability: Sendable, Hashable {
  /// Normalised operator-name prefixes the station's operator must start with; empty = any.
  public var operators: [String]
  /// Normalised operator-name prefixes that exclude a station (e.g. the own network for roaming).
  public var excludedOperators: [String]
  /// AC, DC or both.
  public var currents: Set<CurrentKind>
  /// When set, only stations within 100 m of one of these points (the charge points of a
  /// site-specific rate) qualify.
  public var sites: [Coordinate]?
  /// EVSE ids the rate was published for (informational; a match always qualifies).
  public var evseIDs: Set<String>
  /// Ad hoc, contract or roaming.
  public var access: TariffAccess

  /// Creates an applicability rule.
  public init(
    operators: [String], excludedOperators: [String] = [], currents: Set<CurrentKind>,
    sites: [Coordinate]? = nil, evseIDs: Set<String> = [], access: TariffAccess
  ) {
    self.operators = operators
    self.excludedOperators = excludedOperators
    self.currents = currents
    self.sites = sites
    self.evseIDs = evseIDs
    self.access = access
  }
}

/// Alternating or direct current, the split tariffs make.
public enum CurrentKind: String, Sendable, Hashable, CaseIterable {
  /// Alternating current.
  case ac = "AC"
  /// Direct current.
  case dc = "DC"
}

/// One priceable tariff with its provenance and applicability.
public struct CatalogEntry: Sendable {
  /// The tariff in OCPI form (converted when the source was not OCPI).
  public var tariff: Tariff
  /// The compiled tariff used for pricing.
  public var compiled: CompiledTariff
  /// A short display name, e.g. `EnBW ad hoc DC`.
  public var name: String
  /// Who sets the price, e.g. `EnBW AG`.
  public var provider: String
  /// The date of the price data (`YYYY-MM-DD`, or `YYYY-MM` when only the month is known).
  public var dataDate: String
  /// Where it came from.
  public var source: TariffSourceKind
  /// Which stations it applies to.
  public var applicability: TariffApplicability
  /// The tariff's id (unique in the catalogue).
  public var id: String { tariff.id }
}

/// A recoverable problem found while loading tariffs: the item, what is wrong, what was done.
public struct TariffDiagnostic: Sendable, Hashable, CustomStringConvertible, DiagnosticConvertible {
  /// How serious it is: a warning means data was dropped or could not be used, a note that data
  /// was interpreted or repaired (the message says how).
  public typealias Severity = DiagnosticSeverity
  /// How serious it is.
  public var severity: Severity
  /// The file or feed, e.g. `tariffs_afir_adhoc_de_2026.json`.
  public var source: String
  /// The item, e.g. `rate 1852 (30 charge points)`.
  public var item: String
  /// What is wrong and what was done.
  public var message: String

  /// Creates a diagnostic.
  public init(_ severity: Severity, source: String, item: String, message: String) {
    self.severity = severity
    self.source = source
    self.item = item
    self.message = message
  }

  /// The problem in the shared shape.
  public var record: DiagnosticRecord {
    DiagnosticRecord(severity: severity, source: source, location: item, message: message)
  }

  /// A one-line text for messages and logs.
  public var description: String { "\(severity.rawValue): \(source): \(item): \(message)" }
}

/// All known tariffs, converted to OCPI and compiled, with the diagnostics of loading them.
public struct TariffCatalog: Sendable {
  /// The tariffs, in source order.
  public var entries: [CatalogEntry]
  /// What could not be loaded or was interpreted, per item.
  public var diagnostics: [TariffDiagnostic]

  /// Creates a catalogue.
  public init(entries: [CatalogEntry] = [], diagnostics: [TariffDiagnostic] = []) {
    self.entries = entries
    self.diagnostics = diagnostics
  }

  /// The entry with an id.
  public func entry(id: String) -> CatalogEntry? { entries.first { $0.id == id } }

  /// Loads the three bundled tariff files (pass their bytes, e.g. from `BundledData.data`).
  ///
  /// Throws only when a file is not the expected JSON shape at all; problems with single
  /// entries become ``diagnostics``.
  public static func load(afir: Data, ludwigsburgOCPI: Data, retail: Data) throws -> TariffCatalog {
    var catalog = TariffCatalog()
    try catalog.addAFIR(afir)
    try catalog.addOCPILocations(ludwigsburgOCPI)
    try catalog.addRetail(retail)
    return catalog
  }

  /// Compiles and appends a converted tariff, turning a compile failure into a diagnostic.
  mutating func append(
    _ tariff: Tariff, name: String, provider: String, dataDate: String, source: TariffSourceKind,
    file: String, applicability: TariffApplicability
  ) {
    do {
      let compiled = try CompiledTariff(tariff)
      entries.append(
        CatalogEntry(
          tariff: tariff, compiled: compiled, name: name, provider: provider, dataDate: dataDate,
          source: source, applicability: applicability))
    } catch {
      diagnostics.append(
        TariffDiagnostic(.warning, source: file, item: tariff.id, message: "not usable: \(error)"))
    }
  }
}
