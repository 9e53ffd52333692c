import CarSession
import Charging
import Foundation
import StationFeeds
import StationStore
import Synchronization
import Testing

@testable import ChargingCar

/// Kept statuses are bounded over time (issue 40, finding 8): a feed whose charge point ids
/// change at every poll grew the hub's memory and the store without limit. A complete poll
/// removes what its feed no longer sends; a status observed more than two days before the newest
/// is removed whatever its feed; both reach the store and the apps.
@Suite("Live status expires")
struct LiveStatusExpiryTests {
  static let start = Date(timeIntervalSince1970: 1_775_000_000)

  static func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("wayside-live-expiry-\(UUID().uuidString)")
  }

  static func update(_ id: String, at date: Date, station: String? = "S1") -> LiveStatusUpdate {
    LiveStatusUpdate(
      observation: StatusObservation(evseID: id, status: .available, observedAt: date),
      station: station.map { Station.ID($0) })
  }

  /// A hub over a store in `directory` on `clock`.
  static func hub(_ directory: URL, _ clock: TestClock) throws -> (LiveStatusHub, StationStore) {
    let store = try StationStore(directory: directory)
    let hub = LiveStatusHub(
      archive: LiveStatusArchive(store: store, source: "test"), now: { clock.now })
    return (hub, store)
  }

  @Test("a complete poll removes the charge points its feed no longer sends: from the hub, the store and the apps")
  func completePollRemoves() async throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = TestClock(Self.start)
    let (hub, store) = try Self.hub(directory, clock)
    var heard = hub.batches.values().makeAsyncIterator()
    hub.publish([Self.update("A", at: Self.start), Self.update("B", at: Self.start)], feed: "F", complete: true)
    hub.publish([Self.update("G1", at: Self.start)], feed: "G", complete: true)
    clock.advance(60)
    let later = Self.start.addingTimeInterval(60)
    // A delta names only what changed: nothing is removed.
    hub.publish([Self.update("A", at: later)], feed: "F", complete: false)
    #expect(hub.current.map(\.observation.evseID) == ["A", "B", "G1"])
    hub.publish([Self.update("A", at: later), Self.update("C", at: later)], feed: "F", complete: true)
    #expect(hub.current.map(\.observation.evseID) == ["A", "C", "G1"], "G's charge point stays")
    await hub.archive?.flush()
    #expect(try store.liveStatus().map(\.observation.evseID) == ["A", "C", "G1"])
    var batches: [[LiveStatusUpdate]] = []
    for _ in 0..<4 { batches.append(try #require(await heard.next())) }
    let last = try #require(batches.last)
    let removal = try #require(last.first { $0.observation.evseID == "B" })
    #expect(removal.station == nil && removal.observation.status == .unknown)

    // The app's board forgets the removed charge point and its site's status with it.
    var board = LiveStatusBoard()
    for batch in batches { board.apply(batch.map { (observation: $0.observation, station: $0.station) }) }
    #expect(board.observation(evseID: "B") == nil)
    #expect(board.observations(for: [Station.ID("S1")]).map(\.evseID).sorted() == ["A", "C", "G1"])
  }

  @Test("a feed whose ids change at every poll keeps one poll's statuses, in memory and in the store")
  func churningIDsStayBounded() async throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = TestClock(Self.start)
    let (hub, store) = try Self.hub(directory, clock)
    for poll in 0..<40 {
      let now = clock.now
      hub.publish((0..<50).map { Self.update("P\(poll)-\($0)", at: now, station: nil) }, feed: "F", complete: true)
      clock.advance(60)
    }
    #expect(hub.count == 50)
    await hub.archive?.flush()
    #expect(try store.liveStatus().count == 50)
  }

  @Test("a status two days older than the newest is removed at the next publish, and at start from the store")
  func expiredStatusesGo() async throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let clock = TestClock(Self.start)
    do {
      let (hub, store) = try Self.hub(directory, clock)
      hub.publish([Self.update("OLD", at: Self.start)], feed: "F")
      clock.advance(LiveStatusPolicy.expireAfter - 60)
      hub.publish([Self.update("KEPT", at: clock.now)], feed: "G")
      #expect(hub.current.map(\.observation.evseID) == ["KEPT", "OLD"], "not expired yet")
      clock.advance(120)
      hub.publish([Self.update("NEW", at: clock.now)], feed: "G")
      #expect(hub.current.map(\.observation.evseID) == ["KEPT", "NEW"])
      await hub.archive?.flush()
      #expect(try store.liveStatus().map(\.observation.evseID) == ["KEPT", "NEW"])
      // A row an earlier run kept long ago (written past the hub, as a stopped run leaves it).
      try store.applyLiveStatus(
        [LiveStatusRecord(
          observation: StatusObservation(evseID: "ANCIENT", status: .available, observedAt: Self.start),
          stationID: nil, source: "test")], now: clock.now)
    }
    let (restarted, store) = try Self.hub(directory, clock)
    #expect(restarted.current.map(\.observation.evseID) == ["KEPT", "NEW"])
    #expect(try store.liveStatus().map(\.observation.evseID) == ["KEPT", "NEW"])
  }

  @Test("the board forgets a charge point matched to no site, and statuses two days older than its newest")
  func boardForgets() {
    var board = LiveStatusBoard()
    board.apply(StatusObservation(evseID: "A", status: .available, observedAt: Self.start), station: "S1")
    board.apply(StatusObservation(evseID: "U", status: .available, observedAt: Self.start), station: nil)
    #expect(board.count == 1, "an unmatched charge point is not kept")
    let changed = board.apply(
      StatusObservation(evseID: "A", status: .available, observedAt: Self.start.addingTimeInterval(1)), station: nil)
    #expect(changed == "S1" && board.isEmpty)
    board.apply(StatusObservation(evseID: "B", status: .charging, observedAt: Self.start), station: "S2")
    board.apply(
      StatusObservation(evseID: "C", status: .charging, observedAt: Self.start.addingTimeInterval(LiveStatusPolicy.expireAfter)),
      station: "S3")
    #expect(board.removeExpired().isEmpty, "exactly the expiry, not more")
    board.apply(
      StatusObservation(evseID: "D", status: .charging, observedAt: Self.start.addingTimeInterval(LiveStatusPolicy.expireAfter + 1)),
      station: "S3")
    #expect(board.removeExpired() == ["S2"])
    #expect(board.count == 2)
  }
}


