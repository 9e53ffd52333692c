import Foundation
import Geo
import JSONScanning

extension RoadNetwork {
  /// The class and travel speed (km/h) a city street of OpenMapTiles class `cls` is driven at,
  /// or nil when cars do not drive it (footways, pedestrian zones, service ways, construction).
  ///
  /// Town speeds, below the national roads' free-flow speeds: 100 on the city's motorways,
  /// 70 on trunk roads, 50 on primary and secondary roads, 40 on tertiary roads and ramps,
  /// 30 in residential streets, 10 in living streets (German `Spielstraße`: walking pace).
  public static func citySpeed(_ cls: String) -> (roadClass: RoadClass, kilometresPerHour: Double)?
  {
    switch cls {
    case "motorway": (.motorway, 100)
    case "motorway_link", "trunk_link": (.motorwayLink, 40)
    case "trunk": (.trunk, 70)
    case "primary", "primary_link": (.primary, 50)
    case "secondary", "secondary_link": (.secondary, 50)
    case "tertiary", "tertiary_link": (.tertiary, 40)
    case "residential", "unclassified", "road": (.street, 30)
    case "living_street": (.street, 10)
    default: nil
    }
  }

  /// `A 7`, `A7`, `a 7` → `A7`: road numbers compared without spaces or case.
  static func normalisedRef(_ ref: String) -> String {
    String(ref.uppercased().filter { !$0.isWhitespace })
  }
}

extension RoadNetwork.Builder {
  /// One street line as read.
  struct StreetLine {
    var cls: String
    var name: String?
    var ref: String?
    var oneway: Int
    var isBrunnel: Bool
    var points: [Double]
  }

