import Charging
import Foundation
import Geo
import StationIndex

/// The reference every index query is checked against: a plain scan over all stations, using
/// ``StationFilter/matches(_:)`` on the values and ``Geo/GreatCircle`` for distances.
enum BruteForce {
  /// A result reduced to what the comparison needs.
  struct Hit: Equatable, CustomStringConvertible {
    var id: Station.ID
    var kilometres: Double
    var along: Double?
    var description: String {
      "\(id)@\(kilometres)" + (along.map { " along \($0)" } ?? "")
    }
  }

  static func nearest(
    _ stations: [Station], to point: Coordinate, limit: Int, within: Double? = nil,
    filter: StationFilter = .none
  ) -> [Hit] {
    guard limit > 0 else { return [] }
    let checkFilter = filter != .none
    // A sorted list of at most `limit` hits, kept by insertion (k is small next to n).
    var kept: [Hit] = []
    for station in stations {
      let d = GreatCircle.distanceKilometres(point, station.coordinate)
      if let within, d > within { continue }
      if kept.count == limit, let worst = kept.last,
        !(d < worst.kilometres)
          && !(d == worst.kilometres && station.id < worst.id)
      {
        continue
      }
      if checkFilter, !filter.matches(station) { continue }
      let hit = Hit(id: station.id, kilometres: d)
      let at = kept.firstIndex { nearer(hit, $0) } ?? kept.count
      kept.insert(hit, at: at)
      if kept.count > limit { kept.removeLast() }
    }
    return kept
  }

  static func region(
    _ stations: [Station], _ box: BoundingBox, filter: StationFilter = .none,
    from reference: Coordinate? = nil
  ) -> [Hit] {
    let from = reference ?? box.center
    return stations.filter { box.contains($0.coordinate) && filter.matches($0) }.map {
      Hit(id: $0.id, kilometres: GreatCircle.distanceKilometres(from, $0.coordinate))
    }.sorted(by: nearer)
  }

  /// Stations within `within` km of the route, by kilometres along it: for every station, the
  /// first closest point over all segments (as ``RouteLine/closestPosition(to:)``), kept when
  /// at most `within` away.
  ///
  /// To keep the debug-build scan fast, two generous checks skip work that cannot matter:
  /// a station is only examined when a coarse vertex grid has a vertex within
  /// `within + L/2 + 1` km of it (a point within `within` of a segment of length ≤ L is within
  /// `within + L/2` of an end), and a segment is only measured when the station lies in the
  /// segment's latitude/longitude box grown by `within/110 + 0.01` degrees (÷ cos φ for
  /// longitude) — far more than the corridor width plus the arc's bulge for the legs used here.
  /// Neither check shares code or geometry with the index's unit-sphere boxes.
  static func corridor(
    _ stations: [Station], _ route: RouteLine, within: Double, filter: StationFilter = .none
  ) -> [Hit] {
    let vertices = route.vertices
    guard !vertices.isEmpty else { return [] }
    var longest = 0.0
    for i in vertices.indices.dropFirst() {
      longest = max(longest, GreatCircle.distanceKilometres(vertices[i - 1], vertices[i]))
    }
    let reach = within + longest / 2 + 1
    let cell = 0.05
    let poleward = min(85, vertices.map { abs($0.latitude) }.max()! + reach / 100)
    let latCells = Int((reach / 110 / cell).rounded(.up)) + 1
    let lonCells = Int((reach / (110 * cos(poleward * .pi / 180)) / cell).rounded(.up)) + 1
    func key(_ row: Int, _ column: Int) -> Int { row * 100_000 + column }
    var vertexCells = Set<Int>()
    for v in vertices {
      vertexCells.insert(
        key(Int((v.latitude / cell).rounded(.down)), Int((v.longitude / cell).rounded(.down))))
    }
    // Every cell within the search distance of a vertex cell.
    var nearCells = Set<Int>()
    for k in vertexCells {
      let row = Int((Double(k) / 100_000).rounded())
      let column = k - row * 100_000
      for dr in -latCells...latCells {
        for dc in -lonCells...lonCells { nearCells.insert(key(row + dr, column + dc)) }
      }
    }
    // Grown segment boxes.
    let latMargin = within / 110 + 0.01
    let lonMargin = within / (110 * cos(poleward * .pi / 180)) + 0.01
    var south: [Double] = []
    var north: [Double] = []
    var west: [Double] = []
    var east: [Double] = []
    for segment in 0..<route.segmentCount {
      let a = vertices[segment]
      let b = vertices[min(segment + 1, vertices.count - 1)]
      south.append(min(a.latitude, b.latitude) - latMargin)
      north.append(max(a.latitude, b.latitude) + latMargin)
      west.append(min(a.longitude, b.longitude) - lonMargin)
      east.append(max(a.longitude, b.longitude) + lonMargin)
    }
    var hits: [Hit] = []
    for station in stations {
      let c = station.coordinate
      guard
        nearCells.contains(
          key(Int((c.latitude / cell).rounded(.down)), Int((c.longitude / cell).rounded(.down))))
      else { continue }
      var best: RoutePosition?
      for segment in 0..<south.count {
        guard c.latitude >= south[segment], c.latitude <= north[segment],
          c.longitude >= west[segment], c.longitude <= east[segment]
        else { continue }
        let position = route.position(of: c, onSegment: segment)
        if best == nil || position.offsetKilometres < best!.offsetKilometres { best = position }
      }
      guard let best, best.offsetKilometres <= within, filter.matches(station) else { continue }
      hits.append(
        Hit(id: station.id, kilometres: best.offsetKilometres, along: best.kilometresAlongRoute))
    }
    return hits.sorted { a, b in
      a.along! != b.along! ? a.along! < b.along! : nearer(a, b)
    }
  }

