import Foundation

/// What the system's Now Playing shows for the current item: the one value from which the car's
/// Now Playing template, the emulated host and, on a phone, `MPNowPlayingInfoCenter` are fed.
///
/// It is computed from the engine's ``PlaybackState`` and the catalogue, never from the command
/// that was sent: a pause the system caused shows rate 0 because the player says so. The elapsed
/// time is the position at the last change of item, status, rate or seek
/// (``PlaybackState/anchorPosition``) and the rate is what the system extrapolates from
/// (carplay-facts.md §8), so a value only changes — and only needs publishing again — when one
/// of those changes, not as the position advances.
public struct NowPlayingInfo: Hashable, Sendable, CustomStringConvertible {
  /// The item playing.
  public var item: MediaItem.ID
  /// Its display title (`MPMediaItemPropertyTitle`).
  public var title: String
  /// Who made it, else its series (`MPMediaItemPropertyArtist`).
  public var artist: String
  /// The series it belongs to (`MPMediaItemPropertyAlbumTitle`).
  public var album: String
  /// An SF Symbol that always exists: `film` for films, `waveform` for sound. Shown until (or
  /// instead of) ``artworkURL``'s image; the app bundles no per-item artwork asset.
  public var artworkSymbol: String
  /// The item's remote artwork, when the catalogue names one (HTTPS).
  public var artworkURL: URL?
  /// The length in seconds; nil for a live stream or an unknown length.
  public var duration: Double?
  /// Seconds played at the last change (`MPNowPlayingInfoPropertyElapsedPlaybackTime`).
  public var elapsed: Double
  /// The rate the system extrapolates with: the player's rate while the driver hears (or is
  /// about to hear) the item — buffering included — else 0 (`MPNowPlayingInfoPropertyPlaybackRate`).
  public var rate: Double
  /// The rate playback resumes at (`MPNowPlayingInfoPropertyDefaultPlaybackRate`): the chosen
  /// speed, also while paused.
  public var defaultRate: Double
  /// Whether the item has no known length (`MPNowPlayingInfoPropertyIsLiveStream`).
  public var isLiveStream: Bool
  /// The item's place in the playback queue the app exposes — the current item followed by Up
  /// Next — so always 0 (`MPNowPlayingInfoPropertyPlaybackQueueIndex`).
  public var queueIndex: Int
  /// The current item plus the items in Up Next (`MPNowPlayingInfoPropertyPlaybackQueueCount`).
  public var queueCount: Int
  /// Whether it is shown as a film or heard (`MPNowPlayingInfoPropertyMediaType`).
  public var presentation: Presentation

  /// Creates a value from its fields.
  public init(
    item: MediaItem.ID, title: String, artist: String, album: String, artworkSymbol: String,
    artworkURL: URL? = nil, duration: Double?, elapsed: Double, rate: Double,
    defaultRate: Double, isLiveStream: Bool, queueIndex: Int = 0, queueCount: Int,
    presentation: Presentation
  ) {
    self.item = item
    self.title = title
    self.artist = artist
    self.album = album
    self.artworkSymbol = artworkSymbol
    self.artworkURL = artworkURL
    self.duration = duration
    self.elapsed = elapsed
    self.rate = rate
    self.defaultRate = defaultRate
    self.isLiveStream = isLiveStream
    self.queueIndex = queueIndex
    self.queueCount = queueCount
    self.presentation = presentation
  }

  /// What Now Playing shows for `state`, or nil when nothing is loaded (Now Playing is cleared)
  /// or the item is not in `catalogue`.
  public init?(state: PlaybackState, catalogue: MediaCatalogue) {
    guard let id = state.item, let item = catalogue.item(id) else { return nil }
    let duration = item.durationSeconds ?? state.duration
    self.init(
      item: id, title: item.title, artist: item.creator ?? item.series, album: item.series,
      artworkSymbol: Self.symbol(for: item), artworkURL: item.artworkURL, duration: duration,
      elapsed: max(0, state.anchorPosition), rate: state.isPlaying ? state.rate : 0,
      defaultRate: state.rate, isLiveStream: duration == nil, queueIndex: 0,
      queueCount: 1 + state.queue.count, presentation: state.presentation ?? .audio)
  }

  /// The symbol shown for an item: `film` or `waveform`.
  public static func symbol(for item: MediaItem) -> String {
    item.kind == .video ? "film" : "waveform"
  }

  /// `'Sintel' by Blender Foundation 1:02/14:48 ×1.0, 1 of 3`.
  public var description: String {
    let length = duration.map { "/" + MediaItem.clock($0) } ?? " (live)"
    return
      "'\(title)' by \(artist) \(MediaItem.clock(elapsed))\(length) ×\(rate), \(queueIndex + 1) of \(queueCount)"
  }
}
