import CarSession
import Playback
import Synchronization

/// The one playback truth of the process: every surface (car rows and buttons, Now Playing,
/// remote and hardware commands, Siri, the phone) sends ``PlaybackCommand``s here with their
/// origin, and every screen shows the ``PlaybackState`` derived from what the player reports.
///
/// The engine never records what a command *meant* as the state: a pause the system caused
/// (an interruption, a lost route, the car's own video player) shows as paused because the
/// player says so, and a buffering stall keeps showing Pause because the player is still
/// trying to play.
public final class PlaybackEngine: Sendable {
  /// A command as the engine received it, for transcripts and tests.
  public struct Received: Hashable, Sendable, CustomStringConvertible {
    /// What was asked.
    public var command: PlaybackCommand
    /// Which surface asked.
    public var origin: CommandOrigin
    /// When, on the session's clock.
    public var at: Duration
    /// Whether the engine carried it out (an unknown item or nothing to resume is refused).
    public var accepted: Bool
    /// `car: play 'x' as video`.
    public var description: String {
      "\(origin): \(command)\(accepted ? "" : " (refused)")"
    }
  }

  private struct Inner {
    var catalogue = MediaCatalogue.empty
    var item: MediaItem.ID?
    var presentation: Presentation?
    var sourceFailure: String?
    var queue: [MediaItem.ID] = []
    var history: [MediaItem.ID] = []
    var failures: [MediaItem.ID: String] = [:]
    var resume: [MediaItem.ID: Double] = [:]
    var lastOrigin: CommandOrigin?
    var anchor: Double = 0
    var anchorKey: String = ""
    var seeks = 0
    var received: [Received] = []
  }

  /// The player the engine drives.
  public let player: any MediaPlayer
  /// Chooses each item's source.
  public let resolver: MediaURLResolver
  private let inner = Mutex(Inner())

  /// The most commands ``received`` keeps (oldest dropped first), so a long session stays
  /// bounded.
  public static let receivedLimit = 500

  /// Creates an engine over a player.
  public init(player: any MediaPlayer, resolver: MediaURLResolver = MediaURLResolver()) {
    self.player = player
    self.resolver = resolver
  }

  /// Gives the engine the catalogue the app loaded (items it is asked to play come from it).
  public func setCatalogue(_ catalogue: MediaCatalogue) {
    inner.withLock { $0.catalogue = catalogue }
  }

  /// The commands received so far, oldest first (at most ``receivedLimit``).
  public var received: [Received] { inner.withLock { $0.received } }

  /// Carries out a command from a surface and returns the state afterwards.
  @discardableResult
  public func perform(
    _ command: PlaybackCommand, from origin: CommandOrigin, in context: PlaybackContext
  ) -> PlaybackState {
    inner.withLock { s in
      let accepted = apply(command, to: &s, context: context)
      if accepted { s.lastOrigin = origin }
      s.received.append(
        Received(command: command, origin: origin, at: context.now, accepted: accepted))
      if s.received.count > Self.receivedLimit {
        s.received.removeFirst(s.received.count - Self.receivedLimit)
      }
      return derive(&s, context: context)
    }
  }

  /// The state now, as the player reports it (an item that ended moves on to Up Next).
  ///
  /// With `reanchoring`, the position Now Playing is told (``PlaybackState/anchorPosition``)
  /// is taken afresh, as when a new car connects and the Now Playing info is published again.
  public func state(in context: PlaybackContext, reanchoring: Bool = false) -> PlaybackState {
    inner.withLock { s in
      if reanchoring { s.anchorKey = "" }
      return derive(&s, context: context)
    }
  }

  /// When the state will next change on its own (a load finishing, a stall, an item ending).
  public func nextChange(after now: Duration) -> Duration? {
    player.nextChange(after: now)
  }

  // MARK: - Commands

