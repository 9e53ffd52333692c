import CarSession
import Charging
import Foundation

/// One charge point's new status, attached to the register station it was matched to.
public struct LiveStatusUpdate: Hashable, Sendable {
  /// The status and when it was observed.
  public var observation: StatusObservation
  /// The register station (a row of a ``ChargeSite``) the charge point belongs to.
  public var station: Station.ID?

  /// Creates an update.
  public init(observation: StatusObservation, station: Station.ID?) {
    self.observation = observation
    self.station = station
  }
}

extension ChargingApp {
  /// Live status reaches the screens at most this often: the Charge tab's points are its
  /// content, and the app refreshes them at most once a minute (``refreshInterval``,
  /// carplay-facts.md §1.5), so a burst of status changes patches the template once.
  public static let liveApplyInterval = refreshInterval
  /// The timer that applies buffered live status.
  static let liveTimer = "charge-live-status"
  /// The time zone of "unknown since HH:MM" (the bundled data is German).
  public static let liveTimeZone = TimeZone(identifier: "Europe/Berlin") ?? .current

  /// Buffers live status and applies it now, or when ``liveApplyInterval`` has passed since the
  /// last application; the screens then patch the changed sites' text in place.
  func reduceLive(_ state: inout State, _ updates: [LiveStatusUpdate], at time: Date)
    -> [Effect<Action>]
  {
    state.pendingLive += updates
    if let last = state.liveAppliedAt, time.timeIntervalSince(last) < Self.seconds(Self.liveApplyInterval) {
      guard !state.liveTimerRunning else { return [] }
      state.liveTimerRunning = true
      let wait = Self.seconds(Self.liveApplyInterval) - time.timeIntervalSince(last)
      return [.schedule(id: Self.liveTimer, after: .milliseconds(Int(wait * 1000)), .applyLiveStatus(at: last.addingTimeInterval(Self.seconds(Self.liveApplyInterval))))]
    }
    applyPendingLive(&state, at: time)
    return []
  }

  /// Applies the buffered updates and records the time statuses are judged at.
  func applyPendingLive(_ state: inout State, at time: Date) {
    state.live.apply(state.pendingLive.map { (observation: $0.observation, station: $0.station) })
    state.pendingLive = []
    state.liveNow = max(state.liveNow ?? time, time)
    state.liveAppliedAt = time
    state.liveTimerRunning = false
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

extension ChargingApp.State {
  /// The live availability of `site` as of the last applied status.
  public func availability(of site: ChargeSite) -> SiteAvailability? {
    guard let now = liveNow, live.hasStatus(for: site.stations.map(\.id)) else { return nil }
    return live.availability(for: site.stations.map(\.id), now: now)
  }
}
