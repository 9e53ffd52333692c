import CarSession
import CarTemplates
import Playback

/// The media app (audio + video): Videos and Audio tabs over an open catalogue, a detail page
/// per film, Now Playing with Up Next, and one ``PlaybackEngine`` behind every surface.
///
/// The reducer keeps only what the driver navigated to and what it last observed from the
/// engine; playback commands go to the engine in `run` effects and come back as observations
/// (never as assumed state).
public struct MediaApp: CarApp {
  /// What can happen.
  public enum Action: Equatable, Sendable {
    /// The car connected.
    case connected(SessionConfiguration)
    /// The car's configuration changed (video withdrawn or back, lists limited, day/night).
    case configurationChanged(SessionConfiguration)
    /// The car disconnected.
    case disconnected
    /// The catalogue load finished.
    case libraryLoaded(Result<MediaCatalogue, MediaCatalogueError>)
    /// Load the catalogue (again).
    case reloadLibrary
    /// The driver switched tabs.
    case tabSelected(TemplateID)
    /// The driver tapped a row or a header or Now Playing button.
    case tapped(MediaRoute)
    /// The host popped a template (back).
    case back(TemplateID)
    /// The driver tapped Up Next on Now Playing.
    case upNextPressed
    /// A playback command from any surface.
    case command(PlaybackCommand, CommandOrigin)
    /// What the engine reported, and when to look again (nil: nothing will change on its own).
    case observed(PlaybackState, recheckAfter: Duration?)
    /// Time to look at the engine again.
    case tick
    /// The driver closed the system video player.
    case videoPlayerClosed
  }

  /// Audio and video, the media pair Apple grants (carplay-facts.md §5).
  public static let entitlements = CarEntitlements([.audio, .video])
  /// The app's name as Siri hears it.
  public static let name = "Wayside Media"
  /// "Resume playback in Wayside Media".
  public static let shortcuts = [
    VoiceShortcut(phrase: "Resume playback in ${applicationName}", intent: "ResumePlayback")
  ]

  /// The services this value registers in its session's container.
  private var registered = CarDependencyOverrides()

  /// Creates the app; its effects find the engine and the catalogue in the dependency container
  /// (``PlaybackEngineKey``, ``MediaLibraryKey``).
  public init() {}

  /// Creates the app over an engine and a catalogue source, registered in its session's
  /// container unless the session's own overrides set others; without a library, the
  /// container's (``MediaLibraryKey``: the bundled catalogue live, the test's own in a test).
  public init(engine: PlaybackEngine, library: MediaLibraryClient? = nil) {
    registered[PlaybackEngineKey.self] = engine
    registered[MediaLibraryKey.self] = library
  }

  /// The engine and library the app was created over.
  public var dependencies: CarDependencyOverrides { registered }

  /// The timer id of the engine observation.
  public static let observeTimer = "observe-playback"

  // MARK: - Reducer

