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
    // Bounds far beyond any wait a loaded machine causes: the tests of the bounds inject them.
    _ server: OpenChargeMapTestServer, key: String? = "test-key", timeout: Double = 60,
    attempts: Int = 3, sleeper: SleepRecorder = SleepRecorder(), cache: MemoryCache? = nil
  ) -> OpenChargeMapClient {
    OpenChargeMapClient(
      configuration: .init(
        baseURL: server.baseURL, apiKey: key, requestTimeout: timeout, maxAttempts: attempts,
        initialBackoff: 0.5, maxBackoff: 4, overallDeadline: 600),
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

  /// A deadline timer that fires once the server has received as many requests as timers
  /// were armed — each attempt's deadline passes while the server holds its request.
  private static func firingOnArrival(_ server: OpenChargeMapTestServer) -> BoundedFetch.Timer {
    let armed = Mutex(0)
    return { _, fire in
      let count = armed.withLock { armed -> Int in
        armed += 1
        return armed
      }
      Task {
        await server.waitForRequests(count)
        fire()
      }
    }
  }

  @Test("A server that holds its answer hits the overall deadline and is retried")
  func slowServer() async throws {
    let never = Gate()
    try await OpenChargeMapTestServer.with({ _, _ in
      var response = OpenChargeMapTestServer.Response.json(OpenChargeMapFixtures.kassel)
      response.hold = never
      return response
    }) { server in
      defer { never.open() }
      let sleeper = SleepRecorder()
      let client = OpenChargeMapClient(
        configuration: .init(
          baseURL: server.baseURL, apiKey: "test-key", requestTimeout: 60, maxAttempts: 2,
          initialBackoff: 0.5, maxBackoff: 4),
        cache: nil, sleep: sleeper.sleep, now: { Self.now },
        deadlineTimer: Self.firingOnArrival(server))
      await expectFailure(client) { error in
        #expect(error.kind == .deadlineExceeded(seconds: 15))
        #expect(error.attempts == 2)
        #expect(error.description.contains("no complete response within 15 s"), "\(error)")
      }
      #expect(sleeper.recorded == [0.5])
      #expect(server.requests.count == 2)
    }
  }

  @Test("An answer held until the client is waiting, but before its deadline, is accepted")
  func slowButInTime() async throws {
    let armed = Gate()
    try await OpenChargeMapTestServer.with({ _, _ in
      var response = OpenChargeMapTestServer.Response.json(OpenChargeMapFixtures.kassel)
      response.hold = armed
      return response
    }) { server in
      // The deadline's timer is armed (the client is waiting) and never fires.
      let client = OpenChargeMapClient(
        configuration: .init(baseURL: server.baseURL, apiKey: "test-key"),
        cache: nil, sleep: SleepRecorder().sleep, now: { Self.now },
        deadlineTimer: { _, _ in armed.open() })
      let result = try await client.stations(in: Self.kasselBox)
      #expect(result.stations.count == 3)
    }
  }

  @Test("An endless body is cut at the size cap with a message naming the cap, not retried")
  func endlessBody() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in
      var response = OpenChargeMapTestServer.Response.json("")
      response.kind = .endless
      return response
    }) { server in
      let sleeper = SleepRecorder()
      // Only the cap may end it: no timeout can pass first, even when a busy test run keeps
      // the body's producer waiting for a thread (seen once as a retried idle timeout).
      let client = OpenChargeMapClient(
        configuration: .init(
          baseURL: server.baseURL, apiKey: "test-key", requestTimeout: 600, maxAttempts: 3,
          maxResponseBytes: 256 * 1024, overallDeadline: 600),
        cache: nil, sleep: sleeper.sleep, now: { Self.now }, deadlineTimer: { _, _ in })
      await expectFailure(client) { error in
        #expect(error.kind == .tooLarge(maxBytes: 262_144))
        #expect(error.attempts == 1)
        #expect(error.description.contains("larger than 262144 bytes"), "\(error)")
      }
      #expect(sleeper.recorded == [])
    }
  }

  @Test("A server that trickles bytes and never ends its answer hits the overall deadline")
  func trickle() async throws {
    let release = Gate()
    try await OpenChargeMapTestServer.with({ _, _ in
      var response = OpenChargeMapTestServer.Response.json("")
      response.kind = .trickle(until: release)
      return response
    }) { server in
      defer { release.open() }
      // The per-read timeout (60 s) never passes first: only the overall deadline ends it.
      let client = OpenChargeMapClient(
        configuration: .init(
          baseURL: server.baseURL, apiKey: "test-key", requestTimeout: 60, maxAttempts: 1,
          overallDeadline: 2),
        cache: nil, sleep: SleepRecorder().sleep, now: { Self.now },
        deadlineTimer: Self.firingOnArrival(server))
      await expectFailure(client) { error in
        #expect(error.kind == .deadlineExceeded(seconds: 2))
        #expect(error.description.contains("(the overall deadline)"), "\(error)")
      }
    }
  }

  @Test("A redirect off the configured server is refused before it is followed")
  func redirectOffServer() async throws {
    try await OpenChargeMapTestServer.with({ request, _ in
      // 127.0.0.2 is loopback too, but another host: the key must not travel there.
      .init(status: 302, headers: ["Location": "http://127.0.0.2:9/v3/poi"], body: Data())
    }) { server in
      let sleeper = SleepRecorder()
      await expectFailure(client(server, sleeper: sleeper)) { error in
        guard case .redirectRefused(let reason) = error.kind else {
          Issue.record("\(error)")
          return
        }
        #expect(reason.contains("127.0.0.2"), "\(reason)")
        #expect(error.attempts == 1)
      }
      #expect(server.requests.count == 1)
      #expect(sleeper.recorded == [])
    }
  }

  @Test("A redirect within the configured server is followed, with the key")
  func redirectOnServer() async throws {
    try await OpenChargeMapTestServer.with({ request, _ in
      request.path == "/v3/poi"
        ? .init(status: 302, headers: ["Location": "/v3/moved"], body: Data())
        : .json(OpenChargeMapFixtures.kassel)
    }) { server in
      let result = try await client(server).stations(in: Self.kasselBox)
      #expect(result.stations.count == 3)
      #expect(server.requests.map(\.path) == ["/v3/poi", "/v3/moved"])
      #expect(server.requests.last?.headers["x-api-key"] == "test-key")
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
