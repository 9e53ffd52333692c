import Charging
import Foundation
import Geo
import StationIndex

/// How one live location was attached to the register, or why it was not.
public enum LiveMatchOutcome: Hashable, Sendable {
  /// Every EVSE found a register station carrying its EVSE id.
  case byEVSEID(Station.ID)
  /// The one register place of the same operator within the tolerance; `metres` from the
  /// nearest of the location's coordinates.
  case byPosition(Station.ID, metres: Double)
  /// Several register places of the same operator lie within the tolerance at similar
  /// distances; nothing was attached. The candidates, nearest first.
  case ambiguous([Station.ID])
  /// No register station of the same operator within the tolerance (or no position at all).
  case unmatched(String)

  /// The station the location's EVSEs attach to, when matched.
  public var stationID: Station.ID? {
    switch self {
    case .byEVSEID(let id), .byPosition(let id, _): id
    case .ambiguous, .unmatched: nil
    }
  }
}

/// The outcome of matching one feed's locations to the register: counts, the outcome per
/// location, and which station each matched EVSE belongs to.
public struct LiveMatchReport: Sendable, CustomStringConvertible {
  /// The outcome per location id, in feed order.
  public var outcomes: [(locationID: String, outcome: LiveMatchOutcome)] = []
  /// The register station of every EVSE of a matched location.
  public var stationByEVSE: [String: Station.ID] = [:]

  /// Creates an empty report.
  public init() {}

  /// Locations attached to a station.
  public var matched: Int { outcomes.count { $0.outcome.stationID != nil } }
  /// Locations with several candidates, left unattached.
  public var ambiguous: Int {
    outcomes.count {
      if case .ambiguous = $0.outcome { return true }
      return false
    }
  }
  /// Locations with no candidate.
  public var unmatched: Int { outcomes.count - matched - ambiguous }

  /// `3 locations: 2 matched, 0 ambiguous, 1 unmatched`.
  public var description: String {
    "\(outcomes.count) locations: \(matched) matched, \(ambiguous) ambiguous, \(unmatched) unmatched"
  }
}

/// Attaches live locations to register stations: by EVSE id where the register carries one,
/// else by operator and position.
///
/// Position rule (documented in `Guides/LiveStatus.md`, "Matching"): candidates are register
/// stations within ``toleranceMetres`` of any of the location's coordinates (a DATEX site's
/// station coordinates come before its display coordinates, which can be kilometres off) whose
/// operator is the location's (same ``Charging/OperatorName`` family key, or one name belonging
/// to the other). Register rows at one spot (within ``samePlaceMetres``) are one place. One place
/// → matched to its nearest row. Several places → matched only when the nearest is at most half
/// as far as the next place (``clearMarginFactor``), else ambiguous; never guessed.
public struct LiveStatusMatcher: Sendable {
  /// How far a live location may lie from its register station: 50 m, the distance within
  /// which the bundled feeds' sites and their register rows were found to agree.
  public static let toleranceMetres = 50.0
  /// Register rows this close to each other are one place (a car park listed row by row).
  public static let samePlaceMetres = 5.0
  /// The nearest place wins only when the next one is at least this many times as far.
  public static let clearMarginFactor = 2.0

  private let index: StationIndex
  private let stationByEVSEID: [String: Station.ID]

  /// A matcher over `register` (the stations the car shows).
  public init(register: [Station]) {
    self.index = StationIndex(register)
    var byEVSE: [String: Station.ID] = [:]
    for station in register {
      for evse in station.evses {
        if let id = evse.evseID { byEVSE[Self.normalisedEVSEID(id)] = station.id }
      }
    }
    self.stationByEVSEID = byEVSE
  }

  /// A matcher over an index already built (the command line's station sets).
  public init(index: StationIndex) {
    self.index = index
    let world = BoundingBox(
      minimum: Coordinate(latitude: -90, longitude: -180),
      maximum: Coordinate(latitude: 90, longitude: 180))
    var byEVSE: [String: Station.ID] = [:]
    for match in index.stations(in: world, order: .unspecified) {
      for evse in match.station.evses {
        if let id = evse.evseID { byEVSE[Self.normalisedEVSEID(id)] = match.station.id }
      }
    }
    self.stationByEVSEID = byEVSE
  }

