import Foundation
import HTTPServer
import Synchronization
import Testing
import WaysideTestSupport

@testable import StationFeeds

/// The live feed client against feeds that answer too much, too slowly, compressed past any
/// reason, or that try to lead the token elsewhere (issue 40). Every server is on loopback;
/// no test waits on wall time: deadlines fire on the server's events.
@Suite("Live feed client: hostile feeds", .timeLimit(.minutes(1)))
struct LiveFeedHostileTests {
  static let page = """
    {"items": [
      {"id": "L1", "coordinates": {"latitude": "48.8961", "longitude": "9.1917"},
       "evses": [{"uid": "1", "evse_id": "DE*TST*E1", "status": "AVAILABLE"}]}]}
    """

  static func endpoint(_ url: URL, token: String? = nil, maxPages: Int = 100, maxPageBytes: Int = 1 << 20)
    -> LiveFeedEndpoint
  {
    // Waits long enough that only the caps and the injected deadline end a request, however
    // busy the machine is (the whole suite on two cores can starve the server for seconds).
    LiveFeedEndpoint(
      url: url, token: token, maxPages: maxPages, requestTimeout: 600, maxPageBytes: maxPageBytes)
  }

  static func poll(_ client: LiveFeedClient) async -> Result<LiveFeed, LiveFeedError> {
    do throws(LiveFeedError) { return .success(try await client.fetch()) } catch { return .failure(error) }
  }

