import AVFoundation
import Foundation
import Synchronization

#if canImport(MediaCar)
  import CarSession
  import MediaCar
  import Playback

  /// The media app's ``MediaPlayer`` on a phone: AVFoundation plays, MediaPlayer publishes Now
  /// Playing (``NowPlayingService``). The engine passes the session's time in; AVFoundation
  /// keeps its own, so `now` is only used for the observation's context.
  ///
  /// `@unchecked Sendable`: `AVPlayer`'s transport calls may be made from any thread, and the
  /// little state this class keeps itself is behind a `Mutex`.
  final class AVMediaPlayer: MediaPlayer, @unchecked Sendable {
    private let player = AVPlayer()
    private let loaded = Mutex<(source: MediaSource?, duration: Double?)>((nil, nil))
    private let nowPlaying: NowPlayingService

    /// Creates a player publishing to `nowPlaying`.
    @MainActor
    init(nowPlaying: NowPlayingService) {
      self.nowPlaying = nowPlaying
    }

    func load(
      _ source: MediaSource, duration: Double?, from position: Double, playing: Bool,
      in context: PlaybackContext
    ) {
      let url: URL?
      switch source.location {
      case .remote(let remote): url = remote
      case .bundled(let name): url = Bundle.main.url(forResource: name, withExtension: nil)
      }
      loaded.withLock { $0 = (source, duration) }
      guard let url else { return }
      player.replaceCurrentItem(with: AVPlayerItem(url: url))
      player.seek(to: CMTime(seconds: position, preferredTimescale: 600))
      let title = source.item.rawValue
      let spoken = source.audioOnly
      Task { @MainActor [nowPlaying] in
        if playing { nowPlaying.activateAudio(spoken: spoken) }
        nowPlaying.publish(
          title: title, artist: nil, album: nil, duration: duration, elapsed: position,
          rate: playing ? 1 : 0, isLive: duration == nil)
      }
      if playing { player.play() }
    }

    func play(at now: Duration) {
      player.play()
      Task { @MainActor [nowPlaying] in nowPlaying.activateAudio(spoken: true) }
    }

    func pause(at now: Duration) { player.pause() }

    func seek(to position: Double, at now: Duration) {
      player.seek(to: CMTime(seconds: position, preferredTimescale: 600))
    }

    func setRate(_ rate: Double, at now: Duration) { player.rate = Float(rate) }

    func stop(at now: Duration) {
      player.pause()
      player.replaceCurrentItem(with: nil)
      loaded.withLock { $0 = (nil, nil) }
      Task { @MainActor [nowPlaying] in
        nowPlaying.clear()
        nowPlaying.deactivateAudio()
      }
    }

    func observe(at now: Duration) -> PlayerObservation {
      let (source, duration) = loaded.withLock { $0 }
      let status: PlaybackState.Status
      if source == nil {
        status = .idle
      } else if player.currentItem?.status == .failed {
        status = .failed(player.currentItem?.error?.localizedDescription ?? "the item failed")
      } else {
        switch player.timeControlStatus {
        case .playing: status = .playing
        case .waitingToPlayAtSpecifiedRate: status = .buffering
        case .paused: status = .paused(.command)
        // An open enum (NS_ENUM): a status a later iOS adds is shown as buffering, the state
        // that claims nothing about the item, until a known status follows.
        @unknown default: status = .buffering
        }
      }
      return PlayerObservation(
        source: source, status: status, position: player.currentTime().seconds,
        duration: duration, rate: Double(player.rate))
    }

    /// AVFoundation reports its own changes; the engine's periodic observation picks them up.
    func nextChange(after now: Duration) -> Duration? { nil }
  }
#endif
