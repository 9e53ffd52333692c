import Geo

/// A data feed the side panel can start and stop for one app, standing in for a live service
/// the app polls (the charging app's live charger status from the local feed server): the
/// command line wires the closures; the panel offers the switch only while that app runs.
///
/// Starting it also moves the car to where the feed's data is, so the driver sees it at once.
public struct PanelFeed: Sendable {
  /// The app the feed belongs to.
  public var appID: String
  /// The switch's label, e.g. `Live status: local feed server (Ludwigsburg, Stuttgart)`.
  public var title: String
  /// Where the feed's data is: the car moves there when the feed starts.
  public var placeLabel: String
  /// The place's position.
  public var place: Coordinate
  /// Starts the feed; returns the status line, throws saying why it cannot start.
  public var start: @Sendable () async throws -> String
  /// Stops the feed; returns the status line.
  public var stop: @Sendable () async -> String

  /// Creates a feed.
  public init(
    appID: String, title: String, placeLabel: String, place: Coordinate,
    start: @escaping @Sendable () async throws -> String,
    stop: @escaping @Sendable () async -> String
  ) {
    self.appID = appID
    self.title = title
    self.placeLabel = placeLabel
    self.place = place
    self.start = start
    self.stop = stop
  }
}