  /// Applies an action; the selected tab is then one the car shows.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    let effects = apply(action, to: &state)
    Self.selectShownTab(&state)
    return effects
  }

  /// Keeps the selected tab one the car shows: in a car without video support there is no
  /// Videos tab, and pages (Now Playing after a chapter's tap) kept under it would never be
  /// shown. The pages move with the selection to the first tab shown.
  static func selectShownTab(_ state: inout State) {
    guard let configuration = state.configuration, case .loaded(let catalogue) = state.library
    else { return }
    let shown = MediaScreenBuilder.tabIDs(catalogue, configuration)
    guard !shown.contains(state.selectedTab), let first = shown.first else { return }
    if let pages = state.pages.removeValue(forKey: state.selectedTab), !pages.isEmpty {
      state.pages[first, default: []] += pages
    }
    state.selectedTab = first
  }

  private func apply(_ action: Action, to state: inout State) -> [Effect<Action>] {
    switch action {
    case .connected(let configuration):
      state.configuration = configuration
      // Only the selected tab's pages come back with the new interface controller.
      state.pages = state.pages.filter { $0.key == state.selectedTab }
      var effects: [Effect<Action>] = [
        .run { clients in
          Self.observation(clients.playback, .current(clients), reanchoring: true)
        }
      ]
      if case .loaded = state.library {} else { effects.append(load(&state)) }
      if state.playback.presentation == .video, state.playback.item != nil {
        // The video player did not survive the disconnect: keep playing, heard.
        effects.append(perform(.present(.audio), .system))
        showNowPlaying(&state)
      }
      return effects
    case .configurationChanged(let configuration):
      state.configuration = configuration
      return adapt(&state, to: configuration)
    case .disconnected:
      state.configuration = nil
      return [.cancel(id: Self.observeTimer)]
    case .reloadLibrary:
      return [load(&state)]
    case .libraryLoaded(.success(let catalogue)):
      if state.isVideoPresented, case .loaded(let shown) = state.library,
        let configuration = state.configuration,
        MediaScreenBuilder.tabIDs(shown, configuration)
          != MediaScreenBuilder.tabIDs(catalogue, configuration)
      {
        state.pendingCatalogue = catalogue
        return []
      }
      return [apply(catalogue, to: &state)]
    case .libraryLoaded(.failure(let error)):
      if case .loaded = state.library { return [] }
      state.library = .failed(error.description)
      return []
    case .tabSelected(let tab):
      state.selectedTab = tab
      return []
    case .tapped(let route):
      return tap(route, &state)
    case .back(let popped):
      var pages = state.selectedPages
      if let index = pages.firstIndex(where: { templateID(of: $0) == popped }) {
        pages.removeSubrange(index...)
      }
      state.pages[state.selectedTab] = pages
      return []
    case .upNextPressed:
      if state.selectedPages.last == .nowPlaying, !state.playback.queue.isEmpty {
        state.pages[state.selectedTab, default: []].append(.upNext)
      }
      return []
    case .command(let command, let origin):
      return [perform(command, origin)]
    case .observed(let playback, let recheck):
      state.playback = playback
      if state.playback.queue.isEmpty, state.selectedPages.last == .upNext {
        state.pages[state.selectedTab]?.removeLast()
      }
      var effects: [Effect<Action>] = []
      if let pending = state.pendingCatalogue, !state.isVideoPresented {
        state.pendingCatalogue = nil
        effects.append(apply(pending, to: &state))
      }
      if let recheck, state.configuration != nil {
        effects.append(.schedule(id: Self.observeTimer, after: recheck, .tick))
      } else {
        effects.append(.cancel(id: Self.observeTimer))
      }
      return effects
    case .tick:
      return [observe()]
    case .videoPlayerClosed:
      // The driver closed the picture: the film pauses where it is and is no longer presented
      // as video (a closed system player pausing its item is the phone's behaviour; CarPlay's
      // is UNCONFIRMED, and pausing is the choice that never plays on unseen). Play on the
      // detail page asks for the video again.
      state.degradedFromVideo = false
      guard state.playback.item != nil else { return [] }
      return [
        .run { clients in
          let engine = clients.playback
          let context = PlaybackContext.current(clients)
          engine.perform(.pause, from: .system, in: context)
          engine.perform(.present(.audio), from: .system, in: context)
          return Self.observation(engine, context)
        }
      ]
    }
  }

  private func templateID(of page: Page) -> TemplateID {
    switch page {
    case .detail: MediaScreenBuilder.detailID
    case .nowPlaying: MediaScreenBuilder.nowPlayingID
    case .upNext: MediaScreenBuilder.upNextID
    }
  }

  private func load(_ state: inout State) -> Effect<Action> {
    if case .failed = state.library { state.library = .loading }
    // The container's library is the empty or failing one when the data-source switch says so.
    return .run { clients in .libraryLoaded(await clients.mediaLibrary.load()) }
  }

  private func apply(_ catalogue: MediaCatalogue, to state: inout State) -> Effect<Action> {
    state.library = .loaded(catalogue)
    return .run { clients in
      let engine = clients.playback
      engine.setCatalogue(catalogue)
      return Self.observation(engine, .current(clients))
    }
  }

  /// Video withdrawn while a film shows as video: keep playing, heard, with Now Playing;
  /// video back: show the film again.
  private func adapt(_ state: inout State, to configuration: SessionConfiguration)
    -> [Effect<Action>]
  {
    guard state.playback.item != nil else { return [] }
    if state.playback.presentation == .video, !configuration.isVideoAvailable {
      state.degradedFromVideo = true
      showNowPlaying(&state)
      return [perform(.present(.audio), .system)]
    }
    if state.degradedFromVideo, configuration.isVideoAvailable {
      state.degradedFromVideo = false
      return [perform(.present(.video), .system)]
    }
    return []
  }

  /// Shows Now Playing on the selected tab in place of a detail page: the audio + video
  /// category allows only 3 templates including the root (carplay-facts.md §2 gives video no
  /// depth; the kit's conservative 3), so tab → Now Playing → Up Next is the deepest flow —
  /// the pop-before-push pattern of carplay-facts.md §8. Now Playing is one shared template:
  /// it is never pushed where another tab already holds it.
  private func showNowPlaying(_ state: inout State) {
    guard !state.showsNowPlaying else { return }
    state.pages[state.selectedTab] = [.nowPlaying]
  }

  private func tap(_ route: MediaRoute, _ state: inout State) -> [Effect<Action>] {
    switch route {
    case .retryLibrary:
      return [load(&state)]
    case .retryPlayback:
      guard let item = detailItem(state) else { return [] }
      return play(item, &state)
    case .playAsAudio:
      guard let item = detailItem(state) else { return [] }
      showNowPlaying(&state)
      return [perform(.play(item.id, .audio), .car)]
    case .item(let id, let template):
      guard let item = state.catalogue.item(id) else { return [] }
      return select(item, on: template, &state)
    case .skipBack:
      return [perform(.skip(by: -MediaScreenBuilder.skipBackSeconds), .nowPlaying)]
    case .skipForward:
      return [perform(.skip(by: MediaScreenBuilder.skipForwardSeconds), .nowPlaying)]
    case .rate:
      let rates = MediaScreenBuilder.rates
      let next = rates.first { $0 > state.playback.rate + 0.01 } ?? rates[0]
      return [perform(.setRate(next), .nowPlaying)]
    case .nowPlaying:
      showNowPlaying(&state)
      return []
    case .addToQueue(let template):
      guard let item = headerItem(on: template, state) else { return [] }
      return [perform(.enqueue(item.id), .car)]
    case .primary(let template):
      guard let item = headerItem(on: template, state) else { return [] }
      switch MediaScreenBuilder.primaryAction(for: item, state.playback) {
      case .pause: return [perform(.pause, .car)]
      case .resume: return [perform(.resume, .car)]
      case .play, .retry: return play(item, &state)
      }
    }
  }

  private func select(_ item: MediaItem, on template: TemplateID, _ state: inout State)
    -> [Effect<Action>]
  {
    if template == MediaScreenBuilder.upNextID {
      if state.selectedPages.last == .upNext { state.pages[state.selectedTab]?.removeLast() }
      let presentation: Presentation =
        item.kind == .video && state.playback.presentation == .video ? .video : .audio
      return [perform(.play(item.id, presentation), .nowPlaying)]
    }
    if item.kind == .video {
      // A card opens the detail page and asks CarPlay for nothing; a related card replaces
      // the page (same template, patched in place).
      var pages = state.selectedPages
      if case .detail = pages.last { pages.removeLast() }
      pages.append(.detail(item.id))
      state.pages[state.selectedTab] = pages
      return []
    }
    showNowPlaying(&state)
    return [perform(.play(item.id, .audio), .car)]
  }

  /// The item a header on `template` shows: the detail page's, or the Videos tab's featured.
  private func headerItem(on template: TemplateID, _ state: State) -> MediaItem? {
    switch template {
    case MediaScreenBuilder.detailID: detailItem(state)
    case MediaScreenBuilder.videosTab:
      MediaScreenBuilder.featuredItem(among: state.catalogue.videos, state.playback)
    default: nil
    }
  }

  private func detailItem(_ state: State) -> MediaItem? {
    for page in state.selectedPages.reversed() {
      if case .detail(let id) = page { return state.catalogue.item(id) }
    }
    return nil
  }

  private func play(_ item: MediaItem, _ state: inout State) -> [Effect<Action>] {
    let configuration = state.configuration ?? SessionConfiguration()
    let presentation = MediaScreenBuilder.presentation(for: item, in: configuration)
    if presentation == .audio { showNowPlaying(&state) }
    state.degradedFromVideo = false
    return [perform(.play(item.id, presentation), .car)]
  }

  // MARK: - Engine

  private func perform(_ command: PlaybackCommand, _ origin: CommandOrigin) -> Effect<Action> {
    return .run { clients in
      let engine = clients.playback
      let context = PlaybackContext.current(clients)
      engine.perform(command, from: origin, in: context)
      return Self.observation(engine, context)
    }
  }

  private func observe() -> Effect<Action> {
    return .run { clients in Self.observation(clients.playback, .current(clients)) }
  }

  /// The engine's state now and when to look again: at the next change the player expects,
  /// and at least every ``MediaScreenBuilder/progressStep`` while an item is loaded.
  static func observation(
    _ engine: PlaybackEngine, _ context: PlaybackContext, reanchoring: Bool = false
  ) -> Action {
    let playback = engine.state(in: context, reanchoring: reanchoring)
    switch playback.status {
    case .idle, .failed, .ended:
      return .observed(playback, recheckAfter: nil)
    default:
      let step = MediaScreenBuilder.progressStep
      let next = engine.nextChange(after: context.now).map { $0 - context.now } ?? step
      return .observed(playback, recheckAfter: min(step, max(.milliseconds(1), next)))
    }
  }

  // MARK: - Screen and events

  /// The screen for a state: see ``MediaScreenBuilder``.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    MediaScreenBuilder.screen(state, configuration)
  }

  /// Host events as actions: lifecycle, tab switches, back, Up Next and Siri; taps arrive
  /// decoded, as ``MediaRoute``s.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .connected(let c): .connected(c)
    case .configurationChanged(let c): .configurationChanged(c)
    case .disconnected: .disconnected
    case .tabSelected(_, let template): .tabSelected(template)
    case .backPressed(let popped): .back(popped)
    case .upNextPressed: .upNextPressed
    case .voiceIntent("ResumePlayback"): .command(.resume, .siri)
    case .videoPlayerDismissed: .videoPlayerClosed
    default: nil
    }
  }

  /// Everything the screen can offer: every catalogue item on every list that shows items,
  /// the retry and fallback rows, the header buttons of the Videos tab and the detail page,
  /// and Now Playing's buttons.
  public func routes(_ state: State) -> [MediaRoute] {
    var routes: [MediaRoute] = [
      .retryLibrary, .retryPlayback, .playAsAudio, .skipBack, .skipForward, .rate, .nowPlaying,
    ]
    for template in [MediaScreenBuilder.videosTab, MediaScreenBuilder.detailID] {
      routes += [.primary(on: template), .addToQueue(on: template)]
    }
    for item in state.catalogue.items {
      routes += MediaRoute.itemLists.map { .item(item.id, on: $0) }
    }
    return routes
  }

  /// The action a tap means.
  public func action(for route: MediaRoute, in state: State) -> Action? { .tapped(route) }
}
