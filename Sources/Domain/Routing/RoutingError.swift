import Geo

/// A route, a place or a trip could not be found or planned; the message names the input and
/// what was expected. The one error of routing and trip planning (`TripPlanner` throws it too).
public struct RoutingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, for callers that branch on it.
  public enum Kind: Hashable, Sendable {
    /// A road file could not be read as GeoJSON line strings.
    case malformedRoadData
    /// A place file could not be read as GeoJSON points.
    case malformedPlaceData
    /// The road network has no nodes.
    case emptyNetwork
    /// A point is farther from the network than the allowed snap distance.
    case tooFarFromNetwork
    /// No path joins the snapped origin and destination.
    case noPath
    /// A place name matched nothing.
    case unknownPlace
    /// A place name matched several places.
    case ambiguousPlace
    /// A vehicle profile or option is out of range (trip planning).
    case invalidVehicle
    /// A planning option is out of range (trip planning).
    case invalidOptions
    /// A station list could not be read (trip planning).
    case malformedStations
    /// A station name is not in the network (trip planning).
    case unknownStation
    /// No sequence of stops reaches the destination within the battery's limits.
    case noFeasiblePlan
  }

  /// The kind of failure.
  public var kind: Kind
  /// A sentence saying what failed, for which input, and what was expected.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
