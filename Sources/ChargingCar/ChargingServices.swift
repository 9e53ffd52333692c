import CarSession
import Charging
import ChargingData
import Foundation
import Geo
import Pricing
import Routing
import StationIndex
import TripPlanner

/// A charging site with its price for the driver.
public struct PricedSite: Hashable, Sendable, Identifiable {
  /// The site.
  public var site: ChargeSite
  /// What it costs the driver.
  public var price: SitePrice

  /// Creates the value.
  public init(site: ChargeSite, price: SitePrice) {
    self.site = site
    self.price = price
  }

  /// The site's id.
  public var id: Station.ID { site.id }
}

/// What the Charge tab asks for: the best sites for the filter around a point or inside the
/// visible region.
public struct SiteQuery: Hashable, Sendable {
  /// Where distances are measured from (the car, or the region's centre).
  public var center: Coordinate
  /// The visible map region, once the driver has moved the map.
  public var region: BoundingBox?
  /// The driver's filter.
  public var filter: ChargeFilter
  /// How many sites at most (the POI template shows 12).
  public var limit: Int

  /// Creates a query.
  public init(center: Coordinate, region: BoundingBox?, filter: ChargeFilter, limit: Int = 12) {
    self.center = center
    self.region = region
    self.filter = filter
    self.limit = limit
  }

  /// Without a region, sites farther than this from the car are not shown.
  public static let radiusKilometres = 50.0
}

/// A destination the Route tab offers.
public struct Destination: Hashable, Sendable, Codable {
  /// The name shown, e.g. `Bremen`.
  public var name: String
  /// Where it is.
  public var coordinate: Coordinate

  /// Creates a destination.
  public init(name: String, coordinate: Coordinate) {
    self.name = name
    self.coordinate = coordinate
  }
}

/// The Charge-tab search over a station index: query, group into sites, price, filter by price.
public struct ChargeSearch: Sendable {
  /// The stations.
  public let index: StationIndex
  /// The pricing.
  public let pricing: SitePricing

  /// Creates the search.
  public init(index: StationIndex, pricing: SitePricing) {
    self.index = index
    self.pricing = pricing
  }

  /// Register rows fetched per site wanted: enough that grouping rows into sites still yields
  /// the sites asked for.
  public static let rowsPerSite = 4

  /// The best sites for `query`, nearest first, priced for `setup` at `start`.
  ///
  /// The index answers the rows nearest the centre that match the filter (inside the region
  /// when there is one); rows at one place become one site (``ChargeSite/group(_:limit:)``);
  /// with *known price only*, three times as many sites are priced and the unpriced dropped.
  public func sites(_ query: SiteQuery, setup: DriverSetup, start: Date) -> [PricedSite] {
    guard let vehicle = setup.vehicle else { return [] }
    let filter = query.filter.stationFilter(favourites: setup.favourites)
    let wanted = query.filter.knownPriceOnly ? query.limit * 3 : query.limit
    let radius: Double
    if let region = query.region {
      radius =
        max(
          GreatCircle.distanceKilometres(query.center, region.minimum),
          GreatCircle.distanceKilometres(query.center, region.maximum)) + 0.01
    } else {
      radius = SiteQuery.radiusKilometres
    }
    let matches = index.nearest(
      to: query.center, limit: wanted * Self.rowsPerSite, withinKilometres: radius,
      filter: filter)
    var rows: [(station: Station, distance: Double)] = []
    rows.reserveCapacity(matches.count)
    for match in matches {
      if let region = query.region, !region.contains(match.station.coordinate) { continue }
      rows.append((match.station, match.distanceKilometres))
    }
    let sites = ChargeSite.group(rows, limit: wanted)
    let prices = pricing.price(
      sites, tariffIDs: setup.tariffIDs, vehicle: vehicle, start: start)
    var priced = zip(sites, prices).map { PricedSite(site: $0, price: $1) }
    if query.filter.knownPriceOnly { priced.removeAll { $0.price.best == nil } }
    return Array(priced.prefix(query.limit))
  }

  /// The driver's favourites, nearest `center` first, priced.
  public func favourites(
    _ ids: Set<Station.ID>, near center: Coordinate, setup: DriverSetup, start: Date, limit: Int
  ) -> [PricedSite] {
    guard !ids.isEmpty, let vehicle = setup.vehicle else { return [] }
    let matches = index.nearest(
      to: center, limit: ids.count, filter: StationFilter(favourites: ids))
    let sites = matches.map {
      ChargeSite(stations: [$0.station], distanceKilometres: $0.distanceKilometres)
    }.prefix(limit)
    let prices = pricing.price(
      Array(sites), tariffIDs: setup.tariffIDs, vehicle: vehicle, start: start)
    return zip(sites, prices).map { PricedSite(site: $0, price: $1) }
  }
}

/// The app's own data seams (the kit's ``CarSession/CarClients`` carry time and location).
public struct ChargingServices: Sendable {
  /// The source's name for messages and the attribution.
  public var sourceName: String
  /// The Charge-tab search.
  public var search: @Sendable () async throws -> ChargeSearch
  /// The driver's tariffs, car and favourites.
  public var driver: DriverDataClient
  /// The Route tab's destinations from the basemap (the largest towns).
  public var cities: @Sendable () async throws -> [Destination]
  /// Plans a trip.
  public var plan: @Sendable (TripRequest) async throws -> TripSummary
  /// Wall-clock time for prices (tariffs differ by time of day); fixed in tests.
  public var now: @Sendable () -> Date

  /// Creates services.
  public init(
    sourceName: String, search: @escaping @Sendable () async throws -> ChargeSearch,
    driver: DriverDataClient, cities: @escaping @Sendable () async throws -> [Destination],
    plan: @escaping @Sendable (TripRequest) async throws -> TripSummary,
    now: @escaping @Sendable () -> Date
  ) {
    self.sourceName = sourceName
    self.search = search
    self.driver = driver
    self.cities = cities
    self.plan = plan
    self.now = now
  }

  /// The bundled German set, the bundled tariffs, roads and towns, and the driver's setup from
  /// `driver`; `now` is the price clock.
  public static func bundled(
    driver: DriverDataClient = .memory(.shared), now: @escaping @Sendable () -> Date = { Date() }
  ) -> ChargingServices {
    ChargingServices(
      sourceName: "BNetzA Ladesäulenregister (2022-01-01 + 2026-01-28), CC BY 4.0",
      search: {
        let set = try await BundledStationSet.shared()
        let quoter = try await BundledTariffs.quoter()
        return ChargeSearch(index: set.index, pricing: SitePricing(quoter: quoter))
      },
      driver: driver,
      cities: { try await BundledCities.largest() },
      plan: { try await TripService.plan($0) },
      now: now)
  }

  /// How many towns the Route tab offers.
  public static let cityCount = 12
}

/// The basemap's largest towns, for the Route tab.
enum BundledCities {
  static func largest() async throws -> [Destination] {
    let roads = try await BundledRoads.shared()
    return roads.places.places.sorted { ($0.population, $1.name) > ($1.population, $0.name) }
      .prefix(ChargingServices.cityCount)
      .map { Destination(name: $0.name, coordinate: $0.coordinate) }
  }
}
