import Foundation
import Geo
import JSONScanning

/// A named town with its centre point, from the bundled `de_places.geojson` (Destatis GV-ISys,
/// municipalities with ≥ 10,000 inhabitants).
public struct Place: Hashable, Sendable {
  /// The short municipality name, e.g. `München`, `Halle (Saale)`.
  public var name: String
  /// The Bundesland.
  public var state: String
  /// Inhabitants on 31.12.2019.
  public var population: Int
  /// The town-centre point.
  public var coordinate: Coordinate

  /// Creates a place.
  public init(name: String, state: String, population: Int, coordinate: Coordinate) {
    self.name = name
    self.state = state
    self.population = population
    self.coordinate = coordinate
  }
}

/// Finds places by name, ignoring case and diacritics, for the command line's FROM and TO.
///
/// Resolution order: `LAT,LON`; an exact name (also with German transliteration, `Muenchen`, or a
/// common English name, `Munich`); a unique name prefix. `NAME, STATE` picks one of several towns
/// with the same name (`Fürth, Bayern`). Several matches are an error that lists the candidates.
public struct PlaceDirectory: Sendable {
  /// Every place, largest first (the file's order).
  public let places: [Place]
  private let keys: [(folded: String, transliterated: String)]

  /// English names people type for large German cities, mapped to the data's names.
  static let exonyms: [String: String] = [
    "munich": "München", "cologne": "Köln", "nuremberg": "Nürnberg", "hanover": "Hannover",
    "brunswick": "Braunschweig",
  ]

