#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Charging
import Geo

/// An immutable in-memory spatial index over charging stations: the k nearest to a point, all
/// inside a map region, and all within a distance of a route, each with composable filters.
///
/// The structure is a static bounding-volume tree over a k-d partition of the stations' positions
/// as unit vectors on the sphere (see `Guides/StationIndex.md`): great-circle nearness becomes
/// straight-line nearness in three dimensions, so k-nearest search needs no trigonometry per
/// comparison and has no special cases at the poles or the antimeridian. Coordinates and filter
/// attributes are kept as parallel arrays in tree order, so a leaf's stations sit next to each
/// other in memory.
///
/// Building is O(n log n); the value is `Sendable` and can be queried from any thread.
public struct StationIndex: Sendable {
  let storage: Storage

  /// Stations that could not be indexed because their coordinates are not finite WGS84 values;
  /// they are kept here rather than dropped silently, and no query returns them.
  public let unindexed: [Station]

  /// The number of indexed stations.
  public var count: Int { storage.stations.count }

  /// Whether the index holds no stations.
  public var isEmpty: Bool { storage.stations.isEmpty }

  /// The default number of stations per leaf; chosen by `wayside-bench` (see the guide).
  public static let defaultLeafSize = 16

  /// Builds the index.
  ///
  /// - Parameter leafSize: stations per leaf (at least 2); smaller leaves prune more finely at
  ///   the cost of more nodes.
  public init(_ stations: [Station], leafSize: Int = StationIndex.defaultLeafSize) {
    var valid: [Station] = []
    var invalid: [Station] = []
    valid.reserveCapacity(stations.count)
    for station in stations {
      let c = station.coordinate
      if Coordinate(validatingLatitude: c.latitude, longitude: c.longitude) != nil {
        valid.append(station)
      } else {
        invalid.append(station)
      }
    }
    self.storage = Storage(valid, leafSize: max(2, leafSize))
    self.unindexed = invalid
  }
}

extension StationIndex {
  /// One node of the tree: the boxes of its stations and the range of tree positions they fill.
  struct Node: Sendable {
    /// Tight box of the stations' unit vectors.
    var box: Box3
    /// Tight latitude/longitude box of the stations, in degrees.
    var minLatitude, minLongitude, maxLatitude, maxLongitude: Double
    var start: Int32
    var end: Int32
    /// Child node indices; -1 for a leaf.
    var left: Int32
    var right: Int32

    @inline(__always) var isLeaf: Bool { left < 0 }
  }

  /// The index's arrays, shared by every copy of the index and every result collection.
  final class Storage: Sendable {
    let stations: [Station]
    let x: [Double]
    let y: [Double]
    let z: [Double]
    let latitude: [Double]
    let longitude: [Double]
    /// `latitude × π / 180` and its cosine, exactly as ``Geo/GreatCircle`` computes them, so
    /// reported distances equal `GreatCircle.distanceKilometres` bit for bit.
    let latitudeRadians: [Double]
    let cosLatitude: [Double]
    /// Each station's place in id order, the final tie-break of every ordering.
    let idRank: [Int32]
    let positionsByID: [Station.ID: [Int32]]
    let operatorCode: [Int32]
    let operatorCodes: [String: Int32]
    let standards: [ConnectorStandard]
    let standardCodes: [ConnectorStandard: Int32]
    /// Station i's connectors are `connectorStart[i] ..< connectorStart[i + 1]`, one entry per
    /// distinct (standard, DC, power) at the station.
    let connectorStart: [Int32]
    let connectorStandard: [Int32]
    let connectorIsDC: [Bool]
    /// kW by the OCPI rule; −∞ when unknown, so no minimum is met.
    let connectorKilowatts: [Double]
    /// The station's highest connector power in kW; −∞ when unknown.
    let maxKilowatts: [Double]
    /// Stations whose hours can make them closed (not unknown, not plain 24/7).
    let positionsWithHours: [Int32]
    let nodes: [Node]

