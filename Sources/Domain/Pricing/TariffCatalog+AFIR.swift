import Charging
import Geo
import Foundation

// Conversion of DATEX II AFIR ad-hoc rates (`tariffs_afir_adhoc_de_2026.json`, data README §5)
// into OCPI tariffs.
//
// - One tariff per distinct rate (rate id + prices + payment means) and current type.
// - `per_kwh` → ENERGY (step 1 Wh); `session_fee` → FLAT; `per_minute` → TIME and PARKING_TIME
//   at 60 × the price per hour, step 60 s (billed per started minute), with `from_minute` /
//   `to_minute` → `min_duration` / `max_duration`, `time_of_day` → `start_time` / `end_time`,
//   `days` → `day_of_week`. A blocking fee counts session minutes whether or not the car charges.
// - Net prices (EnBW) keep the published net value as `price`; gross prices (Giro-e) become
//   `gross / (1 + rate)` to 12 decimals. Both keep the published gross for the incl.-VAT side.
// - A rate with no prices is a diagnostic, not a tariff.
// - Applicability: the operator, the current type, and the rate's sites (100 m) — except when a
//   publisher uses one rate per current type across its whole feed (EnBW), which then applies to
//   every station of that operator.

private struct AFIRFile: Decodable {
  struct Feed: Decodable {
    var publication_time: String
    var charge_points: [ChargePoint]
  }
  struct ChargePoint: Decodable {
    var publisher: String
    var `operator`: String
    var charge_point_id: String
    var lat: Double
    var lon: Double
    var current: String
    var rates: [Rate]
  }
  struct Rate: Decodable {
    var rate_id: String
    var rate_policy: String
    var currency: String
    var payment_means: [String]
    var brands_accepted: [String]
    var last_updated: String?
    var prices: [Price]
  }
  struct Price: Decodable, Hashable {
    var price_type: String
    var value_as_published: Decimal
    var tax_included: Bool
    var tax_rate_percent: Decimal
    var value_gross_eur: Decimal
    var from_minute: Int?
    var to_minute: Int?
    var time_of_day: [Window]?
    var days: [String]?
  }
  struct Window: Decodable, Hashable {
    var start: String
    var end: String
  }
  var feeds: [Feed]
}

extension TariffCatalog {
  static let afirFile = "tariffs_afir_adhoc_de_2026.json"

  mutating func addAFIR(_ data: Data) throws {
    let file: AFIRFile
    do {
      file = try JSONDecoder().decode(AFIRFile.self, from: data)
    } catch {
      throw CatalogError(file: Self.afirFile, problem: "not the AFIR rates layout: \(error)")
    }
    for feed in file.feeds {
      struct Group {
        var points: [AFIRFile.ChargePoint] = []
        var rate: AFIRFile.Rate
        var current: String
      }
      var groups: [String: Group] = [:]
      var order: [String] = []
      var empty: [String: [String]] = [:]
      for point in feed.charge_points {
        for rate in point.rates {
          if rate.prices.isEmpty {
            empty[rate.rate_id, default: []].append(point.charge_point_id)
            continue
          }
          let signature =
            "\(rate.rate_id)|\(point.current)|\(rate.payment_means)|\(rate.brands_accepted)|\(rate.prices.map { "\($0)" })"
          if groups[signature] == nil {
            groups[signature] = Group(rate: rate, current: point.current)
            order.append(signature)
          }
          groups[signature]?.points.append(point)
        }
      }
      for (rateID, points) in empty.sorted(by: { $0.key < $1.key }) {
        diagnostics.append(
          TariffDiagnostic(
            .warning, source: Self.afirFile, item: "rate \(rateID) (\(points.count) charge points)",
            message:
              "the feed publishes no prices for this rate; no tariff created, these charge points have no known price for it"
          ))
      }
      // A publisher whose rates differ only by current type prices its whole network alike.
      let currentsWithOneRate = Dictionary(grouping: order.compactMap { groups[$0] }, by: \.current)
        .mapValues { Set($0.map { "\($0.rate.prices)" }).count == 1 }
      let networkWide = currentsWithOneRate.values.allSatisfy { $0 }
      let publicationDay = String(feed.publication_time.prefix(10))
      for signature in order {
        guard let group = groups[signature], let first = group.points.first else { continue }
        let current: CurrentKind = group.current.uppercased() == "DC" ? .dc : .ac
        let provider = first.publisher.components(separatedBy: " (").first ?? first.publisher
        let operatorKey = OperatorName.key(first.operator)
        let payment = group.rate.payment_means.joined(separator: "/")
        let id =
          "afir-\(operatorKey.replacingOccurrences(of: " ", with: "-"))-\(group.rate.rate_id)-\(current.rawValue.lowercased())-\(payment)"
        do {
          let tariff = try Self.afirTariff(
            id: id, rate: group.rate, publication: feed.publication_time, points: group.points)
          append(
            tariff, name: "\(provider) ad hoc \(current.rawValue) (\(payment))", provider: provider,
            dataDate: publicationDay, source: .afir, file: Self.afirFile,
            applicability: TariffApplicability(
              operators: [operatorKey], currents: [current],
              sites: networkWide
                ? nil : group.points.map { Coordinate(latitude: $0.lat, longitude: $0.lon) },
              evseIDs: Set(group.points.map(\.charge_point_id)), access: .adHoc))
        } catch {
          diagnostics.append(
            TariffDiagnostic(
              .warning, source: Self.afirFile, item: "rate \(group.rate.rate_id)",
              message: "\(error)"))
        }
      }
    }
  }

