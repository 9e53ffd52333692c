import CarSession
import CarTemplates
import Playback

/// The media app's screens as pure functions of its state and the car's configuration: tabs,
/// cards, rows, the detail page, Now Playing and Up Next. Every rule of the app is a function
/// here, tested without a host.
public enum MediaScreenBuilder {
  /// The tab bar's id.
  public static let rootID: TemplateID = "media"
  /// The Videos tab (cards), present only in a car that supports video.
  public static let videosTab: TemplateID = "videos"
  /// The Audio tab (rows that play directly).
  public static let audioTab: TemplateID = "audio"
  /// The one tab of an empty, loading or failed library.
  public static let libraryTab: TemplateID = "library"
  /// The detail page.
  public static let detailID: TemplateID = "detail"
  /// The shared Now Playing template.
  public static let nowPlayingID: TemplateID = "now-playing"
  /// The Up Next list above Now Playing.
  public static let upNextID: TemplateID = "up-next"
  /// The details header's first button: Play, Pause, Resume or Retry.
  public static let primaryButton: ElementID = "header-play"
  /// The details header's second button: Add to Queue.
  public static let queueButton: ElementID = "add-to-queue"
  /// The detail page's row that loads a failed item again.
  public static let retryRow: ElementID = "retry"
  /// The detail page's row that plays a failed film as sound only.
  public static let audioFallbackRow: ElementID = "play-as-audio"
  /// The library tab's row that loads a failed catalogue again.
  public static let retryLibraryRow: ElementID = "retry-library"
  /// Now Playing: back 15 s.
  public static let skipBackButton: ElementID = "skip-back"
  /// Now Playing: forward 30 s.
  public static let skipForwardButton: ElementID = "skip-forward"
  /// Now Playing: the playback-rate button.
  public static let rateButton: ElementID = "rate"
  /// Seconds the skip-back button moves.
  public static let skipBackSeconds = 15.0
  /// Seconds the skip-forward button moves.
  public static let skipForwardSeconds = 30.0
  /// The bar button that returns to Now Playing while something is heard.
  public static let nowPlayingButton: ElementID = "now-playing"

  /// The navigation bar of the tabs and the detail page: Now Playing (trailing) while an item
  /// is heard and Now Playing is not on top — the control the fact sheet's system Now Playing
  /// button stands for (carplay-facts.md §1.8, §1.9), there in every car, whatever its tabs.
  public static func bar(_ state: MediaApp.State) -> NavigationBarSpec {
    let playback = state.playback
    guard playback.item != nil, playback.presentation == .audio,
      playback.isPlaying || playback.isPaused
    else { return NavigationBarSpec() }
    return NavigationBarSpec(trailing: [BarButtonSpec(id: nowPlayingButton, title: "Now Playing")])
  }

  /// The rates the rate button cycles through.
  public static let rates: [Double] = [1, 1.5, 2]

  /// How often the shown progress moves: rows and headers show the elapsed time rounded down
  /// to this step, so each playing template is patched at most once per step. A progress bar
  /// 300–600 px wide moves about one pixel per 2–4 s on a 10-minute film, so 5 s loses nothing
  /// a driver can see; Now Playing is not patched by progress at all, since the system
  /// extrapolates the elapsed time from the rate (carplay-facts.md §8).
  public static let progressStep: Duration = .seconds(5)

  // MARK: - Rules

  /// The tabs for a catalogue in a car: Videos (only with video support and films), then Audio
  /// (with audio items); an empty catalogue gets the one Library tab saying "Nothing to play".
  public static func tabIDs(_ catalogue: MediaCatalogue, _ configuration: SessionConfiguration)
    -> [TemplateID]
  {
    var tabs: [TemplateID] = []
    if configuration.supportsVideoPlayback, !catalogue.videos.isEmpty { tabs.append(videosTab) }
    if !catalogue.audio.isEmpty { tabs.append(audioTab) }
    return tabs.isEmpty ? [libraryTab] : tabs
  }

