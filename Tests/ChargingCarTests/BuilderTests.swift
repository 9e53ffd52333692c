import CarSession
import CarTemplates
import Charging
import Foundation
import Geo
import Pricing
import Testing

@testable import ChargingCar

@Suite("Charging app: the Charge tab, Details, Filters and Favourites builders")
struct BuilderTests {
  static let kassel = ChargingApp.kasselCentre

  func loadedState(_ sites: [PricedSite], filter: ChargeFilter = ChargeFilter())
    -> ChargingApp.State
  {
    var state = ChargingApp.State(places: .loaded(sites), filter: filter)
    state.loadedCenter = Self.kassel
    return state
  }

  @Test(
    "register rows at one address are one site, whoever operates them, with the sum of charge points"
  )
  func siteGrouping() throws {
    let search = try Fixture.kassel()
    let rows = search.index.nearest(to: Self.kassel, limit: 400)
      .map { (station: $0.station, distance: $0.distanceKilometres) }
    let breitscheid = rows.filter {
      ChargeSite.normalisedStreet($0.station.address.street ?? "") == "breitscheidstr6"
    }
    #expect(breitscheid.count >= 3, "the register lists Breitscheidstraße 6 several times")
    let sites = ChargeSite.group(rows, limit: 400)
    let joined = sites.filter {
      ChargeSite.normalisedStreet($0.representative?.address.street ?? "") == "breitscheidstr6"
    }
    #expect(joined.count == 1)
    let operators = Set(breitscheid.map(\.station.operatorName))
    #expect(operators.count > 1, "two operators run charge points at Breitscheidstraße 6")
    for name in operators { #expect(joined.first?.operatorName.contains(name) == true) }
    #expect(
      joined.reduce(0) { $0 + $1.chargePointCount }
        == breitscheid.reduce(0) { $0 + $1.station.chargePointCount })
    // Every row is in exactly one site.
    #expect(sites.reduce(0) { $0 + $1.stations.count } == rows.count)
  }