    init(_ input: [Station], leafSize: Int) {
      let n = input.count
      let vectors = input.map { UnitVector($0.coordinate) }
      var permutation = (0..<n).map { Int32($0) }
      var nodes: [Node] = []
      nodes.reserveCapacity(max(1, 2 * n / max(1, leafSize / 2)))
      if n > 0 {
        let builder = TreeBuilder(
          vectors: vectors, coordinates: input.map(\.coordinate), leafSize: leafSize)
        _ = builder.build(&permutation, &nodes, 0, n)
      }
      self.nodes = nodes

      let stations = permutation.map { input[Int($0)] }
      self.stations = stations
      x = permutation.map { vectors[Int($0)].x }
      y = permutation.map { vectors[Int($0)].y }
      z = permutation.map { vectors[Int($0)].z }
      latitude = stations.map(\.coordinate.latitude)
      longitude = stations.map(\.coordinate.longitude)
      latitudeRadians = stations.map { $0.coordinate.latitude * .pi / 180 }
      cosLatitude = latitudeRadians.map { cos($0) }

      let ids = stations.map(\.id)
      let byID = (0..<n).sorted { ids[$0] < ids[$1] }
      var rank = [Int32](repeating: 0, count: n)
      for (r, position) in byID.enumerated() { rank[position] = Int32(r) }
      idRank = rank

      var positionsByID: [Station.ID: [Int32]] = [:]
      var operatorCodes: [String: Int32] = [:]
      var operatorCode: [Int32] = []
      var standards: [ConnectorStandard] = []
      var standardCodes: [ConnectorStandard: Int32] = [:]
      var connectorStart: [Int32] = [0]
      var connectorStandard: [Int32] = []
      var connectorIsDC: [Bool] = []
      var connectorKilowatts: [Double] = []
      var maxKilowatts: [Double] = []
      var withHours: [Int32] = []
      operatorCode.reserveCapacity(n)
      connectorStart.reserveCapacity(n + 1)
      maxKilowatts.reserveCapacity(n)

      var codeByRawOperator: [String: Int32] = [:]
      for i in 0..<n {
        let position = Int32(i)
        positionsByID[ids[i], default: []].append(position)
        // Operator spellings repeat (about 3,100 distinct in the 2022 register): normalise each
        // raw spelling once.
        let raw = stations[i].operatorName
        if let code = codeByRawOperator[raw] {
          operatorCode.append(code)
        } else {
          let key = StationFilter.normalisedOperator(raw)
          let code: Int32
          if let known = operatorCodes[key] {
            code = known
          } else {
            code = Int32(operatorCodes.count)
            operatorCodes[key] = code
          }
          codeByRawOperator[raw] = code
          operatorCode.append(code)
        }
        let first = connectorStandard.count
        for evse in stations[i].evses {
          for connector in evse.connectors {
            let code: Int32
            if let known = standardCodes[connector.standard] {
              code = known
            } else {
              code = Int32(standards.count)
              standards.append(connector.standard)
              standardCodes[connector.standard] = code
            }
            let isDC = connector.powerType.isDirectCurrent
            let kilowatts = connector.maxPower?.kilowatts ?? -.infinity
            // One entry per distinct (standard, DC, power) at the site; sites have few.
            var seen = false
            for c in first..<connectorStandard.count
            where connectorStandard[c] == code && connectorIsDC[c] == isDC
              && connectorKilowatts[c] == kilowatts
            {
              seen = true
              break
            }
            if !seen {
              connectorStandard.append(code)
              connectorIsDC.append(isDC)
              connectorKilowatts.append(kilowatts)
            }
          }
        }
        connectorStart.append(Int32(connectorStandard.count))
        maxKilowatts.append(
          connectorKilowatts[first..<connectorStandard.count].max() ?? -.infinity)
        if let hours = stations[i].openingHours,
          !hours.twentyFourSeven || !hours.exceptionalClosings.isEmpty
        {
          withHours.append(position)
        }
      }
      self.positionsByID = positionsByID
      self.operatorCodes = operatorCodes
      self.operatorCode = operatorCode
      self.standards = standards
      self.standardCodes = standardCodes
      self.connectorStart = connectorStart
      self.connectorStandard = connectorStandard
      self.connectorIsDC = connectorIsDC
      self.connectorKilowatts = connectorKilowatts
      self.maxKilowatts = maxKilowatts
      self.positionsWithHours = withHours
    }

