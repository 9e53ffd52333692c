/// The class of a road piece in the bundled basemap, which fixes its assumed travel speed (a
/// city's streets have their own, lower speeds: ``RoadNetwork/citySpeed(_:)``).
///
/// The speeds are the ones the basemap README (section 2, "Building a routing graph") used for its
/// reference routes, so our routes are comparable with `example_routes_dijkstra.geojson`. The data
/// has no speed limits, one-way rules or traffic; these are free-flow car speeds.
public enum RoadClass: String, CaseIterable, Sendable, Hashable, Codable {
  /// A numbered Autobahn carriageway (motorways file, `kind = motorway`): 120 km/h.
  case motorway
  /// A ramp or junction connector (motorways file, `kind = motorway_link`): 50 km/h.
  case motorwayLink = "motorway_link"
  /// A Bundesstraße built as a trunk road (federal file, `kind = trunk`): 90 km/h.
  case trunk
  /// A Bundesstraße of OSM class primary (federal file, `kind = primary`): 70 km/h.
  case primary
  /// A Bundesstraße of OSM class secondary (federal file, `kind = secondary`): 60 km/h.
  case secondary
  /// A city's tertiary road (street file, `class = tertiary`): 40 km/h.
  case tertiary
  /// A residential, unclassified or living street (street file): 30 km/h.
  case street

  /// The assumed travel speed in km/h.
  public var speedKilometresPerHour: Double {
    switch self {
    case .motorway: 120
    case .motorwayLink: 50
    case .trunk: 90
    case .primary: 70
    case .secondary: 60
    case .tertiary: 40
    case .street: 30
    }
  }

  /// The highest speed of any class, the bound the A* heuristic divides by.
  public static let maximumSpeedKilometresPerHour = 120.0
}
