import Charging
import Foundation
import StationFeeds
import StationStore
import Synchronization
import Testing

@testable import ChargingCar

/// A status dated in the future must not freeze a charge point (issue 40, finding 4): the
/// newest observation wins, so a record dated 2099 would beat every later real status.
@Suite("Live status dated in the future")
struct LiveStatusFutureTests {
  static let fetched = Date(timeIntervalSince1970: 1_775_000_000)
  static let future = Date(timeIntervalSince1970: 4_070_908_800)  // 2099-01-01

  static func datexFeed(observedAt: Date) -> LiveFeed {
    LiveFeed(
      format: .datex2Status, fileName: "status.json",
      locations: [
        LiveLocation(
          id: "SITE1",
          evses: [
            LiveEVSE(evseID: "DE*TST*E1", status: .outOfOrder, rawStatus: "outOfOrder", observedAt: observedAt)
          ])
      ], diagnostics: [])
  }

  @Test("a DATEX II record dated 2099 counts as observed at the fetch, and is counted for the warning")
  func datexTimesAreClamped() {
    let feed = Self.datexFeed(observedAt: Self.future)
    #expect(feed.observations(fetchedAt: Self.fetched).map(\.observedAt) == [Self.fetched])
    #expect(feed.futureDated(fetchedAt: Self.fetched) == 1)
    let past = Self.fetched.addingTimeInterval(-120)
    #expect(Self.datexFeed(observedAt: past).observations(fetchedAt: Self.fetched).map(\.observedAt) == [past])
  }

  @Test("the hub dates a future status now, so a later real status replaces it")
  func hubClampsFutureTimes() {
    let clock = Mutex(Self.fetched)
    let hub = LiveStatusHub(now: { clock.withLock { $0 } })
    hub.publish([
      LiveStatusUpdate(
        observation: StatusObservation(evseID: "DE*TST*E1", status: .outOfOrder, observedAt: Self.future),
        station: nil)
    ])
    #expect(hub.current.map(\.observation.observedAt) == [Self.fetched])
    clock.withLock { $0 += 60 }
    hub.publish([
      LiveStatusUpdate(
        observation: StatusObservation(
          evseID: "DE*TST*E1", status: .available, observedAt: Self.fetched.addingTimeInterval(60)),
        station: nil)
    ])
    #expect(hub.current.map(\.observation.status) == [.available])
  }

  @Test("the store keeps a future status as observed now, and repairs one an earlier run kept")
  func storeClampsAndRepairs() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-live-future-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try StationStore(directory: directory)
    let record = LiveStatusRecord(
      observation: StatusObservation(evseID: "DE*TST*E1", status: .outOfOrder, observedAt: Self.future),
      stationID: nil, source: "test")
    try store.applyLiveStatus([record], now: Self.fetched)
    #expect(try store.liveStatus().map(\.observation.observedAt) == [Self.fetched])

    // An earlier run kept a future row (its clock, or a version that did not check).
    let later = LiveStatusRecord(
      observation: StatusObservation(evseID: "DE*TST*E2", status: .outOfOrder, observedAt: Self.future),
      stationID: nil, source: "test")
    try store.applyLiveStatus([later], now: Self.future)
    let notes = Mutex<[String]>([])
    let archive = LiveStatusArchive(store: store, source: "test") { line in notes.withLock { $0.append(line) } }
    let hub = LiveStatusHub(archive: archive, now: { Self.fetched })
    #expect(hub.current.map(\.observation.observedAt) == [Self.fetched, Self.fetched])
    #expect(try store.liveStatus().allSatisfy { $0.observation.observedAt == Self.fetched })
    #expect(notes.withLock { $0 }.contains { $0.contains("dated in the future") }, "\(notes.withLock { $0 })")
  }
}
