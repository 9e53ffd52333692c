import CarSession
import Charging
import ChargingData
import Foundation
import Geo
import Pricing
import Routing
import StationFeeds
import StationIndex
import StationStore
import Synchronization
import TripPlanner
import WaysideData

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

  /// Whether the site is on one of the driver's networks: one of the driver's tariffs prices
  /// it and the tariff's provider runs it (the operator's name holds the provider's, `Mobility+`
  /// in `EnBW mobility+ AG und Co. KG`, letter case aside) — the tariff's own price, not a
  /// roaming one ("my networks" in Filters).
  public var isOnDriversNetwork: Bool {
    guard case .mine(let prices) = price else { return false }
    let operatorName = site.operatorName.lowercased()
    return prices.contains { !$0.provider.isEmpty && operatorName.contains($0.provider.lowercased()) }
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
  /// When given, only the sites holding one of these register rows ("free now": the rows with
  /// a fresh free charge point).
  public var onlyStations: Set<Station.ID>?

  /// Creates a query.
  public init(
    center: Coordinate, region: BoundingBox?, filter: ChargeFilter, limit: Int = 12,
    onlyStations: Set<Station.ID>? = nil
  ) {
    self.center = center
    self.region = region
    self.filter = filter
    self.limit = limit
    self.onlyStations = onlyStations
  }

  /// Without a region, sites farther than this from the car are not shown.
  public static let radiusKilometres = 50.0
}

/// A destination the Route tab offers.
public struct TripDestination: Hashable, Sendable, Codable {
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
///
/// The rows are grouped into sites once (``SiteCatalog``, on the first query unless given), and
/// prices are remembered per priced row, tariff selection and session, so a refresh that finds
/// the sites it found before only looks them up. Copies share the sites and the prices.
public struct ChargeSearch: Sendable {
  /// The stations.
  public let index: StationIndex
  /// The pricing.
  public let pricing: SitePricing
  private let catalog: LoadOnce<SiteCatalog, Never>
  private let matcher: LoadOnce<LiveStatusMatcher, Never>
  private let prices = PriceCache()

  /// Creates the search; the index's rows are grouped into sites on the first query.
  public init(index: StationIndex, pricing: SitePricing) {
    self.index = index
    self.pricing = pricing
    self.catalog = LoadOnce { SiteCatalog(index: index) }
    self.matcher = LoadOnce { LiveStatusMatcher(index: index) }
  }

  /// Creates the search over sites already grouped from `index`'s rows.
  public init(index: StationIndex, sites: SiteCatalog, pricing: SitePricing) {
    self.index = index
    self.pricing = pricing
    self.catalog = LoadOnce(value: sites)
    self.matcher = LoadOnce { LiveStatusMatcher(index: index) }
  }

  /// The matcher that attaches live-status records to the index's rows, built on first use.
  public var liveMatcher: LiveStatusMatcher { matcher.get() }

  /// The index's rows grouped into sites.
  public var siteCatalog: SiteCatalog { catalog.get() }

  /// Forgets every remembered price: the next queries price afresh (the prices of the same
  /// catalogue, selection and session never change, so this only matters to measurements).
  public func forgetPrices() { prices.removeAll() }

  /// Register rows fetched per site wanted: enough that the rows found usually cover the sites
  /// asked for; when they do not, the query is repeated with four times as many rows.
  public static let rowsPerSite = 4

