import Charging
import Foundation
import Testing

@testable import Pricing

/// A tariff of one ENERGY component (and optionally a FLAT one) with min/max price limits.
private func limited(
  energy: String = "0.25", vat: String? = "19", flat: String? = nil, flatVAT: String? = nil,
  min: String? = nil, max: String? = nil
) throws -> Tariff {
  func vatField(_ v: String?) -> String { v.map { #","vat":\#($0)"# } ?? "" }
  var components: [String] = []
  if let flat {
    components.append(#"{"type":"FLAT","price":\#(flat)\#(vatField(flatVAT)),"step_size":1}"#)
  }
  components.append(#"{"type":"ENERGY","price":\#(energy)\#(vatField(vat)),"step_size":1}"#)
  let limits = [min.map { #""min_price":\#($0),"# }, max.map { #""max_price":\#($0),"# }]
    .compactMap { $0 }.joined()
  return try tariff(
    #"{"country_code":"DE","party_id":"X","id":"lim","currency":"EUR",\#(limits)"elements":[{"price_components":[\#(components.joined(separator: ","))]}],"last_updated":"2026-01-01T00:00:00Z"}"#
  )
}

private func session(kWh: Decimal, minutes: Decimal = 60) throws -> ChargingSession {
  try ChargingSession.simple(
    start: instant("2026-01-19T10:00:00+01:00"), timeZone: berlin, energyKWh: kWh,
    chargeMinutes: minutes)
}

struct LimitCase: Sendable, CustomTestStringConvertible {
  let name: String
  let tariff: @Sendable () throws -> Tariff
  let kWh: Decimal
  let excl: String
  let incl: String
  let min: Bool
  let max: Bool
  var testDescription: String { name }
}

private let limitCases: [LimitCase] = [
  .init(
    name: "min_price 10 net on a 2.50-net session at 19 % gives 10.00 / 11.90",
    tariff: { try limited(min: #"{"excl_vat":10}"#) }, kWh: 10, excl: "10", incl: "11.9",
    min: true, max: false),
  .init(
    name: "max_price 1 net on a 2.50-net session at 19 % gives 1.00 / 1.19",
    tariff: { try limited(max: #"{"excl_vat":1}"#) }, kWh: 10, excl: "1", incl: "1.19",
    min: false, max: true),
  .init(
    name: "a session above min_price keeps its own totals",
    tariff: { try limited(min: #"{"excl_vat":1}"#) }, kWh: 10, excl: "2.5", incl: "2.975",
    min: false, max: false),
  .init(
    name: "a given incl_vat limit is used as published (T3 shape)",
    tariff: { try limited(vat: "10", min: #"{"excl_vat":0.50,"incl_vat":0.55}"#) }, kWh: 1,
    excl: "0.5", incl: "0.55", min: true, max: false),
  .init(
    name: "mixed VAT derives the incl. limit with the session's effective rate",
    // FLAT 1.00 without VAT + 10 kWh × 0.30 at 19 %: 4.00 net, 4.57 gross; ×2 for an 8.00 floor.
    tariff: { try limited(energy: "0.30", flat: "1.00", min: #"{"excl_vat":8}"#) }, kWh: 10,
    excl: "8", incl: "9.14", min: true, max: false),
  .init(
    name: "a free session under a floor takes the tariff's first VAT rate",
    tariff: { try limited(min: #"{"excl_vat":2}"#) }, kWh: 0, excl: "2", incl: "2.38", min: true,
    max: false),
  .init(
    name: "a tariff without VAT keeps incl. equal to excl. at the floor",
    tariff: { try limited(vat: nil, min: #"{"excl_vat":2}"#) }, kWh: 1, excl: "2", incl: "2",
    min: true, max: false),
]

@Suite("min_price and max_price")
struct PriceLimitTests {
  @Test(
    "a limit without incl_vat clamps the incl. total with the session's effective VAT",
    arguments: limitCases)
  func derivedIncl(_ c: LimitCase) throws {
    let s = try session(kWh: c.kWh, minutes: c.kWh == 0 ? 0 : 60)
    let cost = try SessionCostCalculator.cost(of: s, under: try c.tariff())
    #expect(cost.exclVAT == amount(c.excl))
    #expect(cost.inclVAT == amount(c.incl))
    #expect(cost.inclVAT >= cost.exclVAT)
    #expect(cost.minPriceApplied == c.min)
    #expect(cost.maxPriceApplied == c.max)
  }

  @Test("scaling by a ratio of two amounts is exact beyond 128-bit products and rounds half up")
  func scale() {
    let unit = ExactAmount.unitsPerCurrencyUnit
    #expect(CompiledTariff.scale(10 * unit, by: 119 * unit, over: 100 * unit) == 119 * unit / 10)
    #expect(CompiledTariff.scale(1, by: 1, over: 2) == 1)
    #expect(CompiledTariff.scale(1, by: 1, over: 3) == 0)
    #expect(CompiledTariff.scale(0, by: 5, over: 3) == 0)
  }
}

struct ValidityCase: Sendable, CustomTestStringConvertible {
  let name: String
  let json: String
  let message: String
  var testDescription: String { name }
}

/// A tariff with a fallback element and one element whose restrictions are `restrictions`.
private func restricted(_ restrictions: String, id: String = "r") -> String {
  #"{"country_code":"DE","party_id":"X","id":"\#(id)","currency":"EUR","elements":[{"price_components":[{"type":"ENERGY","price":0.5,"step_size":1}]},{"price_components":[{"type":"ENERGY","price":0.3,"step_size":1}],"restrictions":\#(restrictions)}],"last_updated":"2026-01-01T00:00:00Z"}"#
}

private let impossible: [ValidityCase] = [
  .init(
    name: "min_kwh above max_kwh", json: restricted(#"{"min_kwh":10,"max_kwh":5}"#),
    message:
      "tariff 'r': elements[1].restrictions.min_kwh: 10 is not below max_kwh 5, so the element can never be active (min_kwh is inclusive, max_kwh exclusive)"
  ),
  .init(
    name: "min_kwh equal to max_kwh", json: restricted(#"{"min_kwh":5,"max_kwh":5}"#),
    message:
      "tariff 'r': elements[1].restrictions.min_kwh: 5 is not below max_kwh 5, so the element can never be active (min_kwh is inclusive, max_kwh exclusive)"
  ),
  .init(
    name: "min_power above max_power", json: restricted(#"{"min_power":50,"max_power":22}"#),
    message:
      "tariff 'r': elements[1].restrictions.min_power: 50 is not below max_power 22, so the element can never be active (min_power is inclusive, max_power exclusive)"
  ),
  .init(
    name: "min_current above max_current",
    json: restricted(#"{"min_current":32,"max_current":16}"#),
    message:
      "tariff 'r': elements[1].restrictions.min_current: 32 is not below max_current 16, so the element can never be active (min_current is inclusive, max_current exclusive)"
  ),
  .init(
    name: "min_duration above max_duration",
    json: restricted(#"{"min_duration":3600,"max_duration":1800}"#),
    message:
      "tariff 'r': elements[1].restrictions.min_duration: 3600 is not below max_duration 1800, so the element can never be active (min_duration is inclusive, max_duration exclusive)"
  ),
  .init(
    name: "start_date after end_date",
    json: restricted(#"{"start_date":"2026-03-01","end_date":"2026-02-01"}"#),
    message:
      "tariff 'r': elements[1].restrictions.start_date: 2026-03-01 is not below end_date 2026-02-01, so the element can never be active (start_date is inclusive, end_date exclusive)"
  ),
  .init(
    name: "min_price incl_vat below excl_vat",
    json:
      #"{"country_code":"DE","party_id":"X","id":"m","currency":"EUR","min_price":{"excl_vat":10,"incl_vat":9},"elements":[{"price_components":[{"type":"ENERGY","price":0.5,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message:
      "tariff 'm': min_price.incl_vat: 9 is below excl_vat 10, expected incl_vat ≥ excl_vat (VAT is never negative)"
  ),
  .init(
    name: "max_price incl_vat below excl_vat",
    json:
      #"{"country_code":"DE","party_id":"X","id":"m","currency":"EUR","max_price":{"excl_vat":10,"incl_vat":8.4},"elements":[{"price_components":[{"type":"ENERGY","price":0.5,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message:
      "tariff 'm': max_price.incl_vat: 8.4 is below excl_vat 10, expected incl_vat ≥ excl_vat (VAT is never negative)"
  ),
  .init(
    name: "min_price incl_vat above max_price incl_vat",
    json:
      #"{"country_code":"DE","party_id":"X","id":"m","currency":"EUR","min_price":{"excl_vat":5,"incl_vat":7},"max_price":{"excl_vat":6,"incl_vat":6.5},"elements":[{"price_components":[{"type":"ENERGY","price":0.5,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message:
      "tariff 'm': min_price.incl_vat: 7 is above max_price.incl_vat 6.5, expected ≤"
  ),
  .init(
    name: "a price beyond a million per unit",
    json:
      #"{"country_code":"DE","party_id":"X","id":"big","currency":"EUR","elements":[{"price_components":[{"type":"ENERGY","price":2000000,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message:
      "tariff 'big': elements[0].price_components[0].price: 2000000 is out of range, expected 0 … 1000000 per kWh"
  ),
  .init(
    name: "a limit beyond a million",
    json:
      #"{"country_code":"DE","party_id":"X","id":"lim","currency":"EUR","max_price":{"excl_vat":1e20},"elements":[{"price_components":[{"type":"ENERGY","price":1,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message:
      "tariff 'lim': max_price.excl_vat: 100000000000000000000 is out of range, expected 0 … 1000000"
  ),
]

@Suite("Restrictions and limits that can never hold")
struct ImpossibleRestrictionTests {
  @Test(
    "an impossible restriction or limit is refused naming the tariff, element and field",
    arguments: impossible)
  func refused(_ c: ValidityCase) throws {
    do {
      _ = try CompiledTariff(try tariff(c.json))
      Issue.record("accepted \(c.name)")
    } catch let error as TariffError {
      #expect(error.description == c.message)
    }
  }

  @Test("ranges that can hold are accepted")
  func accepted() throws {
    _ = try CompiledTariff(
      try tariff(
        restricted(
          #"{"min_kwh":5,"max_kwh":5.001,"min_power":0,"max_power":22,"min_duration":0,"max_duration":1,"start_date":"2026-01-01","end_date":"2026-01-02"}"#
        )))
  }
}

@Suite("Quotes for tariffs outside their validity")
struct QuoteValidityTests {
  static func entry(_ start: String?, _ end: String?) throws -> CatalogEntry {
    var t = try limited()
    t.startDateTime = start.map(instant)
    t.endDateTime = end.map(instant)
    return CatalogEntry(
      tariff: t, compiled: try CompiledTariff(t), name: "Test tariff", provider: "Test",
      dataDate: "2026-01-01", source: .ocpi,
      applicability: TariffApplicability(operators: ["eon drive"], currents: [.dc], access: .adHoc))
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let start: String?
    let end: String?
    let reason: String
    var testDescription: String { name }
  }

  @Test(
    "an expired or not yet valid tariff says when it is valid instead of 'does not apply'",
    arguments: [
      Case(
        name: "expired", start: "2024-01-01T00:00:00+01:00", end: "2025-01-01T00:00:00+01:00",
        reason: "Test tariff: tariff valid from 2024-01-01 to 2025-01-01, not on 2026-01-19"),
      Case(
        name: "not yet valid", start: "2026-04-01T00:00:00+02:00", end: nil,
        reason: "Test tariff: tariff valid from 2026-04-01 to open end, not on 2026-01-19"),
      Case(
        name: "ended before any start", start: nil, end: "2026-01-01T00:00:00+01:00",
        reason: "Test tariff: tariff valid from any date to 2026-01-01, not on 2026-01-19"),
    ])
  func outOfDate(_ c: Case) throws {
    let quoter = PriceQuoter(catalog: TariffCatalog(entries: [try Self.entry(c.start, c.end)]))
    let quote = quoter.quote(
      station: station("s", operator: "E.ON Drive Infrastructure GmbH", kW: 150, dc: true),
      selectedTariffIDs: nil,
      assumption: SessionAssumption(batteryKWh: 77, start: instant("2026-01-19T12:00:00+01:00")))
    guard case .noPriceKnown(let reason) = quote else {
      Issue.record("expected no price, got \(quote.quotes.map(\.tariffID))")
      return
    }
    #expect(reason == c.reason)
  }

  @Test("a tariff for a family applies to every spelling of the operator")
  func family() throws {
    let quoter = PriceQuoter(catalog: TariffCatalog(entries: [try Self.entry(nil, nil)]))
    for name in ["E.ON Drive Infrastructure GmbH", "E.ON Drive GmbH", "Charge-ON"] {
      let quote = quoter.quote(
        station: station("s", operator: name, kW: 150, dc: true), selectedTariffIDs: nil,
        assumption: SessionAssumption(batteryKWh: 77, start: instant("2026-01-19T12:00:00+01:00")))
      #expect(quote.quotes.count == 1, "\(name)")
    }
  }
}

struct MessageCase: Sendable, CustomTestStringConvertible {
  let name: String
  let make: @Sendable () throws -> Void
  let message: String
  var testDescription: String { name }
}

@Suite("Session errors name the value and the expectation")
struct SessionMessageTests {
  @Test(
    "each bad session value is named with what was expected",
    arguments: [
      MessageCase(
        name: "charging time out of range",
        make: { _ = try session(kWh: 1, minutes: dec("1e20")) },
        message:
          "charging time 100000000000000000000 min is out of range, expected 0 … 38430716820228 min"
      ),
      MessageCase(
        name: "parking time out of range",
        make: {
          _ = try ChargingSession.simple(
            start: instant("2026-01-19T10:00:00+01:00"), timeZone: berlin, energyKWh: 1,
            chargeMinutes: 10, parkMinutes: dec("1e19"))
        },
        message:
          "parking time 10000000000000000000 min is out of range, expected 0 … 38430716820228 min"),
      MessageCase(
        name: "negative energy", make: { _ = try session(kWh: -1) },
        message: "energy -1 kWh is negative, expected ≥ 0"),
    ])
  func messages(_ c: MessageCase) {
    do {
      try c.make()
      Issue.record("accepted \(c.name)")
    } catch let error as SessionError {
      #expect(error.message == c.message)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
