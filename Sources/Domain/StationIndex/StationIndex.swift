#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Charging
import Geo
import Synchronization
import WaysideData

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
    var valid: [Int32] = []
    var invalid: [Int32] = []
    valid.reserveCapacity(stations.count)
    for i in stations.indices {
      let c = stations[i].coordinate
      if Coordinate(validatingLatitude: c.latitude, longitude: c.longitude) != nil {
        valid.append(Int32(i))
      } else {
        invalid.append(Int32(i))
      }
    }
    self.storage = Storage(stations, valid: valid, invalid: invalid, leafSize: max(2, leafSize))
    self.unindexed = invalid.map { stations[Int($0)] }
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
  ///
  /// Stations stay in the caller's array, in the caller's order; `order` maps each tree
  /// position to its place there, so building never copies a ``Charging/Station`` value.
  /// Everything else is kept per tree position.
  final class Storage: Sendable {
    /// The indexed stations by tree position (a view of the caller's array through `order`).
    let stations: StationsInTreeOrder
    let x: [Double]
    let y: [Double]
    let z: [Double]
    /// The tree and unit vectors as the nearest search reads them.
    let search: SearchTree
    let latitude: [Double]
    let longitude: [Double]
    /// `latitude × π / 180` and its cosine, exactly as ``Geo/GreatCircle`` computes them, so
    /// reported distances equal `GreatCircle.distanceKilometres` bit for bit.
    let latitudeRadians: [Double]
    let cosLatitude: [Double]
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
    /// The places in the station set of the stations that could not be indexed.
    let unindexedInputs: [Int32]
    /// The operator and id tables, built on the first query that filters by operator or by
    /// favourites (most queries never need them, and they cost a hash per station).
    private let lookups: LoadOnce<Lookups, Never>

    /// Each station's operator code (an index into the distinct normalised operator names).
    var operatorCode: [Int32] { lookups.get().operatorCode }
    /// Normalised operator name (``StationFilter/normalisedOperator(_:)``) → operator code.
    var operatorCodes: [String: Int32] { lookups.get().operatorCodes }
    /// Station id → every tree position holding that id.
    var positionsByID: [Station.ID: [Int32]] {
      lookups.get().positionsByID
    }

    /// Whether the station at tree position `a` comes before the one at `b` in id order: by
    /// ``Charging/Station/ID``, then (for repeated ids) by tree position. The final tie-break
    /// of every ordering; only consulted when distances are exactly equal.
    @inline(__always)
    func precedesInIDOrder(_ a: Int32, _ b: Int32) -> Bool {
      let idA = stations.id(at: Int(a))
      let idB = stations.id(at: Int(b))
      return idA != idB ? idA < idB : a < b
    }

    /// Every table, as an index image holds them.
    struct Tables {
      var stations: StationsInTreeOrder
      var unindexedInputs: [Int32]
      var nodes: [Node]
      var x, y, z, latitude, longitude, latitudeRadians, cosLatitude, maxKilowatts: [Double]
      var standards: [ConnectorStandard]
      var connectorStart: [Int32]
      var connectorStandard: [Int32]
      var connectorIsDC: [Bool]
      var connectorKilowatts: [Double]
      var positionsWithHours: [Int32]
    }

    /// The storage of an index read from an image (checked by the reader).
    init(image t: Tables) {
      stations = t.stations
      lookups = LoadOnce { [stations = t.stations] in Lookups(stations) }
      unindexedInputs = t.unindexedInputs
      nodes = t.nodes
      search = SearchTree(t.nodes, x: t.x, y: t.y, z: t.z)
      x = t.x
      y = t.y
      z = t.z
      latitude = t.latitude
      longitude = t.longitude
      latitudeRadians = t.latitudeRadians
      cosLatitude = t.cosLatitude
      maxKilowatts = t.maxKilowatts
      standards = t.standards
      var standardCodes: [ConnectorStandard: Int32] = [:]
      for (code, standard) in t.standards.enumerated() { standardCodes[standard] = Int32(code) }
      self.standardCodes = standardCodes
      connectorStart = t.connectorStart
      connectorStandard = t.connectorStandard
      connectorIsDC = t.connectorIsDC
      connectorKilowatts = t.connectorKilowatts
      positionsWithHours = t.positionsWithHours
    }

    init(_ all: [Station], valid: [Int32], invalid: [Int32], leafSize: Int) {
      let n = valid.count
      var nodes: [Node] = []
      // A k-d tree splitting at the median has fewer than 2n / (leafSize / 2) nodes.
      nodes.reserveCapacity(max(1, 2 * n / max(1, leafSize / 2) + 1))
      // Station attributes are read once, in the caller's order (the order the values sit in
      // memory): connector runs into flat tables, everything else into one item per station.
      // The tree is built on the flat array of items, moved as a whole, so partitioning reads
      // memory in order and leaves every per-position value already in tree order; only the
      // connector runs are gathered afterwards (one contiguous run per station).
      var standards: [ConnectorStandard] = []
      var entryStandard: [Int32] = []
      var entryIsDC: [Bool] = []
      var entryKilowatts: [Double] = []
      entryStandard.reserveCapacity(2 * n)
      entryIsDC.reserveCapacity(2 * n)
      entryKilowatts.reserveCapacity(2 * n)
      var items: [TreeItem] = []
      items.reserveCapacity(n)
      all.withUnsafeBufferPointer { input in
        // Through a pointer: reading fields of an array element otherwise copies the element.
        guard let base = input.baseAddress else { return }
        for k in valid {
          let station = base + Int(k)
          let first = entryStandard.count
          for evse in station.pointee.evses {
            for connector in evse.connectors {
              // Sites use a handful of standards: a linear scan beats hashing the enum.
              let standard = connector.standard
              let code: Int32
              if let known = standards.firstIndex(of: standard) {
                code = Int32(known)
              } else {
                code = Int32(standards.count)
                standards.append(standard)
              }
              let isDC = connector.powerType.isDirectCurrent
              let kilowatts = connector.maxPower?.kilowatts ?? -.infinity
              // One entry per distinct (standard, DC, power) at the site; sites have few.
              var seen = false
              for c in first..<entryStandard.count
              where entryStandard[c] == code && entryIsDC[c] == isDC
                && entryKilowatts[c] == kilowatts
              {
                seen = true
                break
              }
              if !seen {
                entryStandard.append(code)
                entryIsDC.append(isDC)
                entryKilowatts.append(kilowatts)
              }
            }
          }
          var hasHours = false
          if let hours = station.pointee.openingHours,
            !hours.twentyFourSeven || !hours.exceptionalClosings.isEmpty
          {
            hasHours = true
          }
          let c = station.pointee.coordinate
          let v = UnitVector(c)
          items.append(
            TreeItem(
              x: v.x, y: v.y, z: v.z, latitude: c.latitude, longitude: c.longitude,
              maxKilowatts: entryKilowatts[first..<entryStandard.count].max() ?? -.infinity,
              input: k, entryStart: Int32(first),
              entryCount: Int32(entryStandard.count - first), hasHours: hasHours))
        }
      }
      if n > 0 {
        items.withUnsafeMutableBufferPointer { buffer in
          var builder = TreeBuilder(items: buffer, leafSize: leafSize, nodes: nodes)
          nodes = []
          _ = builder.build(0, n)
          nodes = builder.nodes
        }
      }
      self.nodes = nodes
      let permutation = items.map(\.input)
      let inTreeOrder = StationsInTreeOrder(values: .array(all), order: permutation)
      self.stations = inTreeOrder
      self.lookups = LoadOnce { Lookups(inTreeOrder) }
      self.unindexedInputs = invalid

      var x = [Double]()
      var y = [Double]()
      var z = [Double]()
      var latitude = [Double]()
      var longitude = [Double]()
      var latitudeRadians = [Double]()
      var cosLatitude = [Double]()
      x.reserveCapacity(n)
      y.reserveCapacity(n)
      z.reserveCapacity(n)
      latitude.reserveCapacity(n)
      longitude.reserveCapacity(n)
      latitudeRadians.reserveCapacity(n)
      cosLatitude.reserveCapacity(n)

      // Connector runs in tree order: where each run goes first (a prefix sum, in order), then
      // the copies, which depend on nothing but those offsets, so the reads of many stations'
      // runs overlap in the memory system instead of waiting one after another.
      var connectorStart = [Int32](repeating: 0, count: n + 1)
      for i in 0..<n { connectorStart[i + 1] = connectorStart[i] + items[i].entryCount }
      let entries = entryStandard.count
      var connectorStandard = [Int32](repeating: 0, count: entries)
      var connectorIsDC = [Bool](repeating: false, count: entries)
      var connectorKilowatts = [Double](repeating: 0, count: entries)
      items.withUnsafeBufferPointer { items in
        connectorStart.withUnsafeBufferPointer { starts in
          for i in 0..<n {
            let from = Int(items[i].entryStart)
            let to = Int(starts[i])
            for k in 0..<Int(items[i].entryCount) {
              connectorStandard[to + k] = entryStandard[from + k]
              connectorIsDC[to + k] = entryIsDC[from + k]
              connectorKilowatts[to + k] = entryKilowatts[from + k]
            }
          }
        }
      }
      var maxKilowatts: [Double] = []
      var withHours: [Int32] = []
      maxKilowatts.reserveCapacity(n)
      for i in 0..<n {
        let item = items[i]
        x.append(item.x)
        y.append(item.y)
        z.append(item.z)
        latitude.append(item.latitude)
        longitude.append(item.longitude)
        let radians = item.latitude * .pi / 180
        latitudeRadians.append(radians)
        cosLatitude.append(cos(radians))
        maxKilowatts.append(item.maxKilowatts)
        if item.hasHours { withHours.append(Int32(i)) }
      }
      self.x = x
      self.y = y
      self.z = z
      self.search = SearchTree(nodes, x: x, y: y, z: z)
      self.latitude = latitude
      self.longitude = longitude
      self.latitudeRadians = latitudeRadians
      self.cosLatitude = cosLatitude
      var standardCodes: [ConnectorStandard: Int32] = [:]
      for (code, standard) in standards.enumerated() { standardCodes[standard] = Int32(code) }
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
      // The same operations as `UnitVector(c)`, with the latitude's cosine computed once.
      let latitude = c.latitude * .pi / 180
      let longitude = c.longitude * .pi / 180
      let cosLatitude = cos(latitude)
      latitudeRadians = latitude
      self.cosLatitude = cosLatitude
      vector = UnitVector(
        x: cosLatitude * cos(longitude), y: cosLatitude * sin(longitude), z: sin(latitude))
    }
  }
}

