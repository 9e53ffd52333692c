import Charging
import Foundation
import Geo
import WaysideData

/// Stations for the store tests: the real Kassel extract of the 2022 register, mapped with a
/// minimal test-only reader, plus hand-made edge cases.
enum TestStations {
  private struct Row: Decodable {
    struct Plug: Decodable {
      var type: String
      var current: String
      var max_kw: Double?
      var count: Int
    }
    var id: String
    var operator_: String
    var lat: Double
    var lon: Double
    var street: String?
    var postcode: String?
    var city: String?
    var charge_points: Int
    var connectors: [Plug]
    var quality_flags: [String]
    enum CodingKeys: String, CodingKey {
      case id, lat, lon, street, postcode, city, charge_points, connectors, quality_flags
      case operator_ = "operator"
    }
  }

  static let register2022 = DataSource(
    name: "BNetzA Ladesäulenregister", date: "2022-01-01", licence: "CC BY 4.0",
    attribution: "Datenquelle: Bundesnetzagentur, Ladesäulenregister (Stand 01.01.2022)")

  /// The 292 Kassel sites of the 2022 register.
  static let kassel: [Station] = {
    guard let data = try? BundledData.data(.stationsKassel2022) else { return [] }
    let decoder = JSONDecoder()
    return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
      guard let row = try? decoder.decode(Row.self, from: Data(line)) else { return nil }
      let evses = row.connectors.enumerated().map { index, plug in
        EVSE(
          uid: "\(index)", status: .unknown,
          connectors: [
            Connector(
              id: "1", standard: standard(plug.type),
              format: plug.type.hasSuffix("cable") ? .cable : nil,
              powerType: plug.current == "DC" ? .dc : .ac3Phase,
              maxElectricPower: plug.max_kw.map { Power(kilowatts: $0) })
          ])
      }
      return Station(
        id: Station.ID(row.id), operatorName: row.operator_,
        address: Address(street: row.street, postcode: row.postcode, city: row.city),
        coordinate: Coordinate(latitude: row.lat, longitude: row.lon), evses: evses,
        chargePointCount: row.charge_points, source: register2022,
        qualityFlags: row.quality_flags)
    }
  }()

  private static func standard(_ code: String) -> ConnectorStandard {
    switch code {
    case "type2_socket", "type2_cable": .type2
    case "ccs2": .type2Combo
    case "chademo": .chademo
    case "schuko": .domestic("F")
    case "type1": .type1
    default: .unknown(code)
    }
  }

  /// A station that uses every optional field, odd text and an unknown standard spelled like a
  /// known one.
  static let everyField = Station(
    id: "ocpi-DE-SWL-LB-0001", name: "Parkhaus Marstall – Ebene −1 ⚡️",
    operatorName: "SWLB Mobilität GmbH",
    address: Address(street: "Marstallstraße 1", postcode: "71634", city: "Ludwigsburg"),
    coordinate: Coordinate(latitude: 48.8975312, longitude: 9.1916734),
    evses: [
      EVSE(
        uid: "E1", evseID: "DE*SWL*E0001*1", status: .charging,
        connectors: [
          Connector(
            id: "1", standard: .type2, format: .socket, powerType: .ac3Phase, maxVoltage: 230,
            maxAmperage: 32, maxElectricPower: Power(kilowatts: 22), tariffIDs: ["T1", "T2"]),
          Connector(id: "2", standard: .unknown("CHADEMO"), powerType: .dc, maxVoltage: 500),
        ]),
      EVSE(uid: "E2", status: .outOfOrder, connectors: []),
    ],
    chargePointCount: 3,
    openingHours: OpeningHours(
      twentyFourSeven: false,
      regular: [OpeningHours.RegularPeriod(weekday: 1, beginMinute: 360, endMinute: 1320)],
      exceptionalOpenings: [OpeningHours.ExceptionalPeriod(begin: 1.5e9, end: 1.5e9 + 3600)],
      exceptionalClosings: [OpeningHours.ExceptionalPeriod(begin: -1, end: 0.1)]),
    timeZone: "Europe/Berlin",
    source: DataSource(name: "OCPI", date: "2026-04-01", licence: "", attribution: ""),
    qualityFlags: ["low_precision_coords", ""])

  /// The smallest station: no name, no EVSEs, southern and western hemisphere.
  static let minimal = Station(
    id: "x", operatorName: "", address: Address(country: "CL"),
    coordinate: Coordinate(latitude: -33.45, longitude: -70.6667), evses: [],
    source: DataSource(name: "", date: "", licence: "", attribution: ""))
}

/// A fresh temporary folder per test, removed by `cleanUp()`.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-store-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func cleanUp() { try? FileManager.default.removeItem(at: url) }

  /// File names in the folder, sorted.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