  /// The best sites for `query`, nearest first, priced for `setup` at `start`.
  ///
  /// The index answers the rows nearest the centre that match the filter (inside the region
  /// when there is one); each row is looked up in the ``SiteCatalog`` and a site is placed at
  /// its nearest matching row. A site shows its rows that match the filter (all of them with no
  /// filter). With *known price only*, three times as many sites are priced and the unpriced
  /// dropped.
  public func sites(_ query: SiteQuery, setup: DriverSetup, start: Date) -> [PricedSite] {
    guard let vehicle = setup.vehicle, query.limit > 0 else { return [] }
    let catalog = catalog.get()
    var favourites = setup.favourites
    if query.filter.favouritesOnly {
      // A favourite is a site: every row of a favourite site matches.
      favourites = Self.wholeSites(setup.favourites, in: catalog)
    }
    var filter = query.filter.stationFilter(favourites: favourites, vehicle: vehicle)
    if let only = query.onlyStations {
      // A free charge point makes its whole site free now: every row of the site matches.
      let rows = Self.wholeSites(only, in: catalog)
      filter.favourites = filter.favourites.map { $0.intersection(rows) } ?? rows
    }
    // Sites are priced before the price conditions apply: with *known price only* three times as
    // many, with *my networks* ten times (the driver's networks run a few of the sites around:
    // near Kassel EnBW's first site is the 38th nearest charger).
    let wanted =
      query.filter.myNetworksOnly
      ? query.limit * 10 : query.filter.knownPriceOnly ? query.limit * 3 : query.limit
    let radius: Double
    if let region = query.region {
      radius =
        max(
          GreatCircle.distanceKilometres(query.center, region.minimum),
          GreatCircle.distanceKilometres(query.center, region.maximum)) + 0.01
    } else {
      radius = SiteQuery.radiusKilometres
    }
    var found: [(site: Int32, distance: Double)] = []
    var rowLimit = wanted * Self.rowsPerSite
    for _ in 0..<6 {
      let matches = index.nearest(
        to: query.center, limit: rowLimit, withinKilometres: radius, filter: filter)
      found.removeAll(keepingCapacity: true)
      var seen = Set<Int32>(minimumCapacity: wanted)
      let ids = matches.ids
      for k in ids.indices {
        guard let place = catalog.place(of: ids[k]) else { continue }
        if let region = query.region {
          let row = catalog.site(at: Int(place.site)).stations[Int(place.member)]
          if !region.contains(row.coordinate) { continue }
        }
        if seen.insert(place.site).inserted {
          found.append((place.site, matches.distanceKilometres(at: k)))
          if found.count == wanted { break }
        }
      }
      if found.count >= wanted || matches.count < rowLimit { break }
      rowLimit *= 4
    }
    let everything = filter == StationFilter.none
    let sites = found.map { hit -> ChargeSite in
      var site = catalog.site(at: Int(hit.site))
      if !everything {
        let matching = site.stations.filter(filter.matches)
        if matching.count != site.stations.count {
          let id = site.id
          site = ChargeSite(stations: matching, distanceKilometres: 0)
          site.id = id
        }
      }
      site.distanceKilometres = hit.distance
      return site
    }
    var priced = zip(sites, price(sites, setup: setup, vehicle: vehicle, start: start)).map {
      PricedSite(site: $0, price: $1)
    }
    if query.filter.knownPriceOnly { priced.removeAll { $0.price.best == nil } }
    if query.filter.myNetworksOnly { priced.removeAll { !$0.isOnDriversNetwork } }
    return Array(priced.prefix(query.limit))
  }

  /// The rows of every site holding one of `ids`.
  static func wholeSites(_ ids: Set<Station.ID>, in catalog: SiteCatalog) -> Set<Station.ID> {
    var rows = ids
    for id in ids {
      if let site = catalog.site(containing: id) { rows.formUnion(site.stations.map(\.id)) }
    }
    return rows
  }

  /// The sites' prices: remembered ones looked up, the others worked out and remembered.
  private func price(
    _ sites: [ChargeSite], setup: DriverSetup, vehicle: VehicleProfile, start: Date
  ) -> [SitePrice] {
    let assumption = SitePricing.assumption(vehicle: vehicle, start: start)
    let selection = prices.selection(
      PriceCache.Selection(tariffs: setup.tariffIDs, assumption: assumption))
    let keys = sites.map {
      PriceCache.Key(station: $0.representative?.id ?? $0.id, selection: selection)
    }
    var result = prices.values(keys)
    let missing = result.indices.filter { result[$0] == nil }
    guard !missing.isEmpty else { return result.compactMap { $0 } }
    let fresh = pricing.price(
      missing.map { sites[$0] }, tariffIDs: setup.tariffIDs, vehicle: vehicle, start: start)
    var stored: [(PriceCache.Key, SitePrice)] = []
    for (i, price) in zip(missing, fresh) {
      result[i] = price
      stored.append((keys[i], price))
    }
    prices.store(stored)
    return result.map { $0 ?? .unknown("the site could not be priced") }
  }

