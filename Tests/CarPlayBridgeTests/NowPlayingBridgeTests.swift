import CarPlay
@testable import CarPlayBridge
import CarSession
import CarTemplates
import Foundation
import Synchronization
import MediaCar
import MediaPlayer
import Playback
import Testing
import UIKit
import WaysideData

/// The media app on a real-car bridge (the stand-ins keep every `MPRemoteCommand` target and
/// every dictionary published to `MPNowPlayingInfoCenter`): the system's remote commands reach
/// the engine, and Now Playing follows what the engine reports.
@MainActor
@Suite("CarPlay bridge: Now Playing and remote commands", .serialized)
struct NowPlayingBridgeTests {
  static let stave1: MediaItem.ID = "librivox-christmas-carol-01"
  static let stave2: MediaItem.ID = "librivox-christmas-carol-02"

  /// The media app's session on a connected bridge, on a manual clock.
  @MainActor
  struct Rig {
    let bridge = CarPlayBridge()
    let clock = ManualClock()
    let engine: PlaybackEngine
    let session: CarSession<MediaApp>
    let catalogue: MediaCatalogue

    init(artwork fetcher: (@Sendable (URL) async throws -> Data)? = nil) throws {
      bridge.artworkFetcher = fetcher
      catalogue = try MediaCatalogue.decode(json: BundledData.data(.mediaCatalogue))
      engine = PlaybackEngine(player: SimulatedMediaPlayer(script: { _ in .reliable }))
      session = CarSession(
        app: MediaApp(engine: engine, library: .fixed(catalogue)), state: MediaApp.State(),
        host: bridge, clients: .test(clock: clock,
          reportIssue: DependencyIssueReporter { Issue.record("\($0)") }))
      let controller = CPInterfaceController(
        standInTraits: UITraitCollection(standInDisplayScale: 2))
      bridge.connect(controller, scene: CPTemplateApplicationScene(), window: nil)
    }

    var info: [String: Any]? { MPNowPlayingInfoCenter.default().nowPlayingInfo }
    var published: Int { MPNowPlayingInfoCenter.default().standInPublished.count }
    var center: MPRemoteCommandCenter { MPRemoteCommandCenter.shared() }

    func wait(_ seconds: Int) async {
      for _ in 0..<seconds {
        session.advanceClock(by: .seconds(1))
        await session.settle()
      }
    }

    /// Sends a command as the system does and lets the session carry it out.
    func send(_ command: MPRemoteCommand, _ event: MPRemoteCommandEvent? = nil) async
      -> [MPRemoteCommandHandlerStatus]
    {
      let answers = command.standInSend(event ?? MPRemoteCommandEvent(standInCommand: command))
      await session.settle()
      return answers
    }

    func item(_ id: MediaItem.ID) throws -> MediaItem { try #require(catalogue.item(id)) }
  }

  static let keys: Set<String> = [
    MPMediaItemPropertyTitle, MPMediaItemPropertyArtist, MPMediaItemPropertyAlbumTitle,
    MPMediaItemPropertyArtwork, MPMediaItemPropertyPlaybackDuration,
    MPNowPlayingInfoPropertyElapsedPlaybackTime, MPNowPlayingInfoPropertyPlaybackRate,
    MPNowPlayingInfoPropertyDefaultPlaybackRate, MPNowPlayingInfoPropertyIsLiveStream,
    MPNowPlayingInfoPropertyPlaybackQueueIndex, MPNowPlayingInfoPropertyPlaybackQueueCount,
  ]

