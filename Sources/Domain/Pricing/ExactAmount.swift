import Charging
import Foundation

/// An amount of money kept exactly as an integer count of 1/(3.6 × 10²⁵) of a currency unit.
///
/// The unit is chosen so that every step of the OCPI cost procedure stays an exact integer for
/// prices with up to 12 decimals and VAT rates with up to 4 decimals: a price per hour times
/// milliseconds (÷ 3.6 × 10⁶), a price per kWh times milliwatt-hours (÷ 10⁶) and a VAT factor
/// (÷ 10⁶) all divide the unit evenly. Sums never drift; rounding happens only for display.
public struct ExactAmount: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Units per currency unit: 3.6 × 10²⁵.
  public static let unitsPerCurrencyUnit: Int128 = 36_000_000_000_000_000_000_000_000
  /// The integer count of units.
  public var units: Int128

  /// Creates an amount from raw units.
  public init(units: Int128) { self.units = units }

  /// Zero.
  public static let zero = ExactAmount(units: 0)

  /// Converts a decimal amount; nil when it has more than 12 decimals or is out of range.
  public init?(exactly decimal: Decimal) {
    guard let scaled = DecimalScaling.scaled(decimal, decimals: 12, rounding: false) else {
      return nil
    }
    let (units, overflow) = scaled.multipliedReportingOverflow(
      by: Self.unitsPerCurrencyUnit / 1_000_000_000_000)
    guard !overflow else { return nil }
    self.units = units
  }

  /// The exact sum of two amounts.
  public static func + (a: ExactAmount, b: ExactAmount) -> ExactAmount {
    ExactAmount(units: a.units + b.units)
  }

  /// The exact difference of two amounts.
  public static func - (a: ExactAmount, b: ExactAmount) -> ExactAmount {
    ExactAmount(units: a.units - b.units)
  }

  /// Whether the left value comes before the right one.
  public static func < (a: ExactAmount, b: ExactAmount) -> Bool { a.units < b.units }

  /// The amount rounded to `digits` decimals, half away from zero (OCPI leaves rounding to
  /// contracts; this is the common commercial rule), as an integer count of 10^-digits.
  public func rounded(decimals digits: Int) -> Int128 {
    var divisor = Self.unitsPerCurrencyUnit
    for _ in 0..<digits { divisor /= 10 }
    let magnitude = units.magnitude
    let d = divisor.magnitude
    let q = (magnitude + d / 2) / d
    return units < 0 ? -Int128(q) : Int128(q)
  }

  /// The amount in minor units of `currency` (cents for EUR), rounded half away from zero.
  public func money(_ currency: Currency) -> Money {
    let value = rounded(decimals: currency.minorUnitDigits)
    let clamped = max(Int128(Int64.min), min(Int128(Int64.max), value))
    return Money(minorUnits: Int64(clamped), currency: currency)
  }

  /// The amount as a decimal, exact when it has at most 18 decimals, else rounded to 18.
  public var decimal: Decimal {
    Decimal(string: decimalText(maxDecimals: 18)) ?? 0
  }

  /// The amount rounded to `digits` decimals, as a decimal.
  public func decimal(rounded digits: Int) -> Decimal {
    Decimal(string: decimalText(maxDecimals: digits)) ?? 0
  }

  /// Plain decimal text with up to `maxDecimals` decimals and no trailing zeros, e.g. `12.375`.
  public func decimalText(maxDecimals: Int) -> String {
    let scaled = rounded(decimals: maxDecimals)
    let negative = scaled < 0
    var digits = String(scaled.magnitude)
    if maxDecimals > 0 {
      if digits.count <= maxDecimals {
        digits = String(repeating: "0", count: maxDecimals - digits.count + 1) + digits
      }
      let cut = digits.index(digits.endIndex, offsetBy: -maxDecimals)
      var fraction = String(digits[cut...])
      while fraction.last == "0" { fraction.removeLast() }
      digits = fraction.isEmpty ? String(digits[..<cut]) : "\(digits[..<cut]).\(fraction)"
    }
    return negative && scaled != 0 ? "-\(digits)" : digits
  }

  /// Up to 18 decimals, trailing zeros removed.
  public var description: String { decimalText(maxDecimals: 18) }
}

/// Exact conversion of `Decimal` values into scaled integers.
enum DecimalScaling {
  /// `value × 10^decimals` as an integer; nil when out of range, or when `rounding` is false and
  /// the value has more decimals (with `rounding`, rounds half away from zero).
  static func scaled(_ value: Decimal, decimals: Int, rounding: Bool) -> Int128? {
    let text = value.description
    var negative = false
    var whole: Int128 = 0
    var fraction: Int128 = 0
    var fractionDigits = 0
    var roundUp = false
    var exact = true
    var seenPoint = false
    var anyDigit = false
    for (i, c) in text.utf8.enumerated() {
      switch c {
      case UInt8(ascii: "-") where i == 0: negative = true
      case UInt8(ascii: "."):
        guard !seenPoint else { return nil }
        seenPoint = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        anyDigit = true
        let digit = Int128(c - UInt8(ascii: "0"))
        if !seenPoint {
          guard whole < 10_000_000_000_000_000 else { return nil }
          whole = whole * 10 + digit
        } else if fractionDigits < decimals {
          fraction = fraction * 10 + digit
          fractionDigits += 1
        } else {
          if digit != 0 { exact = false }
          // Only the first dropped digit decides the half-away-from-zero rounding.
          if fractionDigits == decimals {
            roundUp = digit >= 5
            fractionDigits += 1  // marks that the deciding digit has been seen
          }
        }
      default: return nil
      }
    }
    guard anyDigit else { return nil }
    if !exact && !rounding { return nil }
    var scale: Int128 = 1
    for _ in 0..<decimals { scale *= 10 }
    var kept = fractionDigits > decimals ? decimals : fractionDigits
    var f = fraction
    while kept < decimals {
      f *= 10
      kept += 1
    }
    var result = whole * scale + f
    if rounding && roundUp { result += 1 }
    return negative ? -result : result
  }
}
