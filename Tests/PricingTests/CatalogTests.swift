import Charging
import Foundation
import Pricing
import Testing
import WaysideData

/// The bundled catalogue, loaded once for the suite.
let bundledCatalog: Result<TariffCatalog, any Error> = Result {
  try TariffCatalog.load(
    afir: try BundledData.data(.tariffsAFIR),
    ludwigsburgOCPI: try BundledData.data(.tariffsLudwigsburgOCPI),
    retail: try BundledData.data(.tariffsRetail))
}

struct CatalogPriceCase: Sendable, CustomTestStringConvertible {
  let name: String
  let tariffID: String
  let start: String
  let kWh: Decimal
  let chargeMinutes: Decimal
  let parkMinutes: Decimal
  let incl: String
  var testDescription: String { name }
}

private let priceCases: [CatalogPriceCase] = [
  .init(
    name: "EnBW DC 0.79 €/kWh, 25 min: no blocking fee", tariffID: "afir-enbw-adHoc-dc-nfc/website",
    start: "2026-03-19T10:00:00+01:00", kWh: 40, chargeMinutes: 25, parkMinutes: 0, incl: "31.60"),
  .init(
    name: "EnBW DC blocking fee 0.238 €/min from minute 30",
    tariffID: "afir-enbw-adHoc-dc-nfc/website",
    start: "2026-03-19T10:00:00+01:00", kWh: 40, chargeMinutes: 25, parkMinutes: 15, incl: "33.98"),
  .init(
    name: "EnBW AC 0.70 €/kWh + 0.119 €/min from minute 120",
    tariffID: "afir-enbw-adHoc-ac-nfc/website",
    start: "2026-03-19T10:00:00+01:00", kWh: 20, chargeMinutes: 110, parkMinutes: 20, incl: "15.19"),
  .init(
    name: "Giro-e 0.35 € per session + 0.32 €/kWh (girocard)",
    tariffID: "afir-gls-mobility-1186-ac-nfc",
    start: "2026-05-04T21:00:00+02:00", kWh: 30, chargeMinutes: 180, parkMinutes: 0, incl: "9.95"),
  .init(
    name: "Giro-e blocking fee 0.32 €/h from minute 300 only 08:00–20:00",
    tariffID: "afir-gls-mobility-1186-ac-nfc", start: "2026-05-04T10:00:00+02:00", kWh: 30,
    chargeMinutes: 180, parkMinutes: 180, incl: "10.27"),
  .init(
    name: "SWLB AC: 4.80 €/h between 4 h 01 min and 6 h 31 min (repaired order)",
    tariffID: "22132ac",
    start: "2026-01-19T08:00:00+01:00", kWh: 30, chargeMinutes: 180, parkMinutes: 240, incl: "29.70"
  ),
  .init(
    name: "SWLB DC: 6.00 €/h from 46 min", tariffID: "22132dc", start: "2026-01-19T09:00:00+01:00",
    kWh: 40, chargeMinutes: 50, parkMinutes: 0, incl: "32.00"),
  .init(
    name: "EnBW mobility+ 0.10 €/min from 4 h, capped at 12 €",
    tariffID: "retail-mobility-plus-charging",
    start: "2026-01-19T08:00:00+01:00", kWh: 50, chargeMinutes: 300, parkMinutes: 180, incl: "41.50"
  ),
  .init(
    name: "ADAC e-Charge roaming DC blocking fee from 45 min",
    tariffID: "retail-aral-pulse-adac-e-charge-roaming-dc", start: "2026-01-19T08:00:00+01:00",
    kWh: 40,
    chargeMinutes: 50, parkMinutes: 0, incl: "30.75"),
  .init(
    name: "Qwello 0.49 €/kWh + 0.02 €/min all day", tariffID: "retail-qwello-nrw-e-charge",
    start: "2026-01-19T08:00:00+01:00", kWh: 20, chargeMinutes: 120, parkMinutes: 0, incl: "12.20"),
]

@Suite("Tariff catalogue from the bundled data")
struct CatalogTests {
  @Test("bundled tariffs price real sessions to the published gross prices", arguments: priceCases)
  func price(_ c: CatalogPriceCase) throws {
    let catalog = try bundledCatalog.get()
    let entry = try #require(
      catalog.entry(id: c.tariffID), "ids: \(catalog.entries.map(\.id).joined(separator: " "))")
    let session = try ChargingSession.simple(
      start: instant(c.start), timeZone: berlin, energyKWh: c.kWh, chargeMinutes: c.chargeMinutes,
      parkMinutes: c.parkMinutes)
    let cost = entry.compiled.cost(try PreparedSession(session))
    #expect(cost.inclVAT == amount(c.incl), "\(cost.inclVAT)")
  }

  @Test("every converted energy price costs exactly its published gross per kWh")
  func grossKept() throws {
    let catalog = try bundledCatalog.get()
    let session = try ChargingSession.simple(
      start: instant("2026-01-19T12:00:00+01:00"), timeZone: berlin, energyKWh: 1, chargeMinutes: 1)
    for entry in catalog.entries {
      let gross = entry.tariff.elements.flatMap(\.priceComponents).first { $0.type == .energy }
      guard let gross, let published = gross.publishedGrossPrice else { continue }
      let cost = entry.compiled.cost(try PreparedSession(session))
      #expect(cost.line(.energy)?.inclVAT == ExactAmount(exactly: published), "\(entry.id)")
    }
  }

  @Test("rates without prices and interpretations are reported as diagnostics")
  func diagnostics() throws {
    let catalog = try bundledCatalog.get()
    let warnings = catalog.diagnostics.filter { $0.severity == .warning }
    #expect(
      warnings.contains { $0.item.hasPrefix("rate 1852") && $0.message.contains("no prices") })
    #expect(catalog.entries.contains { $0.id.contains("1852") } == false)
    #expect(
      catalog.diagnostics.contains {
        $0.item == "tariff 22132ac" && $0.message.contains("reordered")
      })
    #expect(catalog.diagnostics.contains { $0.message.contains("cannot be expressed in OCPI") })
  }

  @Test("every catalogue entry carries its provider, data date and at least one current type")
  func provenance() throws {
    let catalog = try bundledCatalog.get()
    #expect(catalog.entries.count >= 30)
    #expect(Set(catalog.entries.map(\.id)).count == catalog.entries.count)
    for entry in catalog.entries {
      #expect(
        !entry.provider.isEmpty && entry.dataDate.count >= 7
          && !entry.applicability.currents.isEmpty)
    }
    #expect(Set(catalog.entries.map(\.source)) == [.afir, .ocpi, .retail])
  }

  @Test("a file in the wrong layout is refused with an error naming the file")
  func wrongLayout() throws {
    #expect(throws: CatalogError.self) {
      try TariffCatalog.load(afir: Data("[]".utf8), ludwigsburgOCPI: Data(), retail: Data())
    }
  }
}
