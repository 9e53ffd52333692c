import AVFoundation
import CarSession
import CarSimulator
import CarTemplates
import Foundation
import MediaCar
import MediaPlayer
import Playback
import Testing
import WaysideData

@testable import WaysideMediaSystem

/// The media app's system glue on the stand-ins: the remote command targets it registers and
/// the Now Playing dictionaries it publishes, driven as the system drives them (a steering-wheel
/// button, CarPlay's scrubber, the lock screen's rate control).
/// The bundled open catalogue.
let bundledCatalogue: MediaCatalogue = {
  do {
    return try MediaCatalogue.decode(json: BundledData.data(.mediaCatalogue))
  } catch {
    fatalError("the bundled media catalogue must decode: \(error)")
  }
}()

@MainActor
@Suite("Media app on a phone: remote commands drive the engine, Now Playing follows it", .serialized)
struct NowPlayingSystemTests {
  static var catalogue: MediaCatalogue { bundledCatalogue }
  static let stave1: MediaItem.ID = "librivox-christmas-carol-01"
  static let stave2: MediaItem.ID = "librivox-christmas-carol-02"

  /// The media app in an emulated car, with the service attached to its session.
  @MainActor
  struct Rig {
    let car: SimulatedCar
    let engine: PlaybackEngine
    let session: CarSession<MediaApp>
    let service: NowPlayingService

    init() throws {
      let player = SimulatedMediaPlayer(script: { _ in .reliable })
      let engine = PlaybackEngine(player: player)
      let app = MediaApp(engine: engine, library: .fixed(NowPlayingSystemTests.catalogue))
      car = SimulatedCar.test(
        app: AnyCarApp("media", summary: "test", app: app, state: MediaApp.State()),
        configuration: SessionConfiguration())
      self.engine = engine
      session = try #require(car.session as? CarSession<MediaApp>)
      // Never the network: the loader has nothing.
      service = NowPlayingService(loadArtwork: { _ in nil })
    }

    var info: [String: Any]? { MPNowPlayingInfoCenter.default().nowPlayingInfo }
    var publishedCount: Int { MPNowPlayingInfoCenter.default().standInPublished.count }
    var center: MPRemoteCommandCenter { MPRemoteCommandCenter.shared() }

    func wait(_ seconds: Int) async {
      for _ in 0..<seconds { await car.advanceTime(by: .seconds(1)) }
    }

    /// Sends a remote command as the system does and lets the session carry it out.
    func send(_ command: MPRemoteCommand, _ event: MPRemoteCommandEvent? = nil) async
      -> [MPRemoteCommandHandlerStatus]
    {
      let answers = command.standInSend(event ?? MPRemoteCommandEvent(standInCommand: command))
      await car.settle()
      return answers
    }

    /// The last command the engine received.
    var lastReceived: PlaybackEngine.Received? { engine.received.last }
  }

  static let keys: Set<String> = [
    MPMediaItemPropertyTitle, MPMediaItemPropertyArtist, MPMediaItemPropertyAlbumTitle,
    MPMediaItemPropertyArtwork, MPMediaItemPropertyPlaybackDuration,
    MPNowPlayingInfoPropertyElapsedPlaybackTime, MPNowPlayingInfoPropertyPlaybackRate,
    MPNowPlayingInfoPropertyDefaultPlaybackRate, MPNowPlayingInfoPropertyIsLiveStream,
    MPNowPlayingInfoPropertyPlaybackQueueIndex, MPNowPlayingInfoPropertyPlaybackQueueCount,
    MPNowPlayingInfoPropertyMediaType,
  ]

