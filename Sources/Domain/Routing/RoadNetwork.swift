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
  /// Connected-component label of every node; ``mainComponent`` is the one with the most nodes.
  let component: [Int32]
  let mainComponent: Int32
  /// Node count of every component, indexed by label.
  let componentSizes: [Int]

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
    self = try builder.build()
  }
}

extension RoadNetwork {
  /// Accumulates nodes and segments while the files are read.
  private struct Builder {
    var nodeIndex: [Int64: Int32] = [:]
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

    mutating func node(longitude: Double, latitude: Double) -> Int32 {
      let lonKey = Int64((longitude * 100_000).rounded())
      let latKey = Int64((latitude * 100_000).rounded())
      let key = (lonKey << 32) ^ (latKey & 0xFFFF_FFFF)
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

    private mutating func readFeature(_ scanner: inout JSONScanner, number: Int) throws {
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
            segmentFrom.append(previous)
            segmentTo.append(current)
            segmentKilometres.append(km)
            segmentSeconds.append(km * secondsPerKilometre)
            segmentRef.append(refNumber)
            segmentClass.append(classIndex)
          }
          previous = current
          i += 2
        }
      }
    }

    /// Reads LineString (`[[lon,lat],…]`) or MultiLineString (`[[[lon,lat],…],…]`) coordinates.
    private static func readCoordinates(_ scanner: inout JSONScanner) throws -> [[Double]] {
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

    private static func readPosition(
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
        degree[Int(segmentTo[i]) + 1] += 1
      }
      for i in 0..<n { degree[i + 1] += degree[i] }
      let edgeStart = degree
      var fill = Array(edgeStart.dropLast())
      let m = 2 * segmentFrom.count
      var target = [Int32](repeating: 0, count: m)
      var kilometres = [Double](repeating: 0, count: m)
      var seconds = [Double](repeating: 0, count: m)
      var refs = [Int32](repeating: -1, count: m)
      var classes = [UInt8](repeating: 0, count: m)
      for i in segmentFrom.indices {
        for direction in 0..<2 {
          let a = direction == 0 ? segmentFrom[i] : segmentTo[i]
          let b = direction == 0 ? segmentTo[i] : segmentFrom[i]
          let slot = Int(fill[Int(a)])
          fill[Int(a)] += 1
          target[slot] = b
          kilometres[slot] = segmentKilometres[i]
          seconds[slot] = segmentSeconds[i]
          refs[slot] = segmentRef[i]
          classes[slot] = segmentClass[i]
        }
      }
      // Connected components by iterative depth-first search.
      var component = [Int32](repeating: -1, count: n)
      var sizes: [Int] = []
      var stack: [Int32] = []
      for start in 0..<n where component[start] < 0 {
        let label = Int32(sizes.count)
        var size = 0
        component[start] = label
        stack.append(Int32(start))
        while let v = stack.popLast() {
          size += 1
          for e in Int(edgeStart[Int(v)])..<Int(edgeStart[Int(v) + 1]) {
            let w = Int(target[e])
            if component[w] < 0 {
              component[w] = label
              stack.append(Int32(w))
            }
          }
        }
        sizes.append(size)
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
      return RoadNetwork(
        latitudes: latitudes, longitudes: longitudes, unitX: ux, unitY: uy, unitZ: uz,
        edgeStart: edgeStart, edgeTarget: target, edgeKilometres: kilometres,
        edgeSeconds: seconds, edgeRef: refs, edgeClass: classes, refNames: refNames,
        component: component,
        mainComponent: Int32(main), componentSizes: sizes)
    }
  }

  private init(
    latitudes: [Double], longitudes: [Double], unitX: [Double], unitY: [Double], unitZ: [Double],
    edgeStart: [Int32], edgeTarget: [Int32], edgeKilometres: [Double], edgeSeconds: [Double],
    edgeRef: [Int32], edgeClass: [UInt8], refNames: [String], component: [Int32],
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
    self.component = component
    self.mainComponent = mainComponent
    self.componentSizes = componentSizes
  }
}
