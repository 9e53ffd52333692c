import Charging
import Foundation
import Geo
import Synchronization
import Testing

@testable import StationFeeds
import WaysideTestSupport

/// Records the back-off delays instead of waiting.
final class SleepRecorder: Sendable {
  private let delays = Mutex<[Double]>([])
  var recorded: [Double] { delays.withLock { $0 } }
  var sleep: @Sendable (Double) async throws -> Void {
    { [self] seconds in delays.withLock { $0.append(seconds) } }
  }
}

/// A cache in memory.
actor MemoryCache: OpenChargeMapCache {
  var regions: [(BoundingBox, OpenChargeMapCachedRegion)] = []

  func save(_ stations: [Station], for region: BoundingBox, fetchedAt: Date) {
    regions.append((region, OpenChargeMapCachedRegion(stations: stations, fetchedAt: fetchedAt)))
  }

  func load(covering region: BoundingBox) -> OpenChargeMapCachedRegion? {
    regions.last { box, _ in box.contains(region.minimum) && box.contains(region.maximum) }?.1
  }
}

@Suite("Open Charge Map client over loopback")
struct OpenChargeMapClientTests {
  static let kasselBox = BoundingBox(
    minimum: Coordinate(latitude: 51.28, longitude: 9.42),
    maximum: Coordinate(latitude: 51.34, longitude: 9.52))
  static let now = Date(timeIntervalSince1970: 1_780_000_000)

  private func client(
    _ server: OpenChargeMapTestServer, key: String? = "test-key", timeout: Double = 5,
    attempts: Int = 3, sleeper: SleepRecorder = SleepRecorder(), cache: MemoryCache? = nil
  ) -> OpenChargeMapClient {
    OpenChargeMapClient(
      configuration: .init(
        baseURL: server.baseURL, apiKey: key, requestTimeout: timeout, maxAttempts: attempts,
        initialBackoff: 0.5, maxBackoff: 4),
      cache: cache, sleep: sleeper.sleep, now: { Self.now })
  }

  private func expectFailure(
    _ client: OpenChargeMapClient, _ check: (OpenChargeMapError) -> Void
  ) async {
    do {
      let result = try await client.stations(in: Self.kasselBox)
      Issue.record("expected a failure, got \(result.stations.count) stations")
    } catch {
      check(error)
    }
  }