  /// How selecting a playable item asks to be presented: a film as video only when the car can
  /// show video now, else as audio; sound always as audio.
  public static func presentation(
    for item: MediaItem, in configuration: SessionConfiguration
  ) -> Presentation {
    item.kind == .video && configuration.supportsVideoPlayback && configuration.isVideoAvailable
      ? .video : .audio
  }

  /// The elapsed time a row or header shows for an item: the current item's position rounded
  /// down to ``progressStep``; every other item shows none.
  public static func shownElapsed(for item: MediaItem, _ playback: PlaybackState) -> Double {
    guard playback.item == item.id else { return 0 }
    let step = progressStep.seconds
    return (playback.position / step).rounded(.down) * step
  }

  /// The glyph an item shows: Pause for the current item while it plays (buffering included),
  /// Replay after it ended or failed to load (the host's video player then closes: it has
  /// nothing to show), Play otherwise.
  public static func action(for item: MediaItem, _ playback: PlaybackState)
    -> PlaybackConfigurationSpec.Action
  {
    if playback.failures[item.id] != nil, playback.item == item.id || playback.item == nil {
      return .replay
    }
    guard playback.item == item.id else { return .play }
    if playback.isPlaying { return .pause }
    return playback.status == .ended ? .replay : .play
  }

  /// The playback configuration of an item's element: `presentation` says what selecting it
  /// asks for (`none` for a card that opens a page); the glyph and progress follow playback,
  /// and every item keeps its duration so the bar has a scale — the catalogue's, else (an
  /// audiobook chapter the catalogue gives no length) the one the player found, as Now
  /// Playing shows it.
  public static func playbackConfiguration(
    for item: MediaItem, presentation: PlaybackConfigurationSpec.Presentation,
    _ playback: PlaybackState
  ) -> PlaybackConfigurationSpec {
    PlaybackConfigurationSpec(
      preferredPresentation: presentation, playbackAction: action(for: item, playback),
      elapsedTime: shownElapsed(for: item, playback), duration: duration(of: item, playback))
  }

  /// The item's length in seconds: the catalogue's, else the player's for the current item,
  /// else 0 (unknown).
  public static func duration(of item: MediaItem, _ playback: PlaybackState) -> Double {
    if let known = item.durationSeconds, known > 0 { return known }
    guard playback.item == item.id, let found = playback.duration, found > 0 else { return 0 }
    return found
  }

  /// The header's primary title: Retry after a failed load, Pause while the item plays, Resume
  /// for the paused current item with progress, else Play.
  public static func primaryActionTitle(for item: MediaItem, _ playback: PlaybackState) -> String {
    primaryAction(for: item, playback).title
  }

  /// What a header's primary button does for an item: Retry after a failure, Pause while it
  /// plays, Resume when paused part-way, else Play.
  public static func primaryAction(for item: MediaItem, _ playback: PlaybackState)
    -> PrimaryAction
  {
    if playback.failures[item.id] != nil { return .retry }
    guard playback.item == item.id else { return .play }
    if playback.isPlaying { return .pause }
    return playback.isPaused && playback.position > 0 ? .resume : .play
  }

  /// What a header's primary button does.
  public enum PrimaryAction: Hashable, Sendable {
    case play, pause, resume, retry

    /// The button's title.
    public var title: String {
      switch self {
      case .play: "Play"
      case .pause: "Pause"
      case .resume: "Resume"
      case .retry: "Retry"
      }
    }
  }

  /// The item a tab's header features: the one playing (or paused) among `items`, else the
  /// first.
  public static func featuredItem(among items: [MediaItem], _ playback: PlaybackState)
    -> MediaItem?
  {
    items.first { $0.id == playback.item } ?? items.first
  }

  /// The details header for an item: its artwork, title, facts and summary, exactly two
  /// buttons (the primary action and Add to Queue), and a playback configuration asking for
  /// the item's presentation (its Play starts it).
  public static func header(
    for item: MediaItem, _ playback: PlaybackState, _ configuration: SessionConfiguration
  ) -> ListDetailsHeaderSpec {
    let queued = playback.queue.contains(item.id)
    let presentation: PlaybackConfigurationSpec.Presentation =
      self.presentation(for: item, in: configuration) == .video ? .video : .audio
    return ListDetailsHeaderSpec(
      thumbnail: artwork(item), title: item.title, subtitle: facts(item),
      bodyVariants: TextVariants([item.summary, item.series].compactMap { $0 }),
      actionButtons: [
        BarButtonSpec(id: primaryButton, title: primaryActionTitle(for: item, playback)),
        BarButtonSpec(
          id: queueButton, title: queued ? "Queued" : "Add to Queue",
          isEnabled: !queued && playback.item != item.id),
      ],
      playback: playbackConfiguration(for: item, presentation: presentation, playback))
  }