  /// `DE*EBW*E914082*2` and `DEEBWE9140822` compare equal (eMI3 ids are written with and
  /// without separators).
  static func normalisedEVSEID(_ id: String) -> String {
    String(id.uppercased().filter { $0 != "*" && $0 != "-" && $0 != " " })
  }

  /// Matches every location of `feed`.
  public func match(_ locations: [LiveLocation]) -> LiveMatchReport {
    var report = LiveMatchReport()
    for location in locations {
      let outcome = match(location)
      report.outcomes.append((location.id, outcome))
      if let station = outcome.stationID {
        for evse in location.evses { report.stationByEVSE[evse.evseID] = station }
      }
    }
    return report
  }

  /// Matches one location.
  public func match(_ location: LiveLocation) -> LiveMatchOutcome {
    let byID = location.evses.compactMap { stationByEVSEID[Self.normalisedEVSEID($0.evseID)] }
    if let first = byID.first, byID.count == location.evses.count,
      byID.allSatisfy({ $0 == first })
    {
      return .byEVSEID(first)
    }
    guard !location.coordinates.isEmpty else {
      return .unmatched("no position (a status record not paired with its table)")
    }
    let operatorName = location.operatorName ?? ""
    var best: [Station.ID: (station: Station, metres: Double)] = [:]
    for point in location.coordinates {
      let found = index.nearest(
        to: point, limit: 64, withinKilometres: Self.toleranceMetres / 1000)
      for candidate in found {
        guard Self.sameOperator(candidate.station.operatorName, operatorName) else { continue }
        let metres = candidate.distanceKilometres * 1000
        if let known = best[candidate.station.id], known.metres <= metres { continue }
        best[candidate.station.id] = (candidate.station, metres)
      }
    }
    guard !best.isEmpty else {
      return .unmatched(
        "no register station of operator '\(operatorName)' within \(Int(Self.toleranceMetres)) m")
    }
    // Group the candidates into places, nearest first.
    let sorted = best.values.sorted {
      ($0.metres, $0.station.id) < ($1.metres, $1.station.id)
    }
    var places: [(anchor: Station, metres: Double)] = []
    for candidate in sorted {
      let samePlace = places.contains {
        GreatCircle.distanceKilometres($0.anchor.coordinate, candidate.station.coordinate)
          * 1000 <= Self.samePlaceMetres
      }
      if !samePlace { places.append((candidate.station, candidate.metres)) }
    }
    guard let nearest = places.first else {
      return .unmatched("no register station within \(Int(Self.toleranceMetres)) m")
    }
    if places.count == 1 || places[1].metres >= nearest.metres * Self.clearMarginFactor {
      return .byPosition(nearest.anchor.id, metres: nearest.metres)
    }
    return .ambiguous(places.map(\.anchor.id))
  }

  /// Whether a register operator and a feed operator are the same: equal family keys, or one
  /// name's key starting with the other's at a word boundary ("SWLB" and "SWLB Mobilität").
  /// A feed without an operator name matches any operator.
  public static func sameOperator(_ register: String, _ feed: String) -> Bool {
    let feedKey = OperatorName.key(feed)
    guard !feedKey.isEmpty else { return true }
    let registerKey = OperatorName.key(register)
    guard !registerKey.isEmpty else { return false }
    if registerKey == feedKey { return true }
    if OperatorName.belongs(register, to: feedKey) || OperatorName.belongs(feed, to: registerKey) {
      return true
    }
    return sharesFirstWord(registerKey, feedKey)
  }

  /// "enbw mobility+" and "enbw": the first significant word agrees (at least three letters).
  private static func sharesFirstWord(_ a: String, _ b: String) -> Bool {
    guard let first = a.split(separator: " ").first, first.count >= 3,
      let other = b.split(separator: " ").first
    else { return false }
    return first == other
  }
}
