import Charging
import Foundation
import Pricing
import Synchronization
import TripPlanner

/// One tariff's price for a session at a site.
public struct SiteTariffPrice: Hashable, Sendable {
  /// The catalogue id.
  public var tariffID: String
  /// The tariff's name, e.g. `EnBW ad hoc DC (card)`.
  public var name: String
  /// Who sets the price.
  public var provider: String
  /// Ad hoc, contract or roaming.
  public var access: TariffAccess
  /// The date of the price data, `YYYY-MM-DD`.
  public var dataDate: String
  /// The session's cost incl. VAT, in cents.
  public var total: Money
  /// The effective price per kWh incl. VAT, rounded to the cent.
  public var perKilowattHour: Decimal {
    didSet { perKilowattHourText = Self.perKilowattHourText(perKilowattHour) }
  }
  /// The priced session's energy.
  public var energyKWh: Decimal
  /// The priced session's charging minutes.
  public var chargeMinutes: Decimal
  /// The priced session's power, kW.
  public var powerKW: Decimal
  /// `0.59 €/kWh`, written once with the price.
  public private(set) var perKilowattHourText: String

  /// Creates the price from a quoter's answer.
  public init(_ quote: PriceQuote) {
    self.init(
      quote, energyKWh: quote.energyKWh, chargeMinutes: quote.chargeMinutes,
      powerKW: quote.powerKW)
  }

  /// Creates the price from a quoter's answer with the session's figures as decimals (equal to
  /// the quote's, worked out once per session rather than once per tariff).
  init(_ quote: PriceQuote, energyKWh: Decimal, chargeMinutes: Decimal, powerKW: Decimal) {
    tariffID = quote.tariffID
    name = quote.name
    provider = quote.provider
    access = quote.access
    dataDate = quote.dataDate
    total = quote.cost.inclVAT.money(quote.cost.currency)
    let cents = quote.pricePerKWh.rounded(decimals: 2)
    if let exact = Int64(exactly: cents) {
      perKilowattHour = Decimal.exact(exact, decimals: 2)
      perKilowattHourText = "\(Self.euros(cents: exact)) €/kWh"
    } else {
      perKilowattHour = quote.pricePerKWh.decimal(rounded: 2)
      perKilowattHourText = Self.perKilowattHourText(perKilowattHour)
    }
    self.energyKWh = energyKWh
    self.chargeMinutes = chargeMinutes
    self.powerKW = powerKW
  }

  /// `23.45 €`.
  public var totalText: String { Self.money(total) }

  /// How the price is paid, in a word: `ad-hoc`, `roaming` or `contract`.
  public var accessText: String {
    switch access {
    case .adHoc: "ad-hoc"
    case .roaming: "roaming"
    case .contract: "contract"
    }
  }

  static func perKilowattHourText(_ value: Decimal) -> String { "\(euros(value)) €/kWh" }

  /// `0.59` with exactly two decimals.
  static func euros(_ value: Decimal) -> String {
    euros(cents: NSDecimalNumber(decimal: value * 100).int64Value)
  }

  /// `0.59` for 59 cents, `-1.05` for −105.
  static func euros(cents: Int64) -> String {
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return "\(cents < 0 ? "-" : "")\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// `23.45 €` (euros), `23.45 USD` for any other currency.
  static func money(_ money: Money) -> String {
    money.currency == .euro ? "\(euros(cents: money.minorUnits)) €" : money.description
  }
}

extension Decimal {
  /// `value / 10^decimals` with no trailing zeros in its mantissa — the value and the form
  /// `Decimal(value) / 10^decimals` has — built without dividing.
  static func exact(_ value: Int64, decimals: Int) -> Decimal {
    guard value != 0 else { return Decimal(0) }
    var magnitude = value.magnitude
    var exponent = -decimals
    while magnitude % 10 == 0 {
      magnitude /= 10
      exponent += 1
    }
    return Decimal(
      sign: value < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(magnitude))
  }
}

/// What a site costs the driver, as far as the bundled data knows.
public enum SitePrice: Hashable, Sendable {
  /// Prices under the driver's own tariffs that apply here, cheapest first.
  case mine([SiteTariffPrice])
  /// The driver chose no tariff: the ad-hoc prices (pay at the charger) and roaming prices
  /// (a widely held card) the data knows for the site, cheapest first; each says which it is.
  case adHoc([SiteTariffPrice])
  /// The driver chose no tariff and the data has no ad-hoc price here.
  case noTariffChosen
  /// None of the driver's tariffs applies here; the reason in plain words.
  case unknown(String)

  /// The cheapest known price, if any.
  public var best: SiteTariffPrice? {
    switch self {
    case .mine(let prices), .adHoc(let prices): prices.first
    case .noTariffChosen, .unknown: nil
    }
  }

  /// Every known price, cheapest first.
  public var prices: [SiteTariffPrice] {
    switch self {
    case .mine(let prices), .adHoc(let prices): prices
    case .noTariffChosen, .unknown: []
    }
  }