  @Test("an endless answer ends the poll at the page cap, and the warning names the feed and the cap")
  func endlessAnswer() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in
      var response = OpenChargeMapTestServer.Response.json("")
      response.kind = .endless
      return response
    }) { server in
      let url = server.baseURL.appendingPathComponent("locations")
      let result = await Self.poll(LiveFeedClient(endpoint: Self.endpoint(url, maxPageBytes: 256 * 1024)))
      guard case .failure(let error) = result else {
        Issue.record("an endless answer was read to its end")
        return
      }
      do {
        #expect(error.url == url.absoluteString, "\(error)")
        #expect("\(error)".contains("262144 bytes"), "\(error)")
      }
    }
  }

  @Test("a gzip bomb stops at the cap once inflated; a small gzip answer is read")
  func gzipBomb() async throws {
    let bomb = GzipBody.make(prefix: Array(Self.page.utf8), repeats: 16 << 20)
    let small = GzipBody.make(prefix: Array(Self.page.utf8), repeats: 1000)
    #expect(bomb.count < 200_000, "the bomb itself is small: \(bomb.count) bytes")
    try await OpenChargeMapTestServer.with({ request, _ in
      OpenChargeMapTestServer.Response(
        status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
        body: Data(request.path.hasSuffix("bomb") ? bomb : small))
    }) { server in
      let read = try await LiveFeedClient(
        endpoint: Self.endpoint(server.baseURL.appendingPathComponent("small"))
      ).fetch()
      #expect(read.locations.map(\.id) == ["L1"])
      #expect(
        server.requests.first?.headers["Accept-Encoding"]?.contains("gzip") == true,
        "the client asks for compressed answers")
      do {
        _ = try await LiveFeedClient(
          endpoint: Self.endpoint(server.baseURL.appendingPathComponent("bomb"))
        ).fetch()
        Issue.record("a gzip bomb was inflated whole")
      } catch {
        #expect("\(error)".contains("larger than 1048576 bytes"), "\(error)")
      }
    }
  }

  @Test("a redirect to another origin is refused and the token never reaches it")
  func redirectElsewhere() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in .json(Self.page) }) { elsewhere in
      let target = elsewhere.baseURL.appendingPathComponent("locations").absoluteString
      try await OpenChargeMapTestServer.with({ request, _ in
        OpenChargeMapTestServer.Response(status: 302, headers: ["Location": target], body: Data())
      }) { feed in
        let url = feed.baseURL.appendingPathComponent("locations")
        do {
          _ = try await LiveFeedClient(endpoint: Self.endpoint(url, token: "secret")).fetch()
          Issue.record("a redirect to another origin was followed")
        } catch {
          #expect("\(error)".contains("refused a redirect to \(target)"), "\(error)")
        }
        #expect(feed.requests.first?.headers["Authorization"] == "Token secret")
        #expect(elsewhere.requests.isEmpty, "the other origin was asked: \(elsewhere.requests)")
      }
    }
  }

  @Test("a redirect within the origin is followed with the token")
  func redirectWithinOrigin() async throws {
    try await OpenChargeMapTestServer.with({ request, _ in
      request.path.hasSuffix("/old")
        ? OpenChargeMapTestServer.Response(status: 301, headers: ["Location": "new"], body: Data())
        : .json(Self.page)
    }) { feed in
      let url = feed.baseURL.appendingPathComponent("old")
      let read = try await LiveFeedClient(endpoint: Self.endpoint(url, token: "secret")).fetch()
      #expect(read.locations.map(\.id) == ["L1"])
      #expect(feed.requests.map { $0.headers["Authorization"] } == ["Token secret", "Token secret"])
      #expect(read.isComplete)
    }
  }

  @Test("a next-page link to another origin is not followed, and the poll says so")
  func nextPageElsewhere() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in .json(Self.page) }) { elsewhere in
      let next = elsewhere.baseURL.appendingPathComponent("page2").absoluteString
      try await OpenChargeMapTestServer.with({ _, _ in
        var response = OpenChargeMapTestServer.Response.json(Self.page)
        response.headers["Link"] = "<\(next)>; rel=\"next\""
        return response
      }) { feed in
        let url = feed.baseURL.appendingPathComponent("locations")
        let read = try await LiveFeedClient(endpoint: Self.endpoint(url, token: "secret")).fetch()
        #expect(read.locations.map(\.id) == ["L1"])
        #expect(elsewhere.requests.isEmpty, "the other origin was asked: \(elsewhere.requests)")
        let reasons = read.diagnostics.map(\.reason)
        #expect(reasons.contains { $0.contains("on another origin") }, "\(reasons)")
        #expect(!read.isComplete, "a poll that did not follow its next page is not the whole feed")
      }
    }
  }

  @Test("a dripping feed ends at the request's overall deadline")
  func drippingFeed() async throws {
    let gate = Gate()
    let server = try OpenChargeMapTestServer { _, _ in
      var response = OpenChargeMapTestServer.Response.json("")
      response.kind = .trickle(until: gate)
      return response
    }
    let url = server.baseURL.appendingPathComponent("locations")
    // The deadline fires once the server has the request and has begun its answer.
    let client = LiveFeedClient(endpoint: Self.endpoint(url)) { _, fire in
      Task {
        await server.waitForRequests(1)
        fire()
      }
    }
    do {
      _ = try await client.fetch()
      Issue.record("a dripping answer was waited for")
    } catch {
      #expect("\(error)".contains("the overall deadline"), "\(error)")
    }
    gate.open()
    await server.stop()
  }

  @Test("Retry-After on a 429 answer stretches the wait before the next poll")
  func retryAfter() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in
      OpenChargeMapTestServer.Response(status: 429, headers: ["Retry-After": "120"], body: Data())
    }) { server in
      let url = server.baseURL.appendingPathComponent("locations")
      let result = await Self.poll(LiveFeedClient(endpoint: Self.endpoint(url)))
      guard case .failure(let error) = result else {
        Issue.record("a 429 answer was read as a feed")
        return
      }
      #expect(error.retryAfter == 120)
      #expect(LiveFeedPoller.wait(after: result, interval: .seconds(60)) == .seconds(120))
      #expect(LiveFeedPoller.wait(after: result, interval: .seconds(300)) == .seconds(300))
    }
    #expect(LiveFeedClient.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now: Date(timeIntervalSince1970: 1_445_412_420)) == 60)
    #expect(LiveFeedClient.retryAfter("soon") == nil)
  }

  @Test("past the page limit the warning says the rest is not read, not that it waits")
  func pageLimitWarning() async throws {
    try await OpenChargeMapTestServer.with({ request, _ in
      var response = OpenChargeMapTestServer.Response.json(Self.page)
      response.headers["Link"] = "<\(request.path)?page=\(request.query("page").map { $0 + "1" } ?? "1")>; rel=\"next\""
      return response
    }) { server in
      let url = server.baseURL.appendingPathComponent("locations")
      let read = try await LiveFeedClient(endpoint: Self.endpoint(url, maxPages: 2)).fetch()
      let reasons = read.diagnostics.map(\.reason)
      #expect(reasons.contains { $0.contains("past it are not read") }, "\(reasons)")
      #expect(!read.isComplete, "a poll cut at the page limit is not the whole feed")
      #expect(!reasons.contains { $0.contains("waits for the next poll") }, "\(reasons)")
      #expect(server.requests.count == 2)
    }
  }

  @Test("an answer that is no feed is a failed poll, not an empty one")
  func unreadableAnswer() async throws {
    try await OpenChargeMapTestServer.with({ _, _ in .json("<html>not a feed</html>") }) { server in
      let url = server.baseURL.appendingPathComponent("locations")
      do {
        let feed = try await LiveFeedClient(endpoint: Self.endpoint(url)).fetch()
        Issue.record("an unreadable answer made a good poll: \(feed.locations.count) locations")
      } catch {
        #expect("\(error)".contains("could not be read"), "\(error)")
      }
    }
  }
}

@Suite("Feed times")
struct FeedTimeTests {
  @Test("a zone offset past ±14:00 is refused; real offsets are read")
  func offsets() {
    #expect(Timestamp.secondsSince1970("2026-03-12T10:00:00+99:00") == nil)
    #expect(Timestamp.secondsSince1970("2026-03-12T10:00:00+14:60") == nil)
    #expect(Timestamp.secondsSince1970("2026-03-12T10:00:00+01:00") == 1_773_306_000)
    #expect(Timestamp.secondsSince1970("2026-03-12T10:00:00-14:00") != nil)
    #expect(Timestamp.secondsSince1970("2026-03-12T10:00:00Z") == 1_773_309_600)
    #expect(Timestamp.secondsSince1970("2026-03-12T10:00:00") == 1_773_309_600)
  }
}
