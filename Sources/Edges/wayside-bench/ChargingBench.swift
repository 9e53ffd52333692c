import CarSession
import CarTemplates
import Charging
import ChargingCar
import Foundation
import Geo
import Pricing
import StationFeeds
import StationIndex
import WaysideData

/// The charging app's Charge-tab refresh on the full German set (Guides/ChargingApp.md): from a
/// host event (the car moved past the refresh distance) to the operations the host receives —
/// the app's event mapping and reduce, the query of the station index, the rows' sites from the
/// site catalogue, pricing under the driver's 3 tariffs, the screen build and the reconciler's
/// diff against the screen shown.
///
/// Measured twice: driving the route again and again (sites seen before keep their remembered
/// prices — the periodic refresh and the drive back), and cold, with every remembered price
/// forgotten before each refresh (a road never driven). The baseline in the same run is the same
/// refresh the way the app did it before the site catalogue, which is the strongest alternative
/// at hand: the same k-d tree query for 4 rows per site, the rows grouped into sites per query
/// (``ChargingCar/ChargeSite/group(_:limit:)``) and every price worked out afresh; then the
/// same build and diff. The brute-force scan of every station is printed as well.
enum ChargingBench {
  /// One refresh's parts, summed over a measured loop.
  struct Parts {
    var query = Sample(wall: 0, cpu: 0)
    var build = Sample(wall: 0, cpu: 0)
    var diff = Sample(wall: 0, cpu: 0)
    var operations = 0
  }

