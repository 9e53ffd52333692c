import CarSession
import CarTemplates

/// The system's side of Now Playing: what the app publishes to `MPNowPlayingInfoCenter` and the
/// commands it answers through `MPRemoteCommandCenter` (carplay-facts.md §8).
extension CarSimulator {
  /// Publishes what plays, stamped with the host's clock (`nowPlayingInfo` being set).
  public func publishNowPlayingInfo(_ info: NowPlayingInfoSpec?) {
    nowPlayingPublishedAt = clock.now()
    publishedNowPlayingInfo = info
  }

  /// Records the app's remote-command targets; the transcript says which commands have one.
  public func registerRemoteCommands(_ targets: RemoteCommandTargets) {
    guard targets != remoteCommandTargets else { return }
    remoteCommandTargets = targets
    noteState("remote command targets: \(targets.summary)")
  }

  /// What the system shows of the published info at `now`: the elapsed time moves on from
  /// when it was published at the published rate, up to the length — the system extrapolates
  /// it, so an app need not publish it often (carplay-facts.md §8). Nil when nothing is
  /// published.
  public func nowPlayingInfo(at now: Duration) -> NowPlayingInfoSpec? {
    guard var info = publishedNowPlayingInfo else { return nil }
    guard !info.isLiveStream, info.playbackRate > 0 else { return info }
    let passed = now - nowPlayingPublishedAt
    let seconds =
      Double(passed.components.seconds) + Double(passed.components.attoseconds) / 1e18
    var elapsed = info.elapsedSeconds + max(0, seconds) * info.playbackRate
    if let duration = info.durationSeconds, duration > 0 { elapsed = min(elapsed, duration) }
    info.elapsedSeconds = elapsed
    return info
  }

  /// The template as the system draws it: a Now Playing template shows the published info at
  /// this moment (carplay-facts.md §8); its own info stands in only while nothing is published.
  static func drawing(_ info: NowPlayingInfoSpec?, into template: TemplateSpec) -> TemplateSpec {
    guard let info, case .nowPlaying(var spec) = template.content else { return template }
    var drawn = template
    spec.info = info
    drawn.content = .nowPlaying(spec)
    return drawn
  }

  /// The requested screen with every Now Playing template drawing the published info now.
  var screenDrawingNowPlaying: HostScreen? {
    guard var screen else { return nil }
    let info = nowPlayingInfo(at: clock.now())
    guard info != nil else { return screen }
    screen.stacks = screen.stacks.map { $0.map { Self.drawing(info, into: $0) } }
    return screen
  }

  /// What the system video player shows while it is up: the published info at this moment
  /// (title, elapsed time, rate 0 when paused), or nil when no video player shows or nothing
  /// is published.
  public var videoPlayerInfo: NowPlayingInfoSpec? {
    guard isVideoPlaying else { return nil }
    return nowPlayingInfo(at: clock.now())
  }

  /// Sends a remote command to the app, as Now Playing's transport buttons, the steering wheel
  /// or Siri do through iOS: the app's target answers at once, and the transcript records the
  /// answer (`remote pause → success`). A command the app has no target for reaches nothing:
  /// the host reports `H006-no-remote-target` and returns nil.
  @discardableResult
  public func sendRemoteCommand(_ command: RemoteCommand) -> RemoteCommandStatus? {
    let targets = remoteCommandTargets
    guard targets.commands.contains(command.kind), let handler = remoteCommandHandler else {
      noteState("remote \(command) → no target")
      report(
        Diagnostic(
          ruleID: Diagnostic.noRemoteTargetID, severity: .warning,
          message:
            "remote \(command): the app has no target for MPRemoteCommandCenter's "
            + "\(command.kind.centerProperty) (targets: \(targets.summary)); the control does "
            + "nothing",
          source: "carplay-facts.md §8"))
      return nil
    }
    let interval: Double? =
      switch command.kind {
      case .skipForward: targets.skipForwardInterval
      case .skipBackward: targets.skipBackwardInterval
      default: nil
      }
    let event = RemoteCommandEvent(command, interval: interval)
    let status = handler(event)
    noteState("remote \(event) → \(status)")
    return status
  }
}
