import AVFoundation
import Foundation
import MediaPlayer

/// The system's Now Playing information and remote commands for the media app: what CarPlay's
/// Now Playing template, the lock screen and the steering-wheel buttons show and send
/// (carplay-facts.md §8). The audio session is activated only when playback starts and
/// deactivated when it stops, so the car's radio is not interrupted by a browse.
@MainActor
final class NowPlayingService {
  /// What the remote commands do.
  struct Commands {
    var play: @MainActor () -> Void
    var pause: @MainActor () -> Void
    var next: @MainActor () -> Void
    var seek: @MainActor (Double) -> Void
  }

  private var targets: [(MPRemoteCommand, Any)] = []

  /// Registers the remote command handlers, replacing earlier ones.
  func install(_ commands: Commands) {
    uninstall()
    let center = MPRemoteCommandCenter.shared()
    func add(_ command: MPRemoteCommand, _ run: @escaping @MainActor (MPRemoteCommandEvent) -> Void)
    {
      command.isEnabled = true
      let target = command.addTarget { event in
        MainActor.assumeIsolated { run(event) }
        return .success
      }
      targets.append((command, target))
    }
    add(center.playCommand) { _ in commands.play() }
    add(center.pauseCommand) { _ in commands.pause() }
    add(center.nextTrackCommand) { _ in commands.next() }
    add(center.changePlaybackPositionCommand) { event in
      if let event = event as? MPChangePlaybackPositionCommandEvent {
        commands.seek(event.positionTime)
      }
    }
  }

  /// Removes the handlers (the car disconnected and nothing plays).
  func uninstall() {
    for (command, target) in targets {
      command.removeTarget(target)
      command.isEnabled = false
    }
    targets = []
  }

  /// Publishes what plays; the system extrapolates the elapsed time from the rate.
  func publish(
    title: String, artist: String?, album: String?, duration: Double?, elapsed: Double,
    rate: Double, isLive: Bool
  ) {
    var info: [String: Any] = [
      MPMediaItemPropertyTitle: title,
      MPNowPlayingInfoPropertyElapsedPlaybackTime: elapsed,
      MPNowPlayingInfoPropertyPlaybackRate: rate,
      MPNowPlayingInfoPropertyIsLiveStream: isLive,
    ]
    if let artist { info[MPMediaItemPropertyArtist] = artist }
    if let album { info[MPMediaItemPropertyAlbumTitle] = album }
    if let duration { info[MPMediaItemPropertyPlaybackDuration] = duration }
    MPNowPlayingInfoCenter.default().nowPlayingInfo = info
  }

  /// Clears Now Playing.
  func clear() {
    MPNowPlayingInfoCenter.default().nowPlayingInfo = nil
  }

  /// Activates the audio session right before playback (spoken audio for books, film audio
  /// otherwise).
  func activateAudio(spoken: Bool) {
    let session = AVAudioSession.sharedInstance()
    try? session.setCategory(.playback, mode: spoken ? .spokenAudio : .moviePlayback)
    try? session.setActive(true)
  }

  /// Deactivates it when playback stops, letting other audio (the radio) resume.
  func deactivateAudio() {
    try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
  }
}