  /// The driver's favourite sites, nearest `center` first, priced: each favourite id finds its
  /// whole site (a favourite is saved under its site's id, and an id of any of its rows finds
  /// it too).
  public func favourites(
    _ ids: Set<Station.ID>, near center: Coordinate, setup: DriverSetup, start: Date, limit: Int
  ) -> [PricedSite] {
    guard !ids.isEmpty, limit > 0, let vehicle = setup.vehicle else { return [] }
    let catalog = catalog.get()
    var seen = Set<Station.ID>()
    var sites: [ChargeSite] = []
    for id in ids {
      guard var site = catalog.site(containing: id), seen.insert(site.id).inserted else {
        continue
      }
      site.distanceKilometres =
        site.stations.map {
          GreatCircle.distanceKilometres(center, $0.coordinate)
        }.min() ?? 0
      sites.append(site)
    }
    sites.sort {
      $0.distanceKilometres != $1.distanceKilometres
        ? $0.distanceKilometres < $1.distanceKilometres : $0.id < $1.id
    }
    sites = Array(sites.prefix(limit))
    return zip(sites, price(sites, setup: setup, vehicle: vehicle, start: start)).map {
      PricedSite(site: $0, price: $1)
    }
  }
}

/// The charging app's services, one entry of the session's dependency container
/// (``ChargingServicesKey``, read by effects as `clients.charging`).
///
/// The data-source switch replaces only the Charge tab's ``sites`` (``SwitchableClient``): the
/// container hands effects services whose sites are empty or fail.
public struct ChargingServices: SwitchableClient {
  /// The source's name for messages and the attribution.
  public var sourceName: String
  /// The Charge-tab search.
  public var search: @Sendable () async throws -> ChargeSearch
  /// The driver's tariffs, car and favourites.
  public var driver: DriverDataClient
  /// The Route tab's destinations from the basemap (the largest towns).
  public var cities: @Sendable () async throws -> [TripDestination]
  /// Plans a trip.
  public var plan: @Sendable (TripRequest) async throws -> TripSummary
  /// Wall-clock time for prices (tariffs differ by time of day); fixed in tests.
  public var now: @Sendable () -> Date
  /// Live status from a polled feed (the local feed server in the simulator, a configured
  /// national-access-point feed in the app); nothing is published to it by default.
  public var live = LiveStatusHub()
  /// The Charge tab's sites: through ``search`` (as it is when asked) unless set otherwise.
  public var sites: ChargeSitesClient {
    get {
      if let setSites { return setSites }
      let search = self.search
      return ChargeSitesClient(name: sourceName) { query, setup, start in
        try await search().sites(query, setup: setup, start: start)
      }
    }
    set { setSites = newValue }
  }
  private var setSites: ChargeSitesClient?

  /// Creates services.
  public init(
    sourceName: String, search: @escaping @Sendable () async throws -> ChargeSearch,
    driver: DriverDataClient, cities: @escaping @Sendable () async throws -> [TripDestination],
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

  /// These services with a Charge tab that finds no sites.
  public var empty: ChargingServices {
    var services = self
    services.sites = sites.empty
    return services
  }

  /// These services with a Charge tab whose every query fails with `reason`.
  public func failing(_ reason: String) -> ChargingServices {
    var services = self
    services.sites = sites.failing(reason)
    return services
  }

  /// The bundled German set, the bundled tariffs, roads and towns, and the driver's setup from
  /// `driver` (by default an empty setup of these services' own); `now` is the price clock.
  public static func bundled(
    driver: DriverDataClient = .memory(DriverSetupBox()),
    now: @escaping @Sendable () -> Date = { Date() },
    live: LiveStatusHub = LiveStatusHub()
  ) -> ChargingServices {
    var services = ChargingServices(
      sourceName: "BNetzA Ladesäulenregister (2022-01-01 + 2026-01-28), CC BY 4.0",
      search: { try await BundledSearch.shared() },
      driver: driver,
      cities: { try await BundledCities.largest() },
      plan: { try await TripService.plan($0) },
      now: now)
    services.live = live
    return services
  }

  /// How many towns the Route tab offers.
  public static let cityCount = 12
}

/// The Charge-tab search over the bundled set and tariffs, made once per process: the rows are
/// grouped into sites on a thread of its own (a CPU-bound build must not hold one of the
/// cooperative pool's threads), and every load shares the sites and the remembered prices.
enum BundledSearch {
  private static let made = LoadOnce(asynchronous: { () async throws -> ChargeSearch in
    let set = try await BundledStationSet.shared()
    let quoter = try await BundledTariffs.quoter()
    let sites = await onOwnThread { bundledSites(set.index) }
    return ChargeSearch(index: set.index, sites: sites, pricing: SitePricing(quoter: quoter))
  })

