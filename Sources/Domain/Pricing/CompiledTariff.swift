import Charging
import Foundation

/// A validated tariff turned into integers, ready to price many sessions quickly.
///
/// Compiling validates the tariff (``Tariff/validate()``), converts every price to an exact
/// integer (12 decimals; VAT 4 decimals), groups the price components per dimension in element
/// order, and collects every point at which a restriction can switch (times of day, session
/// durations, energy amounts) so the calculator only splits a session where it must.
public struct CompiledTariff: Sendable {
  /// The tariff as published (or converted).
  public let tariff: Tariff
  let elements: [CompiledRestriction?]
  let energy: [Candidate]
  let flat: [Candidate]
  let time: [Candidate]
  let parking: [Candidate]
  /// Local times of day (ms after midnight) at which some restriction switches.
  let timesOfDay: [Int64]
  /// Session durations (ms) at which some restriction switches.
  let durations: [Int64]
  /// Energies (mWh) at which some restriction switches.
  let energies: [Int64]
  let minPrice: (excl: ExactAmount, incl: ExactAmount?)?
  let maxPrice: (excl: ExactAmount, incl: ExactAmount?)?
  /// incl ÷ excl of the first priced component with VAT (element order), or 1 ÷ 1: the VAT that derives
  /// a missing `incl_vat` limit for a session whose excl. total is zero.
  let fallbackVAT: (Int128, Int128)

  /// Validates and compiles a tariff; throws ``TariffError`` naming the tariff and field.
  public init(_ tariff: Tariff) throws {
    try tariff.validate()
    self.tariff = tariff
    var elements: [CompiledRestriction?] = []
    var energy: [Candidate] = []
    var flat: [Candidate] = []
    var time: [Candidate] = []
    var parking: [Candidate] = []
    var times = Set<Int64>()
    var durations = Set<Int64>()
    var energies = Set<Int64>()
    for (e, element) in tariff.elements.enumerated() {
      let field = "elements[\(e)].restrictions"
      let restriction = try element.restrictions.map {
        try CompiledRestriction($0, tariffID: tariff.id, field: field)
      }
      elements.append(restriction)
      if let r = restriction {
        if let t = r.startTime { times.insert(t) }
        if let t = r.endTime { times.insert(t == 86_400_000 ? 0 : t) }
        if r.weekdays != 0 || r.startDay != nil || r.endDay != nil { times.insert(0) }
        if let d = r.minDuration { durations.insert(d) }
        if let d = r.maxDuration { durations.insert(d) }
        if let k = r.minEnergy { energies.insert(k) }
        if let k = r.maxEnergy { energies.insert(k) }
      }
      var seen = Set<TariffDimension>()
      for (p, component) in element.priceComponents.enumerated() {
        // OCPI: one component per dimension per element; a second one can never be selected.
        guard seen.insert(component.type).inserted else { continue }
        let compiled = try CompiledComponent(
          component, tariffID: tariff.id, field: "elements[\(e)].price_components[\(p)]")
        let candidate = Candidate(element: e, component: compiled)
        switch component.type {
        case .energy: energy.append(candidate)
        case .flat: flat.append(candidate)
        case .time: time.append(candidate)
        case .parkingTime: parking.append(candidate)
        }
      }
    }
    self.elements = elements
    let withVAT = (energy + flat + time + parking).filter {
      $0.component.hasVAT && $0.component.exclPerUnit > 0
    }.min { $0.element < $1.element }
    if let c = withVAT?.component {
      fallbackVAT = (c.inclPerUnit, c.exclPerUnit)
    } else {
      fallbackVAT = (1, 1)
    }
    self.energy = energy
    self.flat = flat
    self.time = time
    self.parking = parking
    self.timesOfDay = times.sorted()
    self.durations = durations.sorted()
    self.energies = energies.sorted()
    func limit(_ price: TariffPrice?, _ name: String) throws -> (ExactAmount, ExactAmount?)? {
      guard let price else { return nil }
      guard price.exclVAT <= Self.maximumPrice, let excl = ExactAmount(rounding: price.exclVAT)
      else {
        throw TariffError(
          tariffID: tariff.id, field: "\(name).excl_vat",
          problem: "\(price.exclVAT) is out of range, expected 0 … \(Self.maximumPrice)")
      }
      var incl: ExactAmount?
      if let value = price.inclVAT {
        guard value <= Self.maximumPrice, let amount = ExactAmount(rounding: value) else {
          throw TariffError(
            tariffID: tariff.id, field: "\(name).incl_vat",
            problem: "\(value) is out of range, expected 0 … \(Self.maximumPrice)")
        }
        incl = amount
      }
      return (excl, incl)
    }
    minPrice = try limit(tariff.minPrice, "min_price")
    maxPrice = try limit(tariff.maxPrice, "max_price")
  }
}

extension CompiledTariff {
  /// The largest price (per unit, per session or as a limit) a tariff may state: 10⁶ currency
  /// units, which keeps every exact product inside 128-bit integers.
  public static let maximumPrice: Decimal = 1_000_000
}

extension TariffDimension {
  /// The unit a price of this dimension is per, for messages.
  var unitName: String {
    switch self {
    case .energy: "kWh"
    case .flat: "session"
    case .time, .parkingTime: "hour"
    }
  }
}

/// A price component of one dimension, found in element `element`.
struct Candidate: Sendable {
  let element: Int
  let component: CompiledComponent
}

