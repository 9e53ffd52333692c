import Charging
import Foundation
import Pricing
import Routing
import StationFeeds
import StationIndex
import StationStore
import TripPlanner
import WaysideData

/// A bundled data file could not be read or turned into what the apps and commands need.
public struct BundledDataLoadError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was being loaded, e.g. `the bundled fast chargers`.
  public var what: String
  /// Why it failed.
  public var reason: String

  /// Creates an error.
  public init(what: String, reason: String) {
    self.what = what
    self.reason = reason
  }

  /// `cannot load WHAT: REASON`.
  public var description: String { "cannot load \(what): \(reason)" }
}

/// The bundled fast chargers for trip planning, read and indexed once per process.
///
/// The 2026 fast-charger list (≥ 50 kW, current) rather than the merged set: a route plan should
/// only stop at chargers that exist today, and the 2022-only sites of the merged set may be gone.
public struct BundledChargers: Sendable {
  /// The corridor query over the chargers (the spatial index).
  public var corridor: IndexedCorridor
  /// The chargers by id, for pricing.
  public var stationsByID: [String: Station]

  private static let loaded = LoadOnce { () throws -> BundledChargers in
    let data: Data
    do {
      data = try BundledData.data(.fastChargers2026)
    } catch {
      throw BundledDataLoadError(what: "the bundled fast chargers", reason: "\(error)")
    }
    let imported = FastChargerCSVImporter.importStations(
      from: data, fileName: BundledData.File.fastChargers2026.rawValue)
    var byID: [String: Station] = [:]
    byID.reserveCapacity(imported.stations.count)
    for station in imported.stations { byID[station.id.rawValue] = station }
    return BundledChargers(
      corridor: IndexedCorridor(stations: imported.stations), stationsByID: byID)
  }

  /// The chargers, read on first use and shared afterwards (commands, apps and tests in one
  /// process pay for the import and the index once).
  public static func shared() async throws -> BundledChargers { try await loaded.value() }
}

/// The bundled tariff catalogue, loaded and compiled once per process.
public enum BundledTariffs {
  private static let loaded = LoadOnce { () throws -> TariffCatalog in
    do {
      return try TariffCatalog.load(
        afir: try BundledData.data(.tariffsAFIR),
        ludwigsburgOCPI: try BundledData.data(.tariffsLudwigsburgOCPI),
        retail: try BundledData.data(.tariffsRetail))
    } catch {
      throw BundledDataLoadError(what: "the bundled tariffs", reason: "\(error)")
    }
  }

  /// Every bundled tariff (AFIR ad-hoc prices, the Ludwigsburg OCPI feed, the retail list).
  public static func catalog() async throws -> TariffCatalog { try await loaded.value() }

  /// A quoter over every bundled tariff.
  public static func quoter() async throws -> PriceQuoter {
    PriceQuoter(catalog: try await catalog())
  }
}

/// The whole bundled German station set — the 2022 register merged with the 2026 fast-charger
/// list (``StationFeeds/StationCatalog``) — in a ``StationIndex``, built once per process on first
/// use.
///
/// The index is read from the bundled set's snapshot in the cache folder
/// (``StationStore/StationSnapshot/cacheDirectory(environment:)``, shared with `wayside stations`)
/// when one was written for this build's data: its tables are mapped, not rebuilt, and a station
/// is decoded only when a result holding it is read. Without a usable snapshot the bundled files
/// are imported and merged, and the snapshot is written for the next start.
public struct BundledStationSet: Sendable {
  /// The spatial index over every station.
  public var index: StationIndex
  /// What the set is, for attributions: `BNetzA register 2022-01-01 + fast chargers 2026-01-28`.
  public var label: String

  private static let loaded = LoadOnce { () throws -> BundledStationSet in
    let index: StationIndex
    do {
      index = try load(cache: StationSnapshot.cacheDirectory()) { warning in
        FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
      }
    } catch {
      throw BundledDataLoadError(what: "the bundled station register", reason: "\(error)")
    }
    guard !index.isEmpty else {
      throw BundledDataLoadError(
        what: "the bundled station register", reason: "no station could be imported")
    }
    return BundledStationSet(
      index: index, label: "BNetzA Ladesäulenregister 2022-01-01 + fast chargers 2026-01-28")
  }

  /// The bundled set's index from its snapshot in `cache`, importing the bundled files (and
  /// writing the snapshot) when there is no usable one; `warn` hears why a snapshot was not used.
  public static func load(cache: URL, warn: (String) -> Void) throws -> StationIndex {
    try StationSnapshot.index(
      at: cache.appendingPathComponent(snapshotFileName), key: try snapshotKey(),
      warn: warn
    ) { try StationCatalog.loadBundled().stations }
  }

  /// The snapshot's name in the cache folder.
  public static let snapshotFileName = "bundled-stations.snapshot"

  /// The key the bundled set's snapshot is written under: the station files' fingerprint and
  /// the record codec's version (caches built over the snapshot extend it).
  public static func snapshotKey() throws -> String {
    "bundled \(try BundledData.quickFingerprint()) codec \(StationCodec.formatVersion)"
  }

  /// The set, read and indexed on first use and shared afterwards.
  public static func shared() async throws -> BundledStationSet { try await loaded.value() }
}

/// The bundled road network and the basemap's towns, for routes and destinations.
public struct BundledRoads: Sendable {
  /// The motorway and federal-road graph.
  public var network: RoadNetwork
  /// The basemap's towns, for resolving names.
  public var places: PlaceDirectory

  /// The roads and towns, built on first use and shared afterwards.
  public static func shared() async throws -> BundledRoads {
    do {
      return BundledRoads(
        network: try await RoadNetwork.bundled(), places: try await PlaceDirectory.bundled())
    } catch {
      throw BundledDataLoadError(what: "the bundled road network", reason: "\(error)")
    }
  }
}
