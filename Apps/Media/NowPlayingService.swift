import AVFoundation
import Foundation
import MediaPlayer
import UIKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if canImport(MediaCar)
  import CarSession
  import MediaCar
  import Playback

  /// The system's Now Playing information and remote commands for the media app: what CarPlay's
  /// Now Playing template, the lock screen and the steering-wheel buttons show and send
  /// (carplay-facts.md §8).
  ///
  /// One source: the dictionary is made from the app state's ``NowPlayingInfo`` — the value the
  /// car's Now Playing template shows too — and published again whenever that value changes
  /// (an item, pause, seek or rate change), never as the position merely advances, since the
  /// system extrapolates the elapsed time from the rate. Every remote command sends a
  /// ``PlaybackCommand`` with origin `remoteCommand` to the session, which carries it out on the
  /// one ``PlaybackEngine``.
  @MainActor
  final class NowPlayingService {
    /// The rates offered by CarPlay's and the lock screen's rate control, as the car's rate
    /// button offers them.
    static let supportedRates: [Double] = [1, 1.25, 1.5, 2]
    /// The skip intervals in seconds, as on the car's Now Playing buttons (back 15, forward 30).
    static let skipBack: Double = 15
    static let skipForward: Double = 30

    private var targets: [(command: MPRemoteCommand, token: Any)] = []
    /// The value last published; nil when Now Playing is cleared.
    private(set) var published: NowPlayingInfo?
    private var artwork: [URL: UIImage] = [:]
    private var loading: Set<URL> = []
    private let loadArtwork: @Sendable (URL) async -> UIImage?

    /// Creates the service; `loadArtwork` fetches an item's remote artwork (tests pass one that
    /// never touches the network).
    init(loadArtwork: @escaping @Sendable (URL) async -> UIImage? = NowPlayingService.download) {
      self.loadArtwork = loadArtwork
    }

    /// Connects the system to `session`: a target on each remote command, and Now Playing
    /// published from the session's state after every change.
    func attach(to session: CarSession<MediaApp>) {
      install { [weak session] command in
        // Nothing loaded: the system is told there is nothing to act on.
        guard let session, session.state.nowPlayingInfo != nil else { return false }
        session.send(.command(command, .remoteCommand))
        return true
      }
      session.changeObserver = { [weak self, weak session] in
        guard let self, let session else { return }
        self.publish(session.state.nowPlayingInfo)
      }
      publish(session.state.nowPlayingInfo)
    }

    /// Disconnects: removes every target and clears Now Playing.
    func detach() {
      uninstall()
      publish(nil)
    }

    /// Registers a target on each remote command, replacing earlier ones; `send` carries out
    /// the command and says whether there was a session to take it.
    func install(_ send: @escaping @MainActor (PlaybackCommand) -> Bool) {
      uninstall()
      let center = MPRemoteCommandCenter.shared()
      add(center.playCommand, send) { _ in .resume }
      add(center.pauseCommand, send) { _ in .pause }
      add(center.togglePlayPauseCommand, send) { _ in .togglePlayPause }
      add(center.nextTrackCommand, send) { _ in .next }
      add(center.previousTrackCommand, send) { _ in .previous }
      add(center.changePlaybackPositionCommand, send) { event in
        (event as? MPChangePlaybackPositionCommandEvent).map { .seek(to: $0.positionTime) }
      }
      center.changePlaybackRateCommand.supportedPlaybackRates = Self.supportedRates.map {
        NSNumber(value: $0)
      }
      add(center.changePlaybackRateCommand, send) { event in
        (event as? MPChangePlaybackRateCommandEvent).map { .setRate(Double($0.playbackRate)) }
      }
      center.skipForwardCommand.preferredIntervals = [NSNumber(value: Self.skipForward)]
      add(center.skipForwardCommand, send) { event in
        .skip(by: (event as? MPSkipIntervalCommandEvent)?.interval ?? Self.skipForward)
      }
      center.skipBackwardCommand.preferredIntervals = [NSNumber(value: Self.skipBack)]
      add(center.skipBackwardCommand, send) { event in
        .skip(by: -((event as? MPSkipIntervalCommandEvent)?.interval ?? Self.skipBack))
      }
    }

    private func add(
      _ command: MPRemoteCommand, _ send: @escaping @MainActor (PlaybackCommand) -> Bool,
      _ map: @escaping @MainActor (MPRemoteCommandEvent) -> PlaybackCommand?
    ) {
      command.isEnabled = true
      // MediaPlayer calls the handlers on the main thread.
      let token = command.addTarget { event in
        MainActor.assumeIsolated {
          guard let playback = map(event) else { return .commandFailed }
          return send(playback) ? .success : .noActionableNowPlayingItem
        }
      }
      targets.append((command, token))
    }

    /// Removes the handlers (the car disconnected and nothing plays).
    func uninstall() {
      for (command, token) in targets {
        command.removeTarget(token)
        command.isEnabled = false
      }
      targets = []
    }

    /// Publishes `info` when it differs from what was published last; nil clears Now Playing.
    func publish(_ info: NowPlayingInfo?) {
      guard info != published else { return }
      published = info
      guard let info else {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = nil
        return
      }
      MPNowPlayingInfoCenter.default().nowPlayingInfo = Self.dictionary(
        info, artwork: image(for: info))
    }

    /// The `MPNowPlayingInfoCenter` dictionary of a value: title, artist, album, artwork,
    /// duration (unless live), elapsed time, rate, default rate, queue place, media type.
    static func dictionary(_ info: NowPlayingInfo, artwork image: UIImage?) -> [String: Any] {
      var dictionary: [String: Any] = [
        MPMediaItemPropertyTitle: info.title,
        MPMediaItemPropertyArtist: info.artist,
        MPMediaItemPropertyAlbumTitle: info.album,
        MPNowPlayingInfoPropertyElapsedPlaybackTime: info.elapsed,
        MPNowPlayingInfoPropertyPlaybackRate: info.rate,
        MPNowPlayingInfoPropertyDefaultPlaybackRate: info.defaultRate,
        MPNowPlayingInfoPropertyIsLiveStream: info.isLiveStream,
        MPNowPlayingInfoPropertyPlaybackQueueIndex: info.queueIndex,
        MPNowPlayingInfoPropertyPlaybackQueueCount: info.queueCount,
        MPNowPlayingInfoPropertyMediaType: (info.presentation == .video
          ? MPNowPlayingInfoMediaType.video : .audio).rawValue,
      ]
      if let duration = info.duration { dictionary[MPMediaItemPropertyPlaybackDuration] = duration }
      if let image {
        // The system asks for sizes from any thread: the handler captures only the image.
        dictionary[MPMediaItemPropertyArtwork] = MPMediaItemArtwork(
          boundsSize: image.size, requestHandler: { @Sendable _ in image })
      }
      return dictionary
    }

    /// The item's downloaded artwork, else its symbol; a first sight of an artwork URL starts
    /// its download, and Now Playing is published again when it arrives.
    private func image(for info: NowPlayingInfo) -> UIImage? {
      if let url = info.artworkURL {
        if let image = artwork[url] { return image }
        if !loading.contains(url) {
          loading.insert(url)
          let load = loadArtwork
          Task { [weak self] in
            let image = await load(url)
            self?.artworkArrived(image, for: url)
          }
        }
      }
      return UIImage(systemName: info.artworkSymbol, withConfiguration: nil)
    }

    private func artworkArrived(_ image: UIImage?, for url: URL) {
      loading.remove(url)
      guard let image else { return }
      artwork[url] = image
      if let published, published.artworkURL == url {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = Self.dictionary(
          published, artwork: image)
      }
    }

    /// Downloads an artwork image (HTTPS, at most 4 MB).
    nonisolated static func download(_ url: URL) async -> UIImage? {
      guard url.scheme == "https",
        let (data, _) = try? await URLSession.shared.data(from: url), data.count <= 4 << 20
      else { return nil }
      return UIImage(data: data)
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
#endif
