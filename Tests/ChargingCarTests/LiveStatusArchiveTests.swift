import CarAppTesting
import CarSession
import CarSimulator
import Charging
import Foundation
import Synchronization
import StationStore
import Testing

@testable import ChargingCar

/// The hub's statuses kept in the store: a restarted app starts from the last status of each
/// charge point, with the time it was observed.
@MainActor
@Suite("Live status kept across restarts")
struct LiveStatusArchiveTests {
  static func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "wayside-live-archive-\(UUID().uuidString)")
  }

  static func update(_ evse: String, _ status: EVSEStatus, _ station: Station.ID, minutesAgo: Double)
    -> LiveStatusUpdate
  {
    LiveStatusUpdate(
      observation: StatusObservation(
        evseID: evse, status: status, observedAt: priceDate.addingTimeInterval(-minutesAgo * 60)),
      station: station)
  }

  /// The charging app over the bundled data with `hub` as its live status, in a simulated car.
  static func car(_ hub: LiveStatusHub) -> SimulatedCar {
    let app = AnyCarApp(
      "charging", summary: "test",
      app: ChargingApp(
        services: .bundled(driver: .memory(DriverSetupBox()), now: { priceDate }, live: hub)),
      state: ChargingApp.State())
    return SimulatedCar.test(app: app, reportIssue: .failingTest())
  }

  @Test(
    "statuses published to a hub with an archive are in the store; a new hub over the same folder starts with them, each with its observation time, and the car shows them"
  )
  func keptAcrossARestart() async throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let sites = try await Fixture.germany().sites(
      SiteQuery(center: ChargingApp.kasselCentre, region: nil, filter: ChargeFilter()),
      setup: DriverSetup(), start: priceDate)
    let first = try #require(sites.first)
    let second = try #require(sites.dropFirst().first)
    let a = try #require(first.site.stations.first?.id)
    let b = try #require(second.site.stations.first?.id)

    // The first run: the car hears the feed, and the hub hands each batch to the store.
    let before = LiveStatusHub(
      archive: LiveStatusArchive(store: try StationStore(directory: directory), source: "test"))
    #expect(before.current.isEmpty, "a new store keeps nothing")
    let car = Self.car(before)
    car.connect(Fixture.standard)
    await car.settle()
    before.publish([
      Self.update("DE*TST*E1", .available, a, minutesAgo: 2),
      Self.update("DE*TST*E2", .charging, a, minutesAgo: 1),
      Self.update("DE*TST*E3", .available, b, minutesAgo: 40),
    ])
    // A delayed delta for E1, older than what the hub has: kept neither in memory nor stored.
    before.publish([Self.update("DE*TST*E1", .outOfOrder, a, minutesAgo: 10)])
    await car.settle()
    let stale = "unknown since " + SiteAvailability.clockTime(
      priceDate.addingTimeInterval(-40 * 60), timeZone: ChargingApp.liveTimeZone)
    #expect(car.host.screenText.contains("1 of 2 free"), "\(car.host.screenText)")
    #expect(car.host.screenText.contains(stale), "\(car.host.screenText)")
    car.disconnect()
    await car.settle()
    let archive = try #require(before.archive)
    await archive.flush()

    // A restart: a new store and hub over the same folder.
    let after = LiveStatusHub(
      archive: LiveStatusArchive(store: try StationStore(directory: directory), source: "test"))
    #expect(after.current == before.current)
    #expect(after.current.map(\.observation.status) == [.available, .charging, .available])
    let restarted = Self.car(after)
    restarted.connect(Fixture.standard)
    await restarted.settle()
    #expect(restarted.host.screenText.contains("1 of 2 free"), "\(restarted.host.screenText)")
    #expect(restarted.host.screenText.contains(stale), "\(restarted.host.screenText)")
    restarted.disconnect()
    await restarted.settle()

    let kept = try StationStore(directory: directory).liveStatus()
    #expect(kept.map(\.observation.evseID) == ["DE*TST*E1", "DE*TST*E2", "DE*TST*E3"])
    #expect(kept.map(\.source) == ["test", "test", "test"])
    #expect(kept.first?.observation.status == .available, "the newer status stays")
  }

  @Test(
    "writes that fail are one warning naming the problem, and one more when writing works again; the hub keeps the statuses meanwhile"
  )
  func failedWritesAreReportedOnce() async throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try StationStore(directory: directory)
    let failures = Mutex(2)
    let heard = Mutex<[String]>([])
    let archive = LiveStatusArchive(
      store: store, source: "test", diagnostics: { line in heard.withLock { $0.append(line) } },
      apply: { records in
        let fail = failures.withLock { left in
          defer { left -= 1 }
          return left > 0
        }
        if fail {
          throw StationStoreError(
            file: directory.appendingPathComponent("stations.sqlite"), role: "station data",
            problem: .io("disk full"))
        }
        try store.applyLiveStatus(records)
      })
    let hub = LiveStatusHub(archive: archive)
    for minute in 0..<3 {
      hub.publish([Self.update("E1", .available, "s1", minutesAgo: Double(10 - minute))])
    }
    await archive.flush()
    let lines = heard.withLock { $0 }
    #expect(lines.count == 2, "\(lines)")
    #expect(lines.first?.hasPrefix("live status could not be kept in the store (") == true)
    #expect(lines.first?.contains("disk full") == true)
    #expect(lines.last == "live status is kept in the store again")
    #expect(hub.current.count == 1, "shown from memory all along")
    #expect(try store.liveStatus().map(\.observation.evseID) == ["E1"], "the third write landed")
  }

  @Test("a hub without an archive keeps statuses in memory only")
  func noArchive() async throws {
    let hub = LiveStatusHub()
    hub.publish([Self.update("E1", .available, "s1", minutesAgo: 1)])
    #expect(hub.archive == nil)
    #expect(hub.current.count == 1)
  }
}
