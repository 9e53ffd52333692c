import CarSession
import Charging
import Foundation
import Pricing
import StationFeeds
import StationIndex
import WaysideData

extension ChargingApp {
  /// The registry entry: the flagship and the simulator's default app. Registering costs
  /// nothing: the station set, tariffs and roads load on the first query.
  ///
  /// Each session starts with a driver setup of its own, in memory, and a live-status hub of
  /// its own (journeys, lint and tests stay independent of any store, and two cars in one
  /// process never see each other's favourites or statuses), and its price clock reads
  /// ``journeyEpoch``, moving only with the session's clock: every run of a journey prices and
  /// dates the same. The simulator uses ``descriptor(driver:now:live:)`` over the store and the
  /// real time.
  public static let descriptor = AnyCarApp(
    "charging", summary: summary,
    app: {
      ChargingApp(
        services: .bundled(
          driver: .memory(DriverSetupBox()), now: { journeyEpoch }, live: LiveStatusHub()))
    },
    state: { State() }, samples: { sampleStates() })

  /// The moment journeys and tests of ``descriptor`` start at: 2026-03-19 09:00 CET, a
  /// Thursday (the sample states' date).
  public static let journeyEpoch = Date(timeIntervalSince1970: 1_773_907_200)

  private static let summary =
    "chargers on all of Germany with your prices, details, filters, favourites and a route"

  /// The registry entry with the driver's tariffs, vehicle and favourites from `driver`, e.g.
  /// ``DriverSetupStore/client`` over `user.sqlite`; `now` is the price clock; live status
  /// comes from `live` (the simulator's local feed, a configured feed's poller).
  public static func descriptor(
    driver: DriverDataClient, now: @escaping @Sendable () -> Date = { Date() },
    live: LiveStatusHub = LiveStatusHub()
  ) -> AnyCarApp {
    AnyCarApp(
      "charging", summary: summary,
      app: { ChargingApp(services: .bundled(driver: driver, now: now, live: live)) },
      state: { State() },
      samples: { sampleStates() })
  }

  /// Loaded, selected, detailed, filtered, empty, failed (with and without earlier results) and
  /// zoomed-out states over the bundled Kassel extract, for `wayside lint`.
  static func sampleStates() -> [State] {
    guard let search = try? kasselSearch() else { return [] }
    let start = Date(timeIntervalSince1970: 1_773_907_200)  // 2026-03-19 09:00 CET
    let sites = search.sites(
      SiteQuery(center: kasselCentre, region: nil, filter: ChargeFilter()), setup: DriverSetup(),
      start: start)
    var loaded = State(places: .loaded(sites))
    loaded.loadedCenter = kasselCentre
    loaded.connected = true
    var samples = [loaded]
    if let first = sites.first {
      var selected = loaded
      selected.selected = first.id
      samples.append(selected)
      var detailed = selected
      detailed.chargeDestination = .details(first)
      samples.append(detailed)
    }
    var filters = loaded
    filters.chargeDestination = .filters
    filters.filter = ChargeFilter(fastOnly: true, connectors: [.ccs])
    samples.append(filters)
    samples.append(State(places: .loaded([])))
    samples.append(State(places: .failed("the data source is set to fail", stale: sites)))
    samples.append(State(places: .failed("the data source is set to fail", stale: [])))
    samples.append(State(places: .zoomedOutTooFar))
    var favourites = loaded
    favourites.tab = .favourites
    favourites.favouriteSites = Array(sites.prefix(3))
    samples.append(favourites)
    return samples
  }

  /// A search over the bundled Kassel extract (quick to read; the app itself uses all of
  /// Germany).
  static func kasselSearch() throws -> ChargeSearch {
    let stations = try StationCatalog.loadBundled(.kassel50km).stations
    let catalog = try TariffCatalog.load(
      afir: try BundledData.data(.tariffsAFIR),
      ludwigsburgOCPI: try BundledData.data(.tariffsLudwigsburgOCPI),
      retail: try BundledData.data(.tariffsRetail))
    return ChargeSearch(
      index: StationIndex(stations), pricing: SitePricing(quoter: PriceQuoter(catalog: catalog)))
  }
}
