import CarAppTesting
import CarSession
import CarTemplates
import Charging
import ChargingData
import Foundation
import Geo
import Routing
import Synchronization
import Testing
import TripPlanner

@testable import ChargingCar

/// "Free now" on the Filters list and the Route tab's use of live status.
@Suite("Live status: the free-now filter and the Route tab")
struct LiveFilterAndRouteTests {
  static let t0 = Date(timeIntervalSince1970: 1_775_000_000)
  static let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)

  static func update(_ evse: String, _ status: EVSEStatus, _ station: Station.ID, at: Date)
    -> LiveStatusUpdate
  {
    LiveStatusUpdate(
      observation: StatusObservation(evseID: evse, status: status, observedAt: at),
      station: station)
  }

  static func kasselSites() throws -> [PricedSite] {
    try Fixture.kassel().sites(
      SiteQuery(center: kassel, region: nil, filter: ChargeFilter()), setup: DriverSetup(),
      start: priceDate)
  }

  // MARK: Free now

  @Test("the Filters list has a Free now row after the existing ones, whose ids and titles stay")
  func filterRow() throws {
    let spec = try #require(ChargingScreens.filters(ChargeFilter()).listSpec)
    let rows = spec.sections.flatMap(\.rows).compactMap { row -> (String, String)? in
      if case .item(let item) = row { return (item.id.rawValue, item.text) }
      return nil
    }
    // The rows added later (minimum power, my networks; issue 39) come after these.
    #expect(
      rows.map(\.0) == [
        "fast", "ccs", "chademo", "type2", "favourites", "priced", "free-now", "min-50", "min-150",
        "min-300", "my-networks",
      ])
    #expect(rows[6].1 == "Free now (live status)")
    #expect(rows[0].1 == "Fast charging (≥ 50 kW DC)")
    #expect(ChargeFilter(freeNowOnly: true).summary == "Free now")
    #expect(ChargeRoute.filter(.freeNow).address.element == ElementID("free-now"))
  }

  @Test("a filter saved before Free now existed reads with it off")
  func oldFilterDecodes() throws {
    let json = #"{"fastOnly":true,"connectors":["ccs"],"favouritesOnly":false,"knownPriceOnly":false}"#
    let filter = try JSONDecoder().decode(ChargeFilter.self, from: Data(json.utf8))
    #expect(filter == ChargeFilter(fastOnly: true, connectors: [.ccs]))
    let round = try JSONDecoder().decode(
      ChargeFilter.self, from: JSONEncoder().encode(ChargeFilter(freeNowOnly: true)))
    #expect(round.freeNowOnly)
  }

  @Test("Free now keeps only the sites with a fresh free charge point, the whole site")
  func searchKeepsFreeSites() throws {
    let search = try Fixture.kassel()
    let all = try Self.kasselSites()
    let chosen = try #require(all.dropFirst(2).first { $0.site.stations.count > 1 } ?? all.last)
    let row = try #require(chosen.site.stations.first?.id)
    let free = search.sites(
      SiteQuery(
        center: Self.kassel, region: nil, filter: ChargeFilter(freeNowOnly: true),
        onlyStations: [row]),
      setup: DriverSetup(), start: priceDate)
    #expect(free.map(\.id) == [chosen.id])
    #expect(free.first?.site.stations.count == chosen.site.stations.count, "the whole site")
    let none = search.sites(
      SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter(), onlyStations: []),
      setup: DriverSetup(), start: priceDate)
    #expect(none.isEmpty)
  }

  @Test("turning Free now on loads again; a site turning busy or stale loads again too")
  func freeNowFollowsLiveStatus() throws {
    let app = Fixture.app()
    let sites = try Self.kasselSites()
    let first = try #require(sites.first?.site.stations.first?.id)
    var state = ChargingApp.State(places: .loaded(sites))
    state.connected = true
    _ = app.reduce(&state, .liveStatus([Self.update("E1", .available, first, at: Self.t0)], at: Self.t0))
    #expect(app.freeStations(state) == nil, "off: no restriction")
    var request = state.request
    _ = app.reduce(&state, .filters(.toggle(.freeNow)))
    #expect(state.filter.freeNowOnly)
    #expect(state.request == request + 1, "a load started")
    request = state.request
    #expect(app.freeStations(state) == [first])
    // The charge point turns busy a minute later: no site is free, the tab loads again.
    _ = app.reduce(
      &state, .liveStatus([Self.update("E1", .charging, first, at: Self.t0 + 60)], at: Self.t0 + 60))
    #expect(app.freeStations(state) == [])
    #expect(state.request == request + 1, "a load started")
    // The same status again changes nothing: no load.
    _ = app.reduce(
      &state, .liveStatus([Self.update("E1", .charging, first, at: Self.t0 + 120)], at: Self.t0 + 120))
    #expect(state.request == request + 1, "no second load")
  }

  @Test("statuses are judged again when the oldest fresh one turns stale: unknown since")
  func staleTimer() throws {
    let app = Fixture.app()
    let sites = try Self.kasselSites()
    let site = try #require(sites.first)
    let row = try #require(site.site.stations.first?.id)
    var state = ChargingApp.State(places: .loaded(sites))
    state.connected = true
    _ = app.reduce(
      &state, .liveStatus([Self.update("E1", .available, row, at: Self.t0)], at: Self.t0))
    #expect(ChargingScreens.liveText(state, site) == "1 of 1 free · just now")
    let stale = try #require(state.live.nextStaleTime(after: Self.t0))
    #expect(stale == Self.t0.addingTimeInterval(15 * 60 + 1))
    _ = app.reduce(&state, .applyLiveStatus(at: stale))
    #expect(ChargingScreens.liveText(state, site)?.hasPrefix("unknown since ") == true)
    #expect(state.live.nextStaleTime(after: stale) == nil, "nothing fresh is left to time")
  }

  // MARK: Route

  static func corridor(_ ids: [String]) -> [CorridorStation] {
    ids.enumerated().map { index, id in
      CorridorStation(
        site: PlannerSite(
          id: id, operatorName: "op", address: "", coordinate: kassel, maxPowerKilowatts: 150),
        kilometresAlongRoute: Double(index * 10), offRouteKilometres: 0)
    }
  }

  @Test("the planner is given the corridor without unusable stations, and all of it only when that fails")
  func plansAroundUnusable() throws {
    let corridor = Self.corridor(["a", "b", "c"])
    let usable = try TripService.preferringUsable(["b"], corridor) { $0.map(\.site.id) }
    #expect(usable == ["a", "c"])
    var tries: [[String]] = []
    let fallback = try TripService.preferringUsable(["b"], corridor) { stations -> [String] in
      tries.append(stations.map(\.site.id))
      guard stations.count == 3 else { throw RoutingError(.noFeasiblePlan, "gap") }
      return stations.map(\.site.id)
    }
    #expect(fallback == ["a", "b", "c"])
    #expect(tries == [["a", "c"], ["a", "b", "c"]])
  }

  @Test("a trip avoids a stop live status says is all busy when another plan exists")
  func tripAvoidsBusyStop() async throws {
    // Far enough that the default car stops to charge.
    let munich = TripDestination(
      name: "München", coordinate: Coordinate(latitude: 48.1374, longitude: 11.5755))
    let first = try await TripService.plan(
      TripRequest(from: Self.kassel, destination: munich, setup: DriverSetup(), departure: priceDate))
    let stop = try #require(first.stops.first)
    let busy = try #require(stop.stationID)
    #expect(!stop.unusableWhenPlanned)
    let second = try await TripService.plan(
      TripRequest(
        from: Self.kassel, destination: munich, setup: DriverSetup(), departure: priceDate,
        unusableStations: [busy]))
    #expect(!second.stops.isEmpty)
    #expect(!second.stops.contains { $0.stationID == busy }, "\(second.stops.map(\.name))")
  }

  @Test("a trip moves a stop to a corridor station near it that live status says is free")
  func tripPrefersFreeStop() async throws {
    let munich = TripDestination(
      name: "München", coordinate: Coordinate(latitude: 48.1374, longitude: 11.5755))
    let setup = DriverSetup()
    let first = try await TripService.plan(
      TripRequest(from: Self.kassel, destination: munich, setup: setup, departure: priceDate))
    let stop = try #require(first.stops.first)
    #expect(!stop.freeWhenPlanned)
    // The corridor the planner saw; the nearest other station along the route at least as
    // strong as the chosen stop: known free, it wins when it costs less than 5 min more.
    let vehicle = try #require(setup.vehicle)
    let route = try await BundledRoads.shared().network.fastestRoute(
      from: Self.kassel, to: munich.coordinate)
    let corridor = TripService.fittingCorridor(
      route, try await BundledChargers.shared(), vehicle,
      withinKilometres: TripOptions().corridorKilometres)
    let chosen = Set(first.stops.compactMap(\.stationID))
    // Another site (not a second register row of the same one), at least 2 km away.
    func distance(_ station: CorridorStation) -> Double {
      abs(station.kilometresAlongRoute - stop.kilometre)
    }
    let near = try #require(
      corridor.filter {
        !chosen.contains(Station.ID($0.site.id)) && $0.site.maxPowerKilowatts >= stop.kilowatts
          && $0.offRouteKilometres <= 1 && $0.site.displayName != stop.name && distance($0) >= 2
      }.min { distance($0) < distance($1) })
    let free = Station.ID(near.site.id)
    let second = try await TripService.plan(
      TripRequest(
        from: Self.kassel, destination: munich, setup: setup, departure: priceDate,
        freeStations: [free]))
    let moved = try #require(
      second.stops.first { $0.stationID == free }, "\(second.stops.map(\.name))")
    #expect(moved.freeWhenPlanned, "the summary's stop says it was free when planned")
    #expect(second.stops.filter(\.freeWhenPlanned).count == 1)
    #expect(second.stops.count == first.stops.count)
    // The reported times are the plan's own: the preference costs the driver little.
    #expect(second.totalSeconds >= first.totalSeconds - 1)
    #expect(second.totalSeconds < first.totalSeconds + TripService.unknownStatusStopSeconds)
  }

  @Test("a free station off the corridor changes nothing: the trip plans as without live status")
  func freeOffCorridorPlansAsBefore() async throws {
    let munich = TripDestination(
      name: "München", coordinate: Coordinate(latitude: 48.1374, longitude: 11.5755))
    let plain = try await TripService.plan(
      TripRequest(
        from: Self.kassel, destination: munich, setup: DriverSetup(), departure: priceDate))
    let other = try await TripService.plan(
      TripRequest(
        from: Self.kassel, destination: munich, setup: DriverSetup(), departure: priceDate,
        freeStations: ["not-a-corridor-station"]))
    #expect(other == plain)
    #expect(
      TripService.unknownStatusRisk(["x"], Self.corridor(["a", "b"])) == nil,
      "no known-free corridor station: no preference")
    #expect(
      TripService.unknownStatusRisk(["b"], Self.corridor(["a", "b"]), minimumKilowatts: 151)
        == nil, "the only free station is below the planner's power floor: no preference")
    let risk = try #require(TripService.unknownStatusRisk(["b"], Self.corridor(["a", "b"])))
    let sites = Self.corridor(["a", "b"]).map(\.site)
    #expect(sites.map(risk) == [TripService.unknownStatusStopSeconds, 0])
  }

  @Test("the app plans around the stations live status says are unusable")
  func appPassesUnusable() throws {
    let app = Fixture.app()
    var state = ChargingApp.State()
    state.connected = true
    _ = app.reduce(
      &state,
      .liveStatus(
        [
          Self.update("E1", .charging, "busy", at: Self.t0),
          Self.update("E2", .outOfOrder, "broken", at: Self.t0),
          Self.update("E3", .available, "mixed", at: Self.t0),
          Self.update("E4", .charging, "mixed", at: Self.t0),
        ], at: Self.t0))
    #expect(app.unusableStations(state) == ["busy", "broken"])
  }

  @Test("the app's Route tab prefers the stations with a fresh free charge point, filter or not")
  func appPassesFree() throws {
    let statuses: [(EVSEStatus, Station.ID, minutesOld: Double)] = [
      (.charging, "busy", 0), (.available, "free", 0), (.available, "mixed", 0),
      (.charging, "mixed", 0), (.available, "stale", 16),
    ]
    let app = Fixture.app()
    var state = ChargingApp.State()
    state.connected = true
    #expect(!state.filter.freeNowOnly)
    let updates = statuses.enumerated().map { index, entry in
      Self.update("E\(index)", entry.0, entry.1, at: Self.t0 - entry.minutesOld * 60)
    }
    _ = app.reduce(&state, .liveStatus(updates, at: Self.t0))
    #expect(app.routeFreeStations(state) == ["free", "mixed"])
    #expect(state.routeTab.freeStations == ["free", "mixed"])
    #expect(state.routeTab.unusableStations == ["busy"])
  }

  @MainActor
  @Test("the Route tab's plan request carries the stations live status says are free and unusable")
  func routeRequestCarriesLiveStatus() async throws {
    let bremen = TripDestination(
      name: "Bremen", coordinate: Coordinate(latitude: 53.08, longitude: 8.8))
    let requests = Mutex<[TripRequest]>([])
    var services = ChargingDependencyTests.services([])
    services.cities = { [bremen] }
    services.plan = { request in
      requests.withLock { $0.append(request) }
      throw DataSourceError(source: "test sites", query: "plan", reason: "none")
    }
    var overrides = CarDependencyOverrides()
    overrides[ChargingServicesKey.self] = services
    let tester = CarAppTester(
      app: Fixture.app(), state: ChargingApp.State(car: ChargingApp.kasselCentre),
      dependencies: overrides)
    tester.exhaustive = false
    await tester.connect(Fixture.standard)
    await tester.send(
      .liveStatus(
        [
          Self.update("E1", .available, "free", at: priceDate),
          Self.update("E2", .charging, "busy", at: priceDate),
        ], at: priceDate))
    await tester.send(.route(.choose(.city("Bremen"))))
    await tester.disconnect()
    await tester.finish()
    let sent = requests.withLock { $0 }
    #expect(sent.map(\.freeStations) == [["free"]])
    #expect(sent.map(\.unusableStations) == [["busy"]])
  }

  static func summary(stationID: Station.ID, unusableWhenPlanned: Bool = false) -> TripSummary {
    TripSummary(
      destination: TripDestination(name: "Bremen", coordinate: Coordinate(latitude: 53.08, longitude: 8.8)),
      kilometres: 289, driveSeconds: 3 * 3600, chargeSeconds: 1200, overheadSeconds: 300,
      stops: [
        StopSummary(
          name: "EnBW, Allertal", coordinate: kassel, kilometre: 150, kilowatts: 150, arrival: 0.2,
          departure: 0.7, chargeMinutes: 20, priceText: "12.00 €", stationID: stationID,
          unusableWhenPlanned: unusableWhenPlanned)
      ],
      arrival: 0.4, vehicleName: "car")
  }

  @Test("the trip summary shows a stop's status and says when a planned stop turned busy")
  func tripSaysStopTurnedBusy() throws {
    let app = Fixture.app()
    var state = ChargingApp.State()
    state.connected = true
    state.tab = .route
    state.trip = .planned(Self.summary(stationID: "stop"))
    _ = app.reduce(
      &state, .liveStatus([Self.update("E1", .available, "stop", at: Self.t0)], at: Self.t0))
    func items() throws -> [InformationItemSpec] {
      let screen = ChargingScreens.screen(state, Fixture.standard)
      return try #require(screen.stack.last?.informationSpec).items
    }
    // The stop's second row (what happens there) carries its live status.
    #expect(
      try items().first { $0.id == "stop-0-charge" }?.detail?.hasSuffix(" · 1 of 1 free") == true)
    #expect(try !items().contains { $0.id == "stop-turned-busy" })
    _ = app.reduce(
      &state, .liveStatus([Self.update("E1", .charging, "stop", at: Self.t0 + 60)], at: Self.t0 + 60))
    let line = try #require(try items().first { $0.id == "stop-turned-busy" })
    #expect(line.title == "Stop 1 turned busy")
    #expect(line.detail?.hasPrefix("all busy since the trip was planned") == true)
    #expect(try items()[0].id == "stop-turned-busy", "first, above the itinerary")
    // A stop that was already busy when planned (no other plan existed) is not news.
    state.trip = .planned(Self.summary(stationID: "stop", unusableWhenPlanned: true))
    #expect(try !items().contains { $0.id == "stop-turned-busy" })
  }
}
