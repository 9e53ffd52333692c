import CarSession
import CarTemplates
import MediaCar
import Playback
import Testing

@Suite("Media screens: the template rules as pure builder functions")
struct MediaScreenBuilderTests {
  typealias B = MediaScreenBuilder

  // MARK: - Tabs

  @Test("A car without video support gets no Videos tab")
  func noVideosTabWithoutSupport() {
    #expect(tabs(B.screen(state(), audioOnlyCar)).map(\.id) == [B.audioTab])
  }

  @Test("A car with video support gets both tabs, Videos first — parked or moving")
  func bothTabsWithSupport() {
    #expect(tabs(B.screen(state(), parked)).map(\.id) == [B.videosTab, B.audioTab])
    #expect(tabs(B.screen(state(), moving)).map(\.id) == [B.videosTab, B.audioTab])
  }

  @Test("An empty catalogue gives one real 'Nothing to play' list, never an empty tab bar")
  func emptyCatalogueSaysNothingToPlay() {
    let screen = B.screen(state(catalogue: .empty), parked)
    let only = tabs(screen)
    #expect(only.map(\.id) == [B.libraryTab])
    #expect(list(only.first)?.emptyViewTitleVariants.preferred == "Nothing to play")
    #expect(list(only.first)?.itemCount == 0)
  }

  @Test("A single remaining tab stays a tab bar of one, so the root never changes kind")
  func singleTabStaysATabBar() throws {
    let screen = B.screen(state(), audioOnlyCar)
    #expect(screen.root.kind == .tabBar)
    #expect(tabs(screen).count == 1)
    let films = try MediaCatalogue(items: bundledCatalogue.videos)
    #expect(B.screen(state(catalogue: films), audioOnlyCar).root.kind == .tabBar)
  }

  @Test("A loading library shows a spinner and a failed one offers Retry")
  func loadingAndFailedLibrary() {
    let loading = B.screen(MediaApp.State(), parked)
    #expect(list(tabs(loading).first)?.showsSpinnerWhileEmpty == true)
    let failed = B.screen(MediaApp.State(library: .failed("disk error")), parked)
    #expect(items(tabs(failed).first).map(\.id) == [B.retryLibraryRow])
    #expect(list(tabs(failed).first)?.sections.first?.headerSubtitle == "disk error")
  }

  // MARK: - Presentation

  @Test("A video item asks for video only when the car can show it now, else audio")
  func videoDegradesToAudio() {
    #expect(B.presentation(for: item(sintel), in: parked) == .video)
    #expect(B.presentation(for: item(sintel), in: moving) == .audio)
    #expect(B.presentation(for: item(sintel), in: audioOnlyCar) == .audio)
  }

  @Test("An audio item never asks for video, even in a parked video-capable car")
  func audioNeverAsksForVideo() {
    #expect(B.presentation(for: item(stave1), in: parked) == .audio)
    let header = B.header(for: item(stave1), .idle, parked)
    #expect(header.playback?.preferredPresentation == .audio)
  }

  // MARK: - Progress and glyphs

  @Test("Only the current item reports progress; the others keep their duration for the scale")
  func onlyCurrentItemReportsProgress() {
    let playback = playing(bunny, at: 42)
    let current = B.playbackConfiguration(for: item(bunny), presentation: .none, playback)
    let other = B.playbackConfiguration(for: item(sintel), presentation: .none, playback)
    #expect(current.elapsedTime == 40)
    #expect(other.elapsedTime == 0)
    #expect(other.duration == 888)
    #expect(B.card(item(sintel), playback).playbackProgress == nil)
    #expect(B.card(item(bunny), playback).playbackProgress == 40.0 / 596)
  }

  @Test("Shown progress moves in 5-second steps, so a playing template changes once per step")
  func progressIsQuantised() {
    let values = stride(from: 0.0, to: 30, by: 0.5).map {
      B.shownElapsed(for: item(bunny), playing(bunny, at: $0))
    }
    #expect(Set(values) == [0, 5, 10, 15, 20, 25])
  }

  @Test("The current item shows Pause while playing and Play while paused")
  func glyphFollowsPlayback() {
    #expect(B.action(for: item(bunny), playing(bunny, at: 10)) == .pause)
    #expect(B.action(for: item(bunny), paused(bunny, at: 10)) == .play)
    #expect(B.action(for: item(sintel), playing(bunny, at: 10)) == .play)
  }

  @Test("A buffering stall and a load in progress keep showing Pause")
  func bufferingShowsPause() {
    var playback = playing(bunny, at: 10)
    playback.status = .buffering
    #expect(B.action(for: item(bunny), playback) == .pause)
    #expect(B.primaryActionTitle(for: item(bunny), playback) == "Pause")
    playback.status = .loading
    #expect(B.action(for: item(bunny), playback) == .pause)
  }

