/// The live or last-known state of an EVSE (OCPI `Status`); status is per EVSE, not per connector.
///
/// Source: `Documentation/Reference/ev-domain.md` §1.3.
public enum EVSEStatus: String, Hashable, Sendable, Codable {
  /// Free and ready to start a session.
  case available = "AVAILABLE"
  /// Blocked by an obstacle such as a parked car that is not charging.
  case blocked = "BLOCKED"
  /// In use by a vehicle.
  case charging = "CHARGING"
  /// Temporarily out of service (maintenance, outside opening hours).
  case inoperative = "INOPERATIVE"
  /// Broken.
  case outOfOrder = "OUTOFORDER"
  /// Announced but not yet in service.
  case planned = "PLANNED"
  /// Taken out of service for good.
  case removed = "REMOVED"
  /// Reserved for a driver.
  case reserved = "RESERVED"
  /// No status is known (register data carries none).
  case unknown = "UNKNOWN"

  /// Whether a driver could start charging now (only `AVAILABLE`).
  public var canStartSession: Bool { self == .available }
}

/// One charge point that charges one vehicle at a time (OCPI `EVSE`).
public struct EVSE: Hashable, Sendable, Codable {
  /// Technical id, unique within the station.
  public var uid: String
  /// The eMI3 id printed for drivers, e.g. `DE*EBW*E914082*2`, when known.
  public var evseID: String?
  /// The status; `.unknown` for register data, which carries no live status.
  public var status: EVSEStatus
  /// The plugs; only one can be used at a time.
  public var connectors: [Connector]

  /// Creates an EVSE.
  public init(
    uid: String, evseID: String? = nil, status: EVSEStatus = .unknown, connectors: [Connector]
  ) {
    self.uid = uid
    self.evseID = evseID
    self.status = status
    self.connectors = connectors
  }

  /// The highest connector power by the OCPI rule, when any is known.
  public var maxPower: Power? { connectors.compactMap(\.maxPower).max() }
}