  /// The price as a row says it, beside the power: `0.59 €/kWh` under the driver's tariffs;
  /// with none chosen the cheapest price the data knows, marked by how it is paid
  /// (`0.59 €/kWh ad-hoc`, `0.62 €/kWh roaming`), or `no price known` only when there is none;
  /// `no price for your tariffs` when none of the driver's applies. Which tariff priced it (and
  /// that none is chosen) is said in Details (``ChargingScreens/priceLines(_:)``).
  public var shortText: String {
    switch self {
    case .mine(let prices):
      prices.first.map(\.perKilowattHourText) ?? "no price for your tariffs"
    case .adHoc(let prices):
      prices.first.map { "\($0.perKilowattHourText) \($0.accessText)" } ?? "no price known"
    case .noTariffChosen: "no price known"
    case .unknown: "no price for your tariffs"
    }
  }

  /// Whether the price is the driver's own (their tariffs chosen); otherwise the row marks it
  /// by how it is paid (ad-hoc, roaming) and Details say that no tariff is chosen.
  public var isDriversOwn: Bool {
    switch self {
    case .mine, .unknown: true
    case .adHoc, .noTariffChosen: false
    }
  }
}

/// Prices sites for the driver: a 10 → 80 % session of the driver's car, starting now, under the
/// tariffs they chose — or, with none chosen, the cheapest ad-hoc or roaming price the catalogue
/// knows for the site.
public struct SitePricing: Sendable {
  /// The quoter over the tariff catalogue.
  public let quoter: PriceQuoter
  /// The ids of the catalogue's ad-hoc and roaming tariffs (used when the driver chose none:
  /// a price anyone can pay at the charger, or with a widely held card).
  public let adHocTariffIDs: Set<String>

  /// Charging minutes by charging milliseconds: a session's minutes are the same for every
  /// tariff and there are few distinct ones (the car's battery over a handful of powers).
  private let minutes = Memo<Int64, Decimal>(capacity: 4096)

  /// Creates the pricing over a quoter.
  public init(quoter: PriceQuoter) {
    self.quoter = quoter
    adHocTariffIDs = Set(
      quoter.catalog.entries.filter { $0.applicability.access != .contract }.map(\.id))
  }

  /// A quote's price, its session's figures as decimals worked out once.
  func price(_ quote: PriceQuote) -> SiteTariffPrice {
    let ms = quote.chargeMilliseconds
    let minutes = minutes.value(for: ms) { quote.chargeMinutes }
    return SiteTariffPrice(
      quote, energyKWh: Decimal.exact(quote.energyMilliwattHours, decimals: 6),
      chargeMinutes: minutes, powerKW: Decimal.exact(quote.powerMilliwatts, decimals: 6))
  }

  /// The session every Charge-tab price assumes: the vehicle's battery from 10 to 80 %, at the
  /// lower of the station's and the car's power (11 kW AC on board), starting at `start`.
  public static func assumption(vehicle: VehicleProfile, start: Date) -> SessionAssumption {
    SessionAssumption(
      batteryKWh: Decimal(vehicle.usableCapacityKilowattHours), fromPercent: 10, toPercent: 80,
      carMaxACkW: TripPricing.carMaxACKilowatts,
      carMaxDCkW: Decimal(vehicle.chargingCurve.peakKilowatts), start: start)
  }

  /// The price of each site (its most powerful row) for the driver.
  public func price(
    _ sites: [ChargeSite], tariffIDs: [String], vehicle: VehicleProfile, start: Date
  ) -> [SitePrice] {
    let stations = sites.compactMap(\.representative)
    guard stations.count == sites.count else {
      return sites.map { _ in .unknown("the site has no register row") }
    }
    let assumption = Self.assumption(vehicle: vehicle, start: start)
    let chosen = Set(tariffIDs)
    let selected = chosen.isEmpty ? adHocTariffIDs : chosen
    let quotes = quoter.quote(
      stations: stations, selectedTariffIDs: selected, assumption: assumption)
    return quotes.map { quote in
      switch quote {
      case .priced(let list):
        let prices = list.map(price)
        return chosen.isEmpty ? .adHoc(prices) : .mine(prices)
      case .noPriceKnown(let reason):
        return chosen.isEmpty ? .noTariffChosen : .unknown(reason)
      }
    }
  }
}

/// Values worked out once per key, at most `capacity` of them (then it starts afresh).
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let table = Mutex<[Key: Value]>([:])
  private let capacity: Int

  init(capacity: Int) { self.capacity = capacity }

  func value(for key: Key, _ make: () -> Value) -> Value {
    if let known = table.withLock({ $0[key] }) { return known }
    let made = make()
    table.withLock { table in
      if table.count >= capacity { table.removeAll(keepingCapacity: true) }
      table[key] = made
    }
    return made
  }
}
