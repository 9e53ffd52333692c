import Foundation

extension MediaCatalogue {
  private struct File: Decodable {
    var items: [Entry]
  }

  private struct Entry: Decodable {
    var id: String?
    var kind: String?
    var title: String?
    var series: String?
    var summary: String?
    var durationSeconds: Double?
    var year: Int?
    var licence: String?
    var attribution: String?
    var creator: String?
    var streamURL: String?
    var streamFormat: String?
    var artworkURL: String?
    var fallbackResource: String?
  }

  /// Reads a catalogue in the format of `Resources/media/catalogue.json` (top-level `items`;
  /// fields `id`, `kind`, `title`, `series`, `licence`, `attribution` required; `streamURL`
  /// HTTPS when present; an item needs a stream or a bundled `fallbackResource`).
  public static func decode(json data: Data) throws(MediaCatalogueError) -> MediaCatalogue {
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch {
      throw MediaCatalogueError(
        problem: "not a catalogue (expected an object with an 'items' array): \(error)")
    }
    var items: [MediaItem] = []
    for (position, entry) in file.items.enumerated() {
      items.append(try item(from: entry, at: position))
    }
    return try MediaCatalogue(items: items)
  }

  private static func item(from e: Entry, at position: Int) throws(MediaCatalogueError)
    -> MediaItem
  {
    func fail(_ problem: String) -> MediaCatalogueError {
      MediaCatalogueError(item: position, id: e.id, problem: problem)
    }
    func required(_ value: String?, _ field: String) throws(MediaCatalogueError) -> String {
      guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw fail("'\(field)' is missing or empty; expected text")
      }
      return value
    }
    let id = try required(e.id, "id")
    guard let kind = MediaItem.Kind(rawValue: try required(e.kind, "kind")) else {
      throw fail("'kind' is '\(e.kind ?? "")'; expected 'video' or 'audio'")
    }
    var stream: URL?
    if let text = e.streamURL {
      guard let url = URL(string: text), url.scheme?.lowercased() == "https", url.host != nil
      else { throw fail("'streamURL' is '\(text)'; expected an https:// URL") }
      stream = url
    }
    guard stream != nil || e.fallbackResource != nil else {
      throw fail("has neither 'streamURL' nor 'fallbackResource'; expected one to play")
    }
    if let duration = e.durationSeconds, !(duration.isFinite && duration > 0) {
      throw fail("'durationSeconds' is \(duration); expected a positive number or null")
    }
    return MediaItem(
      id: MediaItem.ID(id), kind: kind, title: try required(e.title, "title"),
      series: try required(e.series, "series"), summary: e.summary,
      durationSeconds: e.durationSeconds, year: e.year,
      licence: try required(e.licence, "licence"),
      attribution: try required(e.attribution, "attribution"), creator: e.creator,
      streamURL: stream, streamFormat: e.streamFormat,
      artworkURL: e.artworkURL.flatMap(URL.init(string:)), bundledResource: e.fallbackResource)
  }
}
