import Charging
import Foundation
import Geo
import Synchronization
import WaysideData

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
///
/// What the screens show of a site — title, position, operator, power, connectors, charge
/// points and the detail line — is worked out once, on first use, and shared by every copy, so
/// building a screen does no counting or formatting per site.
public struct ChargeSite: Hashable, Sendable, Identifiable {
  /// The site's id: the smallest id among its stations (stable while the site's rows are).
  public var id: Station.ID
  /// The register rows at the site, by id.
  public private(set) var stations: [Station]
  /// Great-circle kilometres from the query's centre.
  public var distanceKilometres: Double
  /// The facts derived from `stations`, shared by every copy of the site.
  let facts: Facts

  /// Creates a site from the rows at one place.
  public init(stations: [Station], distanceKilometres: Double) {
    let sorted = stations.sorted { $0.id < $1.id }
    self.id = sorted.first?.id ?? Station.ID("")
    self.stations = sorted
    self.distanceKilometres = distanceKilometres
    self.facts = Facts(sorted)
  }

  /// A site's derived facts, worked out on first use.
  private var derived: Facts.Content { facts.content }

  /// Two sites are equal when their ids, rows and distances are (everything else follows from
  /// the rows).
  public static func == (a: ChargeSite, b: ChargeSite) -> Bool {
    a.id == b.id && a.distanceKilometres == b.distanceKilometres
      && (a.facts === b.facts || a.stations == b.stations)
  }

  /// Hashes the id and the distance.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(distanceKilometres)
  }

  /// The row shown and priced for the site: the most powerful one (then the smallest id).
  public var representative: Station? {
    derived.representative.map { stations[$0] }
  }

  /// The site's name, else `street, city`, else its operator.
  public var title: String { derived.title }

  /// Where the pin goes: the representative row's position.
  public var coordinate: Coordinate { derived.coordinate }

  /// The operator, or the operators when several run charge points at the site (the register
  /// lists each installation, and one car park can have two operators): the representative
  /// row's first, then the others in row order.
  public var operatorName: String { derived.operatorName }

  /// The highest connector power at the site.
  public var maxPower: Power? { derived.maxPower }

  /// Charge points over every row.
  public var chargePointCount: Int { derived.chargePointCount }

  /// Whether some DC connector's standard is not given (the register said only "DC"): such a
  /// site is shown as "likely CCS".
  public var hasUnnamedDirectCurrent: Bool { derived.hasUnnamedDirectCurrent }

  /// The connectors by kind and power, most powerful first.
  public var connectors: [ConnectorSummary] { derived.connectors }

  /// The connector kinds in a few words: `CCS, Type 2` (distinct labels, most powerful first).
  public var connectorText: String { derived.connectorText }

  /// `CCS, Type 2 · 4 charge points · EnBW`: the Charge tab's detail line after the distance.
  public var detailSuffix: String { derived.detailSuffix }

  /// `150 kW`, or `power not given`.
  public var powerText: String { derived.powerText }

  /// What the screens show of a site, derived from its rows on first use (a catalogue of
  /// every site in Germany pays only for the sites a query shows).
  final class Facts: Sendable {
    private let built: LoadOnce<Content, Never>

    init(_ stations: [Station]) { built = LoadOnce { Content(stations) } }

    var content: Content { built.get() }
  }
}

extension ChargeSite.Facts {
  /// The derived facts (a class: reading them copies one reference).
  final class Content: Sendable {
    let representative: Int?
    let title: String
    let coordinate: Coordinate
    let operatorName: String
    let maxPower: Power?
    let chargePointCount: Int
    let hasUnnamedDirectCurrent: Bool
    let connectors: [ConnectorSummary]
    let connectorText: String
    let detailSuffix: String
    let powerText: String

