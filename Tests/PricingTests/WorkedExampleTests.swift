import Charging
import Foundation
import Pricing
import Testing

/// One published example: a tariff, a session and the expected totals.
struct WorkedExample: Sendable, CustomTestStringConvertible {
  let name: String
  let json: String
  let start: String
  let timeZone: TimeZone
  let periods: [SessionPeriod]
  /// Expected totals as decimal text; compared exactly unless `cents` is set.
  let excl: String
  let incl: String
  /// When true the example states rounded values, so totals are compared in cents.
  var cents = false
  var testDescription: String { name }
}

private let examples: [WorkedExample] = [
  .init(
    name: "T1 0.25/kWh, 20 kWh", json: OCPIExampleTariffs.t8, start: "2026-01-19T10:00:00+01:00",
    timeZone: berlin, periods: [.charging(minutes: 60, energyKWh: 20)], excl: "5.00", incl: "5.50"),
  .init(
    name: "T2 start fee + 0.25/kWh, 20 kWh", json: OCPIExampleTariffs.t9,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 60, energyKWh: 20)], excl: "5.50", incl: "6.10"),
  .init(
    name: "T3 min price not reached, 20 kWh", json: OCPIExampleTariffs.t12,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 60, energyKWh: 20)], excl: "5.00", incl: "5.50"),
  .init(
    name: "T3 min price applies below 2 kWh", json: OCPIExampleTariffs.t12,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 10, energyKWh: dec("1.5"))], excl: "0.50", incl: "0.55"),
  .init(
    name: "T4 parking billed per 15 min", json: OCPIExampleTariffs.t10,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 60, energyKWh: 20), .parking(minutes: 40)], excl: "7.00",
    incl: "7.90"),
  .init(
    name: "T5 max price caps 50 kWh", json: OCPIExampleTariffs.t6,
    start: "2019-06-01T10:00:00+02:00",
    timeZone: berlin, periods: [.charging(minutes: 120, energyKWh: 50)], excl: "10.00",
    incl: "11.00"),
  .init(
    name: "T5 max price not reached at 30 kWh", json: OCPIExampleTariffs.t6,
    start: "2019-06-01T10:00:00+02:00", timeZone: berlin,
    periods: [.charging(minutes: 90, energyKWh: 30)], excl: "8.00", incl: "8.85"),
  .init(
    name: "T6 2.00/h charging, 2.5 h", json: OCPIExampleTariffs.t1,
    start: "2026-01-19T10:00:00+01:00",
    timeZone: berlin, periods: [.charging(minutes: 150, energyKWh: 25)], excl: "5.00", incl: "5.50"),
  .init(
    name: "T7 3.00/h charging + 5.00/h parking", json: OCPIExampleTariffs.t13,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 150, energyKWh: 25), .parking(minutes: 42)], excl: "11.25",
    incl: "12.75"),
  .init(
    name: "T8 1.90/h at 5.2 % VAT", json: OCPIExampleTariffs.t2, start: "2026-01-19T10:00:00+01:00",
    timeZone: berlin, periods: [.charging(minutes: 150, energyKWh: 25)], excl: "4.75", incl: "5.00",
    cents: true),
  .init(
    name: "T9 energy billed per 100 Wh", json: OCPIExampleTariffs.t3,
    start: "2026-01-19T10:00:00+01:00",
    timeZone: berlin, periods: [.charging(minutes: 60, energyKWh: dec("20.45"))], excl: "5.63",
    incl: "6.24", cents: true),
  .init(
    name: "T10 complex tariff, Monday 09:30, 16 A", json: OCPIExampleTariffs.t4,
    start: "2026-01-19T09:30:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 165, energyKWh: 10, currentA: 16), .parking(minutes: 42)],
    excl: "9.00", incl: "10.30"),
  .init(
    name: "T11 complex tariff, Saturday 13:30, 43 A (erratum corrected)",
    json: OCPIExampleTariffs.t4,
    start: "2026-01-24T13:30:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 114, energyKWh: 20, currentA: 43), .parking(minutes: 71)],
    excl: "12.375", incl: "13.975"),
  .init(
    name: "T12 max_power restriction", json: OCPIExampleTariffs.maxPower,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [
      .charging(minutes: 10, energyKWh: 1, powerKW: 6),
      .charging(minutes: 50, energyKWh: 40, powerKW: 48),
      .charging(milliseconds: 450_000, energyKWh: dec("0.5"), powerKW: 4),
    ], excl: "20.30", incl: "24.36"),
  .init(
    name: "T13 max_duration restriction", json: OCPIExampleTariffs.maxDuration,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 30, energyKWh: 5), .charging(minutes: 10, energyKWh: dec("1.2"))],
    excl: "0.30", incl: "0.36"),
  .init(
    name: "T14 step size at an element switch (16:55, 10 + 2 min)", json: OCPIExampleTariffs.t14,
    start: "2026-01-19T16:55:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 10, energyKWh: 2), .parking(minutes: 2)], excl: "0.55",
    incl: "0.55"),
  .init(
    name: "T15 step size at an element switch (16:35, 35 min)", json: OCPIExampleTariffs.t14,
    start: "2026-01-19T16:35:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 35, energyKWh: 5)], excl: "1.30", incl: "1.30"),
  .init(
    name: "T16 switch to free parking at 20:00 (erratum corrected)", json: OCPIExampleTariffs.t14,
    start: "2026-01-19T19:40:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 12, energyKWh: 2), .parking(minutes: 20)], excl: "0.73",
    incl: "0.73"),
  .init(
    name: "T17 reservation 15 min then 20 kWh", json: OCPIExampleTariffs.t15,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.reservation(minutes: 15), .charging(minutes: 60, energyKWh: 20)], excl: "6.75",
    incl: "7.60"),
  .init(
    name: "T18 reservation fee + 13 min then 20 kWh", json: OCPIExampleTariffs.t16,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.reservation(minutes: 13), .charging(minutes: 60, energyKWh: 20)], excl: "8.75",
    incl: "10.00"),
  .init(
    name: "T19 reservation 22 min then 20 kWh", json: OCPIExampleTariffs.t17,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.reservation(minutes: 22), .charging(minutes: 60, energyKWh: 20)], excl: "6.50",
    incl: "7.30"),
  .init(
    name: "T19 reservation expired after 1 h", json: OCPIExampleTariffs.t17,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.reservation(minutes: 60, expired: true)], excl: "6.00", incl: "7.20"),
  .init(
    name: "T20 reservation 22 min then 20 kWh", json: OCPIExampleTariffs.t18,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.reservation(minutes: 22), .charging(minutes: 60, energyKWh: 20)], excl: "7.00",
    incl: "7.90"),
  .init(
    name: "T20 reservation expired after 1.5 h", json: OCPIExampleTariffs.t18,
    start: "2026-01-19T10:00:00+01:00", timeZone: berlin,
    periods: [.reservation(minutes: 90, expired: true)], excl: "9.00", incl: "10.80"),
  .init(
    name: "C1 cdr_example 21:39:09 to 23:37:32", json: OCPIExampleTariffs.cdrExample,
    start: "2015-06-29T21:39:09Z", timeZone: utc,
    periods: [.charging(milliseconds: 7_103_000, energyKWh: dec("15.342"))], excl: "4.00",
    incl: "4.40"),
  .init(
    name: "S1 energy step applied once on the session total", json: OCPIExampleTariffs.s1,
    start: "2026-01-19T16:30:00+01:00", timeZone: berlin,
    periods: [
      .charging(minutes: 30, energyKWh: dec("4.3")), .charging(minutes: 20, energyKWh: dec("1.1")),
    ], excl: "1.184", incl: "1.184"),
  .init(
    name: "S2 time step applied once, delta at the later price", json: OCPIExampleTariffs.s2,
    start: "2026-01-19T16:54:00+01:00", timeZone: berlin,
    periods: [.charging(minutes: 28, energyKWh: 5)], excl: "3.30", incl: "3.30"),
  .init(
    name: "tandemdrive step_size_energy = 30.00", json: OCPIExampleTariffs.tdStepSizeEnergy,
    start: "2022-01-13T16:55:00Z", timeZone: utc,
    periods: [
      .charging(minutes: 5, energyKWh: 5), .charging(minutes: 2, energyKWh: 2),
      .charging(minutes: 5, energyKWh: 5),
    ], excl: "30", incl: "30"),
  .init(
    name: "tandemdrive multiple_flat_fees = 1.00", json: OCPIExampleTariffs.tdMultipleFlat,
    start: "2015-06-29T15:00:00Z", timeZone: utc,
    periods: [
      .charging(minutes: 30, energyKWh: 0), .charging(minutes: 30, energyKWh: 0),
      .charging(minutes: 30, energyKWh: 0),
    ], excl: "1.00", incl: "1.00"),
]