  // MARK: - Header

  @Test("The header features whatever is playing, not merely the first item")
  func headerFeaturesCurrentItem() {
    #expect(B.featuredItem(among: bundledCatalogue.videos, playing(sintel, at: 5))?.id == sintel)
    let videos = list(tabs(B.screen(state(playing(sintel, at: 5)), parked)).first)
    #expect(videos?.detailsHeader?.title == "Sintel")
  }

  @Test("With nothing playing the header falls back to the first item")
  func headerFallsBackToFirst() {
    #expect(B.featuredItem(among: bundledCatalogue.videos, .idle)?.id == bunny)
    #expect(B.featuredItem(among: bundledCatalogue.videos, playing(stave1, at: 5))?.id == bunny)
  }

  @Test(
    "The primary action reads Play, Pause, Resume or Retry as appropriate",
    arguments: [
      ("idle", PlaybackState.idle, "Play"),
      ("playing", playing(bunny, at: 10), "Pause"),
      ("paused with progress", paused(bunny, at: 10), "Resume"),
      ("paused at the start", paused(bunny, at: 0), "Play"),
      ("another item playing", playing(sintel, at: 10), "Play"),
      (
        "failed", PlaybackState(item: bunny, status: .failed("x"), failures: [bunny: "x"]),
        "Retry"
      ),
    ])
  func primaryTitle(_ name: String, _ playback: PlaybackState, _ expected: String) {
    #expect(B.primaryActionTitle(for: item(bunny), playback) == expected, "\(name)")
  }

  @Test("A details header offers exactly two actions: the primary and Add to Queue")
  func headerOffersTwoActions() {
    for playback in [PlaybackState.idle, playing(bunny, at: 3), paused(bunny, at: 3)] {
      let header = B.header(for: item(bunny), playback, parked)
      #expect(header.actionButtons.count == 2)
      #expect(header.actionButtons.first?.id == B.primaryButton)
      #expect(header.actionButtons.last?.title == "Add to Queue")
    }
  }

  // MARK: - Selection contract