  /// Adds a city's streets and joins them to the national roads read before (see
  /// ``RoadNetwork/init(geoJSON:streets:)``).
  mutating func addStreets(_ data: Data, bounds: BoundingBox) throws {
    let lines = try Self.readStreetLines(data)
    // 1. The national roads inside the city give way to its streets; the nodes where they are
    //    cut are joined to the streets below.
    let inset = RoadNetwork.cityOverlapDegrees
    func inner(_ node: Int32) -> Bool {
      let lat = latitudes[Int(node)]
      let lon = longitudes[Int(node)]
      return lat > bounds.minimum.latitude + inset && lat < bounds.maximum.latitude - inset
        && lon > bounds.minimum.longitude + inset && lon < bounds.maximum.longitude - inset
    }
    var dropped = Set<Int32>()
    var kept = Set<Int32>()
    var keep: [Bool] = []
    for i in segmentFrom.indices {
      let drop = inner(segmentFrom[i]) && inner(segmentTo[i])
      keep.append(!drop)
      for node in [segmentFrom[i], segmentTo[i]] {
        if drop { dropped.insert(node) } else { kept.insert(node) }
      }
    }
    // What a cut national node continues as: its road number and class.
    var cutRoads: [Int32: (ref: Int32, roadClass: UInt8)] = [:]
    for i in segmentFrom.indices where !keep[i] {
      for node in [segmentFrom[i], segmentTo[i]] where kept.contains(node) {
        cutRoads[node] = (segmentRef[i], segmentClass[i])
      }
    }
    filterSegments(keep)

    // 2. The streets: nodes shared at equal rounded positions on the ground; a bridge's or
    //    tunnel's inner points on a layer of their own.
    let firstStreetNode = Int32(latitudes.count)
    var lineEnds: [Int32] = []
    var refNodes: [String: [Int32]] = [:]
    var mainNodes: [Int32] = []
    for (number, line) in lines.enumerated() {
      guard let (roadClass, speed) = RoadNetwork.citySpeed(line.cls) else { continue }
      let classIndex = UInt8(RoadClass.allCases.firstIndex(of: roadClass) ?? 0)
      let ref = refNumber(line.ref)
      let name = nameNumber(line.name)
      let count = line.points.count / 2
      guard count >= 2 else { continue }
      var previous: Int32 = -1
      for k in 0..<count {
        let layer: Int32 = line.isBrunnel && k > 0 && k < count - 1 ? 2 + Int32(number) : 1
        let current = node(
          longitude: line.points[2 * k], latitude: line.points[2 * k + 1], layer: layer)
        if previous >= 0, previous != current {
          let km = GreatCircle.distanceKilometres(position(previous), position(current))
          // A line drawn against its one-way direction (-1) is stored the way it is driven.
          let (a, b) = line.oneway < 0 ? (current, previous) : (previous, current)
          addSegment(
            a, b, kilometres: km, seconds: km * 3600 / speed, ref: ref, roadClass: classIndex,
            name: name, oneway: line.oneway != 0)
        }
        previous = current
        if let r = line.ref {
          for part in r.split(separator: ";") {
            refNodes[RoadNetwork.normalisedRef(String(part)), default: []].append(current)
          }
        }
        if roadClass != .street { mainNodes.append(current) }
      }
      lineEnds.append(
        node(longitude: line.points[0], latitude: line.points[1], layer: 1))
      lineEnds.append(
        node(
          longitude: line.points[2 * count - 2], latitude: line.points[2 * count - 1], layer: 1))
    }
    guard Int32(latitudes.count) > firstStreetNode else {
      throw RoutingError(.emptyNetwork, "the street file contains no drivable street")
    }

    // 3. A line ending within a few metres of another street (but not on it) is joined to it.
    var uses = [Int](repeating: 0, count: latitudes.count)
    var neighbour = [Int32](repeating: -1, count: latitudes.count)
    for i in segmentFrom.indices {
      uses[Int(segmentFrom[i])] += 1
      uses[Int(segmentTo[i])] += 1
      neighbour[Int(segmentFrom[i])] = segmentTo[i]
      neighbour[Int(segmentTo[i])] = segmentFrom[i]
    }
    let grid = NodeGrid(self, from: firstStreetNode, cellDegrees: 0.0001)
    for end in lineEnds where uses[Int(end)] == 1 {
      guard
        let other = grid.nearest(
          to: position(end), in: self, within: RoadNetwork.streetJoinMetres / 1000,
          where: { $0 != end && $0 != neighbour[Int(end)] })
      else { continue }
      let km = GreatCircle.distanceKilometres(position(end), position(other))
      addSegment(
        end, other, kilometres: km, seconds: km * 3600 / 30, ref: -1,
        roadClass: UInt8(RoadClass.allCases.firstIndex(of: .street) ?? 0), name: -1, oneway: false)
    }

    // 4. Each cut national road joins the nearest street with its number (both carriageways,
    //    when there are two), else the nearest main street within 500 m.
    for (cut, road) in cutRoads.sorted(by: { $0.key < $1.key }) {
      let here = position(cut)
      var candidates: [Int32] = []
      if road.ref >= 0 {
        for part in refNames[Int(road.ref)].split(separator: ";") {
          candidates += refNodes[RoadNetwork.normalisedRef(String(part))] ?? []
        }
      }
      var limit = 2.0
      if candidates.isEmpty {
        candidates = mainNodes
        limit = 0.5
      }
      var ranked: [(node: Int32, km: Double)] = []
      for node in candidates {
        let km = GreatCircle.distanceKilometres(here, position(node))
        if km <= limit { ranked.append((node, km)) }
      }
      ranked.sort { a, b in a.km != b.km ? a.km < b.km : a.node < b.node }
      guard let first = ranked.first else { continue }
      var joins = [first]
      let firstPoint = position(first.node)
      if let second = ranked.first(where: { candidate in
        let apart = GreatCircle.distanceKilometres(position(candidate.node), firstPoint)
        return apart > 0.012 && candidate.km <= first.km + 0.1
      }) {
        joins.append(second)
      }
      let speed = RoadClass.allCases[Int(road.roadClass)].speedKilometresPerHour
      for (street, km) in joins {
        addSegment(
          cut, street, kilometres: km, seconds: km * 3600 / speed, ref: road.ref,
          roadClass: road.roadClass, name: -1, oneway: false)
      }
    }
  }

