import CarAppTesting
import CarSession
import Foundation
import Testing

@testable import ChargingCar

/// The charging app's services come from the session's dependency container
/// (Guides/CarSession.md, "Dependencies"), and the data-source switch reaches them there.
@MainActor
@Suite("Charging app: services from the dependency container")
struct ChargingDependencyTests {
  /// Services whose Charge tab finds `sites` whatever is asked, with no towns and no search.
  static func services(_ sites: [PricedSite]) -> ChargingServices {
    var services = ChargingServices(
      sourceName: "test sites",
      search: { throw DataSourceError(source: "test sites", query: "search", reason: "none") },
      driver: .memory(DriverSetupBox()), cities: { [] },
      plan: { _ in throw DataSourceError(source: "test sites", query: "plan", reason: "none") },
      now: { priceDate })
    services.sites = ChargeSitesClient(name: "test sites") { _, _, _ in sites }
    return services
  }

  static func overrides(_ sites: [PricedSite]) -> CarDependencyOverrides {
    var overrides = CarDependencyOverrides()
    overrides[ChargingServicesKey.self] = services(sites)
    return overrides
  }

  @Test("the Charge tab's load reads the sites client the container holds")
  func effectUsesContainerValue() async throws {
    let sites = Array(try Fixture.kassel().sites(
      SiteQuery(center: ChargingApp.kasselCentre, region: nil, filter: ChargeFilter(), limit: 3),
      setup: DriverSetup(), start: priceDate).prefix(2))
    try #require(sites.count == 2)
    // The app value registers the bundled services; the tester's override wins over them.
    let tester = CarAppTester(
      app: Fixture.app(), state: ChargingApp.State(car: ChargingApp.kasselCentre),
      dependencies: Self.overrides(sites))
    tester.exhaustive = false
    await tester.connect(Fixture.standard)
    #expect(tester.currentState.places == .loaded(sites))
  }

  @Test("the Fail switch gives the Charge tab a failing sites client through the container")
  func failSwitchReachesCharging() async throws {
    let sites = try Fixture.kassel().sites(
      SiteQuery(center: ChargingApp.kasselCentre, region: nil, filter: ChargeFilter(), limit: 2),
      setup: DriverSetup(), start: priceDate)
    let tester = CarAppTester(
      app: ChargingApp(), state: ChargingApp.State(car: ChargingApp.kasselCentre),
      dataSource: DataSourceModeBox(.failing), dependencies: Self.overrides(sites))
    tester.exhaustive = false
    await tester.connect(Fixture.standard)
    guard case .failed(let reason, _) = tester.currentState.places else {
      Issue.record("expected a failed Charge tab, got \(tester.currentState.places)")
      return
    }
    #expect(reason.contains(DataSourceMode.failingReason), "\(reason)")
    #expect(reason.contains("test sites"), "the failure names the container's client: \(reason)")
  }

  /// The app created without its services and the test's override deleted: the Charge tab's
  /// load touches the services key, which fails the test naming it, instead of the session
  /// running on the bundled stations and the process's driver store.
  @Test("a deleted override fails the test naming the key")
  func deletedOverrideFails() async {
    await withKnownIssue {
      let tester = CarAppTester(
        app: ChargingApp(), state: ChargingApp.State(car: ChargingApp.kasselCentre))
      tester.exhaustive = false
      await tester.connect(Fixture.standard)
    } matching: { issue in
      "\(issue)".contains("ChargingServicesKey has no test value")
    }
  }
}
