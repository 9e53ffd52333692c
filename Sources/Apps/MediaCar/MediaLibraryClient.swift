import CarSession
import Foundation
import Playback
import WaysideData

/// Where the catalogue comes from, behind a seam: the bundled open catalogue, a fixed value in
/// tests. Effects read it from the dependency container (``MediaLibraryKey``), so a
/// journey's `data empty` gives an empty catalogue and `data fail` a failed load.
public struct MediaLibraryClient: Sendable {
  /// The source's name for messages.
  public var name: String
  /// Loads the catalogue.
  public var fetch: @Sendable () async throws -> MediaCatalogue

  /// Creates a client.
  public init(name: String, fetch: @escaping @Sendable () async throws -> MediaCatalogue) {
    self.name = name
    self.fetch = fetch
  }

  /// The bundled catalogue (`Resources/media/catalogue.json`), read once on first use.
  public static let bundled: MediaLibraryClient = {
    let once = LoadOnce<MediaCatalogue, any Error> {
      try MediaCatalogue.decode(json: try BundledData.data(.mediaCatalogue))
    }
    return MediaLibraryClient(name: "bundled open catalogue") { try await once.value() }
  }()

  /// A client answering with `catalogue` (a test value).
  public static func fixed(_ catalogue: MediaCatalogue) -> MediaLibraryClient {
    MediaLibraryClient(name: "fixed catalogue") { catalogue }
  }

  /// The catalogue, or a failure naming the source.
  public func load() async -> Result<MediaCatalogue, MediaCatalogueError> {
    do {
      return .success(try await fetch())
    } catch let error as MediaCatalogueError {
      return .failure(error)
    } catch {
      return .failure(MediaCatalogueError(problem: "\(name) could not be read: \(error)"))
    }
  }
}

extension MediaLibraryClient: SwitchableClient {
  /// An empty catalogue.
  public var empty: MediaLibraryClient {
    MediaLibraryClient(name: name) { .empty }
  }

  /// A catalogue that cannot be read, naming the source and why.
  public func failing(_ reason: String) -> MediaLibraryClient {
    let name = self.name
    return MediaLibraryClient(name: name) {
      throw MediaCatalogueError(problem: "\(name) could not be read (\(reason))")
    }
  }
}

/// The media app's catalogue source in the dependency container: the bundled catalogue.
public enum MediaLibraryKey: CarDependencyKey {
  /// The bundled catalogue.
  public static var liveValue: MediaLibraryClient { .bundled }
}

/// The media app's playback engine in the dependency container: a session's app may register
/// its own (``MediaApp/init(engine:library:)``); without one, the container makes an engine of
/// its own over the reliable simulated player, so two cars never share a player.
public enum PlaybackEngineKey: CarDependencyKey {
  /// A fresh engine over the reliable simulated player (made once per container).
  public static var liveValue: PlaybackEngine { PlaybackEngine(player: SimulatedMediaPlayer()) }
}

extension CarClients {
  /// The media app's catalogue source, as the data-source switch leaves it.
  public var mediaLibrary: MediaLibraryClient { self[MediaLibraryKey.self] }
  /// The media app's playback engine.
  public var playback: PlaybackEngine { self[PlaybackEngineKey.self] }
}
