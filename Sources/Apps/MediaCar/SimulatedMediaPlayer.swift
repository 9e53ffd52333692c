import CarSession
import Playback
import Synchronization

/// A deterministic player driven by the session's clock: it loads, buffers, stalls, fails and
/// is interrupted exactly when its script says, and never touches a network or a file.
///
/// Its position is a function of the time passed in, so tests move a `ManualClock` and observe.
/// A ``Script`` says per source how long it takes to load, where it stalls and whether it
/// fails; a failing network (``PlaybackContext/network`` `failing`) fails every remote load.
public final class SimulatedMediaPlayer: MediaPlayer {
  /// A stall: playback waits for data at a position for a while.
  public struct Stall: Hashable, Sendable {
    /// Where the stall begins, in seconds into the source.
    public var position: Double
    /// How long it lasts on the clock.
    public var lasting: Duration
    /// Creates a stall.
    public init(at position: Double, lasting: Duration) {
      self.position = position
      self.lasting = lasting
    }
  }

  /// How one source behaves.
  public struct Behaviour: Hashable, Sendable {
    /// How long opening takes.
    public var loadTime: Duration
    /// When set, loading fails with this reason.
    public var failure: String?
    /// Buffering stalls, by position.
    public var stalls: [Stall]
    /// The length to assume when the catalogue states none.
    public var assumedDuration: Double

    /// Creates a behaviour.
    public init(
      loadTime: Duration = .seconds(1), failure: String? = nil, stalls: [Stall] = [],
      assumedDuration: Double = 1200
    ) {
      self.loadTime = loadTime
      self.failure = failure
      self.stalls = stalls
      self.assumedDuration = assumedDuration
    }

    /// Loads in a second, never stalls, never fails.
    public static let reliable = Behaviour()
  }

  /// The behaviour of each source.
  public typealias Script = @Sendable (MediaSource) -> Behaviour

  private enum Phase: Hashable {
    case idle
    case loading(until: Duration, thenPlay: Bool)
    case playing
    case buffering(until: Duration)
    case paused(PlaybackState.PauseCause)
    case failed(String)
    case ended
  }

  private struct State {
    var source: MediaSource?
    var phase: Phase = .idle
    var anchorTime: Duration = .zero
    var anchorPosition: Double = 0
    var rate: Double = 1
    var duration: Double?
    var failure: String?
    var stalls: [Stall] = []
  }

  private let script: Script
  private let state = Mutex(State())

  /// Creates a player; every source behaves as `script` says (reliable unless told otherwise).
  public init(script: @escaping Script = { _ in .reliable }) {
    self.script = script
  }

  /// Opens a source; fails when the script says so, or when the network fails and the source
  /// is remote.
  public func load(
    _ source: MediaSource, duration: Double?, from position: Double, playing: Bool,
    in context: PlaybackContext
  ) {
    let behaviour = script(source)
    state.withLock { s in
      s = State()
      s.source = source
      s.duration = duration ?? behaviour.assumedDuration
      s.anchorPosition = min(max(0, position), s.duration ?? position)
      s.anchorTime = context.now
      s.failure =
        behaviour.failure
        ?? (source.isRemote && context.network == .failing
          ? "the stream did not load (the network is set to fail)" : nil)
      s.stalls = behaviour.stalls.filter { $0.position > s.anchorPosition }
        .sorted { $0.position < $1.position }
      s.phase = .loading(until: context.now + behaviour.loadTime, thenPlay: playing)
    }
  }

  /// Plays; an ended source starts again from the beginning.
  public func play(at now: Duration) {
    state.withLock { s in
      Self.evolve(&s, to: now)
      switch s.phase {
      case .paused, .ended:
        if s.phase == .ended { s.anchorPosition = 0 }
        s.phase = .playing
        s.anchorTime = now
      case .loading(let until, _): s.phase = .loading(until: until, thenPlay: true)
      default: break
      }
    }
  }

  /// Pauses (asked for by a command).
  public func pause(at now: Duration) { systemPause(.command, at: now) }

  /// The system interrupts the audio session (a call, Siri): playback pauses.
  public func interrupt(at now: Duration) { systemPause(.interruption, at: now) }

  /// The audio route goes away (the car's audio lost): playback pauses and stays paused.
  public func loseRoute(at now: Duration) { systemPause(.routeLost, at: now) }

  /// The driver paused in the car's own video player (its controls do not go through the app).
  public func pauseFromSystemPlayer(at now: Duration) { systemPause(.systemPlayer, at: now) }

