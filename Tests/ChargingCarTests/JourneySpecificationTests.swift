import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Charging
import Foundation
import Geo
import Routing
import Testing
import TripPlanner

@testable import ChargingCar

/// The flows of the charging journeys in `Journeys/` as exhaustive specifications: every step
/// states the whole state change and the exact host operations (``CarAppTester``), every
/// action an effect sends is received with its state change, and taps go by ``ChargeRoute``.
/// Data the app loads is computed here from the bundled search, independently of the app.
@MainActor
@Suite("Charging app: the journeys' flows step by step")
struct ChargingJourneySpecificationTests {
  typealias Spec = ChargingSpecificationTests

  /// The region the journeys zoom the map to: central Kassel.
  static let kasselRegion = BoundingBox(
    minimum: Coordinate(latitude: 51.28, longitude: 9.42),
    maximum: Coordinate(latitude: 51.34, longitude: 9.52))
  /// Hann. Münden, 20 km from Kassel: far enough for the Charge tab to load again.
  static let hannMuenden = Coordinate(latitude: 51.4167, longitude: 9.65)

  /// A driver step that changes the car's configuration from its current one.
  static func configure(_ change: @escaping (inout SessionConfiguration) -> Void)
    -> (CarSimulator) throws -> Void
  {
    { host in
      guard var next = host.configuration else { return }
      change(&next)
      #expect(host.changeConfiguration(next))
    }
  }

  /// What the Charge tab loads for `center` (and `region`, when the map was moved).
  static func sites(
    center: Coordinate, region: BoundingBox? = nil, filter: ChargeFilter = ChargeFilter(),
    setup: DriverSetup = DriverSetup()
  ) async throws -> [PricedSite] {
    try await Fixture.germany().sites(
      SiteQuery(center: center, region: region, filter: filter), setup: setup,
      start: ChargingApp.priceMinute(priceDate))
  }

  /// The driver's favourites as the Favourites tab lists them, seen from `car`.
  static func favourites(_ setup: DriverSetup, near car: Coordinate) async throws
    -> [PricedSite]
  {
    try await Fixture.germany().favourites(
      setup.favourites, near: car, setup: setup, start: ChargingApp.priceMinute(priceDate),
      limit: ChargingScreens.listLimit)
  }

  /// Moves the map to `region` and lets the debounce pass: the region's places load.
  static func showRegion(
    _ tester: CarAppTester<ChargingApp>, _ region: BoundingBox, request: Int,
    sites: [PricedSite], operations: [ExpectedOperation] = [.update(.pointOfInterest, "charge")],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await tester.drive(
      { try $0.changeMapRegion(region) }, operations: [], {
      $0.region = region
    }, sourceLocation: sourceLocation)
    await tester.advanceTime(by: .seconds(1), operations: [], sourceLocation: sourceLocation)
    tester.receive(.charge(.regionSettled), {
      $0.request = request
      if case .zoomedOutTooFar = $0.places { $0.places = .loading }
      if case .loaded(let shown) = $0.places, shown.isEmpty { $0.places = .loading }
    }, sourceLocation: sourceLocation)
    tester.receive(
      .charge(.loaded(request: request, center: region.center, sites, located: false)), {
      $0.places = .loaded(sites)
      $0.loadedCenter = region.center
    }, sourceLocation: sourceLocation)
    tester.assertOperations(operations, sourceLocation: sourceLocation)
  }

  /// The car reports its position where the app assumed it (Kassel's centre): the map marks
  /// it as known, nothing loads.
  static func locateInKassel(_ tester: CarAppTester<ChargingApp>) async {
    await tester.drive(
      { $0.moveTo(ChargingApp.kasselCentre) }, operations: [.update(.pointOfInterest, "charge")]
    ) {
      $0.carKnown = true
    }
  }

  /// The towns of the Route tab, nearest to `car` first.
  static func towns(near car: Coordinate) async throws -> [TripDestination] {
    try await BundledCities.largest().sorted {
      GreatCircle.distanceKilometres(car, $0.coordinate)
        < GreatCircle.distanceKilometres(car, $1.coordinate)
    }
  }

  /// A trip from Kassel's centre with the driver's empty setup.
  static func plan(to town: TripDestination) async throws -> TripSummary {
    try await TripService.plan(
      TripRequest(
        from: ChargingApp.kasselCentre, destination: town, setup: DriverSetup(),
        departure: priceDate))
  }

