import ChargingCar
import ChargingData
import Foundation
import Geo
import Pricing
import Testing
import WaysideCLI
import WaysideData

@Suite("wayside price and the charging app agree")
struct CarPriceTests {
  @Test(
    "the price the car shows for a site equals what wayside price computes for the same tariff file, tariff and session"
  )
  func carEqualsCommand() async throws {
    let set = try await BundledStationSet.shared()
    let search = ChargeSearch(
      index: set.index, pricing: SitePricing(quoter: try await BundledTariffs.quoter()))
    let start = Date(timeIntervalSince1970: 1_773_907_200)  // 2026-03-19T09:00:00+01:00
    let stuttgart = Coordinate(latitude: 48.7758, longitude: 9.1829)
    // Ad-hoc prices (no tariff chosen) come from the AFIR file.
    let sites = search.sites(
      SiteQuery(center: stuttgart, region: nil, filter: ChargeFilter(fastOnly: true)),
      setup: DriverSetup(), start: start)
    // With no tariff chosen a site shows the cheapest ad-hoc or roaming price; the ad-hoc ones
    // are the AFIR file's.
    let priced = sites.compactMap { site in
      site.price.prices.first { $0.access == .adHoc }.map { (site, $0) }
    }
    #expect(!priced.isEmpty)
    for (site, price) in priced.prefix(3) {
      let io = CommandIO.capturing()
      let status = await WaysideMain.run(
        [
          "price", "--tariff", BundledData.url(.tariffsAFIR).path, "--tariff-id", price.tariffID,
          "--start", "2026-03-19T09:00:00+01:00", "--kwh", "\(price.energyKWh)",
          "--charge-minutes", "\(price.chargeMinutes)", "--max-power-kw", "\(price.powerKW)",
          "--json",
        ], io: io)
      #expect(status == 0, "\(io.capturedErr)")
      let json = try #require(
        JSONSerialization.jsonObject(with: Data(io.capturedOut.utf8)) as? [String: Any])
      let incl = try #require(json["incl_vat"] as? NSNumber)
      let cents = Int64((incl.doubleValue * 100).rounded())
      #expect(cents == price.total.minorUnits, "\(site.site.title): \(io.capturedOut)")
      // The row shows the cheapest price the data knows (ad-hoc or roaming), never more than
      // the ad-hoc one.
      let shown = try #require(site.price.best)
      #expect(shown.perKilowattHour <= price.perKilowattHour)
      #expect(
        site.price.shortText.hasPrefix(shown.perKilowattHourText), "\(site.price.shortText)")
    }
  }

  @Test("wayside price reads every bundled tariff file", arguments: ["afir", "ocpi", "retail"])
  func everyBundledFile(_ kind: String) async throws {
    let file: BundledData.File =
      switch kind {
      case "afir": .tariffsAFIR
      case "ocpi": .tariffsLudwigsburgOCPI
      default: .tariffsRetail
      }
    let data = try BundledData.data(file)
    let ids: [String]
    if let layout = TariffCatalog.fileKind(of: data), layout != .ocpi {
      ids = try TariffCatalog.load(data, kind: layout).entries.map(\.id)
    } else {
      let root = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
      ids = ((root["tariffs"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
    }
    #expect(ids.count > 1)
    for id in ids.prefix(5) {
      let io = CommandIO.capturing()
      let status = await WaysideMain.run(
        [
          "price", "--tariff", BundledData.url(file).path, "--tariff-id", id, "--start",
          "2026-03-19T09:00:00+01:00", "--kwh", "20", "--charge-minutes", "30",
        ], io: io)
      #expect(status == 0, "\(id): \(io.capturedErr)")
      #expect(io.capturedOut.contains("Total incl. VAT:"))
    }
    // Without --tariff-id the error lists the ids to choose from.
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(
      [
        "price", "--tariff", BundledData.url(file).path, "--start", "2026-03-19T09:00:00+01:00",
        "--kwh", "20", "--charge-minutes", "30",
      ], io: io)
    #expect(status == 2)
    #expect(io.capturedErr.contains(ids[0]))
  }
}
