import Charging
import Foundation
import Pricing
import StationFeeds
import StationIndex
import TripPlanner
import WaysideData

/// The bundled fast chargers for trip planning, read and indexed once per process.
///
/// The 2026 fast-charger list (≥ 50 kW, current) rather than the merged set: a route plan should
/// only stop at chargers that exist today, and the 2022-only sites of the merged set may be gone.
struct BundledChargers: Sendable {
  /// The corridor query over the chargers (the spatial index).
  var corridor: IndexedCorridor
  /// The chargers by id, for pricing.
  var stationsByID: [String: Station]

  private static let loaded = LoadOnce { () throws -> BundledChargers in
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
      corridor: IndexedCorridor(stations: imported.stations), stationsByID: byID)
  }

  /// The chargers, read on first use and shared afterwards (commands and tests in one process
  /// pay for the import and the index once).
  static func shared() async throws -> BundledChargers { try await loaded.value() }
}

/// The bundled tariff catalogue, loaded and compiled once per process.
enum BundledTariffs {
  private static let loaded = LoadOnce { () throws -> TariffCatalog in
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
  static func quoter() async throws -> PriceQuoter {
    PriceQuoter(catalog: try await loaded.value())
  }
}
