import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import MediaCar
import Playback
import Testing

/// The media app's main flow as a specification: after connecting, each step states how the
/// state changes and exactly which operations the host receives (``CarAppTester``,
/// exhaustive).
///
/// Connecting starts the catalogue load and the first look at the engine at once, and their
/// answers may arrive in either order, so the connection is checked by its end state.
@MainActor
@Suite("Media app: flows step by step")
struct MediaSpecificationTests {
  typealias B = MediaScreenBuilder

  /// The chapters after Stave 1, queued when it plays.
  static let chapters: [MediaItem.ID] = [
    "librivox-christmas-carol-02", "librivox-christmas-carol-03", "librivox-christmas-carol-04",
    "librivox-christmas-carol-05",
  ]

  @Test("browse the audio tab, play a chapter: Now Playing is pushed, it plays; pause")
  func browsePlayPause() async throws {
    let engine = PlaybackEngine(player: SimulatedMediaPlayer(script: { _ in .reliable }))
    let tester = CarAppTester(
      app: MediaApp(engine: engine, library: .fixed(bundledCatalogue)), state: MediaApp.State())
    tester.exhaustive = false
    await tester.connect(parked)
    tester.exhaustive = true
    #expect(tester.currentState.library == .loaded(bundledCatalogue))
    #expect(tester.currentState.playback == .idle)

    await tester.drive({ try $0.selectTab(1) }, operations: []) { $0.selectedTab = B.audioTab }
    var heard = PlaybackState(
      item: stave1, status: .loading, duration: 1200, presentation: .audio,
      queue: Self.chapters, lastOrigin: .car)
    await tester.tap(
      MediaRoute.item(stave1, on: B.audioTab),
      operations: [
        .update(.list, "videos"), .update(.list, "audio"),
        .push(.nowPlaying, "now-playing"),
      ]
    ) {
      $0.pages[B.audioTab] = [.nowPlaying]
    }
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }

    // The stream starts within the second: the row's status changes; Now Playing (already at
    // rate 1 while loading: the driver asked for sound) stays as it is.
    await tester.advanceTime(by: .seconds(1), operations: [])
    heard.status = .playing
    tester.receive(.tick)
    tester.receive(.observed(heard, recheckAfter: .seconds(5))) { $0.playback = heard }
    tester.assertOperations([.update(.list, "audio")])

    // Pause from Now Playing: the engine pauses where it is, the row offers Resume and Now
    // Playing's rate drops to 0.
    await tester.send(
      .command(.pause, .nowPlaying),
      operations: [.update(.list, "audio"), .update(.nowPlaying, "now-playing")]
    )
    heard.status = .paused(.command)
    heard.lastOrigin = .nowPlaying
    tester.receive(.observed(heard, recheckAfter: .seconds(5))) { $0.playback = heard }

    await tester.disconnect { $0.configuration = nil }
    await tester.finish()
  }

  /// The flow of Journeys/media-empty.journey's second car: the catalogue fails to load, the
  /// Library tab offers Retry, and Retry once the source is back brings the Audio tab.
  @Test("a failed catalogue offers Retry on the Library tab; Retry brings the tabs back")
  func failedLibraryRetry() async throws {
    let engine = PlaybackEngine(player: SimulatedMediaPlayer(script: { _ in .reliable }))
    let tester = CarAppTester(
      app: MediaApp(engine: engine, library: .fixed(bundledCatalogue)), state: MediaApp.State(),
      dataSource: DataSourceModeBox(.failing))
    // The load and the engine's first state answer in either order: checked by the end state.
    tester.exhaustive = false
    await tester.connect(audioOnlyCar)
    tester.exhaustive = true
    guard case .failed(let reason) = tester.currentState.library else {
      Issue.record("expected a failed library, got \(tester.currentState.library)")
      return
    }
    #expect(reason.contains(DataSourceMode.failingReason), "\(reason)")
    #expect(tester.host.topTemplate?.id == B.libraryTab)
    tester.dataSource.mode = .normal
    // The Library tab shows Loading, then the catalogue's tabs replace the root.
    await tester.tap(
      .retryLibrary, operations: [.update(.list, B.libraryTab), .setRoot(.tabBar, B.rootID)]
    ) {
      $0.library = .loading
    }
    // A car without video shows the Audio tab only: the selection moves there.
    tester.receive(.libraryLoaded(.success(bundledCatalogue))) {
      $0.library = .loaded(bundledCatalogue)
      $0.selectedTab = B.audioTab
    }
    tester.receive(.observed(.idle, recheckAfter: nil))
    #expect(tester.host.topTemplate?.id == B.audioTab)
    await tester.disconnect { $0.configuration = nil }
    await tester.finish()
  }
}