  @Test("cold launch (charging-cold-launch): connected while the phone is locked, unlocked")
  func coldLaunch() async throws {
    let tester = CarAppTester(app: Fixture.app(), state: ChargingApp.State())
    let kassel = try await Self.sites(center: ChargingApp.kasselCentre)
    let towns = try await Self.towns(near: ChargingApp.kasselCentre)
    // Locked before the car connects: nothing happens on the phone's side.
    await tester.drive({ $0.lockPhone() }, operations: []) { _ in }
    // The tab bar is set once; each tab is updated as its first load arrives.
    await tester.connect(
      Fixture.standard,
      operations: [
        .setRoot(.tabBar, "charging"), .update(.pointOfInterest, "charge"),
        .update(.list, "favourites"), .update(.list, "route"),
      ]
    ) {
      $0.connected = true
    }
    // The driver's setup is readable while locked (its data-protection class).
    tester.receive(.setupLoaded(DriverSetup())) { $0.request = 1 }
    tester.receive(
      .charge(.loaded(request: 1, center: ChargingApp.kasselCentre, kassel, located: false))
    ) {
      $0.places = .loaded(kassel)
      $0.loadedCenter = ChargingApp.kasselCentre
    }
    tester.receive(.favourites(.loaded([]))) { $0.favouriteSites = [] }
    tester.receive(.route(.citiesLoaded(try await BundledCities.largest()))) { $0.cities = towns }
    #expect(tester.host.topTemplate?.title == "Chargers · All")
    // Unlocked: the setup is read again (the driver may have changed tariffs on the phone),
    // and the places and favourites load again for it; the screens stay as they are.
    await tester.drive({ $0.unlockPhone() }, operations: []) { _ in }
    tester.receive(.setupLoaded(DriverSetup())) { $0.request = 2 }
    tester.receive(
      .charge(.loaded(request: 2, center: ChargingApp.kasselCentre, kassel, located: false)))
    tester.receive(.favourites(.loaded([])))
    #expect(tester.host.topTemplate?.title == "Chargers · All")
    await Spec.end(tester)
  }

  @Test("displays (charging-displays): six displays, both styles, limited lists, every tab")
  func displays() async throws {
    let tester = CarAppTester(app: Fixture.app(), state: ChargingApp.State())
    // The first loads answer in any order: the connection is checked by its end state.
    tester.exhaustive = false
    await tester.connect(SessionConfiguration(display: .minimum))
    tester.exhaustive = true
    #expect(tester.currentState.sites.count == ChargingScreens.pointLimit)
    // A new display or style redraws on the host's side: the app sends nothing.
    for change: (inout SessionConfiguration) -> Void in [
      { $0.display = .standard },
      {
        $0.display = .wide540
        $0.contentStyle = .dark
      },
      { $0.display = .hd }, { $0.display = .wide },
      {
        $0.display = .portrait
        $0.contentStyle = .light
      },
      { $0.limitedUserInterfaces = .lists },
    ] {
      await tester.drive(Self.configure(change), operations: []) { _ in }
      #expect(tester.host.topTemplate?.title == "Chargers · All")
    }
    await tester.drive({ try $0.selectTab(2) }, operations: []) { $0.tab = .route }
    #expect(tester.host.topTemplate?.title == "Route")
    // Favourites load again whenever their tab is shown.
    await tester.drive({ try $0.selectTab(1) }, operations: []) { $0.tab = .favourites }
    tester.receive(.favourites(.loaded([])))
    #expect(tester.host.topTemplate?.title == "Favourites")
    await tester.drive({ try $0.selectTab(0) }, operations: []) { $0.tab = .charge }
    await tester.tap(ChargeRoute.showFilters, operations: [.push(.list, "filters")]) {
      $0.chargeDestination = .filters
    }
    await tester.drive(
      Self.configure {
        $0.contentStyle = .dark
        $0.limitedUserInterfaces = []
      }, operations: []
    ) { _ in }
    #expect(tester.host.topTemplate?.title == "Filters")
    await Spec.end(tester)
  }

