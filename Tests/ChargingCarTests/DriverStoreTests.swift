import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Charging
import ChargingData
import Foundation
import StationStore
import Testing

@testable import ChargingCar

@MainActor
@Suite("Charging app: the driver's setup from the store")
struct DriverStoreTests {
  /// A fresh store folder under the temporary directory.
  static func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-driver-tests-\(UUID().uuidString)")
  }

  /// A site near Kassel and a tariff that changes its subtitle from the no-tariff one.
  static func repricedSite() async throws -> (
    site: PricedSite, tariff: SiteTariffPrice, before: String
  ) {
    let search = try await Fixture.germany()
    let query = SiteQuery(center: ChargingApp.kasselCentre, region: nil, filter: ChargeFilter())
    let plain = search.sites(query, setup: DriverSetup(), start: priceDate)
    let all = search.sites(
      query, setup: DriverSetup(tariffIDs: search.pricing.quoter.catalog.entries.map(\.id)),
      start: priceDate)
    for (without, with) in zip(plain, all) {
      guard let best = with.price.best else { continue }
      let mine = search.sites(
        query, setup: DriverSetup(tariffIDs: [best.tariffID]), start: priceDate)
      if let site = mine.first(where: { $0.id == with.id }),
        ChargingScreens.subtitle(site) != ChargingScreens.subtitle(without)
      {
        return (site, best, ChargingScreens.subtitle(without))
      }
    }
    throw DriverSetupError("no Kassel site is priced differently under a chosen tariff")
  }

  @Test(
    "a tariff chosen in the store changes the Charge tab's prices at once, and a favourite toggled in the car is in user.sqlite afterwards"
  )
  func storeBacked() async throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (site, tariff, before) = try await Self.repricedSite()
    let setup = try DriverSetupStore(directory: directory)
    let app = AnyCarApp(
      "charging", summary: "test",
      app: ChargingApp(services: .bundled(driver: setup.client, now: { priceDate })),
      state: ChargingApp.State())
    let car = SimulatedCar.test(app: app, reportIssue: .failingTest())
    car.connect(Fixture.standard)
    await car.settle()
    #expect(car.host.screenText.contains(before), "\(car.host.screenText)")
    let after = ChargingScreens.subtitle(site)
    #expect(!car.host.screenText.contains(after))

    try setup.chooseTariffs([tariff.tariffID], in: try await BundledTariffs.catalog())
    await car.settle()
    #expect(car.host.screenText.contains(after), "\(car.host.screenText)")

    try car.host.selectPoint(ElementID(site.id.rawValue))
    try car.host.pressPointButton(primary: true)
    await car.settle()
    try car.host.press("favourite")
    await car.settle()
    #expect(car.host.screenText.contains("[Unfavourite]"), "\(car.host.screenText)")
    car.disconnect()
    await car.settle()

    let reopened = try StationStore(directory: directory)
    #expect(try reopened.favouriteStationIDs() == [site.id])
    #expect(try reopened.selectedTariffIDs() == [tariff.tariffID])
  }

  @Test(
    "unknown tariff and vehicle ids are refused with an error naming the id and what was expected")
  func unknownIDs() async throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let setup = try DriverSetupStore(directory: directory)
    let catalog = try await BundledTariffs.catalog()
    let first = try #require(catalog.entries.first)
    try setup.chooseTariffs([first.id, first.id], in: catalog)
    #expect(try setup.setup().tariffIDs == [first.id])
    #expect(throws: DriverSetupError.self) { try setup.chooseTariffs(["no-such"], in: catalog) }
    do {
      try setup.chooseTariffs([first.id, "no-such"], in: catalog)
      Issue.record("an unknown tariff was accepted")
    } catch let error as DriverSetupError {
      #expect(error.message.hasPrefix("unknown tariff 'no-such'; expected an id of the bundled"))
      #expect(error.message.contains(first.id))
    }
    #expect(try setup.setup().tariffIDs == [first.id], "a refused choice changes nothing")
    #expect(try setup.toggleTariff(first.id, in: catalog) == false)
    #expect(try setup.setup().tariffIDs.isEmpty)

    do {
      try setup.setVehicle("bobby-car")
      Issue.record("an unknown vehicle was accepted")
    } catch let error as DriverSetupError {
      #expect(error.message.hasPrefix("unknown vehicle 'bobby-car'; expected one of "))
      #expect(error.message.contains("ioniq5"))
    }
    let profile = try setup.setVehicle("IONIQ5-72")
    #expect(try setup.setup().vehicleID == profile.id)
  }
}
