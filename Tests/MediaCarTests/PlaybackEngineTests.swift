import CarSession
import MediaCar
import Playback
import Synchronization
import Testing

@Suite("Playback engine: one truth for every surface, derived from the player")
struct PlaybackEngineTests {
  final class Rig: Sendable {
    let player: SimulatedMediaPlayer
    let engine: PlaybackEngine
    init(script: @escaping SimulatedMediaPlayer.Script = { _ in .reliable }) {
      player = SimulatedMediaPlayer(script: script)
      engine = PlaybackEngine(player: player)
      engine.setCatalogue(bundledCatalogue)
    }
    func at(_ seconds: Double) -> PlaybackContext { PlaybackContext(now: .seconds(seconds)) }
    @discardableResult
    func send(_ c: PlaybackCommand, _ origin: CommandOrigin = .car, at t: Double) -> PlaybackState {
      engine.perform(c, from: origin, in: at(t))
    }
    func state(at t: Double) -> PlaybackState { engine.state(in: at(t)) }
  }

  @Test("Playing loads, then plays on the clock; position follows time and rate")
  func playsOnTheClock() {
    let rig = Rig()
    #expect(rig.send(.play(bunny, .video), at: 0).status == .loading)
    #expect(rig.state(at: 0.5).isPlaying)
    #expect(rig.state(at: 11).status == .playing)
    #expect(rig.state(at: 11).position == 10)
    rig.send(.setRate(2), .nowPlaying, at: 11)
    #expect(rig.state(at: 16).position == 20)
    #expect(rig.state(at: 16).presentation == .video)
  }

  @Test("Every command carries its origin, and the state records the last one carried out")
  func commandsCarryOrigin() {
    let rig = Rig()
    rig.send(.play(stave1, .audio), .car, at: 0)
    rig.send(.pause, .remoteCommand, at: 5)
    rig.send(.togglePlayPause, .hardware, at: 6)
    rig.send(.skip(by: 30), .nowPlaying, at: 7)
    rig.send(.resume, .siri, at: 8)
    rig.send(.enqueue(bunny), .phone, at: 9)
    let origins = rig.engine.received.map(\.origin)
    #expect(origins == [.car, .remoteCommand, .hardware, .nowPlaying, .siri, .phone])
    #expect(rig.engine.received.map(\.accepted) == [true, true, true, true, false, true])
    #expect(rig.state(at: 9).lastOrigin == .phone)
  }

  @Test("A buffering stall keeps the item playing (Pause stays), and it moves on after the stall")
  func bufferingCountsAsPlaying() {
    let rig = Rig { _ in .init(stalls: [.init(at: 20, lasting: .seconds(8))]) }
    rig.send(.play(bunny, .video), at: 0)
    let stalled = rig.state(at: 25)
    #expect(stalled.status == .buffering)
    #expect(stalled.isPlaying)
    #expect(stalled.position == 20)
    #expect(rig.engine.nextChange(after: .seconds(25)) == .seconds(29))
    #expect(rig.state(at: 31).status == .playing)
    #expect(rig.state(at: 31).position == 22)
  }

  @Test(
    "A pause the system causes is reflected from the player, with its cause",
    arguments: [
      PlaybackState.PauseCause.interruption, .routeLost, .systemPlayer,
    ])
  func systemPauseIsReflected(_ cause: PlaybackState.PauseCause) {
    let rig = Rig()
    rig.send(.play(bunny, .video), at: 0)
    switch cause {
    case .interruption: rig.player.interrupt(at: .seconds(10))
    case .routeLost: rig.player.loseRoute(at: .seconds(10))
    default: rig.player.pauseFromSystemPlayer(at: .seconds(10))
    }
    let after = rig.state(at: 20)
    #expect(after.status == .paused(cause))
    #expect(after.position == 9)
    // No command said pause: the last command is still the play.
    #expect(rig.engine.received.map(\.command) == [.play(bunny, .video)])
  }

  @Test("An interruption that ends with 'should resume' plays on; a lost route stays paused")
  func interruptionEnds() {
    let rig = Rig()
    rig.send(.play(stave1, .audio), at: 0)
    rig.player.interrupt(at: .seconds(11))
    rig.player.endInterruption(shouldResume: true, at: .seconds(20))
    #expect(rig.state(at: 30).status == .playing)
    #expect(rig.state(at: 30).position == 20)
    rig.player.loseRoute(at: .seconds(30))
    rig.player.endInterruption(shouldResume: true, at: .seconds(31))
    #expect(rig.state(at: 40).status == .paused(.routeLost))
  }

  @Test("A failing stream is reported as failed for that item, and Retry plays it")
  func failingItem() {
    let failing = MediaItem.ID("blender-tears-of-steel")
    let broken = SimulatedMediaPlayer.Behaviour(failure: "HTTP 404 for the playlist")
    let fixed = Mutex(false)
    let rig = Rig { source in
      source.item == failing && !fixed.withLock { $0 } ? broken : .reliable
    }
    rig.send(.play(failing, .video), at: 0)
    let failed = rig.state(at: 2)
    #expect(failed.status == .failed("HTTP 404 for the playlist"))
    #expect(failed.failures[failing] == "HTTP 404 for the playlist")
    #expect(!failed.isPlaying)
    fixed.withLock { $0 = true }
    let retried = rig.send(.play(failing, .video), at: 3)
    #expect(retried.failures[failing] == nil)
    #expect(rig.state(at: 5).status == .playing)
  }