/// A price component as integers: cost = per-unit amount × volume (mWh, ms or 1).
struct CompiledComponent: Sendable {
  let dimension: TariffDimension
  /// Excl.-VAT cost of one volume unit, in ``ExactAmount`` units.
  let exclPerUnit: Int128
  /// Incl.-VAT cost of one volume unit.
  let inclPerUnit: Int128
  /// The step in volume units (mWh for ENERGY, ms for times); 1 for FLAT.
  let step: Int64
  /// Whether the component states a VAT rate (or a published gross price).
  let hasVAT: Bool

  init(_ c: PriceComponent, tariffID: String, field: String) throws {
    guard let p12 = DecimalScaling.scaled(c.price, decimals: 12, rounding: true),
      p12 < 1_000_000_000_000_000_000
    else {
      throw TariffError(
        tariffID: tariffID, field: "\(field).price",
        problem:
          "\(c.price) is out of range, expected 0 … \(CompiledTariff.maximumPrice) per"
          + " \(c.type.unitName)")
    }
    // Per-unit multipliers that keep every product an exact integer (see ExactAmount).
    let exclMultiplier: Int128
    let vatMultiplier: Int128
    switch c.type {
    case .energy:
      exclMultiplier = 36_000_000
      vatMultiplier = 36
      step = Int64(c.stepSize) * 1000
    case .time, .parkingTime:
      exclMultiplier = 10_000_000
      vatMultiplier = 10
      step = Int64(c.stepSize) * 1000
    case .flat:
      exclMultiplier = 36_000_000_000_000
      vatMultiplier = 36_000_000
      step = 1
    }
    dimension = c.type
    exclPerUnit = p12 * exclMultiplier
    if let gross = c.publishedGrossPrice {
      guard let g12 = DecimalScaling.scaled(gross, decimals: 12, rounding: true),
        g12 < 1_000_000_000_000_000_000
      else {
        throw TariffError(
          tariffID: tariffID, field: "\(field).price",
          problem: "gross \(gross) is out of range, expected 0 … \(CompiledTariff.maximumPrice)")
      }
      inclPerUnit = g12 * exclMultiplier
      hasVAT = true
    } else if let vat = c.vat {
      guard let v4 = DecimalScaling.scaled(vat, decimals: 4, rounding: true), v4 < 100_000_000
      else {
        throw TariffError(
          tariffID: tariffID, field: "\(field).vat",
          problem: "\(vat) is out of range, expected a percentage 0 … 9999")
      }
      inclPerUnit = p12 * vatMultiplier * (1_000_000 + v4)
      hasVAT = true
    } else {
      inclPerUnit = exclPerUnit
      hasVAT = false
    }
  }
}

/// Restrictions as integers: times in ms after local midnight, durations in ms, energy in mWh,
/// power in mW, current in mA, dates as day numbers.
struct CompiledRestriction: Sendable {
  let startTime: Int64?
  /// `00:00` as an end time is stored as 86 400 000 (end of day).
  let endTime: Int64?
  let startDay: Int?
  let endDay: Int?
  let minEnergy: Int64?
  let maxEnergy: Int64?
  let minPower: Int64?
  let maxPower: Int64?
  let minCurrent: Int64?
  let maxCurrent: Int64?
  let minDuration: Int64?
  let maxDuration: Int64?
  /// Bit i set = weekday i (Monday = 0) allowed; 0 = every day.
  let weekdays: UInt8
  let reservation: ReservationRestriction?

  init(_ r: TariffRestrictions, tariffID: String, field: String) throws {
    func scaled(_ value: Decimal?, _ decimals: Int, _ name: String) throws -> Int64? {
      guard let value else { return nil }
      guard let s = DecimalScaling.scaled(value, decimals: decimals, rounding: true),
        s < Int128(Int64.max / 4)
      else {
        throw TariffError(
          tariffID: tariffID, field: "\(field).\(name)",
          problem: "\(value) is out of range, expected a bound below 10¹²")
      }
      return Int64(s)
    }
    startTime = r.startTime.map { Int64($0.secondsSinceMidnight) * 1000 }
    endTime = r.endTime.map {
      $0.secondsSinceMidnight == 0 ? 86_400_000 : Int64($0.secondsSinceMidnight) * 1000
    }
    startDay = r.startDate?.dayNumber
    endDay = r.endDate?.dayNumber
    minEnergy = try scaled(r.minKWh, 6, "min_kwh")
    maxEnergy = try scaled(r.maxKWh, 6, "max_kwh")
    minPower = try scaled(r.minPower, 6, "min_power")
    maxPower = try scaled(r.maxPower, 6, "max_power")
    minCurrent = try scaled(r.minCurrent, 3, "min_current")
    maxCurrent = try scaled(r.maxCurrent, 3, "max_current")
    minDuration = r.minDuration.map { Int64($0) * 1000 }
    maxDuration = r.maxDuration.map { Int64($0) * 1000 }
    weekdays = r.dayOfWeek.reduce(0) { $0 | (1 << UInt8($1.index)) }
    reservation = r.reservation
  }
}

extension ExactAmount {
  /// Converts a decimal amount, rounding beyond 12 decimals; nil when out of range.
  init?(rounding decimal: Decimal) {
    guard let scaled = DecimalScaling.scaled(decimal, decimals: 12, rounding: true) else {
      return nil
    }
    let (units, overflow) = scaled.multipliedReportingOverflow(
      by: ExactAmount.unitsPerCurrencyUnit / 1_000_000_000_000)
    guard !overflow else { return nil }
    self.init(units: units)
  }
}