  @Test("refresh (charging-refresh): the car moves, empty, failing and normal data, retry, zoom")
  func refresh() async throws {
    let tester = try await Spec.connected()
    let here = Self.hannMuenden
    let near = try await Self.sites(center: here)
    let kassel = try await Self.sites(
      center: Self.kasselRegion.center, region: Self.kasselRegion)
    // 20 km away: the places load for the car's new position.
    await tester.drive(
      { $0.moveTo(here) },
      operations: [
        .update(.pointOfInterest, "charge"), .update(.list, "route"),
        .update(.pointOfInterest, "charge"),
      ]
    ) {
      $0.car = here
      $0.carKnown = true
      $0.request = 2
    }
    tester.receive(.charge(.loaded(request: 2, center: here, near, located: true))) {
      $0.places = .loaded(near)
      $0.loadedCenter = here
    }
    // An empty source: the refresh after 60 s finds nothing.
    tester.dataSource.mode = .empty
    await tester.advanceTime(by: .seconds(59), operations: [])
    await tester.advanceTime(by: .seconds(1), operations: [])
    tester.receive(.charge(.refresh)) { $0.request = 3 }
    tester.receive(.charge(.loaded(request: 3, center: here, [], located: true))) {
      $0.places = .loaded([])
    }
    tester.assertOperations([.update(.pointOfInterest, "charge")])
    #expect(tester.host.topTemplate?.title == "No chargers here — zoom out or change the filter")
    // Normal again: the next refresh shows the places.
    tester.dataSource.mode = .normal
    await tester.advanceTime(by: .seconds(60), operations: [])
    tester.receive(.charge(.refresh)) {
      $0.request = 4
      $0.places = .loading
    }
    tester.receive(.charge(.loaded(request: 4, center: here, near, located: true))) {
      $0.places = .loaded(near)
    }
    tester.assertOperations([
      .update(.pointOfInterest, "charge"), .update(.pointOfInterest, "charge"),
    ])
    // A failing source: the earlier places stay, marked as not current, with Retry.
    tester.dataSource.mode = .failing
    await tester.advanceTime(by: .seconds(60), operations: [])
    let reason =
      "cannot load places chargers near 51.4167,9.65 from BNetzA Ladesäulenregister "
      + "(2022-01-01 + 2026-01-28), CC BY 4.0: \(DataSourceMode.failingReason)"
    tester.receive(.charge(.refresh)) { $0.request = 5 }
    tester.receive(.charge(.failed(request: 5, reason))) {
      $0.places = .failed(reason, stale: near)
    }
    tester.assertOperations([.update(.pointOfInterest, "charge")])
    #expect(tester.host.topTemplate?.title == "Not updated — showing earlier chargers")
    tester.dataSource.mode = .normal
    await tester.tap(ChargeRoute.retry, operations: [.update(.pointOfInterest, "charge")]) {
      $0.request = 6
    }
    tester.receive(.charge(.loaded(request: 6, center: here, near, located: true))) {
      $0.places = .loaded(near)
    }
    #expect(tester.host.topTemplate?.title == "Chargers · All")
    // Zoomed out over half of Germany: too far to list the best chargers.
    let wide = BoundingBox(
      minimum: Coordinate(latitude: 49, longitude: 7),
      maximum: Coordinate(latitude: 53, longitude: 12))
    await tester.drive({ try $0.changeMapRegion(wide) }, operations: []) { $0.region = wide }
    await tester.advanceTime(by: .seconds(1), operations: [])
    tester.receive(.charge(.regionSettled)) {
      $0.request = 7
      $0.places = .zoomedOutTooFar
    }
    tester.assertOperations([.update(.pointOfInterest, "charge")])
    #expect(tester.host.topTemplate?.title == "Zoomed out too far — zoom in to see chargers")
    // Back over Kassel: the region's places.
    await tester.drive({ try $0.changeMapRegion(Self.kasselRegion) }, operations: []) {
      $0.region = Self.kasselRegion
    }
    await tester.advanceTime(by: .seconds(1), operations: [])
    tester.receive(.charge(.regionSettled)) {
      $0.request = 8
      $0.places = .loading
    }
    tester.receive(
      .charge(.loaded(request: 8, center: Self.kasselRegion.center, kassel, located: false))
    ) {
      $0.places = .loaded(kassel)
      $0.loadedCenter = Self.kasselRegion.center
    }
    tester.assertOperations([
      .update(.pointOfInterest, "charge"), .update(.pointOfInterest, "charge"),
    ])
    #expect(tester.host.topTemplate?.title == "Chargers · All")
    await Spec.end(tester)
  }