  static func nearer(_ a: Hit, _ b: Hit) -> Bool {
    a.kilometres != b.kilometres ? a.kilometres < b.kilometres : a.id < b.id
  }
}

extension StationMatches {
  /// The matches reduced to reference hits.
  var hits: [BruteForce.Hit] {
    map {
      BruteForce.Hit(
        id: $0.station.id, kilometres: $0.distanceKilometres,
        along: $0.route?.kilometresAlongRoute)
    }
  }
}

/// A small seeded generator (SplitMix64) so randomised tests replay exactly.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The full 2022 register and its index, built once per test process.
enum Germany {
  static let loaded: Result<([Station], StationIndex), any Error> = Result {
    let stations = try RealData.germany2022()
    return (stations, StationIndex(stations))
  }
  static func stations() throws -> [Station] { try loaded.get().0 }
  static func index() throws -> StationIndex { try loaded.get().1 }

  /// Germany's extent, from the data.
  static let box = BoundingBox(
    minimum: Coordinate(latitude: 47.2, longitude: 5.8),
    maximum: Coordinate(latitude: 55.1, longitude: 15.1))

  /// Random filters drawn from what the real data contains (so they are selective but not empty).
  static func randomFilter(_ rng: inout SeededGenerator, stations: [Station]) -> StationFilter {
    var filter = StationFilter()
    switch Int.random(in: 0..<8, using: &rng) {
    case 0: break
    case 1:
      filter.minimumPower = Power(kilowatts: [11, 22, 50, 150, 300].randomElement(using: &rng)!)
    case 2: filter.directCurrentOnly = true
    case 3:
      filter.connectorStandards = [[.chademo], [.type2Combo], [.domestic("F")], [.type1]]
        .randomElement(using: &rng)!
    case 4:
      filter.operators = Set(
        (0..<3).map { _ in stations.randomElement(using: &rng)!.operatorName.uppercased() })
    case 5:
      filter.favourites = Set((0..<40).map { _ in stations.randomElement(using: &rng)!.id })
    case 6:
      filter.directCurrentOnly = true
      filter.minimumPower = Power(kilowatts: 100)
      filter.connectorStandards = [.type2Combo]
    default:
      filter.minimumPower = Power(kilowatts: 22)
      filter.connectorStandards = [.type2]
      filter.operators = Set(
        (0..<20).map { _ in stations.randomElement(using: &rng)!.operatorName })
    }
    return filter
  }
}
