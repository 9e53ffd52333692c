import CarRender
import CarSession
import CarTemplates
import Geo
import KitDemos
import Testing

@testable import PreviewServer

/// Issue 41: the point-of-interest map, its list and the region the app is told agree after
/// panning, with or without places.
@MainActor
@Suite("The point-of-interest map shows the region the app was told, with or without places")
struct PointOfInterestRegionTests {
  static func controller() throws -> SimulatorController {
    let demo = try #require(KitDemos.named("places"))
    return SimulatorController(
      apps: KitDemos.all, app: demo, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { "12:00" })
  }

  /// The last region the app was told, from the host's transcript.
  static func toldRegion(_ controller: SimulatorController) -> BoundingBox? {
    for entry in controller.host.transcript.entries.reversed() {
      if case .event(.mapRegionChanged(_, let region)) = entry { return region }
    }
    return nil
  }

  /// The `data-centre` the display draws (the centre of the map the panel leaves free).
  static func drawnCentre(_ html: String) -> Coordinate? {
    guard let start = html.range(of: "data-centre=\"") else { return nil }
    let rest = html[start.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    let parts = rest[..<end].split(separator: ",").compactMap { Double($0) }
    guard parts.count == 2 else { return nil }
    return Coordinate(latitude: parts[0], longitude: parts[1])
  }

  @Test("ten → presses from Kassel: each moves the drawn map east from where it is drawn; the host, the drawing and the app's region agree; places lie in it")
  func tenPressesEast() async throws {
    let controller = try Self.controller()
    await controller.settle()
    let renderer = CarHTMLRenderer(mapRenderer: nil)
    var previous = try #require(Self.drawnCentre(renderer.render(controller.display())))
    var regions: [BoundingBox] = []
    for press in 1...10 {
      await controller.handle(PanelCommand(cmd: "region", value: "east"))
      await controller.settle()
      #expect(controller.panel().message == nil, "press \(press): \(controller.panel().message ?? "")")
      let told = try #require(Self.toldRegion(controller), "press \(press): the app was not told")
      let display = controller.display()
      #expect(display.mapRegion == told, "press \(press): drawn \(String(describing: display.mapRegion)), told \(told)")
      #expect(controller.host.shownMapRegion == told)
      let centre = try #require(Self.drawnCentre(renderer.render(display)))
      #expect(centre.longitude > previous.longitude + 0.001, "press \(press): \(centre) not east of \(previous)")
      #expect(abs(centre.latitude - previous.latitude) < 0.01, "press \(press): \(centre) vs \(previous)")
      if let top = controller.host.shownScreen?.visible.top,
        case .pointOfInterest(let poi) = top.content
      {
        for point in poi.points {
          #expect(told.contains(point.location), "press \(press): \(point.title) outside \(told)")
        }
      }
      if let last = regions.last {
        // Half a span further each time, the span kept.
        let span = last.maximum.longitude - last.minimum.longitude
        #expect(abs(told.minimum.longitude - (last.minimum.longitude + span / 2)) < 1e-6)
      }
      regions.append(told)
      previous = centre
    }
  }

  @Test("an answer with no places leaves the map where the driver moved it; the next press starts there; day/night keeps it")
  func emptyAnswerKeepsTheRegion() async throws {
    let controller = try Self.controller()
    await controller.settle()
    await controller.handle(PanelCommand(cmd: "data", value: "empty"))
    await controller.handle(PanelCommand(cmd: "region", value: "east"))
    await controller.settle()
    let empty = try #require(Self.toldRegion(controller))
    #expect(controller.display().mapRegion == empty)
    await controller.handle(PanelCommand(cmd: "style", value: "night"))
    #expect(controller.display().mapRegion == empty)
    await controller.handle(PanelCommand(cmd: "region", value: "east"))
    await controller.settle()
    let next = try #require(Self.toldRegion(controller))
    let span = empty.maximum.longitude - empty.minimum.longitude
    #expect(abs(next.minimum.longitude - (empty.minimum.longitude + span / 2)) < 1e-6)
    #expect(controller.display().mapRegion == next)
  }
}
