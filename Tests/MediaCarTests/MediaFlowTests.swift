import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import MediaCar
import Playback
import Testing

/// The media app's flows in the emulated car as exhaustive specifications (``CarAppTester``):
/// every step states how the state changes and exactly which operations the host receives,
/// taps name the app's ``MediaRoute``, and what the engine and the host show is checked beside.
@MainActor
@Suite("Media app in the emulated car: selection, presentation, run-time changes, updates")
struct MediaFlowTests {
  typealias B = MediaScreenBuilder

  /// The Videos tab's list patched in place.
  static let videos = ExpectedOperation.update(.list, B.videosTab)
  /// The Audio tab's list patched in place.
  static let audio = ExpectedOperation.update(.list, B.audioTab)
  /// The detail page patched in place.
  static let detail = ExpectedOperation.update(.list, B.detailID)
  /// Now Playing patched in place.
  static let nowPlaying = ExpectedOperation.update(.nowPlaying, B.nowPlayingID)

  func header(_ template: TemplateSpec?) -> ListDetailsHeaderSpec? { list(template)?.detailsHeader }

  /// Opens `film`'s detail page from its card on the Videos tab.
  func openDetail(_ tester: CarAppTester<MediaApp>, _ film: MediaItem.ID) async {
    await tester.tap(.item(film, on: B.videosTab), operations: [.push(.list, B.detailID)]) {
      $0.pages[B.videosTab] = [.detail(film)]
    }
  }

