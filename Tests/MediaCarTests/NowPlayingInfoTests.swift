import Foundation
import CarSession
import MediaCar
import Playback
import Testing

@Suite("Now Playing info: one value from the engine's state, for the car, the host and the phone")
struct NowPlayingInfoTests {
  let player = SimulatedMediaPlayer(script: { _ in .reliable })
  var engine: PlaybackEngine {
    let engine = PlaybackEngine(player: player)
    engine.setCatalogue(bundledCatalogue)
    return engine
  }

  func value(_ engine: PlaybackEngine, at t: Double) -> NowPlayingInfo? {
    NowPlayingInfo(
      state: engine.state(in: PlaybackContext(now: .seconds(t))), catalogue: bundledCatalogue)
  }

  func send(_ engine: PlaybackEngine, _ command: PlaybackCommand, at t: Double) {
    engine.perform(command, from: .remoteCommand, in: PlaybackContext(now: .seconds(t)))
  }

  @Test("Nothing loaded publishes nothing")
  func idle() {
    #expect(NowPlayingInfo(state: .idle, catalogue: bundledCatalogue) == nil)
    let unknown = PlaybackState(item: "no-such-item", status: .playing)
    #expect(NowPlayingInfo(state: unknown, catalogue: bundledCatalogue) == nil)
  }

  @Test("Title, artist, album and artwork come from the catalogue item, not its id")
  func metadata() throws {
    let engine = engine
    send(engine, .play(stave1, .audio), at: 0)
    let info = try #require(value(engine, at: 1))
    let chapter = item(stave1)
    #expect(info.title == chapter.title)
    #expect(info.title != stave1.rawValue)
    #expect(info.artist == (chapter.creator ?? chapter.series))
    #expect(info.album == chapter.series)
    #expect(info.artworkSymbol == "waveform")
    // The catalogue gives no length for this chapter: the player's is used.
    let observed = engine.state(in: PlaybackContext(now: .seconds(1)))
    #expect(info.duration == (chapter.durationSeconds ?? observed.duration))
    #expect(info.duration != nil)
    #expect(info.isLiveStream == false)
    #expect(info.presentation == .audio)
    let film = try #require(
      NowPlayingInfo(state: playing(sintel, at: 3), catalogue: bundledCatalogue))
    #expect(film.artworkSymbol == "film")
    #expect(film.artworkURL == item(sintel).artworkURL)
    #expect(film.presentation == .video)
  }

  @Test("Pause, seek and rate change each give a new value; progress alone does not")
  func changesOnlyOnEvents() throws {
    let engine = engine
    send(engine, .play(stave1, .audio), at: 0)
    let heard = try #require(value(engine, at: 5))
    #expect(heard.rate == 1)
    // The position advances, the value does not: the system extrapolates from elapsed + rate.
    #expect(value(engine, at: 9) == heard)

    send(engine, .pause, at: 10)
    let paused = try #require(value(engine, at: 10))
    #expect(paused.rate == 0)
    #expect(paused.defaultRate == 1)
    // The reliable player loads for 1 s, so 9 s were heard by t = 10.
    #expect(paused.elapsed == 9)
    #expect(value(engine, at: 30) == paused)

    send(engine, .seek(to: 100), at: 31)
    let sought = try #require(value(engine, at: 31))
    #expect(sought.elapsed == 100)
    #expect(sought.rate == 0)

    send(engine, .resume, at: 32)
    send(engine, .setRate(1.5), at: 40)
    let faster = try #require(value(engine, at: 40))
    #expect(faster.rate == 1.5)
    #expect(faster.defaultRate == 1.5)
    #expect(faster.elapsed > 100)
  }

  @Test("Next item: new metadata, elapsed from its start, the queue one shorter")
  func nextItem() throws {
    let engine = engine
    send(engine, .play(stave1, .audio), at: 0)
    let first = try #require(value(engine, at: 2))
    #expect(first.queueIndex == 0)
    #expect(first.queueCount >= 2)
    send(engine, .next, at: 20)
    let second = try #require(value(engine, at: 22))
    #expect(second.item == stave2)
    #expect(second.title == item(stave2).title)
    #expect(second.elapsed < 3)
    #expect(second.queueCount == first.queueCount - 1)
  }

  @Test("The car's Now Playing template shows the same value")
  func templateUsesTheValue() throws {
    let state = state(playing(sintel, at: 40, as: .audio))
    let value = try #require(NowPlayingInfo(state: state.playback, catalogue: bundledCatalogue))
    guard case .nowPlaying(let spec)? = MediaScreenBuilder.nowPlaying(state)?.content else {
      Issue.record("no Now Playing template")
      return
    }
    let shown = try #require(spec.info)
    #expect(shown.title == value.title)
    #expect(shown.artist == value.artist)
    #expect(shown.album == value.album)
    #expect(shown.artwork == .symbol(value.artworkSymbol))
    #expect(shown.elapsedSeconds == value.elapsed)
    #expect(shown.playbackRate == value.rate)
    #expect(shown.durationSeconds == value.duration)
    #expect(state.nowPlayingInfo == value)
  }
}

@Suite("Media images: only what the app can show")
struct MediaImageTests {
  @Test("No row, card, header or Now Playing asks for an asset the app does not bundle")
  func noMissingAssets() throws {
    let playing = state(playing(sintel, at: 40, as: .audio), pages: [
      MediaScreenBuilder.videosTab: [.detail(sintel), .nowPlaying]
    ])
    for configuration in [parked, moving, audioOnlyCar] {
      let screen = MediaScreenBuilder.screen(playing, configuration)
      let json = String(decoding: try JSONEncoder().encode(screen), as: UTF8.self)
      #expect(!json.contains("\"asset\""), "an asset image in \(configuration)")
      #expect(json.contains("\"symbol\""))
    }
  }
}
