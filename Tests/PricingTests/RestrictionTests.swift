import Charging
import Foundation
import Pricing
import Testing

/// A TIME-only tariff: `first` with restrictions, then a fallback at 2.00/h (step 1 s, no VAT).
private func timeTariff(_ restrictions: String, price: String = "1.00") -> String {
  """
  {"country_code":"DE","party_id":"TST","id":"R","currency":"EUR","elements":[
  {"price_components":[{"type":"TIME","price":\(price),"step_size":1}],"restrictions":\(restrictions)},
  {"price_components":[{"type":"TIME","price":2.00,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}
  """
}

struct RestrictionCase: Sendable, CustomTestStringConvertible {
  let name: String
  let restrictions: String
  let start: String
  let minutes: Int
  /// Expected total at 1.00/h inside the restriction and 2.00/h outside.
  let excl: String
  var testDescription: String { name }
}

private let cases: [RestrictionCase] = [
  .init(
    name: "a window wrapping past midnight (22:00–06:00)",
    restrictions: #"{"start_time":"22:00","end_time":"06:00"}"#, start: "2026-01-19T21:00:00+01:00",
    minutes: 180, excl: "4.00"),
  .init(
    name: "end_time 00:00 means the end of the day",
    restrictions: #"{"start_time":"20:00","end_time":"00:00"}"#,
    start: "2026-01-19T23:00:00+01:00", minutes: 120, excl: "3.00"),
  .init(
    name: "the weekday switches at local midnight", restrictions: #"{"day_of_week":["SUNDAY"]}"#,
    start: "2026-01-24T23:00:00+01:00", minutes: 120, excl: "3.00"),
  .init(
    name: "start_date is inclusive and end_date exclusive",
    restrictions: #"{"start_date":"2026-01-20","end_date":"2026-01-21"}"#,
    start: "2026-01-19T23:00:00+01:00", minutes: 1500, excl: "26.00"),
  .init(
    name: "local times follow the DST change (01:30 CET + 2 h ends 04:30 CEST)",
    restrictions: #"{"start_time":"00:00","end_time":"04:00"}"#, start: "2026-03-29T01:30:00+01:00",
    minutes: 120, excl: "2.50"),
  .init(
    name: "min_duration switches during the session", restrictions: #"{"max_duration":1800}"#,
    start: "2026-01-19T10:00:00+01:00", minutes: 60, excl: "1.50"),
  .init(
    name: "seconds in chargecloud times (08:00:00–19:59:59)",
    restrictions: #"[{"start_time":"08:00:00","end_time":"19:59:59"}]"#,
    start: "2026-01-19T19:00:00+01:00", minutes: 60, excl: "1.50"),
]

@Suite("Tariff restrictions on a timeline")
struct RestrictionTests {
  @Test("restrictions switch elements on and off during a session", arguments: cases)
  func restriction(_ c: RestrictionCase) throws {
    let session = ChargingSession(
      start: instant(c.start), timeZone: berlin,
      periods: [.charging(minutes: c.minutes, energyKWh: 10)])
    let cost = try SessionCostCalculator.cost(
      of: session, under: try tariff(timeTariff(c.restrictions)))
    // 19:59:59 excludes the last second before 20:00 at 1.00/h: one second at 2.00/h instead.
    if c.restrictions.contains("19:59:59") {
      #expect(cost.exclVAT.decimal(rounded: 6) == dec("1.000278"))
    } else {
      #expect(cost.exclVAT == amount(c.excl), "\(cost.exclVAT)")
    }
  }

  @Test("energy thresholds split a charging period where the energy crosses them")
  func energyThreshold() throws {
    let json = """
      {"country_code":"DE","party_id":"TST","id":"K","currency":"EUR","elements":[
      {"price_components":[{"type":"ENERGY","price":0.30,"step_size":1}],"restrictions":{"max_kwh":10}},
      {"price_components":[{"type":"ENERGY","price":0.50,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}
      """
    let session = ChargingSession(
      start: instant("2026-01-19T10:00:00+01:00"), timeZone: berlin,
      periods: [.charging(minutes: 45, energyKWh: 15)])
    let cost = try SessionCostCalculator.cost(of: session, under: try tariff(json))
    #expect(cost.exclVAT == amount("5.50"))
  }

