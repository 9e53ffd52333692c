import CarTemplates
import Foundation
import Geo
import WaysideData

/// Real fast chargers around Kassel (BNetzA Ladesäulenregister, 2026-01-28) turned into car
/// screen elements for the text renderer's golden tests.
enum KasselChargers {
  struct Charger {
    let id: String
    let operatorName: String
    let coordinate: Coordinate
    let street: String
    let city: String
    let maxPowerKW: Int
    let chargePoints: Int
    let distanceKM: Double
  }

  /// The first `count` chargers of the bundled Kassel file, nearest first.
  static func load(_ count: Int) throws -> [Charger] {
    let text = String(decoding: try BundledData.data(.fastChargersKassel2026), as: UTF8.self)
    var rows = text.split(separator: "\n").map { csvFields(String($0)) }
    let header = rows.removeFirst()
    func column(_ name: String) throws -> Int {
      guard let index = header.firstIndex(of: name) else {
        throw CocoaError(
          .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no column \(name)"])
      }
      return index
    }
    let id = try column("id"), op = try column("operator"), lat = try column("lat")
    let lon = try column("lon"), street = try column("street"), city = try column("city")
    let power = try column("max_connector_power_kw"), points = try column("charge_points")
    let distance = try column("distance_to_kassel_km")
    return rows.prefix(count).map { f in
      Charger(
        id: f[id], operatorName: f[op],
        coordinate: Coordinate(latitude: Double(f[lat]) ?? 0, longitude: Double(f[lon]) ?? 0),
        street: f[street], city: f[city], maxPowerKW: Int(Double(f[power]) ?? 0),
        chargePoints: Int(f[points]) ?? 0, distanceKM: Double(f[distance]) ?? 0)
    }
  }

  /// Splits one CSV line, honouring double quotes.
  static func csvFields(_ line: String) -> [String] {
    var fields: [String] = []
    var current = ""
    var quoted = false
    for character in line {
      switch character {
      case "\"": quoted.toggle()
      case "," where !quoted:
        fields.append(current)
        current = ""
      default: current.append(character)
      }
    }
    fields.append(current)
    return fields
  }

  static func distance(_ km: Double) -> String { String(format: "%.1f km", km) }

  static func point(_ charger: Charger) -> PointOfInterestSpec {
    PointOfInterestSpec(
      id: ElementID(charger.id), location: charger.coordinate,
      title: "\(charger.city), \(charger.street)",
      subtitle: "\(charger.maxPowerKW) kW · \(distance(charger.distanceKM))",
      summary: charger.operatorName,
      detailSubtitle: "\(charger.chargePoints) charge points · up to \(charger.maxPowerKW) kW",
      primaryButton: TextButtonSpec(id: "navigate", title: "Navigate", style: .confirm),
      secondaryButton: TextButtonSpec(id: "details", title: "Details"))
  }

  static func item(_ charger: Charger) -> ListItemSpec {
    ListItemSpec(
      id: ElementID(charger.id), text: "\(charger.city), \(charger.street)",
      detailText:
        "\(charger.maxPowerKW) kW · \(distance(charger.distanceKM)) · \(charger.operatorName)",
      image: .symbol("bolt.car"), accessory: .disclosureIndicator)
  }
}
