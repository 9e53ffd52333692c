import Geo

/// A route or a place could not be found; the message names the input and what was expected.
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