  /// The interruption ended; playback resumes when the system says it should.
  public func endInterruption(shouldResume: Bool, at now: Duration) {
    state.withLock { s in
      Self.evolve(&s, to: now)
      guard s.phase == .paused(.interruption), shouldResume else { return }
      s.phase = .playing
      s.anchorTime = now
    }
  }

  private func systemPause(_ cause: PlaybackState.PauseCause, at now: Duration) {
    state.withLock { s in
      Self.evolve(&s, to: now)
      switch s.phase {
      case .playing, .buffering:
        s.anchorPosition = Self.position(s, at: now)
        s.anchorTime = now
        s.phase = .paused(cause)
      case .loading(let until, _):
        s.phase = cause == .command ? .loading(until: until, thenPlay: false) : .paused(cause)
      default: break
      }
    }
  }

  /// Moves to a position (clamped to the source); stalls before it are skipped.
  public func seek(to position: Double, at now: Duration) {
    state.withLock { s in
      Self.evolve(&s, to: now)
      guard s.source != nil else { return }
      let target = min(max(0, position), s.duration ?? max(0, position))
      s.anchorPosition = target
      s.anchorTime = now
      s.stalls.removeAll { $0.position <= target }
      if s.phase == .ended { s.phase = .paused(.command) }
    }
  }

  /// Changes the rate (at least 0.5, at most 3).
  public func setRate(_ rate: Double, at now: Duration) {
    state.withLock { s in
      Self.evolve(&s, to: now)
      s.anchorPosition = Self.position(s, at: now)
      s.anchorTime = now
      s.rate = min(3, max(0.5, rate))
    }
  }

  /// Unloads the source.
  public func stop(at now: Duration) {
    state.withLock { s in
      let rate = s.rate
      s = State()
      s.rate = rate
    }
  }

  /// What the player is doing at `now`.
  public func observe(at now: Duration) -> PlayerObservation {
    state.withLock { s in
      Self.evolve(&s, to: now)
      let status: PlaybackState.Status =
        switch s.phase {
        case .idle: .idle
        case .loading: .loading
        case .playing: .playing
        case .buffering: .buffering
        case .paused(let cause): .paused(cause)
        case .failed(let why): .failed(why)
        case .ended: .ended
        }
      return PlayerObservation(
        source: s.source, status: status, position: Self.position(s, at: now),
        duration: s.duration, rate: s.rate)
    }
  }

  /// The next load end, stall start or end, or the end of the source.
  public func nextChange(after now: Duration) -> Duration? {
    state.withLock { s in
      Self.evolve(&s, to: now)
      switch s.phase {
      case .loading(let until, _), .buffering(let until): return until
      case .playing: return Self.nextPlayingEvent(s)?.time
      default: return nil
      }
    }
  }

  // MARK: - The script, step by step

  private static func position(_ s: State, at now: Duration) -> Double {
    guard s.phase == .playing else { return s.anchorPosition }
    let moved = s.anchorPosition + max(0, (now - s.anchorTime).seconds) * s.rate
    return min(moved, s.duration ?? moved)
  }

  private enum PlayingEvent { case stall(Stall), end }

  private static func nextPlayingEvent(_ s: State) -> (time: Duration, event: PlayingEvent)? {
    func time(at position: Double) -> Duration {
      s.anchorTime + .seconds(max(0, position - s.anchorPosition) / s.rate)
    }
    if let stall = s.stalls.first, stall.position < (s.duration ?? .infinity) {
      return (time(at: stall.position), .stall(stall))
    }
    if let duration = s.duration { return (time(at: duration), .end) }
    return nil
  }

  /// Applies every scripted transition due by `now`, in order (bounded: each step consumes a
  /// stall or ends a phase, so a source with n stalls takes at most 2n + 3 steps).
  private static func evolve(_ s: inout State, to now: Duration) {
    for _ in 0..<(2 * s.stalls.count + 4) {
      switch s.phase {
      case .loading(let until, let thenPlay) where until <= now:
        s.anchorTime = until
        if let failure = s.failure {
          s.phase = .failed(failure)
        } else {
          s.phase = thenPlay ? .playing : .paused(.command)
        }
      case .buffering(let until) where until <= now:
        s.phase = .playing
        s.anchorTime = until
      case .playing:
        guard let (time, event) = nextPlayingEvent(s), time <= now else { return }
        switch event {
        case .stall(let stall):
          s.stalls.removeFirst()
          s.anchorPosition = stall.position
          s.anchorTime = time
          s.phase = .buffering(until: time + stall.lasting)
        case .end:
          s.anchorPosition = s.duration ?? s.anchorPosition
          s.anchorTime = time
          s.phase = .ended
        }
      default:
        return
      }
    }
  }
}
