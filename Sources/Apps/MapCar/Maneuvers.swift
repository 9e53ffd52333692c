import Foundation
import Geo
import Routing

/// One instruction of turn-by-turn guidance (`CPManeuver`): what to do, where, and its symbol.
public struct Maneuver: Hashable, Sendable, Codable {
  /// What the driver does.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    case depart, continueStraight, slightLeft, slightRight, turnLeft, turnRight, sharpLeft,
      sharpRight, uTurn, keepLeft, keepRight, exitLeft, exitRight, merge, arrive

    /// The SF Symbol CarPlay draws for it: one of its own per kind, so "Bear left" never shows
    /// the arrow of "Continue straight" or of "Keep left".
    public var symbol: String {
      switch self {
      case .depart: "location.north.fill"
      case .continueStraight: "arrow.up"
      case .slightLeft: "arrow.up.left"
      case .slightRight: "arrow.up.right"
      case .keepLeft: "signpost.left"
      case .keepRight: "signpost.right"
      case .turnLeft: "arrow.turn.up.left"
      case .turnRight: "arrow.turn.up.right"
      case .sharpLeft: "arrow.down.left"
      case .sharpRight: "arrow.down.right"
      case .uTurn: "arrow.uturn.down"
      case .exitLeft: "arrow.up.left.circle"
      case .exitRight: "arrow.up.right.circle"
      case .merge: "arrow.triangle.merge"
      case .arrive: "flag.checkered"
      }
    }
  }

  /// What the driver does.
  public var kind: Kind
  /// The instruction as the car shows it ("Turn right onto B 3").
  public var instruction: String
  /// Where it happens, as distance from the route's start.
  public var kilometresFromStart: Double
  /// Where it happens.
  public var coordinate: Coordinate
  /// The index of the route vertex it happens at.
  public var vertex: Int
  /// The road taken afterwards, when it has a number.
  public var road: String?

  /// Creates a maneuver.
  public init(
    kind: Kind, instruction: String, kilometresFromStart: Double, coordinate: Coordinate,
    vertex: Int, road: String?
  ) {
    self.kind = kind
    self.instruction = instruction
    self.kilometresFromStart = kilometresFromStart
    self.coordinate = coordinate
    self.vertex = vertex
    self.road = road
  }

  /// The symbol CarPlay draws for it.
  public var symbol: String { kind.symbol }
}

/// Derives maneuvers from a route's geometry and the road network it was found on.
///
/// At every vertex the road class, the road number and the junction degree are compared with
/// the segment before: leaving a motorway onto a ramp is an exit, a ramp joining a motorway a
/// merge, and at a junction (three or more roads meet) a change of road number or a bearing
/// change of more than ``turnThresholdDegrees`` is a turn, classified by the signed bearing
/// change. Bends of a road where no other road joins are never maneuvers. The bearings are
/// measured over ``bearingReachKilometres`` before and after the vertex, so zig-zags in the
/// geometry do not count. See `Guides/MapApp.md`.
public enum ManeuverExtractor {
  /// A bearing change below this at a junction, on the same road, is driving straight on.
  public static let turnThresholdDegrees = 30.0
  /// How far before and after a vertex its bearings are measured.
  public static let bearingReachKilometres = 0.15

