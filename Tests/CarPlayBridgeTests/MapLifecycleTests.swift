import CarPlay
@testable import CarPlayBridge
import CarSession
import CarTemplates
import Foundation
import Geo
import Testing
import UIKit

/// The map template's lifecycle as CarPlay drives it: trip previews that survive updates, a
/// navigation session the system cancelled, and a panning interface the system closed.
@Suite("CarPlay bridge: map lifecycle")
@MainActor
struct MapLifecycleTests {
  /// A bridge connected to a stand-in car, and what it sent to the session.
  func connected() -> (CarPlayBridge, CarPlayBridgeMappingTests.Events) {
    let (bridge, _, events) = CarPlayBridgeMappingTests().connected()
    return (bridge, events)
  }

  static func trip(_ id: ElementID) -> TripPreviewSpec {
    TripPreviewSpec(
      id: id, destinationName: "Ionity Hilden",
      destination: Coordinate(latitude: 51.17, longitude: 6.93),
      routeChoices: [
        TripPreviewSpec.RouteChoice(
          id: "fastest", summaryVariants: ["Fastest"],
          estimate: TravelEstimateSpec(metres: 12_400, seconds: 780)),
        TripPreviewSpec.RouteChoice(
          id: "shortest", summaryVariants: ["Shortest"],
          estimate: TravelEstimateSpec(metres: 11_000, seconds: 900)),
      ])
  }

  static func guiding(_ trip: ElementID, maneuver: String) -> NavigationSessionSpec {
    NavigationSessionSpec(
      tripID: trip,
      upcomingManeuvers: [
        ManeuverSpec(
          id: ElementID(maneuver), instructionVariants: ["Turn right"],
          symbol: CarImage(.symbol, "arrow.turn.up.right"), distance: "400 m",
          estimate: TravelEstimateSpec(metres: 400, seconds: 30))
      ], tripEstimates: "12 km · 13 min")
  }

  func map(_ bridge: CarPlayBridge) throws -> CPMapTemplate {
    try #require(bridge.objects["map"] as? CPMapTemplate)
  }

  @Test("Trip previews are shown once and kept while they do not change, so the highlighted route stays")
  func previewsSurviveUpdates() throws {
    let (bridge, _) = connected()
    var spec = MapTemplateSpec(tripPreviews: [Self.trip("trip-1")])
    _ = try bridge.perform(.setRoot(TemplateSpec(id: "map", .map(spec))))
    let object = try map(bridge)
    let shown = try #require(object.standInTripPreviews.first)
    #expect(object.standInTripPreviewShows == 1)

    // An update that changes something else (the map's buttons) leaves the previews alone.
    spec.mapButtons = [MapButtonSpec(id: "recentre", image: CarImage(.symbol, "location"))]
    _ = try bridge.perform(.update(TemplateSpec(id: "map", .map(spec))))
    _ = try bridge.perform(.update(TemplateSpec(id: "map", .map(spec))))
    #expect(object.standInTripPreviewShows == 1)
    #expect(object.standInTripPreviews.first === shown)

    // New previews are shown; no previews hide them once.
    spec.tripPreviews = [Self.trip("trip-2")]
    _ = try bridge.perform(.update(TemplateSpec(id: "map", .map(spec))))
    #expect(object.standInTripPreviewShows == 2)
    #expect(object.standInTripPreviews.first?.userInfo as? String == "trip-2")
    spec.tripPreviews = []
    _ = try bridge.perform(.update(TemplateSpec(id: "map", .map(spec))))
    #expect(object.standInTripPreviews.isEmpty)
  }

  @Test("Navigation the system cancelled is reported and its session is never fed again")
  func cancelledNavigation() throws {
    let (bridge, events) = connected()
    var spec = MapTemplateSpec(
      tripPreviews: [Self.trip("trip-1")],
      navigationSession: Self.guiding("trip-1", maneuver: "m1"))
    _ = try bridge.perform(.setRoot(TemplateSpec(id: "map", .map(spec))))
    let object = try map(bridge)
    let session = try #require(bridge.navigationSessions["map"]?.session)

    object.mapDelegate?.mapTemplateDidCancelNavigation(object)
    #expect(events.list == [.navigationCancelled(template: "map")])
    #expect(bridge.navigationSessions["map"] == nil)

    // The app has not reacted yet: its next update still guides on that trip. The cancelled
    // session keeps its last maneuvers and no new session starts for the cancelled trip.
    spec.navigationSession = Self.guiding("trip-1", maneuver: "m2")
    _ = try bridge.perform(.update(TemplateSpec(id: "map", .map(spec))))
    #expect(session.upcomingManeuvers.map { $0.userInfo as? String } == ["m1"])
    #expect(bridge.navigationSessions["map"] == nil)

    // Once the app ends guidance, a later trip starts a session again.
    spec.navigationSession = nil
    _ = try bridge.perform(.update(TemplateSpec(id: "map", .map(spec))))
    spec.navigationSession = Self.guiding("trip-1", maneuver: "m3")
    _ = try bridge.perform(.update(TemplateSpec(id: "map", .map(spec))))
    #expect(bridge.navigationSessions["map"] != nil)
  }

  @Test("The system closing the panning interface is reported; the bridge closing it is not")
  func panningDismissal() throws {
    let (bridge, events) = connected()
    var spec = MapTemplateSpec(isPanning: true)
    _ = try bridge.perform(.setRoot(TemplateSpec(id: "map", .map(spec))))
    let object = try map(bridge)
    #expect(object.isPanningInterfaceVisible)

    // The system closes it (CarPlay dismisses the panning interface itself).
    object.standInSystemDismissesPanning()
    #expect(events.list == [.panningDismissed(template: "map")])

    // The app's own dismissal (isPanning false) tells the session nothing new.
    events.list = []
    spec.isPanning = true
    _ = try bridge.perform(.update(TemplateSpec(id: "map", .map(spec))))
    spec.isPanning = false
    _ = try bridge.perform(.update(TemplateSpec(id: "map", .map(spec))))
    #expect(!object.isPanningInterfaceVisible)
    #expect(events.list.isEmpty)
  }
}
