import Geo

/// A trip offered in a navigation app's trip preview (`CPTrip`), with its route choices
/// (`CPRouteChoice`); at most 12 trips and 3 routes each (carplay-facts.md §1.6).
public struct TripPreviewSpec: Hashable, Sendable, Codable, Identifiable {
  /// One route the driver can choose for the trip.
  public struct RouteChoice: Hashable, Sendable, Codable, Identifiable {
    /// The route's stable identity.
    public var id: ElementID
    /// Summary texts, longest first ("Fastest route via A7").
    public var summaryVariants: TextVariants
    /// Extra texts, longest first ("Includes tolls").
    public var additionalInformationVariants: TextVariants
    /// The whole route's distance and time, for `CPMapTemplate.updateEstimates(_:for:)` while
    /// the choice is previewed; nil when the app gives only the texts.
    public var estimate: TravelEstimateSpec?

    /// Creates a route choice.
    public init(
      id: ElementID, summaryVariants: TextVariants,
      additionalInformationVariants: TextVariants = [],
      estimate: TravelEstimateSpec? = nil
    ) {
      self.id = id
      self.summaryVariants = summaryVariants
      self.additionalInformationVariants = additionalInformationVariants
      self.estimate = estimate
    }
  }

  /// The trip's stable identity.
  public var id: ElementID
  /// The destination's name as the car shows it.
  public var destinationName: String
  /// Where the trip ends.
  public var destination: Coordinate
  /// The routes offered; at most 3 (carplay-facts.md §1.6).
  public var routeChoices: [RouteChoice]

  /// Creates a trip preview.
  public init(
    id: ElementID, destinationName: String, destination: Coordinate, routeChoices: [RouteChoice]
  ) {
    self.id = id
    self.destinationName = destinationName
    self.destination = destination
    self.routeChoices = routeChoices
  }
}
