import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Charging
import Foundation
import Geo
import Testing
import TripPlanner

@testable import ChargingCar

/// What a driver notices in the charging app (issue 23, items 1–3).
@MainActor
@Suite("Charging app: what drivers notice")
struct ChargingDriverNoticeTests {
  static let kassel = ChargingApp.kasselCentre
  static let kaufungen = Coordinate(latitude: 51.2806, longitude: 9.6169)
  static let berlin = Coordinate(latitude: 52.52, longitude: 13.405)

  /// A Kaufungen site as a query around Kaufungen found it (its distance is from there).
  static func kaufungenSite() throws -> PricedSite {
    let sites = try Fixture.kassel().sites(
      SiteQuery(center: kaufungen, region: nil, filter: ChargeFilter()), setup: DriverSetup(),
      start: priceDate)
    return try #require(sites.first)
  }

  /// The kilometres a "12 km" or "9.4 km" text says.
  static func kilometres(_ text: String) -> Double? {
    guard let range = text.range(of: #"[0-9]+(\.[0-9])? km"#, options: .regularExpression) else {
      return nil
    }
    return Double(text[range].dropLast(3))
  }

  @Test("the card's distance is from the car, not from the centre of a panned map")
  func cardDistanceFromCar() throws {
    let site = try Self.kaufungenSite()
    var state = ChargingApp.State(car: Self.kassel, places: .loaded([site]))
    state.carKnown = true
    state.region = BoundingBox(
      minimum: Coordinate(latitude: 51.26, longitude: 9.58),
      maximum: Coordinate(latitude: 51.30, longitude: 9.65))
    state.loadedCenter = Self.kaufungen
    let point = try #require(ChargingScreens.chargeTab(state).pointSpec?.points.first)
    let shown = try #require(Self.kilometres(point.summary ?? ""), "\(point.summary ?? "")")
    let truth = GreatCircle.distanceKilometres(Self.kassel, site.site.coordinate)
    #expect(abs(shown - truth) < 1, "shows \(shown) km, the car is \(truth) km away")
  }

  @Test("Details give the distance from the car, even when the driver looks at another city")
  func detailsDistanceFromCar() throws {
    let site = try Self.kaufungenSite()
    var state = ChargingApp.State(car: Self.berlin, places: .loaded([site]))
    state.carKnown = true
    state.details = site
    let screen = ChargingScreens.screen(state, Fixture.standard)
    let details = try #require(screen.stack.last?.informationSpec)
    let row = try #require(details.items.first { $0.id == "distance" })
    let shown = try #require(Self.kilometres(row.detail ?? ""), "\(row.detail ?? "")")
    #expect(shown > 250, "Berlin → Kaufungen reads \(row.detail ?? "")")
    #expect(row.detail?.contains("from the car") == true)
  }