  static func run(_ bench: Bench) throws {
    bench.section("Charging app (Charge-tab refresh, full German set)")
    let (loadSample, stations) = try Bench.measure { try StationCatalog.loadBundled().stations }
    let index = StationIndex(stations)
    let (groupSample, catalogue) = Bench.measure { SiteCatalog(index: index) }
    let catalog = try TariffCatalog.load(
      afir: try BundledData.data(.tariffsAFIR),
      ludwigsburgOCPI: try BundledData.data(.tariffsLudwigsburgOCPI),
      retail: try BundledData.data(.tariffsRetail))
    let pricing = SitePricing(quoter: PriceQuoter(catalog: catalog))
    let search = ChargeSearch(index: index, sites: catalogue, pricing: pricing)
    let start = OCPIDateTime.parse("2026-03-19T09:00:00+01:00") ?? Date()
    let services = ChargingServices(
      sourceName: "bench", search: { search }, driver: .memory(DriverSetupBox()),
      cities: { [] }, plan: { _ in throw CancellationError() }, now: { start })
    let app = ChargingApp(services: services)
    let configuration = SessionConfiguration(display: .standard)

    // Three tariffs that price sites along the drive (the ones the Kassel sites quote most).
    let tariffIDs = Self.threeTariffs(search, catalog: catalog, start: start)
    let setup = DriverSetup(tariffIDs: tariffIDs)

    // Kassel → Hannover on the A7 in 3 km steps: every step is past the 2 km refresh distance.
    let from = Coordinate(latitude: 51.3127, longitude: 9.4797)
    let to = Coordinate(latitude: 52.3759, longitude: 9.7320)
    let steps = 40
    let route = (0..<steps).map { i -> Coordinate in
      let t = Double(i) / Double(steps - 1)
      return Coordinate(
        latitude: from.latitude + t * (to.latitude - from.latitude),
        longitude: from.longitude + t * (to.longitude - from.longitude))
    }
    let runs = bench.runs(41, quick: 5)
    let inner = bench.runs(20, quick: 4)

    /// The refresh loop over `route` with `query` answering the Charge tab's question.
    func refreshes(
      along route: [Coordinate] = route, live: [LiveStatusUpdate] = [],
      _ query: @escaping (Coordinate, ChargingApp.State) -> [PricedSite]
    )
      -> (Sample, Parts)
    {
      // The shown state: connected, loaded at the first point (with live status on the board).
      let from = route[0]
      var state = ChargingApp.State(car: from, setup: setup)
      state.connected = true
      if !live.isEmpty { _ = app.reduce(&state, .liveStatus(live, at: start)) }
      _ = app.reduce(
        &state, .charge(.loaded(request: state.request, center: from, query(from, state))))
      var shown = HostScreen(root: app.screen(state, configuration).root)
      var step = 0
      var parts = Parts()
      let total = Bench.medianPerCall(runs: runs, inner: inner) {
        step = (step + 1) % route.count
        let here = route[step]
        // Event → action → reduce (starts the load).
        guard let action = app.action(for: .locationChanged(here), in: state) else { return }
        _ = app.reduce(&state, action)
        let (q, sites) = Bench.measure { query(here, state) }
        let (b, screen) = Bench.measure {
          _ = app.reduce(&state, .charge(.loaded(request: state.request, center: here, sites)))
          return app.screen(state, configuration)
        }
        let (d, plan) = Bench.measure {
          Reconciler.plan(from: shown, to: screen, maximumDepth: 5)
        }
        shown = HostScreen(root: screen.root, stacks: shown.stacks, modal: screen.modal)
        parts.operations = plan.operations.count
        parts.query = parts.query + q
        parts.build = parts.build + b
        parts.diff = parts.diff + d
      }
      let calls = Double(max(1, runs * inner))
      parts.query = Sample(wall: parts.query.wall / calls, cpu: parts.query.cpu / calls)
      parts.build = Sample(wall: parts.build.wall / calls, cpu: parts.build.cpu / calls)
      parts.diff = Sample(wall: parts.diff.wall / calls, cpu: parts.diff.cpu / calls)
      return (total, parts)
    }

    func siteQuery(_ here: Coordinate, _ state: ChargingApp.State) -> SiteQuery {
      SiteQuery(center: here, region: nil, filter: state.filter)
    }
    let (warm, warmParts) = refreshes { here, state in
      search.sites(siteQuery(here, state), setup: state.setup, start: start)
    }
    let (cold, coldParts) = refreshes { here, state in
      search.forgetPrices()
      return search.sites(siteQuery(here, state), setup: state.setup, start: start)
    }
    // Baseline: the refresh as before the site catalogue — rows from the same index, grouped
    // per query, every price worked out afresh.
    let (baseline, baselineParts) = refreshes { here, state in
      guard let vehicle = state.setup.vehicle else { return [] }
      let query = siteQuery(here, state)
      let rows = index.nearest(
        to: here, limit: query.limit * ChargeSearch.rowsPerSite,
        withinKilometres: SiteQuery.radiusKilometres,
        filter: query.filter.stationFilter(favourites: state.setup.favourites, vehicle: vehicle)
      ).map { (station: $0.station, distance: $0.distanceKilometres) }
      let sites = ChargeSite.group(rows, limit: query.limit)
      let prices = pricing.price(
        sites, tariffIDs: state.setup.tariffIDs, vehicle: vehicle, start: start)
      return zip(sites, prices).map { PricedSite(site: $0, price: $1) }
    }

    // The naive reference: scan every station, sort all by distance, group, and price each site
    // under each tariff by compiling the tariff again (the calculator's path without the
    // catalogue).
    let chosen = tariffIDs.compactMap { catalog.entry(id: $0) }
    var sink = 0
    let scan = Bench.median(runs: bench.runs(5, quick: 1)) {
      let here = route[1]
      let rows =
        stations.map { ($0, GreatCircle.distanceKilometres(here, $0.coordinate)) }
        .filter { $0.1 <= SiteQuery.radiusKilometres }
        .sorted { $0.1 < $1.1 }
        .prefix(12 * ChargeSearch.rowsPerSite)
      let sites = ChargeSite.group(rows.map { (station: $0.0, distance: $0.1) }, limit: 12)
      for site in sites {
        for entry in chosen {
          let session = ChargingSession(
            start: start, timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current,
            periods: [.charging(milliseconds: 30 * 60_000, energyKWh: 30, powerKW: 60)])
          if (try? SessionCostCalculator.cost(of: session, under: entry.tariff)) != nil {
            sink &+= site.chargePointCount
          }
        }
      }
    }
    func breakdown(_ p: Parts) -> String {
      "query+sites+price \(p.query.text(3)), reduce+build \(p.build.text(3)), diff \(p.diff.text(3))"
    }
    print(
      "charging: \(stations.count) stations loaded in \(loadSample.text(0)); grouped into \(catalogue.count) sites in \(groupSample.text(0)); tariffs \(tariffIDs.joined(separator: ", "))"
    )
    print(
      "charging: refresh (location event → reduce → query + sites + price under 3 tariffs → reduce + build → diff, \(warmParts.operations) operation\(warmParts.operations == 1 ? "" : "s")): \(warm.text(3))  [target < 1 ms]"
    )
    print("charging:   breakdown: \(breakdown(warmParts))")
    print(
      "charging: refresh, cold (every remembered price forgotten before each refresh): \(cold.text(3))"
    )
    print("charging:   breakdown: \(breakdown(coldParts))")
    print(
      "charging: baseline, the refresh with sites grouped per query and no remembered prices: \(baseline.text(3)); \(warm.speedup(over: baseline)) faster (cold \(cold.speedup(over: baseline)))"
    )
    print("charging:   breakdown: \(breakdown(baselineParts))")
    print(
      "charging: naive scan of every station + sort + per-pair tariff compile: \(scan.text(2))"
    )
    // The same refresh with live status: Ludwigsburg → Stuttgart, where the bundled feeds are,
    // with every status of the four feeds matched and on the board.
    let live = try Self.liveUpdates(index, at: start)
    let south = Coordinate(latitude: 48.7758, longitude: 9.1829)
    let north = Coordinate(latitude: 48.8961, longitude: 9.1917)
    let liveRoute = (0..<steps).map { i -> Coordinate in
      let t = Double(i) / Double(steps - 1)
      return Coordinate(
        latitude: north.latitude + t * (south.latitude - north.latitude),
        longitude: north.longitude + t * (south.longitude - north.longitude))
    }
    let (withStatus, withStatusParts) = refreshes(along: liveRoute, live: live) { here, state in
      search.sites(siteQuery(here, state), setup: state.setup, start: start)
    }
    let (withoutStatus, _) = refreshes(along: liveRoute) { here, state in
      search.sites(siteQuery(here, state), setup: state.setup, start: start)
    }
    var shownWithStatus = 0
    do {
      var state = ChargingApp.State(car: north, setup: setup)
      _ = app.reduce(&state, .liveStatus(live, at: start))
      for here in liveRoute {
        let sites = search.sites(siteQuery(here, state), setup: setup, start: start)
        shownWithStatus += sites.filter { state.availability(of: $0.site) != nil }.count
      }
    }
    print(
      "charging: refresh with live status (Ludwigsburg → Stuttgart, \(live.count) charge points on the board, \(shownWithStatus) of \(liveRoute.count * 12) shown sites with a status): \(withStatus.text(3))  [target < 1 ms]"
    )
    print("charging:   breakdown: \(breakdown(withStatusParts))")
    print(
      "charging: baseline, the same refresh without live status: \(withoutStatus.text(3))")
    bench.target("charging: Charge-tab refresh with live status", under: 1, withStatus)
    bench.target("charging: Charge-tab refresh (event → operations)", under: 1, warm)
    bench.target("charging: Charge-tab refresh, cold prices", under: 1, cold)
    if sink == 42 { print("") }  // keeps the naive reference's work observable
  }

