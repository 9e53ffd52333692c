import Charging
import Foundation
import Geo

/// Where the Open Charge Map client keeps answers per region for offline use (the store
/// implements it; tests use memory).
public protocol OpenChargeMapCache: Sendable {
  /// Saves the stations fetched for `region` at `fetchedAt`.
  func save(_ stations: [Station], for region: BoundingBox, fetchedAt: Date) async throws
  /// The newest saved answer whose region covers `region`, with only the stations inside it.
  func load(covering region: BoundingBox) async throws -> OpenChargeMapCachedRegion?
}

/// A cached answer: the stations and when they were fetched.
public struct OpenChargeMapCachedRegion: Sendable, Hashable {
  /// The stations inside the region asked for.
  public var stations: [Station]
  /// When they were fetched from the server.
  public var fetchedAt: Date

  /// Creates a cached answer.
  public init(stations: [Station], fetchedAt: Date) {
    self.stations = stations
    self.fetchedAt = fetchedAt
  }
}
