import Charging
import Foundation
import Geo
import StationIndex
import Testing

@testable import ChargingCar

@Suite("Charging app: sites grouped once, remembered prices, quick formatting")
struct SiteCatalogTests {
  static let kassel = ChargingApp.kasselCentre

  @Test("the quick street key equals the general one on every address of the German set")
  func streetKeys() async throws {
    let search = try await Fixture.germany()
    var streets = Set<String>()
    for site in search.siteCatalog.sites {
      for station in site.stations { streets.insert(station.address.street ?? "") }
    }
    #expect(streets.count > 1000)
    let crafted = [
      "Breitscheidstraße 6", "BREITSCHEIDSTRASSE 6", "Breitscheid Str. 6", "Straße des 17. Juni",
      "ÄRZTEHAUS-STR. 3", "Łódzka 5", "İstiklal Caddesi", "Strasse\u{0301} 1", "", "straßestraße",
    ]
    for street in Array(streets) + crafted {
      #expect(
        ChargeSite.fastNormalisedStreet(street) == ChargeSite.normalisedStreet(street),
        "\(street)")
    }
  }

  @Test("every register row is in exactly one site, and a site is the same whichever row finds it")
  func everyRowOnce() throws {
    let search = try Fixture.kassel()
    let catalog = search.siteCatalog
    let rows = search.index.count
    #expect(catalog.sites.reduce(0) { $0 + $1.stations.count } == rows)
    #expect(catalog.rowCount == rows)
    #expect(catalog.count < rows, "some places have several register rows")
    for site in catalog.sites {
      #expect(site.id == site.stations.map(\.id).min())
      for station in site.stations { #expect(catalog.site(containing: station.id)?.id == site.id) }
    }
    let breitscheid = catalog.sites.filter {
      $0.stations.contains {
        ChargeSite.normalisedStreet($0.address.street ?? "") == "breitscheidstr6"
      }
    }
    #expect(breitscheid.count == 1)
    #expect((breitscheid.first?.stations.count ?? 0) >= 3)
  }

  /// The reference answer: every site of the catalogue at its nearest matching row, nearest
  /// first, within the radius.
  func reference(
    _ search: ChargeSearch, at center: Coordinate, filter: ChargeFilter, limit: Int
  ) -> [(Station.ID, Double)] {
    let rowFilter = filter.stationFilter(favourites: [])
    var found: [(Station.ID, Double, Station.ID)] = []
    for site in search.siteCatalog.sites {
      var nearest: (distance: Double, id: Station.ID)?
      for station in site.stations where rowFilter.matches(station) {
        let d = GreatCircle.distanceKilometres(center, station.coordinate)
        if let best = nearest, best.distance < d || (best.distance == d && best.id < station.id) {
          continue
        }
        nearest = (d, station.id)
      }
      if let nearest, nearest.distance <= SiteQuery.radiusKilometres {
        found.append((site.id, nearest.distance, nearest.id))
      }
    }
    found.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.2 < $1.2 }
    return found.prefix(limit).map { ($0.0, $0.1) }
  }

  @Test(
    "the Charge tab's sites are the catalogue's sites nearest the car by their nearest matching row, with and without a filter",
    arguments: [ChargeFilter(), ChargeFilter(fastOnly: true), ChargeFilter(connectors: [.type2])])
  func nearestSites(_ filter: ChargeFilter) throws {
    let search = try Fixture.kassel()
    let points = [
      Self.kassel, Coordinate(latitude: 51.4167, longitude: 9.65),
      Coordinate(latitude: 51.2, longitude: 9.3),
    ]
    for center in points {
      let sites = search.sites(
        SiteQuery(center: center, region: nil, filter: filter, limit: 20), setup: DriverSetup(),
        start: priceDate)
      let expected = reference(search, at: center, filter: filter, limit: 20)
      #expect(sites.map(\.id) == expected.map(\.0), "at \(center)")
      #expect(sites.map(\.site.distanceKilometres) == expected.map(\.1))
      let rowFilter = filter.stationFilter(favourites: [])
      for site in sites {
        #expect(site.site.stations.allSatisfy(rowFilter.matches), "only matching rows are shown")
        #expect(site.id == search.siteCatalog.site(containing: site.id)?.id, "the site's own id")
      }
    }
  }

  @Test("a filter shows a site with only its matching rows, under the site's own id")
  func filteredSite() throws {
    let search = try Fixture.kassel()
    let fast = ChargeFilter(fastOnly: true).stationFilter(favourites: [])
    let mixed = try #require(
      search.siteCatalog.sites.first { site in
        site.stations.contains(where: fast.matches) && !site.stations.allSatisfy(fast.matches)
      }, "some Kassel site has fast and slow rows")
    let center = mixed.coordinate
    let shown = try #require(
      search.sites(
        SiteQuery(center: center, region: nil, filter: ChargeFilter(fastOnly: true)),
        setup: DriverSetup(), start: priceDate
      ).first { $0.id == mixed.id })
    #expect(shown.site.stations.count == mixed.stations.filter(fast.matches).count)
    #expect(shown.site.chargePointCount < mixed.chargePointCount)
    let unfiltered = try #require(
      search.sites(
        SiteQuery(center: center, region: nil, filter: ChargeFilter()), setup: DriverSetup(),
        start: priceDate
      ).first { $0.id == mixed.id })
    #expect(unfiltered.site.stations == mixed.stations)
  }

  @Test("only favourites shows the favourite sites, found by any of their rows")
  func favouriteSites() throws {
    let search = try Fixture.kassel()
    let site = try #require(search.siteCatalog.sites.first { $0.stations.count >= 3 })
    var setup = DriverSetup()
    setup.favourites = [site.id]
    let shown = search.sites(
      SiteQuery(center: Self.kassel, region: nil, filter: ChargeFilter(favouritesOnly: true)),
      setup: setup, start: priceDate)
    #expect(shown.map(\.id) == [site.id])
    #expect(shown.first?.site.stations == site.stations)
  }

  @Test("the Favourites tab shows each favourite's whole site, nearest first, found by any row")
  func favouritesTab() throws {
    let search = try Fixture.kassel()
    let big = try #require(search.siteCatalog.sites.first { $0.stations.count >= 3 })
    let other = try #require(search.siteCatalog.sites.last)
    let ids: Set<Station.ID> = [big.stations[1].id, other.id, Station.ID("no-such-row")]
    let shown = search.favourites(
      ids, near: Self.kassel, setup: DriverSetup(), start: priceDate, limit: 12)
    #expect(Set(shown.map(\.id)) == [big.id, other.id])
    #expect(shown.first { $0.id == big.id }?.site.stations == big.stations)
    #expect(
      zip(shown, shown.dropFirst()).allSatisfy {
        $0.site.distanceKilometres <= $1.site.distanceKilometres
      })
    #expect(
      search.favourites(ids, near: Self.kassel, setup: DriverSetup(), start: priceDate, limit: 1)
        .count == 1)
  }

  @Test("a remembered price equals a fresh one, and other tariffs or another start price afresh")
  func rememberedPrices() async throws {
    let search = try await Fixture.germany()
    let stuttgart = Coordinate(latitude: 48.7758, longitude: 9.1829)
    let query = SiteQuery(center: stuttgart, region: nil, filter: ChargeFilter(fastOnly: true))
    let ids = search.pricing.quoter.catalog.entries.map(\.id)
    let fresh = ChargeSearch(
      index: search.index, sites: search.siteCatalog, pricing: search.pricing)
    for tariffs in [Array(ids.prefix(40)), [], Array(ids.suffix(30))] {
      let setup = DriverSetup(tariffIDs: tariffs)
      let first = search.sites(query, setup: setup, start: priceDate)
      let again = search.sites(query, setup: setup, start: priceDate)
      #expect(first == again)
      fresh.forgetPrices()
      #expect(fresh.sites(query, setup: setup, start: priceDate) == first)
      let night = priceDate.addingTimeInterval(14 * 3600)
      fresh.forgetPrices()
      #expect(
        search.sites(query, setup: setup, start: night)
          == fresh.sites(query, setup: setup, start: night))
    }
  }

  @Test("the Charge tab prices a session starting at the current minute")
  func priceMinute() {
    let at = Date(timeIntervalSince1970: 1_773_907_259.75)
    #expect(ChargingApp.priceMinute(at) == Date(timeIntervalSince1970: 1_773_907_200))
    #expect(ChargingApp.priceMinute(priceDate) == priceDate)
  }

  @Test("distances write one decimal exactly as the C formatter does")
  func tenths() {
    var values: [Double] = []
    for i in 0..<20_000 { values.append(Double(i) / 2000) }
    for i in 0..<2_000 { values.append(Double(i) * 0.05 + 0.000_000_000_1) }
    for i in 0..<100 { values.append(Double(i) / 10 + 0.05) }
    values += [9.95, 9.949_999_999, 9.96, 0.25, 0.35, 0.15, 1e-12]
    for km in values where km < 10 {
      #expect(ChargingScreens.tenths(km) == String(format: "%.1f", km), "\(km)")
    }
  }
}
