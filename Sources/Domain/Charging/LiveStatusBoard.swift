import Foundation

/// The last known status of every charge point in memory, by EVSE id and by register station,
/// so a site's availability is a few dictionary reads and a delta touches only its charge points.
public struct LiveStatusBoard: Sendable, Hashable {
  private var observations: [String: StatusObservation] = [:]
  private var stationOfEVSE: [String: Station.ID] = [:]
  private var evsesOfStation: [Station.ID: [String]] = [:]

  /// An empty board.
  public init() {}

  /// How many charge points have a status.
  public var count: Int { observations.count }

  /// Whether no charge point has a status.
  public var isEmpty: Bool { observations.isEmpty }

  /// Records `observation` for the charge point matched to `station`; an observation older
  /// than the one kept is ignored. With `station` nil (matched to no register row, or no longer
  /// sent by its feed) the charge point is forgotten: the board serves sites, and keeping what
  /// belongs to none would grow it with every id a feed invents. Returns the station whose
  /// availability may have changed, if any.
  @discardableResult
  public mutating func apply(_ observation: StatusObservation, station: Station.ID?)
    -> Station.ID?
  {
    let id = observation.evseID
    if let known = observations[id], known.observedAt > observation.observedAt { return nil }
    guard let station else { return forget(id) }
    let previous = observations.updateValue(observation, forKey: id)
    let oldStation = stationOfEVSE[id]
    if oldStation != station {
      if let oldStation { evsesOfStation[oldStation]?.removeAll { $0 == id } }
      stationOfEVSE[id] = station
      evsesOfStation[station, default: []].append(id)
    }
    if let previous, previous.status == observation.status, oldStation == station {
      return nil
    }
    return station
  }

  /// Forgets the charge point `id`; returns the station it was attached to.
  private mutating func forget(_ id: String) -> Station.ID? {
    observations[id] = nil
    guard let station = stationOfEVSE.removeValue(forKey: id) else { return nil }
    evsesOfStation[station]?.removeAll { $0 == id }
    if evsesOfStation[station]?.isEmpty == true { evsesOfStation[station] = nil }
    return station
  }

  /// Forgets every status observed more than ``LiveStatusPolicy/expireAfter`` before the newest
  /// one on the board; returns the stations they were attached to.
  @discardableResult
  public mutating func removeExpired() -> Set<Station.ID> {
    guard let newest = observations.values.lazy.map(\.observedAt).max() else { return [] }
    let expired = observations.values.filter {
      LiveStatusPolicy.isExpired(observedAt: $0.observedAt, newest: newest)
    }
    var changed = Set<Station.ID>()
    for observation in expired {
      if let station = forget(observation.evseID) { changed.insert(station) }
    }
    return changed
  }

  /// Records a batch; returns the stations whose availability changed (status, not only time).
  @discardableResult
  public mutating func apply(
    _ batch: some Sequence<(observation: StatusObservation, station: Station.ID?)>
  ) -> Set<Station.ID> {
    var changed = Set<Station.ID>()
    for (observation, station) in batch {
      if let station = apply(observation, station: station) { changed.insert(station) }
    }
    return changed
  }

  /// The kept status of one charge point.
  public func observation(evseID: String) -> StatusObservation? { observations[evseID] }

  /// The kept statuses of the charge points matched to any of `stations`.
  public func observations(for stations: some Sequence<Station.ID>) -> [StatusObservation] {
    var result: [StatusObservation] = []
    for station in stations {
      for id in evsesOfStation[station] ?? [] {
        if let observation = observations[id] { result.append(observation) }
      }
    }
    return result
  }

  /// The availability of the site made of `stations` as of `now`.
  public func availability(for stations: some Sequence<Station.ID>, now: Date) -> SiteAvailability {
    SiteAvailability(observations(for: stations), now: now)
  }

  /// Whether any of `stations` has a charge point with a status.
  public func hasStatus(for stations: some Sequence<Station.ID>) -> Bool {
    stations.contains { !(evsesOfStation[$0]?.isEmpty ?? true) }
  }

  /// The register rows with at least one charge point whose status is fresh at `now` and free.
  public func stationsWithFree(now: Date) -> Set<Station.ID> {
    var result = Set<Station.ID>()
    for (station, ids) in evsesOfStation {
      let free = ids.contains { id in
        guard let observation = observations[id] else { return false }
        return observation.status.availability == .free
          && !LiveStatusPolicy.isStale(observedAt: observation.observedAt, now: now)
      }
      if free { result.insert(station) }
    }
    return result
  }

  /// The register rows whose charge points are all known unusable at `now`
  /// (``SiteAvailability/isKnownUnusable``: every one fresh, and busy or out of order).
  public func unusableStations(now: Date) -> Set<Station.ID> {
    var result = Set<Station.ID>()
    for (station, ids) in evsesOfStation where !ids.isEmpty {
      if SiteAvailability(ids.compactMap { observations[$0] }, now: now).isKnownUnusable {
        result.insert(station)
      }
    }
    return result
  }

  /// When the oldest status attached to a site that is fresh at `now` turns stale, or nil when
  /// none is fresh.
  public func nextStaleTime(after now: Date) -> Date? {
    var oldest: Date?
    for ids in evsesOfStation.values {
      for id in ids {
        guard let observed = observations[id]?.observedAt,
          !LiveStatusPolicy.isStale(observedAt: observed, now: now)
        else { continue }
        if oldest.map({ observed < $0 }) ?? true { oldest = observed }
      }
    }
    return oldest.map { $0.addingTimeInterval(LiveStatusPolicy.staleAfter + 1) }
  }
}
