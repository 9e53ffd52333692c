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

  @Test("The phone's Now Playing in the panel is the car's Now Playing value at every step")
  func phoneNowPlayingIsTheCars() async throws {
    let clock = ManualClock()
    let media = try #require(WaysideApps.named("media"))
    let controller = SimulatorController(
      apps: WaysideApps.all, app: media, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { "12:00" }, sessionClock: { .manual(clock) })
    await controller.session.settle()
    #expect(controller.panel().nowPlaying == nil)
    #expect(!PanelRenderer.render(controller.panel()).contains("phone-now-playing"))
    func seconds(_ count: Int) async {
      for _ in 0..<count {
        controller.session.advanceClock(by: .seconds(1))
        await controller.session.settle()
      }
    }
    /// The panel's phone section and the car's Now Playing show one value, and the phone's
    /// section reads `shown`.
    func same(_ shown: String, _ comment: Comment) throws {
      let car = try #require(controller.display().nowPlaying, comment)
      #expect(controller.panel().nowPlaying == car, comment)
      let html = PanelRenderer.render(controller.panel())
      #expect(html.contains(shown), "\(comment): the phone's Now Playing lacks \(shown)")
      #expect(html.contains(Markup.escape(car.title)), comment)
      if let artist = car.artist { #expect(html.contains(Markup.escape(artist)), comment) }
      if let artwork = car.artwork { #expect(html.contains("data-artwork=\"\(artwork.name)\""), comment) }
    }
    await controller.handle(PageEvent(ev: "tab", t: "root", e: "1"))
    await controller.handle(PageEvent(ev: "row", t: "audio", e: "librivox-christmas-carol-01"))
    await seconds(11)
    try same("▶</span> <span class=\"pnp-elapsed\">0:11</span> / 20:00", "playing")
    await controller.handle(PageEvent(ev: "transport", t: "now-playing", e: "pause"))
    await seconds(5)
    try same("❚❚</span> <span class=\"pnp-elapsed\">0:10</span> / 20:00", "paused")
    await controller.handle(PageEvent(ev: "transport", t: "now-playing", e: "play"))
    await controller.handle(PageEvent(ev: "nowPlayingButton", t: "now-playing", e: "rate"))
    await seconds(4)
    try same("<span class=\"pnp-rate\">1.5×</span>", "after the rate button")
    await controller.handle(PageEvent(ev: "transport", t: "now-playing", e: "next"))
    await seconds(2)
    try same("Stave 2", "the next chapter")
  }
}
