import Charging
import Foundation
import Synchronization
import Testing
import WaysideData

@testable import StationFeeds

/// A fixed time that a test moves by hand.
private final class TestTime: Sendable {
  private let value = Mutex(Date(timeIntervalSince1970: 1_775_000_000))
  var now: Date { value.withLock { $0 } }
  func advance(_ seconds: TimeInterval) { value.withLock { $0 += seconds } }
}

@Suite("Live feed server and polling client on loopback", .serialized)
struct LiveFeedClientTests {
  @Test func theClientFollowsOCPIPaginationAndReadsEveryLocationOfTheReplay() async throws {
    let time = TestTime()
    let server = try LiveFeedServer(now: { time.now })
    defer { Task { await server.stop() } }
    let url = try #require(URL(string: server.baseURL + "/ocpi/2.2.1/locations?limit=30"))
    let feed = try await LiveFeedClient(endpoint: LiveFeedEndpoint(url: url)).fetch()
    #expect(feed.locations.count == 100)
    #expect(feed.evses.count == 273)
    #expect(feed.rawStatusCounts == ["AVAILABLE": 226, "CHARGING": 40, "INOPERATIVE": 6, "OUTOFORDER": 1])
    await server.stop()
  }

  @Test func aScriptedChangeReachesTheNextPollAndADeltaCarriesOnlyChangedLocations() async throws {
    let time = TestTime()
    let server = try LiveFeedServer(now: { time.now })
    let url = try #require(URL(string: server.baseURL + "/ocpi/2.2.1/locations"))
    let client = LiveFeedClient(endpoint: LiveFeedEndpoint(url: url))
    let before = try await client.fetch()
    #expect(before.evses.first { $0.evseID == "DE*SLB*E001L10000*002" }?.status == .available)
    time.advance(60)
    server.advance()
    let delta = try await client.fetch(since: time.now.addingTimeInterval(-1))
    #expect(delta.isDelta)
    // Step 1 changes one EVSE at Brenzstraße (Ludwigsburg); only that location comes back.
    #expect(delta.locations.map(\.id) == ["1588625"])
    #expect(delta.evses.first { $0.evseID == "DE*SLB*E001L10000*002" }?.status == .charging)
    await server.stop()
  }

  @Test func theDATEXStatusIsPairedWithItsTableAndTheReplayTimeDatesIt() async throws {
    let time = TestTime()
    let server = try LiveFeedServer(now: { time.now })
    let status = try #require(URL(string: server.baseURL + "/datex2/status"))
    let table = try #require(URL(string: server.baseURL + "/datex2/table"))
    server.setStep(2)
    let feed = try await LiveFeedClient(endpoint: LiveFeedEndpoint(url: status, tableURL: table))
      .fetch()
    #expect(feed.format == .datex2Status)
    #expect(feed.evses.count == 11)
    #expect(feed.locations.allSatisfy { !$0.coordinates.isEmpty })
    let repaired = feed.evses.first { $0.evseID == "DE*EBW*E914081*1" }
    #expect(repaired?.status == .available)
    #expect(repaired?.observedAt == time.now)
    await server.stop()
  }

  @Test func thePOIReplayChangesStatusAtEVSEAndConnectorLevel() async throws {
    let time = TestTime()
    let server = try LiveFeedServer(now: { time.now })
    server.setStep(1)
    let url = try #require(URL(string: server.baseURL + "/chargecloud/poi"))
    let feed = try await LiveFeedClient(endpoint: LiveFeedEndpoint(url: url)).fetch()
    #expect(feed.format == .chargecloudPOI)
    #expect(feed.evses.first { $0.evseID == "DE*STR*E10001*001" }?.status == .charging)
    #expect(feed.publishedAt == Date(timeIntervalSince1970: time.now.timeIntervalSince1970.rounded(.down)))
    await server.stop()
  }

  @Test func aTimedScriptMovesWithTheInjectedClockNotWithWallTime() throws {
    let time = TestTime()
    let server = try LiveFeedServer(stepInterval: .seconds(30), now: { time.now })
    #expect(server.step == 0)
    time.advance(29)
    #expect(server.step == 0)
    time.advance(1)
    #expect(server.step == 1)
    time.advance(90)
    #expect(server.step == 0)  // three steps after the recording, then the cycle starts again
    Task { await server.stop() }
  }

