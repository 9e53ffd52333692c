import CarRender
import CarSession
import CarTemplates
import HTTPServer
import Testing

@testable import PreviewServer

/// The page plays what the media app plays: the bundled chime is served from memory, and the
/// display names what the system plays now; streams may come from HTTPS addresses only.
@MainActor
@Suite("Web simulator sound")
struct SimulatorSoundTests {
  @Test("the bundled chime is served as audio/wav at /assets/media/, the catalogue beside it is not")
  func bundledSound() async throws {
    let router = try PreviewRoutesTests.routes().0.router()
    let chime = await router.handle(try HTTPRequest(.get, "/assets/media/kenney_upgrade3.wav"))
    #expect(chime.status == .ok)
    #expect(chime.headers["Content-Type"] == "audio/wav")
    #expect((chime.bodyBytes?.count ?? 0) > 10_000)
    let catalogue = await router.handle(try HTTPRequest(.get, "/assets/media/catalogue.json"))
    #expect(catalogue.status == .notFound)
  }

  @Test("the page may play sound from its own origin and over HTTPS, nothing else")
  func contentSecurity() {
    let policy = SameOriginPolicy.pageHeaders["Content-Security-Policy"] ?? ""
    #expect(policy.contains("media-src 'self' https:;"))
  }

  @Test("the display names what the system plays, with its time and rate, for the page's sound")
  func publishedSound() {
    var state = CarDisplayState(
      screen: CarScreen(root: .list("audio", ListTemplateSpec(title: "Audio", sections: []))),
      configuration: SessionConfiguration(), appName: "Media")
    state.nowPlaying = NowPlayingInfoSpec(
      title: "Upgrade chime", elapsedSeconds: 0.25, playbackRate: 1,
      assetURL: "media/kenney_upgrade3.wav")
    let html = CarHTMLRenderer(mapRenderer: nil).render(state)
    #expect(
      html.contains(
        "<div class=\"np-sound\" hidden=\"\" data-src=\"media/kenney_upgrade3.wav\" data-elapsed=\"0.25\" data-rate=\"1.0\""))
  }
}