@Suite("OCPI worked examples")
struct WorkedExampleTests {
  @Test("every published example prices to its published totals", arguments: examples)
  func example(_ example: WorkedExample) throws {
    let session = ChargingSession(
      start: instant(example.start), timeZone: example.timeZone, periods: example.periods)
    let cost = try SessionCostCalculator.cost(of: session, under: try tariff(example.json))
    if example.cents {
      #expect(cost.exclVAT.decimal(rounded: 2) == dec(example.excl))
      #expect(cost.inclVAT.decimal(rounded: 2) == dec(example.incl))
    } else {
      #expect(cost.exclVAT == amount(example.excl), "excl \(cost.exclVAT)")
      #expect(cost.inclVAT == amount(example.incl), "incl \(cost.inclVAT)")
    }
  }

  @Test("the grace-period vector bills 15 min of parking after 30 free minutes")
  func gracePeriod() throws {
    let defaults = TariffDecodingDefaults(
      countryCode: "BE", partyID: "TDR", lastUpdated: instant("2018-12-17T17:15:01Z"))
    let t = try tariff(OCPIExampleTariffs.tdGracePeriod, defaults: defaults)
    let session = ChargingSession(
      start: instant("2015-06-29T15:00:00Z"), timeZone: utc,
      periods: [
        .parking(minutes: 30), .parking(minutes: 15), .charging(minutes: 30, energyKWh: 10),
      ])
    let cost = try SessionCostCalculator.cost(of: session, under: t)
    #expect(cost.exclVAT == amount("3.25"))
    #expect(cost.inclVAT == amount("3.50"))
    #expect(cost.line(.parkingTime)?.exclVAT == amount("0.75"))
  }

