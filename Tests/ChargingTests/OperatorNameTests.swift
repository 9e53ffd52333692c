import Charging
import Testing

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
    #expect(OperatorName.normalise("Städtische Werke AG") == "staedtische werke")
    #expect(
      OperatorName.normalise("Ludwig Griesbeck Kraftfahrzeuge GmbH&Co.KG")
        == "ludwig griesbeck kraftfahrzeuge")
    #expect(OperatorName.normalise("GmbH") == "gmbh")
  }

  @Test(
    "A family name, any spelling of it, matches every spelling of the family",
    arguments: [
      Pair(a: "E.ON Drive", b: "E.ON Drive Infrastructure GmbH"),
      Pair(a: "e.on drive", b: "Charge-ON"),
      Pair(a: "TEAG", b: "Thüringer Energie AG"),
      Pair(a: "Thueringer Energie", b: "TEAG Mobil GmbH"),
    ])
  func familyOfStation(_ pair: Pair) {
    let station = Station(
      id: "s", operatorName: pair.b, address: Address(),
      coordinate: .init(latitude: 50, longitude: 10), evses: [],
      source: DataSource(name: "t", date: "2026-01-01", licence: "CC0", attribution: ""))
    #expect(station.operatorFamily == OperatorName.key(pair.a))
  }

  struct Prefix: CustomTestStringConvertible, Sendable {
    var name: String
    var prefix: String
    var belongs: Bool
    var testDescription: String { "\(name) \(belongs ? "∈" : "∉") \(prefix)" }
  }

  @Test(
    "A tariff's operator prefix matches at word boundaries, by name or by family",
    arguments: [
      Prefix(name: "E.ON Drive Infrastructure GmbH", prefix: "eon drive", belongs: true),
      Prefix(name: "Charge-ON", prefix: "eon drive", belongs: true),
      Prefix(name: "E.ON Drive GmbH", prefix: "eon drive infrastructure", belongs: true),
      Prefix(name: "EnBW mobility+ AG und Co.KG", prefix: "enbw", belongs: true),
      Prefix(name: "EnBW ODR AG", prefix: "enbw mobility", belongs: false),
      Prefix(name: "IONITY GmbH", prefix: "ion", belongs: false),
      Prefix(name: "Städtische Werke Magdeburg", prefix: "staedtische werke", belongs: true),
    ])
  func prefixes(_ p: Prefix) {
    #expect(OperatorName.belongs(p.name, to: p.prefix) == p.belongs)
  }
}