  static func shared() async throws -> ChargeSearch { try await made.value() }

  /// The bundled set's sites from their image in the cache folder (written there on the first
  /// start), so a start decodes only the stations it shows.
  static func bundledSites(_ index: StationIndex) -> SiteCatalog {
    guard let snapshotKey = try? BundledStationSet.snapshotKey() else {
      return SiteCatalog(index: index)
    }
    let cache = BundledData.cacheDirectory()
    // The first start built the index from the imported files and wrote the snapshot: the site
    // image refers to the snapshot's rows, so it is made over the snapshot just written (sites
    // are looked up by row id, so the search's own index serves the queries either way).
    var rows = index
    if index.stationSource == nil,
      let written = try? StationSnapshot.open(
        cache.appendingPathComponent(BundledStationSet.snapshotFileName), key: snapshotKey)
    {
      rows = written
    }
    return SiteCatalogImage.catalog(
      of: rows,
      at: cache.appendingPathComponent("bundled-sites.image"),
      key: SiteCatalogImage.key(snapshotKey: snapshotKey),
      warn: { FileHandle.standardError.write(Data("warning: \($0)\n".utf8)) })
  }

  /// Runs `work` on a thread of its own and suspends until it is done.
  static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: work()) }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }
}

/// The basemap's largest towns, for the Route tab.
///
/// Only the towns are read: the road network is built when a route is first planned, not while
/// the app's first screen loads (it would take a core from the Charge tab's search).
enum BundledCities {
  static func largest() async throws -> [TripDestination] {
    let places: PlaceDirectory
    do { places = try await PlaceDirectory.bundled() } catch {
      throw BundledDataLoadError(what: "the bundled towns", reason: "\(error)")
    }
    return places.places.sorted { ($0.population, $1.name) > ($1.population, $0.name) }
      .prefix(ChargingServices.cityCount)
      .map { TripDestination(name: $0.name, coordinate: $0.coordinate) }
  }
}

/// The Charge tab's sites for a query, the driver's setup and a start minute: the one data
/// client the data-source switch replaces (``ChargingServices/failing(_:)``).
public struct ChargeSitesClient: SwitchableClient {
  /// The source's name for messages.
  public var name: String
  /// The sites, priced for the driver, best first.
  public var sites: @Sendable (SiteQuery, DriverSetup, Date) async throws -> [PricedSite]

  /// Creates a client.
  public init(
    name: String,
    sites: @escaping @Sendable (SiteQuery, DriverSetup, Date) async throws -> [PricedSite]
  ) {
    self.name = name
    self.sites = sites
  }

  /// A client that finds no sites.
  public var empty: ChargeSitesClient { ChargeSitesClient(name: name) { _, _, _ in [] } }

  /// A client that fails every query, naming the source, the query's centre and `reason`.
  public func failing(_ reason: String) -> ChargeSitesClient {
    let name = self.name
    return ChargeSitesClient(name: name) { query, _, _ in
      throw DataSourceError(source: name, query: "chargers near \(query.center)", reason: reason)
    }
  }
}

/// The charging app's entry in the dependency container: the bundled data live and in
/// journeys, each container with a driver setup and live-status hub of its own; a test sets its
/// own with ``ChargingApp/init(services:)`` or the container's overrides.
public enum ChargingServicesKey: CarDependencyKey {
  /// The bundled data with a fresh in-memory driver setup (made once per container).
  public static var liveValue: ChargingServices { .bundled() }
}

extension CarClients {
  /// The charging app's services, as the data-source switch leaves them.
  public var charging: ChargingServices { self[ChargingServicesKey.self] }
}
