import Foundation
import Geo
import JSONScanning

/// An undirected road graph built from GeoJSON line strings, with nodes at shared coordinates.
///
/// Built from the bundled OpenStreetMap Autobahn and Bundesstraße files (see the basemap README,
/// section 2): every coordinate is a node keyed by its exact 5-decimal `[lon, lat]`, and every pair
/// of consecutive coordinates in a line part is an edge in both directions, weighted by travel time
/// at its ``RoadClass`` speed. The graph is stored as compressed adjacency arrays, so it is a plain
/// `Sendable` value that any number of queries can share.
public struct RoadNetwork: Sendable {
  /// Node positions.
  let latitudes: [Double]
  let longitudes: [Double]
  /// Node positions as unit vectors, for the chord-length A* heuristic.
  let unitX: [Double]
  let unitY: [Double]
  let unitZ: [Double]
  /// Edges of node `n` are `edgeStart[n] ..< edgeStart[n + 1]`.
  let edgeStart: [Int32]
  let edgeTarget: [Int32]
  let edgeKilometres: [Double]
  let edgeSeconds: [Double]
  /// Index into ``refNames``, or −1 for an unnumbered piece (ramps).
  let edgeRef: [Int32]
  /// Index into `RoadClass.allCases` of every directed edge.
  let edgeClass: [UInt8]
  let refNames: [String]
  /// Index into ``streetNames`` of every directed edge, or −1 for an unnamed road.
  let edgeName: [Int32]
  let streetNames: [String]
  /// The directed edge of every road segment in its drawn direction, by grid cell
  /// (``cellKey(latitude:longitude:)``), for snapping a point to the nearest street.
  let cells: [Int64: [Int32]]
  /// The number of road segments that may be driven one way only.
  public let oneWaySegmentCount: Int
  /// Connected-component label of every node; ``mainComponent`` is the one with the most nodes.
  let component: [Int32]
  let mainComponent: Int32
  /// Node count of every component, indexed by label.
  let componentSizes: [Int]
  /// Scratch arrays reused by searches (``search(departures:arrivals:towards:algorithm:edgeFactors:)``).
  let searchScratch: SearchScratchPool
  /// Landmark travel times for A* (``Landmarks``), computed for networks with streets.
  private(set) var landmarks: Landmarks?

  /// The number of nodes.
  public var nodeCount: Int { latitudes.count }

  /// The number of directed edges (each road segment counts twice).
  public var directedEdgeCount: Int { edgeTarget.count }

  /// The number of connected components.
  public var componentCount: Int { componentSizes.count }

  /// The number of nodes in the largest connected component, the one routes are snapped to.
  public var mainComponentNodeCount: Int { componentSizes[Int(mainComponent)] }

  /// The position of a node.
  func coordinate(of node: Int32) -> Coordinate {
    Coordinate(latitude: latitudes[Int(node)], longitude: longitudes[Int(node)])
  }

  /// Builds the graph from one or more GeoJSON FeatureCollections of `LineString` /
  /// `MultiLineString` features with `ref` and `kind` properties (the bundled road files).
  ///
  /// Throws ``RoutingError`` with kind `malformedRoadData` naming the file index and the problem
  /// when a file is not such GeoJSON or a feature has an unknown `kind`, and `emptyNetwork` when no
  /// segment was read.
  public init(geoJSON files: [Data]) throws(RoutingError) {
    try self.init(geoJSON: files, streets: nil)
  }