  /// Plays the film on the detail page as video (a parked car): the card and the header show
  /// Pause; the stream starts a second later.
  func playFilm(_ tester: CarAppTester<MediaApp>, _ film: MediaItem.ID) async -> PlaybackState {
    await tester.tap(.primary(on: B.detailID), operations: [Self.videos, Self.detail])
    var heard = loading(film, as: .video)
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }
    await tester.streamStarts(&heard, patching: [Self.videos])
    return heard
  }

  /// Opens the film's detail page and plays it in a moving car: it is heard, and Now Playing
  /// takes the detail page's place (audio + video allows 3 templates including the root); the
  /// stream starts a second later.
  func hearFilm(_ tester: CarAppTester<MediaApp>, _ film: MediaItem.ID) async -> PlaybackState {
    await openDetail(tester, film)
    await tester.tap(
      .primary(on: B.detailID),
      operations: [.popToRoot, Self.videos, Self.audio, .push(.nowPlaying, B.nowPlayingID)]
    ) {
      $0.pages[B.videosTab] = [.nowPlaying]
    }
    var heard = loading(film, as: .audio)
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }
    await tester.streamStarts(&heard, patching: [Self.videos])
    return heard
  }

  /// Plays the chapter from the Audio tab: Now Playing is pushed; the stream starts a second
  /// later.
  func playChapter(_ tester: CarAppTester<MediaApp>, _ chapter: MediaItem.ID) async
    -> PlaybackState
  {
    await tester.drive({ try $0.selectTab(1) }, operations: []) { $0.selectedTab = B.audioTab }
    await tester.tap(
      .item(chapter, on: B.audioTab),
      operations: [Self.videos, Self.audio, .push(.nowPlaying, B.nowPlayingID)]
    ) {
      $0.pages[B.audioTab] = [.nowPlaying]
    }
    var heard = loading(chapter, as: .audio)
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }
    await tester.streamStarts(&heard, patching: [Self.audio])
    return heard
  }

  @Test("Selecting a card pushes the detail page and asks CarPlay to present nothing")
  func cardPushesDetailOnly() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    await openDetail(tester, sintel)
    #expect(tester.host.topTemplate?.title == "Sintel")
    #expect(!tester.host.isVideoPlaying)
    #expect(engine.received.isEmpty)
    #expect(tester.host.spinners.isEmpty)
    await tester.end()
  }

  @Test("The detail header's Play presents the system video player and plays the film as video")
  func headerPlayPresentsVideo() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    await openDetail(tester, sintel)
    var heard = await playFilm(tester, sintel)
    await tester.playOn(&heard, steps: 1, patching: [Self.videos, Self.detail])
    #expect(tester.host.isVideoPlaying)
    #expect(tester.host.topTemplate?.id == B.detailID)
    #expect(heard.presentation == .video)
    #expect(engine.received.map(\.origin) == [.car])
    #expect(header(tester.host.topTemplate)?.actionButtons.first?.title == "Pause")
    await tester.end()
  }

  @Test("Audio rows play directly and push Now Playing")
  func audioRowsPlayDirectly() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    _ = await playChapter(tester, stave1)
    #expect(tester.host.topTemplate?.kind == .nowPlaying)
    #expect(!tester.host.isVideoPlaying)
    #expect(engine.received.map(\.command) == [.play(stave1, .audio)])
    guard case .nowPlaying(let spec)? = tester.host.topTemplate?.content else {
      Issue.record("Now Playing expected on top")
      return
    }
    #expect(spec.info?.title == "Stave 1: Marley's Ghost — A Christmas Carol")
    #expect(spec.isUpNextButtonEnabled)
    await tester.end()
  }

  @Test("The deepest real flow, measured on the host's stack, stays within the depth limit")
  func depthOnTheHostStack() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(moving, engine: engine)
    var heard = await hearFilm(tester, bunny)
    await tester.drive({ try $0.pressUpNext() }, operations: [.push(.list, B.upNextID)]) {
      $0.pages[B.videosTab] = [.nowPlaying, .upNext]
    }
    #expect(tester.host.templates.map(\.id) == [B.videosTab, B.nowPlayingID, B.upNextID])
    #expect(tester.host.depth == 3)
    #expect(tester.host.depth <= MediaApp.entitlements.maximumDepth)
    // Playing from Up Next goes back to Now Playing instead of going deeper.
    await tester.tap(
      .item(sintel, on: B.upNextID), operations: [.pop, Self.videos, Self.nowPlaying]
    ) {
      $0.pages[B.videosTab] = [.nowPlaying]
    }
    heard = loading(sintel, as: .audio, from: .nowPlaying)
    heard.history = [bunny]  // what Previous goes back through (Now Playing's queue index)
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }
    await tester.streamStarts(&heard, patching: [Self.videos])
    #expect(tester.host.topTemplate?.kind == .nowPlaying)
    #expect(tester.host.depth == 2)
    #expect(tester.session.diagnostics.isEmpty, "\(tester.session.diagnostics)")
    await tester.end()
  }

  @Test(
    "Video withdrawn while a film plays degrades to audio at the same position and returns when parked"
  )
  func videoWithdrawnAndBack() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    await openDetail(tester, bunny)
    var heard = await playFilm(tester, bunny)
    await tester.playOn(&heard, steps: 12, patching: [Self.videos, Self.detail])
    let before = heard.position
    // Moving: the film goes on, heard, with Now Playing in the detail page's place.
    await tester.drive(
      { $0.changeConfiguration(moving) },
      operations: [
        Self.videos, .popToRoot, .push(.nowPlaying, B.nowPlayingID), Self.videos, Self.audio,
        Self.nowPlaying,
      ]
    ) {
      $0.configuration = moving
      $0.degradedFromVideo = true
      $0.pages[B.videosTab] = [.nowPlaying]
    }
    heard.presentation = .audio
    heard.anchorPosition = before
    heard.lastOrigin = .system
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    #expect(!tester.host.isVideoPlaying)
    #expect(tester.host.topTemplate?.kind == .nowPlaying)
    #expect(heard.position == before)
    #expect(engine.received.last?.origin == .system)
    await tester.playOn(&heard, steps: 6, patching: [Self.videos])
    // Parked again: the film shows again, 30 s further on, with no root replaced.
    await tester.drive(
      { $0.changeConfiguration(parked) },
      operations: [Self.videos, Self.videos, Self.audio, Self.nowPlaying]
    ) {
      $0.configuration = parked
      $0.degradedFromVideo = false
    }
    heard.presentation = .video
    heard.anchorPosition = before + 30
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    #expect(tester.host.isVideoPlaying)
    #expect(heard.position == before + 30)
    await tester.end()
  }

  @Test(
    "Closing the video player pauses the film where it is, no longer as video, and it stays closed when video returns"
  )
  func driverClosesTheVideoPlayer() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    await openDetail(tester, bunny)
    var heard = await playFilm(tester, bunny)
    await tester.playOn(&heard, steps: 4, patching: [Self.videos, Self.detail])
    #expect(tester.host.isVideoPlaying)
    let before = heard.position
    await tester.drive(
      { try $0.closeVideoPlayer() }, operations: [Self.videos, Self.audio, Self.detail])
    heard.status = .paused(.command)
    heard.presentation = .audio
    heard.anchorPosition = before
    heard.lastOrigin = .system
    heard.resumePositions[bunny] = before
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    #expect(!tester.host.isVideoPlaying)
    #expect(tester.host.videoPlayerTitle == nil)
    #expect(
      tester.host.transcript.entries.contains(.teardown("video player (closed by the driver)")))
    #expect(tester.host.transcript.entries.contains(.event(.videoPlayerDismissed)))
    #expect(engine.received.suffix(2).map(\.origin) == [.system, .system])
    // Paused: ten seconds later it is where it was, the header offering Resume.
    await tester.playOn(&heard, steps: 2, patching: [], advancing: false)
    #expect(heard.position == before)
    #expect(header(tester.host.topTemplate)?.actionButtons.first?.title == "Resume")
    // Video withdrawn and allowed again does not bring back a player the driver closed.
    await tester.drive(
      { $0.changeConfiguration(moving) }, operations: [Self.videos, Self.detail]
    ) {
      $0.configuration = moving
    }
    await tester.drive(
      { $0.changeConfiguration(parked) }, operations: [Self.videos, Self.detail]
    ) {
      $0.configuration = parked
    }
    #expect(!tester.host.isVideoPlaying)
    // Closing again is refused: no player is showing.
    #expect(
      tester.host.refusal(of: .closeVideoPlayer)?.message
        == "close the video player: no video player is showing")
    await tester.end()
  }

  @Test("The progress and play/pause glyph a card shows survive into what the host received")
  func progressReachesTheHost() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    await openDetail(tester, bunny)
    var heard = await playFilm(tester, bunny)
    await tester.playOn(&heard, steps: 6, patching: [Self.videos, Self.detail])
    guard case .tabBar(let bar)? = tester.host.shownScreen?.root.content else {
      Issue.record("no tab bar on the host")
      return
    }
    let card = items(bar.tabs.first).first
    #expect(card?.playback?.playbackAction == .pause)
    #expect(card?.playback?.elapsedTime == 30)
    #expect(card?.playbackProgress == 30.0 / 596)
    #expect(card?.isPlaying == true)
    let shownHeader = header(tester.host.shownScreen?.stack.last)
    #expect(shownHeader?.playback?.elapsedTime == 30)
    #expect(shownHeader?.playback?.preferredPresentation == .video)
    await tester.end()
  }

  @Test("A pause the system causes shows on the car: Resume in the header, rate 0 on Now Playing")
  func systemPauseShows() async throws {
    let (engine, player) = mediaEngine()
    let tester = await connectedMediaApp(moving, engine: engine)
    var heard = await hearFilm(tester, bunny)
    await tester.playOn(&heard, steps: 3, patching: [Self.videos])
    player.interrupt(at: tester.clock.now)
    await tester.advanceTime(by: B.progressStep, operations: [])
    heard.status = .paused(.interruption)
    heard.anchorPosition = heard.position
    tester.receive(.tick)
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    tester.assertOperations([Self.videos, Self.nowPlaying])
    guard case .nowPlaying(let spec)? = tester.host.topTemplate?.content else {
      Issue.record("Now Playing expected on top")
      return
    }
    #expect(spec.info?.playbackRate == 0)
    let tab = tester.host.templates.first
    #expect(tab?.id == B.videosTab)
    #expect(header(tab)?.actionButtons.first?.title == "Resume")
    #expect(header(tab)?.playback?.playbackAction == .play)
    await tester.end()
  }

  @Test("A buffering stall keeps showing Pause on the car")
  func stallKeepsPause() async throws {
    let (engine, _) = mediaEngine { _ in .init(stalls: [.init(at: 10, lasting: .seconds(30))]) }
    let tester = await connectedMediaApp(engine: engine)
    await openDetail(tester, bunny)
    var heard = await playFilm(tester, bunny)
    await tester.playOn(&heard, steps: 1, patching: [Self.videos, Self.detail])
    // The stall at 10 s: the observation looks when it begins, and every step while it lasts.
    await tester.advanceTime(by: B.progressStep, operations: [])
    heard.status = .buffering
    heard.move(to: 10)
    heard.anchorPosition = 10
    tester.receive(.tick)
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    tester.assertOperations([Self.videos, Self.detail])
    await tester.playOn(&heard, steps: 2, patching: [], advancing: false)
    #expect(header(tester.host.topTemplate)?.actionButtons.first?.title == "Pause")
    #expect(header(tester.host.topTemplate)?.playback?.playbackAction == .pause)
    await tester.end()
  }

  @Test("A film that fails to load shows Retry and Play as Audio, and the fallback plays")
  func failureAndFallback() async throws {
    let (engine, _) = mediaEngine { $0.audioOnly ? .reliable : .init(failure: "no video rendition") }
    let tester = await connectedMediaApp(engine: engine)
    await openDetail(tester, sintel)
    await tester.tap(.primary(on: B.detailID), operations: [Self.videos, Self.detail])
    var heard = loading(sintel, as: .video)
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }
    await tester.advanceTime(by: .seconds(1), operations: [])
    heard.status = .failed("no video rendition")
    heard.failures[sintel] = "no video rendition"
    tester.receive(.tick)
    tester.receive(.observed(heard, recheckAfter: nil)) { $0.playback = heard }
    tester.assertOperations([Self.videos, Self.detail])
    #expect(items(tester.host.topTemplate).prefix(2).map(\.id) == [B.retryRow, B.audioFallbackRow])
    #expect(header(tester.host.topTemplate)?.actionButtons.first?.title == "Retry")
    await tester.tap(
      .playAsAudio,
      operations: [
        .popToRoot, .push(.nowPlaying, B.nowPlayingID), Self.videos, Self.audio, Self.nowPlaying,
      ]
    ) {
      $0.pages[B.videosTab] = [.nowPlaying]
    }
    heard = loading(sintel, as: .audio)
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }
    await tester.streamStarts(&heard, patching: [Self.videos])
    #expect(tester.host.topTemplate?.kind == .nowPlaying)
    #expect(!tester.host.isVideoPlaying)
    #expect(heard.presentation == .audio)
    await tester.end()
  }

  @Test("Disconnect and reconnect keep one state: same item, same place, Now Playing once")
  func reconnectKeepsState() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    var heard = await playChapter(tester, stave1)
    await tester.playOn(&heard, steps: 7, patching: [Self.audio])
    await tester.advanceTime(by: .seconds(4), operations: [])
    await tester.disconnect { $0.configuration = nil }
    #expect(tester.session.runningEffectCount == 0)
    tester.clock.advance(by: .seconds(20))
    // Reconnected 24 s after the last look: the chapter went on playing, and Now Playing is
    // back on the Audio tab, once.
    await tester.connect(
      parked,
      operations: [
        .setRoot(.tabBar, B.rootID), .push(.nowPlaying, B.nowPlayingID), Self.audio,
        Self.nowPlaying,
      ]
    ) {
      $0.configuration = parked
    }
    heard.move(to: heard.position + 24)
    heard.anchorPosition = heard.position
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    #expect(tester.host.templates.map(\.id) == [B.audioTab, B.nowPlayingID])
    guard case .nowPlaying(let spec)? = tester.host.topTemplate?.content else {
      Issue.record("Now Playing expected on top")
      return
    }
    #expect(spec.info?.title == "Stave 1: Marley's Ghost — A Christmas Carol")
    #expect((spec.info?.elapsedSeconds ?? 0) >= 39)
    #expect(tester.session.diagnostics.isEmpty, "\(tester.session.diagnostics)")
    await tester.end()
  }

  @Test("Now Playing is one template: a film heard on another tab does not push it again")
  func nowPlayingOnce() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(moving, engine: engine)
    _ = await playChapter(tester, stave1)
    await tester.drive({ try $0.selectTab(0) }, operations: []) { $0.selectedTab = B.videosTab }
    await openDetail(tester, bunny)
    // Moving: the film is heard; Now Playing stays where it is, on the Audio tab.
    await tester.tap(.primary(on: B.detailID), operations: [Self.videos, Self.audio, Self.detail])
    var heard = loading(bunny, as: .audio)
    heard.history = [stave1]  // what Previous goes back through (Now Playing's queue index)
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }
    await tester.streamStarts(&heard, patching: [Self.videos])
    let pushes = tester.host.transcript.entries.filter {
      if case .operation(.push(let t), _) = $0 { return t.kind == .nowPlaying }
      return false
    }
    #expect(pushes.count == 1)
    #expect(tester.host.topTemplate?.id == B.detailID)
    #expect(engine.state(in: PlaybackContext(now: tester.clock.now)).item == bunny)
    #expect(tester.session.diagnostics.isEmpty, "\(tester.session.diagnostics)")
    await tester.end()
  }

  @Test("Ten minutes of playback replace no root and patch at most 250 times")
  func tenMinutesOfUpdates() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    await openDetail(tester, bunny)
    let mark = tester.host.transcript.totalCount
    var heard = await playFilm(tester, bunny)
    // Two playing templates (the Videos tab and the detail page), one patch each per 5-second
    // progress step, until the film nears its end (596 s) at 591 s.
    await tester.playOn(&heard, steps: 118, patching: [Self.videos, Self.detail])
    await tester.advanceTime(by: B.progressStep, operations: [])
    heard.move(to: heard.position + 5)
    tester.receive(.tick)
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }
    tester.assertOperations([Self.videos, Self.detail])
    // The film ends; the next one of the series starts, as video, on the same templates.
    await tester.advanceTime(by: .seconds(1), operations: [])
    tester.receive(.tick)
    let next = try #require(heard.queue.first)
    var after = loading(next, as: .video)
    after.history = [bunny]  // what Previous goes back through (Now Playing's queue index)
    tester.receive(.observed(after, recheckAfter: .seconds(1))) { $0.playback = after }
    tester.assertOperations([Self.videos, Self.detail])
    await tester.streamStarts(&after, patching: [Self.videos, Self.detail])
    let entries = tester.host.transcript.entries.suffix(tester.host.transcript.totalCount - mark)
    let during = entries.compactMap { entry -> HostOperation? in
      if case .operation(let op, _) = entry { return op }
      return nil
    }
    let inPlace = during.allSatisfy { $0.isInPlaceUpdate }
    #expect(inPlace, "only in-place updates: \(during)")
    #expect(during.count <= 2 * 600 / 5 + 10, "\(during.count) updates")
    #expect(during.count >= 2 * 600 / 5 - 10, "\(during.count) updates")
    #expect(tester.host.isVideoPlaying)
    #expect(!tester.host.transcript.description.contains("down   "))
    await tester.end()
  }

  /// The flow of Journeys/media-no-video-car.journey: a car without video support shows the
  /// Audio tab alone; a chapter plays with Now Playing; back shows the row's progress and the
  /// Now Playing button, which brings Now Playing back.
  @Test("A car without video: a chapter plays, back shows its progress, Now Playing returns")
  func carWithoutVideo() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(audioOnlyCar, engine: engine)
    #expect(tester.host.topTemplate?.id == B.audioTab)
    await tester.tap(
      .item(stave1, on: B.audioTab),
      operations: [Self.audio, .push(.nowPlaying, B.nowPlayingID)]
    ) {
      $0.pages[B.audioTab] = [.nowPlaying]
    }
    var heard = loading(stave1, as: .audio)
    tester.receive(.observed(heard, recheckAfter: .seconds(1))) { $0.playback = heard }
    await tester.streamStarts(&heard, patching: [Self.audio])
    await tester.playOn(&heard, steps: 6, patching: [Self.audio])
    #expect(tester.host.topTemplate?.kind == .nowPlaying)
    // The host popped Now Playing; the tab already shows the row's progress and the button.
    await tester.drive({ try $0.back() }, operations: []) { $0.pages[B.audioTab] = [] }
    let row = items(tester.host.topTemplate).first { $0.id == MediaRoute.rowID(stave1) }
    #expect(row?.playbackProgress == 30.0 / 1200)
    #expect(tester.host.topTemplate?.navigationBar?.trailing.map(\.id) == [B.nowPlayingButton])
    await tester.tap(.nowPlaying, operations: [.push(.nowPlaying, B.nowPlayingID)]) {
      $0.pages[B.audioTab] = [.nowPlaying]
    }
    #expect(tester.host.topTemplate?.kind == .nowPlaying)
    await tester.end()
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

