import Charging
import Foundation
import Geo

/// One kind of connector at a site: its standard, power and how many there are.
public struct ConnectorSummary: Hashable, Sendable {
  /// `CCS`, `CHAdeMO`, `Type 2`, `DC (likely CCS)`, `AC (likely Type 2)`, …
  public var label: String
  /// The connector's power, when the register gives one.
  public var power: Power?
  /// How many connectors of this kind the site has.
  public var count: Int

  /// `2 × CCS 150 kW`.
  public var text: String {
    let power = power.map { " \($0)" } ?? ""
    return "\(count) × \(label)\(power)"
  }
}

/// A charging site as the driver sees it: every register row at one place (the register lists
/// one row per installation, so one car park can appear three times) joined into one pin.
public struct ChargeSite: Hashable, Sendable, Identifiable {
  /// The site's id: the smallest id among its stations (stable while the site's rows are).
  public var id: Station.ID
  /// The register rows at the site, by id.
  public var stations: [Station]
  /// Great-circle kilometres from the query's centre.
  public var distanceKilometres: Double

  /// Creates a site from the rows at one place.
  public init(stations: [Station], distanceKilometres: Double) {
    let sorted = stations.sorted { $0.id < $1.id }
    self.id = sorted.first?.id ?? Station.ID("")
    self.stations = sorted
    self.distanceKilometres = distanceKilometres
  }

  /// The row shown and priced for the site: the most powerful one (then the smallest id).
  public var representative: Station? {
    stations.max { a, b in
      let pa = a.maxPower?.kilowatts ?? -1
      let pb = b.maxPower?.kilowatts ?? -1
      return pa != pb ? pa < pb : a.id > b.id
    }
  }

  /// The site's name, else `street, city`, else its operator.
  public var title: String {
    if let named = stations.compactMap(\.name).first(where: { !$0.isEmpty }) { return named }
    return representative?.displayName ?? "Charger"
  }

  /// Where the pin goes: the representative row's position.
  public var coordinate: Coordinate {
    representative?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
  }

  /// The operator, or the operators when several run charge points at the site (the register
  /// lists each installation, and one car park can have two operators): the representative
  /// row's first, then the others in row order.
  public var operatorName: String {
    var names: [String] = []
    for name in ([representative?.operatorName] + stations.map(\.operatorName)).compactMap({ $0 })
    where !name.isEmpty && !names.contains(name) {
      names.append(name)
    }
    return names.joined(separator: " / ")
  }

  /// The highest connector power at the site.
  public var maxPower: Power? { stations.compactMap(\.maxPower).max() }

  /// Charge points over every row.
  public var chargePointCount: Int { stations.reduce(0) { $0 + $1.chargePointCount } }

  /// Whether some DC connector's standard is not given (the register said only "DC"): such a
  /// site is shown as "likely CCS".
  public var hasUnnamedDirectCurrent: Bool {
    stations.contains { station in
      station.evses.contains { $0.connectors.contains { $0.standard == .unknown("DC") } }
    }
  }

  /// The connectors by kind and power, most powerful first.
  public var connectors: [ConnectorSummary] {
    var counts: [String: (Power?, Int)] = [:]
    for station in stations {
      for evse in station.evses {
        for connector in evse.connectors {
          let label = Self.label(connector.standard)
          let key = "\(label)|\(connector.maxPower?.kilowatts ?? -1)"
          counts[key, default: (connector.maxPower, 0)].1 += 1
        }
      }
    }
    return counts.map { key, value in
      ConnectorSummary(
        label: String(key.split(separator: "|").first ?? ""), power: value.0, count: value.1)
    }.sorted {
      let a = $0.power?.kilowatts ?? -1
      let b = $1.power?.kilowatts ?? -1
      return a != b ? a > b : $0.label < $1.label
    }
  }

  /// The connector kinds in a few words: `CCS, Type 2` (distinct labels, most powerful first).
  public var connectorText: String {
    var seen = Set<String>()
    return connectors.map(\.label).filter { seen.insert($0).inserted }.joined(separator: ", ")
  }

  /// The driver-facing name of a plug standard.
  public static func label(_ standard: ConnectorStandard) -> String {
    switch standard {
    case .type2Combo, .type1Combo: "CCS"
    case .chademo: "CHAdeMO"
    case .type2: "Type 2"
    case .type1: "Type 1"
    case .teslaModelS, .teslaRoadster, .saeJ3400: "Tesla"
    case .domestic: "Schuko"
    case .unknown("DC"): "DC (likely CCS)"
    case .unknown("AC"): "AC (likely Type 2)"
    case .unknown(let text): text
    default: standard.ocpiName
    }
  }

  /// Rows closer than this to a site's first row, at the same address, are the same site.
  public static let sameSiteKilometres = 0.3

  /// Joins rows (nearest first, with their distances) into sites, nearest first, at most
  /// `limit`: rows at one street address (or, without an address, within ~11 m) and within
  /// ``sameSiteKilometres`` of each other are one site, whoever operates them — the driver
  /// parks at a place, not at an operator. O(n) for n rows.
  public static func group(_ rows: [(station: Station, distance: Double)], limit: Int)
    -> [ChargeSite]
  {
    guard limit > 0 else { return [] }
    var order: [String] = []
    var members: [String: [(Station, Double)]] = [:]
    for (station, distance) in rows {
      var key = siteKey(station)
      if let first = members[key]?.first,
        GreatCircle.distanceKilometres(first.0.coordinate, station.coordinate) > sameSiteKilometres
      {
        key += "|\(station.id.rawValue)"
      }
      if members[key] == nil {
        order.append(key)
        members[key] = []
      }
      members[key, default: []].append((station, distance))
    }
    return order.prefix(limit).compactMap { key in
      guard let rows = members[key], let nearest = rows.map(\.1).min() else { return nil }
      return ChargeSite(stations: rows.map(\.0), distanceKilometres: nearest)
    }
  }

  /// `Breitscheidstraße 6`, `Breitscheidstr. 6` and `Breitscheid Strasse 6` → `breitscheidstr6`.
  static func normalisedStreet(_ street: String) -> String {
    var text = street.lowercased()
    for long in ["straße", "strasse", "str."] {
      text = text.replacingOccurrences(of: long, with: "str")
    }
    return String(text.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
  }

  static func siteKey(_ station: Station) -> String {
    let street = normalisedStreet(station.address.street ?? "")
    guard !street.isEmpty else {
      let lat = (station.coordinate.latitude * 10_000).rounded()
      let lon = (station.coordinate.longitude * 10_000).rounded()
      return "@\(lat),\(lon)"
    }
    return "\(street)|\(station.address.postcode ?? "")"
  }
}