  /// The maneuvers of a route in driving order: departure first, arrival last.
  public static func maneuvers(for route: Route, destinationName: String) -> [Maneuver] {
    let points = route.polyline.coordinates
    guard points.count >= 2 else { return [] }
    let km = route.cumulativeKilometres
    let segments = route.segments
    let hasRoads = segments.count == points.count - 1
    var result: [Maneuver] = []
    let firstRoad = hasRoads ? roadName(segments[0]) : nil
    result.append(
      Maneuver(
        kind: .depart,
        instruction: "Head \(compass(bearing(points[0], points[1])))"
          + (firstRoad.map { " on \($0)" } ?? ""),
        kilometresFromStart: 0, coordinate: points[0], vertex: 0, road: firstRoad))
    if hasRoads {
      var i = 1
      while i < points.count - 1 {
        defer { i += 1 }
        let before = segments[i - 1]
        let after = segments[i]
        let degree = route.junctionDegrees.indices.contains(i) ? route.junctionDegrees[i] : 2
        // A city street's turns are measured close to the junction (blocks are short).
        let onStreets = before.name != nil || after.name != nil
        let turn = signedTurn(
          points, km, at: i, reach: onStreets ? streetBearingReachKilometres : bearingReachKilometres)
        let road =
          after.name ?? (after.ref ?? (onStreets ? nil : nextNumberedRoad(segments, from: i))).map(display)
        let kind: Maneuver.Kind?
        let text: String
        switch (before.roadClass, after.roadClass) {
        case (.motorway, .motorwayLink):
          kind = turn < 0 ? .exitLeft : .exitRight
          text = "Take the exit" + (road.map { " towards \($0)" } ?? "")
        case (.motorwayLink, .motorway):
          kind = .merge
          text = "Merge onto \(road ?? "the motorway")"
        case (_, .motorwayLink) where before.roadClass != .motorwayLink:
          kind = turn < 0 ? .keepLeft : .keepRight
          text = "Take the ramp" + (road.map { " onto \($0)" } ?? "")
        case (.motorwayLink, _) where after.roadClass != .motorwayLink:
          kind = turnKind(turn) ?? (turn < 0 ? .keepLeft : .keepRight)
          text = phrase(kind ?? .keepRight) + " onto \(road ?? "the road")"
        default:
          guard degree >= 3 else { continue }
          let refChanged =
            after.name != nil
            ? before.name != after.name : before.ref != after.ref && after.ref != nil
          if let k = turnKind(turn) {
            kind = k
          } else if refChanged, before.roadClass == .motorway, after.roadClass == .motorway {
            // Motorways joining at an interchange without a ramp in the data.
            kind = turn < 0 ? .keepLeft : .keepRight
          } else if refChanged {
            kind = .continueStraight
          } else {
            kind = nil
          }
          text =
            phrase(kind ?? .continueStraight)
            + (road.map { kind == .continueStraight ? " on \($0)" : " onto \($0)" } ?? "")
        }
        guard let kind else { continue }
        // Several vertices of one junction (dual carriageways): keep the first, unless the
        // new one is an exit or merge, which always counts.
        if let last = result.last, last.kind != .depart, km[i] - last.kilometresFromStart < 0.05,
          kind != .merge, kind != .exitLeft, kind != .exitRight
        {
          continue
        }
        result.append(
          Maneuver(
            kind: kind, instruction: text, kilometresFromStart: km[i], coordinate: points[i],
            vertex: i, road: road))
      }
    }
    result.append(
      Maneuver(
        kind: .arrive, instruction: "Arrive at \(destinationName)",
        kilometresFromStart: km.last ?? 0, coordinate: points[points.count - 1],
        vertex: points.count - 1, road: nil))
    return result
  }

  /// How far before and after a vertex the bearings are measured on a city's streets.
  public static let streetBearingReachKilometres = 0.04

  /// The name a segment's road is called by: the street's name, else its number as signs
  /// write it.
  static func roadName(_ segment: Route.Segment) -> String? {
    segment.name ?? segment.ref.map(display)
  }

  /// `A7` → `A 7`, `B83;B7` → `B 83 / B 7`: road numbers as signs write them.
  public static func display(_ ref: String) -> String {
    ref.split(separator: ";").map { part -> String in
      let t = part.trimmingCharacters(in: .whitespaces)
      guard let first = t.first, first.isLetter, t.count > 1,
        t.dropFirst().first?.isNumber == true
      else { return t }
      return "\(first) \(t.dropFirst())"
    }.joined(separator: " / ")
  }

  static func nextNumberedRoad(_ segments: [Route.Segment], from index: Int) -> String? {
    for s in segments[index...].prefix(400) {
      if let ref = s.ref { return ref }
    }
    return nil
  }

  /// The turn at vertex `i` in degrees, −180 … 180, positive to the right.
  static func signedTurn(
    _ points: [Coordinate], _ km: [Double], at i: Int, reach: Double = bearingReachKilometres
  ) -> Double {
    var a = i - 1
    while a > 0, km[i] - km[a] < reach { a -= 1 }
    var b = i + 1
    while b < points.count - 1, km[b] - km[i] < reach { b += 1 }
    var d = bearing(points[i], points[b]) - bearing(points[a], points[i])
    while d > 180 { d -= 360 }
    while d < -180 { d += 360 }
    return d
  }

  static func turnKind(_ turn: Double) -> Maneuver.Kind? {
    let a = abs(turn)
    if a < turnThresholdDegrees { return nil }
    let right = turn > 0
    if a < 60 { return right ? .slightRight : .slightLeft }
    if a < 135 { return right ? .turnRight : .turnLeft }
    if a < 170 { return right ? .sharpRight : .sharpLeft }
    return .uTurn
  }

  static func phrase(_ kind: Maneuver.Kind) -> String {
    switch kind {
    case .slightLeft: "Bear left"
    case .slightRight: "Bear right"
    case .turnLeft: "Turn left"
    case .turnRight: "Turn right"
    case .sharpLeft: "Turn sharp left"
    case .sharpRight: "Turn sharp right"
    case .uTurn: "Make a U-turn"
    case .keepLeft: "Keep left"
    case .keepRight: "Keep right"
    case .exitLeft, .exitRight: "Take the exit"
    case .merge: "Merge"
    case .continueStraight, .depart: "Continue"
    case .arrive: "Arrive"
    }
  }

  /// Initial great-circle bearing from `a` to `b`, degrees clockwise from north.
  public static func bearing(_ a: Coordinate, _ b: Coordinate) -> Double {
    GreatCircle.bearing(a, b)
  }

  static func compass(_ bearing: Double) -> String {
    let names = [
      "north", "north-east", "east", "south-east", "south", "south-west", "west",
      "north-west",
    ]
    return names[Int(((bearing + 22.5) / 45).rounded(.down)) % 8]
  }
}
