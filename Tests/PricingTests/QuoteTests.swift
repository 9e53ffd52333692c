import Charging
import Foundation
import Geo
import Pricing
import Testing

/// A station with one EVSE of one connector.
func station(
  _ id: String, operator op: String, kW: Double, dc: Bool, lat: Double = 48.718544,
  lon: Double = 9.611829,
  evseID: String? = nil
) -> Station {
  let connector = Connector(
    id: "1", standard: dc ? .type2Combo : .type2, powerType: dc ? .dc : .ac3Phase,
    maxElectricPower: Power(kilowatts: kW))
  return Station(
    id: Station.ID(id), operatorName: op, address: Address(city: "Test"),
    coordinate: Coordinate(latitude: lat, longitude: lon),
    evses: [EVSE(uid: "1", evseID: evseID, connectors: [connector])],
    source: DataSource(
      name: "test", date: "2026-01-28", licence: "CC BY 4.0", attribution: "BNetzA"))
}

private let assumption = SessionAssumption(
  batteryKWh: 77, fromPercent: 10, toPercent: 80, carMaxACkW: 11, carMaxDCkW: 135,
  start: instant("2026-01-19T12:00:00+01:00"))

@Suite("Quotes for stations")
struct QuoteTests {
  @Test(
    "an EnBW fast charger is quoted under its ad-hoc price and the roaming tariffs, cheapest first")
  func enbw() throws {
    let quoter = PriceQuoter(catalog: try bundledCatalog.get())
    let quote = quoter.quote(
      station: station("s1", operator: "EnBW mobility+ AG und Co.KG", kW: 150, dc: true),
      selectedTariffIDs: nil, assumption: assumption)
    let quotes = quote.quotes
    let ids = quotes.map(\.tariffID)
    #expect(ids.contains("afir-enbw-adHoc-dc-nfc/website"))
    #expect(ids.contains("retail-mobility-plus-charging"))
    #expect(ids.contains("retail-aral-pulse-adac-e-charge-roaming-dc"))
    #expect(
      !ids.contains {
        $0.hasPrefix("afir-gls") || $0.hasPrefix("retail-ionity") || $0.contains("-ac")
      })
    #expect(zip(quotes, quotes.dropFirst()).allSatisfy { $0.cost.inclVAT <= $1.cost.inclVAT })
    // 53.9 kWh at 135 kW = 23.96 min, under EnBW's 30-minute blocking threshold: 53.9 × 0.79.
    let adHoc = try #require(quotes.first { $0.tariffID == "afir-enbw-adHoc-dc-nfc/website" })
    #expect(adHoc.cost.inclVAT == amount("42.581"))
    #expect(adHoc.pricePerKWh == amount("0.79"))
    #expect(adHoc.dataDate == "2026-03-19" && adHoc.provider == "EnBW AG")
  }

  @Test("an SWLB AC point is quoted under SWLB's OCPI tariffs only when selected")
  func swlb() throws {
    let quoter = PriceQuoter(catalog: try bundledCatalog.get())
    let swlb = station(
      "s2", operator: "SWLB Mobilität GmbH", kW: 22, dc: false, lat: 48.89233, lon: 9.18329)
    let quote = quoter.quote(station: swlb, selectedTariffIDs: ["22132ac"], assumption: assumption)
    let only = try #require(quote.quotes.first)
    #expect(quote.quotes.count == 1)
    // 53.9 kWh at 11 kW = 294 min: blocking fee 4.80 €/h from 241 min (12:00 start, in window).
    #expect(only.cost.inclVAT == amount("36.041"))
  }

  @Test("no applicable tariff gives a plain no-price answer")
  func noPrice() throws {
    let quoter = PriceQuoter(catalog: try bundledCatalog.get())
    let quote = quoter.quote(
      station: station("s3", operator: "Stadtwerke Irgendwo", kW: 22, dc: false),
      selectedTariffIDs: ["afir-enbw-adHoc-ac-nfc/website", "retail-ionity-go"],
      assumption: assumption)
    guard case .noPriceKnown(let reason) = quote else {
      Issue.record("expected no price, got \(quote.quotes.map(\.tariffID))")
      return
    }
    #expect(reason == "none of the 2 selected tariffs applies to Stadtwerke Irgendwo (AC)")
  }

  @Test("a site-specific Giro-e rate applies only near its charge points")
  func siteSpecific() throws {
    let quoter = PriceQuoter(catalog: try bundledCatalog.get())
    let ids: Set<String> = ["afir-gls-mobility-1186-ac-nfc"]
    let near = station(
      "g1", operator: "GLS Mobility GmbH", kW: 22, dc: false, lat: 51.4708953, lon: 7.2195074)
    let far = station("g2", operator: "GLS Mobility GmbH", kW: 22, dc: false, lat: 51.5, lon: 7.3)
    #expect(
      quoter.quote(station: near, selectedTariffIDs: ids, assumption: assumption).quotes.count == 1)
    #expect(
      quoter.quote(station: far, selectedTariffIDs: ids, assumption: assumption).quotes.isEmpty)
  }
}