  // MARK: - Rows

  /// A film's card on the Videos tab: artwork, facts with a status badge, progress for the
  /// current item, and a playback configuration that shows the glyph and progress but asks
  /// CarPlay to present nothing — selecting it pushes the detail page, and a `.video` request
  /// would race that push.
  public static func card(_ item: MediaItem, _ playback: PlaybackState) -> ListItemSpec {
    let config = playbackConfiguration(for: item, presentation: .none, playback)
    return ListItemSpec(
      id: MediaRoute.rowID(item.id), text: item.title,
      detailText: [badge(item, playback), facts(item)].compactMap { $0 }.joined(separator: " · "),
      image: artwork(item), accessory: .disclosureIndicator,
      playbackProgress: progress(config), isPlaying: playback.item == item.id && playback.isPlaying,
      playback: config)
  }

  /// A row that plays directly: sound (or a film heard as audio) — selecting it presents audio.
  public static func row(
    _ item: MediaItem, _ playback: PlaybackState,
    presentation: PlaybackConfigurationSpec.Presentation = .audio
  ) -> ListItemSpec {
    let config = playbackConfiguration(for: item, presentation: presentation, playback)
    let failed = playback.failures[item.id].map { _ in "Couldn't play — tap to retry" }
    return ListItemSpec(
      id: MediaRoute.rowID(item.id), text: item.title,
      detailText: failed
        ?? [badge(item, playback), item.formattedDuration].compactMap { $0 }
        .joined(separator: " · "),
      image: artwork(item), playbackProgress: progress(config),
      isPlaying: playback.item == item.id && playback.isPlaying, playback: config)
  }

  private static func progress(_ config: PlaybackConfigurationSpec) -> Double? {
    guard config.duration > 0, config.elapsedTime > 0 else { return nil }
    return min(1, config.elapsedTime / config.duration)
  }

  /// The item's image: `film` or `waveform`. The app bundles no per-item artwork asset (an
  /// `.asset` image of the item's id showed nothing in a car); Now Playing also carries the
  /// catalogue's remote artwork URL, which the iOS bridge downloads for `MPMediaItemArtwork`.
  private static func artwork(_ item: MediaItem) -> CarImage {
    .symbol(item.kind == .video ? "film" : "waveform")
  }

  /// `9:56 · 2008 · CC BY 3.0`.
  static func facts(_ item: MediaItem) -> String {
    [item.formattedDuration, item.year.map(String.init), item.licence].compactMap { $0 }
      .joined(separator: " · ")
  }

  private static func badge(_ item: MediaItem, _ playback: PlaybackState) -> String? {
    if playback.failures[item.id] != nil { return "Couldn't load" }
    guard playback.item == item.id else { return nil }
    switch playback.status {
    case .buffering, .loading: return "Loading"
    case .playing: return "Playing"
    case .paused: return "Paused"
    case .ended: return "Played"
    default: return nil
    }
  }

  // MARK: - Templates

  /// The tab templates for a state in a car.
  public static func tabs(_ state: MediaApp.State, _ configuration: SessionConfiguration)
    -> [TemplateSpec]
  {
    let catalogue = state.catalogue
    let playback = state.playback
    return tabIDs(catalogue, configuration).map { id -> TemplateSpec in
      switch id {
      case videosTab:
        let videos = catalogue.videos
        let sections = catalogue.series(of: .video).map { series in
          ListSectionSpec(header: series.name, items: series.items.map { card($0, playback) })
        }
        return .list(
          videosTab, tab: TabAppearance(title: "Videos", image: .symbol("film")),
          ListTemplateSpec(
            title: "Videos", sections: sections,
            detailsHeader: featuredItem(among: videos, playback).map {
              header(for: $0, playback, configuration)
            }, navigationBar: bar(state)))
      case audioTab:
        let sections = catalogue.series(of: .audio).map { series in
          ListSectionSpec(header: series.name, items: series.items.map { row($0, playback) })
        }
        return .list(
          audioTab, tab: TabAppearance(title: "Audio", image: .symbol("headphones")),
          ListTemplateSpec(title: "Audio", sections: sections, navigationBar: bar(state)))
      default:
        return libraryTemplate(state.library)
      }
    }
  }

