/// A trip could not be planned; the message names the input and what was expected.
public struct TripPlanningError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, for callers that branch on it.
  public enum Kind: Hashable, Sendable {
    /// A vehicle profile or option is out of range.
    case invalidVehicle
    /// A planning option is out of range.
    case invalidOptions
    /// A station list could not be read.
    case malformedStations
    /// A station name is not in the network.
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