  func expectInfo(
    _ rig: Rig, item id: MediaItem.ID, elapsed: Double, rate: Double, defaultRate: Double,
    queueIndex: Int, queueCount: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let info = try #require(rig.info, "nothing published", sourceLocation: sourceLocation)
    let item = try rig.item(id)
    #expect(Set(info.keys) == Self.keys, sourceLocation: sourceLocation)
    #expect(info[MPMediaItemPropertyTitle] as? String == item.title, sourceLocation: sourceLocation)
    #expect(
      info[MPMediaItemPropertyArtist] as? String == (item.creator ?? item.series),
      sourceLocation: sourceLocation)
    #expect(
      info[MPMediaItemPropertyAlbumTitle] as? String == item.attribution,
      sourceLocation: sourceLocation)
    let artwork = info[MPMediaItemPropertyArtwork] as? MPMediaItemArtwork
    #expect(
      artwork?.standInRequest(.zero).standInName == "waveform", sourceLocation: sourceLocation)
    #expect(
      info[MPMediaItemPropertyPlaybackDuration] as? Double
        == rig.session.state.playback.duration, sourceLocation: sourceLocation)
    #expect(info[MPMediaItemPropertyPlaybackDuration] != nil, sourceLocation: sourceLocation)
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
    // The item's place in what Previous and Next go through: those played before it, it, and
    // those queued after it.
    #expect(
      info[MPNowPlayingInfoPropertyPlaybackQueueIndex] as? Int == queueIndex,
      sourceLocation: sourceLocation)
    #expect(
      info[MPNowPlayingInfoPropertyPlaybackQueueCount] as? Int == queueCount,
      sourceLocation: sourceLocation)
  }

  @Test("Every remote command the app states has one target, and each one changes the engine")
  func commandsDriveTheEngine() async throws {
    let rig = try Rig()
    defer { rig.bridge.disconnect() }
    await rig.session.settle()
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
    #expect(center.skipForwardCommand.preferredIntervals.map(\.doubleValue) == [30])
    #expect(center.skipBackwardCommand.preferredIntervals.map(\.doubleValue) == [15])
    #expect(!center.changePlaybackRateCommand.supportedPlaybackRates.isEmpty)

    // Nothing loaded: the target says so and the engine hears nothing.
    #expect(await rig.send(center.playCommand) == [.noActionableNowPlayingItem])
    #expect(rig.engine.received.isEmpty)

    rig.session.send(.command(.play(Self.stave1, .audio), .car))
    await rig.session.settle()
    await rig.wait(11)

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
      #expect(rig.engine.received.last?.command == expected, "\(name)")
      #expect(rig.engine.received.last?.origin == .remoteCommand, "\(name)")
      #expect(rig.engine.received.last?.accepted == true, "\(name): the engine carried it out")
    }

    // Disconnecting removes every target and clears Now Playing.
    rig.bridge.disconnect()
    for (name, command) in commands {
      #expect(command.standInTargetCount == 0, "\(name): no target after disconnect")
    }
    #expect(rig.info == nil)
  }

  @Test("Play, pause, seek, rate change and next item each publish the exact Now Playing keys")
  func nowPlayingFollowsTheEngine() async throws {
    let rig = try Rig()
    defer { rig.bridge.disconnect() }
    await rig.session.settle()
    #expect(rig.info == nil)
    let center = rig.center

    // Play: loads for 1 s, then plays from 0 at rate 1.
    rig.session.send(.command(.play(Self.stave1, .audio), .car))
    await rig.session.settle()
    await rig.wait(11)
    try expectInfo(
      rig, item: Self.stave1, elapsed: 0, rate: 1, defaultRate: 1, queueIndex: 0, queueCount: 5)

    // Progress alone publishes nothing: the system extrapolates from the elapsed time and rate.
    let published = rig.published
    await rig.wait(5)
    #expect(rig.published == published)

    // Pause at 15 s heard: rate 0, elapsed where it stopped; the bar no longer runs.
    _ = await rig.send(center.pauseCommand)
    try expectInfo(
      rig, item: Self.stave1, elapsed: 15, rate: 0, defaultRate: 1, queueIndex: 0, queueCount: 5)
    await rig.wait(5)
    try expectInfo(
      rig, item: Self.stave1, elapsed: 15, rate: 0, defaultRate: 1, queueIndex: 0, queueCount: 5)

    // Seek while paused.
    _ = await rig.send(
      center.changePlaybackPositionCommand,
      MPChangePlaybackPositionCommandEvent(
        standInCommand: center.changePlaybackPositionCommand, positionTime: 120))
    try expectInfo(
      rig, item: Self.stave1, elapsed: 120, rate: 0, defaultRate: 1, queueIndex: 0, queueCount: 5)

    // Resume, then a rate change 4 s later.
    _ = await rig.send(center.playCommand)
    try expectInfo(
      rig, item: Self.stave1, elapsed: 120, rate: 1, defaultRate: 1, queueIndex: 0, queueCount: 5)
    await rig.wait(4)
    _ = await rig.send(
      center.changePlaybackRateCommand,
      MPChangePlaybackRateCommandEvent(
        standInCommand: center.changePlaybackRateCommand, playbackRate: 1.5))
    try expectInfo(
      rig, item: Self.stave1, elapsed: 124, rate: 1.5, defaultRate: 1.5, queueIndex: 0, queueCount: 5)

    // Next item: its own metadata from its start; the player starts it at its normal rate.
    _ = await rig.send(center.nextTrackCommand)
    await rig.wait(2)
    try expectInfo(
      rig, item: Self.stave2, elapsed: 0, rate: 1, defaultRate: 1, queueIndex: 1, queueCount: 5)
  }

  @Test("A film's remote artwork is downloaded once, published as MPMediaItemArtwork, and kept")
  func remoteArtworkIsDownloaded() async throws {
    let sintel: MediaItem.ID = "blender-sintel"
    let fetched = Mutex<[URL]>([])
    let rig = try Rig(artwork: { url in
      fetched.withLock { $0.append(url) }
      return Data(count: 1234)
    })
    defer { rig.bridge.disconnect() }
    await rig.session.settle()
    let url = try #require(try rig.item(sintel).artworkURL)
    rig.session.send(.command(.play(sintel, .audio), .car))
    await rig.session.settle()
    await rig.wait(2)
    let artwork = { () -> String? in
      (rig.info?[MPMediaItemPropertyArtwork] as? MPMediaItemArtwork)?.standInRequest(.zero)
        .standInName
    }
    // The download arrives: Now Playing is published again with the downloaded image.
    await rig.bridge.artworkFetch?.task.value
    #expect(fetched.withLock { $0 } == [url])
    #expect(artwork() == "data:1234", "Now Playing shows \(artwork() ?? "no artwork")")
    // A pause publishes again from the cache: no second download.
    _ = await rig.send(rig.center.pauseCommand)
    #expect(rig.info?[MPNowPlayingInfoPropertyPlaybackRate] as? Double == 0)
    #expect(artwork() == "data:1234")
    #expect(fetched.withLock { $0.count } == 1)
  }

  @Test("Artwork that cannot be downloaded leaves the item's symbol and is not fetched again")
  func remoteArtworkFailure() async throws {
    let sintel: MediaItem.ID = "blender-sintel"
    let attempts = Mutex(0)
    let rig = try Rig(artwork: { _ in
      attempts.withLock { $0 += 1 }
      throw URLError(.cannotConnectToHost)
    })
    defer { rig.bridge.disconnect() }
    await rig.session.settle()
    rig.session.send(.command(.play(sintel, .audio), .car))
    await rig.session.settle()
    await rig.wait(2)
    await rig.bridge.artworkFetch?.task.value
    let artwork = (rig.info?[MPMediaItemPropertyArtwork] as? MPMediaItemArtwork)?
      .standInRequest(.zero).standInName
    #expect(artwork == "film")
    _ = await rig.send(rig.center.pauseCommand)
    #expect(attempts.withLock { $0 } == 1)
    #expect(rig.bridge.diagnostics.contains { $0.contains("artwork") })
  }
}