  @Test("a site's title is its name, else its street and city")
  func titles() throws {
    let sites = try Fixture.kassel().sites(
      SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter()), setup: DriverSetup(),
      start: priceDate)
    #expect(sites.count == 12)
    for site in sites {
      let station = try #require(site.site.representative)
      let expected = station.name.flatMap { $0.isEmpty ? nil : $0 } ?? station.address.shortText
      #expect(site.site.title == expected)
      #expect(!site.site.title.isEmpty)
    }
  }

  @Test(
    "the subtitle is the max power and the price for the driver's tariffs, e.g. 150 kW · 0.59 €/kWh"
  )
  func subtitleWithTariff() async throws {
    let search = try await Fixture.germany()
    // Find a site near Stuttgart that some tariff prices, then choose that tariff.
    let stuttgart = Coordinate(latitude: 48.7758, longitude: 9.1829)
    let everything = search.sites(
      SiteQuery(center: stuttgart, region: nil, filter: ChargeFilter(fastOnly: true)),
      setup: DriverSetup(tariffIDs: search.pricing.quoter.catalog.entries.map(\.id)),
      start: priceDate)
    let priced = try #require(everything.first { $0.price.best != nil })
    let tariff = try #require(priced.price.best)
    let sites = search.sites(
      SiteQuery(center: stuttgart, region: nil, filter: ChargeFilter(fastOnly: true)),
      setup: DriverSetup(tariffIDs: [tariff.tariffID]), start: priceDate)
    let site = try #require(sites.first { $0.id == priced.id })
    let power = try #require(site.site.maxPower)
    #expect(ChargingScreens.subtitle(site) == "\(power) · \(tariff.perKilowattHourText)")
    #expect(tariff.perKilowattHourText.hasSuffix(" €/kWh"))
    #expect(site.price == .mine([tariff]))
  }

  @Test(
    "with no tariff chosen rows say power and the stand-in price, marked ad-hoc or roaming; Details say no tariff is chosen, never to pick up the phone")
  func noTariffChosen() async throws {
    let search = try await Fixture.germany()
    let stuttgart = Coordinate(latitude: 48.7758, longitude: 9.1829)
    let sites = search.sites(
      SiteQuery(center: stuttgart, region: nil, filter: ChargeFilter(fastOnly: true)),
      setup: DriverSetup(), start: priceDate)
    #expect(sites.count == 12)
    var sawAdHoc = false
    for site in sites {
      let text = ChargingScreens.subtitle(site)
      #expect(text.hasPrefix("\(site.site.powerText) · "), "\(text)")
      #expect(
        text.hasSuffix(" ad-hoc") || text.hasSuffix(" roaming") || text.hasSuffix("no price known"),
        "\(text)")
      if case .adHoc = site.price { sawAdHoc = true }
      let details = ChargingScreens.details(site, setup: DriverSetup())
      let all = (details.informationSpec?.items ?? []).map {
        "\($0.title ?? "") \($0.detail ?? "")"
      }
      .joined(separator: "\n")
      #expect(!all.lowercased().contains("phone"))
      #expect(all.contains("no tariff chosen"))
    }
    #expect(sawAdHoc, "some Stuttgart fast charger has an ad-hoc price in the AFIR data")
  }

  @Test("the Charge tab shows at most 12 places, with Details and Navigate on every card")
  func truncation() throws {
    let sites = try Fixture.kassel().sites(
      SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter(), limit: 30),
      setup: DriverSetup(), start: priceDate)
    #expect(sites.count == 30)
    let tab = ChargingScreens.chargeTab(loadedState(sites))
    let spec = try #require(tab.pointSpec)
    #expect(spec.points.count == 12)
    #expect(spec.points.map(\.id.rawValue) == sites.prefix(12).map(\.id.rawValue))
    for point in spec.points {
      #expect(point.primaryButton?.title == "Details")
      #expect(point.secondaryButton?.title == "Navigate")
    }
    #expect(spec.title == "Chargers · All")
  }

  @Test("loading, empty, failed, failed with earlier places and zoomed-out states are explicit")
  func states() throws {
    let sites = Array(
      try Fixture.kassel().sites(
        SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter()), setup: DriverSetup(),
        start: priceDate))
    func spec(_ places: ChargingApp.Places) throws -> PointOfInterestTemplateSpec {
      try #require(ChargingScreens.chargeTab(ChargingApp.State(places: places)).pointSpec)
    }
    #expect(try spec(.loading).title == "Loading chargers…")
    #expect(try spec(.loaded([])).title == "No chargers here — zoom out or change the filter")
    let failed = try spec(.failed("x", stale: []))
    #expect(failed.title == "Chargers can't be loaded right now")
    #expect(failed.navigationBar.trailing.map(\.title) == ["Retry"])
    #expect(failed.points.isEmpty)
    let stale = try spec(.failed("x", stale: sites))
    #expect(stale.title == "Not updated — showing earlier chargers")
    #expect(stale.points.count == sites.count)
    #expect(stale.points.allSatisfy { $0.summary?.hasPrefix("Earlier result") == true })
    #expect(stale.navigationBar.trailing.map(\.title) == ["Retry"])
    #expect(try spec(.zoomedOutTooFar).title.hasPrefix("Zoomed out too far"))
  }

  @Test("the current filter is visible on the Charge tab and the Filters list says what is on")
  func filterVisible() throws {
    let filter = ChargeFilter(fastOnly: true, connectors: [.ccs], knownPriceOnly: true)
    let tab = ChargingScreens.chargeTab(
      loadedState(
        try Fixture.kassel().sites(
          SiteQuery(center: Self.kassel, region: nil, filter: filter), setup: DriverSetup(),
          start: priceDate), filter: filter))
    let spec = try #require(tab.pointSpec)
    #expect(spec.title == "Chargers · Fast · CCS · Priced" || spec.points.isEmpty)
    let list = try #require(ChargingScreens.filters(filter).listSpec)
    let rows = list.sections.flatMap(\.rows).compactMap { row -> String? in
      if case .item(let item) = row { return "\(item.text)=\(item.detailText ?? "")" }
      return nil
    }
    #expect(rows.contains("Fast charging (≥ 50 kW DC)=On"))
    #expect(rows.contains("CCS=On"))
    #expect(rows.contains("CHAdeMO=Off"))
    #expect(rows.contains("Only with a known price=On"))
  }

  @Test("a register row that says only DC matches the CCS filter and Details say likely CCS")
  func likelyCCS() throws {
    let sites = try Fixture.kassel().sites(
      SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter(connectors: [.ccs])),
      setup: DriverSetup(), start: priceDate)
    let dcOnly = try #require(sites.first { $0.site.hasUnnamedDirectCurrent })
    let items = try #require(
      ChargingScreens.details(dcOnly, setup: DriverSetup()).informationSpec?.items)
    let connectors = try #require(items.first { $0.id == "connectors" }?.detail)
    #expect(connectors.contains("likely CCS"))
    #expect(items.first { $0.id == "availability" }?.detail?.hasPrefix("unknown") == true)
    #expect(items.count <= 10)
  }

  @Test("Details list the price under each tariff, best first, with the price data's date")
  func detailsPrices() async throws {
    let search = try await Fixture.germany()
    let stuttgart = Coordinate(latitude: 48.7758, longitude: 9.1829)
    let all = DriverSetup(tariffIDs: search.pricing.quoter.catalog.entries.map(\.id))
    let sites = search.sites(
      SiteQuery(center: stuttgart, region: nil, filter: ChargeFilter(fastOnly: true)),
      setup: all, start: priceDate)
    let site = try #require(sites.first { $0.price.prices.count >= 2 })
    let prices = site.price.prices
    #expect(zip(prices, prices.dropFirst()).allSatisfy { $0.total <= $1.total })
    let items = try #require(ChargingScreens.details(site, setup: all).informationSpec?.items)
    for (index, price) in prices.prefix(3).enumerated() {
      let item = try #require(items.first { $0.id.rawValue == "price-\(index)" })
      #expect(item.title == price.name)
      #expect(item.detail?.contains("(prices of \(price.dataDate))") == true)
      #expect(item.detail?.hasPrefix(price.perKilowattHourText) == true)
    }
  }

  @Test("the Favourites tab has an empty state, and lists favourites with distance and price")
  func favourites() throws {
    var state = ChargingApp.State(tab: .favourites)
    state.favouriteSites = []
    let empty = try #require(ChargingScreens.favouritesTab(state).listSpec)
    #expect(empty.emptyViewTitleVariants.variants == ["No favourites yet"])
    let sites = try Fixture.kassel().sites(
      SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter()), setup: DriverSetup(),
      start: priceDate)
    state.favouriteSites = Array(sites.prefix(2))
    let list = try #require(ChargingScreens.favouritesTab(state).listSpec)
    let details = list.sections.flatMap(\.rows).compactMap { row -> String? in
      if case .item(let item) = row { return item.detailText }
      return nil
    }
    #expect(details.count == 2)
    #expect(details.allSatisfy { $0.contains(" km · ") && $0.contains(" kW · ") }, "\(details)")
  }
}
