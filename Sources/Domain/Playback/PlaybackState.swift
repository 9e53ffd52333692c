/// What the player is doing, as observed from the player (never assumed from commands sent).
public struct PlaybackState: Hashable, Sendable, CustomStringConvertible {
  /// Why playback is paused.
  public enum PauseCause: String, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Someone asked for a pause (any surface).
    case command
    /// The system interrupted the audio session (a call, Siri, a navigation prompt).
    case interruption
    /// The audio route went away (headphones out, the car's audio lost).
    case routeLost
    /// The car's own video player was taken down (video withdrawn while driving).
    case systemPlayer
    /// The raw value.
    public var description: String { rawValue }
  }

  /// The player's status.
  public enum Status: Hashable, Sendable, CustomStringConvertible {
    /// Nothing loaded.
    case idle
    /// The stream is opening.
    case loading
    /// Playing but waiting for data; counts as playing (the driver asked for sound).
    case buffering
    /// Playing.
    case playing
    /// Paused, and why.
    case paused(PauseCause)
    /// The item could not be loaded or played.
    case failed(String)
    /// The item played to its end and nothing is queued.
    case ended

    /// `idle`, `loading`, `paused (interruption)`, `failed: …`.
    public var description: String {
      switch self {
      case .idle: "idle"
      case .loading: "loading"
      case .buffering: "buffering"
      case .playing: "playing"
      case .paused(let cause): "paused (\(cause))"
      case .failed(let why): "failed: \(why)"
      case .ended: "ended"
      }
    }
  }

  /// The current item, if any.
  public var item: MediaItem.ID?
  /// The player's status.
  public var status: Status
  /// Seconds into the current item.
  public var position: Double
  /// The item's length, when known.
  public var duration: Double?
  /// Playback rate while playing (1 = normal speed).
  public var rate: Double
  /// How the current item is presented.
  public var presentation: Presentation?
  /// The position when the status, item or rate last changed: what Now Playing is told, since
  /// the system extrapolates elapsed time from the rate (carplay-facts.md §8).
  public var anchorPosition: Double
  /// Items queued after the current one (Up Next), in order.
  public var queue: [MediaItem.ID]
  /// Items played before the current one, oldest first: what Previous goes back through. With
  /// the current item and ``queue`` it is the playback queue Now Playing counts
  /// (`MPNowPlayingInfoPropertyPlaybackQueueIndex` is its length).
  public var history: [MediaItem.ID]
  /// Items that failed to load, with the reason, until they play again.
  public var failures: [MediaItem.ID: String]
  /// Where each item was left (seconds), for Resume.
  public var resumePositions: [MediaItem.ID: Double]
  /// The origin of the last command the engine carried out.
  public var lastOrigin: CommandOrigin?

  /// Creates a state.
  public init(
    item: MediaItem.ID? = nil, status: Status = .idle, position: Double = 0,
    duration: Double? = nil, rate: Double = 1, presentation: Presentation? = nil,
    anchorPosition: Double? = nil, queue: [MediaItem.ID] = [], history: [MediaItem.ID] = [],
    failures: [MediaItem.ID: String] = [:], resumePositions: [MediaItem.ID: Double] = [:],
    lastOrigin: CommandOrigin? = nil
  ) {
    self.item = item
    self.status = status
    self.position = position
    self.duration = duration
    self.rate = rate
    self.presentation = presentation
    self.anchorPosition = anchorPosition ?? position
    self.queue = queue
    self.history = history
    self.failures = failures
    self.resumePositions = resumePositions
    self.lastOrigin = lastOrigin
  }

  /// Nothing loaded.
  public static let idle = PlaybackState()

  /// Whether the driver hears (or is about to hear) the item: playing, buffering or loading.
  /// A buffering stall keeps showing Pause, since the driver asked for sound.
  public var isPlaying: Bool {
    switch status {
    case .playing, .buffering, .loading: true
    default: false
    }
  }

  /// Whether the current item is paused.
  public var isPaused: Bool {
    if case .paused = status { return true }
    return false
  }

  /// `playing 'x' 1:02/9:56 as video, 2 queued`.
  public var description: String {
    guard let item else { return "\(status)" }
    let length = duration.map { "/" + MediaItem.clock($0) } ?? ""
    let shown = presentation.map { " as \($0)" } ?? ""
    return
      "\(status) '\(item)' \(MediaItem.clock(position))\(length)\(shown), \(queue.count) queued"
  }
}
