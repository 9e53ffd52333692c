import CarAppTesting
import CarSession
import CarTemplates
import Playback
import Testing

@testable import MediaCar

/// Taps reach the media app as ``MediaRoute``s: every tappable element decodes, the header's
/// button acts by what it is (never by its title), and the reducer is pure.
@Suite("Media app: typed routes and a pure reducer")
struct MediaRouteTests {
  static let app = MediaApp(
    engine: PlaybackEngine(player: SimulatedMediaPlayer(script: { _ in .reliable })),
    library: .fixed(bundledCatalogue))

  static let states: [(String, MediaApp.State)] = [
    ("videos", state()),
    ("audio tab", state(selectedTab: MediaScreenBuilder.audioTab)),
    ("detail", state(pages: [MediaScreenBuilder.videosTab: [.detail(bunny)]])),
    (
      "now playing",
      state(
        PlaybackState(
          item: stave1, status: .playing, position: 3, duration: item(stave1).durationSeconds,
          presentation: .audio, queue: [stave2]),
        pages: [MediaScreenBuilder.videosTab: [.nowPlaying, .upNext]])
    ),
    ("failed library", MediaApp.State(library: .failed("offline"))),
  ]

  @Test("every tappable element of every screen decodes to a route the app offers")
  func everyElementDecodes() {
    let checked = CarAppChecks.expectEveryTapDecodes(
      Self.app, states: Self.states, configurations: [parked, audioOnlyCar])
    #expect(checked > 30)
  }

  @Test("the header's button acts by what it does for the item, whatever it is titled")
  func primaryAction() {
    #expect(MediaScreenBuilder.primaryAction(for: item(bunny), playing(bunny, at: 5)) == .pause)
    #expect(MediaScreenBuilder.primaryAction(for: item(bunny), paused(bunny, at: 5)) == .resume)
    #expect(MediaScreenBuilder.primaryAction(for: item(bunny), .idle) == .play)
    #expect(MediaScreenBuilder.PrimaryAction.pause.title == "Pause")
  }

  @Test("the reducer run twice on the same state and action gives the same state and effects")
  func pure() {
    let actions: [MediaApp.Action] = [
      .connected(parked), .configurationChanged(audioOnlyCar), .disconnected, .reloadLibrary,
      .tabSelected(MediaScreenBuilder.audioTab), .tapped(.item(bunny, on: MediaScreenBuilder.videosTab)),
      .tapped(.item(stave1, on: MediaScreenBuilder.audioTab)),
      .tapped(.primary(on: MediaScreenBuilder.detailID)), .tapped(.skipForward), .tapped(.rate),
      .back(MediaScreenBuilder.detailID), .upNextPressed, .command(.pause, .siri),
      .observed(playing(sintel, at: 4), recheckAfter: .seconds(5)), .tick, .videoPlayerClosed,
    ]
    CarAppChecks.expectPureReducer(Self.app, states: Self.states, actions: actions)
  }
}
