// Apple-only: compiled where CarPlay can be imported (on Linux, against the stand-ins in
// Apps/LinuxCheck/Stubs).
#if canImport(CarPlay)
  import CarPlay
  import CarSession
  import CarTemplates
  import Foundation
  import MediaPlayer
  import UIKit

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// The system's Now Playing and remote commands (carplay-facts.md §8): what the session
  /// publishes becomes `MPNowPlayingInfoCenter`'s dictionary, and the commands the app states
  /// (``RemoteCommandTargets``) get `MPRemoteCommandCenter` targets that ask the session — the
  /// same path the emulated host takes, so CarPlay's Now Playing buttons, the steering wheel and
  /// the lock screen drive the app as the simulator does.
  extension CarPlayBridge {
    /// Publishes what plays; nil clears Now Playing. The session calls it only when the info
    /// changes (an item, a pause, a seek, a rate), never as the position merely advances: the
    /// system extrapolates the elapsed time from the rate.
    public func publishNowPlayingInfo(_ info: NowPlayingInfoSpec?) {
      publishedNowPlaying = info
      MPNowPlayingInfoCenter.default().nowPlayingInfo = info.map { nowPlayingDictionary($0) }
      if let url = info?.artworkURL.flatMap(URL.init(string:)) { fetchArtworkIfNeeded(url) }
    }

    /// How many downloaded artwork images the bridge keeps.
    public nonisolated static let artworkCacheLimit = 8
    /// The largest artwork download accepted, in bytes.
    public nonisolated static let artworkByteLimit = 4 << 20
    /// How long an artwork download may take, in seconds.
    public nonisolated static let artworkTimeout: TimeInterval = 15

    /// The artwork downloaded for `url`, if the cache holds it.
    func cachedArtwork(_ url: URL) -> UIImage? {
      artworkCache.last { $0.url == url }?.image
    }

    /// Starts fetching `url` unless it is cached, failed before or already being fetched; a
    /// fetch for an earlier item is cancelled (only the latest item's artwork matters).
    func fetchArtworkIfNeeded(_ url: URL) {
      guard let fetcher = artworkFetcher, cachedArtwork(url) == nil,
        !artworkFailures.contains(url), artworkFetch?.url != url
      else { return }
      artworkFetch?.task.cancel()
      let task = Task { [weak self] in
        var image: UIImage?
        if let data = try? await fetcher(url), data.count <= Self.artworkByteLimit {
          image = UIImage(data: data)
        }
        guard let self, !Task.isCancelled else { return }
        self.artworkArrived(url, image)
      }
      artworkFetch = (url, task)
    }

    /// Keeps a fetched artwork (the oldest goes past the limit) and publishes the info again
    /// when it is still the one shown; a failure is remembered and the info's image stays.
    func artworkArrived(_ url: URL, _ image: UIImage?) {
      if artworkFetch?.url == url { artworkFetch = nil }
      guard let image else {
        artworkFailures.insert(url)
        record("Now Playing artwork \(url.absoluteString) could not be loaded; the item's symbol stays")
        return
      }
      artworkCache.append((url, image))
      if artworkCache.count > Self.artworkCacheLimit {
        artworkCache.removeFirst(artworkCache.count - Self.artworkCacheLimit)
      }
      if let info = publishedNowPlaying, info.artworkURL == url.absoluteString {
        MPNowPlayingInfoCenter.default().nowPlayingInfo = nowPlayingDictionary(info)
      }
    }

    /// Fetches an artwork URL's bytes for ``artworkFetcher``: http(s) only, one request that
    /// gives up after ``artworkTimeout`` seconds, a 200 answer of at most ``artworkByteLimit``
    /// bytes (a larger announced length is refused before the body is read).
    public nonisolated static func fetchArtwork(_ url: URL) async throws -> Data {
      guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
        throw URLError(.unsupportedURL)
      }
      let request = URLRequest(url: url, timeoutInterval: artworkTimeout)
      let (data, response) = try await URLSession.shared.data(for: request)
      guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
        throw URLError(.badServerResponse)
      }
      guard http.expectedContentLength <= Int64(artworkByteLimit), data.count <= artworkByteLimit
      else { throw URLError(.dataLengthExceedsMaximum) }
      return data
    }

    /// The dictionary of an info: title, artist, album, artwork (downloaded from the info's
    /// artwork URL once ``artworkFetcher`` brought it, else its image), duration (unless live),
    /// elapsed time, rate, default rate, whether it is live and the item's place in the
    /// playback queue (index and count).
    func nowPlayingDictionary(_ info: NowPlayingInfoSpec) -> [String: Any] {
      var dictionary: [String: Any] = [
        MPMediaItemPropertyTitle: info.title,
        MPNowPlayingInfoPropertyElapsedPlaybackTime: info.elapsedSeconds,
        MPNowPlayingInfoPropertyPlaybackRate: info.playbackRate,
        MPNowPlayingInfoPropertyIsLiveStream: info.isLiveStream,
      ]
      if let artist = info.artist { dictionary[MPMediaItemPropertyArtist] = artist }
      if let album = info.album { dictionary[MPMediaItemPropertyAlbumTitle] = album }
      if let duration = info.durationSeconds, !info.isLiveStream {
        dictionary[MPMediaItemPropertyPlaybackDuration] = duration
      }
      if let rate = info.defaultPlaybackRate {
        dictionary[MPNowPlayingInfoPropertyDefaultPlaybackRate] = rate
      }
      if let index = info.queueIndex, let count = info.queueCount, index >= 0, index < count {
        dictionary[MPNowPlayingInfoPropertyPlaybackQueueIndex] = index
        dictionary[MPNowPlayingInfoPropertyPlaybackQueueCount] = count
      }
      // The downloaded artwork once it is here; the item's own image until then.
      let downloaded = info.artworkURL.flatMap(URL.init(string:)).flatMap { cachedArtwork($0) }
      if let image = downloaded ?? info.artwork.flatMap({ images.image($0, slot: .header) }) {
        // The system asks for sizes from any thread: the handler captures only the image.
        dictionary[MPMediaItemPropertyArtwork] = MPMediaItemArtwork(
          boundsSize: image.size, requestHandler: { @Sendable _ in image })
      }
      return dictionary
    }

    /// Gives every command the app states a target (and enables it), and disables the others:
    /// the system greys out a control whose command has no target.
    public func registerRemoteCommands(_ targets: RemoteCommandTargets) {
      removeRemoteCommandTargets()
      let center = MPRemoteCommandCenter.shared()
      center.skipForwardCommand.preferredIntervals = [NSNumber(value: targets.skipForwardInterval)]
      center.skipBackwardCommand.preferredIntervals = [
        NSNumber(value: targets.skipBackwardInterval)
      ]
      center.changePlaybackRateCommand.supportedPlaybackRates = targets.supportedRates.map {
        NSNumber(value: $0)
      }
      for kind in RemoteCommand.Kind.allCases {
        let command = Self.command(kind, in: center)
        guard targets.commands.contains(kind) else {
          command.isEnabled = false
          continue
        }
        command.isEnabled = true
        // MediaPlayer calls the handlers on the main thread.
        let token = command.addTarget { [weak self] event in
          MainActor.assumeIsolated {
            guard let self, let remote = Self.remoteEvent(kind, event, targets) else {
              return .commandFailed
            }
            let answer = self.remoteCommandHandler?(remote) ?? .noActionableNowPlayingItem
            return MPRemoteCommandHandlerStatus(rawValue: answer.rawValue) ?? .commandFailed
          }
        }
        remoteTargets.append((command, token))
      }
    }

    /// Removes every target the bridge added (the car disconnected, or new targets replace
    /// them) and disables those commands.
    func removeRemoteCommandTargets() {
      for (command, token) in remoteTargets {
        command.removeTarget(token)
        command.isEnabled = false
      }
      remoteTargets = []
    }

    /// The center's command object for a kind.
    static func command(_ kind: RemoteCommand.Kind, in center: MPRemoteCommandCenter)
      -> MPRemoteCommand
    {
      switch kind {
      case .play: center.playCommand
      case .pause: center.pauseCommand
      case .togglePlayPause: center.togglePlayPauseCommand
      case .nextTrack: center.nextTrackCommand
      case .previousTrack: center.previousTrackCommand
      case .skipForward: center.skipForwardCommand
      case .skipBackward: center.skipBackwardCommand
      case .changePlaybackPosition: center.changePlaybackPositionCommand
      case .changePlaybackRate: center.changePlaybackRateCommand
      }
    }

    /// The kit's event for what the system sent, or nil when the event lacks what the command
    /// needs (a scrub without a position).
    static func remoteEvent(
      _ kind: RemoteCommand.Kind, _ event: MPRemoteCommandEvent, _ targets: RemoteCommandTargets
    ) -> RemoteCommandEvent? {
      switch kind {
      case .play: RemoteCommandEvent(.play)
      case .pause: RemoteCommandEvent(.pause)
      case .togglePlayPause: RemoteCommandEvent(.togglePlayPause)
      case .nextTrack: RemoteCommandEvent(.nextTrack)
      case .previousTrack: RemoteCommandEvent(.previousTrack)
      case .skipForward:
        RemoteCommandEvent(
          .skipForward,
          interval: (event as? MPSkipIntervalCommandEvent)?.interval ?? targets.skipForwardInterval)
      case .skipBackward:
        RemoteCommandEvent(
          .skipBackward,
          interval: (event as? MPSkipIntervalCommandEvent)?.interval
            ?? targets.skipBackwardInterval)
      case .changePlaybackPosition:
        (event as? MPChangePlaybackPositionCommandEvent).map {
          RemoteCommandEvent(.changePlaybackPosition($0.positionTime))
        }
      case .changePlaybackRate:
        (event as? MPChangePlaybackRateCommandEvent).map {
          RemoteCommandEvent(.changePlaybackRate(Double($0.playbackRate)))
        }
      }
    }
  }
#endif
