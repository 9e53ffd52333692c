import Geo

/// Something that finds a road route between two points: the bundled road network here, MapKit's
/// directions in the iOS app.
public protocol RouteProvider: Sendable {
  /// The fastest route from `origin` to `destination`; throws ``RoutingError`` (or the provider's
  /// own error) when there is none.
  func route(from origin: Coordinate, to destination: Coordinate) async throws -> Route
}
