import Charging
import Foundation
import Testing

@Suite("Money, currencies and units")
struct UnitsTests {
  struct MoneyCase: CustomTestStringConvertible, Sendable {
    var name: String
    var minorUnits: Int64
    var currency: String
    var expected: String
    var testDescription: String { name }
  }

  @Test(
    "Money prints its minor units with the currency's decimals and a leading minus",
    arguments: [
      MoneyCase(name: "euros and cents", minorUnits: 1234, currency: "EUR", expected: "12.34 EUR"),
      MoneyCase(name: "zero", minorUnits: 0, currency: "EUR", expected: "0.00 EUR"),
      MoneyCase(name: "cents only", minorUnits: 5, currency: "EUR", expected: "0.05 EUR"),
      MoneyCase(name: "negative cents", minorUnits: -5, currency: "EUR", expected: "-0.05 EUR"),
      MoneyCase(
        name: "negative euros", minorUnits: -123_456, currency: "EUR", expected: "-1234.56 EUR"),
      MoneyCase(
        name: "yen have no minor unit", minorUnits: 1500, currency: "JPY", expected: "1500 JPY"),
      MoneyCase(name: "negative yen", minorUnits: -7, currency: "JPY", expected: "-7 JPY"),
      MoneyCase(name: "won have no minor unit", minorUnits: 0, currency: "KRW", expected: "0 KRW"),
      MoneyCase(
        name: "the most negative amount does not overflow", minorUnits: .min, currency: "EUR",
        expected: "-92233720368547758.08 EUR"),
    ])
  func moneyText(_ c: MoneyCase) throws {
    let currency = try #require(Currency(rawValue: c.currency))
    #expect(Money(minorUnits: c.minorUnits, currency: currency).description == c.expected)
  }

  @Test(
    "A currency is three ASCII letters, upper-cased",
    arguments: [
      ("EUR", "EUR"), ("eur", "EUR"), ("Chf", "CHF"), ("EU", nil), ("EURO", nil), ("E1R", nil),
      ("", nil), ("€UR", nil), ("ÄUR", nil), ("E R", nil),
    ] as [(String, String?)])
  func currencyValidation(raw: String, expected: String?) {
    #expect(Currency(rawValue: raw)?.rawValue == expected)
  }

  @Test("Decoding an invalid currency code is an error, not a silent default")
  func currencyDecoding() throws {
    let good = try JSONDecoder().decode([Currency].self, from: Data(#"["eur"]"#.utf8))
    #expect(good == [.euro])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Currency].self, from: Data(#"["EURO"]"#.utf8))
    }
  }

  @Test("Amounts of one currency order by value; different currencies by code")
  func moneyOrder() throws {
    let yen = try #require(Currency(rawValue: "JPY"))
    #expect(Money(minorUnits: -1, currency: .euro) < Money(minorUnits: 0, currency: .euro))
    #expect(Money(minorUnits: 100, currency: .euro) < Money(minorUnits: 1, currency: yen))
  }

  @Test(
    "Power and energy print whole numbers bare and others with one decimal",
    arguments: [
      (Power(kilowatts: 150).description, "150 kW"), (Power(watts: 3700).description, "3.7 kW"),
      (Power(watts: 22_080).description, "22.1 kW"),
      (Energy(kilowattHours: 42).description, "42 kWh"),
      (Energy(kilowattHours: 7.5).description, "7.5 kWh"),
    ])
  func unitText(text: String, expected: String) {
    #expect(text == expected)
  }
}
