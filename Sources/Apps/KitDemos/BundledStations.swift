import CarSession
import Charging
import Foundation
import Geo
import StationFeeds
import WaysideData

/// The demos' charging stations: the bundled BNetzA fast-charger register extract for 50 km
/// around Kassel (`kassel_50km_fast_chargers_bnetza_2026-01-28.csv`, CC BY 4.0; see
/// `Resources/DATA-README.md`), read once with ``FastChargerCSVImporter``.
public enum BundledStations {
  /// The source's name in messages.
  public static let sourceName = "bundled fast chargers (Kassel 50 km, BNetzA 2026-01-28)"

  /// The centre of the bundled extract: Kassel, lat 51.3127, lon 9.4797 (DATA-README.md).
  public static let kasselCentre = Coordinate(latitude: 51.3127, longitude: 9.4797)

  /// The import's outcome, computed on first use and kept for the process.
  private static let loaded = LoadOnce { () throws(BundledStationsError) -> [Station] in
    try load().get()
  }

  /// The 334 fast-charging sites around Kassel; throws when the bundled file cannot be read or
  /// yields no station.
  public static func kasselFastChargers() throws(BundledStationsError) -> [Station] {
    try loaded.get()
  }

  private static func load() -> Result<[Station], BundledStationsError> {
    let file = BundledData.File.fastChargersKassel2026
    let data: Data
    do {
      data = try BundledData.data(file)
    } catch {
      return .failure(BundledStationsError(file: file.rawValue, reason: "\(error)"))
    }
    let result = FastChargerCSVImporter.importStations(from: data, fileName: file.rawValue)
    guard !result.stations.isEmpty else {
      let first = result.errors.first.map { ": \($0)" } ?? ""
      return .failure(
        BundledStationsError(
          file: file.rawValue,
          reason: "no station could be imported (\(result.counts))\(first)"))
    }
    return .success(result.stations)
  }
}

/// The bundled station file could not be read or imported.
public struct BundledStationsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The bundled file, relative to the resources.
  public var file: String
  /// What went wrong.
  public var reason: String
  /// `cannot load the bundled stations FILE: REASON`.
  public var description: String {
    "cannot load the bundled stations \(file): \(reason); expected the fast-charger CSV layout"
  }
}

extension PlacesClient where Place == Station {
  /// The bundled fast chargers around Kassel: the demos' live source (no network needed).
  public static var bundledKasselFastChargers: PlacesClient<Station> {
    .inMemory(name: BundledStations.sourceName, coordinate: \.coordinate) {
      try BundledStations.kasselFastChargers()
    }
  }

  /// A client over a fixed list of stations (a test value).
  public static func stations(_ stations: [Station], name: String = "fixed stations")
    -> PlacesClient<Station>
  {
    .fixed(stations, name: name, coordinate: \.coordinate)
  }
}