  func expectInfo(
    _ rig: Rig, item: MediaItem.ID, elapsed: Double, rate: Double, defaultRate: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let info = try #require(rig.info, "nothing published", sourceLocation: sourceLocation)
    let expected = try #require(Self.catalogue.item(item))
    #expect(Set(info.keys) == Self.keys, sourceLocation: sourceLocation)
    #expect(info[MPMediaItemPropertyTitle] as? String == expected.title, sourceLocation: sourceLocation)
    #expect(
      info[MPMediaItemPropertyArtist] as? String == (expected.creator ?? expected.series),
      sourceLocation: sourceLocation)
    #expect(
      info[MPMediaItemPropertyAlbumTitle] as? String == expected.series,
      sourceLocation: sourceLocation)
    #expect(info[MPMediaItemPropertyArtwork] is MPMediaItemArtwork, sourceLocation: sourceLocation)
    #expect(
      info[MPMediaItemPropertyPlaybackDuration] as? Double
        == (expected.durationSeconds ?? rig.session.state.playback.duration),
      sourceLocation: sourceLocation)
    #expect(
      info[MPNowPlayingInfoPropertyElapsedPlaybackTime] as? Double == elapsed,
      sourceLocation: sourceLocation)
    #expect(
      info[MPNowPlayingInfoPropertyPlaybackRate] as? Double == rate, sourceLocation: sourceLocation)
    #expect(
      info[MPNowPlayingInfoPropertyDefaultPlaybackRate] as? Double == defaultRate,
      sourceLocation: sourceLocation)
    #expect(
      info[MPNowPlayingInfoPropertyIsLiveStream] as? Bool == false, sourceLocation: sourceLocation)
    #expect(
      info[MPNowPlayingInfoPropertyPlaybackQueueIndex] as? Int == 0, sourceLocation: sourceLocation)
    #expect(
      info[MPNowPlayingInfoPropertyMediaType] as? UInt == MPNowPlayingInfoMediaType.audio.rawValue,
      sourceLocation: sourceLocation)
  }

  @Test("Every remote command has one target, and each target changes the engine")
  func commandsDriveTheEngine() async throws {
    let rig = try Rig()
    rig.service.attach(to: rig.session)
    defer { rig.service.detach() }
    await rig.car.settle()  // the catalogue loads on connection
    let center = rig.center
    let commands: [(String, MPRemoteCommand)] = [
      ("play", center.playCommand), ("pause", center.pauseCommand),
      ("toggle", center.togglePlayPauseCommand), ("next", center.nextTrackCommand),
      ("previous", center.previousTrackCommand),
      ("position", center.changePlaybackPositionCommand),
      ("rate", center.changePlaybackRateCommand), ("skip forward", center.skipForwardCommand),
      ("skip back", center.skipBackwardCommand),
    ]
    for (name, command) in commands {
      #expect(command.standInTargetCount == 1, "\(name): one target")
      #expect(command.isEnabled, "\(name): enabled")
    }
    #expect(center.skipForwardCommand.preferredIntervals == [30])
    #expect(center.skipBackwardCommand.preferredIntervals == [15])
    #expect(center.changePlaybackRateCommand.supportedPlaybackRates.map(\.doubleValue) == [1, 1.25, 1.5, 2])

    // Nothing loaded: a remote play has nothing to act on.
    #expect(await rig.send(center.playCommand) == [.noActionableNowPlayingItem])
    #expect(rig.engine.received.isEmpty)

    rig.session.send(.command(.play(Self.stave1, .audio), .car))
    await rig.car.settle()
    await rig.wait(11)
    #expect(rig.engine.state(in: PlaybackContext(now: rig.car.clients.clock.now())).status == .playing)

    let steps: [(String, MPRemoteCommand, MPRemoteCommandEvent?, PlaybackCommand)] = [
      ("pause", center.pauseCommand, nil, .pause),
      ("play", center.playCommand, nil, .resume),
      ("toggle", center.togglePlayPauseCommand, nil, .togglePlayPause),
      ("toggle", center.togglePlayPauseCommand, nil, .togglePlayPause),
      (
        "position", center.changePlaybackPositionCommand,
        MPChangePlaybackPositionCommandEvent(
          standInCommand: center.changePlaybackPositionCommand, positionTime: 120), .seek(to: 120)
      ),
      (
        "rate", center.changePlaybackRateCommand,
        MPChangePlaybackRateCommandEvent(
          standInCommand: center.changePlaybackRateCommand, playbackRate: 1.5), .setRate(1.5)
      ),
      (
        "skip forward", center.skipForwardCommand,
        MPSkipIntervalCommandEvent(standInCommand: center.skipForwardCommand, interval: 30),
        .skip(by: 30)
      ),
      (
        "skip back", center.skipBackwardCommand,
        MPSkipIntervalCommandEvent(standInCommand: center.skipBackwardCommand, interval: 15),
        .skip(by: -15)
      ),
      ("next", center.nextTrackCommand, nil, .next),
      ("previous", center.previousTrackCommand, nil, .previous),
    ]
    for (name, command, event, expected) in steps {
      let before = rig.engine.received.count
      #expect(await rig.send(command, event) == [.success], "\(name)")
      #expect(rig.engine.received.count == before + 1, "\(name): the engine got a command")
      #expect(rig.lastReceived?.command == expected, "\(name)")
      #expect(rig.lastReceived?.origin == .remoteCommand, "\(name)")
      #expect(rig.lastReceived?.accepted == true, "\(name): the engine carried it out")
    }
  }

  @Test("Play, pause, seek, rate change and next item each publish the exact Now Playing keys")
  func nowPlayingFollowsTheEngine() async throws {
    let rig = try Rig()
    rig.service.attach(to: rig.session)
    defer { rig.service.detach() }
    await rig.car.settle()  // the catalogue loads on connection
    #expect(rig.info == nil)
    let center = rig.center

    // Play: loads for 1 s, then plays from 0 at rate 1.
    rig.session.send(.command(.play(Self.stave1, .audio), .car))
    await rig.car.settle()
    await rig.wait(11)
    try expectInfo(rig, item: Self.stave1, elapsed: 0, rate: 1, defaultRate: 1)
    let queueCount = try #require(
      rig.info?[MPNowPlayingInfoPropertyPlaybackQueueCount] as? Int)
    #expect(queueCount >= 2)

    // Progress alone publishes nothing: the system extrapolates from the elapsed time and rate.
    let published = rig.publishedCount
    await rig.wait(5)
    #expect(rig.publishedCount == published)

    // Pause at 15 s heard: rate 0, elapsed where it stopped; the bar no longer runs.
    _ = await rig.send(center.pauseCommand)
    try expectInfo(rig, item: Self.stave1, elapsed: 15, rate: 0, defaultRate: 1)
    await rig.wait(5)
    try expectInfo(rig, item: Self.stave1, elapsed: 15, rate: 0, defaultRate: 1)

    // Seek while paused.
    _ = await rig.send(
      center.changePlaybackPositionCommand,
      MPChangePlaybackPositionCommandEvent(
        standInCommand: center.changePlaybackPositionCommand, positionTime: 120))
    try expectInfo(rig, item: Self.stave1, elapsed: 120, rate: 0, defaultRate: 1)

    // Resume, then a rate change 4 s later.
    _ = await rig.send(center.playCommand)
    try expectInfo(rig, item: Self.stave1, elapsed: 120, rate: 1, defaultRate: 1)
    await rig.wait(4)
    _ = await rig.send(
      center.changePlaybackRateCommand,
      MPChangePlaybackRateCommandEvent(
        standInCommand: center.changePlaybackRateCommand, playbackRate: 1.5))
    try expectInfo(rig, item: Self.stave1, elapsed: 124, rate: 1.5, defaultRate: 1.5)

    // Next item: its own metadata, from its start, one fewer in the queue; the player starts
    // it at its normal rate.
    _ = await rig.send(center.nextTrackCommand)
    await rig.wait(2)
    try expectInfo(rig, item: Self.stave2, elapsed: 0, rate: 1, defaultRate: 1)
    #expect(rig.info?[MPNowPlayingInfoPropertyPlaybackQueueCount] as? Int == queueCount - 1)

    // The car's Now Playing template shows the same value.
    #expect(rig.service.published == rig.session.state.nowPlayingInfo)

    // Disconnect: no targets, Now Playing cleared.
    rig.service.detach()
    #expect(rig.info == nil)
    #expect(center.playCommand.standInTargetCount == 0)
    #expect(center.changePlaybackPositionCommand.standInTargetCount == 0)
  }

  @Test("Artwork: the item's symbol at once; a remote artwork URL is asked for, never in a test")
  func artwork() async throws {
    let (asked, askedContinuation) = AsyncStream<URL>.makeStream()
    // Never the network: the loader reports what it was asked for and has nothing.
    let service = NowPlayingService(loadArtwork: { url in
      askedContinuation.yield(url)
      return nil
    })
    let film = try #require(Self.catalogue.item("blender-sintel"))
    let url = try #require(film.artworkURL)
    let info = try #require(
      NowPlayingInfo(
        state: PlaybackState(
          item: film.id, status: .playing, position: 3, duration: film.durationSeconds,
          presentation: .video),
        catalogue: Self.catalogue))
    service.publish(info)
    defer { service.publish(nil) }
    let dictionary = try #require(MPNowPlayingInfoCenter.default().nowPlayingInfo)
    #expect(dictionary[MPMediaItemPropertyArtwork] is MPMediaItemArtwork)
    #expect(
      dictionary[MPNowPlayingInfoPropertyMediaType] as? UInt
        == MPNowPlayingInfoMediaType.video.rawValue)
    var iterator = asked.makeAsyncIterator()
    #expect(await iterator.next() == url)
  }

  @Test("Bundled media is read from the package's resource bundle; a missing file fails, not pauses")
  func bundledMedia() throws {
    let chime = try #require(
      Self.catalogue.items.first { $0.bundledResource != nil }?.bundledResource)
    let url = try #require(AVMediaPlayer.bundledURL(chime))
    #expect(FileManager.default.fileExists(atPath: url.path))
    #expect(url.path.hasPrefix(BundledData.resourcesDirectory.path))
    #expect(AVMediaPlayer.bundledURL("no-such-sound.wav") == nil)

    let player = AVMediaPlayer(nowPlaying: NowPlayingService(loadArtwork: { _ in nil }))
    let missing = MediaSource(item: "x", location: .bundled("no-such-sound.wav"), audioOnly: true)
    player.load(missing, duration: 3, from: 0, playing: true, in: PlaybackContext(now: .zero))
    let observed = player.observe(at: .zero)
    guard case .failed(let why) = observed.status else {
      Issue.record("a missing bundled file must fail, was \(observed.status)")
      return
    }
    #expect(why.contains("no-such-sound.wav"))
  }
}