  /// Reads the places from a GeoJSON FeatureCollection of Point features with `name`, `state` and
  /// `population` properties; throws ``RoutingError`` (`malformedPlaceData`) naming the feature.
  public init(geoJSON data: Data) throws(RoutingError) {
    var places: [Place] = []
    do {
      try JSONScanner.scan(data) { scanner in
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
          guard key == "features" else {
            try scanner.skipValue()
            continue
          }
          try scanner.beginArray()
          while try scanner.nextElement() {
            places.append(try Self.readPlace(&scanner, number: places.count + 1))
          }
        }
      }
    } catch let error as RoutingError {
      throw error
    } catch {
      throw RoutingError(
        .malformedPlaceData,
        "the places file is not GeoJSON: \(error); expected a FeatureCollection of Point features")
    }
    self.init(places: places)
  }

  /// Creates a directory from places.
  public init(places: [Place]) {
    self.places = places
    keys = places.map { (Self.fold($0.name), Self.transliterate($0.name)) }
  }

  private static func readPlace(_ scanner: inout JSONScanner, number: Int) throws -> Place {
    var name: String?
    var state = ""
    var population = 0
    var position: [Double] = []
    try scanner.beginObject()
    while let key = try scanner.nextKey() {
      switch key {
      case "properties":
        try scanner.beginObject()
        while let property = try scanner.nextKey() {
          switch property {
          case "name": name = try scanner.readOptionalString()
          case "state": state = try scanner.readOptionalString() ?? ""
          case "population":
            if scanner.peek() == UInt8(ascii: "n") {
              try scanner.skipValue()
            } else {
              population = Int(try scanner.readNumber())
            }
          default: try scanner.skipValue()
          }
        }
      case "geometry":
        try scanner.beginObject()
        while let member = try scanner.nextKey() {
          if member == "coordinates" {
            try scanner.beginArray()
            while try scanner.nextElement() { position.append(try scanner.readNumber()) }
          } else {
            try scanner.skipValue()
          }
        }
      default: try scanner.skipValue()
      }
    }
    guard let name, !name.isEmpty, position.count >= 2,
      let coordinate = Coordinate(validatingLatitude: position[1], longitude: position[0])
    else {
      throw RoutingError(
        .malformedPlaceData,
        "place feature #\(number) lacks a name or a [lon, lat] point; expected both")
    }
    return Place(name: name, state: state, population: population, coordinate: coordinate)
  }

  /// Lower case, diacritics removed, `ß` → `ss`, runs of spaces collapsed.
  static func fold(_ text: String) -> String {
    if let quick = quickFold(text, umlauts: ("a", "o", "u")) { return quick }
    return foundationFold(text)
  }

  /// ``fold(_:)`` through Foundation, for any text.
  static func foundationFold(_ text: String) -> String {
    let lowered = text.lowercased().replacingOccurrences(of: "ß", with: "ss")
    let stripped = lowered.folding(options: [.diacriticInsensitive], locale: nil)
    return stripped.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Like ``fold(_:)`` but writes umlauts the German way (`ü` → `ue`), so `Muenchen` matches.
  static func transliterate(_ text: String) -> String {
    if let quick = quickFold(text, umlauts: ("ae", "oe", "ue")) { return quick }
    return foundationTransliterate(text)
  }

  /// ``transliterate(_:)`` through Foundation, for any text.
  static func foundationTransliterate(_ text: String) -> String {
    var lowered = text.lowercased()
    for (umlaut, spelled) in [("ä", "ae"), ("ö", "oe"), ("ü", "ue")] {
      lowered = lowered.replacingOccurrences(of: umlaut, with: spelled)
    }
    return fold(lowered)
  }

  /// ``fold(_:)`` and ``transliterate(_:)`` without Foundation's string searches for names
  /// made of ASCII and the German letters ä ö ü ß (nearly every place name; the start-up folds
  /// all of them): the same result, written directly. Nil for any other character.
  static func quickFold(_ text: String, umlauts: (a: String, o: String, u: String)) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 4)
    var pendingSpace = false
    func emit(_ bytes: some Sequence<UInt8>) {
      if pendingSpace {
        out.append(0x20)
        pendingSpace = false
      }
      out.append(contentsOf: bytes)
    }
    for scalar in text.unicodeScalars {
      let v = scalar.value
      switch v {
      case 0x09...0x0D, 0x20: pendingSpace = !out.isEmpty
      case 0x41...0x5A: emit(CollectionOfOne(UInt8(v + 0x20)))
      case 0x21...0x7E: emit(CollectionOfOne(UInt8(v)))
      case 0xE4, 0xC4: emit(umlauts.a.utf8)  // ä Ä
      case 0xF6, 0xD6: emit(umlauts.o.utf8)  // ö Ö
      case 0xFC, 0xDC: emit(umlauts.u.utf8)  // ü Ü
      case 0xDF: emit("ss".utf8)  // ß
      default: return nil
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Resolves `LAT,LON` or a place name to a coordinate with a label for output.
  public func resolve(_ text: String) throws(RoutingError) -> (
    label: String, coordinate: Coordinate
  ) {
    if let coordinate = Coordinate(parsing: text) { return (coordinate.description, coordinate) }
    if let problem = Coordinate.rangeProblem(parsing: text) {
      throw RoutingError(.unknownPlace, problem)
    }
    let place = try lookup(text)
    return (place.name, place.coordinate)
  }

  /// The one place a name denotes; throws ``RoutingError`` (`unknownPlace` or `ambiguousPlace`,
  /// the latter listing the candidates).
  public func lookup(_ text: String) throws(RoutingError) -> Place {
    var query = Self.fold(text)
    var stateFilter: String?
    if let comma = text.lastIndex(of: ",") {
      let state = Self.fold(String(text[text.index(after: comma)...]))
      if places.contains(where: { Self.fold($0.state) == state }) {
        stateFilter = state
        query = Self.fold(String(text[..<comma]))
      }
    }
    guard !query.isEmpty else {
      throw RoutingError(.unknownPlace, "empty place name; expected a town name or LAT,LON")
    }
    if let exonym = Self.exonyms[query] { query = Self.fold(exonym) }
    let inState: (Int) -> Bool = { index in
      stateFilter.map { Self.fold(self.places[index].state) == $0 } ?? true
    }
    let exact = keys.indices.filter {
      (keys[$0].folded == query || keys[$0].transliterated == query) && inState($0)
    }
    let matches =
      exact.isEmpty
      ? keys.indices.filter {
        (keys[$0].folded.hasPrefix(query) || keys[$0].transliterated.hasPrefix(query))
          && inState($0)
      } : exact
    if matches.count == 1 { return places[matches[0]] }
    if matches.isEmpty {
      throw RoutingError(
        .unknownPlace,
        "no town named '\(text)' among the \(places.count) German towns with ≥ 10,000 inhabitants; expected a town name or LAT,LON"
      )
    }
    let shown = matches.prefix(8).map { "\(places[$0].name), \(places[$0].state)" }
    let more = matches.count > 8 ? " and \(matches.count - 8) more" : ""
    throw RoutingError(
      .ambiguousPlace,
      "'\(text)' matches \(matches.count) towns: \(shown.joined(separator: "; "))\(more); write the full name, or NAME, STATE"
    )
  }
}
