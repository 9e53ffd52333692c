import Geo
import WaysideData
import Synchronization

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

/// How the app's data sources behave, switchable at run time: as they are, answering with
/// nothing, or failing. Journeys (`data normal|empty|fail`) and the web simulator's side panel
/// set it, so the empty and error templates can be seen without a broken network.
public enum DataSourceMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Answers come from the source itself.
  case normal
  /// Every query answers with no places.
  case empty
  /// Every query throws ``DataSourceError``.
  case failing = "fail"

  /// Parses `normal`, `empty`, `fail` or `failing`; nil for anything else.
  public init?(parsing text: String) {
    switch text {
    case "normal": self = .normal
    case "empty": self = .empty
    case "fail", "failing": self = .failing
    default: return nil
    }
  }

  /// The word journeys and the panel use: `normal`, `empty` or `fail`.
  public var description: String { rawValue }
}

/// The data-source mode shared between whoever sets it (a journey, the web simulator) and the
/// clients that read it on every query.
public final class DataSourceModeBox: Sendable {
  private let value: Mutex<DataSourceMode>

  /// Creates a box holding `mode`.
  public init(_ mode: DataSourceMode = .normal) { value = Mutex(mode) }

  /// The current mode. Setting it tells nobody: apps see it on their next load (a journey's
  /// `data` step).
  public var mode: DataSourceMode {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }

  /// Switches announced with ``switchAndAnnounce(_:)``: the web simulator's Empty/Fail switch,
  /// which an app may answer at once by loading again.
  public let switches = ClientEvents<DataSourceMode>()

  /// Sets the mode and announces the switch to ``switches``.
  public func switchAndAnnounce(_ mode: DataSourceMode) {
    self.mode = mode
    switches.send(mode)
  }
}

/// A data source could not answer a query.
public struct DataSourceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The source, e.g. `bundled fast chargers (Kassel, 2026-01-28)`.
  public var source: String
  /// The query that failed, in its text form.
  public var query: String
  /// Why it failed.
  public var reason: String

  /// Creates an error.
  public init(source: String, query: String, reason: String) {
    self.source = source
    self.query = query
    self.reason = reason
  }

  /// `cannot load places near … from SOURCE: REASON`.
  public var description: String { "cannot load places \(query) from \(source): \(reason)" }
}

/// Places near a coordinate from a data source, behind a seam (DESIGN.md principle 7): a bundled
/// file, a store or a network service in the app, a fixed list in tests.
///
/// The element type is the app's own (a `Station` in the charging app, a small value in a demo),
/// so the kit does not depend on any domain. Apps keep the client in their app value and query it
/// from a `run` effect through ``governed(by:)`` with ``CarClients/dataSource``, so journeys and
/// the web simulator can make it return nothing or fail.
public struct PlacesClient<Place: Sendable>: Sendable {
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

  /// This client under a run-time mode read on every query: `normal` asks the source, `empty`
  /// answers with no places, `failing` throws a ``DataSourceError``.
  public func governed(by box: DataSourceModeBox) -> PlacesClient {
    let source = self
    return PlacesClient(name: name) { query in
      switch box.mode {
      case .normal: return try await source.near(query)
      case .empty: return []
      case .failing:
        throw DataSourceError(
          source: source.name, query: query.description,
          reason: "the data source is set to fail")
      }
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