  /// Builds the graph from the national road files and, when given, a city's street file
  /// (OpenMapTiles-like `class`, `name`, `ref`, `oneway`, `brunnel` properties, as
  /// `basemap/city/kassel_roads.geojson`) covering `streets.bounds`.
  ///
  /// Streets join where their lines meet within about a metre (coordinates rounded to five
  /// decimals) and where a line ends within ``streetJoinMetres`` of another street; a bridge or
  /// tunnel joins other roads only at its ends. One-way streets get one directed edge. The
  /// national roads inside the city (more than ``cityOverlapDegrees`` within its bounds) are
  /// replaced by the streets, and each national road cut there is joined to the nearest street
  /// with its number (or the nearest main street) — see `Guides/Routing.md`.
  public init(geoJSON files: [Data], streets: (data: Data, bounds: BoundingBox)?)
    throws(RoutingError)
  {
    var builder = Builder()
    for (fileIndex, data) in files.enumerated() {
      do {
        try builder.read(data)
      } catch let error as RoutingError {
        throw RoutingError(
          .malformedRoadData, "road file #\(fileIndex + 1): \(error.message)")
      } catch {
        throw RoutingError(
          .malformedRoadData,
          "road file #\(fileIndex + 1) is not GeoJSON line strings: \(error); expected a FeatureCollection of LineString/MultiLineString features"
        )
      }
    }
    if let streets {
      do {
        try builder.addStreets(streets.data, bounds: streets.bounds)
      } catch let error as RoutingError {
        throw RoutingError(.malformedRoadData, "street file: \(error.message)")
      } catch {
        throw RoutingError(
          .malformedRoadData,
          "street file is not GeoJSON line strings: \(error); expected a FeatureCollection of LineString features with a class property"
        )
      }
    }
    self = try builder.build()
    if streets != nil {
      // A* with the chord bound alone is weak on town streets (30–50 km/h against the bound's
      // 120 km/h): landmarks make routes across the city settle a fraction of the nodes.
      landmarks = Landmarks(network: self, count: Self.streetLandmarkCount)
    }
  }

  /// The number of landmarks of a network with streets (``Landmarks``).
  public static let streetLandmarkCount = 8
  /// The landmarks one query uses: those that bound its start best (``Landmarks``).
  public static let activeLandmarkCount = 3

  /// A street line ending this close to another street (metres) is joined to it.
  public static let streetJoinMetres = 3.0
  /// How far inside the city's bounds (degrees) the national roads give way to the streets.
  public static let cityOverlapDegrees = 0.01

  /// The grid cell (about 550 × 550 m) a position lies in.
  static func cellKey(latitude: Double, longitude: Double) -> Int64 {
    cellKey(row: Int64((latitude / cellDegreesLatitude).rounded(.down)),
      column: Int64((longitude / cellDegreesLongitude).rounded(.down)))
  }

  static func cellKey(row: Int64, column: Int64) -> Int64 { (row << 32) ^ (column & 0xFFFF_FFFF) }

  static let cellDegreesLatitude = 0.005
  static let cellDegreesLongitude = 0.008
}

extension RoadNetwork {
  /// Accumulates nodes and segments while the files are read.
  struct Builder {
    /// A node's identity: its position rounded to five decimals and its layer (0 national
    /// roads, 1 streets on the ground, 2 + n the inner points of bridge or tunnel line n).
    struct NodeKey: Hashable {
      var longitude: Int64
      var latitude: Int64
      var layer: Int32
    }
    var nodeIndex: [NodeKey: Int32] = [:]
    var segmentName: [Int32] = []
    var segmentOneway: [Bool] = []
    var nameIndex: [String: Int32] = [:]
    var names: [String] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    var segmentFrom: [Int32] = []
    var segmentTo: [Int32] = []
    var segmentKilometres: [Double] = []
    var segmentSeconds: [Double] = []
    var segmentRef: [Int32] = []
    var segmentClass: [UInt8] = []
    var refIndex: [String: Int32] = [:]
    var refNames: [String] = []

    init() {
      nodeIndex.reserveCapacity(140_000)
      latitudes.reserveCapacity(140_000)
      longitudes.reserveCapacity(140_000)
      segmentFrom.reserveCapacity(160_000)
      segmentTo.reserveCapacity(160_000)
      segmentKilometres.reserveCapacity(160_000)
      segmentSeconds.reserveCapacity(160_000)
      segmentRef.reserveCapacity(160_000)
    }

    mutating func node(longitude: Double, latitude: Double, layer: Int32 = 0) -> Int32 {
      let key = NodeKey(
        longitude: Int64((longitude * 100_000).rounded()),
        latitude: Int64((latitude * 100_000).rounded()), layer: layer)
      if let existing = nodeIndex[key] { return existing }
      let index = Int32(latitudes.count)
      nodeIndex[key] = index
      latitudes.append(latitude)
      longitudes.append(longitude)
      return index
    }

