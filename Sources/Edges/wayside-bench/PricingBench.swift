import Charging
import Foundation
import Geo
import Pricing
import WaysideData

/// Pricing benchmark: quotes for 12 stations under every bundled tariff.
///
/// Prints the median time of (a) a full quote (applicability + cost of every applicable tariff,
/// sorted) for 12 stations, (b) the cost of *every* tariff at all 12 stations ignoring
/// applicability, with compiled tariffs and one prepared session per station, and (c) the same
/// pairs recomputed naively (validate, compile and prepare per pair) as the baseline.
enum PricingBench {
  /// Runs the benchmark and prints its lines; returns false when the data cannot be loaded.
  @discardableResult
  static func run(_ bench: Bench) -> Bool {
    bench.section("Pricing (12 stations × every bundled tariff)")
    let runs = bench.runs(21, quick: 3)
    let inner = bench.runs(100, quick: 10)
    let loadStart = DispatchTime.now().uptimeNanoseconds
    let catalog: TariffCatalog
    do {
      catalog = try TariffCatalog.load(
        afir: try BundledData.data(.tariffsAFIR),
        ludwigsburgOCPI: try BundledData.data(.tariffsLudwigsburgOCPI),
        retail: try BundledData.data(.tariffsRetail))
    } catch {
      print("pricing: cannot load the bundled tariffs: \(error)")
      bench.target("pricing: quote 12 stations × all tariffs", under: 1, nil)
      return false
    }
    let loadMs = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e6
    let quoter = PriceQuoter(catalog: catalog)
    let stations = benchStations()
    let start = OCPIDateTime.parse("2026-03-20T17:30:00+01:00") ?? Date()
    let assumption = SessionAssumption(
      batteryKWh: 77, fromPercent: 10, toPercent: 80, carMaxACkW: 11, carMaxDCkW: 135, start: start,
      parkMinutes: 10)
    let tariffs = catalog.entries.count

    // (a) Full quotes.
    var quoteCount = 0
    let quoteMedian = Bench.medianPerCall(runs: runs, inner: inner) {
      for quote in quoter.quote(stations: stations, selectedTariffIDs: nil, assumption: assumption)
      {
        quoteCount &+= quote.quotes.count
      }
    }
    let applicable = stations.map {
      quoter.quote(station: $0, selectedTariffIDs: nil, assumption: assumption).quotes.count
    }

    // Sessions per station, as the quoter builds them (DC at min(station, car) power, else AC).
    let sessions: [ChargingSession] = stations.map { station in
      let dc = station.hasDirectCurrent
      let stationKW = Decimal(station.maxPower?.kilowatts ?? 11)
      let power = min(stationKW, dc ? assumption.carMaxDCkW : assumption.carMaxACkW)
      let minutes = GrossPriceText.round(assumption.energyKWh * 60 / power)
      return ChargingSession(
        start: start, timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current,
        periods: [
          .charging(
            milliseconds: Int64(truncating: (minutes * 60_000) as NSNumber),
            energyKWh: assumption.energyKWh, powerKW: power),
          .parking(minutes: 10),
        ])
    }

    // (b) Every tariff at every station, compiled.
    var sink = ExactAmount.zero
    let compiledMedian = Bench.medianPerCall(runs: runs, inner: inner) {
      for session in sessions {
        guard let prepared = try? PreparedSession(session) else { continue }
        for entry in catalog.entries { sink = sink + entry.compiled.cost(prepared).inclVAT }
      }
    }

    // (c) Baseline: the same pairs, recompiled and re-prepared for each pair.
    let naiveMedian = Bench.median(runs: bench.runs(5, quick: 1)) {
      for session in sessions {
        for entry in catalog.entries {
          if let cost = try? SessionCostCalculator.cost(of: session, under: entry.tariff) {
            sink = sink + cost.inclVAT
          }
        }
      }
    }

    print(
      "pricing: \(tariffs) bundled tariffs (\(catalog.diagnostics.count) diagnostics), loaded and compiled in \(format(loadMs)) ms"
    )
    print(
      "pricing: applicable tariffs per station: \(applicable.map(String.init).joined(separator: " "))"
    )
    print(
      "pricing: quote 12 stations × all \(tariffs) tariffs (applicability + cost + sort): \(quoteMedian.text(3))  [target < 1 ms]"
    )
    print(
      "pricing: cost of all 12 × \(tariffs) pairs, compiled tariffs: \(compiledMedian.text(3)) | baseline recompiling per pair: \(naiveMedian.text(1)), \(compiledMedian.speedup(over: naiveMedian)) faster"
    )
    bench.target("pricing: quote 12 stations × all tariffs", under: 1, quoteMedian)
    if sink.units == 42 { print("") }  // keeps the work observable
    return true
  }

  private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

  /// Twelve stations with operator spellings and positions from the bundled data (BNetzA 2026
  /// fast chargers, the AFIR and OCPI tariff extracts).
  static func benchStations() -> [Station] {
    let rows: [(String, Double, Double, Double, Bool, String?)] = [
      ("EnBW mobility+ AG und Co.KG", 48.718544, 9.611829, 150, true, "DE*EBW*E914082*2"),
      ("EWE Go GmbH", 53.1434, 8.2146, 300, true, nil),
      ("Allego GmbH", 51.3127, 9.4797, 150, true, nil),
      ("E.ON Drive Infrastructure GmbH", 51.4556, 7.0116, 150, true, nil),
      ("IONITY GmbH", 50.1109, 8.6821, 350, true, nil),
      ("Comfortcharge GmbH", 52.5200, 13.4050, 150, true, nil),
      ("SWLB Mobilität GmbH", 48.89233, 9.18329, 22, false, "DE*SLB*E001L10000*001"),
      ("GLS Mobility GmbH", 51.4708953, 7.2195074, 22, false, "10338"),
      ("Mercedes-Benz High-Power Charging Europe GmbH", 48.7758, 9.1829, 400, true, nil),
      ("E.ON Drive GmbH", 48.1351, 11.5820, 22, false, nil),
      ("Qwello NRW GmbH", 51.2277, 6.7735, 22, false, nil),
      ("Stadtwerke Kassel AG", 51.3127, 9.4797, 50, true, nil),
    ]
    return rows.enumerated().map { index, row in
      let (op, lat, lon, kw, dc, evse) = row
      let connector = Connector(
        id: "1", standard: dc ? .type2Combo : .type2, powerType: dc ? .dc : .ac3Phase,
        maxElectricPower: Power(kilowatts: kw))
      return Station(
        id: Station.ID("bench-\(index)"), operatorName: op, address: Address(),
        coordinate: Coordinate(latitude: lat, longitude: lon),
        evses: [EVSE(uid: "1", evseID: evse, connectors: [connector])],
        source: DataSource(
          name: "benchmark", date: "2026-01-28", licence: "CC BY 4.0", attribution: ""))
    }
  }
}

private enum GrossPriceText {
  static func round(_ value: Decimal) -> Decimal {
    var v = value
    var out = Decimal()
    NSDecimalRound(&out, &v, 3, .plain)
    return out
  }
}