/// The queue and the other surfaces (Siri, Now Playing's buttons) as exhaustive specifications.
@MainActor
@Suite("Media app: the queue and the other surfaces")
struct MediaQueueTests {
  typealias B = MediaScreenBuilder
  typealias F = MediaFlowTests

  @Test("Add to Queue puts a film on Up Next, the header then reads Queued, and Up Next plays it")
  func addToQueue() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(moving, engine: engine)
    var heard = await F().playChapter(tester, stave1)
    await tester.drive({ try $0.back() }, operations: []) { $0.pages[B.audioTab] = [] }
    await tester.drive({ try $0.selectTab(0) }, operations: []) { $0.selectedTab = B.videosTab }
    await F().openDetail(tester, sintel)
    await tester.tap(.addToQueue(on: B.detailID), operations: [F.detail])
    heard.queue.append(sintel)
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    #expect(heard.queue.last == sintel)
    #expect(list(tester.host.topTemplate)?.detailsHeader?.actionButtons.last?.title == "Queued")
    #expect(list(tester.host.topTemplate)?.detailsHeader?.actionButtons.last?.isEnabled == false)
    #expect(engine.received.last?.command == .enqueue(sintel))
    await tester.end()
  }

  @Test("Siri's Resume goes through the same engine, with its origin")
  func siriResumes() async throws {
    let (engine, player) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    var heard = await F().playChapter(tester, stave1)
    await tester.playOn(&heard, steps: 1, patching: [F.audio])
    player.interrupt(at: tester.clock.now)
    await tester.drive({ try $0.say("Resume playback in Wayside Media") }, operations: [])
    heard.lastOrigin = .siri
    heard.resumePositions[stave1] = heard.position
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    await tester.playOn(&heard, steps: 1, patching: [F.audio])
    #expect(engine.received.last?.origin == .siri)
    #expect(heard.status == .playing)
    await tester.end()
  }

  @Test("Now Playing's buttons skip 15 s back, 30 s forward and step the rate")
  func nowPlayingButtons() async throws {
    let (engine, _) = mediaEngine()
    let tester = await connectedMediaApp(engine: engine)
    var heard = await F().playChapter(tester, stave1)
    await tester.playOn(&heard, steps: 12, patching: [F.audio])
    let before = heard.position
    #expect(before > 50)
    await tester.tap(.skipForward, operations: [F.audio, F.nowPlaying])
    heard.move(to: before + 30)
    heard.anchorPosition = heard.position
    heard.lastOrigin = .nowPlaying
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    await tester.tap(.skipBack, operations: [F.audio, F.nowPlaying])
    heard.move(to: before + 15)
    heard.anchorPosition = heard.position
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    await tester.tap(.rate, operations: [F.nowPlaying])
    heard.rate = 1.5
    tester.receive(.observed(heard, recheckAfter: B.progressStep)) { $0.playback = heard }
    #expect(heard.position == before + 15)
    #expect(engine.received.suffix(3).map(\.origin) == [.nowPlaying, .nowPlaying, .nowPlaying])
    guard case .nowPlaying(let spec)? = tester.host.topTemplate?.content else {
      Issue.record("Now Playing expected on top")
      return
    }
    #expect(spec.info?.elapsedSeconds == before + 15)
    #expect(spec.info?.playbackRate == 1.5)
    await tester.end()
  }
}