  @Test(
    "Cards that open a detail page never ask CarPlay to present playback, yet keep glyph and progress"
  )
  func cardsDoNotPresentPlayback() {
    let videos = tabs(B.screen(state(playing(bunny, at: 61)), parked)).first
    let cards = items(videos)
    #expect(cards.count == 6)
    #expect(
      cards.allSatisfy {
        $0.playback?.preferredPresentation == PlaybackConfigurationSpec.Presentation.none
      })
    #expect(
      cards.allSatisfy { $0.playback?.playbackAction != PlaybackConfigurationSpec.Action.none })
    #expect(cards.first?.playback?.playbackAction == .pause)
    #expect(cards.first?.playback?.elapsedTime == 60)
    #expect(cards.allSatisfy { $0.accessory == .disclosureIndicator })
  }

  @Test("The detail header asks for video in a parked car, since its Play starts it")
  func detailHeaderPresentsVideo() {
    let detail = B.detail(for: bunny, state(), parked)
    #expect(list(detail)?.detailsHeader?.playback?.preferredPresentation == .video)
    let whileMoving = B.detail(for: bunny, state(), moving)
    #expect(list(whileMoving)?.detailsHeader?.playback?.preferredPresentation == .audio)
  }

  @Test("Audio rows present audio directly — no detail page in between")
  func audioRowsPresentAudio() {
    let audio = tabs(B.screen(state(), parked)).last
    let rows = items(audio)
    #expect(rows.count == 6)
    #expect(rows.allSatisfy { $0.playback?.preferredPresentation == .audio })
    #expect(rows.allSatisfy { $0.accessory == ListAccessory.none })
  }

  // MARK: - Detail page

  @Test("Selecting a card builds a detail page headed by that item")
  func detailHeadedBySelectedItem() {
    let detail = B.detail(for: sintel, state(), parked)
    #expect(detail?.title == "Sintel")
    #expect(list(detail)?.detailsHeader?.title == "Sintel")
  }

  @Test("The detail page lists the rest of the series, never itself")
  func detailListsTheRest() {
    let rows = items(B.detail(for: sintel, state(), parked)).map(\.id).filter { $0 != "credit" }
    #expect(rows.count == 5)
    #expect(!rows.contains(ElementID(sintel.rawValue)))
    #expect(rows.first == ElementID(bunny.rawValue))
  }

  @Test("Related items are of the same kind: a chapter lists chapters, not films or the chime")
  func detailKeepsKindsAndSeries() {
    let rows = items(B.detail(for: stave1, state(), parked)).map(\.id).filter { $0 != "credit" }
    #expect(rows == (2...5).map { ElementID("librivox-christmas-carol-0\($0)") })
  }

  @Test("An unknown item id yields no detail page rather than an empty one")
  func unknownItemHasNoPage() {
    #expect(B.detail(for: "no-such-film", state(), parked) == nil)
    let screen = B.screen(state(pages: [B.videosTab: [.detail("no-such-film")]]), parked)
    #expect(screen.stack.isEmpty)
  }

  @Test("The detail header carries the item's own playback state")
  func detailHeaderTracksPlayback() {
    let header = list(B.detail(for: bunny, state(playing(bunny, at: 33)), parked))?.detailsHeader
    #expect(header?.playback?.playbackAction == .pause)
    #expect(header?.playback?.elapsedTime == 30)
    #expect(header?.actionButtons.first?.title == "Pause")
  }

  @Test(
    "The detail header's primary button follows playback, so a paused item never reads Pause",
    arguments: [
      (PlaybackState.idle, "Play", PlaybackConfigurationSpec.Action.play),
      (playing(bunny, at: 8), "Pause", .pause),
      (paused(bunny, at: 8), "Resume", .play),
    ])
  func detailHeaderButtonFollowsPlayback(
    _ playback: PlaybackState, _ title: String, _ action: PlaybackConfigurationSpec.Action
  ) {
    let header = list(B.detail(for: bunny, state(playback), parked))?.detailsHeader
    #expect(header?.actionButtons.first?.title == title)
    #expect(header?.playback?.playbackAction == action)
  }

  @Test("A film that failed to load offers Retry and Play as Audio; a failed chapter says retry")
  func failedItemsOfferRecovery() {
    let failedFilm = PlaybackState(
      item: bunny, status: .failed("the stream did not load"),
      failures: [bunny: "the stream did not load"])
    let detail = list(B.detail(for: bunny, state(failedFilm), parked))
    #expect(detail?.sections.first?.header == "Couldn't load")
    #expect(detail?.sections.first?.headerSubtitle == "the stream did not load")
    #expect(
      items(B.detail(for: bunny, state(failedFilm), parked)).prefix(2).map(\.id)
        == [B.retryRow, B.audioFallbackRow])
    #expect(detail?.detailsHeader?.actionButtons.first?.title == "Retry")
    #expect(B.card(item(bunny), failedFilm).detailText?.hasPrefix("Couldn't load") == true)
    let failedChapter = PlaybackState(
      item: stave1, status: .failed("offline"), failures: [stave1: "offline"])
    #expect(B.row(item(stave1), failedChapter).detailText == "Couldn't play — tap to retry")
    #expect(
      !items(B.detail(for: stave1, state(failedChapter), parked)).map(\.id).contains(
        B.audioFallbackRow))
  }

  @Test("The detail page shows the item's credit line")
  func detailShowsCredit() {
    let credit = items(B.detail(for: sintel, state(), parked)).last
    #expect(credit?.text == "(c) copyright Blender Foundation | www.sintel.org")
    #expect(credit?.isEnabled == false)
  }

  // MARK: - Now Playing

  @Test("Now Playing has at most 5 buttons, Up Next only with a queue, and the engine's metadata")
  func nowPlayingRules() throws {
    var playback = playing(stave1, at: 47, as: .audio)
    playback.anchorPosition = 40
    playback.rate = 1.5
    playback.queue = [stave2]
    let template = try #require(B.nowPlaying(state(playback)))
    guard case .nowPlaying(let spec) = template.content else {
      Issue.record("not Now Playing")
      return
    }
    #expect(spec.buttons.count <= 5)
    #expect(spec.isUpNextButtonEnabled)
    #expect(spec.info?.title == "Stave 1: Marley's Ghost — A Christmas Carol")
    #expect(spec.info?.elapsedSeconds == 40)
    #expect(spec.info?.playbackRate == 1.5)
    playback.queue = []
    playback.status = .paused(.interruption)
    guard case .nowPlaying(let alone)? = B.nowPlaying(state(playback))?.content else { return }
    #expect(!alone.isUpNextButtonEnabled)
    #expect(alone.info?.playbackRate == 0)
    #expect(B.nowPlaying(state(.idle)) == nil)
  }

  @Test("Now Playing is not changed by progress alone: the system extrapolates from the rate")
  func nowPlayingIgnoresProgress() {
    var early = playing(stave1, at: 10, as: .audio)
    early.anchorPosition = 2
    var later = early
    later.position = 300
    #expect(B.nowPlaying(state(early)) == B.nowPlaying(state(later)))
  }
}
