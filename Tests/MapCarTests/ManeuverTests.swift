import Geo
import Routing
import Testing

@testable import MapCar

@Suite("Maneuvers from real routes")
struct ManeuverTests {
  static let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)
  static let munich = Coordinate(latitude: 48.1372, longitude: 11.5755)

  @Test("Kassel to Munich: every change of motorway is a maneuver naming the new motorway")
  func motorwayChanges() async throws {
    let network = try await RoadNetwork.bundled()
    let route = try network.fastestRoute(from: Self.kassel, to: Self.munich)
    let maneuvers = ManeuverExtractor.maneuvers(for: route, destinationName: "München")
    #expect(maneuvers.first?.kind == .depart)
    #expect(maneuvers.last?.kind == .arrive)
    #expect(maneuvers.last?.instruction == "Arrive at München")
    // Runs of motorway refs along the route, ramps in between ignored.
    var runs: [(ref: String, start: Double, end: Double)] = []
    for (i, segment) in route.segments.enumerated() where segment.roadClass == .motorway {
      guard let ref = segment.ref else { continue }
      let a = route.cumulativeKilometres[i]
      let b = route.cumulativeKilometres[i + 1]
      if let last = runs.last, last.ref == ref {
        runs[runs.count - 1].end = b
      } else {
        runs.append((ref, a, b))
      }
    }
    var changes = 0
    for (a, b) in zip(runs, runs.dropFirst()) {
      changes += 1
      let wanted = ManeuverExtractor.display(b.ref)
      let found = maneuvers.contains {
        $0.kilometresFromStart >= a.end - 0.1 && $0.kilometresFromStart <= b.start + 0.1
          && $0.road == wanted
      }
      #expect(found, "no maneuver onto \(wanted) between km \(a.end) and \(b.start)")
    }
    #expect(changes >= 2, "the route should change motorway at least twice")
    // Every maneuver has text and a symbol, in driving order.
    for (m, n) in zip(maneuvers, maneuvers.dropFirst()) {
      #expect(m.kilometresFromStart <= n.kilometresFromStart)
      #expect(!m.instruction.isEmpty && !m.symbol.isEmpty)
    }
    #expect(maneuvers.contains { $0.kind == .merge })
    #expect(maneuvers.contains { $0.kind == .exitRight || $0.kind == .exitLeft })
  }

  @Test("no maneuver on a straight road: a drive along one motorway has only depart and arrive")
  func straightRoad() async throws {
    let network = try await RoadNetwork.bundled()
    let route = try network.fastestRoute(from: Self.kassel, to: Self.munich)
    // The longest stretch of the route on one motorway without a junction on it.
    var bestStart = 0
    var bestEnd = 0
    var start = 0
    for i in 1..<route.segments.count {
      let same =
        route.segments[i].ref == route.segments[start].ref
        && route.segments[i].roadClass == .motorway && route.junctionDegrees[i] == 2
      if !same { start = i }
      if i - start > bestEnd - bestStart {
        bestStart = start
        bestEnd = i
      }
    }
    #expect(bestEnd - bestStart > 10)
    let coordinates = Array(route.polyline.coordinates[bestStart...bestEnd + 1])
    let base = route.cumulativeKilometres[bestStart]
    let baseSeconds = route.cumulativeSeconds[bestStart]
    var piece = Route(
      polyline: Polyline(coordinates),
      cumulativeKilometres: route.cumulativeKilometres[bestStart...bestEnd + 1].map { $0 - base },
      cumulativeSeconds: route.cumulativeSeconds[bestStart...bestEnd + 1].map {
        $0 - baseSeconds
      }, sections: [])
    piece.segments = Array(route.segments[bestStart...bestEnd])
    piece.junctionDegrees = Array(route.junctionDegrees[bestStart...bestEnd + 1])
    let maneuvers = ManeuverExtractor.maneuvers(for: piece, destinationName: "there")
    #expect(maneuvers.map(\.kind) == [.depart, .arrive])
  }

  @Test("turns are classified by the signed bearing change")
  func turnKinds() {
    #expect(ManeuverExtractor.turnKind(10) == nil)
    #expect(ManeuverExtractor.turnKind(45) == .slightRight)
    #expect(ManeuverExtractor.turnKind(-90) == .turnLeft)
    #expect(ManeuverExtractor.turnKind(150) == .sharpRight)
    #expect(ManeuverExtractor.turnKind(-178) == .uTurn)
    #expect(ManeuverExtractor.display("A7") == "A 7")
    #expect(ManeuverExtractor.display("B83;B7") == "B 83 / B 7")
  }

  @Test("route choices: up to three distinct routes, the fastest first")
  func routeChoices() async throws {
    let network = try await RoadNetwork.bundled()
    let routes = try network.routeChoices(from: Self.kassel, to: Self.munich)
    #expect(routes.count >= 2 && routes.count <= 3)
    #expect(routes[0] == (try network.fastestRoute(from: Self.kassel, to: Self.munich)))
    for r in routes.dropFirst() {
      #expect(r.durationSeconds >= routes[0].durationSeconds)
      #expect(r.polyline != routes[0].polyline)
    }
  }
}
