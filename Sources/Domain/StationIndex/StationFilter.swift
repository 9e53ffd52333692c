import Charging
import Foundation

/// Conditions a station must meet to appear in a query's results; every field left at its
/// default lets every station through, and set fields combine with AND.
///
/// Power, DC and plug conditions are checked per connector: a station matches when one of its
/// connectors meets them all together, so "CCS, at least 150 kW" does not match a site with a
/// 50 kW CCS plug and a 150 kW CHAdeMO plug.
public struct StationFilter: Hashable, Sendable {
  /// The least power some matching connector must offer (OCPI rule, ``Connector/maxPower``);
  /// connectors of unknown power never meet it.
  public var minimumPower: Power?
  /// Whether the matching connector must supply direct current.
  public var directCurrentOnly: Bool
  /// Plug standards of which the matching connector must have one; empty means any.
  public var connectorStandards: Set<ConnectorStandard>
  /// Operator names the station must have one of, compared by family key
  /// (``Charging/OperatorName/key(_:)``), so `E.ON Drive` matches a station of
  /// "E.ON Drive Infrastructure GmbH"; empty means any.
  public var operators: Set<String> {
    didSet { normalisedOperators = Set(operators.map(StationFilter.normalisedOperator)) }
  }
  /// ``operators`` as comparison keys (``normalisedOperator(_:)``), kept in step with it.
  private(set) var normalisedOperators: Set<String>
  /// When set, only these stations (the driver's favourites) match.
  public var favourites: Set<Station.ID>?
  /// When set, only stations open at this instant match (``Charging/Station/isOpen(at:)``);
  /// stations whose hours are unknown count as open.
  public var openAt: Date?

  /// Creates a filter; the defaults let every station through.
  public init(
    minimumPower: Power? = nil, directCurrentOnly: Bool = false,
    connectorStandards: Set<ConnectorStandard> = [], operators: Set<String> = [],
    favourites: Set<Station.ID>? = nil, openAt: Date? = nil
  ) {
    self.minimumPower = minimumPower
    self.directCurrentOnly = directCurrentOnly
    self.connectorStandards = connectorStandards
    self.operators = operators
    self.normalisedOperators = Set(operators.map(StationFilter.normalisedOperator))
    self.favourites = favourites
    self.openAt = openAt
  }

  /// A filter that lets every station through.
  public static let none = StationFilter()

  /// Whether `station` meets the filter, evaluated directly on the value (no index needed).
  public func matches(_ station: Station) -> Bool {
    if let favourites, !favourites.contains(station.id) { return false }
    if !normalisedOperators.isEmpty,
      !normalisedOperators.contains(station.operatorFamily)
    {
      return false
    }
    if hasConnectorConditions {
      let found = station.evses.contains { evse in
        evse.connectors.contains { connectorMatches($0) }
      }
      if !found { return false }
    }
    if let openAt, !station.isOpen(at: openAt) { return false }
    return true
  }

  /// Whether every field is at its default, so every station matches.
  var letsEverythingThrough: Bool {
    !hasConnectorConditions && operators.isEmpty && favourites == nil && openAt == nil
  }

  var hasConnectorConditions: Bool {
    minimumPower != nil || directCurrentOnly || !connectorStandards.isEmpty
  }

  func connectorMatches(_ connector: Connector) -> Bool {
    if directCurrentOnly, !connector.powerType.isDirectCurrent { return false }
    if !connectorStandards.isEmpty, !connectorStandards.contains(connector.standard) {
      return false
    }
    if let minimumPower {
      guard let power = connector.maxPower, power >= minimumPower else { return false }
    }
    return true
  }

  /// The key operator names are compared by: the operator's family key
  /// (``Charging/OperatorName/key(_:)``), the same key ``Charging/Station/operatorFamily`` gives.
  public static func normalisedOperator(_ name: String) -> String {
    OperatorName.key(name)
  }
}

/// A filter translated into the index's integer codes for one query.
struct CompiledFilter {
  /// Whether every station matches (then there are no ``conditions``).
  var passesAll: Bool { conditions == nil }
  /// What a station must meet; nil when every station matches, so the usual unfiltered query
  /// carries (and destroys) nothing.
  let conditions: Conditions?