/// The indexed stations by tree position: the caller's array (or a source that decodes them on
/// demand) seen through the tree's permutation, so no ``Charging/Station`` value is copied until
/// a result is read.
struct StationsInTreeOrder: Sendable {
  /// Where the stations are.
  enum Values: Sendable {
    /// The array the index was built from.
    case array([Station])
    /// A source that produces each station when asked (an index read from an image).
    case source(any StationSource)
  }

  /// The stations as given to the index (including any it could not index).
  let values: Values
  /// Tree position → place in `values`.
  let order: [Int32]

  /// The number of indexed stations.
  var count: Int { order.count }
  /// Whether no station is indexed.
  var isEmpty: Bool { order.isEmpty }
  /// The number of stations given to the index, indexed or not.
  var totalCount: Int {
    switch values {
    case .array(let all): all.count
    case .source(let source): source.count
    }
  }

  /// The station at tree position `position`.
  subscript(position: Int) -> Station {
    switch values {
    case .array(let all): all[Int(order[position])]
    case .source(let source): source.station(at: Int(order[position]))
    }
  }

  /// The id of the station at tree position `position`, without copying the station.
  @inline(__always) func id(at position: Int) -> Station.ID {
    switch values {
    // Through the buffer: reading one field of an array element otherwise copies the element.
    case .array(let all): all.withUnsafeBufferPointer { $0[Int(order[position])].id }
    case .source(let source): source.id(at: Int(order[position]))
    }
  }

