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
/// the app's event mapping and reduce, the query of the station index, grouping into sites,
/// pricing under the driver's 3 tariffs, the screen build and the reconciler's diff against the
/// screen shown. The baseline does the same work the obvious way in the same run: a scan of
/// every station with a distance to each, a full sort, and every tariff compiled again for each
/// site-tariff pair.
enum ChargingBench {
  static func run(_ bench: Bench) throws {
    bench.section("Charging app (Charge-tab refresh, full German set)")
    let (loadSample, stations) = try Bench.measure { try StationCatalog.loadBundled().stations }
    let index = StationIndex(stations)
    let catalog = try TariffCatalog.load(
      afir: try BundledData.data(.tariffsAFIR),
      ludwigsburgOCPI: try BundledData.data(.tariffsLudwigsburgOCPI),
      retail: try BundledData.data(.tariffsRetail))
    let search = ChargeSearch(
      index: index, pricing: SitePricing(quoter: PriceQuoter(catalog: catalog)))
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

    // The shown state: connected, loaded at the first point.
    var state = ChargingApp.State(car: from, setup: setup)
    state.connected = true
    let first = search.sites(
      SiteQuery(center: from, region: nil, filter: state.filter), setup: setup, start: start)
    _ = app.reduce(&state, .loaded(request: state.request, center: from, first))
    var shown = HostScreen(root: app.screen(state, configuration).root)

    var step = 0
    var query = Sample(wall: 0, cpu: 0)
    var build = Sample(wall: 0, cpu: 0)
    var diff = Sample(wall: 0, cpu: 0)
    var operations = 0
    let runs = bench.runs(41, quick: 5)
    let inner = bench.runs(20, quick: 4)
    let total = Bench.medianPerCall(runs: runs, inner: inner) {
      step = (step + 1) % route.count
      let here = route[step]
      // Event → action → reduce (starts the load).
      guard let action = app.action(for: .locationChanged(here), in: state) else { return }
      _ = app.reduce(&state, action)
      let (q, sites) = Bench.measure {
        search.sites(
          SiteQuery(center: here, region: nil, filter: state.filter), setup: state.setup,
          start: start)
      }
      let (b, screen) = Bench.measure {
        _ = app.reduce(&state, .loaded(request: state.request, center: here, sites))
        return app.screen(state, configuration)
      }
      let (d, plan) = Bench.measure {
        Reconciler.plan(from: shown, to: screen, maximumDepth: 5)
      }
      shown = HostScreen(root: screen.root, stacks: shown.stacks, modal: screen.modal)
      operations = plan.operations.count
      query = query + q
      build = build + b
      diff = diff + d
    }
    let calls = Double(max(1, runs * inner))
    func perCall(_ s: Sample) -> Sample { Sample(wall: s.wall / calls, cpu: s.cpu / calls) }

    // Baseline: scan every station, sort all by distance, group, and price each site under each
    // tariff by compiling the tariff again (the calculator's path without the catalogue).
    let chosen = tariffIDs.compactMap { catalog.entry(id: $0) }
    var sink = 0
    let baseline = Bench.median(runs: bench.runs(5, quick: 1)) {
      let here = route[step]
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
    let q = perCall(query)
    let b = perCall(build)
    let d = perCall(diff)
    print(
      "charging: \(stations.count) stations loaded in \(loadSample.text(0)); tariffs \(tariffIDs.joined(separator: ", "))"
    )
    print(
      "charging: refresh (location event → reduce → query + group + price under 3 tariffs → reduce + build → diff, \(operations) operation\(operations == 1 ? "" : "s")): \(total.text(3))  [target < 1 ms]"
    )
    print(
      "charging:   breakdown: query+group+price \(q.text(3)), reduce+build \(b.text(3)), diff \(d.text(3))"
    )
    print(
      "charging: baseline brute-force scan + sort + per-pair tariff compile: \(baseline.text(2)), \(total.speedup(over: baseline)) faster"
    )
    bench.target("charging: Charge-tab refresh (event → operations)", under: 1, total)
    if sink == 42 { print("") }  // keeps the baseline's work observable
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
