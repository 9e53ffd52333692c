import CarRender
import CarSession
import CarTemplates
import Testing
import WaysideApps

@testable import PreviewServer

@MainActor
@Suite("Web simulator with the media app: video support, video allowed, the video player")
struct MediaSimulatorTests {
  static func controller() async throws -> SimulatorController {
    let media = try #require(WaysideApps.named("media"))
    let controller = SimulatorController(
      apps: WaysideApps.all, app: media, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { "12:00" })
    await controller.handle(PanelCommand(cmd: "style", value: "day"))
    return controller
  }

  static func tabIDs(_ controller: SimulatorController) -> [TemplateID] {
    guard case .tabBar(let bar)? = controller.display().screen?.root.content else { return [] }
    return bar.tabs.map(\.id)
  }

  static func text(_ controller: SimulatorController) -> String {
    ScreenDocument.text(controller.display())
  }

  @Test("A video app starts in a parked car with video: the Videos tab comes first")
  func startsWithVideos() async throws {
    let controller = try await Self.controller()
    #expect(controller.display().configuration.supportsVideoPlayback)
    #expect(Self.tabIDs(controller) == ["videos", "audio"])
    #expect(controller.panel().supportsVideo)
    #expect(PanelRenderer.render(controller.panel()).contains("data-cmd=\"videoSupport\" checked"))
  }

  @Test("The Videos tab goes and comes back with the car's video support")
  func videosFollowSupport() async throws {
    let controller = try await Self.controller()
    await controller.handle(PanelCommand(cmd: "videoSupport", value: "false"))
    #expect(Self.tabIDs(controller) == ["audio"])
    await controller.handle(PanelCommand(cmd: "videoSupport", value: "true"))
    #expect(Self.tabIDs(controller) == ["videos", "audio"])
  }

  @Test("'Video allowed' visibly switches the header between video and audio")
  func videoAllowedSwitches() async throws {
    let controller = try await Self.controller()
    #expect(Self.text(controller).contains("asks for video"))
    await controller.handle(PanelCommand(cmd: "video", value: "false"))
    #expect(Self.text(controller).contains("asks for audio"))
    #expect(Self.tabIDs(controller) == ["videos", "audio"])
  }

  @Test(
    "The system video player is drawn over the stack while video plays, and goes when withdrawn")
  func videoPlayerDrawn() async throws {
    let controller = try await Self.controller()
    await controller.handle(PageEvent(ev: "row", t: "videos", e: "blender-sintel"))
    await controller.handle(PageEvent(ev: "bar", t: "detail", e: "header-play"))
    #expect(controller.display().videoPlayerTitle == "Sintel")
    let html = CarHTMLRenderer(mapRenderer: nil).render(controller.display())
    #expect(html.contains("class=\"video-player\""))
    #expect(html.contains("Sintel"))
    await controller.handle(PanelCommand(cmd: "video", value: "false"))
    #expect(controller.display().videoPlayerTitle == nil)
    #expect(
      !CarHTMLRenderer(mapRenderer: nil).render(controller.display()).contains("video-player"))
    #expect(controller.display().screen?.top.kind == .nowPlaying)
  }

  @Test(
    "The video player's close button sends the host's dismissal: the player goes, the panel is quiet"
  )
  func closeButton() async throws {
    let controller = try await Self.controller()
    await controller.handle(PageEvent(ev: "row", t: "videos", e: "blender-sintel"))
    await controller.handle(PageEvent(ev: "bar", t: "detail", e: "header-play"))
    #expect(controller.display().videoPlayerTitle == "Sintel")
    let html = CarHTMLRenderer(mapRenderer: nil).render(controller.display())
    #expect(html.contains("<button class=\"vp-close\" data-ev=\"videoClose\""))
    await controller.handle(PageEvent(ev: "videoClose"))
    #expect(controller.panel().message == nil)
    #expect(controller.display().videoPlayerTitle == nil)
    #expect(controller.host.transcript.entries.contains(.event(.videoPlayerDismissed)))
    #expect(
      !CarHTMLRenderer(mapRenderer: nil).render(controller.display()).contains("video-player"))
    await controller.handle(PageEvent(ev: "videoClose"))
    #expect(controller.panel().message == "close the video player: no video player is showing")
  }
}
