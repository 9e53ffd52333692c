import CarSession
import CarTemplates
import Playback
import WaysideData

extension MediaApp {
  /// The media app in a car without test hooks: the bundled catalogue, one engine per session
  /// (a session is the phone app's process in the emulated car) over the simulated player.
  public static func simulated(script: @escaping SimulatedMediaPlayer.Script = { _ in .reliable })
    -> MediaApp
  {
    MediaApp(engine: PlaybackEngine(player: SimulatedMediaPlayer(script: script)))
  }

  /// The registry entry, app id `media`.
  public static let descriptor = AnyCarApp(
    "media", summary: "open films and audiobooks: Videos and Audio tabs, detail pages, Now Playing",
    app: { MediaApp.simulated() }, state: { State() }, samples: { sampleStates() })

  /// States whose screens `wayside lint --app media` checks: loading, failed and empty
  /// libraries, browsing, a film's detail page playing, Now Playing with Up Next, a failed film.
  public static func sampleStates() -> [State] {
    guard let catalogue = try? MediaCatalogue.decode(json: BundledData.data(.mediaCatalogue)),
      let film = catalogue.videos.first, let chapter = catalogue.audio.first
    else { return [State(library: .failed("the bundled catalogue could not be read"))] }
    let playing = PlaybackState(
      item: film.id, status: .playing, position: 62, duration: film.durationSeconds,
      presentation: .video, queue: catalogue.following(film).map(\.id))
    let hearing = PlaybackState(
      item: chapter.id, status: .playing, position: 30, presentation: .audio,
      queue: catalogue.following(chapter).map(\.id))
    return [
      State(library: .failed("the bundled catalogue could not be read")),
      State(library: .loaded(.empty)),
      State(library: .loaded(catalogue)),
      State(
        library: .loaded(catalogue), pages: [MediaScreenBuilder.videosTab: [.detail(film.id)]],
        playback: playing),
      State(
        library: .loaded(catalogue), selectedTab: MediaScreenBuilder.audioTab,
        pages: [MediaScreenBuilder.audioTab: [.nowPlaying, .upNext]], playback: hearing),
      State(
        library: .loaded(catalogue), pages: [MediaScreenBuilder.videosTab: [.detail(film.id)]],
        playback: PlaybackState(
          item: film.id, status: .failed("the stream did not load"),
          failures: [film.id: "the stream did not load"])),
    ]
  }
}
