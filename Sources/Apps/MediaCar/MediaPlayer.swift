import CarSession
import Playback

/// The conditions a command or observation happens under: the time on the session's clock and
/// how the network behaves (the session's data-source mode).
public struct PlaybackContext: Hashable, Sendable {
  /// Time on the session's clock.
  public var now: Duration
  /// `normal`, `empty` (treated as normal for streams) or `failing` (remote streams fail).
  public var network: DataSourceMode

  /// Creates a context.
  public init(now: Duration, network: DataSourceMode = .normal) {
    self.now = now
    self.network = network
  }

  /// The context of a session's clients right now.
  public static func current(_ clients: CarClients) -> PlaybackContext {
    PlaybackContext(now: clients.clock.now(), network: clients.dataSource.mode)
  }
}

/// What a player reports about itself.
public struct PlayerObservation: Hashable, Sendable {
  /// The loaded source, if any.
  public var source: MediaSource?
  /// Loading, buffering, playing, paused (and why), failed or ended.
  public var status: PlaybackState.Status
  /// Seconds into the source.
  public var position: Double
  /// The source's length, when known.
  public var duration: Double?
  /// The playback rate.
  public var rate: Double

  /// Creates an observation.
  public init(
    source: MediaSource?, status: PlaybackState.Status, position: Double, duration: Double?,
    rate: Double
  ) {
    self.source = source
    self.status = status
    self.position = position
    self.duration = duration
    self.rate = rate
  }
}

/// A media player behind a seam: AVFoundation in `Apps/`, ``SimulatedMediaPlayer`` on Linux and
/// in tests. Time is passed in, so a simulated player is a pure function of the clock.
public protocol MediaPlayer: AnyObject, Sendable {
  /// Opens a source and plays it from `position` (or holds it paused when `playing` is false).
  func load(
    _ source: MediaSource, duration: Double?, from position: Double, playing: Bool,
    in context: PlaybackContext)
  /// Plays (resumes) the loaded source.
  func play(at now: Duration)
  /// Pauses.
  func pause(at now: Duration)
  /// Moves to a position in seconds.
  func seek(to position: Double, at now: Duration)
  /// Changes the rate.
  func setRate(_ rate: Double, at now: Duration)
  /// Unloads the source.
  func stop(at now: Duration)
  /// What the player is doing at `now`.
  func observe(at now: Duration) -> PlayerObservation
  /// When the player's status will next change on its own (a load finishing, a stall, the
  /// end), or nil when it will not; progress alone does not count.
  func nextChange(after now: Duration) -> Duration?
}

extension Duration {
  /// The duration in seconds as a floating-point number.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
