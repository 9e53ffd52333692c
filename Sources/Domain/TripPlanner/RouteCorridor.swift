import Charging
import Geo
import Routing
import StationIndex

/// A charging site placed along a route: how far along, and how far off it.
public struct CorridorStation: Hashable, Sendable {
  /// The site.
  public var site: PlannerSite
  /// Distance along the route to the point nearest the site, km.
  public var kilometresAlongRoute: Double
  /// Straight-line distance from the route to the site, km.
  public var offRouteKilometres: Double

  /// Creates a corridor station.
  public init(site: PlannerSite, kilometresAlongRoute: Double, offRouteKilometres: Double) {
    self.site = site
    self.kilometresAlongRoute = kilometresAlongRoute
    self.offRouteKilometres = offRouteKilometres
  }
}

/// Finds the stations within a corridor of a route, each with its position along the route.
///
/// ``IndexedCorridor`` answers it with the spatial index (exact great-circle distances); a
/// MapKit-based app or a test can plug in another source. ``SiteListCorridor`` is a
/// self-contained grid scan over a plain list, kept as the baseline the index is measured
/// against.
public protocol CorridorStationSource: Sendable {
  /// Stations within `widthKilometres` of `route`, sorted by ``CorridorStation/kilometresAlongRoute``.
  func stations(along route: Route, withinKilometres widthKilometres: Double) -> [CorridorStation]
}

/// The corridor query of a ``StationIndex`` (Guides/StationIndex.md): exact point-to-segment
/// great-circle distances, stations ordered by kilometres along the route.
///
/// Stations whose power is unknown are left out: the planner cannot time a charge there.
public struct IndexedCorridor: CorridorStationSource {
  /// The index searched.
  public let index: StationIndex
  /// Applied inside the index query, e.g. a minimum power.
  public let filter: StationFilter

  /// Creates the source; `filter` narrows the index query (no filter by default).
  public init(index: StationIndex, filter: StationFilter = .none) {
    self.index = index
    self.filter = filter
  }

  /// Creates the source over `stations`, building the index.
  public init(stations: [Station], filter: StationFilter = .none) {
    self.init(index: StationIndex(stations), filter: filter)
  }

  /// See ``CorridorStationSource/stations(along:withinKilometres:)``.
  public func stations(along route: Route, withinKilometres widthKilometres: Double)
    -> [CorridorStation]
  {
    index.stations(
      along: route.polyline, withinKilometres: widthKilometres, filter: filter,
      order: .alongRoute
    ).compactMap { match in
      guard let site = PlannerSite(station: match.station), let position = match.route else {
        return nil
      }
      return CorridorStation(
        site: site, kilometresAlongRoute: position.kilometresAlongRoute,
        offRouteKilometres: position.offsetKilometres)
    }
  }
}

/// A corridor query over a plain list of sites: route segments are bucketed into a grid of
/// 0.1° cells, and each site is measured only against the segments of its own cell
/// (ev-domain.md §6.5, with a flat local projection for point-to-segment distances).
///
/// The benchmark's baseline for ``IndexedCorridor``; plans use the index.
public struct SiteListCorridor: CorridorStationSource {
  /// The sites searched.
  public let sites: [PlannerSite]

  /// Creates the source.
  public init(sites: [PlannerSite]) { self.sites = sites }

  private static let cellDegrees = 0.1

  private struct Cell: Hashable {
    var row: Int
    var column: Int
  }

  /// See ``CorridorStationSource/stations(along:withinKilometres:)``.
  public func stations(along route: Route, withinKilometres widthKilometres: Double)
    -> [CorridorStation]
  {
    let points = route.polyline.coordinates
    guard points.count >= 2 else { return [] }
    var grid: [Cell: [Int]] = [:]
    let dLat = widthKilometres / 111.32
    for i in 0..<(points.count - 1) {
      let a = points[i]
      let b = points[i + 1]
      let dLon =
        widthKilometres / (111.32 * max(0.2, GeoMath.cosDegrees(max(a.latitude, b.latitude))))
      let rows =
        Self.index(
          min(a.latitude, b.latitude) - dLat)...Self.index(max(a.latitude, b.latitude) + dLat)
      let columns =
        Self.index(
          min(a.longitude, b.longitude) - dLon)...Self.index(max(a.longitude, b.longitude) + dLon)
      for row in rows {
        for column in columns { grid[Cell(row: row, column: column), default: []].append(i) }
      }
    }
    var result: [CorridorStation] = []
    for site in sites {
      let c = site.coordinate
      guard let segments = grid[Cell(row: Self.index(c.latitude), column: Self.index(c.longitude))]
      else { continue }
      var best = Double.infinity
      var along = 0.0
      let kx = 111.32 * GeoMath.cosDegrees(c.latitude)
      let ky = 110.574
      for i in segments {
        let a = points[i]
        let b = points[i + 1]
        let ax = (a.longitude - c.longitude) * kx
        let ay = (a.latitude - c.latitude) * ky
        let bx = (b.longitude - c.longitude) * kx
        let by = (b.latitude - c.latitude) * ky
        let dx = bx - ax
        let dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
        let px = ax + t * dx
        let py = ay + t * dy
        let distance = (px * px + py * py).squareRoot()
        if distance < best {
          best = distance
          let segmentKilometres = route.cumulativeKilometres[i + 1] - route.cumulativeKilometres[i]
          along = route.cumulativeKilometres[i] + t * segmentKilometres
        }
      }
      if best <= widthKilometres {
        result.append(
          CorridorStation(site: site, kilometresAlongRoute: along, offRouteKilometres: best))
      }
    }
    result.sort { $0.kilometresAlongRoute < $1.kilometresAlongRoute }
    return result
  }

  private static func index(_ degrees: Double) -> Int {
    Int((degrees / cellDegrees).rounded(.down))
  }
}
