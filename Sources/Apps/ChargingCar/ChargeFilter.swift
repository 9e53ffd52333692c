import Charging
import StationIndex
import TripPlanner

/// The plug families a driver can filter by on the car screen.
public enum ConnectorChoice: String, Hashable, Sendable, Codable, CaseIterable {
  /// CCS (Combo 2, and Combo 1). Register rows that only say "DC" count as likely CCS.
  case ccs
  /// CHAdeMO.
  case chademo
  /// Type 2 (AC). Register rows that only say "AC" count as likely Type 2.
  case type2

  /// The name on the filter row and in summaries.
  public var title: String {
    switch self {
    case .ccs: "CCS"
    case .chademo: "CHAdeMO"
    case .type2: "Type 2"
    }
  }

  /// The plug standards the choice lets through, the register's bare "DC"/"AC" rows included
  /// (a German DC charger without a named plug is almost always CCS; an AC one Type 2).
  public var standards: Set<ConnectorStandard> {
    switch self {
    case .ccs: [.type2Combo, .type1Combo, .unknown("DC")]
    case .chademo: [.chademo]
    case .type2: [.type2, .unknown("AC")]
    }
  }
}

/// What the driver asked the Charge tab to show; kept across reconnects.
///
/// **Fast charging** means at least ``fastChargingKilowatts`` (50 kW) of direct current on one
/// connector — the BNetzA fast-charger list's floor and the AFIR "fast" class; the legal
/// "Schnellladepunkt" (> 22 kW, LSV) would count 43 kW AC sockets that no driver in a hurry
/// wants.
public struct ChargeFilter: Hashable, Sendable, Codable {
  /// The documented fast-charging threshold: 50 kW DC on one connector.
  public static let fastChargingKilowatts = 50.0

  /// Only connectors with at least ``fastChargingKilowatts`` of direct current.
  public var fastOnly: Bool
  /// Plug families of which a matching connector must have one; empty means any.
  public var connectors: Set<ConnectorChoice>
  /// Only the driver's favourite stations.
  public var favouritesOnly: Bool
  /// Only stations with a price known under the driver's tariffs (or an ad-hoc price when the
  /// driver chose none).
  public var knownPriceOnly: Bool
  /// Only sites with at least one charge point that is free now by a fresh live status
  /// (``Charging/LiveStatusPolicy/staleAfter``); a site without live status is left out.
  public var freeNowOnly: Bool
  /// Only connectors with at least this power (kW, one of ``minimumPowerChoices``); nil for
  /// any power.
  public var minimumKilowatts: Int?
  /// Only sites on the driver's networks: run by the provider of one of the driver's tariffs,
  /// which prices them with its own price, not a roaming one (``PricedSite/isOnDriversNetwork``).
  public var myNetworksOnly: Bool

  /// The minimum powers the Filters list offers: 50 kW (fast), 150 kW (high-power) and 300 kW
  /// (the fastest sites' class).
  public static let minimumPowerChoices = [50, 150, 300]

  /// Creates a filter; by default every charger is shown.
  public init(
    fastOnly: Bool = false, connectors: Set<ConnectorChoice> = [], favouritesOnly: Bool = false,
    knownPriceOnly: Bool = false, freeNowOnly: Bool = false, minimumKilowatts: Int? = nil,
    myNetworksOnly: Bool = false
  ) {
    self.minimumKilowatts = minimumKilowatts
    self.myNetworksOnly = myNetworksOnly
    self.fastOnly = fastOnly
    self.connectors = connectors
    self.favouritesOnly = favouritesOnly
    self.knownPriceOnly = knownPriceOnly
    self.freeNowOnly = freeNowOnly
  }

  private enum CodingKeys: String, CodingKey {
    case fastOnly, connectors, favouritesOnly, knownPriceOnly, freeNowOnly, minimumKilowatts
    case myNetworksOnly
  }

  /// Writes a filter (every condition; ``init(from:)`` reads older ones).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(fastOnly, forKey: .fastOnly)
    try container.encode(connectors, forKey: .connectors)
    try container.encode(favouritesOnly, forKey: .favouritesOnly)
    try container.encode(knownPriceOnly, forKey: .knownPriceOnly)
    try container.encode(freeNowOnly, forKey: .freeNowOnly)
    try container.encodeIfPresent(minimumKilowatts, forKey: .minimumKilowatts)
    try container.encode(myNetworksOnly, forKey: .myNetworksOnly)
  }

  /// Reads a filter; one saved before "free now", the minimum power or "my networks" existed
  /// reads them as off.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      fastOnly: try container.decode(Bool.self, forKey: .fastOnly),
      connectors: try container.decode(Set<ConnectorChoice>.self, forKey: .connectors),
      favouritesOnly: try container.decode(Bool.self, forKey: .favouritesOnly),
      knownPriceOnly: try container.decode(Bool.self, forKey: .knownPriceOnly),
      freeNowOnly: try container.decodeIfPresent(Bool.self, forKey: .freeNowOnly) ?? false,
      minimumKilowatts: try container.decodeIfPresent(Int.self, forKey: .minimumKilowatts),
      myNetworksOnly: try container.decodeIfPresent(Bool.self, forKey: .myNetworksOnly) ?? false)
  }

  /// Whether every charger passes.
  public var isEmpty: Bool { self == ChargeFilter() }

  /// The filter in a few words for the Charge tab's title: `All chargers`, or e.g.
  /// `Fast · CCS · Favourites · Priced · Free now`.
  public var summary: String {
    var parts: [String] = []
    if fastOnly { parts.append("Fast") }
    parts += ConnectorChoice.allCases.filter(connectors.contains).map(\.title)
    if let minimumKilowatts { parts.append("≥ \(minimumKilowatts) kW") }
    if myNetworksOnly { parts.append("My networks") }
    if favouritesOnly { parts.append("Favourites") }
    if knownPriceOnly { parts.append("Priced") }
    if freeNowOnly { parts.append("Free now") }
    return parts.isEmpty ? "All chargers" : parts.joined(separator: " · ")
  }

  /// The index filter for the station query (the known-price condition is applied after
  /// pricing; it is not a property of the station alone).
  ///
  /// With a vehicle, only connectors the car can plug into count: the plugs chosen that fit
  /// it, or every plug that fits it when none is chosen.
  public func stationFilter(favourites: Set<Station.ID>, vehicle: VehicleProfile? = nil)
    -> StationFilter
  {
    let floor = max(fastOnly ? Self.fastChargingKilowatts : 0, Double(minimumKilowatts ?? 0))
    let minimumPower = floor > 0 ? Power(kilowatts: floor) : nil
    var standards: Set<ConnectorStandard> = connectors.reduce(into: []) {
      $0.formUnion($1.standards)
    }
    if let vehicle {
      let usable = vehicle.usableStandards
      standards = standards.isEmpty ? usable : standards.intersection(usable)
      if standards.isEmpty { standards = [.unknown("no plug that fits the car")] }
    }
    return StationFilter(
      minimumPower: minimumPower,
      directCurrentOnly: fastOnly,
      connectorStandards: standards,
      favourites: favouritesOnly ? favourites : nil)
  }
}

extension VehicleProfile {
  /// The plug standards the car can use, with the register's bare "DC" (likely CCS) and "AC"
  /// (likely Type 2) rows where the car has those inlets.
  public var usableStandards: Set<ConnectorStandard> {
    var standards = connectors
    if connectors.contains(.type2Combo) { standards.insert(.unknown("DC")) }
    if connectors.contains(.type2) { standards.insert(.unknown("AC")) }
    return standards
  }
}
