import CarSession
import CarTemplates
import Charging
import Foundation
import Geo
import Testing

@testable import ChargingCar

@Suite("Live status in the car")
struct LiveStatusScreenTests {
  static let t0 = Date(timeIntervalSince1970: 1_775_000_000)  // 01:33 in Berlin

  static func site() -> PricedSite {
    let stations = ["s1", "s2"].map { id in
      Station(
        id: Station.ID(id), name: "Brenzstraße", operatorName: "SWLB Mobilität GmbH",
        address: Address(street: "Brenzstraße 2", city: "Ludwigsburg"),
        coordinate: Coordinate(latitude: 48.89233, longitude: 9.18329),
        evses: [EVSE(uid: "1", connectors: []), EVSE(uid: "2", connectors: [])],
        source: DataSource(name: "test", date: "2026", licence: "CC BY 4.0", attribution: ""))
    }
    return PricedSite(site: ChargeSite(stations: stations, distanceKilometres: 0.1), price: .noTariffChosen)
  }

  static func update(_ evse: String, _ status: EVSEStatus, _ station: String, at date: Date)
    -> LiveStatusUpdate
  {
    LiveStatusUpdate(
      observation: StatusObservation(evseID: evse, status: status, observedAt: date),
      station: Station.ID(station))
  }

  static func state() -> ChargingApp.State {
    var state = ChargingApp.State(places: .loaded([site()]))
    state.connected = true
    return state
  }

  static func pointSubtitle(_ state: ChargingApp.State) -> String? {
    guard case .pointOfInterest(let spec) = ChargingScreens.chargeTab(state).content else { return nil }
    return spec.points.first?.subtitle
  }

  @Test func theChargeTabSubtitleSaysHowManyChargePointsAreFree() {
    let app = ChargingApp(services: .bundled())
    var state = Self.state()
    #expect(Self.pointSubtitle(state)?.contains("free") == false)
    _ = app.reduce(
      &state,
      .liveStatus(
        [
          Self.update("E1", .available, "s1", at: Self.t0),
          Self.update("E2", .charging, "s1", at: Self.t0),
          Self.update("E3", .available, "s2", at: Self.t0),
          Self.update("E4", .outOfOrder, "s2", at: Self.t0),
        ], at: Self.t0))
    #expect(Self.pointSubtitle(state)?.hasPrefix("2 of 4 free, 1 out of order · ") == true)
  }

  @Test func detailsShowTheStatusWithItsAgeAndStaleStatusAsUnknownSince() {
    let app = ChargingApp(services: .bundled())
    var state = Self.state()
    _ = app.reduce(
      &state,
      .liveStatus(
        [Self.update("E1", .charging, "s1", at: Self.t0), Self.update("E2", .charging, "s2", at: Self.t0)],
        at: Self.t0.addingTimeInterval(180)))
    #expect(ChargingScreens.liveText(state, Self.site()) == "all busy · 3 min ago")
    _ = app.reduce(&state, .applyLiveStatus(at: Self.t0.addingTimeInterval(16 * 60)))
    #expect(ChargingScreens.liveText(state, Self.site()) == "unknown since 01:33")
    guard
      case .information(let spec) = ChargingScreens.details(
        Self.site(), setup: state.setup, live: ChargingScreens.liveText(state, Self.site())
      ).content
    else {
      Issue.record("Details is an information template")
      return
    }
    #expect(spec.items.first { $0.id == "availability" }?.detail == "unknown since 01:33")
  }

  @Test func statusChangesWithinAMinuteAreBufferedAndAppliedOnceByTheTimer() {
    let app = ChargingApp(services: .bundled())
    var state = Self.state()
    _ = app.reduce(&state, .liveStatus([Self.update("E1", .available, "s1", at: Self.t0)], at: Self.t0))
    let effects = app.reduce(
      &state,
      .liveStatus([Self.update("E1", .charging, "s1", at: Self.t0 + 10)], at: Self.t0 + 10))
    #expect(effects.count == 1, "one timer for the rest of the minute")
    #expect(state.live.observation(evseID: "E1")?.status == .available, "not applied yet")
    let more = app.reduce(
      &state,
      .liveStatus([Self.update("E2", .charging, "s2", at: Self.t0 + 20)], at: Self.t0 + 20))
    #expect(more.isEmpty, "the timer already runs")
    _ = app.reduce(&state, .applyLiveStatus(at: Self.t0 + 60))
    #expect(Self.pointSubtitle(state)?.hasPrefix("all busy · ") == true)
  }

  @Test(
    "statuses of sites on no screen (a feed's first poll for another region) refresh nothing: the shown site's first status a moment later is applied at once, the next change waits for the minute"
  )
  func statusesOfUnshownSitesDoNotHoldBackTheShownOnes() {
    let app = ChargingApp(services: .bundled())
    var state = Self.state()
    _ = app.reduce(
      &state, .liveStatus([Self.update("X1", .available, "far-away", at: Self.t0)], at: Self.t0))
    #expect(state.live.observation(evseID: "X1")?.status == .available, "kept")
    #expect(state.liveAppliedAt == nil, "no point changed: no refresh counted")
    _ = app.reduce(
      &state, .liveStatus([Self.update("E1", .available, "s1", at: Self.t0 + 5)], at: Self.t0 + 5))
    #expect(Self.pointSubtitle(state)?.hasPrefix("1 of 1 free · ") == true, "applied at once")
    #expect(state.liveAppliedAt == Self.t0 + 5)
    let buffered = app.reduce(
      &state, .liveStatus([Self.update("E1", .charging, "s1", at: Self.t0 + 10)], at: Self.t0 + 10))
    #expect(buffered.count == 1, "one timer for the rest of the minute")
    #expect(Self.pointSubtitle(state)?.hasPrefix("1 of 1 free · ") == true, "not yet")
  }

  @Test func aStatusChangePatchesTheChargeTabInPlaceWithoutANewRoot() {
    let app = ChargingApp(services: .bundled())
    var state = Self.state()
    let configuration = SessionConfiguration(display: .standard)
    _ = app.reduce(&state, .liveStatus([Self.update("E1", .available, "s1", at: Self.t0)], at: Self.t0))
    let before = ChargingScreens.screen(state, configuration)
    _ = app.reduce(
      &state, .liveStatus([Self.update("E1", .charging, "s1", at: Self.t0 + 61)], at: Self.t0 + 61))
    let after = ChargingScreens.screen(state, configuration)
    #expect(before != after)
    let plan = Reconciler.plan(from: HostScreen(root: before.root), to: after, maximumDepth: 5)
    #expect(plan.operations.count == 1)
    #expect(plan.operations.allSatisfy { $0.isInPlaceUpdate })
  }

  @Test func favouritesShowTheSitesStatus() {
    let app = ChargingApp(services: .bundled())
    var state = Self.state()
    state.favouriteSites = [Self.site()]
    _ = app.reduce(&state, .liveStatus([Self.update("E1", .available, "s1", at: Self.t0)], at: Self.t0))
    guard case .list(let spec) = ChargingScreens.favouritesTab(state).content else {
      Issue.record("Favourites is a list")
      return
    }
    guard case .item(let row)? = spec.sections.first?.rows.first else {
      Issue.record("the favourite is an item row")
      return
    }
    #expect(row.detailText?.contains(" · 1 of 1 free · ") == true)
  }
}
