import Geo
import Routing
import Testing

@Suite("Place lookup by name or coordinate")
struct PlaceDirectoryTests {
  @Test(
    "Names resolve ignoring case, diacritics, umlaut spelling and common English names",
    arguments: [
      ("München", "München"), ("münchen", "München"), ("MUNCHEN", "München"),
      ("Muenchen", "München"), ("Munich", "München"), ("köln", "Köln"), ("Koeln", "Köln"),
      ("Cologne", "Köln"), ("  kassel ", "Kassel"), ("Frankfurt am Main", "Frankfurt am Main"),
      ("halle (saale)", "Halle (Saale)"), ("Fürth, Bayern", "Fürth"), ("Gießen", "Gießen"),
      ("giessen", "Gießen"),
    ])
  func resolvesNames(query: String, expected: String) async throws {
    let places = try await BundledRoads.places()
    #expect(try places.lookup(query).name == expected)
  }

  @Test("A name shared by several towns is an error listing each with its state")
  func ambiguousNameListsCandidates() async throws {
    let places = try await BundledRoads.places()
    #expect {
      try places.lookup("Fürth")
    } throws: { error in
      guard let error = error as? RoutingError, error.kind == .ambiguousPlace else { return false }
      return error.message.contains("Fürth, Bayern") && error.message.contains("Fürth, Hessen")
    }
  }

  @Test("A prefix matching several towns is ambiguous; a unique prefix resolves")
  func prefixes() async throws {
    let places = try await BundledRoads.places()
    #expect {
      try places.lookup("Frankfurt")
    } throws: { error in
      let message = (error as? RoutingError)?.message ?? ""
      return message.contains("Frankfurt am Main") && message.contains("Frankfurt (Oder)")
    }
    #expect(try places.lookup("Frankfurt (O").name == "Frankfurt (Oder)")
  }

  @Test("An unknown name is an error naming the input")
  func unknownName() async throws {
    let places = try await BundledRoads.places()
    #expect {
      try places.lookup("Atlantis")
    } throws: { error in
      (error as? RoutingError)?.kind == .unknownPlace
        && ((error as? RoutingError)?.message.contains("'Atlantis'") ?? false)
    }
  }

  @Test("LAT,LON resolves to that coordinate without a lookup")
  func coordinates() async throws {
    let places = try await BundledRoads.places()
    let resolved = try places.resolve("51.3127, 9.4797")
    #expect(resolved.coordinate == Coordinate(latitude: 51.3127, longitude: 9.4797))
  }

  @Test("The directory holds all 1,599 towns, Berlin first")
  func loadsAllPlaces() async throws {
    let places = try await BundledRoads.places()
    #expect(places.places.count == 1_599)
    #expect(places.places.first?.name == "Berlin")
    #expect(places.places.first?.population == 3_669_491)
  }
}