    mutating func read(_ data: Data) throws {
      try JSONScanner.scan(data) { scanner in
        try scanner.beginObject()
        var sawFeatures = false
        while let key = try scanner.nextKey() {
          guard key == "features" else {
            try scanner.skipValue()
            continue
          }
          sawFeatures = true
          try scanner.beginArray()
          var featureNumber = 0
          while try scanner.nextElement() {
            featureNumber += 1
            try readFeature(&scanner, number: featureNumber)
          }
        }
        guard sawFeatures else {
          throw RoutingError(
            .malformedRoadData, "no \"features\" array; expected a FeatureCollection")
        }
      }
    }

    mutating func readFeature(_ scanner: inout JSONScanner, number: Int) throws {
      var ref: String?
      var kind: String?
      var geometryType: String?
      // Flat [lon, lat, lon, lat, …] per part.
      var parts: [[Double]] = []
      try scanner.beginObject()
      while let key = try scanner.nextKey() {
        switch key {
        case "properties":
          try scanner.beginObject()
          while let property = try scanner.nextKey() {
            switch property {
            case "ref": ref = try scanner.readOptionalString()
            case "kind": kind = try scanner.readOptionalString()
            default: try scanner.skipValue()
            }
          }
        case "geometry":
          try scanner.beginObject()
          while let member = try scanner.nextKey() {
            switch member {
            case "type": geometryType = try scanner.readString()
            case "coordinates":
              if let geometryType, geometryType != "LineString", geometryType != "MultiLineString" {
                try scanner.skipValue()  // reported below with the geometry type
              } else {
                parts = try Self.readCoordinates(&scanner)
              }
            default: try scanner.skipValue()
            }
          }
        default:
          try scanner.skipValue()
        }
      }
      guard let kind, let roadClass = RoadClass(rawValue: kind) else {
        throw RoutingError(
          .malformedRoadData,
          "feature #\(number) has kind \(kind.map { "'\($0)'" } ?? "null"); expected one of \(RoadClass.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      guard geometryType == "LineString" || geometryType == "MultiLineString" else {
        throw RoutingError(
          .malformedRoadData,
          "feature #\(number) has geometry type '\(geometryType ?? "none")'; expected LineString or MultiLineString"
        )
      }
      let refNumber: Int32
      if let ref, !ref.isEmpty {
        if let existing = refIndex[ref] {
          refNumber = existing
        } else {
          refNumber = Int32(refNames.count)
          refIndex[ref] = refNumber
          refNames.append(ref)
        }
      } else {
        refNumber = -1
      }
      let secondsPerKilometre = 3600 / roadClass.speedKilometresPerHour
      let classIndex = UInt8(RoadClass.allCases.firstIndex(of: roadClass) ?? 0)
      for part in parts {
        var previous: Int32 = -1
        var i = 0
        while i + 1 < part.count {
          let current = node(longitude: part[i], latitude: part[i + 1])
          if previous >= 0, previous != current {
            let km = GreatCircle.distanceKilometres(
              Coordinate(latitude: latitudes[Int(previous)], longitude: longitudes[Int(previous)]),
              Coordinate(latitude: latitudes[Int(current)], longitude: longitudes[Int(current)]))
            addSegment(
              previous, current, kilometres: km, seconds: km * secondsPerKilometre,
              ref: refNumber, roadClass: classIndex, name: -1, oneway: false)
          }
          previous = current
          i += 2
        }
      }
    }

    mutating func addSegment(
      _ from: Int32, _ to: Int32, kilometres: Double, seconds: Double, ref: Int32,
      roadClass: UInt8, name: Int32, oneway: Bool
    ) {
      segmentFrom.append(from)
      segmentTo.append(to)
      segmentKilometres.append(kilometres)
      segmentSeconds.append(seconds)
      segmentRef.append(ref)
      segmentClass.append(roadClass)
      segmentName.append(name)
      segmentOneway.append(oneway)
    }

    mutating func refNumber(_ ref: String?) -> Int32 {
      guard let ref, !ref.isEmpty else { return -1 }
      if let existing = refIndex[ref] { return existing }
      let number = Int32(refNames.count)
      refIndex[ref] = number
      refNames.append(ref)
      return number
    }

    mutating func nameNumber(_ name: String?) -> Int32 {
      guard let name, !name.isEmpty else { return -1 }
      if let existing = nameIndex[name] { return existing }
      let number = Int32(names.count)
      nameIndex[name] = number
      names.append(name)
      return number
    }

    func position(_ node: Int32) -> Coordinate {
      Coordinate(latitude: latitudes[Int(node)], longitude: longitudes[Int(node)])
    }

    /// Reads LineString (`[[lon,lat],…]`) or MultiLineString (`[[[lon,lat],…],…]`) coordinates.
    static func readCoordinates(_ scanner: inout JSONScanner) throws -> [[Double]] {
      var parts: [[Double]] = []
      try scanner.beginArray()
      var single: [Double] = []
      while try scanner.nextElement() {
        try scanner.beginArray()
        // A position starts with a number; a part starts with '['.
        if scanner.peek() == UInt8(ascii: "[") {
          var part: [Double] = []
          while try scanner.nextElement() { try readPosition(&scanner, into: &part, opened: false) }
          parts.append(part)
        } else {
          try readPosition(&scanner, into: &single, opened: true)
        }
      }
      if !single.isEmpty { parts.append(single) }
      return parts
    }

    static func readPosition(
      _ scanner: inout JSONScanner, into part: inout [Double], opened: Bool
    ) throws {
      if !opened { try scanner.beginArray() }
      var longitude = Double.nan
      var latitude = Double.nan
      var count = 0
      while try scanner.nextElement() {
        let value = try scanner.readNumber()
        if count == 0 { longitude = value } else if count == 1 { latitude = value }
        count += 1
      }
      guard count >= 2,
        let position = Coordinate(validatingLatitude: latitude, longitude: longitude)
      else {
        throw RoutingError(
          .malformedRoadData,
          "position [\(longitude), \(latitude)] is not [lon, lat] in range; expected two numbers in WGS84 degrees"
        )
      }
      part.append(position.longitude)
      part.append(position.latitude)
    }

    func build() throws(RoutingError) -> RoadNetwork {
      let n = latitudes.count
      guard n > 0, !segmentFrom.isEmpty else {
        throw RoutingError(.emptyNetwork, "the road files contain no road segments")
      }
      var degree = [Int32](repeating: 0, count: n + 1)
      for i in segmentFrom.indices {
        degree[Int(segmentFrom[i]) + 1] += 1
        if !segmentOneway[i] { degree[Int(segmentTo[i]) + 1] += 1 }
      }
      for i in 0..<n { degree[i + 1] += degree[i] }
      let edgeStart = degree
      var fill = Array(edgeStart.dropLast())
      let m = Int(edgeStart[n])
      var target = [Int32](repeating: 0, count: m)
      var kilometres = [Double](repeating: 0, count: m)
      var seconds = [Double](repeating: 0, count: m)
      var refs = [Int32](repeating: -1, count: m)
      var classes = [UInt8](repeating: 0, count: m)
      var edgeNames = [Int32](repeating: -1, count: m)
      var forwardEdge = [Int32](repeating: -1, count: segmentFrom.count)
      for i in segmentFrom.indices {
        for direction in 0..<(segmentOneway[i] ? 1 : 2) {
          let a = direction == 0 ? segmentFrom[i] : segmentTo[i]
          let b = direction == 0 ? segmentTo[i] : segmentFrom[i]
          let slot = Int(fill[Int(a)])
          fill[Int(a)] += 1
          target[slot] = b
          kilometres[slot] = segmentKilometres[i]
          seconds[slot] = segmentSeconds[i]
          refs[slot] = segmentRef[i]
          classes[slot] = segmentClass[i]
          edgeNames[slot] = segmentName[i]
          if direction == 0 { forwardEdge[i] = Int32(slot) }
        }
      }
      // Connected components over the roads, whichever way they may be driven (union-find).
      var root = Array(0..<Int32(n))
      func find(_ x: Int32) -> Int32 {
        var x = x
        while root[Int(x)] != x {
          root[Int(x)] = root[Int(root[Int(x)])]
          x = root[Int(x)]
        }
        return x
      }
      for i in segmentFrom.indices {
        let a = find(segmentFrom[i])
        let b = find(segmentTo[i])
        if a != b { root[Int(max(a, b))] = min(a, b) }
      }
      var component = [Int32](repeating: -1, count: n)
      var labels: [Int32: Int32] = [:]
      var sizes: [Int] = []
      for v in 0..<n {
        let r = find(Int32(v))
        if let label = labels[r] {
          component[v] = label
          sizes[Int(label)] += 1
        } else {
          let label = Int32(sizes.count)
          labels[r] = label
          component[v] = label
          sizes.append(1)
        }
      }
      var main = 0
      for (label, size) in sizes.enumerated() where size > sizes[main] { main = label }
      var ux = [Double](repeating: 0, count: n)
      var uy = [Double](repeating: 0, count: n)
      var uz = [Double](repeating: 0, count: n)
      for i in 0..<n {
        let phi = latitudes[i] * .pi / 180
        let lambda = longitudes[i] * .pi / 180
        ux[i] = cos(phi) * cos(lambda)
        uy[i] = cos(phi) * sin(lambda)
        uz[i] = sin(phi)
      }
      // Every segment of the main network in each grid cell its bounding box touches.
      var cells: [Int64: [Int32]] = [:]
      for i in segmentFrom.indices where component[Int(segmentFrom[i])] == Int32(main) {
        let a = segmentFrom[i]
        let b = segmentTo[i]
        let r0 = Int64((min(latitudes[Int(a)], latitudes[Int(b)]) / RoadNetwork.cellDegreesLatitude).rounded(.down))
        let r1 = Int64((max(latitudes[Int(a)], latitudes[Int(b)]) / RoadNetwork.cellDegreesLatitude).rounded(.down))
        let c0 = Int64((min(longitudes[Int(a)], longitudes[Int(b)]) / RoadNetwork.cellDegreesLongitude).rounded(.down))
        let c1 = Int64((max(longitudes[Int(a)], longitudes[Int(b)]) / RoadNetwork.cellDegreesLongitude).rounded(.down))
        guard (r1 - r0 + 1) * (c1 - c0 + 1) <= 400 else { continue }
        for row in r0...r1 {
          for column in c0...c1 {
            cells[RoadNetwork.cellKey(row: row, column: column), default: []].append(forwardEdge[i])
          }
        }
      }
      return RoadNetwork(
        latitudes: latitudes, longitudes: longitudes, unitX: ux, unitY: uy, unitZ: uz,
        edgeStart: edgeStart, edgeTarget: target, edgeKilometres: kilometres,
        edgeSeconds: seconds, edgeRef: refs, edgeClass: classes, refNames: refNames,
        edgeName: edgeNames, streetNames: names, cells: cells,
        oneWaySegmentCount: segmentOneway.filter { $0 }.count, component: component,
        mainComponent: Int32(main), componentSizes: sizes)
    }
  }

  private init(
    latitudes: [Double], longitudes: [Double], unitX: [Double], unitY: [Double], unitZ: [Double],
    edgeStart: [Int32], edgeTarget: [Int32], edgeKilometres: [Double], edgeSeconds: [Double],
    edgeRef: [Int32], edgeClass: [UInt8], refNames: [String], edgeName: [Int32],
    streetNames: [String], cells: [Int64: [Int32]], oneWaySegmentCount: Int, component: [Int32],
    mainComponent: Int32,
    componentSizes: [Int]
  ) {
    self.latitudes = latitudes
    self.longitudes = longitudes
    self.unitX = unitX
    self.unitY = unitY
    self.unitZ = unitZ
    self.edgeStart = edgeStart
    self.edgeTarget = edgeTarget
    self.edgeKilometres = edgeKilometres
    self.edgeSeconds = edgeSeconds
    self.edgeRef = edgeRef
    self.edgeClass = edgeClass
    self.refNames = refNames
    self.edgeName = edgeName
    self.streetNames = streetNames
    self.cells = cells
    self.oneWaySegmentCount = oneWaySegmentCount
    self.component = component
    self.mainComponent = mainComponent
    self.componentSizes = componentSizes
    self.searchScratch = SearchScratchPool()
  }
}
