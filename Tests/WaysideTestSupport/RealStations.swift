import Charging
import Foundation
import Geo
import WaysideData

/// The bundled real station and route data as model values, loaded once per test process.
///
/// A minimal reader of the 2022 register's JSON Lines layout (one EVSE per connector entry,
/// counts not expanded), enough for index tests until the StationFeeds importer lands; it throws
/// on any malformed line rather than skipping it.
public enum RealStations {
  /// All 22,037 sites of the 2022 register.
  public static func germany2022() throws -> [Station] { try germany.get() }

  /// The 292 sites of the 2022 register within 50 km of Kassel.
  public static func kassel2022() throws -> [Station] { try kassel.get() }

  /// The three Berlin → Hamburg routes (OSRM, GraphHopper, openrouteservice), in file order.
  public static func berlinHamburgRoutes() throws -> [Polyline] { try routes.get() }

  private static let germany = Result { try load(.stations2022) }
  private static let kassel = Result { try load(.stationsKassel2022) }
  private static let routes = Result { try loadRoutes() }

  private struct Row: Decodable {
    struct Plug: Decodable {
      var type: String
      var current: String
      var max_kw: Double?
    }
    var id: String
    var name: String?
    var `operator`: String
    var lat: Double
    var lon: Double
    var street: String?
    var postcode: String?
    var city: String?
    var charge_points: Int
    var connectors: [Plug]
    var source_date: String
    var quality_flags: [String]
  }

  /// A line that did not decode.
  public struct LoadError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var reason: String
    public var description: String {
      "\(file) line \(line): \(reason); expected one JSON object per line in the 2022 layout"
    }
  }

  static func load(_ file: BundledData.File) throws -> [Station] {
    let data = try BundledData.data(file)
    // One decode of all lines as a JSON array (raw newlines cannot occur inside JSON strings, so
    // each becomes a comma); on failure the lines are decoded one by one to name the bad one.
    var array = Data(count: data.count + 2)
    array.withUnsafeMutableBytes { out in
      data.withUnsafeBytes { raw in
        guard let source = raw.baseAddress, let target = out.baseAddress else { return }
        var end = raw.count
        while end > 0, raw[end - 1] == UInt8(ascii: "\n") || raw[end - 1] == UInt8(ascii: "\r") {
          end -= 1
        }
        out[0] = UInt8(ascii: "[")
        memcpy(target + 1, source, end)
        var cursor = target + 1
        var left = end
        while left > 0, let newline = memchr(cursor, 0x0A, left) {
          newline.storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
          let skipped = cursor.distance(to: newline) + 1
          cursor += skipped
          left -= skipped
        }
        out[end + 1] = UInt8(ascii: "]")
        for i in (end + 2)..<out.count { out[i] = UInt8(ascii: " ") }
      }
    }
    let decoder = JSONDecoder()
    if let rows = try? decoder.decode([Row].self, from: array) { return rows.map(station) }
    var lineNumber = 0
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.isEmpty { continue }
      do {
        _ = try decoder.decode(Row.self, from: Data(line))
      } catch {
        throw LoadError(file: file.rawValue, line: lineNumber, reason: "\(error)")
      }
    }
    throw LoadError(file: file.rawValue, line: 0, reason: "the lines do not form a JSON array")
  }

  private static func station(_ row: Row) -> Station {
    let evses = row.connectors.enumerated().map { index, plug in
      let (standard, format, powerType) = mapPlug(plug.type, current: plug.current)
      return EVSE(
        uid: "\(index + 1)",
        connectors: [
          Connector(
            id: "1", standard: standard, format: format, powerType: powerType,
            maxElectricPower: plug.max_kw.map { Power(kilowatts: $0) })
        ])
    }
    return Station(
      id: Station.ID(row.id), name: row.name, operatorName: row.operator,
      address: Address(street: row.street, postcode: row.postcode, city: row.city),
      coordinate: Coordinate(latitude: row.lat, longitude: row.lon), evses: evses,
      chargePointCount: row.charge_points,
      source: DataSource(
        name: "BNetzA Ladesäulenregister", date: row.source_date, licence: "CC BY 4.0",
        attribution: BundledData.attributions[0]),
      qualityFlags: row.quality_flags)
  }

  private static func mapPlug(_ code: String, current: String) -> (
    ConnectorStandard, ConnectorFormat?, PowerType
  ) {
    let dc = current == "DC"
    switch code {
    case "type2_socket": return (.type2, .socket, .ac3Phase)
    case "type2_cable": return (.type2, .cable, .ac3Phase)
    case "ccs2": return (.type2Combo, .cable, .dc)
    case "chademo": return (.chademo, .cable, .dc)
    case "schuko": return (.domestic("F"), .socket, .ac1Phase)
    case "cee_3pin": return (.iec60309SingleSixteen, .socket, .ac1Phase)
    case "cee_5pin": return (.iec60309ThreeSixteen, .socket, .ac3Phase)
    case "type1": return (.type1, .socket, .ac1Phase)
    case "tesla": return (.teslaModelS, .cable, dc ? .dc : .ac3Phase)
    default: return (.unknown(code), nil, dc ? .dc : .ac3Phase)
    }
  }

  private struct RouteFile: Decodable {
    struct Feature: Decodable {
      struct Geometry: Decodable { var coordinates: [[Double]] }
      var geometry: Geometry
    }
    var features: [Feature]
  }

  static func loadRoutes() throws -> [Polyline] {
    let file = try JSONDecoder().decode(
      RouteFile.self, from: BundledData.data(.routeBerlinHamburg))
    return try file.features.enumerated().map { number, feature in
      Polyline(
        try feature.geometry.coordinates.map { pair in
          guard pair.count >= 2 else {
            throw LoadError(
              file: BundledData.File.routeBerlinHamburg.rawValue, line: number,
              reason: "feature \(number) has a position with \(pair.count) numbers")
          }
          return Coordinate(latitude: pair[1], longitude: pair[0])
        })
    }
  }
}
