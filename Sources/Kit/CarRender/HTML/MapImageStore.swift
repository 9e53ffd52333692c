import Synchronization

/// The map base images a page has been sent links to, by key, so the server can answer the
/// links: a renderer with a store draws each map as `<img src="/maps/KEY.svg">` under an inline
/// overlay of route and pins (``MapSVGRenderer/layers(_:dark:pins:route:showsAttribution:coveredLeft:coveredTop:heading:controls:)``).
///
/// It keeps the newest ``capacity`` images; a link to an older one answers not found, and the
/// page then shows the next state's link.
public final class MapImageStore: Sendable {
  /// How many images are kept: every map a page moves between in a while (zoom steps, pans,
  /// day and night, the phone map).
  public static let capacity = 96
  private let entries = Mutex<(images: [String: String], order: [String])>(([:], []))

  /// Creates an empty store.
  public init() {}

  /// Keeps `svg` under `key`.
  public func store(_ svg: String, for key: String) {
    entries.withLock { entries in
      if entries.images.updateValue(svg, forKey: key) != nil {
        entries.order.removeAll { $0 == key }
      }
      entries.order.append(key)
      while entries.order.count > Self.capacity {
        entries.images[entries.order.removeFirst()] = nil
      }
    }
  }

  /// The image stored under `key`, if it is still kept.
  public func image(_ key: String) -> String? {
    entries.withLock { $0.images[key] }
  }

  /// The path a page fetches the image under `key` from.
  public static func path(_ key: String) -> String { "/maps/\(key).svg" }
}