  @Test func theTokenIsSentAsOCPIsAuthorizationHeaderAndARefusalNamesTheURL() async throws {
    let request = LiveFeedClient(
      endpoint: LiveFeedEndpoint(
        url: try #require(URL(string: "http://127.0.0.1:9/locations")), token: "abc")
    ).request(try #require(URL(string: "http://127.0.0.1:9/locations")), since: Date(timeIntervalSince1970: 0))
    #expect(request.value(forHTTPHeaderField: "Authorization") == "Token abc")
    #expect(request.url?.absoluteString == "http://127.0.0.1:9/locations?date_from=1970-01-01T00:00:00Z")
    let time = TestTime()
    let server = try LiveFeedServer(now: { time.now })
    let missing = try #require(URL(string: server.baseURL + "/no-such-feed"))
    await #expect(throws: LiveFeedError.self) {
      try await LiveFeedClient(endpoint: LiveFeedEndpoint(url: missing)).fetch()
    }
    await server.stop()
  }

  @Test func thePollerPollsOncePerTickOfItsInjectedClockAndAsksForDeltasAfterTheFirst() async throws {
    let time = TestTime()
    let server = try LiveFeedServer(now: { time.now })
    let url = try #require(URL(string: server.baseURL + "/ocpi/2.2.1/locations"))
    time.advance(1)  // the first poll comes after the recording was published
    let (ticks, tick) = AsyncStream<Void>.makeStream()
    let sleeps = Mutex(0)
    let poller = LiveFeedPoller(
      client: LiveFeedClient(endpoint: LiveFeedEndpoint(url: url, interval: .seconds(60))),
      now: { time.now },
      sleep: { _ in
        sleeps.withLock { $0 += 1 }
        var iterator = ticks.makeAsyncIterator()
        _ = await iterator.next()
      })
    let (polls, delivered) = AsyncStream<LiveFeedPoll>.makeStream()
    let task = Task {
      await poller.run(maxPolls: 2) { delivered.yield($0) }
      delivered.finish()
    }
    var iterator = polls.makeAsyncIterator()
    let first = try #require(await iterator.next())
    #expect(try first.result.get().locations.count == 100)
    time.advance(60)
    server.advance()
    tick.yield()
    let second = try #require(await iterator.next())
    let delta = try second.result.get()
    #expect(delta.isDelta)
    #expect(delta.locations.map(\.id) == ["1588625"])
    #expect(second.fetchedAt == time.now)
    await task.value
    #expect(sleeps.withLock { $0 } == 1)
    await server.stop()
  }
}

/// A feed server that ignores the page cursor (a static file behind a plain web server answers
/// every `?next=…` with the same page) must not make a poll read the same page up to the limit.
@Suite("Live feed client: a page that repeats")
struct LiveFeedRepeatedPageTests {
  static let page = """
    {"next": "SAME-CURSOR", "items": [
      {"id": "L1", "coordinates": {"latitude": "48.8961", "longitude": "9.1917"},
       "evses": [{"uid": "1", "evse_id": "DE*TST*E1", "status": "AVAILABLE"},
                 {"uid": "2", "evse_id": "DE*TST*E2", "status": "CHARGING"}]}]}
    """

  @Test(
    "a server answering every cursor with the same page: each location is read once, the poll stops at the first page it read before, and both are reported"
  )
  func repeatedPageIsReadOnce() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in .json(Self.page) }) { server in
      let url = server.baseURL.appendingPathComponent("locations.json")
      let feed = try await LiveFeedClient(endpoint: LiveFeedEndpoint(url: url)).fetch()
      #expect(feed.locations.map(\.id) == ["L1"])
      #expect(feed.evses.count == 2)
      #expect(server.requests.count == 2, "the first page, and the cursor's page once")
      let reasons = feed.diagnostics.map(\.reason)
      #expect(reasons.contains("a location repeats an earlier page of this poll; read once"), "\(reasons)")
      #expect(
        reasons.contains("the next page is one this poll already read; the poll stops there"),
        "\(reasons)")
      #expect(!reasons.contains { $0.hasPrefix("more pages than the limit") })
    }
  }
}