    /// The great-circle distance from `point` to the station at tree position `i`, equal to
    /// `GreatCircle.distanceKilometres(point, stations[i].coordinate)` bit for bit.
    @inline(__always)
    func distanceKilometres(from point: PreparedPoint, to i: Int) -> Double {
      let dLat = latitudeRadians[i] - point.latitudeRadians
      let dLon = (longitude[i] - point.coordinate.longitude) * .pi / 180
      let s = sin(dLat / 2)
      let t = sin(dLon / 2)
      let h = s * s + point.cosLatitude * cosLatitude[i] * t * t
      return 2 * GreatCircle.meanEarthRadiusKilometres * asin(min(1, h.squareRoot()))
    }
  }

  /// A query point with the values every distance from it reuses.
  struct PreparedPoint: Sendable {
    let coordinate: Coordinate
    let latitudeRadians: Double
    let cosLatitude: Double
    let vector: UnitVector

    init(_ c: Coordinate) {
      coordinate = c
      latitudeRadians = c.latitude * .pi / 180
      cosLatitude = cos(latitudeRadians)
      vector = UnitVector(c)
    }
  }
}

/// Builds the tree top-down: each node splits its stations at the median of the axis along
/// which their unit vectors spread most (quickselect, O(n) per level).
private struct TreeBuilder {
  let vectors: [UnitVector]
  let coordinates: [Coordinate]
  let leafSize: Int

  func build(
    _ permutation: inout [Int32], _ nodes: inout [StationIndex.Node], _ lo: Int, _ hi: Int
  ) -> Int32 {
    var box = Box3.empty
    var minLat = Double.infinity
    var minLon = Double.infinity
    var maxLat = -Double.infinity
    var maxLon = -Double.infinity
    for k in lo..<hi {
      let i = Int(permutation[k])
      box.add(vectors[i])
      let c = coordinates[i]
      minLat = min(minLat, c.latitude)
      maxLat = max(maxLat, c.latitude)
      minLon = min(minLon, c.longitude)
      maxLon = max(maxLon, c.longitude)
    }
    let index = Int32(nodes.count)
    nodes.append(
      StationIndex.Node(
        box: box, minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat,
        maxLongitude: maxLon, start: Int32(lo), end: Int32(hi), left: -1, right: -1))
    guard hi - lo > leafSize else { return index }

    let spreadX = box.maxX - box.minX
    let spreadY = box.maxY - box.minY
    let spreadZ = box.maxZ - box.minZ
    let axis = spreadX >= spreadY && spreadX >= spreadZ ? 0 : (spreadY >= spreadZ ? 1 : 2)
    let mid = (lo + hi) / 2
    let vectors = self.vectors
    let key: (Int32) -> Double =
      switch axis {
      case 0: { vectors[Int($0)].x }
      case 1: { vectors[Int($0)].y }
      default: { vectors[Int($0)].z }
      }
    Self.select(&permutation, lo, hi - 1, mid, key)
    let left = build(&permutation, &nodes, lo, mid)
    let right = build(&permutation, &nodes, mid, hi)
    nodes[Int(index)].left = left
    nodes[Int(index)].right = right
    return index
  }

  /// Rearranges `a[lo...hi]` so that `a[k]` holds the element of its rank and nothing before it
  /// is larger, nothing after it smaller (Hoare partitioning; many equal keys stay fast).
  static func select(
    _ a: inout [Int32], _ lo: Int, _ hi: Int, _ k: Int, _ key: (Int32) -> Double
  ) {
    var l = lo
    var r = hi
    while r > l {
      // Median of three as the pivot.
      let m = l + (r - l) / 2
      let p0 = key(a[l])
      let p1 = key(a[m])
      let p2 = key(a[r])
      let pivot = max(min(p0, p1), min(max(p0, p1), p2))
      var i = l
      var j = r
      while i <= j {
        while key(a[i]) < pivot { i += 1 }
        while key(a[j]) > pivot { j -= 1 }
        if i <= j {
          a.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if k <= j {
        r = j
      } else if k >= i {
        l = i
      } else {
        return
      }
    }
  }
}
