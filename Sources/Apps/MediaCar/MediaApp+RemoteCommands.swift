import CarSession
import CarTemplates
import Playback

extension MediaApp {
  /// The media app's `MPRemoteCommandCenter` targets (carplay-facts.md §8): Now Playing's
  /// transport buttons, the steering wheel and Siri send these; each becomes the engine's
  /// command with origin `remoteCommand`, decided from what the app last observed — as a
  /// target's handler answers at once:
  ///
  /// - nothing loaded: `noActionableNowPlayingItem` (next, too: there is nothing to follow);
  /// - next with nothing queued: `noSuchContent`;
  /// - a failed item asked to play, skip or seek, or a rate outside 0.5–3: `commandFailed`;
  /// - play while playing and pause while paused: `success` with nothing to do.
  public func answer(_ event: RemoteCommandEvent, in state: State) -> RemoteCommandAnswer<Action> {
    let playback = state.playback
    func run(_ command: PlaybackCommand) -> RemoteCommandAnswer<Action> {
      RemoteCommandAnswer(.success, .command(command, .remoteCommand))
    }
    guard playback.item != nil else { return RemoteCommandAnswer(.noActionableNowPlayingItem) }
    let failed: Bool = {
      if case .failed = playback.status { return true }
      return false
    }()
    switch event.command {
    case .play:
      if failed { return RemoteCommandAnswer(.commandFailed) }
      return playback.isPlaying ? RemoteCommandAnswer(.success) : run(.resume)
    case .pause:
      return playback.isPlaying ? run(.pause) : RemoteCommandAnswer(.success)
    case .togglePlayPause:
      return failed ? RemoteCommandAnswer(.commandFailed) : run(.togglePlayPause)
    case .nextTrack:
      return playback.queue.isEmpty ? RemoteCommandAnswer(.noSuchContent) : run(.next)
    case .previousTrack:
      return run(.previous)
    case .skipForward, .skipBackward:
      if failed { return RemoteCommandAnswer(.commandFailed) }
      let forward = event.command == .skipForward
      let seconds =
        event.interval
        ?? (forward ? MediaScreenBuilder.skipForwardSeconds : MediaScreenBuilder.skipBackSeconds)
      return run(.skip(by: forward ? seconds : -seconds))
    case .changePlaybackPosition(let position):
      guard !failed, position.isFinite, position >= 0 else {
        return RemoteCommandAnswer(.commandFailed)
      }
      return run(.seek(to: position))
    case .changePlaybackRate(let rate):
      guard Self.rateRange.contains(rate) else { return RemoteCommandAnswer(.commandFailed) }
      return run(.setRate(rate))
    }
  }

  /// The rates the player can play at (``SimulatedMediaPlayer`` clamps to them).
  static let rateRange = 0.5...3.0
}