  /// The filter's conditions in the index's codes.
  struct Conditions {
    let connectorConditions: Bool
    let minimumKilowatts: Double
    let directCurrentOnly: Bool
    /// Allowed plug codes, indexed by the index's standard code; nil = any.
    let allowedStandards: [Bool]?
    /// Allowed operator codes; nil = any.
    let allowedOperators: [Bool]?
    /// Allowed tree positions; nil = any.
    let favouritePositions: Set<Int32>?
    /// Tree positions known to be closed at the filter's instant.
    let closedPositions: Set<Int32>
  }

  init(_ filter: borrowing StationFilter, _ storage: StationIndex.Storage) {
    if filter.letsEverythingThrough {
      // The usual query: nothing to look up.
      conditions = nil
      return
    }
    let allowedStandards: [Bool]?
    if filter.connectorStandards.isEmpty {
      allowedStandards = nil
    } else {
      var allowed = [Bool](repeating: false, count: storage.standards.count)
      for standard in filter.connectorStandards {
        if let code = storage.standardCodes[standard] { allowed[Int(code)] = true }
      }
      allowedStandards = allowed
    }
    let allowedOperators: [Bool]?
    if filter.operators.isEmpty {
      allowedOperators = nil
    } else {
      var allowed = [Bool](repeating: false, count: storage.operatorCodes.count)
      for key in filter.normalisedOperators {
        if let code = storage.operatorCodes[key] {
          allowed[Int(code)] = true
        }
      }
      allowedOperators = allowed
    }
    let favouritePositions: Set<Int32>?
    if let favourites = filter.favourites {
      var positions = Set<Int32>(minimumCapacity: favourites.count)
      for id in favourites {
        if let found = storage.positionsByID[id] { positions.formUnion(found) }
      }
      favouritePositions = positions
    } else {
      favouritePositions = nil
    }
    var closed = Set<Int32>()
    if let instant = filter.openAt {
      // Only stations with real hours can be closed; local time is computed once per zone.
      var moments: [String: LocalMoment?] = [:]
      for position in storage.positionsWithHours {
        let station = storage.stations[Int(position)]
        guard let hours = station.openingHours else { continue }
        let moment: LocalMoment?
        if let cached = moments[station.timeZone] {
          moment = cached
        } else {
          moment = TimeZone(identifier: station.timeZone).map { LocalMoment(instant, in: $0) }
          moments[station.timeZone] = moment
        }
        let open = moment.map { hours.isOpen(at: $0) } ?? station.isOpen(at: instant)
        if !open { closed.insert(position) }
      }
    }
    // Open hours that close nothing now are no condition.
    if !filter.hasConnectorConditions, allowedOperators == nil, favouritePositions == nil,
      closed.isEmpty
    {
      conditions = nil
      return
    }
    conditions = Conditions(
      connectorConditions: filter.hasConnectorConditions,
      minimumKilowatts: filter.minimumPower?.kilowatts ?? -.infinity,
      directCurrentOnly: filter.directCurrentOnly, allowedStandards: allowedStandards,
      allowedOperators: allowedOperators, favouritePositions: favouritePositions,
      closedPositions: closed)
  }

  /// Whether the station at tree position `i` matches.
  @inline(__always) func matches(_ i: Int, _ s: StationIndex.Storage) -> Bool {
    guard let c = conditions else { return true }
    let position = Int32(truncatingIfNeeded: i)
    if let favouritePositions = c.favouritePositions, !favouritePositions.contains(position) {
      return false
    }
    if let allowedOperators = c.allowedOperators, !allowedOperators[Int(s.operatorCode[i])] {
      return false
    }
    if c.connectorConditions {
      var found = false
      var k = Int(s.connectorStart[i])
      let end = Int(s.connectorStart[i + 1])
      while k < end {
        if (!c.directCurrentOnly || s.connectorIsDC[k])
          && (c.allowedStandards.map { $0[Int(s.connectorStandard[k])] } ?? true)
          && s.connectorKilowatts[k] >= c.minimumKilowatts
        {
          found = true
          break
        }
        k += 1
      }
      if !found { return false }
    }
    if !c.closedPositions.isEmpty, c.closedPositions.contains(position) { return false }
    return true
  }

}
