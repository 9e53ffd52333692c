import Charging
import Foundation
import Geo
import StationFeeds
import StationStore

/// The store's live-region cache as the Open Charge Map client's offline fallback.
public struct StoreOpenChargeMapCache: OpenChargeMapCache {
  /// The store that keeps the regions.
  public let store: StationStore

  /// Creates the adapter.
  public init(store: StationStore) { self.store = store }

  /// Saves the stations under the source name `openchargemap`.
  public func save(_ stations: [Station], for region: BoundingBox, fetchedAt: Date) async throws {
    try store.cacheLiveRegion(
      region, source: "openchargemap", stations: stations, fetchedAt: fetchedAt)
  }

  /// The newest cached region covering `region`.
  public func load(covering region: BoundingBox) async throws -> OpenChargeMapCachedRegion? {
    try store.cachedLiveRegion(covering: region, source: "openchargemap").map {
      OpenChargeMapCachedRegion(stations: $0.stations, fetchedAt: $0.fetchedAt)
    }
  }
}
