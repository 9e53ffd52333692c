import CarSession
import CarTemplates
import Playback

extension MediaApp {
  /// The catalogue as the app has it.
  public enum Library: Hashable, Sendable {
    /// Not loaded yet.
    case loading
    /// Loaded (possibly empty).
    case loaded(MediaCatalogue)
    /// The load failed, with the reason.
    case failed(String)
  }

  /// A template the app pushes above a tab.
  public enum Page: Hashable, Sendable {
    /// A film's (or chapter's) detail page.
    case detail(MediaItem.ID)
    /// The shared Now Playing template.
    case nowPlaying
    /// The Up Next queue above Now Playing.
    case upNext
  }

  /// Everything the media app remembers; the screen is a pure function of it.
  public struct State: Equatable, Sendable {
    /// The catalogue.
    public var library: Library
    /// A catalogue that arrived while the system video player was showing; applied once it is
    /// gone, because changing the tabs replaces the root, which tears the player down.
    public var pendingCatalogue: MediaCatalogue?
    /// The selected tab's template id.
    public var selectedTab: TemplateID
    /// The pages pushed above each tab, by the tab's template id, bottom first.
    public var pages: [TemplateID: [Page]]
    /// The playback state as last observed from the engine.
    public var playback: PlaybackState
    /// Whether a film was moved to audio because the car withdrew video (it returns to video
    /// when the car allows video again).
    public var degradedFromVideo: Bool
    /// The car's configuration while connected.
    public var configuration: SessionConfiguration?

    /// Creates a state.
    public init(
      library: Library = .loading, pendingCatalogue: MediaCatalogue? = nil,
      selectedTab: TemplateID = MediaScreenBuilder.videosTab, pages: [TemplateID: [Page]] = [:],
      playback: PlaybackState = .idle, degradedFromVideo: Bool = false,
      configuration: SessionConfiguration? = nil
    ) {
      self.library = library
      self.pendingCatalogue = pendingCatalogue
      self.selectedTab = selectedTab
      self.pages = pages
      self.playback = playback
      self.degradedFromVideo = degradedFromVideo
      self.configuration = configuration
    }

    /// The loaded catalogue, or an empty one.
    public var catalogue: MediaCatalogue {
      if case .loaded(let catalogue) = library { return catalogue }
      return .empty
    }

    /// The pages above the selected tab.
    public var selectedPages: [Page] { pages[selectedTab] ?? [] }

    /// Whether Now Playing is on any tab's stack (it is one shared template).
    public var showsNowPlaying: Bool { pages.values.contains { $0.contains(.nowPlaying) } }

    /// Whether the system video player is showing: a film presented as video while the car
    /// allows video.
    public var isVideoPresented: Bool {
      playback.presentation == .video && playback.item != nil
        && (configuration?.isVideoAvailable ?? false)
        && {
          if case .failed = playback.status { return false }
          return playback.status != .idle
        }()
    }
  }
}
