import Foundation

extension BundledData {
  /// `$WAYSIDE_CACHE_DIR`, else `$XDG_CACHE_HOME/wayside`, else `~/.cache/wayside`: where the
  /// caches built from the bundled data (station snapshot, map image) are kept.
  public static func cacheDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let own = environment["WAYSIDE_CACHE_DIR"], !own.isEmpty {
      return URL(fileURLWithPath: own)
    }
    if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("wayside")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/wayside")
  }
}
