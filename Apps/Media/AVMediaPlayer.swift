import AVFoundation
import Foundation
import Synchronization

#if canImport(MediaCar)
  import CarSession
  import MediaCar
  import Playback
  import WaysideData

  /// The media app's ``MediaPlayer`` on a phone: AVFoundation plays; Now Playing is published by
  /// ``NowPlayingService`` from the app state, not from here. The engine passes the session's
  /// time in; AVFoundation keeps its own, so `now` is only used for the observation's context.
  ///
  /// Bundled sounds live in the package's resource bundle (`WaysideData`'s `Resources/media`),
  /// not in the app's main bundle; a bundled file that is missing is reported as failed.
  ///
  /// `@unchecked Sendable`: `AVPlayer`'s transport calls may be made from any thread, and the
  /// little state this class keeps itself is behind a `Mutex`.
  final class AVMediaPlayer: MediaPlayer, @unchecked Sendable {
    private let player = AVPlayer()
    private let loaded = Mutex<(source: MediaSource?, duration: Double?, failure: String?)>(
      (nil, nil, nil))
    private let nowPlaying: NowPlayingService

    /// Creates a player that activates the audio session through `nowPlaying`.
    @MainActor
    init(nowPlaying: NowPlayingService) {
      self.nowPlaying = nowPlaying
    }

    func load(
      _ source: MediaSource, duration: Double?, from position: Double, playing: Bool,
      in context: PlaybackContext
    ) {
      let url: URL?
      var failure: String?
      switch source.location {
      case .remote(let remote): url = remote
      case .bundled(let name):
        url = Self.bundledURL(name)
        if url == nil { failure = "\(name) is not in the app's bundled media" }
      }
      loaded.withLock { $0 = (source, duration, failure) }
      guard let url else {
        player.replaceCurrentItem(with: nil)
        return
      }
      player.replaceCurrentItem(with: AVPlayerItem(url: url))
      player.seek(to: CMTime(seconds: position, preferredTimescale: 600))
      let spoken = source.audioOnly
      if playing {
        Task { @MainActor [nowPlaying] in nowPlaying.activateAudio(spoken: spoken) }
        player.play()
      }
    }

    /// The file of a bundled source in the package's resource bundle, when it ships.
    static func bundledURL(_ name: String) -> URL? {
      let url = BundledData.resourcesDirectory.appendingPathComponent("media")
        .appendingPathComponent(name)
      return FileManager.default.fileExists(atPath: url.path) ? url : nil
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
      loaded.withLock { $0 = (nil, nil, nil) }
      Task { @MainActor [nowPlaying] in nowPlaying.deactivateAudio() }
    }

    func observe(at now: Duration) -> PlayerObservation {
      let (source, duration, failure) = loaded.withLock { $0 }
      let status: PlaybackState.Status
      if source == nil {
        status = .idle
      } else if let failure {
        status = .failed(failure)
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