  /// The one tab of a library with nothing to show: loading, failed (with Retry) or empty.
  static func libraryTemplate(_ library: MediaApp.Library) -> TemplateSpec {
    let tab = TabAppearance(title: "Library", image: .symbol("play.square.stack"))
    switch library {
    case .loading:
      return .list(
        libraryTab, tab: tab,
        ListTemplateSpec(
          title: "Library", sections: [], emptyViewTitleVariants: ["Loading…"],
          showsSpinnerWhileEmpty: true))
    case .failed(let reason):
      return .list(
        libraryTab, tab: tab,
        ListTemplateSpec(
          title: "Library",
          sections: [
            ListSectionSpec(
              header: "Couldn't load the library", headerSubtitle: reason,
              rows: [.item(ListItemSpec(id: retryLibraryRow, text: "Retry"))])
          ]))
    case .loaded:
      return .list(
        libraryTab, tab: tab,
        ListTemplateSpec(
          title: "Library", sections: [], emptyViewTitleVariants: ["Nothing to play"],
          emptyViewSubtitleVariants: [
            "There are no films or audio in the library yet.", "No films or audio yet.",
          ]))
    }
  }

  /// The detail page of an item: headed by it, a problem section with Retry (and, for a film,
  /// Play as Audio) after a failed load, the rest of its series of the same kind (never the
  /// item itself), and its credit line. Nil for an item the catalogue does not have.
  public static func detail(
    for id: MediaItem.ID, _ state: MediaApp.State, _ configuration: SessionConfiguration
  ) -> TemplateSpec? {
    let catalogue = state.catalogue
    guard let item = catalogue.item(id) else { return nil }
    let playback = state.playback
    var sections: [ListSectionSpec] = []
    if let failure = playback.failures[item.id] {
      let asked: PlaybackConfigurationSpec.Presentation =
        presentation(for: item, in: configuration) == .video ? .video : .audio
      var rows = [
        ListItemSpec(
          id: retryRow, text: "Retry",
          playback: PlaybackConfigurationSpec(
            preferredPresentation: asked, playbackAction: .replay,
            duration: item.durationSeconds ?? 0))
      ]
      if item.kind == .video {
        rows.append(
          ListItemSpec(
            id: audioFallbackRow, text: "Play as Audio", detailText: "Sound only",
            playback: PlaybackConfigurationSpec(
              preferredPresentation: .audio, playbackAction: .play,
              duration: item.durationSeconds ?? 0)))
      }
      sections.append(
        ListSectionSpec(
          header: "Couldn't load", headerSubtitle: failure, rows: rows.map(ListRowSpec.item)))
    }
    let related = catalogue.related(to: item)
    if !related.isEmpty {
      sections.append(
        ListSectionSpec(
          header: "More from \(item.series)",
          items: related.map { $0.kind == .video ? card($0, playback) : row($0, playback) }))
    }
    sections.append(
      ListSectionSpec(
        header: "Credits",
        items: [ListItemSpec(id: "credit", text: item.attribution, isEnabled: false)]))
    return .list(
      detailID,
      ListTemplateSpec(
        title: item.title, sections: sections,
        detailsHeader: header(for: item, playback, configuration), navigationBar: bar(state)))
  }