  /// The operator name of the station at tree position `position`.
  func operatorName(at position: Int) -> String {
    switch values {
    case .array(let all): all.withUnsafeBufferPointer { $0[Int(order[position])].operatorName }
    case .source(let source): source.operatorName(at: Int(order[position]))
    }
  }
}

extension StationIndex {
  /// The tables only operator and favourite filters need.
  struct Lookups: Sendable {
    let operatorCode: [Int32]
    let operatorCodes: [String: Int32]
    let positionsByID: [Station.ID: [Int32]]

    init(_ stations: StationsInTreeOrder) {
      let n = stations.count
      var operatorCode: [Int32] = []
      var operatorCodes: [String: Int32] = [:]
      var positionsByID: [Station.ID: [Int32]] = [:]
      operatorCode.reserveCapacity(n)
      positionsByID.reserveCapacity(n)
      var codeByRawOperator: [String: Int32] = [:]
      for i in 0..<n {
        positionsByID[stations.id(at: i), default: []].append(Int32(i))
        // Operator spellings repeat (about 3,100 distinct in the 2022 register): normalise each
        // raw spelling once.
        let raw = stations.operatorName(at: i)
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
      }
      self.operatorCode = operatorCode
      self.operatorCodes = operatorCodes
      self.positionsByID = positionsByID
    }
  }
}

