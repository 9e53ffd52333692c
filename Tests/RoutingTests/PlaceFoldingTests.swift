import Testing

@testable import Routing

@Suite("Place names fold without Foundation's string searches")
struct PlaceFoldingTests {
  @Test(
    "The direct folding of ASCII and German letters equals Foundation's, for every bundled place and hand-made edge cases"
  )
  func quickFoldMatchesFoundation() async throws {
    let places = try await BundledRoads.places()
    var names = places.places.map(\.name)
    names += [
      "  Groß  Umstadt ", "ÄÖÜ äöü ß", "Halle (Saale)", "a\tb\nc", "", " ", "Bad Kötzting",
      "Saint-Étienne", "Łódź", "a\u{308}",
    ]
    var quick = 0
    for name in names {
      #expect(PlaceDirectory.fold(name) == PlaceDirectory.foundationFold(name), "\(name)")
      #expect(
        PlaceDirectory.transliterate(name) == PlaceDirectory.foundationTransliterate(name),
        "\(name)")
      if PlaceDirectory.quickFold(name, umlauts: ("a", "o", "u")) != nil { quick += 1 }
    }
    // The direct path is the one taken for nearly all names (else it would save nothing).
    #expect(quick > names.count * 9 / 10)
    #expect(PlaceDirectory.quickFold("Saint-Étienne", umlauts: ("a", "o", "u")) == nil)
  }
}
