import CarSession
import CarTemplates
import Playback

/// What the driver can tap in the media app, with its typed data; ``address`` spells each as
/// the element id the host shows (an item's id on a list, `header-play`, `skip-back`, …).
public enum MediaRoute: CarRoute {
  /// A row naming a catalogue item on a list: a tab, the detail page's related items, Up Next.
  case item(MediaItem.ID, on: TemplateID)
  /// Retry on the library tab after the catalogue failed to load.
  case retryLibrary
  /// Retry on a detail page after its film failed to play.
  case retryPlayback
  /// Play as Audio on a detail page.
  case playAsAudio
  /// The header's primary button (Play, Pause, Resume or Retry) on a tab or detail page.
  case primary(on: TemplateID)
  /// Add to Queue in a header.
  case addToQueue(on: TemplateID)
  /// Now Playing's skip back, skip forward and rate buttons.
  case skipBack, skipForward, rate
  /// The Now Playing bar button on a tab or the detail page while an item is heard.
  case nowPlaying

  /// The element id the host shows, scoped to its template: the same item is a row on a tab
  /// and on Up Next, and means something else on each.
  public var address: RouteAddress {
    typealias B = MediaScreenBuilder
    switch self {
    case .item(let id, let template): return RouteAddress(Self.rowID(id), in: template)
    case .retryLibrary: return RouteAddress(B.retryLibraryRow, in: B.libraryTab)
    case .retryPlayback: return RouteAddress(B.retryRow, in: B.detailID)
    case .playAsAudio: return RouteAddress(B.audioFallbackRow, in: B.detailID)
    case .primary(let template): return RouteAddress(B.primaryButton, in: template)
    case .addToQueue(let template): return RouteAddress(B.queueButton, in: template)
    case .skipBack: return RouteAddress(B.skipBackButton)
    case .skipForward: return RouteAddress(B.skipForwardButton)
    case .rate: return RouteAddress(B.rateButton)
    case .nowPlaying: return RouteAddress(B.nowPlayingButton)
    }
  }

  /// An item's row id: the item's id as written.
  public static func rowID(_ id: MediaItem.ID) -> ElementID { ElementID(id.rawValue) }

  /// The templates that list catalogue items.
  static let itemLists: [TemplateID] = [
    MediaScreenBuilder.videosTab, MediaScreenBuilder.audioTab, MediaScreenBuilder.libraryTab,
    MediaScreenBuilder.detailID, MediaScreenBuilder.upNextID,
  ]
}
