import CarRender
import CarSession
import CarSimulator
import CarTemplates
import Foundation
import Testing

@testable import MapCar

/// What a driver notices in the map app (issue 23, items 10–13).
@MainActor
@Suite("Map app: what drivers notice")
struct MapDriverNoticeTests {
  @Test("every maneuver kind has a symbol of its own, and the simulator draws each differently")
  func maneuverSymbols() {
    let kinds = Maneuver.Kind.allCases
    let symbols = kinds.map(\.symbol)
    #expect(Set(symbols).count == kinds.count, "\(symbols)")
    let icons = symbols.map(CarSymbols.icon(for:))
    #expect(Set(icons).count == kinds.count, "\(zip(kinds, icons).map { "\($0)=\($1)" })")
    #expect(!icons.contains(CarSymbols.unknown))
    #expect(CarSymbols.icon(for: Maneuver.Kind.slightLeft.symbol) != "arrow_upward")
  }

  @Test("the first screen is at street level, where the map names its streets")
  func streetLevelFirst() {
    let state = MapApp.State()
    #expect(state.camera.zoom >= 14, "zoom \(state.camera.zoom)")
    #expect(state.camera.zoom == MapApp.followZoom)
  }

  // Arrival: map-guidance.journey ends with "expect modal alert "Arrived at Göttingen"" (run by
  // MapJourneyTests.journeysPass).

  @Test(
    "the map journey for driving passes: street level, places before search, the lock explained")
  func drivingJourney() async throws {
    let text = try String(
      contentsOf: journeys.appendingPathComponent("map-driving.journey"), encoding: .utf8)
    let report = try await run(text, name: "map-driving.journey")
    #expect(report.failure == nil, "\(report.failure?.description ?? "")\n\(report.transcript)")
  }
}
