import AVFoundation
import Foundation

/// The media app's audio session: activated only when playback starts and deactivated when it
/// stops, so the car's radio is not interrupted by a browse (carplay-facts.md §8).
///
/// Now Playing and the remote commands are not published from here: the session publishes the
/// app's Now Playing info and remote-command targets to its host, and the package's
/// `CarPlayBridge` turns them into `MPNowPlayingInfoCenter`'s dictionary and
/// `MPRemoteCommandCenter` targets that ask the session, as the emulated host does
/// (Apps/README.md, "What the bridge does").
@MainActor
final class NowPlayingService {
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