/// One station as the tree builder moves it: its unit vector, its coordinate and its index in
/// the caller's array.
private struct TreeItem {
  var x, y, z: Double
  var latitude, longitude: Double
  var maxKilowatts: Double
  var input: Int32
  /// The station's connector run in the flat entry tables.
  var entryStart: Int32
  var entryCount: Int32
  var hasHours: Bool

  /// The unit vector's component along `axis` (0 = x, 1 = y, 2 = z).
  @inline(__always) func key(_ axis: Int) -> Double {
    axis == 0 ? x : (axis == 1 ? y : z)
  }
}

/// Builds the tree top-down: each node splits its stations at the median of the axis along
/// which their unit vectors spread most (quickselect, O(n) per level).
///
/// Works in place on one flat buffer of items (no closures, no per-node allocation); the nodes
/// go into one array reserved up front.
private struct TreeBuilder {
  let items: UnsafeMutableBufferPointer<TreeItem>
  let leafSize: Int
  var nodes: [StationIndex.Node]

  mutating func build(_ lo: Int, _ hi: Int) -> Int32 {
    var box = Box3.empty
    var minLat = Double.infinity
    var minLon = Double.infinity
    var maxLat = -Double.infinity
    var maxLon = -Double.infinity
    for k in lo..<hi {
      let item = items[k]
      box.add(UnitVector(x: item.x, y: item.y, z: item.z))
      minLat = min(minLat, item.latitude)
      maxLat = max(maxLat, item.latitude)
      minLon = min(minLon, item.longitude)
      maxLon = max(maxLon, item.longitude)
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
    Self.select(items, lo, hi - 1, mid, axis)
    let left = build(lo, mid)
    let right = build(mid, hi)
    nodes[Int(index)].left = left
    nodes[Int(index)].right = right
    return index
  }

  /// Rearranges `a[lo...hi]` so that `a[k]` holds the item of its rank by the `axis` component
  /// and nothing before it is larger, nothing after it smaller (Hoare partitioning; many equal
  /// keys stay fast).
  static func select(
    _ a: UnsafeMutableBufferPointer<TreeItem>, _ lo: Int, _ hi: Int, _ k: Int, _ axis: Int
  ) {
    var l = lo
    var r = hi
    while r > l {
      // Median of three as the pivot.
      let m = l + (r - l) / 2
      let p0 = a[l].key(axis)
      let p1 = a[m].key(axis)
      let p2 = a[r].key(axis)
      let pivot = max(min(p0, p1), min(max(p0, p1), p2))
      var i = l
      var j = r
      while i <= j {
        while a[i].key(axis) < pivot { i += 1 }
        while a[j].key(axis) > pivot { j -= 1 }
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
