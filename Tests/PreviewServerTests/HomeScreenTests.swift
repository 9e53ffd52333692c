import CarRender
import CarSession
import CarTemplates
import Foundation
import Testing
import WaysideApps

@testable import PreviewServer

/// The simulator as a CarPlay head unit: a Home screen with each app's icon and name, a dock
/// of the running apps, apps side by side keeping their screens and their sound, and the
/// screen a hand-off opens drawn on the car.
@MainActor
@Suite("Web simulator: Home screen, dock, apps side by side, hand-offs on the car")
struct HomeScreenTests {
  static func controller(_ app: String) throws -> SimulatorController {
    let chosen = try #require(WaysideApps.named(app))
    return SimulatorController(
      apps: WaysideApps.all, app: chosen, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { "12:00" })
  }

  @Test("the Home button shows the Home screen: the three apps' own icons and names")
  func homeScreen() async throws {
    let controller = try Self.controller("charging")
    await controller.handle(PageEvent(ev: "home"))
    let apps = try #require(controller.display().homeScreen)
    let inCar = apps.filter { ["charging", "map", "media"].contains($0.id) }
    #expect(inCar.map(\.name) == ["Wayside", "Wayside Maps", "Wayside Media"])
    #expect(Set(inCar.compactMap(\.iconSVG)).count == 3)
    let html = CarHTMLRenderer(mapRenderer: nil).render(controller.display())
    #expect(html.contains("data-ev=\"openApp\" data-e=\"media\""))
    #expect(html.contains("Wayside Maps"))
    // The dock's icon is the app's own, not a letter.
    #expect(!html.contains("<div class=\"dock-app current\""))
    await controller.handle(PageEvent(ev: "openApp", e: "media"))
    #expect(controller.display().homeScreen == nil)
    #expect(controller.panel().currentApp == "media")
  }

  @Test("a running app keeps its own stack when the driver switches away and back")
  func keepsItsStack() async throws {
    let controller = try Self.controller("list-detail")
    await controller.handle(PageEvent(ev: "row", t: "chargers", e: "kassel-hbf"))
    #expect(controller.display().screen?.top.kind == .information)
    let host = ObjectIdentifier(controller.host)
    await controller.handle(PageEvent(ev: "openApp", e: "places"))
    #expect(controller.panel().currentApp == "places")
    #expect(controller.display().dockApps.map(\.id) == ["places", "list-detail"])
    await controller.handle(PageEvent(ev: "openApp", e: "list-detail"))
    #expect(ObjectIdentifier(controller.host) == host)
    #expect(controller.display().screen?.top.kind == .information)
  }

  @Test("audio keeps playing when another app opens; the dock's Now Playing brings it back")
  func audioPlaysOn() async throws {
    let controller = try Self.controller("now-playing")
    await controller.handle(PageEvent(ev: "row", t: "library", e: "jazz"))
    #expect(controller.display().screen?.top.kind == .nowPlaying)
    await controller.handle(PanelCommand(cmd: "app", value: "charging"))
    #expect(controller.panel().currentApp == "charging")
    #expect(controller.display().nowPlayingApp?.id == "now-playing")
    let html = CarHTMLRenderer(mapRenderer: nil).render(controller.display())
    #expect(html.contains("data-ev=\"nowPlaying\" data-e=\"now-playing\""))
    await controller.handle(PageEvent(ev: "nowPlaying", e: "now-playing"))
    #expect(controller.panel().currentApp == "now-playing")
    guard case .nowPlaying(let spec)? = controller.display().screen?.top.content else {
      Issue.record("expected Now Playing on top")
      return
    }
    #expect((spec.info?.playbackRate ?? 0) > 0)
  }

  @Test("Navigate on a place shows Apple Maps' directions on the car; the dock returns")
  func handoffOnTheCar() async throws {
    let controller = try Self.controller("places")
    await controller.session.settle()
    guard case .tabBar(let bar)? = controller.display().screen?.root.content,
      case .pointOfInterest(let poi)? = bar.selectedTab?.content, let first = poi.points.first
    else {
      Issue.record("expected the places demo's point-of-interest tab")
      return
    }
    await controller.handle(PageEvent(ev: "poi", t: "nearby", e: first.id.rawValue))
    await controller.handle(PageEvent(ev: "poiButton", which: "primary"))
    let handoff = try #require(controller.display().handoff)
    #expect(handoff.appName == "Apple Maps")
    #expect(handoff.title.hasPrefix("Directions to "))
    let html = CarHTMLRenderer(mapRenderer: nil).render(controller.display())
    #expect(html.contains("class=\"handoff\""))
    #expect(ScreenDocument.text(controller.display()).hasPrefix("(Apple Maps: Directions to "))
    await controller.handle(PageEvent(ev: "openApp", e: "places"))
    #expect(controller.display().handoff == nil)
    #expect(controller.display().screen?.top.kind == .pointOfInterest)
  }

  @Test("a phone number opens Phone on the car", arguments: ["tel:+495611234", "tel:0561%20123"])
  func phoneHandoff(_ url: String) throws {
    let screen = SimulatorController.handoffScreen(try #require(URL(string: url)), from: "Wayside")
    #expect(screen.appName == "Phone")
    #expect(screen.title.hasPrefix("Calling "))
    #expect(!screen.title.contains("%"))
  }

  @Test("the simulator's app icons are the ones Apps/Icons holds for the iOS apps")
  func iconsMatchTheApps() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Apps/Icons")
    for (id, file) in AppIcons.files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == AppIcons.svg(for: id), "\(file)")
    }
  }
}
