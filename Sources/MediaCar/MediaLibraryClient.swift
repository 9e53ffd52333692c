import CarSession
import Foundation
import Playback
import WaysideData

/// Where the catalogue comes from, behind a seam: the bundled open catalogue, a fixed value in
/// tests. Effects load it as the session installs it (``CarClients/installed(_:)``), so a
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
    let once = LoadOnce<MediaCatalogue> {
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
