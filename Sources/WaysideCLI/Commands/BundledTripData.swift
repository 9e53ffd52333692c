import Charging
import Foundation
import Pricing
import StationFeeds
import TripPlanner
import WaysideData

/// The bundled fast chargers for trip planning, read once per process.
///
/// The 2026 fast-charger list (≥ 50 kW, current) rather than the merged set: a route plan should
/// only stop at chargers that exist today, and the 2022-only sites of the merged set may be gone.
struct BundledChargers: Sendable {
  /// The corridor query over the chargers.
  var corridor: any CorridorStationSource
  /// The chargers by id, for pricing.
  var stationsByID: [String: Station]

  private static let loaded: Result<BundledChargers, CommandError> = Result {
    () throws(CommandError) -> BundledChargers in
    let data: Data
    do {
      data = try BundledData.data(.fastChargers2026)
    } catch {
      throw CommandError.failure("cannot read the bundled fast chargers: \(error)")
    }
    let imported = FastChargerCSVImporter.importStations(
      from: data, fileName: BundledData.File.fastChargers2026.rawValue)
    var byID: [String: Station] = [:]
    byID.reserveCapacity(imported.stations.count)
    for station in imported.stations { byID[station.id.rawValue] = station }
    return BundledChargers(
      corridor: SiteListCorridor(sites: imported.stations.compactMap(ChargerSite.init(station:))),
      stationsByID: byID)
  }

  /// The chargers, read on first use and shared afterwards (commands and tests in one process
  /// pay for the import once).
  static func shared() throws(CommandError) -> BundledChargers { try loaded.get() }
}

/// The bundled tariff catalogue, loaded and compiled once per process.
enum BundledTariffs {
  private static let loaded: Result<TariffCatalog, CommandError> = Result {
    () throws(CommandError) -> TariffCatalog in
    do {
      return try TariffCatalog.load(
        afir: try BundledData.data(.tariffsAFIR),
        ludwigsburgOCPI: try BundledData.data(.tariffsLudwigsburgOCPI),
        retail: try BundledData.data(.tariffsRetail))
    } catch {
      throw CommandError.failure("cannot load the bundled tariffs: \(error)")
    }
  }

  /// A quoter over every bundled tariff.
  static func quoter() throws(CommandError) -> PriceQuoter { PriceQuoter(catalog: try loaded.get()) }
}