  @Test("a current restriction never matches when the current is unknown")
  func unknownCurrent() throws {
    let session = ChargingSession(
      start: instant("2026-01-19T10:00:00+01:00"), timeZone: berlin,
      periods: [.charging(minutes: 60, energyKWh: 10)])
    let cost = try SessionCostCalculator.cost(
      of: session, under: try tariff(timeTariff(#"{"max_current":32}"#)))
    #expect(cost.exclVAT == amount("2.00"))
  }

  @Test("absent VAT means incl. VAT equals excl. VAT and is reported")
  func absentVAT() throws {
    let session = try ChargingSession.simple(
      start: instant("2026-01-19T10:00:00+01:00"), timeZone: berlin, energyKWh: 10,
      chargeMinutes: 60)
    let cost = try SessionCostCalculator.cost(of: session, under: try tariff(timeTariff("{}")))
    #expect(cost.hasComponentsWithoutVAT)
    #expect(cost.inclVAT == cost.exclVAT)
  }
}

struct BadTariffCase: Sendable, CustomTestStringConvertible {
  let name: String
  let json: String
  let message: String
  var testDescription: String { name }
}

private let badTariffs: [BadTariffCase] = [
  .init(
    name: "negative price",
    json:
      #"{"country_code":"DE","party_id":"X","id":"neg","currency":"EUR","elements":[{"price_components":[{"type":"ENERGY","price":-0.1,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message: "tariff 'neg': elements[0].price_components[0].price: -0.1 is negative, expected ≥ 0"),
  .init(
    name: "step_size 0",
    json:
      #"{"country_code":"DE","party_id":"X","id":"step","currency":"EUR","elements":[{"price_components":[{"type":"TIME","price":1,"step_size":0}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message:
      "tariff 'step': elements[0].price_components[0].step_size: 0 for TIME, expected ≥ 1 (1 Wh or 1 s)"
  ),
  .init(
    name: "unknown dimension",
    json:
      #"{"country_code":"DE","party_id":"X","id":"dim","currency":"EUR","elements":[{"price_components":[{"type":"KWH","price":1,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message:
      "tariff 'dim': elements[0].price_components[0].type: unknown dimension 'KWH', expected ENERGY, FLAT, TIME or PARKING_TIME"
  ),
  .init(
    name: "currency garbage",
    json:
      #"{"country_code":"DE","party_id":"X","id":"cur","currency":"EURO","elements":[{"price_components":[{"type":"ENERGY","price":1,"step_size":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message:
      "tariff 'cur': currency: 'EURO' is not an ISO 4217 code (expected three letters, e.g. EUR)"),
  .init(
    name: "missing step_size",
    json:
      #"{"country_code":"DE","party_id":"X","id":"miss","currency":"EUR","elements":[{"price_components":[{"type":"ENERGY","price":1}]}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message: "tariff 'miss': elements[0].price_components[0].step_size: missing (required)"),
  .init(
    name: "bad time of day",
    json:
      #"{"country_code":"DE","party_id":"X","id":"tod","currency":"EUR","elements":[{"price_components":[{"type":"ENERGY","price":1,"step_size":1}],"restrictions":{"start_time":"25:00"}}],"last_updated":"2026-01-01T00:00:00Z"}"#,
    message:
      "tariff 'tod': elements[0].restrictions.start_time: invalid time '25:00', expected HH:MM (00:00 … 23:59)"
  ),
  .init(
    name: "missing last_updated",
    json:
      #"{"country_code":"DE","party_id":"X","id":"lu","currency":"EUR","elements":[{"price_components":[{"type":"ENERGY","price":1,"step_size":1}]}]}"#,
    message: "tariff 'lu': last_updated: missing (OCPI requires it)"),
]

@Suite("Impossible tariffs")
struct BadTariffTests {
  @Test(
    "an impossible tariff is refused with an error naming the tariff and the field",
    arguments: badTariffs)
  func refused(_ c: BadTariffCase) throws {
    do {
      _ = try CompiledTariff(try tariff(c.json))
      Issue.record("accepted \(c.name)")
    } catch let error as TariffError {
      #expect(error.description == c.message)
    }
  }
}
