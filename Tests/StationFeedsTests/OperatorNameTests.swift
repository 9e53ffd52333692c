import Testing

@testable import StationFeeds

@Suite("Operator name normalisation")
struct OperatorNameTests {
  struct Pair: CustomTestStringConvertible, Sendable {
    var a: String
    var b: String
    var testDescription: String { "\(a) ~ \(b)" }
  }

  @Test(
    "Spellings of one operator share a key",
    arguments: [
      Pair(a: "E.ON Drive GmbH", b: "E.ON Drive Infrastructure GmbH"),
      Pair(a: "Charge-ON", b: "E.ON Drive GmbH"),
      Pair(a: "ImmoKa GmbH", b: "Immoka"),
      Pair(a: "Ladegruen eg", b: "Ladegrün! eG"),
      Pair(a: "EnBW mobility+ AG und Co.KG", b: "EnBW mobility+ AG & Co. KG"),
      Pair(a: "Stadtwerke Lindau (B) GmbH & Co. KG", b: "Stadtwerke Lindau GmbH & Co. KG"),
      Pair(
        a: "Fraunhofer-Gesellschaft e. V.",
        b: "Fraunhofer-Gesellschaft zur Förderung der angewandten Forschung e. V."),
      Pair(a: "REWAG Regensburger Energie \u{00A0}und Wasserversorgung AG & Co KG", b: "REWAG KG"),
      Pair(a: "ALDI SÜD", b: "ALDI SÜD Immobilienverwaltungs-GmbH & Co. oHG"),
      Pair(a: "SWLB Mobilität GmbH", b: "Stadtwerke Ludwigsburg-Kornwestheim GmbH"),
    ])
  func sameOperator(_ pair: Pair) {
    #expect(OperatorName.key(pair.a) == OperatorName.key(pair.b))
  }

  @Test(
    "Different operators keep different keys",
    arguments: [
      Pair(a: "IONITY GmbH", b: "E.ON Drive GmbH"),
      Pair(a: "Allego GmbH", b: "Tesla Germany GmbH"),
      Pair(a: "Circle K Deutschland GmbH", b: "TotalEnergies Charging Solutions Deutschland GmbH"),
      Pair(a: "Autohaus Wernigerode GmbH", b: "Autohaus Osterwieck GmbH"),
      Pair(a: "Stadtwerke Speyer GmbH", b: "Verkehrsbetriebe Speyer GmbH"),
    ])
  func differentOperators(_ pair: Pair) {
    #expect(OperatorName.key(pair.a) != OperatorName.key(pair.b))
  }

  @Test("The key is lower-case, without legal forms, accents or punctuation")
  func keyShape() {
    #expect(OperatorName.basicKey("Städtische Werke AG") == "staedtische werke")
    #expect(
      OperatorName.basicKey("Ludwig Griesbeck Kraftfahrzeuge GmbH&Co.KG")
        == "ludwig griesbeck kraftfahrzeuge")
    #expect(OperatorName.basicKey("GmbH") == "gmbh")
  }
}
