import Charging

/// One station found by a query, with its distance and, for corridor queries, its position
/// along the route.
public struct StationMatch: Sendable {
  /// The station.
  public let station: Station
  /// Great-circle kilometres: from the query point (nearest), from the reference point (region),
  /// or from the route (corridor, equal to ``RoutePosition/offsetKilometres``).
  public let distanceKilometres: Double
  /// Where the station lies along the route; nil except for corridor queries.
  public let route: RoutePosition?
}

/// The results of a query, in the requested order.
///
/// Holds positions into the index and the distances; each element's ``Station`` value is copied
/// out when it is read, so a query that returns many stations (a map region) does not pay for
/// copying them up front. Unordered region results (``StationOrder/unspecified``) also compute
/// each distance when the element is read.
public struct StationMatches: RandomAccessCollection, Sendable {
  let storage: StationIndex.Storage
  let positions: ResultPositions
  let distances: Distances
  let routePositions: [RoutePosition]?

  /// Distances computed with the query, or measured from a point on access.
  enum Distances: Sendable {
    case computed([Double])
    case measured(from: StationIndex.PreparedPoint)
  }

  init(
    storage: StationIndex.Storage, positions: [Int32], distances: [Double],
    routePositions: [RoutePosition]?
  ) {
    self.storage = storage
    self.positions = ResultPositions(positions)
    self.distances = .computed(distances)
    self.routePositions = routePositions
  }

  init(
    storage: StationIndex.Storage, positions: ResultPositions,
    measuredFrom point: StationIndex.PreparedPoint
  ) {
    self.storage = storage
    self.positions = positions
    self.distances = .measured(from: point)
    self.routePositions = nil
  }

  /// The first index (0).
  public var startIndex: Int { 0 }
  /// One past the last index.
  public var endIndex: Int { positions.count }

  /// The match at `index`.
  public subscript(index: Int) -> StationMatch {
    StationMatch(
      station: storage.stations[Int(positions[index])],
      distanceKilometres: distanceKilometres(at: index), route: routePositions?[index])
  }

  /// The great-circle kilometres of the match at `index`, without copying its station.
  public func distanceKilometres(at index: Int) -> Double {
    switch distances {
    case .computed(let values): values[index]
    case .measured(let point): storage.distanceKilometres(from: point, to: Int(positions[index]))
    }
  }

  /// The matched stations' ids, in order, without copying the stations.
  public var ids: [Station.ID] {
    (0..<positions.count).map { storage.stations.id(at: Int(positions[$0])) }
  }
}

extension StationMatches {
  /// Reorders parallel result arrays by `order`.
  static func ordered(
    _ storage: StationIndex.Storage, positions: [Int32], distances: [Double],
    routePositions: [RoutePosition]?, order: StationOrder
  ) -> StationMatches {
    let n = positions.count
    var permutation = Array(0..<n)
    // Distance, then id: the tail of every order (ids are compared only on exact ties).
    func byDistance(_ a: Int, _ b: Int) -> Bool {
      if distances[a] != distances[b] { return distances[a] < distances[b] }
      return storage.precedesInIDOrder(positions[a], positions[b])
    }
    switch order {
    case .unspecified:
      return StationMatches(
        storage: storage, positions: positions, distances: distances,
        routePositions: routePositions)
    case .distance:
      permutation.sort(by: byDistance)
    case .alongRoute:
      if let route = routePositions {
        permutation.sort { a, b in
          let x = route[a].kilometresAlongRoute
          let y = route[b].kilometresAlongRoute
          return x != y ? x < y : byDistance(a, b)
        }
      } else {
        permutation.sort(by: byDistance)
      }
    case .power:
      let power = storage.maxKilowatts
      permutation.sort { a, b in
        let x = power[Int(positions[a])]
        let y = power[Int(positions[b])]
        return x != y ? x > y : byDistance(a, b)
      }
    case .price(let estimate):
      // A NaN estimate is no estimate.
      let prices = positions.map { position -> Double? in
        estimate(storage.stations[Int(position)]).flatMap { $0.isNaN ? nil : $0 }
      }
      permutation.sort { a, b in
        switch (prices[a], prices[b]) {
        case (let x?, let y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return byDistance(a, b)
        }
      }
    }
    return StationMatches(
      storage: storage, positions: permutation.map { positions[$0] },
      distances: permutation.map { distances[$0] },
      routePositions: routePositions.map { route in permutation.map { route[$0] } })
  }
}

/// A query's tree positions: up to sixteen held inline (a nearest query's usual answer, with no
/// allocation), more in an array.
struct ResultPositions: Sendable {
  /// Sixteen positions side by side (a tuple, not a vector: 4-byte alignment keeps the
  /// collection small to copy and return).
  typealias Inline = (
    Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
    Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32
  )

  /// Sixteen unused places.
  static let unused: Inline = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

  /// The positions when there are at most 16.
  private var inline: Inline = Self.unused
  /// The positions when there are more; nil when they are inline.
  private let array: [Int32]?
  /// How many positions.
  private(set) var count: Int

  /// The largest count held inline.
  static let inlineCapacity = 16

  /// No positions.
  static var none: ResultPositions { ResultPositions(inline: unused, count: 0) }

  /// The first `count` (at most 16) of `inline`.
  init(inline: Inline, count: Int) {
    self.inline = inline
    self.array = nil
    self.count = count
  }

  /// The positions of `array`.
  init(_ array: [Int32]) {
    if array.count <= Self.inlineCapacity {
      self.array = nil
      withUnsafeMutableBytes(of: &inline) { raw in
        let lanes = raw.bindMemory(to: Int32.self)
        for (i, position) in array.enumerated() { lanes[i] = position }
      }
    } else {
      self.array = array
    }
    count = array.count
  }

  /// The first `count` positions produced by `position(i)`, inline when they fit.
  init(count: Int, _ position: (Int) -> Int32) {
    self.count = count
    if count <= Self.inlineCapacity {
      array = nil
      withUnsafeMutableBytes(of: &inline) { raw in
        let lanes = raw.bindMemory(to: Int32.self)
        for i in 0..<count { lanes[i] = position(i) }
      }
    } else {
      array = (0..<count).map(position)
    }
  }

  /// The position at `i`.
  @inline(__always)
  subscript(i: Int) -> Int32 {
    if let array { return array[i] }
    return withUnsafeBytes(of: inline) { $0.load(fromByteOffset: 4 * i, as: Int32.self) }
  }
}
