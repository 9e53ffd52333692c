import CarSession
import CarSimulator
import CarTemplates
import MediaCar
import Playback
import Testing

@MainActor
@Suite("Media app in the emulated car: selection, presentation, run-time changes, updates")
struct MediaFlowTests {
  typealias B = MediaScreenBuilder

  func startParked(_ rig: MediaRig) async {
    await rig.settle()
    await rig.wait(.seconds(1))
  }

  func header(_ template: TemplateSpec?) -> ListDetailsHeaderSpec? { list(template)?.detailsHeader }

  @Test("Selecting a card pushes the detail page and asks CarPlay to present nothing")
  func cardPushesDetailOnly() async throws {
    let rig = MediaRig()
    await startParked(rig)
    try rig.host.tapRow(ElementID(sintel.rawValue))
    await rig.settle()
    #expect(rig.top?.id == B.detailID)
    #expect(rig.top?.title == "Sintel")
    #expect(!rig.host.isVideoPlaying)
    #expect(rig.engine.received.isEmpty)
    #expect(rig.host.spinners.isEmpty)
  }

  @Test("The detail header's Play presents the system video player and plays the film as video")
  func headerPlayPresentsVideo() async throws {
    let rig = MediaRig()
    await startParked(rig)
    try rig.host.tapRow(ElementID(sintel.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)
    await rig.wait(.seconds(6))
    #expect(rig.host.isVideoPlaying)
    #expect(rig.top?.id == B.detailID)
    let state = rig.engine.state(in: PlaybackContext(now: rig.clock.now))
    #expect(state.presentation == .video)
    #expect(state.status == .playing)
    #expect(rig.engine.received.map(\.origin) == [.car])
    #expect(header(rig.top)?.actionButtons.first?.title == "Pause")
  }

  @Test("Audio rows play directly and push Now Playing")
  func audioRowsPlayDirectly() async throws {
    let rig = MediaRig()
    await startParked(rig)
    try rig.host.selectTab(1)
    await rig.settle()
    try rig.host.tapRow(ElementID(stave1.rawValue))
    await rig.wait(.seconds(2))
    #expect(rig.top?.kind == .nowPlaying)
    #expect(!rig.host.isVideoPlaying)
    #expect(rig.engine.received.map(\.command) == [.play(stave1, .audio)])
    guard case .nowPlaying(let spec)? = rig.top?.content else { return }
    #expect(spec.info?.title == "Stave 1: Marley's Ghost — A Christmas Carol")
    #expect(spec.isUpNextButtonEnabled)
  }

  @Test("The deepest real flow, measured on the host's stack, stays within the depth limit")
  func depthOnTheHostStack() async throws {
    let rig = MediaRig(configuration: moving)
    await startParked(rig)
    try rig.host.tapRow(ElementID(bunny.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)  // moving: heard, with Now Playing
    await rig.wait(.seconds(2))
    try rig.host.pressUpNext()
    await rig.settle()
    // Now Playing takes the detail page's place: audio + video allows 3 including the root.
    #expect(rig.templates.map(\.id) == [B.videosTab, B.nowPlayingID, B.upNextID])
    #expect(rig.host.depth == 3)
    #expect(rig.host.depth <= MediaApp.entitlements.maximumDepth)
    #expect(rig.car.session.diagnostics.isEmpty, "\(rig.car.session.diagnostics)")
    // Playing from Up Next goes back to Now Playing instead of going deeper.
    try rig.host.tapRow("blender-sintel")
    await rig.wait(.seconds(2))
    #expect(rig.top?.kind == .nowPlaying)
    #expect(rig.host.depth == 2)
  }

  @Test(
    "Video withdrawn while a film plays degrades to audio at the same position and returns when parked"
  )
  func videoWithdrawnAndBack() async throws {
    let rig = MediaRig()
    await startParked(rig)
    try rig.host.tapRow(ElementID(bunny.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)
    await rig.wait(.seconds(61))
    let before = rig.engine.state(in: PlaybackContext(now: rig.clock.now)).position
    rig.host.changeConfiguration(moving)
    await rig.settle()
    #expect(!rig.host.isVideoPlaying)
    #expect(rig.top?.kind == .nowPlaying)
    let heard = rig.engine.state(in: PlaybackContext(now: rig.clock.now))
    #expect(heard.presentation == .audio)
    #expect(heard.position == before)
    #expect(heard.status == .playing)
    #expect(rig.engine.received.last?.origin == .system)
    await rig.wait(.seconds(30))
    rig.host.changeConfiguration(parked)
    await rig.settle()
    #expect(rig.host.isVideoPlaying)
    let shown = rig.engine.state(in: PlaybackContext(now: rig.clock.now))
    #expect(shown.presentation == .video)
    #expect(shown.position == before + 30)
    #expect(!rig.operations.dropFirst(2).contains { if case .setRoot = $0 { true } else { false } })
  }

  @Test(
    "Closing the video player pauses the film where it is, no longer as video, and it stays closed when video returns"
  )
  func driverClosesTheVideoPlayer() async throws {
    let rig = MediaRig()
    await startParked(rig)
    try rig.host.tapRow(ElementID(bunny.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)
    await rig.wait(.seconds(21))
    #expect(rig.host.isVideoPlaying)
    let before = rig.engine.state(in: PlaybackContext(now: rig.clock.now)).position
    try rig.host.closeVideoPlayer()
    await rig.settle()
    #expect(!rig.host.isVideoPlaying)
    #expect(rig.host.videoPlayerTitle == nil)
    #expect(rig.host.transcript.entries.contains(.teardown("video player (closed by the driver)")))
    #expect(rig.host.transcript.entries.contains(.event(.videoPlayerDismissed)))
    let after = rig.engine.state(in: PlaybackContext(now: rig.clock.now))
    #expect(after.status == .paused(.command))
    #expect(after.position == before)
    #expect(after.presentation == .audio)
    #expect(rig.engine.received.suffix(2).map(\.origin) == [.system, .system])
    await rig.wait(.seconds(10))
    #expect(rig.engine.state(in: PlaybackContext(now: rig.clock.now)).position == before)
    #expect(header(rig.top)?.actionButtons.first?.title == "Resume")
    // Video withdrawn and allowed again does not bring back a player the driver closed.
    rig.host.changeConfiguration(moving)
    await rig.settle()
    rig.host.changeConfiguration(parked)
    await rig.settle()
    #expect(!rig.host.isVideoPlaying)
    // Closing again is refused: no player is showing.
    #expect(
      rig.host.refusal(of: .closeVideoPlayer)?.message
        == "close the video player: no video player is showing")
  }

  @Test("The progress and play/pause glyph a card shows survive into what the host received")
  func progressReachesTheHost() async throws {
    let rig = MediaRig()
    await startParked(rig)
    try rig.host.tapRow(ElementID(bunny.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)
    await rig.wait(.seconds(32))
    guard case .tabBar(let bar)? = rig.host.shownScreen?.root.content else {
      Issue.record("no tab bar on the host")
      return
    }
    let card = items(bar.tabs.first).first
    #expect(card?.playback?.playbackAction == .pause)
    #expect(card?.playback?.elapsedTime == 30)
    #expect(card?.playbackProgress == 30.0 / 596)
    #expect(card?.isPlaying == true)
    let shownHeader = header(rig.host.shownScreen?.stack.last)
    #expect(shownHeader?.playback?.elapsedTime == 30)
    #expect(shownHeader?.playback?.preferredPresentation == .video)
  }

  @Test("A pause the system causes shows on the car: Resume in the header, rate 0 on Now Playing")
  func systemPauseShows() async throws {
    let rig = MediaRig(configuration: moving)
    await startParked(rig)
    try rig.host.tapRow(ElementID(bunny.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)
    await rig.wait(.seconds(20))
    rig.player.interrupt(at: rig.clock.now)
    await rig.wait(.seconds(5))
    guard case .nowPlaying(let spec)? = rig.top?.content else {
      Issue.record("Now Playing expected on top")
      return
    }
    #expect(spec.info?.playbackRate == 0)
    #expect(header(rig.hostTab(B.videosTab))?.actionButtons.first?.title == "Resume")
    #expect(header(rig.hostTab(B.videosTab))?.playback?.playbackAction == .play)
  }

  @Test("A buffering stall keeps showing Pause on the car")
  func stallKeepsPause() async throws {
    let rig = MediaRig(script: { _ in .init(stalls: [.init(at: 10, lasting: .seconds(30))]) })
    await startParked(rig)
    try rig.host.tapRow(ElementID(bunny.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)
    await rig.wait(.seconds(20))
    #expect(rig.engine.state(in: PlaybackContext(now: rig.clock.now)).status == .buffering)
    #expect(header(rig.top)?.actionButtons.first?.title == "Pause")
    #expect(header(rig.top)?.playback?.playbackAction == .pause)
  }

  @Test("A film that fails to load shows Retry and Play as Audio, and the fallback plays")
  func failureAndFallback() async throws {
    let rig = MediaRig(script: { $0.audioOnly ? .reliable : .init(failure: "no video rendition") })
    await startParked(rig)
    try rig.host.tapRow(ElementID(sintel.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)
    await rig.wait(.seconds(2))
    #expect(items(rig.top).prefix(2).map(\.id) == [B.retryRow, B.audioFallbackRow])
    #expect(header(rig.top)?.actionButtons.first?.title == "Retry")
    try rig.host.tapRow(B.audioFallbackRow)
    await rig.wait(.seconds(3))
    #expect(rig.top?.kind == .nowPlaying)
    #expect(!rig.host.isVideoPlaying)
    let state = rig.engine.state(in: PlaybackContext(now: rig.clock.now))
    #expect(state.status == .playing)
    #expect(state.presentation == .audio)
  }

  @Test("Disconnect and reconnect keep one state: same item, same place, Now Playing once")
  func reconnectKeepsState() async throws {
    let rig = MediaRig()
    await startParked(rig)
    try rig.host.selectTab(1)
    await rig.settle()
    try rig.host.tapRow(ElementID(stave1.rawValue))
    await rig.wait(.seconds(40))
    rig.car.disconnect()
    await rig.settle()
    #expect(rig.car.session.runningEffectCount == 0)
    rig.clock.advance(by: .seconds(20))
    rig.car.connect(parked)
    await rig.wait(.seconds(1))
    #expect(rig.templates.map(\.id) == [B.audioTab, B.nowPlayingID])
    guard case .nowPlaying(let spec)? = rig.top?.content else { return }
    #expect(spec.info?.title == "Stave 1: Marley's Ghost — A Christmas Carol")
    #expect((spec.info?.elapsedSeconds ?? 0) >= 39)
    #expect(rig.car.session.diagnostics.isEmpty, "\(rig.car.session.diagnostics)")
  }

  @Test("Now Playing is one template: a film heard on another tab does not push it again")
  func nowPlayingOnce() async throws {
    let rig = MediaRig(configuration: moving)
    await startParked(rig)
    try rig.host.selectTab(1)
    await rig.settle()
    try rig.host.tapRow(ElementID(stave1.rawValue))
    await rig.wait(.seconds(2))
    try rig.host.selectTab(0)
    await rig.settle()
    try rig.host.tapRow(ElementID(bunny.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)
    await rig.wait(.seconds(2))
    let pushes = rig.operations.filter {
      if case .push(let t) = $0 { return t.kind == .nowPlaying }
      return false
    }
    #expect(pushes.count == 1)
    #expect(rig.top?.id == B.detailID)
    #expect(rig.car.session.diagnostics.isEmpty, "\(rig.car.session.diagnostics)")
    #expect(rig.engine.state(in: PlaybackContext(now: rig.clock.now)).item == bunny)
  }

  @Test("Ten minutes of playback replace no root and patch at most 250 times")
  func tenMinutesOfUpdates() async throws {
    let rig = MediaRig()
    await startParked(rig)
    try rig.host.tapRow(ElementID(bunny.rawValue))
    await rig.settle()
    try rig.host.press(B.primaryButton)
    await rig.settle()
    let mark = rig.operations.count
    await rig.wait(.seconds(600))
    let during = Array(rig.operations[mark...])
    let roots = during.filter { if case .setRoot = $0 { true } else { false } }
    let updates = during.filter(\.isInPlaceUpdate)
    #expect(roots.isEmpty)
    #expect(updates.count == during.count, "only in-place updates: \(during)")
    // Two playing templates (the Videos tab and the detail page), at most one patch per
    // 5-second progress step each, plus the status changes (load, the next film).
    #expect(updates.count <= 2 * 600 / 5 + 10, "\(updates.count) updates")
    #expect(updates.count >= 2 * 600 / 5 - 10, "\(updates.count) updates")
    #expect(rig.host.isVideoPlaying)
    #expect(!rig.host.transcript.description.contains("down   "))
  }

  @Test("A catalogue that changes the tabs while video shows waits until the player is gone")
  func catalogueWaitsForVideo() throws {
    let app = MediaApp(engine: PlaybackEngine(player: SimulatedMediaPlayer()), library: .bundled)
    var state = state(playing(bunny, at: 30))
    state.configuration = parked
    #expect(state.isVideoPresented)
    let audioOnly = try MediaCatalogue(items: bundledCatalogue.audio)
    _ = app.reduce(&state, .libraryLoaded(.success(audioOnly)))
    #expect(state.pendingCatalogue == audioOnly)
    #expect(state.catalogue == bundledCatalogue)
    var stopped = state.playback
    stopped.status = .idle
    stopped.item = nil
    _ = app.reduce(&state, .observed(stopped, recheckAfter: nil))
    #expect(state.pendingCatalogue == nil)
    #expect(state.catalogue == audioOnly)
  }
}

@MainActor
@Suite("Media app: the queue and the other surfaces")
struct MediaQueueTests {
  typealias B = MediaScreenBuilder

  @Test("Add to Queue puts a film on Up Next, the header then reads Queued, and Up Next plays it")
  func addToQueue() async throws {
    let rig = MediaRig(configuration: moving)
    await rig.settle()
    try rig.host.selectTab(1)
    await rig.settle()
    try rig.host.tapRow(ElementID(stave1.rawValue))
    await rig.wait(.seconds(2))
    try rig.host.back()
    try rig.host.selectTab(0)
    await rig.settle()
    try rig.host.tapRow(ElementID(sintel.rawValue))
    await rig.settle()
    try rig.host.press(B.queueButton)
    await rig.settle()
    let queue = rig.engine.state(in: PlaybackContext(now: rig.clock.now)).queue
    #expect(queue.last == sintel)
    #expect(list(rig.top)?.detailsHeader?.actionButtons.last?.title == "Queued")
    #expect(list(rig.top)?.detailsHeader?.actionButtons.last?.isEnabled == false)
    #expect(rig.engine.received.last?.command == .enqueue(sintel))
  }

  @Test("Siri's Resume goes through the same engine, with its origin")
  func siriResumes() async throws {
    let rig = MediaRig()
    await rig.settle()
    try rig.host.selectTab(1)
    await rig.settle()
    try rig.host.tapRow(ElementID(stave1.rawValue))
    await rig.wait(.seconds(10))
    rig.player.interrupt(at: rig.clock.now)
    try rig.host.say("Resume playback in Wayside Media")
    await rig.wait(.seconds(5))
    #expect(rig.engine.received.last?.origin == .siri)
    #expect(rig.engine.state(in: PlaybackContext(now: rig.clock.now)).status == .playing)
  }

  @Test("Now Playing's buttons skip 15 s back, 30 s forward and step the rate")
  func nowPlayingButtons() async throws {
    let rig = MediaRig()
    await rig.settle()
    try rig.host.selectTab(1)
    await rig.settle()
    try rig.host.tapRow(ElementID(stave1.rawValue))
    await rig.wait(.seconds(61))
    let before = rig.engine.state(in: PlaybackContext(now: rig.clock.now)).position
    #expect(before > 50)
    try rig.host.press(B.skipForwardButton)
    await rig.settle()
    try rig.host.press(B.skipBackButton)
    await rig.settle()
    try rig.host.press(B.rateButton)
    await rig.settle()
    let state = rig.engine.state(in: PlaybackContext(now: rig.clock.now))
    #expect(state.position == before + 15)
    #expect(state.rate == 1.5)
    #expect(rig.engine.received.suffix(3).map(\.origin) == [.nowPlaying, .nowPlaying, .nowPlaying])
    guard case .nowPlaying(let spec)? = rig.top?.content else { return }
    #expect(spec.info?.elapsedSeconds == before + 15)
    #expect(spec.info?.playbackRate == 1.5)
  }
}