final class TestClock: Sendable {
  private let value: Mutex<Date>
  init(_ date: Date) { value = Mutex(date) }
  var now: Date { value.withLock { $0 } }
  func advance(_ seconds: TimeInterval) { value.withLock { $0 += seconds } }
}

/// Parsing, matching and keeping a poll run on the feeds' own queue (issue 40, finding 8: a
/// page of a million charge points froze `GET /state` for seconds at every poll, because the
/// work held a thread of the pool that serves the simulator's answers).
@Suite("Live feed work off the serving pool", .timeLimit(.minutes(1)))
struct LiveFeedWorkTests {
  @Test("each poll is matched and kept on the feeds' queue, and a complete poll says so")
  func pollsRunOnTheFeedQueue() async throws {
    let server = try LiveFeedServer(stepInterval: nil)
    let onQueue = Mutex<[Bool]>([])
    let hub = LiveStatusHub(now: {
      onQueue.withLock { $0.append(LiveFeedWork.shared.isCurrent) }
      return Date()
    })
    let polls = ClientEvents<String>()
    var lines = polls.values().makeAsyncIterator()
    let pollers = LiveFeedPollers(
      endpoints: [LocalLiveFeed.endpoints(server, interval: .seconds(60))[0]], hub: hub,
      matcher: { LiveStatusMatcher(register: []) }, sleep: { _ in try await Task.sleep(for: .seconds(3600)) },
      polls: polls)
    let line = try #require(await lines.next())
    // No register row matches (an empty register): the poll reads every status and keeps none.
    #expect(line.contains(" statuses, 0 on register stations"), "\(line)")
    #expect(!line.hasPrefix("\(LocalLiveFeed.endpoints(server, interval: .seconds(60))[0].url.absoluteString): 0 statuses"), "\(line)")
    await pollers.stop()
    await server.stop()
    let seen = onQueue.withLock { $0 }
    #expect(!seen.isEmpty && seen.allSatisfy { $0 }, "\(seen)")
    #expect(hub.count == 0, "a charge point no register row matches is not kept")
    #expect(!LiveFeedWork.shared.isCurrent)
  }
}
