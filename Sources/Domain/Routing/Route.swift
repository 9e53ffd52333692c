import Geo

/// A road route: the line to drive, its length and duration, and the roads it uses in order.
///
/// The per-vertex cumulative distance and time let a trip planner place stations along the route
/// and estimate energy per segment from its speed.
public struct Route: Hashable, Sendable {
  /// A stretch of one numbered road (or several numbers signposted together, e.g. `A1;A61`).
  public struct RoadSection: Hashable, Sendable, Codable {
    /// The road number(s) as in the data, `;`-separated.
    public var ref: String
    /// The stretch's length in kilometres.
    public var lengthKilometres: Double
    /// Creates a section.
    public init(ref: String, lengthKilometres: Double) {
      self.ref = ref
      self.lengthKilometres = lengthKilometres
    }
  }

  /// How a requested end point was attached to the road network.
  public struct Snap: Hashable, Sendable, Codable {
    /// The point that was asked for.
    public var requested: Coordinate
    /// The network node the route starts or ends at.
    public var snapped: Coordinate
    /// The great-circle distance between the two, in kilometres (not part of ``Route/lengthKilometres``).
    public var distanceKilometres: Double
    /// Creates a snap record.
    public init(requested: Coordinate, snapped: Coordinate, distanceKilometres: Double) {
      self.requested = requested
      self.snapped = snapped
      self.distanceKilometres = distanceKilometres
    }
  }

  /// The road one segment of the route (vertex `i` to `i + 1`) runs on.
  public struct Segment: Hashable, Sendable {
    /// The road number(s), `;`-separated; nil for unnumbered pieces such as ramps.
    public var ref: String?
    /// The road's class.
    public var roadClass: RoadClass
    /// The street's name (city streets), nil for a road known only by its number.
    public var name: String?
    /// Creates a segment record.
    public init(ref: String?, roadClass: RoadClass, name: String? = nil) {
      self.ref = ref
      self.roadClass = roadClass
      self.name = name
    }
  }

  /// The vertices in driving order.
  public var polyline: Polyline
  /// Distance driven from the start to each vertex, in kilometres (same count as the polyline).
  public var cumulativeKilometres: [Double]
  /// Driving time from the start to each vertex, in seconds (same count as the polyline).
  public var cumulativeSeconds: [Double]
  /// Consecutive stretches of numbered roads, merged across unnumbered ramps between them.
  public var sections: [RoadSection]
  /// The road of every segment (one fewer than the vertices); empty for routes not made by a
  /// ``RoadNetwork``.
  public var segments: [Segment] = []
  /// How many network roads meet at every vertex (2 on a plain road, 3 or more at a junction);
  /// empty for routes not made by a ``RoadNetwork``.
  public var junctionDegrees: [Int] = []
  /// How the origin was attached to the network.
  public var originSnap: Snap?
  /// How the destination was attached to the network.
  public var destinationSnap: Snap?

  /// Creates a route; the cumulative arrays must have one entry per polyline vertex.
  public init(
    polyline: Polyline, cumulativeKilometres: [Double], cumulativeSeconds: [Double],
    sections: [RoadSection], originSnap: Snap? = nil, destinationSnap: Snap? = nil
  ) {
    self.polyline = polyline
    self.cumulativeKilometres = cumulativeKilometres
    self.cumulativeSeconds = cumulativeSeconds
    self.sections = sections
    self.originSnap = originSnap
    self.destinationSnap = destinationSnap
  }

  /// The driven length along the network in kilometres, from snapped start to snapped end.
  public var lengthKilometres: Double { cumulativeKilometres.last ?? 0 }

  /// The driving time in seconds at the road classes' assumed speeds.
  public var durationSeconds: Double { cumulativeSeconds.last ?? 0 }

  /// The driving time in minutes.
  public var durationMinutes: Double { durationSeconds / 60 }

  /// Sections shorter than this are left out of ``refs``: it is the rule the basemap's reference
  /// routes use for their `via` list ("road numbers used for more than 8 km").
  public static let majorSectionKilometres = 8.0

  /// The road numbers used for more than ``majorSectionKilometres`` in a row, in driving order.
  public var refs: [String] {
    var result: [String] = []
    for section in sections where section.lengthKilometres > Self.majorSectionKilometres {
      if result.last != section.ref { result.append(section.ref) }
    }
    return result
  }
}