  /// The shared Now Playing template: back 15 s, forward 30 s and the rate (3 of the 5
  /// buttons allowed), Up Next while a queue exists, and the info the app publishes
  /// (``nowPlayingInfo(_:)``) — the system draws from the published info, so the template's own
  /// copy is the same value.
  public static func nowPlaying(_ state: MediaApp.State) -> TemplateSpec? {
    let playback = state.playback
    guard let info = nowPlayingInfo(state) else { return nil }
    return .nowPlaying(
      nowPlayingID,
      NowPlayingTemplateSpec(
        buttons: [
          NowPlayingButtonSpec(id: skipBackButton, kind: .image(.symbol("gobackward.15"))),
          NowPlayingButtonSpec(id: skipForwardButton, kind: .image(.symbol("goforward.30"))),
          NowPlayingButtonSpec(id: rateButton, kind: .playbackRate),
        ],
        isUpNextButtonEnabled: !playback.queue.isEmpty,
        upNextTitle: playback.queue.isEmpty ? nil : "Up Next",
        info: info))
  }

  /// What the app publishes to the system's Now Playing (`MPNowPlayingInfoCenter`,
  /// carplay-facts.md §8) while an item is loaded: the engine's ``NowPlayingInfo`` — the same
  /// value the iOS app publishes — with the item's artwork. The elapsed time is the one at the
  /// last change of status, item, rate or a seek, with the rate (0 while paused; buffering
  /// keeps it, as the rows keep Pause): the system extrapolates from there, on every screen
  /// that shows it, at every moment.
  public static func nowPlayingInfo(_ state: MediaApp.State) -> NowPlayingInfoSpec? {
    guard let info = NowPlayingInfo(state.playback, in: state.catalogue),
      let item = state.catalogue.item(info.item)
    else { return nil }
    return NowPlayingInfoSpec(
      title: info.title, artist: info.artist, album: info.album, artwork: artwork(item),
      durationSeconds: info.duration, elapsedSeconds: info.elapsed, playbackRate: info.rate,
      isLiveStream: info.isLiveStream, defaultPlaybackRate: info.defaultRate,
      assetURL: info.assetURL, queueIndex: info.queueIndex, queueCount: info.queueCount,
      artworkURL: info.artworkURL?.absoluteString)
  }

  /// The commands the app has `MPRemoteCommandCenter` targets for: every one the system
  /// sends to a media app, skipping by this screen's 30 s and 15 s and changing the rate among
  /// ``rates`` (carplay-facts.md §8).
  public static let remoteCommands = RemoteCommandTargets(
    commands: Set(RemoteCommand.Kind.allCases), skipForwardInterval: skipForwardSeconds,
    skipBackwardInterval: skipBackSeconds, supportedRates: rates)

  /// The Up Next list: the queue in order; selecting a row plays it.
  public static func upNext(_ state: MediaApp.State) -> TemplateSpec? {
    let items = state.playback.queue.compactMap(state.catalogue.item)
    guard !items.isEmpty else { return nil }
    let presentation: PlaybackConfigurationSpec.Presentation =
      state.playback.presentation == .video ? .video : .audio
    return .list(
      upNextID,
      ListTemplateSpec(
        title: "Up Next",
        sections: [
          ListSectionSpec(items: items.map { row($0, state.playback, presentation: presentation) })
        ]))
  }

  /// The whole screen: the tab bar and the selected tab's pages (a page whose content is gone
  /// — an unknown item, an empty queue — ends the stack there).
  public static func screen(_ state: MediaApp.State, _ configuration: SessionConfiguration)
    -> CarScreen
  {
    let tabs = tabs(state, configuration)
    let selected = tabs.firstIndex { $0.id == state.selectedTab } ?? 0
    let root = TemplateSpec.tabBar(rootID, TabBarTemplateSpec(tabs: tabs, selectedIndex: selected))
    var stack: [TemplateSpec] = []
    let tabID = tabs.indices.contains(selected) ? tabs[selected].id : state.selectedTab
    for page in state.pages[tabID] ?? [] {
      let template: TemplateSpec? =
        switch page {
        case .detail(let id): detail(for: id, state, configuration)
        case .nowPlaying: nowPlaying(state)
        case .upNext: upNext(state)
        }
      guard let template else { break }
      stack.append(template)
    }
    return CarScreen(
      root: root, stack: stack, nowPlayingInfo: nowPlayingInfo(state),
      remoteCommands: remoteCommands)
  }
}