  @Test("trip (charging-trip): Stuttgart with a stop, Navigate and Continue, Bremen without")
  func trip() async throws {
    let tester = CarAppTester(app: Fixture.app(), state: ChargingApp.State())
    tester.exhaustive = false
    await tester.connect(SessionConfiguration(display: .wide))
    tester.exhaustive = true
    let cities = tester.currentState.cities
    let stuttgart = try #require(cities.first { $0.name == "Stuttgart" })
    let bremen = try #require(cities.first { $0.name == "Bremen" })
    // The car's position is reported where the app assumed it: nothing to load.
    await tester.drive(
      { $0.moveTo(ChargingApp.kasselCentre) }, operations: [.update(.pointOfInterest, "charge")]
    ) {
      $0.carKnown = true
    }
    await tester.drive({ try $0.selectTab(2) }, operations: []) { $0.tab = .route }
    await tester.tap(
      ChargeRoute.destination(.city("Stuttgart")),
      operations: [
        .update(.list, "route"), .push(.information, "trip"), .update(.information, "trip"),
      ]
    ) {
      $0.recent = [stuttgart]
      $0.trip = .planning(stuttgart)
    }
    let toStuttgart = try await Self.plan(to: stuttgart)
    let stop = try #require(toStuttgart.stops.first)
    #expect(stop.name == "IONITY GmbH, Riedener Wald West, Hausen bei Würzburg")
    tester.receive(.route(.planned(toStuttgart))) { $0.trip = .planned(toStuttgart) }
    #expect(tester.host.topTemplate?.title == "To Stuttgart")
    // Navigate to Stop 1 hands the stop to Maps; Continue hands the destination.
    await tester.tap(ChargeRoute.startNavigation, operations: []) { _ in }
    #expect(
      tester.host.openedURLs.last
        == ChargingApp.directions(to: stop.coordinate, label: stop.name))
    await tester.tap(ChargeRoute.continueToDestination, operations: []) { _ in }
    #expect(
      tester.host.openedURLs.last
        == ChargingApp.directions(to: stuttgart.coordinate, label: stuttgart.name))
    await tester.drive(Self.configure { $0.display = .minimum }, operations: []) { _ in }
    await tester.drive({ try $0.back() }, operations: []) { $0.trip = .none }
    await tester.tap(
      ChargeRoute.destination(.city("Bremen")),
      operations: [
        .update(.list, "route"), .push(.information, "trip"), .update(.information, "trip"),
      ]
    ) {
      $0.recent = [bremen, stuttgart]
      $0.trip = .planning(bremen)
    }
    let toBremen = try await Self.plan(to: bremen)
    #expect(toBremen.stops.isEmpty)
    tester.receive(.route(.planned(toBremen))) { $0.trip = .planned(toBremen) }
    #expect(tester.host.topTemplate?.title == "To Bremen")
    await Spec.end(tester)
  }

  @Test("destinations (charging-destinations): two favourites from Details, More towns, a town")
  func destinations() async throws {
    let tester = try await Spec.connected()
    let centre = Self.kasselRegion.center
    await Self.locateInKassel(tester)
    let shown = try await Self.sites(center: centre, region: Self.kasselRegion)
    await Self.showRegion(tester, Self.kasselRegion, request: 2, sites: shown)
    let goethe = try #require(shown.first { $0.site.title == "Goethestr. 23, Kassel" })
    let koenig = try #require(shown.first { $0.site.title == "Königstor 61, Kassel" })
    var setup = DriverSetup()
    var request = 2
    for site in [goethe, koenig] {
      await tester.tap(ChargeRoute.point(site.id), operations: []) { $0.selected = site.id }
      let details = TemplateID("details-\(site.id.rawValue)")
      await tester.drive(
        { try $0.pressPointButton(primary: true) }, operations: [.push(.information, details)]
      ) {
        $0.chargeDestination = .details(site)
      }
      // Saved at once; the store's answer reloads the places and the Favourites tab.
      setup.favourites.insert(site.id)
      await tester.tap(
        ChargeRoute.toggleFavourite,
        operations: [
          .update(.information, details), .update(.list, "favourites"), .update(.list, "route"),
        ]
      ) {
        $0.setup = setup
      }
      request += 1
      tester.receive(.details(.delegate(.setupSaved(setup)))) { $0.request = request }
      let reloaded = try await Self.sites(center: centre, region: Self.kasselRegion, setup: setup)
      tester.receive(.charge(.loaded(request: request, center: centre, reloaded))) {
        $0.places = .loaded(reloaded)
      }
      let favourites = try await Self.favourites(setup, near: ChargingApp.kasselCentre)
      tester.receive(.favourites(.loaded(favourites))) { $0.favouriteSites = favourites }
      await tester.drive({ try $0.back() }, operations: []) { $0.chargeDestination = nil }
    }
    #expect(tester.currentState.favouriteSites?.map(\.id).sorted() == [goethe.id, koenig.id].sorted())
    await tester.drive({ try $0.selectTab(2) }, operations: []) { $0.tab = .route }
    #expect(tester.host.topTemplate?.title == "Route")
    await tester.tap(ChargeRoute.moreTowns, operations: [.push(.list, "towns")]) {
      $0.showsAllTowns = true
    }
    #expect(tester.host.topTemplate?.title == "Towns")
    let munich = try #require(tester.currentState.cities.first { $0.name == "München" })
    await tester.tap(
      ChargeRoute.town("München"),
      operations: [
        .update(.list, "route"), .push(.information, "trip"), .update(.information, "trip"),
      ]
    ) {
      $0.recent = [munich]
      $0.trip = .planning(munich)
    }
    let plan = try await TripService.plan(
      TripRequest(
        from: ChargingApp.kasselCentre, destination: munich, setup: setup, departure: priceDate))
    tester.receive(.route(.planned(plan))) { $0.trip = .planned(plan) }
    #expect(tester.host.topTemplate?.title == "To München")
    await tester.drive({ try $0.back() }, operations: []) { $0.trip = .none }
    await tester.drive({ try $0.back() }, operations: []) { $0.showsAllTowns = false }
    #expect(tester.host.topTemplate?.title == "Route")
    await Spec.end(tester)
  }

  @Test("rows (charging-rows): no tariff chosen, a pin's Details, a smaller display, a tariff")
  func rows() async throws {
    let phone = PhoneSettingsBox()
    var overrides = CarDependencyOverrides()
    overrides[PhoneSettingsKey.self] = phone
    let tester = CarAppTester(
      app: Fixture.app(), state: ChargingApp.State(), dependencies: overrides)
    tester.exhaustive = false
    await tester.connect(Fixture.standard)
    tester.exhaustive = true
    let centre = Self.kasselRegion.center
    await Self.locateInKassel(tester)
    // No tariff on the phone: the same setup as before, read again; the places load again.
    await tester.drive({ _ in phone.set("tariffs", to: []) }, operations: []) { _ in }
    tester.receive(.setupLoaded(DriverSetup())) { $0.request = 2 }
    let kassel = try await Self.sites(center: ChargingApp.kasselCentre)
    tester.receive(
      .charge(.loaded(request: 2, center: ChargingApp.kasselCentre, kassel, located: true)))
    tester.receive(.favourites(.loaded([])))
    let shown = try await Self.sites(center: centre, region: Self.kasselRegion)
    await Self.showRegion(tester, Self.kasselRegion, request: 3, sites: shown)
    #expect(tester.host.screenText.contains(" 1 ○ Goethestr. 23, Kassel"))
    let goethe = try #require(shown.first { $0.site.title == "Goethestr. 23, Kassel" })
    await tester.tap(ChargeRoute.point(goethe.id), operations: []) { $0.selected = goethe.id }
    await tester.drive(
      { try $0.pressPointButton(primary: true) },
      operations: [.push(.information, TemplateID("details-\(goethe.id.rawValue)"))]
    ) {
      $0.chargeDestination = .details(goethe)
    }
    #expect(tester.host.screenText.contains("Your tariffs: no tariff chosen"))
    await tester.drive({ try $0.back() }, operations: []) { $0.chargeDestination = nil }
    await tester.drive(Self.configure { $0.display = .minimum }, operations: []) { _ in }
    // A tariff chosen on the phone: the places are priced with it.
    let tariff = DriverSetup(tariffIDs: ["retail-mobility-plus-charging"])
    await tester.drive(
      { _ in phone.set("tariffs", to: tariff.tariffIDs) },
      operations: [.update(.pointOfInterest, "charge")]
    ) { _ in }
    tester.receive(.setupLoaded(tariff)) {
      $0.setup = tariff
      $0.request = 4
    }
    let priced = try await Self.sites(center: centre, region: Self.kasselRegion, setup: tariff)
    tester.receive(.charge(.loaded(request: 4, center: centre, priced))) {
      $0.places = .loaded(priced)
    }
    tester.receive(.favourites(.loaded([])))
    #expect(!tester.host.screenText.contains("roaming"))
    await Spec.end(tester)
  }

  @Test("Siri near a town (charging-siri-place): Göttingen's region, fast, then CCS; no Atlantis")
  func siriPlace() async throws {
    let tester = try await Spec.connected()
    await Self.locateInKassel(tester)
    await tester.drive({ try $0.selectTab(2) }, operations: []) { $0.tab = .route }
    // Göttingen is one of the towns Siri resolves (not one of the Route tab's largest).
    let town = TripDestination(
      name: "Göttingen", coordinate: Coordinate(latitude: 51.53334, longitude: 9.93542))
    let region = ChargingApp.region(near: town.coordinate)
    #expect(abs(region.minimum.latitude - 51.38334) < 1e-9)
    #expect(abs(region.maximum.longitude - 10.18542) < 1e-9)
    await tester.drive(
      { try $0.say("Hey Siri, show fast chargers near Göttingen in Wayside") },
      operations: [
        .update(.pointOfInterest, "charge"), .selectTab(0), .update(.pointOfInterest, "charge"),
      ]
    ) {
      $0.tab = .charge
      $0.filter.fastOnly = true
      $0.region = region
      $0.nearPlace = town
      $0.request = 2
    }
    let fast = try await Self.sites(
      center: region.center, region: region, filter: ChargeFilter(fastOnly: true))
    tester.receive(.charge(.loaded(request: 2, center: region.center, fast))) {
      $0.places = .loaded(fast)
      $0.loadedCenter = region.center
    }
    #expect(tester.host.topTemplate?.title == "Chargers · Fast · near Göttingen")
    #expect(tester.host.screenText.contains("Bahnhofsplatz 1, Göttingen"))
    var ccs = ChargeFilter(fastOnly: true)
    ccs.connectors = [.ccs]
    await tester.drive(
      { try $0.say("Show fast chargers with CCS") },
      operations: [.update(.pointOfInterest, "charge")]
    ) {
      $0.filter = ccs
      $0.request = 3
    }
    let withCCS = try await Self.sites(center: region.center, region: region, filter: ccs)
    tester.receive(.charge(.loaded(request: 3, center: region.center, withCCS))) {
      $0.places = .loaded(withCCS)
    }
    #expect(tester.host.topTemplate?.title == "Chargers · Fast · CCS · near Göttingen")
    #expect(tester.host.shortcut(matching: "Show fast chargers near Atlantis in Wayside") == nil)
    // Fast is on already: the same places load again, the screen stays.
    await tester.drive({ try $0.say("Show fast chargers in Wayside") }, operations: []) {
      $0.request = 4
    }
    tester.receive(.charge(.loaded(request: 4, center: region.center, withCCS)))
    #expect(tester.host.topTemplate?.title == "Chargers · Fast · CCS · near Göttingen")
    await Spec.end(tester)
  }

  @Test("the map's region (charging-map-region): regions, pans, pinches and drags with a knob")
  func mapRegion() async throws {
    let tester = CarAppTester(app: Fixture.app(), state: ChargingApp.State())
    tester.host.inputKind = .knob
    tester.exhaustive = false
    await tester.connect(Fixture.standard)
    tester.exhaustive = true
    let sea = BoundingBox(
      minimum: Coordinate(latitude: 54.4, longitude: 6.4),
      maximum: Coordinate(latitude: 54.46, longitude: 6.5))
    let kassel = try await Self.sites(center: Self.kasselRegion.center, region: Self.kasselRegion)
    await Self.showRegion(tester, Self.kasselRegion, request: 2, sites: kassel)
    #expect(tester.host.screenText.contains("Map · 12 places"))
    await Self.showRegion(tester, sea, request: 3, sites: [])
    #expect(tester.host.topTemplate?.title == "No chargers here — zoom out or change the filter")
    var request = 3
    /// The debounce passes: the region the app holds loads; `operations` are the Charge tab's
    /// updates (one when the places change, two when an empty map shows Loading first, none
    /// when the same places come back).
    func load(
      _ operations: [ExpectedOperation], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
      let region = try #require(tester.currentState.region, sourceLocation: sourceLocation)
      request += 1
      let sites = try await Self.sites(center: region.center, region: region)
      await tester.advanceTime(by: .seconds(1), operations: [], sourceLocation: sourceLocation)
      tester.receive(.charge(.regionSettled), {
        $0.request = request
        if case .loaded(let shown) = $0.places, shown.isEmpty { $0.places = .loading }
      }, sourceLocation: sourceLocation)
      tester.receive(
        .charge(.loaded(request: request, center: region.center, sites)), {
        $0.places = .loaded(sites)
        $0.loadedCenter = region.center
      }, sourceLocation: sourceLocation)
      tester.assertOperations(operations, sourceLocation: sourceLocation)
    }
    /// A driver's gesture moves the map by the host's own arithmetic: the app holds the region
    /// the host reports (the journey's transcript line names it).
    func move(
      _ gesture: @escaping (CarSimulator) throws -> Void, to transcript: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async {
      await tester.drive(gesture, operations: [], {
        $0.region = tester.host.mapRegion(of: ChargingScreens.chargeID)
      }, sourceLocation: sourceLocation)
      #expect(
        tester.host.transcript.text(from: 0).contains("region \(transcript) in 'charge'"),
        sourceLocation: sourceLocation)
    }
    func region(_ box: BoundingBox) async {
      await tester.drive({ try $0.changeMapRegion(box) }, operations: []) { $0.region = box }
    }
    let empty = "No chargers here — zoom out or change the filter"
    await move({ try $0.pan(.left) }, to: "54.4,6.35 54.46,6.45")
    try await load([.update(.pointOfInterest, "charge"), .update(.pointOfInterest, "charge")])
    #expect(tester.host.topTemplate?.title == empty)
    await move({ try $0.pan(.right) }, to: "54.4,6.4 54.46,6.5")
    await region(Self.kasselRegion)
    try await load([.update(.pointOfInterest, "charge"), .update(.pointOfInterest, "charge")])
    #expect(tester.host.screenText.contains("12 ○ Obere Königsstraße 8, Kassel"))
    await move({ try $0.pan(.right) }, to: "51.28,9.47 51.34,9.57")
    try await load([.update(.pointOfInterest, "charge")])
    await move({ try $0.zoomGesture(scale: 0.5) }, to: "51.25,9.42 51.37,9.62")
    try await load([])
    #expect(tester.host.topTemplate?.title == "Chargers · All")
    await region(Self.kasselRegion)
    await move({ try $0.drag(dx: -100, dy: 0) }, to: "51.28,9.53548 51.34,9.63548")
    await move({ try $0.zoomGesture(scale: 2) }, to: "51.295,9.56048 51.325,9.61048")
    await move({ try $0.drag(dx: 0, dy: 50) }, to: "51.313043,9.56048 51.343043,9.61048")
    try await load([.update(.pointOfInterest, "charge")])
    #expect(tester.host.screenText.contains(" 1 ○ Hermann-Scheer-Str. 2, Niestetal"))
    await region(sea)
    try await load([.update(.pointOfInterest, "charge")])
    #expect(tester.host.topTemplate?.title == empty)
    await region(
      BoundingBox(
        minimum: Coordinate(latitude: 51.313043, longitude: 9.56048),
        maximum: Coordinate(latitude: 51.343043, longitude: 9.61048)))
    try await load([.update(.pointOfInterest, "charge"), .update(.pointOfInterest, "charge")])
    #expect(tester.host.screenText.contains("Map · 1 place "))
    await Spec.end(tester)
  }

  @Test("drivers (charging-drivers): Siri and Filters, a trip, a reconnect elsewhere, the phone's tariffs and cars")
  func drivers() async throws {
    let phone = PhoneSettingsBox()
    var overrides = CarDependencyOverrides()
    overrides[PhoneSettingsKey.self] = phone
    let tester = CarAppTester(
      app: Fixture.app(), state: ChargingApp.State(), dependencies: overrides)
    tester.exhaustive = false
    await tester.connect(Fixture.standard)
    tester.exhaustive = true
    let kassel = ChargingApp.kasselCentre
    let fast = ChargeFilter(fastOnly: true)
    await Self.locateInKassel(tester)
    await tester.drive(
      { try $0.say("Hey Siri, show fast chargers in Wayside") },
      operations: [.update(.pointOfInterest, "charge"), .update(.pointOfInterest, "charge")]
    ) {
      $0.filter = fast
      $0.request = 2
    }
    let fastInKassel = try await Self.sites(center: kassel, filter: fast)
    tester.receive(.charge(.loaded(request: 2, center: kassel, fastInKassel, located: true))) {
      $0.places = .loaded(fastInKassel)
    }
    #expect(tester.host.topTemplate?.title == "Chargers · Fast")
    await tester.tap(ChargeRoute.showFilters, operations: [.push(.list, "filters")]) {
      $0.chargeDestination = .filters
    }
    await tester.tap(
      ChargeRoute.filter(.fast),
      operations: [
        .update(.pointOfInterest, "charge"), .update(.list, "filters"),
        .update(.pointOfInterest, "charge"),
      ]
    ) {
      $0.filter = ChargeFilter()
      $0.request = 3
    }
    let allInKassel = try await Self.sites(center: kassel)
    tester.receive(.charge(.loaded(request: 3, center: kassel, allInKassel, located: true))) {
      $0.places = .loaded(allInKassel)
    }
    await tester.drive({ try $0.back() }, operations: []) { $0.chargeDestination = nil }
    #expect(tester.host.topTemplate?.title == "Chargers · All")
    await tester.drive(
      { try $0.say("show fast chargers") },
      operations: [.update(.pointOfInterest, "charge"), .update(.pointOfInterest, "charge")]
    ) {
      $0.filter = fast
      $0.request = 4
    }
    tester.receive(.charge(.loaded(request: 4, center: kassel, fastInKassel, located: true))) {
      $0.places = .loaded(fastInKassel)
    }
    await tester.drive({ try $0.selectTab(2) }, operations: []) { $0.tab = .route }
    let bremen = try #require(tester.currentState.cities.first { $0.name == "Bremen" })
    await tester.tap(
      ChargeRoute.destination(.city("Bremen")),
      operations: [
        .update(.list, "route"), .push(.information, "trip"), .update(.information, "trip"),
      ]
    ) {
      $0.recent = [bremen]
      $0.trip = .planning(bremen)
    }
    let toBremen = try await Self.plan(to: bremen)
    #expect(toBremen.stops.isEmpty && Int(toBremen.kilometres.rounded()) == 289)
    tester.receive(.route(.planned(toBremen))) { $0.trip = .planned(toBremen) }
    await tester.disconnect {
      $0.connected = false
      $0.request = 5
    }
    // Hannover while the car is off; on the next connection the Route tab is shown again,
    // without the old trip, and the places load where the car is now.
    let hannover = Coordinate(latitude: 52.3759, longitude: 9.7320)
    await tester.drive({ $0.moveTo(hannover) }, operations: []) { $0.car = hannover }
    await tester.connect(
      Fixture.standard,
      operations: [.setRoot(.tabBar, "charging"), .update(.pointOfInterest, "charge")]
    ) {
      $0.connected = true
      $0.loadedCenter = nil
      $0.trip = .none
    }
    tester.receive(.setupLoaded(DriverSetup())) { $0.request = 6 }
    var request = 6
    func reloaded(_ setup: DriverSetup, sourceLocation: SourceLocation = #_sourceLocation)
      async throws
    {
      let sites = try await Self.sites(center: hannover, filter: fast, setup: setup)
      tester.receive(
        .charge(.loaded(request: request, center: hannover, sites, located: true)),
        { $0.places = .loaded(sites); $0.loadedCenter = hannover }, sourceLocation: sourceLocation)
      tester.receive(.favourites(.loaded([])), sourceLocation: sourceLocation)
    }
    try await reloaded(DriverSetup())
    #expect(tester.host.topTemplate?.title == "Route")
    #expect(!tester.host.screenText.contains("289 km"))
    await tester.drive({ try $0.selectTab(0) }, operations: []) { $0.tab = .charge }
    /// A phone setting read back as the driver's setup; the places load again for it.
    func phoneSets(
      _ key: String, _ values: [String], _ setup: DriverSetup, operations: [ExpectedOperation],
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
      await tester.drive(
        { _ in phone.set(key, to: values) }, operations: operations, { _ in },
        sourceLocation: sourceLocation)
      request += 1
      tester.receive(
        .setupLoaded(setup),
        {
          $0.setup = setup
          $0.request = request
          if case .loaded(let shown) = $0.places, shown.isEmpty { $0.places = .loading }
        }, sourceLocation: sourceLocation)
      try await reloaded(setup, sourceLocation: sourceLocation)
    }
    let tariffs = ["retail-mobility-plus-charging", "retail-aral-pulse-adac-e-charge"]
    try await phoneSets(
      "tariffs", tariffs, DriverSetup(tariffIDs: tariffs),
      operations: [.update(.pointOfInterest, "charge")])
    try await phoneSets(
      "vehicle", ["id3-77"], DriverSetup(tariffIDs: tariffs, vehicleID: "id3-77"),
      operations: [])
    #expect(tester.host.topTemplate?.title == "Chargers · Fast")
    #expect(!tester.host.screenText.contains("no tariff chosen"))
    // A car that cannot charge fast: no fast chargers at all.
    try await phoneSets(
      "vehicle", ["zoe-ze40"], DriverSetup(tariffIDs: tariffs, vehicleID: "zoe-ze40"),
      operations: [.update(.pointOfInterest, "charge")])
    #expect(tester.currentState.places == .loaded([]))
    #expect(
      tester.host.topTemplate?.title == "No chargers here — zoom out or change the filter")
    try await phoneSets(
      "tariffs", [], DriverSetup(vehicleID: "zoe-ze40"),
      operations: [.update(.pointOfInterest, "charge"), .update(.pointOfInterest, "charge")])
    try await phoneSets(
      "vehicle", ["model-y-lr-2020"], DriverSetup(vehicleID: "model-y-lr-2020"),
      operations: [.update(.pointOfInterest, "charge"), .update(.pointOfInterest, "charge")])
    #expect(tester.host.topTemplate?.title == "Chargers · Fast")
    #expect(tester.host.screenText.contains(" kW · 0.62 €/kWh roaming"))
    await Spec.end(tester)
  }

  @Test("destination search (charging-search): a town, a street, limited keyboard, iOS 26.4")
  func search() async throws {
    let tester = CarAppTester(app: Fixture.app(), state: ChargingApp.State())
    tester.exhaustive = false
    await tester.connect(SessionConfiguration(display: .standard, systemVersion: .iOS27))
    tester.exhaustive = true
    await Self.locateInKassel(tester)
    await tester.drive({ try $0.selectTab(2) }, operations: []) { $0.tab = .route }
    let towns = try await PlaceDirectory.bundled().places
    let chargers = try await Fixture.germany()
    /// Types `text` into the search template; the results arrive for it.
    func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async {
      await tester.drive(
        { try $0.typeSearch(text) },
        operations: [.update(.search, "search"), .update(.search, "search")],
        { $0.search?.query = text }, sourceLocation: sourceLocation)
      let results = DestinationSearch.results(
        text, towns: towns, search: chargers, car: ChargingApp.kasselCentre)
      tester.receive(
        .route(.searchResults(text, results)), { $0.search?.results = results },
        sourceLocation: sourceLocation)
    }
    await tester.tap(ChargeRoute.searchDestinations, operations: [.push(.search, "search")]) {
      $0.search = RouteFeature.SearchState()
    }
    await type("Münch")
    #expect(tester.host.screenText.contains("Town · Bayern"))
    let munich = try #require(tester.currentState.search?.results.first { $0.name == "München" })
    await tester.tap(
      ChargeRoute.searchResult(munich.id),
      operations: [
        .update(.list, "route"), .push(.information, "trip"), .update(.information, "trip"),
      ]
    ) {
      $0.recent = [munich.destination]
      $0.trip = .planning(munich.destination)
    }
    let plan = try await Self.plan(to: munich.destination)
    tester.receive(.route(.planned(plan))) { $0.trip = .planned(plan) }
    #expect(tester.host.topTemplate?.title == "To München")
    await tester.drive({ try $0.back() }, operations: []) { $0.trip = .none }
    await tester.drive({ try $0.back() }, operations: []) { $0.search = nil }
    #expect(tester.host.topTemplate?.title == "Route")
    await tester.tap(ChargeRoute.searchDestinations, operations: [.push(.search, "search")]) {
      $0.search = RouteFeature.SearchState()
    }
    await type("Wilhelmsh")
    #expect(tester.host.screenText.contains("Street with chargers"))
    #expect(tester.host.screenText.contains("Wilhelmshöher Allee, Kassel"))
    await tester.drive({ try $0.back() }, operations: []) { $0.search = nil }
    // No keyboard while driving: the search row says only "Towns".
    await tester.drive(
      Self.configure { $0.limitedUserInterfaces = .keyboard }, operations: [.update(.list, "route")]
    ) { _ in }
    #expect(!tester.host.screenText.contains("Towns, streets and chargers"))
    await tester.drive(
      Self.configure { $0.limitedUserInterfaces = [] }, operations: [.update(.list, "route")]
    ) { _ in }
    #expect(tester.host.screenText.contains("Towns, streets and chargers"))
    await tester.disconnect {
      $0.connected = false
      $0.request = 2
    }
    // iOS 26.4 has no search template in CarPlay: the row is gone.
    await tester.connect(
      SessionConfiguration(display: .standard, systemVersion: .iOS26_4),
      operations: [.setRoot(.tabBar, "charging")]
    ) {
      $0.connected = true
      $0.loadedCenter = nil
    }
    tester.receive(.setupLoaded(DriverSetup())) { $0.request = 3 }
    let kassel = try await Self.sites(center: ChargingApp.kasselCentre)
    tester.receive(
      .charge(.loaded(request: 3, center: ChargingApp.kasselCentre, kassel, located: true))
    ) {
      $0.loadedCenter = ChargingApp.kasselCentre
    }
    tester.receive(.favourites(.loaded([])))
    await tester.drive({ try $0.selectTab(2) }, operations: []) { _ in }
    #expect(tester.host.topTemplate?.title == "Route")
    #expect(!tester.host.screenText.contains("Towns, streets and chargers"))
    #expect(
      tester.host.refusal(of: .tapRow(ChargeRoute.searchDestinations.address.element)) != nil)
    await Spec.end(tester)
  }
}