  @Test("T9 bills 20.5 kWh for 20.45 kWh charged at a 100 Wh step")
  func t9Volume() throws {
    let session = ChargingSession(
      start: instant("2026-01-19T10:00:00+01:00"), timeZone: berlin,
      periods: [.charging(minutes: 60, energyKWh: dec("20.45"))])
    let cost = try SessionCostCalculator.cost(of: session, under: try tariff(OCPIExampleTariffs.t3))
    #expect(cost.line(.energy)?.billedKWh == dec("20.5"))
    #expect(cost.exclVAT == amount("5.625"))
    #expect(cost.inclVAT == amount("6.2375"))
  }

  @Test(
    "S3 and S4: with parking billed only parking time is rounded",
    arguments: [
      ("S3 21 + 16 min, step 10 min", OCPIExampleTariffs.s3, 16, Decimal(21), Decimal(20)),
      ("S4 21 + 7 min, step 5 min", OCPIExampleTariffs.s4, 7, Decimal(21), Decimal(10)),
    ])
  func parkingRounding(
    _ name: String, _ json: String, _ parked: Int, _ charge: Decimal, _ park: Decimal
  )
    throws
  {
    let session = ChargingSession(
      start: instant("2026-01-19T10:00:00+01:00"), timeZone: berlin,
      periods: [.charging(minutes: 21, energyKWh: 5), .parking(minutes: parked)])
    let cost = try SessionCostCalculator.cost(of: session, under: try tariff(json))
    #expect(cost.line(.time)?.billedMinutes == charge, "\(name)")
    #expect(cost.line(.parkingTime)?.billedMinutes == park, "\(name)")
  }

  @Test("S1 bills 5.5 kWh in total, not 1.5 kWh after 17:00")
  func s1Volume() throws {
    let session = ChargingSession(
      start: instant("2026-01-19T16:30:00+01:00"), timeZone: berlin,
      periods: [
        .charging(minutes: 30, energyKWh: dec("4.3")),
        .charging(minutes: 20, energyKWh: dec("1.1")),
      ])
    let cost = try SessionCostCalculator.cost(of: session, under: try tariff(OCPIExampleTariffs.s1))
    #expect(cost.line(.energy)?.billedKWh == dec("5.5"))
  }

  @Test("a tariff past its end date is refused for a later session")
  func expiredTariff() throws {
    let session = ChargingSession(
      start: instant("2026-01-19T10:00:00+01:00"), timeZone: berlin,
      periods: [.charging(minutes: 60, energyKWh: 20)])
    #expect(throws: TariffError.self) {
      try SessionCostCalculator.cost(of: session, under: try tariff(OCPIExampleTariffs.t6))
    }
  }
}