    init(_ stations: [Station]) {
      // The most powerful row, then the smallest id (rows are in id order).
      var best: Int?
      var bestPower = -Double.infinity
      var maxPower: Power?
      var points = 0
      var unnamedDC = false
      var kinds: [ConnectorSummary] = []
      for (i, station) in stations.enumerated() {
        let power = station.maxPower
        let kilowatts = power?.kilowatts ?? -1
        if best == nil || kilowatts > bestPower {
          best = i
          bestPower = kilowatts
        }
        if let power, maxPower.map({ power > $0 }) ?? true { maxPower = power }
        points += station.chargePointCount
        for evse in station.evses {
          for connector in evse.connectors {
            if connector.standard == .unknown("DC") { unnamedDC = true }
            let label = ChargeSite.label(connector.standard)
            let kw = connector.maxPower?.kilowatts ?? -1
            if let k = kinds.firstIndex(where: {
              $0.label == label && ($0.power?.kilowatts ?? -1) == kw
            }) {
              kinds[k].count += 1
            } else {
              kinds.append(ConnectorSummary(label: label, power: connector.maxPower, count: 1))
            }
          }
        }
      }
      kinds.sort {
        let a = $0.power?.kilowatts ?? -1
        let b = $1.power?.kilowatts ?? -1
        return a != b ? a > b : $0.label < $1.label
      }
      let chosen = best.map { stations[$0] }
      representative = best
      if let named = stations.lazy.compactMap(\.name).first(where: { !$0.isEmpty }) {
        title = named
      } else {
        title = chosen?.displayName ?? "Charger"
      }
      coordinate = chosen?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
      var names: [String] = []
      for name in ([chosen?.operatorName] + stations.map(\.operatorName)).compactMap({ $0 })
      where !name.isEmpty && !names.contains(name) {
        names.append(name)
      }
      operatorName = names.joined(separator: " / ")
      self.maxPower = maxPower
      chargePointCount = points
      hasUnnamedDirectCurrent = unnamedDC
      connectors = kinds
      var labels: [String] = []
      for kind in kinds where !labels.contains(kind.label) { labels.append(kind.label) }
      connectorText = labels.joined(separator: ", ")
      detailSuffix = [
        connectorText.isEmpty ? nil : connectorText,
        "\(points) charge point\(points == 1 ? "" : "s")",
        operatorName,
      ].compactMap { $0 }.joined(separator: " · ")
      powerText = maxPower.map { "\($0)" } ?? "power not given"
    }
  }
}

extension ChargeSite {
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

  /// ``normalisedStreet(_:)`` on the scalars for ASCII and Latin-1 text (what the register's
  /// addresses are written in), without Foundation's string search; any other text takes
  /// ``normalisedStreet(_:)`` itself. Equal results on every bundled address (tested).
  static func fastNormalisedStreet(_ street: String) -> String {
    var scalars: [UInt32] = []
    scalars.reserveCapacity(street.utf8.count)
    for scalar in street.unicodeScalars {
      var v = scalar.value
      switch v {
      case 0x41...0x5A: v += 0x20  // A–Z
      case 0..<0x80: break
      case 0xC0...0xDE where v != 0xD7: v += 0x20  // À–Þ except ×
      case 0xDF...0xFF: break
      default: return normalisedStreet(street)
      }
      scalars.append(v)
    }
    let str: [UInt32] = [0x73, 0x74, 0x72]
    replace([0x73, 0x74, 0x72, 0x61, 0xDF, 0x65], with: str, in: &scalars)  // straße
    replace([0x73, 0x74, 0x72, 0x61, 0x73, 0x73, 0x65], with: str, in: &scalars)  // strasse
    var text = String.UnicodeScalarView()
    for v in scalars {
      let keep =
        (0x30...0x39).contains(v) || (0x61...0x7A).contains(v)
        || ((0xC0...0xFF).contains(v) && v != 0xD7 && v != 0xF7)
      if keep, let scalar = Unicode.Scalar(v) { text.append(scalar) }
    }
    return String(text)
  }

  /// Replaces every occurrence of `pattern`, left to right and not overlapping.
  private static func replace(
    _ pattern: [UInt32], with replacement: [UInt32], in text: inout [UInt32]
  ) {
    guard text.count >= pattern.count else { return }
    var out: [UInt32] = []
    var i = 0
    var changed = false
    while i < text.count {
      if i + pattern.count <= text.count, text[i] == pattern[0],
        text[i..<(i + pattern.count)].elementsEqual(pattern)
      {
        if !changed {
          out.reserveCapacity(text.count)
          out.append(contentsOf: text[0..<i])
          changed = true
        }
        out.append(contentsOf: replacement)
        i += pattern.count
      } else {
        if changed { out.append(text[i]) }
        i += 1
      }
    }
    if changed { text = out }
  }

  static func siteKey(_ station: Station) -> String {
    let street = fastNormalisedStreet(station.address.street ?? "")
    guard !street.isEmpty else {
      let lat = (station.coordinate.latitude * 10_000).rounded()
      let lon = (station.coordinate.longitude * 10_000).rounded()
      return "@\(lat),\(lon)"
    }
    return "\(street)|\(station.address.postcode ?? "")"
  }
}
