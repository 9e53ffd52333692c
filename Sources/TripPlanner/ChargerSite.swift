import Foundation
import Geo

/// A fast-charging site as the planner needs it: position, power, and a name to show.
public struct ChargerSite: Hashable, Sendable, Identifiable {
  /// The source's stable id, e.g. `bnetza2026fast-…`.
  public var id: String
  /// The operator (CPO).
  public var operatorName: String
  /// Street and city, for display.
  public var address: String
  /// The site's position.
  public var coordinate: Coordinate
  /// The highest power one connector delivers, kW — the cap a single car can get.
  public var maxPowerKilowatts: Double

  /// Creates a site.
  public init(
    id: String, operatorName: String, address: String, coordinate: Coordinate,
    maxPowerKilowatts: Double
  ) {
    self.id = id
    self.operatorName = operatorName
    self.address = address
    self.coordinate = coordinate
    self.maxPowerKilowatts = maxPowerKilowatts
  }

  /// `"Operator, Street, City"`.
  public var displayName: String { address.isEmpty ? operatorName : "\(operatorName), \(address)" }
}

/// A minimal reader for the bundled 2026 BNetzA fast-charger CSV
/// (`stations/de_fast_chargers_bnetza_2026-01-28.csv`, CC BY 4.0).
///
/// Interim: the StationFeeds module owns station import; this reader only takes the columns the
/// planner needs and will be replaced by its loader.
public enum FastChargerCSV {
  /// Parses the CSV; rows with a bad coordinate or power are skipped and counted, never guessed.
  public static func parse(_ text: String) throws(TripPlanningError) -> (
    sites: [ChargerSite], skippedRows: Int
  ) {
    var rows = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).makeIterator()
    guard let headerLine = rows.next() else {
      throw TripPlanningError(.malformedStations, "the fast-charger CSV is empty")
    }
    let header = fields(of: Substring(headerLine))
    func column(_ name: String) throws(TripPlanningError) -> Int {
      guard let index = header.firstIndex(of: name) else {
        throw TripPlanningError(
          .malformedStations, "the fast-charger CSV has no '\(name)' column; header is \(header)")
      }
      return index
    }
    let id = try column("id")
    let operatorColumn = try column("operator")
    let lat = try column("lat")
    let lon = try column("lon")
    let street = try column("street")
    let city = try column("city")
    let connector = try column("max_connector_power_kw")
    let needed = max(id, operatorColumn, lat, lon, street, city, connector)
    var sites: [ChargerSite] = []
    var skipped = 0
    while let line = rows.next() {
      let f = fields(of: Substring(line))
      guard f.count > needed, let la = Double(f[lat]), let lo = Double(f[lon]),
        let coordinate = Coordinate(validatingLatitude: la, longitude: lo),
        let power = Double(f[connector]), power > 0
      else {
        skipped += 1
        continue
      }
      let address = [f[street], f[city]].filter { !$0.isEmpty }.joined(separator: ", ")
      sites.append(
        ChargerSite(
          id: f[id], operatorName: f[operatorColumn], address: address, coordinate: coordinate,
          maxPowerKilowatts: power))
    }
    return (sites, skipped)
  }

  /// Splits one CSV line, honouring double quotes (`"a, b"` and `""` escapes).
  static func fields(of line: Substring) -> [String] {
    var result: [String] = []
    var current = ""
    var quoted = false
    var iterator = line.makeIterator()
    while let c = iterator.next() {
      if quoted {
        if c == "\"" {
          quoted = false
        } else {
          current.append(c)
        }
      } else if c == "\"" {
        if current.last == "\"" {
          current.append(c)
        } else {
          quoted = true
        }
      } else if c == "," {
        result.append(current)
        current = ""
      } else if c != "\r" {
        current.append(c)
      }
    }
    result.append(current)
    return result
  }
}
