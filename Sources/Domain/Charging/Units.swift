/// Electrical power in kilowatts.
public struct Power: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The value in kW.
  public var kilowatts: Double
  /// Creates a power from kilowatts.
  public init(kilowatts: Double) { self.kilowatts = kilowatts }
  /// Creates a power from watts.
  public init(watts: Double) { self.kilowatts = watts / 1000 }
  /// The value in W.
  public var watts: Double { kilowatts * 1000 }
  /// Whether the left value comes before the right one.
  public static func < (a: Power, b: Power) -> Bool { a.kilowatts < b.kilowatts }
  /// `"150 kW"`, `"3.7 kW"`: whole numbers without decimals, others with one.
  public var description: String { "\(UnitFormat.compact(kilowatts)) kW" }
}

/// Electrical energy in kilowatt-hours.
public struct Energy: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// The value in kWh.
  public var kilowattHours: Double
  /// Creates an energy from kilowatt-hours.
  public init(kilowattHours: Double) { self.kilowattHours = kilowattHours }
  /// The value in Wh.
  public var wattHours: Double { kilowattHours * 1000 }
  /// Whether the left value comes before the right one.
  public static func < (a: Energy, b: Energy) -> Bool { a.kilowattHours < b.kilowattHours }
  /// `"42 kWh"`, `"7.5 kWh"`.
  public var description: String { "\(UnitFormat.compact(kilowattHours)) kWh" }
}

/// An ISO 4217 currency code such as `EUR`.
public struct Currency: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible {
  /// The three-letter code.
  public var rawValue: String
  /// Creates a currency from its code; nil unless it is three ASCII letters.
  public init?(rawValue: String) {
    let upper = rawValue.uppercased()
    guard upper.count == 3, upper.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
    self.rawValue = upper
  }
  /// The euro.
  public static let euro = Currency(code: "EUR")
  private init(code: String) { self.rawValue = code }
  /// Digits after the decimal point in the currency's minor unit (2 for every currency we load).
  public var minorUnitDigits: Int { rawValue == "JPY" || rawValue == "KRW" ? 0 : 2 }
  /// A one-line text for messages and logs.
  public var description: String { rawValue }
}

/// An amount of money in minor units (cents) of a currency, the form totals are shown in.
public struct Money: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
  /// Whole minor units (e.g. cents).
  public var minorUnits: Int64
  /// The currency.
  public var currency: Currency
  /// Creates an amount from minor units.
  public init(minorUnits: Int64, currency: Currency) {
    self.minorUnits = minorUnits
    self.currency = currency
  }
  /// Orders amounts of the same currency; amounts in different currencies order by code first.
  public static func < (a: Money, b: Money) -> Bool {
    a.currency == b.currency
      ? a.minorUnits < b.minorUnits : a.currency.rawValue < b.currency.rawValue
  }
  /// `"12.34 EUR"`.
  public var description: String {
    let digits = currency.minorUnitDigits
    guard digits > 0 else { return "\(minorUnits) \(currency)" }
    var scale: Int64 = 1
    for _ in 0..<digits { scale *= 10 }
    let sign = minorUnits < 0 ? "-" : ""
    let magnitude = minorUnits.magnitude
    let whole = magnitude / UInt64(scale)
    let fraction = String(magnitude % UInt64(scale))
    let padded = String(repeating: "0", count: digits - fraction.count) + fraction
    return "\(sign)\(whole).\(padded) \(currency)"
  }
}

enum UnitFormat {
  static func compact(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e12 { return String(Int64(value)) }
    return String((value * 10).rounded() / 10)
  }
}
