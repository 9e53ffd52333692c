import Charging
import Foundation
import Geo
import Routing
import StationIndex

/// One answer of the Route tab's search: a town, a street with chargers, or a charger.
public struct SearchResult: Hashable, Sendable {
  /// What the answer is.
  public enum Kind: String, Hashable, Sendable {
    /// A bundled town (Destatis, ≥ 10,000 people).
    case town
    /// A street where the register has chargers (near the car).
    case street
    /// A charging site of the register (near the car).
    case charger
  }

  /// A stable id: `town-München`, `street-Goethestr.-Kassel`, `charger-<site id>`.
  public var id: String
  /// What the answer is.
  public var kind: Kind
  /// The name shown, e.g. `München`, `Goethestr., Kassel`.
  public var name: String
  /// The row's second line, e.g. `Town · Bayern`.
  public var detail: String
  /// Where a trip to it goes.
  public var coordinate: Coordinate

  /// Creates a result.
  public init(id: String, kind: Kind, name: String, detail: String, coordinate: Coordinate) {
    self.id = id
    self.kind = kind
    self.name = name
    self.detail = detail
    self.coordinate = coordinate
  }

  /// The trip destination this answer stands for.
  public var destination: TripDestination { TripDestination(name: name, coordinate: coordinate) }
}

/// The Route tab's destination search: towns from the bundled place list, and the register's
/// chargers and the streets they stand in, near the car.
///
/// A name matches when it, or a word of it, starts with the query (case and accents ignored,
/// `ß` as `ss`); names that start with the query come first. The answer keeps at most
/// ``perKind`` of each kind and ``limit`` in all (the list limit, §1.1), towns first.
public enum DestinationSearch {
  /// At most this many answers (the list limit the app keeps, ``ChargingScreens/listLimit``).
  public static let limit = ChargingScreens.listLimit
  /// At most this many answers of one kind, when the others fill the rest.
  public static let perKind = 4
  /// Chargers and streets are looked for within this distance of the car: the Charge tab's
  /// radius (``SiteQuery/radiusKilometres``).
  public static let radiusKilometres = SiteQuery.radiusKilometres
  /// Register rows read around the car for chargers and streets: enough for a town's
  /// chargers, a bounded cost per keystroke.
  public static let rowLimit = 3000

  /// The answers for `query` around `car`; nothing for an empty query.
  public static func results(
    _ query: String, towns: [Place], search: ChargeSearch?, car: Coordinate
  ) -> [SearchResult] {
    let q = fold(query).trimmingCharacters(in: .whitespaces)
    guard !q.isEmpty else { return [] }
    var townHits: [(Int, SearchResult)] = []
    for place in towns {
      guard let rank = rank(place.name, q) else { continue }
      townHits.append(
        (
          rank,
          SearchResult(
            id: "town-\(place.name)", kind: .town, name: place.name,
            detail: "Town · \(place.state) · "
              + ChargingScreens.straightLineText(from: car, to: place.coordinate),
            coordinate: place.coordinate)
        ))
    }
    // Stable: by rank, then the list's order (largest town first).
    let townResults = townHits.enumerated().sorted { a, b in
      a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
    }.map(\.element.1)
    var chargers: [(Int, SearchResult)] = []
    var streets: [(Int, SearchResult)] = []
    if let search {
      let matches = search.index.nearest(
        to: car, limit: rowLimit, withinKilometres: radiusKilometres)
      var seenSites = Set<Station.ID>()
      var seenStreets = Set<String>()
      let ids = matches.ids
      for k in ids.indices {
        guard let site = search.siteCatalog.site(containing: ids[k]),
          seenSites.insert(site.id).inserted
        else { continue }
        let distance = ChargingScreens.distanceText(from: car, to: site.coordinate)
        let names = [site.title, site.operatorName, site.representative?.address.street ?? ""]
        if let rank = names.compactMap({ rank($0, q) }).min() {
          chargers.append(
            (
              rank,
              SearchResult(
                id: "charger-\(site.id.rawValue)", kind: .charger, name: site.title,
                detail: "Charger · \(site.powerText) · \(site.operatorName) · \(distance)",
                coordinate: site.coordinate)
            ))
        }
        guard let address = site.representative?.address, let street = address.street,
          let city = address.city
        else { continue }
        let name = streetName(street)
        guard !name.isEmpty, let rank = rank(name, q),
          seenStreets.insert(fold(name) + "|" + fold(city)).inserted
        else { continue }
        streets.append(
          (
            rank,
            SearchResult(
              id: "street-\(name)-\(city)", kind: .street, name: "\(name), \(city)",
              detail: "Street with chargers · \(distance)", coordinate: site.coordinate)
          ))
      }
    }
    // Nearest first within a rank (the index answers nearest first).
    func ordered(_ hits: [(Int, SearchResult)]) -> [SearchResult] {
      hits.enumerated().sorted { a, b in
        a.element.0 != b.element.0 ? a.element.0 < b.element.0 : a.offset < b.offset
      }.map(\.element.1)
    }
    let groups = [townResults, ordered(streets), ordered(chargers)]
    var answer = groups.flatMap { $0.prefix(perKind) }
    // Room left by a kind with few answers goes to the others, in the same order.
    for group in groups where answer.count < limit {
      answer += group.dropFirst(perKind).prefix(limit - answer.count)
    }
    // Kinds stay together: towns, then streets, then chargers.
    let order: [SearchResult.Kind] = [.town, .street, .charger]
    return Array(
      order.flatMap { kind in answer.filter { $0.kind == kind } }.prefix(limit))
  }

  /// 0 when `name` starts with the folded query `q`, 1 when a later word does; nil otherwise.
  static func rank(_ name: String, _ q: String) -> Int? {
    let key = fold(name)
    if key.hasPrefix(q) { return 0 }
    let words = key.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "," || $0 == "(" })
    return words.contains(where: { $0.hasPrefix(q) }) ? 1 : nil
  }

  /// `Goethestr.` of `Goethestr. 23` or `Goethestr. 23a-25`: the street without its house
  /// number (the words from the first one that starts with a digit on).
  static func streetName(_ street: String) -> String {
    let words = street.split(separator: " ")
    let name = words.prefix { !($0.first?.isNumber ?? false) }
    return name.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
  }

  /// Lower case without accents; `ß` as `ss`.
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .replacingOccurrences(of: "ß", with: "ss")
  }
}
