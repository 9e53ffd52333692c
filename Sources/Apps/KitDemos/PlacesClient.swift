import CarSession
import Geo
import WaysideData

/// What an app asks a places data source: the places nearest a coordinate, inside the visible
/// map region when there is one, else within a radius.
public struct PlacesQuery: Hashable, Sendable, CustomStringConvertible {
  /// Where distances are measured from: the car's position or the visible region's centre.
  public var center: Coordinate
  /// The visible map region; only places inside it are returned. Nil when the driver has not
  /// moved the map, then ``radiusKilometres`` bounds the search.
  public var region: BoundingBox?
  /// The search radius around ``center`` when there is no region.
  public var radiusKilometres: Double
  /// The most places to return, nearest first.
  public var limit: Int

  /// Creates a query.
  public init(
    center: Coordinate, region: BoundingBox? = nil, radiusKilometres: Double = 25, limit: Int
  ) {
    self.center = center
    self.region = region
    self.radiusKilometres = radiusKilometres
    self.limit = limit
  }

  /// `near 51.3127,9.4797 within 25 km, at most 12` or `… in 51.2,9.3…51.4,9.6 …`.
  public var description: String {
    let area =
      region.map { "in \($0.minimum)…\($0.maximum)" } ?? "within \(Int(radiusKilometres)) km"
    return "near \(center) \(area), at most \(limit)"
  }
}

/// Places near a coordinate from a data source, behind a seam (DESIGN.md principle 7): a bundled
/// file, a store or a network service in the app, a fixed list in tests.
///
/// The element type is the demo's own (a `Station` in the places demo). A demo keeps the client
/// in its app value and queries it from a `run` effect through `CarClients.installed(_:)`: the
/// kit hands out its empty or failing value when the data-source switch (a journey's
/// `data empty|fail`, the web simulator's panel) says so, and the demo never reads the switch.
public struct PlacesClient<Place: Sendable>: SwitchableClient {
  /// The source's name for messages, e.g. `bundled fast chargers (Kassel, 2026-01-28)`.
  public var name: String
  /// The places answering a query, nearest first, at most `query.limit`.
  public var near: @Sendable (PlacesQuery) async throws -> [Place]

  /// Creates a client.
  public init(name: String, near: @escaping @Sendable (PlacesQuery) async throws -> [Place]) {
    self.name = name
    self.near = near
  }

  /// A client over places held in memory, loaded once by `load` on first use (a load error is
  /// thrown from every query, as a ``DataSourceError`` naming the source).
  public static func inMemory(
    name: String, coordinate: @escaping @Sendable (Place) -> Coordinate,
    load: @escaping @Sendable () throws -> [Place]
  ) -> PlacesClient {
    let cache = LoadOnce(retryingFailures: true, load)
    return PlacesClient(name: name) { query in
      let places: [Place]
      do {
        places = try await cache.value()
      } catch {
        throw DataSourceError(source: name, query: query.description, reason: "\(error)")
      }
      return nearest(places, to: query, coordinate: coordinate)
    }
  }

  /// A client answering every query from `places` (a test value).
  public static func fixed(
    _ places: [Place], name: String = "fixed places",
    coordinate: @escaping @Sendable (Place) -> Coordinate
  ) -> PlacesClient {
    inMemory(name: name, coordinate: coordinate, load: { places })
  }

  /// A client whose every query fails with `reason` (a test value, and the value for an app
  /// without a configured source).
  public static func unavailable(_ reason: String, name: String = "no data source")
    -> PlacesClient
  {
    PlacesClient(name: name) { query in
      throw DataSourceError(source: name, query: query.description, reason: reason)
    }
  }

  /// The places answering `query`: inside its region (or within its radius of the centre),
  /// nearest the centre first, at most `query.limit`. O(n log n) for n places.
  public static func nearest(
    _ places: [Place], to query: PlacesQuery, coordinate: (Place) -> Coordinate
  ) -> [Place] {
    guard query.limit > 0 else { return [] }
    let measured = places.compactMap { place -> (Place, Double)? in
      let position = coordinate(place)
      let distance = GreatCircle.distanceKilometres(query.center, position)
      if let region = query.region {
        guard region.contains(position) else { return nil }
      } else {
        guard distance <= query.radiusKilometres else { return nil }
      }
      return (place, distance)
    }
    return measured.sorted { $0.1 < $1.1 }.prefix(query.limit).map(\.0)
  }
}

extension PlacesClient {
  /// A client answering every query with no places (the switch's Empty).
  public var empty: PlacesClient { PlacesClient(name: name) { _ in [] } }

  /// A client whose every query fails with a ``DataSourceError`` naming this source and
  /// `reason` (the switch's Fail).
  public func failing(_ reason: String) -> PlacesClient {
    let name = self.name
    return PlacesClient(name: name) { query in
      throw DataSourceError(source: name, query: query.description, reason: reason)
    }
  }
}
