import Charging
import Foundation
import Geo
import StationFeeds
import WaysideData

/// The bundled real data as model values, read with the StationFeeds importers and the Geo
/// GeoJSON reader, once per test process.
enum RealData {
  /// All 22,037 sites of the 2022 register.
  static func germany2022() throws -> [Station] { try germany.get() }

  /// The 292 sites of the 2022 register within 50 km of Kassel.
  static func kassel2022() throws -> [Station] { try kassel.get() }

  /// The three Berlin → Hamburg routes (OSRM, GraphHopper, openrouteservice), in file order.
  static func berlinHamburgRoutes() throws -> [Polyline] { try routes.get() }

  private static let germany = Result { try stations(.stations2022) }
  private static let kassel = Result { try stations(.stationsKassel2022) }
  private static let routes = Result {
    try GeoJSONReader.features(
      from: BundledData.data(.routeBerlinHamburg), source: "route_berlin_hamburg.geojson"
    ).map { Polyline($0.geometry.paths.first ?? []) }
  }

  /// An import with errors.
  struct ImportFailed: Error, CustomStringConvertible {
    var file: String
    var errors: [String]
    var description: String { "\(file) did not import cleanly: \(errors.prefix(3))" }
  }

  private static func stations(_ file: BundledData.File) throws -> [Station] {
    let result = RegisterJSONLinesImporter.importStations(
      from: try BundledData.data(file), fileName: file.rawValue)
    guard result.errors.isEmpty else {
      throw ImportFailed(file: file.rawValue, errors: result.errors.map(\.description))
    }
    return result.stations
  }
}
