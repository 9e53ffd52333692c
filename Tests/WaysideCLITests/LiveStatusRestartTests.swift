import Charging
import ChargingCar
import ChargingData
import Foundation
import HTTPServer
import PreviewServer
import StationStore
import Testing

@testable import WaysideCLI

@MainActor
@Suite("The simulator keeps live status across restarts")
struct LiveStatusRestartTests {
  @Test(
    "statuses the simulator's hub heard are in the store folder's stations.sqlite; a simulator started again over the folder shows them with their ages, an old one as unknown since"
  )
  func restartedSimulatorShowsKeptStatus() async throws {
    let folder = StoreFolder()
    defer { folder.cleanUp() }
    var arguments = Arguments(
      ["--store", folder.path, "--port", "0", "--location", "51.3127,9.4797"], command: "serve")
    let options = try ServeCommand.Options.parse(&arguments)
    // 2026-03-19 09:00 CET, inside the validity of every bundled tariff file's data.
    let now = Date(timeIntervalSince1970: 1_773_907_200)
    let set = try await BundledStationSet.shared()
    let search = ChargeSearch(
      index: set.index, pricing: SitePricing(quoter: try await BundledTariffs.quoter()))
    let sites = search.sites(
      SiteQuery(center: options.location.coordinate, region: nil, filter: ChargeFilter()),
      setup: DriverSetup(), start: now)
    let near = try #require(sites.first?.site.stations.first?.id)
    let next = try #require(sites.dropFirst().first?.site.stations.first?.id)
    func observed(_ id: String, _ status: EVSEStatus, _ station: Station.ID, minutesAgo: Double)
      -> LiveStatusUpdate
    {
      LiveStatusUpdate(
        observation: StatusObservation(
          evseID: id, status: status, observedAt: now.addingTimeInterval(-minutesAgo * 60)),
        station: station)
    }

    let first = try ServeCommand.makeBackend(
      options, driver: try DriverStore.open(options.store, .capturing()), now: { now })
    let archive = try #require(first.live.archive, "a simulator with a store keeps live status")
    first.live.publish([
      observed("DE*TST*E1", .charging, near, minutesAgo: 1),
      observed("DE*TST*E2", .charging, near, minutesAgo: 2),
      observed("DE*TST*E3", .available, next, minutesAgo: 30 * 60),
    ])
    await archive.flush()

    // Started again over the same folder: the car shows what the first run heard.
    let second = try ServeCommand.makeBackend(
      options, driver: try DriverStore.open(options.store, .capturing()), now: { now })
    #expect(second.live.current.count == 3)
    let router = PreviewRoutes(backend: second.backend, renderer: second.renderer).router()
    _ = try await PhonePanelTests.post(router, #"{"cmd":"style","value":"day"}"#)
    try await PhonePanelTests.waitUntilLoaded(router, second.backend)
    let screen = try #require(await router.handle(try HTTPRequest(.get, "/screen.txt")).bodyText)
    #expect(screen.contains("all busy"), "\(screen)")
    #expect(screen.contains("unknown since 18 Mar"), "a day-old status gives its date: \(screen)")
    #expect(!screen.contains("1 of 1 free"), "a stale free status is never free: \(screen)")

    // Without a store, nothing is kept.
    let bare = try ServeCommand.makeBackend(options, now: { now })
    #expect(bare.live.archive == nil)
    #expect(bare.live.current.isEmpty)
  }
}