  /// Keeps the segments whose flag is set.
  mutating func filterSegments(_ keep: [Bool]) {
    func filtered<T>(_ values: [T]) -> [T] { values.indices.filter { keep[$0] }.map { values[$0] } }
    segmentFrom = filtered(segmentFrom)
    segmentTo = filtered(segmentTo)
    segmentKilometres = filtered(segmentKilometres)
    segmentSeconds = filtered(segmentSeconds)
    segmentRef = filtered(segmentRef)
    segmentClass = filtered(segmentClass)
    segmentName = filtered(segmentName)
    segmentOneway = filtered(segmentOneway)
  }

  /// Reads the street file's line strings with their properties.
  static func readStreetLines(_ data: Data) throws -> [StreetLine] {
    var lines: [StreetLine] = []
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
        var number = 0
        while try scanner.nextElement() {
          number += 1
          var line = StreetLine(
            cls: "", name: nil, ref: nil, oneway: 0, isBrunnel: false, points: [])
          var type: String?
          try scanner.beginObject()
          while let member = try scanner.nextKey() {
            switch member {
            case "properties":
              try scanner.beginObject()
              while let property = try scanner.nextKey() {
                switch property {
                case "class": line.cls = try scanner.readOptionalString() ?? ""
                case "name": line.name = try scanner.readOptionalString()
                case "ref": line.ref = try scanner.readOptionalString()
                case "brunnel": line.isBrunnel = (try scanner.readOptionalString()) != nil
                case "oneway":
                  line.oneway = Int(try scanner.readOptionalNumber() ?? 0)
                default: try scanner.skipValue()
                }
              }
            case "geometry":
              try scanner.beginObject()
              while let g = try scanner.nextKey() {
                switch g {
                case "type": type = try scanner.readString()
                case "coordinates":
                  if let type, type != "LineString", type != "MultiLineString" {
                    try scanner.skipValue()
                  } else {
                    let parts = try readCoordinates(&scanner)
                    line.points = parts.first ?? []
                    for extra in parts.dropFirst() {
                      var copy = line
                      copy.points = extra
                      lines.append(copy)
                    }
                  }
                default: try scanner.skipValue()
                }
              }
            default: try scanner.skipValue()
            }
          }
          guard type == "LineString" || type == "MultiLineString" else {
            throw RoutingError(
              .malformedRoadData,
              "feature #\(number) has geometry type '\(type ?? "none")'; expected LineString")
          }
          lines.append(line)
        }
      }
      guard sawFeatures else {
        throw RoutingError(
          .malformedRoadData, "no \"features\" array; expected a FeatureCollection")
      }
    }
    return lines
  }
}

/// Nodes by small grid cell, for joining line ends that nearly meet.
struct NodeGrid {
  var cells: [Int64: [Int32]] = [:]
  let size: Double

  init(_ builder: RoadNetwork.Builder, from first: Int32, cellDegrees: Double) {
    size = cellDegrees
    for node in first..<Int32(builder.latitudes.count) {
      cells[key(builder.latitudes[Int(node)], builder.longitudes[Int(node)]), default: []].append(
        node)
    }
  }

  func key(_ latitude: Double, _ longitude: Double) -> Int64 {
    RoadNetwork.cellKey(
      row: Int64((latitude / size).rounded(.down)), column: Int64((longitude / size).rounded(.down)))
  }

  /// The nearest node within `kilometres` (less than a cell) that passes `accept`.
  func nearest(
    to point: Coordinate, in builder: RoadNetwork.Builder, within kilometres: Double,
    where accept: (Int32) -> Bool
  ) -> Int32? {
    let row = Int64((point.latitude / size).rounded(.down))
    let column = Int64((point.longitude / size).rounded(.down))
    var best: (Int32, Double)?
    for dr in -1...1 {
      for dc in -1...1 {
        for node in cells[RoadNetwork.cellKey(row: row + Int64(dr), column: column + Int64(dc))]
          ?? []
        {
          let km = GreatCircle.distanceKilometres(point, builder.position(node))
          guard km <= kilometres, accept(node) else { continue }
          if best == nil || km < (best?.1 ?? .infinity) { best = (node, km) }
        }
      }
    }
    return best?.0
  }
}
