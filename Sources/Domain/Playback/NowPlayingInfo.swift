import Foundation

/// What plays, as the system shows it: the one value both the emulated host's Now Playing and
/// iOS's `MPNowPlayingInfoCenter` are given (carplay-facts.md §8), computed from the engine's
/// observed state and the catalogue.
///
/// The elapsed time is the position at the last change of item, status, rate or a seek
/// (``PlaybackState/anchorPosition``) and the rate is 0 while paused: the system extrapolates
/// from there, so the value changes only when something a driver would notice changes.
public struct NowPlayingInfo: Hashable, Sendable {
  /// The item that plays.
  public var item: MediaItem.ID
  /// `MPMediaItemPropertyTitle`.
  public var title: String
  /// `MPMediaItemPropertyArtist`: who made it.
  public var artist: String?
  /// `MPMediaItemPropertyAlbumTitle`: the item's attribution line, so that CC BY credit
  /// travels with the title wherever it is shown (`Resources/media/README.md`).
  public var album: String?
  /// `MPMediaItemPropertyArtwork`'s image, when the catalogue has one.
  public var artworkURL: URL?
  /// `MPMediaItemPropertyPlaybackDuration`, when known.
  public var duration: Double?
  /// `MPNowPlayingInfoPropertyElapsedPlaybackTime`: seconds in, as of the last change.
  public var elapsed: Double
  /// `MPNowPlayingInfoPropertyPlaybackRate`: 0 while paused; loading and buffering count as
  /// playing (the driver asked for sound).
  public var rate: Double
  /// `MPNowPlayingInfoPropertyDefaultPlaybackRate`: the rate the item plays at when it plays.
  public var defaultRate: Double
  /// `MPNowPlayingInfoPropertyIsLiveStream`: no item of the catalogue is live.
  public var isLiveStream: Bool
  /// `MPNowPlayingInfoPropertyPlaybackQueueIndex`: how many items of the playback queue come
  /// before this one (those Previous goes back through).
  public var queueIndex: Int?
  /// `MPNowPlayingInfoPropertyPlaybackQueueCount`: the items played before, this one and those
  /// queued after it (Up Next).
  public var queueCount: Int?
  /// `MPNowPlayingInfoPropertyAssetURL`: the stream's URL, or for a bundled file its path in
  /// the app's resources (`media/kenney_upgrade3.wav`), as the engine's resolver chooses it.
  public var assetURL: String?

  /// Creates info.
  public init(
    item: MediaItem.ID, title: String, artist: String? = nil, album: String? = nil,
    artworkURL: URL? = nil, duration: Double? = nil, elapsed: Double = 0, rate: Double = 0,
    defaultRate: Double = 1, isLiveStream: Bool = false, assetURL: String? = nil,
    queueIndex: Int? = nil, queueCount: Int? = nil
  ) {
    self.queueIndex = queueIndex
    self.queueCount = queueCount
    self.assetURL = assetURL
    self.item = item
    self.title = title
    self.artist = artist
    self.album = album
    self.artworkURL = artworkURL
    self.duration = duration
    self.elapsed = elapsed
    self.rate = rate
    self.defaultRate = defaultRate
    self.isLiveStream = isLiveStream
  }

  /// The info for what the engine reports, or nil when nothing is loaded (or the catalogue
  /// lacks the item); `resolver` says where the item plays from (the engine's).
  public init?(
    _ playback: PlaybackState, in catalogue: MediaCatalogue,
    resolver: MediaURLResolver = MediaURLResolver()
  ) {
    guard let id = playback.item, let item = catalogue.item(id) else { return nil }
    self.init(
      item: id, title: item.title, artist: item.creator ?? item.series, album: item.attribution,
      artworkURL: item.artworkURL, duration: playback.duration ?? item.durationSeconds,
      elapsed: playback.anchorPosition, rate: playback.isPlaying ? playback.rate : 0,
      defaultRate: playback.rate,
      assetURL: Self.asset(item, as: playback.presentation ?? .audio, resolver: resolver),
      queueIndex: playback.history.count,
      queueCount: playback.history.count + 1 + playback.queue.count)
  }

  /// Where `item` plays from as `resolver` chooses it: the stream's URL, or `media/FILE` for a
  /// bundled file; nil when no source fits.
  public static func asset(
    _ item: MediaItem, as presentation: Presentation, resolver: MediaURLResolver
  ) -> String? {
    guard case .success(let source) = resolver.source(for: item, as: presentation) else {
      return nil
    }
    switch source.location {
    case .remote(let url): return url.absoluteString
    case .bundled(let name): return "media/" + name
    }
  }

  /// The elapsed time `seconds` after the info was published, as the system extrapolates it:
  /// on at the rate, never past the length.
  public func elapsed(after seconds: Double) -> Double {
    let moved = elapsed + max(0, seconds) * rate
    guard let duration, duration > 0 else { return moved }
    return min(moved, duration)
  }
}