  @Test("A live answer is parsed, cached, and asked for with the key in a header")
  func live() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in .json(OpenChargeMapFixtures.kassel) }) {
      server in
      let cache = MemoryCache()
      let result = try await client(server, cache: cache).stations(in: Self.kasselBox)
      #expect(result.origin == .live)
      #expect(result.stations.count == 3)
      #expect(result.fetchedAt == Self.now)
      let request = try #require(server.requests.first)
      #expect(request.path == "/v3/poi")
      #expect(request.headers["x-api-key"] == "test-key")
      #expect(request.query("key") == nil)
      #expect(request.query("boundingbox") == "(51.34,9.42),(51.28,9.52)")
      #expect(request.query("maxresults") == "500")
      #expect(await cache.regions.count == 1)
    }
  }

  @Test("A refused key fails at once with a message about the key", arguments: [401, 403])
  func keyRefused(_ status: Int) async throws {
    try await OpenChargeMapTestServer.with({ _, _ in
      .json(OpenChargeMapFixtures.keyError, status: status)
    }) { server in
      let sleeper = SleepRecorder()
      await expectFailure(client(server, sleeper: sleeper)) { error in
        #expect(error.kind == .keyRejected(status: status))
        #expect(error.attempts == 1)
        #expect(error.description.contains("API key was refused (HTTP \(status))"))
      }
      #expect(sleeper.recorded == [])
    }
  }

  @Test("Server errors are retried with exponential back-off and then succeed")
  func retriesThenSucceeds() async throws {
    try await OpenChargeMapTestServer.with({ _, n in
      n < 2 ? .json("{}", status: 503) : .json(OpenChargeMapFixtures.kassel)
    }) { server in
      let sleeper = SleepRecorder()
      let result = try await client(server, sleeper: sleeper).stations(in: Self.kasselBox)
      #expect(result.stations.count == 3)
      #expect(sleeper.recorded == [0.5, 1.0])
      #expect(server.requests.count == 3)
    }
  }

  @Test("Persistent server errors give up after the attempt limit")
  func serverErrorGivesUp() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in .json("oops", status: 500) }) { server in
      let sleeper = SleepRecorder()
      await expectFailure(client(server, attempts: 4, sleeper: sleeper)) { error in
        #expect(error.kind == .serverError(status: 500))
        #expect(error.attempts == 4)
        #expect(error.description.contains("failed after 4 attempts: the server failed (HTTP 500)"))
      }
      #expect(sleeper.recorded == [0.5, 1.0, 2.0])
    }
  }

  @Test("Rate limiting waits as long as Retry-After asks, capped by the maximum back-off")
  func rateLimited() async throws {
    try await OpenChargeMapTestServer.with({ _, n in
      switch n {
      case 0: .init(status: 429, headers: ["Retry-After": "3"], body: Data())
      case 1: .init(status: 429, headers: ["Retry-After": "60"], body: Data())
      default: .json(OpenChargeMapFixtures.kassel)
      }
    }) { server in
      let sleeper = SleepRecorder()
      let result = try await client(server, sleeper: sleeper).stations(in: Self.kasselBox)
      #expect(result.stations.count == 3)
      #expect(sleeper.recorded == [3, 4])
    }
  }

  @Test("A slow server times out within the bound and is retried")
  func slowServer() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in
      var response = OpenChargeMapTestServer.Response.json(OpenChargeMapFixtures.kassel)
      response.delay = 1.6
      return response
    }) { server in
      let sleeper = SleepRecorder()
      // Whole seconds: Linux Foundation does not honour sub-second request timeouts reliably.
      await expectFailure(client(server, timeout: 1, attempts: 2, sleeper: sleeper)) { error in
        #expect(error.kind == .timeout(seconds: 1))
        #expect(error.attempts == 2)
        #expect(error.description.contains("no response within 1 s"))
      }
      #expect(sleeper.recorded == [0.5])
      #expect(server.requests.count == 2)
    }
  }

  @Test("A response slower than usual but within the timeout is accepted")
  func slowButInTime() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in
      var response = OpenChargeMapTestServer.Response.json(OpenChargeMapFixtures.kassel)
      response.delay = 0.3
      return response
    }) { server in
      let result = try await client(server, timeout: 2).stations(in: Self.kasselBox)
      #expect(result.stations.count == 3)
    }
  }

  @Test("A malformed body fails without retrying and says what is wrong")
  func malformed() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in .json(OpenChargeMapFixtures.truncated) }) {
      server in
      await expectFailure(client(server)) { error in
        guard case .malformedResponse(let reason) = error.kind else {
          Issue.record("\(error)")
          return
        }
        #expect(reason.contains("not valid JSON"))
        #expect(error.attempts == 1)
      }
    }
  }

  @Test("A refused connection is reported as unreachable")
  func unreachable() async throws {
    // A port held without listening: no other test's server can answer on it.
    let refused = try RefusedPort()
    let client = OpenChargeMapClient(
      configuration: .init(
        baseURL: URL(string: "http://127.0.0.1:\(refused.port)/v3")!, apiKey: "test-key",
        requestTimeout: 5, maxAttempts: 2, initialBackoff: 0.5, maxBackoff: 4),
      cache: nil, sleep: SleepRecorder().sleep, now: { Self.now })
    await expectFailure(client) { error in
      guard case .unreachable = error.kind else {
        Issue.record("\(error)")
        return
      }
      #expect(error.attempts == 2)
    }
  }

  @Test("When the server fails, the cached region is returned with its age and the reason")
  func offlineFallback() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in .json("{}", status: 503) }) { server in
      let cache = MemoryCache()
      let wide = BoundingBox(
        minimum: Coordinate(latitude: 51, longitude: 9),
        maximum: Coordinate(latitude: 52, longitude: 10))
      let stations = try OpenChargeMapParser.parse(Data(OpenChargeMapFixtures.kassel.utf8)).stations
      await cache.save(stations, for: wide, fetchedAt: Self.now.addingTimeInterval(-3600))
      let result = try await client(server, attempts: 2, cache: cache).stations(in: Self.kasselBox)
      #expect(result.stations == stations)
      guard case .cache(let age, let reason) = result.origin else {
        Issue.record("expected a cached result, got \(result.origin)")
        return
      }
      #expect(age == 3600)
      #expect(reason.kind == .serverError(status: 503))
    }
  }

  @Test("Without a key no request is made; the cache still answers when it can")
  func missingKey() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in .json("[]") }) { server in
      await expectFailure(client(server, key: nil)) { error in
        #expect(error.kind == .missingAPIKey)
        #expect(error.description.contains("OCM_API_KEY"))
      }
      #expect(server.requests.isEmpty)
      let cache = MemoryCache()
      await cache.save([], for: Self.kasselBox, fetchedAt: Self.now)
      let result = try await client(server, key: nil, cache: cache).stations(in: Self.kasselBox)
      #expect(result.stations == [])
    }
  }

  @Test(
    "The API key comes from OCM_API_KEY first, then the store",
    arguments: [
      (["OCM_API_KEY": "env"], "stored", "env"),
      (["OCM_API_KEY": "  "], "stored", "stored"),
      ([:], "stored", "stored"),
      ([:], nil, nil),
      ([:], " ", nil),
    ] as [([String: String], String?, String?)])
  func apiKeyResolution(_ environment: [String: String], _ stored: String?, _ expected: String?) {
    #expect(OpenChargeMapClient.apiKey(environment: environment, stored: stored) == expected)
  }
}
