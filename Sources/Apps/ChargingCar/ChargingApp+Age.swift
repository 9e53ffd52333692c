import CarSession
import Charging
import Foundation

extension ChargingApp {
  /// The timer that moves the data age in Details on ("3 min ago" becomes "4 min ago") between
  /// live updates: the reducer learns the time only from live updates and this timer's ticks.
  ///
  /// It runs while the car is connected and some status is fresh, once a minute, on the minute
  /// the open Details' age turns (their oldest fresh status), or with no Details open on the
  /// minutes of the oldest fresh status of all; with every status stale it stops. Details
  /// opened between ticks whose statuses came at another second than the oldest's may read a
  /// minute low until the next tick.
  static let ageTimer = "details-live-age"

  /// The Details on screen: the selected tab's pushed Details, if any.
  func shownDetails(_ state: State) -> PricedSite? {
    switch state.tab {
    case .charge: state.chargeDestination?.site
    case .favourites: state.favouriteDetails
    case .route: nil
    }
  }

  /// Starts, moves or stops ``ageTimer`` for the state after an action.
  func scheduleDetailsAge(_ state: inout State) -> [Effect<Action>] {
    guard state.connected, let judged = state.liveNow else { return stopAgeTimer(&state) }
    let now = max(judged, state.ageNow ?? judged)
    let anchor: Date
    if let site = shownDetails(state), let oldest = state.availability(of: site.site)?.oldestFresh {
      anchor = oldest
    } else if state.ageTickDue != nil {
      return []  // Running, and no Details to align it to: it ticks on.
    } else if let stale = state.live.nextStaleTime(after: now) {
      anchor = stale.addingTimeInterval(-LiveStatusPolicy.staleAfter - 1)
    } else {
      return stopAgeTimer(&state)
    }
    let minutes = (max(0, now.timeIntervalSince(anchor)) / 60).rounded(.down)
    let due = anchor.addingTimeInterval((minutes + 1) * 60)
    guard state.ageTickDue != due else { return [] }
    state.ageTickDue = due
    let wait = max(1, Int((due.timeIntervalSince(now) * 1000).rounded(.up)))
    return [.schedule(id: Self.ageTimer, after: .milliseconds(wait), .detailsAgeTick(at: due))]
  }

  private func stopAgeTimer(_ state: inout State) -> [Effect<Action>] {
    guard state.ageTickDue != nil else { return [] }
    state.ageTickDue = nil
    return [.cancel(id: Self.ageTimer)]
  }
}