  private func apply(_ command: PlaybackCommand, to s: inout Inner, context: PlaybackContext)
    -> Bool
  {
    let now = context.now
    let observed = player.observe(at: now)
    let playing = [.playing, .buffering, .loading].contains(observed.status)
    switch command {
    case .play(let id, let presentation):
      guard let item = s.catalogue.item(id) else { return false }
      if s.item == id, s.sourceFailure == nil, !isFailed(observed), observed.source != nil {
        // The same item again: resume it where it is.
        s.presentation = presentation
        if !playing { player.play(at: now) }
        return true
      }
      if let next = s.queue.firstIndex(of: id) {
        s.queue.removeSubrange(...next)
      } else {
        s.queue = s.catalogue.following(item).map(\.id)
      }
      if let current = s.item, current != id { s.history.append(current) }
      start(item, as: presentation, in: &s, context: context)
      return true
    case .pause:
      guard playing else { return false }
      player.pause(at: now)
    case .resume:
      guard s.item != nil, !playing, !isFailed(observed) else { return false }
      player.play(at: now)
    case .togglePlayPause:
      guard s.item != nil, !isFailed(observed) else { return false }
      if playing { player.pause(at: now) } else { player.play(at: now) }
    case .next:
      guard !s.queue.isEmpty, let next = s.catalogue.item(s.queue.removeFirst()) else {
        return false
      }
      if let current = s.item { s.history.append(current) }
      start(next, as: presentation(for: next, after: s.presentation), in: &s, context: context)
    case .previous:
      guard let current = s.item else { return false }
      if observed.position > 3 || s.history.isEmpty {
        player.seek(to: 0, at: now)
        s.seeks += 1
      } else if let previous = s.catalogue.item(s.history.removeLast()) {
        s.queue.insert(current, at: 0)
        start(
          previous, as: presentation(for: previous, after: s.presentation), in: &s,
          context: context)
      }
    case .seek(let position):
      guard s.item != nil else { return false }
      player.seek(to: position, at: now)
      s.seeks += 1
    case .skip(let seconds):
      guard s.item != nil else { return false }
      player.seek(to: observed.position + seconds, at: now)
      s.seeks += 1
    case .enqueue(let id):
      guard s.catalogue.item(id) != nil, id != s.item, !s.queue.contains(id) else { return false }
      s.queue.append(id)
    case .setRate(let rate):
      guard rate.isFinite, rate > 0 else { return false }
      player.setRate(rate, at: now)
    case .present(let presentation):
      guard let id = s.item, let item = s.catalogue.item(id) else { return false }
      guard presentation == .audio || item.kind == .video else { return false }
      s.presentation = presentation
    case .stop:
      guard let id = s.item else { return false }
      s.resume[id] = observed.position
      player.stop(at: now)
      s.item = nil
      s.presentation = nil
      s.queue = []
    }
    return true
  }

  private func isFailed(_ observation: PlayerObservation) -> Bool {
    if case .failed = observation.status { return true }
    return false
  }

  /// A film keeps being shown as a film when the one before it was; anything else is heard.
  private func presentation(for item: MediaItem, after previous: Presentation?) -> Presentation {
    item.kind == .video && previous == .video ? .video : .audio
  }

  private func start(
    _ item: MediaItem, as presentation: Presentation, in s: inout Inner, context: PlaybackContext
  ) {
    if let current = s.item {
      let observed = player.observe(at: context.now)
      if observed.status == .ended {
        s.resume[current] = nil
      } else if observed.position > 0 {
        s.resume[current] = observed.position
      }
    }
    s.item = item.id
    s.presentation = presentation
    s.failures[item.id] = nil
    switch resolver.source(for: item, as: presentation) {
    case .success(let source):
      s.sourceFailure = nil
      player.load(
        source, duration: item.durationSeconds, from: s.resume[item.id] ?? 0, playing: true,
        in: context)
    case .failure(let error):
      s.sourceFailure = error.reason
      player.stop(at: context.now)
    }
  }

  // MARK: - Observation

  private func derive(_ s: inout Inner, context: PlaybackContext) -> PlaybackState {
    var observed = player.observe(at: context.now)
    if observed.status == .ended, let id = s.item {
      s.resume[id] = nil
      if let next = s.queue.first.flatMap(s.catalogue.item) {
        s.queue.removeFirst()
        s.history.append(id)
        start(next, as: presentation(for: next, after: s.presentation), in: &s, context: context)
        observed = player.observe(at: context.now)
      }
    }
    let status: PlaybackState.Status
    if let failure = s.sourceFailure {
      status = .failed(failure)
    } else if s.item == nil {
      status = .idle
    } else {
      status = observed.status
    }
    if let id = s.item, case .failed(let why) = status { s.failures[id] = why }
    let item = s.item.flatMap(s.catalogue.item)
    let key =
      "\(s.item?.rawValue ?? "")|\(status)|\(observed.rate)|\(s.presentation?.rawValue ?? "")|\(s.seeks)"
    if key != s.anchorKey {
      s.anchorKey = key
      s.anchor = observed.position
    }
    var resume = s.resume
    if let id = s.item, observed.position > 0, status != .ended { resume[id] = observed.position }
    return PlaybackState(
      item: s.item, status: status, position: s.item == nil ? 0 : observed.position,
      duration: item?.durationSeconds ?? (s.item == nil ? nil : observed.duration),
      rate: observed.rate, presentation: s.presentation, anchorPosition: s.anchor,
      queue: s.queue, history: s.item == nil ? [] : s.history, failures: s.failures,
      resumePositions: resume, lastOrigin: s.lastOrigin)
  }
}
