import Charging
import Foundation
import Geo
import Pricing
import StationIndex
import Synchronization

/// Every register row of a station set joined into sites once, with each site's facts worked
/// out once (see Guides/ChargingApp.md, "Sites").
///
/// A site is the rows at one street address and postcode (or, without a street, at one
/// position to ~11 m) that lie within ``ChargeSite/sameSiteKilometres`` of the site's first
/// row, taking rows in id order — whoever operates them: the driver parks at a place, not at an
/// operator. Because sites are made from the whole set rather than from the rows one query
/// happens to fetch, a site is the same whichever query finds it, and its id (its smallest row
/// id) is stable, so a favourite stays a favourite under every filter.
///
/// Building is O(n) hash inserts plus a sort by id, for n rows; ``site(containing:)`` is one
/// hash lookup.
public struct SiteCatalog: Sendable {
  /// Where a row sits: its site and its place among the site's rows.
  struct Place: Sendable, Equatable {
    let site: Int32
    let member: Int32
  }

  /// Sites built at once, or a site table read from an image whose sites are built when
  /// first asked for (``SiteTable``).
  enum Storage: Sendable {
    case built(sites: [ChargeSite], places: [Station.ID: Place])
    case table(SiteTable)
  }

  let storage: Storage

  /// The sites, each with all its rows (distance 0); from a site table every site is built.
  public var sites: [ChargeSite] {
    switch storage {
    case .built(let sites, _): sites
    case .table(let table): (0..<table.siteCount).map { table.site(at: $0) }
    }
  }

  /// The site at `index` (0 ..< ``count``), with all its rows.
  func site(at index: Int) -> ChargeSite {
    switch storage {
    case .built(let sites, _): sites[index]
    case .table(let table): table.site(at: index)
    }
  }

  /// Where the row `id` sits; nil for an id the set does not have.
  func place(of id: Station.ID) -> Place? {
    switch storage {
    case .built(_, let places): places[id]
    case .table(let table): table.place(of: id)
    }
  }

  /// The number of rows in sites.
  var rowCount: Int {
    switch storage {
    case .built(_, let places): places.count
    case .table(let table): table.rowCount
    }
  }

  /// Groups `stations` into sites.
  public init(stations: [Station]) {
    var sites: [ChargeSite] = []
    var places: [Station.ID: Place] = [:]
    places.reserveCapacity(stations.count)
    for rows in Self.group(stations) {
      let site = ChargeSite(stations: rows.map { stations[$0] }, distanceKilometres: 0)
      for (member, station) in site.stations.enumerated() {
        places[station.id] = Place(site: Int32(sites.count), member: Int32(member))
      }
      sites.append(site)
    }
    storage = .built(sites: sites, places: places)
  }

  init(table: SiteTable) { storage = .table(table) }

  /// The sites of `stations` as lists of their indices, each in id order (the order of
  /// ``ChargeSite/stations``).
  static func group(_ stations: [Station]) -> [[Int]] {
    // Rows by site key, in order of first appearance; each key's rows then in id order.
    var keys: [String: Int] = [:]
    keys.reserveCapacity(stations.count)
    var buckets: [[Int]] = []
    for i in stations.indices {
      let key = ChargeSite.siteKey(stations[i])
      if let bucket = keys[key] {
        buckets[bucket].append(i)
      } else {
        keys[key] = buckets.count
        buckets.append([i])
      }
    }
    var members: [[Int]] = []
    members.reserveCapacity(buckets.count)
    for var bucket in buckets {
      if bucket.count == 1 {
        members.append(bucket)
        continue
      }
      bucket.sort { stations[$0].id < stations[$1].id }
      // Clusters of one key: a row joins the first cluster whose first row is near enough.
      var clusters: [[Int]] = []
      for i in bucket {
        let here = stations[i].coordinate
        if let found = clusters.firstIndex(where: {
          GreatCircle.distanceKilometres(stations[$0[0]].coordinate, here)
            <= ChargeSite.sameSiteKilometres
        }) {
          clusters[found].append(i)
        } else {
          clusters.append([i])
        }
      }
      members += clusters
    }
    return members
  }

  /// Groups every station of `index` into sites.
  public init(index: StationIndex) {
    let world = BoundingBox(
      minimum: Coordinate(latitude: -90, longitude: -180),
      maximum: Coordinate(latitude: 90, longitude: 180))
    self.init(stations: Array(index.stations(in: world, order: .unspecified).map(\.station)))
  }

  /// The site a row belongs to, at distance 0; nil for an id the set does not have.
  public func site(containing id: Station.ID) -> ChargeSite? {
    place(of: id).map { site(at: Int($0.site)) }
  }

  /// The number of sites.
  public var count: Int {
    switch storage {
    case .built(let sites, _): sites.count
    case .table(let table): table.siteCount
    }
  }
}

/// Prices already worked out, by the priced row, the tariff selection and the session: a site
/// that stays on the map keeps its price from one refresh to the next.
///
/// The key holds everything a price depends on — the row (its operator, power and position),
/// the chosen tariff ids and the session (vehicle battery, car limits, start) — so a change of
/// tariffs or vehicle finds no old entry; the cache belongs to one tariff catalogue (one
/// ``ChargeSearch``). It keeps at most ``capacity`` prices and starts afresh when full.
final class PriceCache: Sendable {
  /// What a price depends on besides the row: the chosen tariffs and the session.
  struct Selection: Hashable, Sendable {
    let tariffs: [String]
    let assumption: SessionAssumption
  }

  /// A row under a selection (by its number, so a key hashes one id and one integer).
  struct Key: Hashable, Sendable {
    let station: Station.ID
    let selection: Int32
  }

  private struct Tables {
    var selections: [Selection: Int32] = [:]
    var prices: [Key: SitePrice] = [:]
  }

  static let capacity = 20_000

  private let tables = Mutex(Tables())

  /// The number of a selection (numbered on first sight).
  func selection(_ selection: Selection) -> Int32 {
    tables.withLock { tables in
      if let known = tables.selections[selection] { return known }
      if tables.selections.count >= 1024 { tables = Tables() }
      let number = Int32(tables.selections.count)
      tables.selections[selection] = number
      return number
    }
  }

  func values(_ keys: [Key]) -> [SitePrice?] {
    tables.withLock { tables in keys.map { tables.prices[$0] } }
  }

  func store(_ pairs: [(Key, SitePrice)]) {
    guard !pairs.isEmpty else { return }
    tables.withLock { tables in
      if tables.prices.count + pairs.count > Self.capacity {
        tables.prices.removeAll(keepingCapacity: true)
      }
      for (key, price) in pairs { tables.prices[key] = price }
    }
  }

  func removeAll() { tables.withLock { $0 = Tables() } }

  var count: Int { tables.withLock { $0.prices.count } }
}