  private static func afirTariff(
    id: String, rate: AFIRFile.Rate, publication: String, points: [AFIRFile.ChargePoint]
  ) throws -> Tariff {
    guard let currency = Currency(rawValue: rate.currency) else {
      throw TariffError(
        tariffID: id, field: "currency", problem: "'\(rate.currency)' is not an ISO 4217 code")
    }
    var base: [PriceComponent] = []
    var timed: [TariffElement] = []
    for (index, price) in rate.prices.enumerated() {
      let net: Decimal
      if price.tax_included {
        net = GrossPrice.net(price.value_as_published, vat: price.tax_rate_percent)
      } else {
        net = price.value_as_published
      }
      let gross = price.tax_included ? price.value_as_published : price.value_gross_eur
      switch price.price_type {
      case "per_kwh":
        base.append(
          PriceComponent(
            type: .energy, price: net, vat: price.tax_rate_percent, stepSize: 1,
            publishedGrossPrice: gross))
      case "session_fee":
        base.append(
          PriceComponent(
            type: .flat, price: net, vat: price.tax_rate_percent, stepSize: 1,
            publishedGrossPrice: gross))
      case "per_minute":
        let perHourNet = GrossPrice.round12(net * 60)
        let perHourGross = GrossPrice.round12(gross * 60)
        let components = [TariffDimension.time, .parkingTime].map {
          PriceComponent(
            type: $0, price: perHourNet, vat: price.tax_rate_percent, stepSize: 60,
            publishedGrossPrice: perHourGross)
        }
        let days = try (price.days ?? []).map { day -> DayOfWeek in
          guard let d = DayOfWeek(rawValue: day.uppercased()) else {
            throw TariffError(
              tariffID: id, field: "prices[\(index)].days", problem: "unknown day '\(day)'")
          }
          return d
        }
        let windows = price.time_of_day ?? []
        let restrictionsList: [TariffRestrictions] = try
          (windows.isEmpty ? [nil] : windows.map { $0 }).map {
            window in
            var r = TariffRestrictions(
              minDuration: price.from_minute.map { $0 * 60 },
              maxDuration: price.to_minute.map { $0 * 60 },
              dayOfWeek: days)
            if let window {
              guard let s = TimeOfDay(window.start), let e = TimeOfDay(window.end) else {
                throw TariffError(
                  tariffID: id, field: "prices[\(index)].time_of_day",
                  problem: "invalid window \(window.start)–\(window.end), expected HH:MM[:SS]")
              }
              r.startTime = s
              r.endTime = e
            }
            return r
          }
        for r in restrictionsList {
          timed.append(
            TariffElement(priceComponents: components, restrictions: r.isEmpty ? nil : r))
        }
      default:
        throw TariffError(
          tariffID: id, field: "prices[\(index)].price_type",
          problem:
            "unknown price type '\(price.price_type)', expected per_kwh, per_minute or session_fee")
      }
    }
    var elements: [TariffElement] = []
    if !base.isEmpty { elements.append(TariffElement(priceComponents: base)) }
    elements += timed
    let updated = ([publication] + [rate.last_updated].compactMap { $0 }).compactMap(
      OCPIDateTime.parse
    ).max()
    return Tariff(
      countryCode: "DE",
      partyID: String(OperatorName.normalise(points.first?.operator ?? "").prefix(3)).uppercased(),
      id: id, currency: currency, type: .adHocPayment, elements: elements,
      lastUpdated: updated ?? Date(timeIntervalSince1970: 0))
  }
}

/// A tariff file that is not the expected layout at all.
public struct CatalogError: Error, Sendable, CustomStringConvertible {
  /// The file.
  public var file: String
  /// What is wrong.
  public var problem: String
  /// A one-line text for messages and logs.
  public var description: String { "cannot load \(file): \(problem)" }
}

/// Gross-to-net conversion with the project's 12-decimal price precision.
enum GrossPrice {
  /// `gross / (1 + vat/100)`, rounded half away from zero to 12 decimals.
  static func net(_ gross: Decimal, vat: Decimal) -> Decimal {
    round12(gross * 100 / (100 + vat))
  }

  /// Rounds to 12 decimals (prices are kept to 12 decimals; see ``ExactAmount``).
  static func round12(_ value: Decimal) -> Decimal {
    var v = value
    var out = Decimal()
    NSDecimalRound(&out, &v, 12, .plain)
    return out
  }
}