  @Test("A film whose video fails can be heard instead: the audio fallback plays")
  func audioFallback() {
    let rig = Rig { source in source.audioOnly ? .reliable : .init(failure: "no video rendition") }
    rig.send(.play(sintel, .video), at: 0)
    #expect(rig.state(at: 2).failures[sintel] == "no video rendition")
    rig.send(.play(sintel, .audio), at: 3)
    let heard = rig.state(at: 10)
    #expect(heard.status == .playing)
    #expect(heard.presentation == .audio)
    #expect(heard.failures[sintel] == nil)
  }

  @Test("Remote streams fail while the network fails; the bundled sound still plays")
  func networkFailure() throws {
    let rig = Rig()
    let failing = PlaybackContext(now: .seconds(0), network: .failing)
    rig.engine.perform(.play(stave1, .audio), from: .car, in: failing)
    #expect(rig.state(at: 2).failures[stave1] != nil)
    let chime = try #require(bundledCatalogue.items.first { $0.bundledResource != nil })
    rig.engine.perform(
      .play(chime.id, .audio), from: .car, in: PlaybackContext(now: .seconds(3), network: .failing))
    #expect(rig.state(at: 4.2).status == .playing)
  }

  @Test("Presenting a film as audio and back keeps its position")
  func presentationKeepsPosition() {
    let rig = Rig()
    rig.send(.play(bunny, .video), at: 0)
    let before = rig.state(at: 61)
    rig.send(.present(.audio), .system, at: 61)
    let heard = rig.state(at: 61)
    #expect(heard.presentation == .audio)
    #expect(heard.position == before.position)
    #expect(heard.status == .playing)
    rig.send(.present(.video), .system, at: 91)
    #expect(rig.state(at: 91).position == 90)
    #expect(rig.state(at: 91).presentation == .video)
  }

  @Test("An audio item cannot be presented as video")
  func audioStaysAudio() {
    let rig = Rig()
    rig.send(.play(stave1, .audio), at: 0)
    rig.send(.present(.video), .system, at: 1)
    #expect(rig.state(at: 2).presentation == .audio)
    #expect(rig.engine.received.last?.accepted == false)
  }

  @Test(
    "Playing an item queues the rest of its series; next, previous, seek and skip move through it")
  func queueAndTransport() {
    let rig = Rig()
    rig.send(.play(stave1, .audio), at: 0)
    #expect(rig.state(at: 1).queue.count == 4)
    rig.send(.next, .hardware, at: 10)
    #expect(rig.state(at: 12).item == stave2)
    #expect(rig.state(at: 12).queue.count == 3)
    rig.send(.skip(by: 30), .nowPlaying, at: 12)
    #expect(rig.state(at: 12).position == 31)
    rig.send(.skip(by: -15), .nowPlaying, at: 12)
    #expect(rig.state(at: 12).position == 16)
    rig.send(.previous, .remoteCommand, at: 12)
    #expect(rig.state(at: 12).item == stave2)
    #expect(rig.state(at: 12).position == 0)
    rig.send(.previous, .remoteCommand, at: 12)
    #expect(rig.state(at: 14).item == stave1)
    #expect(rig.state(at: 14).resumePositions[stave1] != nil)
    // A seek past the end (the chapter's length is unknown, 1200 s assumed) ends the item,
    // and Up Next takes over.
    rig.send(.seek(to: 5000), .phone, at: 14)
    #expect(rig.state(at: 14).item == stave2)
  }

  @Test("An item that ends moves on to Up Next by itself; the last one ends")
  func endOfItem() {
    let rig = Rig()
    rig.send(.play(bunny, .video), at: 0)
    rig.send(.enqueue(sintel), .car, at: 1)
    // Big Buck Bunny's queue is the rest of the series; Sintel was already in it.
    #expect(rig.engine.received.last?.accepted == false)
    let after = rig.state(at: 598)
    #expect(after.item == "blender-elephants-dream")
    #expect(after.presentation == .video)
  }

  @Test("Resume takes a paused item on from where it was, never from the start")
  func resumeWhereLeft() {
    let rig = Rig()
    rig.send(.play(bunny, .video), at: 0)
    rig.send(.pause, at: 21)
    #expect(rig.state(at: 100).position == 20)
    rig.send(.play(bunny, .video), at: 100)
    #expect(rig.state(at: 110).position == 30)
  }

  @Test("The position Now Playing is told moves only when the status, item, rate or a seek changes")
  func anchorMovesOnChanges() {
    let rig = Rig()
    rig.send(.play(stave1, .audio), at: 0)
    let first = rig.state(at: 1).anchorPosition
    #expect(rig.state(at: 50).anchorPosition == first)
    rig.send(.skip(by: 30), .nowPlaying, at: 50)
    #expect(rig.state(at: 51).anchorPosition == 79)
    rig.send(.pause, at: 60)
    #expect(rig.state(at: 70).anchorPosition == 89)
  }

  @Test("Unknown items and commands with nothing to act on are refused, not guessed")
  func refusals() {
    let rig = Rig()
    #expect(rig.send(.play("nope", .video), at: 0).item == nil)
    rig.send(.pause, at: 0)
    rig.send(.next, at: 0)
    #expect(rig.engine.received.allSatisfy { !$0.accepted })
    #expect(rig.state(at: 1).status == .idle)
  }
}
