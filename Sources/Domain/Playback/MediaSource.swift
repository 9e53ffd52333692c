import Foundation

/// Where a player reads an item from: a remote HTTPS stream or a file bundled with the app.
public struct MediaSource: Hashable, Sendable, CustomStringConvertible {
  /// Remote or bundled.
  public enum Location: Hashable, Sendable {
    /// An HTTPS stream.
    case remote(URL)
    /// A file in `Resources/media`, by name.
    case bundled(String)
  }
  /// The item this source plays.
  public var item: MediaItem.ID
  /// Where it is read from.
  public var location: Location
  /// Whether only the sound is wanted (a film heard as audio).
  public var audioOnly: Bool

  /// Creates a source.
  public init(item: MediaItem.ID, location: Location, audioOnly: Bool) {
    self.item = item
    self.location = location
    self.audioOnly = audioOnly
  }

  /// Whether the source needs the network.
  public var isRemote: Bool {
    if case .remote = location { return true }
    return false
  }

  /// `https://… (audio only)` or `bundled kenney_upgrade3.wav`.
  public var description: String {
    let place: String
    switch location {
    case .remote(let url): place = url.absoluteString
    case .bundled(let name): place = "bundled \(name)"
    }
    return audioOnly ? "\(place) (audio only)" : place
  }
}

/// Chooses where an item plays from: films from their remote HTTPS stream; sound from the
/// bundled copy when one ships (it plays offline), else from the remote stream.
///
/// It only chooses; it never opens a URL (tests and journeys never fetch anything).
public struct MediaURLResolver: Hashable, Sendable {
  /// Whether the phone is offline: only bundled sources can play then.
  public var isOffline: Bool

  /// Creates a resolver.
  public init(isOffline: Bool = false) { self.isOffline = isOffline }

  /// The source for `item` presented as `presentation`, or an error saying why none fits.
  public func source(for item: MediaItem, as presentation: Presentation)
    -> Result<MediaSource, MediaSourceError>
  {
    let audioOnly = presentation == .audio
    if item.kind == .video || presentation == .video {
      // Video (and a film heard as audio) streams: there is no bundled film.
      guard let url = item.streamURL else {
        return .failure(MediaSourceError(item: item.id, reason: "it has no stream"))
      }
      guard !isOffline else {
        return .failure(MediaSourceError(item: item.id, reason: "the phone is offline"))
      }
      return .success(MediaSource(item: item.id, location: .remote(url), audioOnly: audioOnly))
    }
    if let bundled = item.bundledResource {
      return .success(MediaSource(item: item.id, location: .bundled(bundled), audioOnly: true))
    }
    guard let url = item.streamURL else {
      return .failure(MediaSourceError(item: item.id, reason: "it has no stream"))
    }
    guard !isOffline else {
      return .failure(
        MediaSourceError(
          item: item.id, reason: "the phone is offline and no copy is bundled"))
    }
    return .success(MediaSource(item: item.id, location: .remote(url), audioOnly: true))
  }
}

/// No source fits an item.
public struct MediaSourceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The item.
  public var item: MediaItem.ID
  /// Why it cannot play.
  public var reason: String
  /// Creates an error.
  public init(item: MediaItem.ID, reason: String) {
    self.item = item
    self.reason = reason
  }
  /// `cannot play 'x': …`.
  public var description: String { "cannot play '\(item)': \(reason)" }
}