  @Test("without a position from the car, distances say the car's position is unknown")
  func unknownPosition() throws {
    let site = try Self.kaufungenSite()
    var state = ChargingApp.State(places: .loaded([site]))
    #expect(!state.carKnown)
    state.details = site
    let point = try #require(ChargingScreens.chargeTab(state).pointSpec?.points.first)
    #expect(point.summary?.contains("car position unknown") == true, "\(point.summary ?? "")")
    let details = try #require(
      ChargingScreens.screen(state, Fixture.standard).stack.last?.informationSpec)
    let row = try #require(details.items.first { $0.id == "distance" })
    #expect(row.detail?.contains("car position unknown") == true)
  }

  @Test("with no tariff chosen, rows show the cheapest ad-hoc or roaming price, marked as such")
  func standInPrices() throws {
    let sites = try Fixture.kassel().sites(
      SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter()), setup: DriverSetup(),
      start: priceDate)
    #expect(sites.count == 12)
    let priced = sites.filter { $0.price.best != nil }
    #expect(priced.count >= 10, "\(sites.map { ChargingScreens.subtitle($0) })")
    for site in priced {
      let text = ChargingScreens.subtitle(site)
      #expect(text.contains("ad-hoc") || text.contains("roaming"), "\(text)")
      // Power first, tariff or not (issue 39): a 150 kW and an 11 kW site no longer look alike.
      #expect(text.hasPrefix("\(site.site.powerText) · "), "\(text)")
      let prices = site.price.prices.map(\.perKilowattHour)
      #expect(site.price.best?.perKilowattHour == prices.min())
    }
    for site in sites where site.price.best == nil {
      #expect(ChargingScreens.subtitle(site).contains("no price known"))
    }
  }

  static func summary(arrival: Double = 0.3, from origin: Coordinate = kassel) -> TripSummary {
    TripSummary(
      destination: TripDestination(
        name: "Bremen", coordinate: Coordinate(latitude: 53.08, longitude: 8.8)),
      kilometres: 289, driveSeconds: 3 * 3600, chargeSeconds: 0, overheadSeconds: 0, stops: [],
      arrival: arrival, vehicleName: "car", origin: origin, setup: DriverSetup())
  }

  @Test("a trip summary is not shown again after a reconnect")
  func reconnectResetsTrip() {
    let app = Fixture.app()
    var state = ChargingApp.State()
    state.trip = .planned(Self.summary())
    _ = app.reduce(&state, .disappeared)
    _ = app.reduce(&state, .appeared)
    #expect(state.trip == .none)
  }

  @Test("a trip is planned again once the car has moved far from where it was planned")
  func movedFarReplans() {
    let app = Fixture.app()
    var state = ChargingApp.State()
    state.connected = true
    state.trip = .planned(Self.summary())
    _ = app.reduce(&state, .moved(Coordinate(latitude: 51.32, longitude: 9.48)))
    #expect(state.trip == .planned(Self.summary()), "a few hundred metres change nothing")
    let effects = app.reduce(&state, .moved(Coordinate(latitude: 52.3759, longitude: 9.732)))
    #expect(state.trip == .planning(Self.summary().destination))
    #expect(!effects.isEmpty)
  }

  @Test("a trip is planned again when the vehicle or the tariffs change")
  func setupChangeReplans() {
    let app = Fixture.app()
    var state = ChargingApp.State()
    state.connected = true
    state.trip = .planned(Self.summary())
    _ = app.reduce(&state, .setupLoaded(DriverSetup()))
    #expect(state.trip == .planned(Self.summary()), "the same setup changes nothing")
    _ = app.reduce(&state, .setupLoaded(DriverSetup(vehicleID: "zoe-ze40")))
    #expect(state.trip == .planning(Self.summary().destination))
    state.trip = .planned(Self.summary())
    _ = app.reduce(&state, .setupLoaded(DriverSetup(tariffIDs: ["x"], vehicleID: "zoe-ze40")))
    #expect(state.trip == .planning(Self.summary().destination))
  }

  @Test("a car arriving under the planner's reserve is told so, not just 'in range'")
  func reserveNamed() throws {
    let spec = try #require(
      ChargingScreens.trip(.planned(Self.summary(arrival: 0.0937))).informationSpec)
    let text = spec.items.map { "\($0.title ?? "") \($0.detail ?? "")" }.joined(separator: "\n")
    #expect(text.contains("under the 10 % reserve"), "\(text)")
    #expect(!text.contains("in range"))
    let fine = try #require(
      ChargingScreens.trip(.planned(Self.summary(arrival: 0.3))).informationSpec)
    #expect(!fine.items.contains { ($0.detail ?? "").contains("reserve") })
  }

  @Test("the default car's trip Kassel → Bremen keeps the reserve or says it does not")
  func bremenReserve() async throws {
    let summary = try await TripService.plan(
      TripRequest(
        from: Self.kassel,
        destination: TripDestination(
          name: "Bremen", coordinate: Coordinate(latitude: 53.0793, longitude: 8.8017)),
        setup: DriverSetup(), departure: priceDate))
    let spec = try #require(ChargingScreens.trip(.planned(summary)).informationSpec)
    let text = spec.items.map { $0.detail ?? "" }.joined(separator: "\n")
    if summary.arrival < summary.reserve {
      #expect(text.contains("under the 10 % reserve"), "\(text)")
    } else {
      #expect(!text.contains("reserve"))
    }
  }

  @Test("the time's parts add up to the total shown")
  func timePartsAddUp() {
    var summary = Self.summary()
    summary.driveSeconds = 3 * 3600 + 40 * 60 + 29
    summary.chargeSeconds = 39 * 60 + 40
    summary.overheadSeconds = 600
    summary.stops = [
      StopSummary(
        name: "A", coordinate: Self.kassel, kilometre: 100, kilowatts: 150, arrival: 0.1,
        departure: 0.6, chargeMinutes: 39.7, priceText: "")
    ]
    let text = ChargingScreens.timeText(summary)
    #expect(text == "4 h 30 min (driving 3 h 40 min, charging 40 min, stops 10 min)", "\(text)")
  }

  @Test("each stop's minutes are the ones the time's charging part adds up (issue 39: \"5 min\" beside \"charging 4 min\")")
  func stopMinutesAddUp() throws {
    var summary = Self.summary()
    summary.driveSeconds = 2 * 3600
    summary.chargeSeconds = (4.4 + 4.4) * 60
    summary.overheadSeconds = 600
    summary.stops = [4.4, 4.4].enumerated().map { index, minutes in
      StopSummary(
        name: "Stop place \(index)", coordinate: Self.kassel, kilometre: Double(100 * (index + 1)),
        kilowatts: 150, arrival: 0.15, departure: 0.27, chargeMinutes: minutes,
        priceText: "5.45 € roaming (Tariff, prices of 2025-09)")
    }
    let text = ChargingScreens.timeText(summary)
    #expect(text == "2 h 18 min (driving 2 h 0 min, charging 8 min, stops 10 min)", "\(text)")
    let spec = try #require(ChargingScreens.trip(.planned(summary)).informationSpec)
    let rows = spec.items.filter { $0.id.rawValue.hasSuffix("-charge") }.compactMap(\.detail)
    #expect(rows == ["150 kW · 15 % → 27 % · 4 min · 5.45 € roaming"] + ["150 kW · 15 % → 27 % · 4 min · 5.45 € roaming"])
    #expect(spec.items.first { $0.id == "stop-1" }?.detail == "Stop place 1")
    #expect(spec.items.first { $0.id == "stop-1" }?.title == "Stop 2 · km 200")
    #expect(spec.items.first { $0.id == "start" }?.detail == "80 % charge")
  }

  @Test("a trip with more stops than ten items hold shows the first ones and gathers the rest in one row; none is dropped silently")
  func manyStopsGathered() throws {
    var summary = Self.summary()
    summary.stops = (0..<5).map { index in
      StopSummary(
        name: "Stop place \(index)", coordinate: Self.kassel, kilometre: Double(100 * (index + 1)),
        kilowatts: 150, arrival: 0.15, departure: 0.6, chargeMinutes: 20, priceText: "9 €")
    }
    let spec = try #require(ChargingScreens.trip(.planned(summary)).informationSpec)
    #expect(spec.items.count <= 10)
    let ids = spec.items.map(\.id.rawValue)
    #expect(ids.contains("stop-0") && ids.contains("stop-1") && ids.contains("stop-2"))
    let rest = try #require(spec.items.first { $0.id == "stop-2" })
    #expect(rest.title == "Stops 3–5 · km 300–500", "\(rest)")
    #expect(rest.detail == "3 more stops · 60 min charging", "\(rest)")
    #expect(ids.suffix(3) == ["arrival", "time", "distance"])
  }

  @Test("a car without a DC socket is never planned at a DC charger")
  func zoeNeverAtDC() async throws {
    let request = TripRequest(
      from: Self.kassel,
      destination: TripDestination(
        name: "Bremen", coordinate: Coordinate(latitude: 53.0793, longitude: 8.8017)),
      setup: DriverSetup(vehicleID: "zoe-ze40"), departure: priceDate)
    do {
      let summary = try await TripService.plan(request)
      for stop in summary.stops {
        #expect(stop.kilowatts <= 43, "\(stop.name) \(stop.kilowatts) kW")
      }
    } catch {
      #expect("\(error)".isEmpty == false)
    }
    let zoe = try #require(VehicleProfiles.named("zoe-ze40"))
    #expect(!zoe.chargesDirectCurrent)
  }

  @Test("the Charge tab shows only chargers the driver's car can plug into")
  func chargeTabKnowsConnectors() throws {
    let search = try Fixture.kassel()
    let setup = DriverSetup(vehicleID: "zoe-ze40")
    let fast = search.sites(
      SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter(fastOnly: true)),
      setup: setup, start: priceDate)
    #expect(fast.isEmpty, "no fast DC charger fits a Zoe ZE40: \(fast.map(\.site.title))")
    let all = search.sites(
      SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter()), setup: setup,
      start: priceDate)
    #expect(!all.isEmpty)
    for site in all {
      #expect(
        site.site.stations.contains { station in
          station.evses.contains { $0.connectors.contains { zoeFits($0.standard) } }
        }, "\(site.site.title): \(site.site.connectorText)")
    }
    let filters = try #require(
      ChargingScreens.filters(ChargeFilter(), vehicle: VehicleProfiles.named("zoe-ze40")).listSpec)
    let rows = filters.sections.flatMap(\.rows).compactMap { row -> ListItemSpec? in
      if case .item(let item) = row { return item }
      return nil
    }
    #expect(rows.first { $0.id == "fast" }?.detailText?.contains("not on your car") == true)
    #expect(rows.first { $0.id == "ccs" }?.detailText?.contains("not on your car") == true)
    #expect(rows.first { $0.id == "type2" }?.detailText?.contains("not on your car") == false)
  }

  private func zoeFits(_ standard: ConnectorStandard) -> Bool {
    standard == .type2 || standard == .unknown("AC")
  }

  @Test("the simulator's Empty and Fail switches act on the Charge tab at once")
  func switchesActAtOnce() async throws {
    let dataSource = DataSourceModeBox()
    let car = SimulatedCar.test(app: Fixture.descriptor(), dataSource: dataSource,
      reportIssue: .failingTest())
    car.connect(Fixture.standard)
    await car.settle()
    #expect(car.host.screenText.contains("Chargers · All"), "\(car.host.screenText)")
    dataSource.switchAndAnnounce(.empty)
    await car.settle()
    #expect(car.host.screenText.contains("No chargers here"), "\(car.host.screenText)")
    dataSource.switchAndAnnounce(.failing)
    await car.settle()
    #expect(car.host.screenText.contains("can't be loaded"), "\(car.host.screenText)")
  }
}
