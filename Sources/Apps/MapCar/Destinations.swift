import CarRender
import Foundation
import Geo
import WaysideData

/// A place the driver can go to: a town, a suburb or a street.
public struct Destination: Hashable, Sendable, Codable, Identifiable {
  /// A stable id (`place-Kassel`, `street-Königsstraße`).
  public var id: String
  /// The name as shown.
  public var name: String
  /// What it is ("Town · 200,000 people", "Street in Kassel").
  public var detail: String
  /// Where it is.
  public var coordinate: Coordinate

  /// Creates a destination.
  public init(id: String, name: String, detail: String, coordinate: Coordinate) {
    self.id = id
    self.name = name
    self.detail = detail
    self.coordinate = coordinate
  }
}

/// Destination search over the basemap's places (Germany's towns, Kassel's suburbs and
/// villages) and Kassel's named streets.
public struct DestinationIndex: Sendable {
  /// Everything searchable, towns by population first, then city places, then streets.
  public var entries: [(destination: Destination, key: String)]
  /// The streets' ids: what ``nearby(_:limit:)`` leaves out, known from where each entry came
  /// from, never read back from the spelling of its id.
  private var streetIDs: Set<String>

  /// Builds the index from loaded maps.
  public init(basemap: Basemap, city: CityMap?) {
    var entries: [(Destination, String)] = []
    for place in basemap.places {
      entries.append(
        (
          Destination(
            id: "place-\(place.name)", name: place.name,
            detail: "Town · \(place.population.formatted(.number.grouping(.automatic))) people",
            coordinate: place.coordinate), Self.fold(place.name)
        ))
    }
    var seen = Set(entries.map(\.1))
    for place in city?.places ?? [] where seen.insert(Self.fold(place.name)).inserted {
      entries.append(
        (
          Destination(
            id: "city-\(place.name)", name: place.name,
            detail: "\(place.placeClass.capitalized) near Kassel", coordinate: place.coordinate),
          Self.fold(place.name)
        ))
    }
    var streetIDs = Set<String>()
    for street in city?.streets ?? [] {
      streetIDs.insert("street-\(street.name)")
      entries.append(
        (
          Destination(
            id: "street-\(street.name)", name: street.name, detail: "Street in Kassel",
            coordinate: street.coordinate), Self.fold(street.name)
        ))
    }
    self.entries = entries
    self.streetIDs = streetIDs
  }

  /// The bundled index (basemap and city map), built once on first use.
  public static func bundled() throws -> DestinationIndex { try shared.get() }

  private static let shared = LoadOnce { () throws -> DestinationIndex in
    DestinationIndex(basemap: try Basemap.bundled(), city: try CityMap.bundled())
  }

  /// At most `limit` destinations whose name, or a word of it, starts with the query (case and
  /// accents ignored); names starting with the query come first. An empty query finds nothing.
  public func search(_ query: String, limit: Int = 12) -> [Destination] {
    let q = Self.fold(query).trimmingCharacters(in: .whitespaces)
    guard !q.isEmpty else { return [] }
    var starts: [Destination] = []
    var words: [Destination] = []
    for (destination, key) in entries {
      if key.hasPrefix(q) {
        starts.append(destination)
        if starts.count >= limit { break }
      } else if words.count < limit,
        key.split(whereSeparator: { $0 == " " || $0 == "-" }).contains(where: { $0.hasPrefix(q) })
      {
        words.append(destination)
      }
    }
    return Array((starts + words).prefix(limit))
  }

  /// The towns nearest `point` (the basemap's places, then Kassel's suburbs), nearest first:
  /// what Go to offers before search, and all it offers while typing is locked.
  public func nearby(_ point: Coordinate, limit: Int = 6) -> [Destination] {
    guard limit > 0 else { return [] }
    var towns: [(destination: Destination, kilometres: Double)] = []
    for entry in entries where !streetIDs.contains(entry.destination.id) {
      let kilometres = GreatCircle.distanceKilometres(point, entry.destination.coordinate)
      towns.append((entry.destination, kilometres))
    }
    towns.sort { a, b in
      a.kilometres != b.kilometres
        ? a.kilometres < b.kilometres : a.destination.id < b.destination.id
    }
    return towns.prefix(limit).map(\.destination)
  }

  /// Lower case without accents; `ß` as `ss`.
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .replacingOccurrences(of: "ß", with: "ss")
  }
}