  /// Every status of the four bundled live feeds (the EnBW status paired with its table),
  /// matched to `index`'s rows.
  static func liveUpdates(_ index: StationIndex, at date: Date) throws -> [LiveStatusUpdate] {
    let matcher = LiveStatusMatcher(index: index)
    func feed(_ file: BundledData.File) throws -> LiveFeed {
      LiveFeedParser.parse(try BundledData.data(file), fileName: file.rawValue)
    }
    let feeds = [
      DATEX2Parser.pair(try feed(.liveEnBWStatus), with: try feed(.liveEnBWTable)),
      try feed(.liveLudwigsburgOCPI), try feed(.liveStuttgartPOI),
    ]
    return feeds.flatMap {
      LiveStatusUpdate.updates(from: $0, matcher: matcher, fetchedAt: date, restampAt: date)
    }
  }

  /// The three tariffs that price the most sites near Kassel, most first.
  static func threeTariffs(_ search: ChargeSearch, catalog: TariffCatalog, start: Date)
    -> [String]
  {
    let everything = search.sites(
      SiteQuery(
        center: Coordinate(latitude: 51.3127, longitude: 9.4797), region: nil,
        filter: ChargeFilter()),
      setup: DriverSetup(tariffIDs: catalog.entries.map(\.id)), start: start)
    var counts: [String: Int] = [:]
    for site in everything {
      if case .mine(let prices) = site.price {
        for p in prices { counts[p.tariffID, default: 0] += 1 }
      }
    }
    return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3).map(\.key)
  }
}
