import Charging
import Diagnostics
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a live feed is and how to read it: pointing the app at a real feed is this value.
public struct LiveFeedEndpoint: Sendable, Hashable {
  /// The status document's URL (OCPI `…/locations`, a DATEX II status publication, a POI URL).
  public var url: URL
  /// For DATEX II: the table publication to pair statuses with (positions, operators, prices).
  public var tableURL: URL?
  /// The token for OCPI's `Authorization: Token …` header, sent as given; nil for open feeds.
  public var token: String?
  /// How long to wait between polls.
  public var interval: Duration
  /// The most pages one poll follows (OCPI `Link`, chargecloud `next`).
  public var maxPages: Int
  /// Seconds to wait for each response.
  public var requestTimeout: Double

  /// Creates an endpoint; one poll a minute by default.
  public init(
    url: URL, tableURL: URL? = nil, token: String? = nil, interval: Duration = .seconds(60),
    maxPages: Int = 100, requestTimeout: Double = 15
  ) {
    self.url = url
    self.tableURL = tableURL
    self.token = token
    self.interval = interval
    self.maxPages = max(1, maxPages)
    self.requestTimeout = requestTimeout
  }
}

/// A live feed could not be fetched.
public struct LiveFeedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The URL that failed.
  public var url: String
  /// What went wrong, e.g. `HTTP 401` or `connection refused`.
  public var reason: String

  /// Creates an error.
  public init(url: String, reason: String) {
    self.url = url
    self.reason = reason
  }

  /// `live feed http://…: HTTP 401; expected 200 with a JSON document`.
  public var description: String { "live feed \(url): \(reason)" }
}

/// Fetches one live feed: follows pages, asks OCPI for changes since the last poll (`date_from`),
/// pairs a DATEX II status publication with its table, and parses everything with
/// ``LiveFeedParser``.
public struct LiveFeedClient: Sendable {
  /// The endpoint.
  public let endpoint: LiveFeedEndpoint
  private let session: URLSession

  /// A client for `endpoint`.
  public init(endpoint: LiveFeedEndpoint) {
    self.endpoint = endpoint
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = endpoint.requestTimeout
    configuration.timeoutIntervalForResource = endpoint.requestTimeout * 2
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    self.session = URLSession(configuration: configuration)
  }

  /// The request for `url`, with the token and, for OCPI deltas, `date_from`.
  public func request(_ url: URL, since: Date? = nil) -> URLRequest {
    var target = url
    if let since, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      !(components.queryItems ?? []).contains(where: { $0.name == "date_from" })
    {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime]
      components.queryItems =
        (components.queryItems ?? []) + [URLQueryItem(name: "date_from", value: formatter.string(from: since))]
      target = components.url ?? url
    }
    var request = URLRequest(url: target, timeoutInterval: endpoint.requestTimeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue("Wayside/1.0 (EV charging finder)", forHTTPHeaderField: "User-Agent")
    if let token = endpoint.token { request.setValue("Token \(token)", forHTTPHeaderField: "Authorization") }
    return request
  }

  /// One poll: every page of the feed (OCPI: only locations changed since `since`), parsed and
  /// joined into one ``LiveFeed``.
  public func fetch(since: Date? = nil) async throws(LiveFeedError) -> LiveFeed {
    var next: URL? = endpoint.url
    var first = true
    var combined: LiveFeed?
    var pages = 0
    var fetched = Set<String>()
    var seenLocations = Set<String>()
    var repeated: [ImportDiagnostic] = []
    while let url = next, pages < endpoint.maxPages {
      pages += 1
      fetched.insert(url.absoluteString)
      let (data, response) = try await get(request(url, since: first ? since : nil))
      first = false
      var page = LiveFeedParser.parse(data, fileName: url.absoluteString)
      // A location a previous page of this poll gave already (a server that repeats a page,
      // or ignores the cursor) is read once.
      let before = page.locations.count
      page.locations.removeAll { seenLocations.contains($0.id) }
      seenLocations.formUnion(page.locations.map(\.id))
      if page.locations.count < before {
        repeated.append(
          ImportDiagnostic(
            severity: .warning, file: url.absoluteString, field: "locations",
            reason: before - page.locations.count == 1
              ? "a location repeats an earlier page of this poll; read once"
              : "\(before - page.locations.count) locations repeat an earlier page of this poll; read once",
            expected: "each location on one page"))
      }
      if var all = combined {
        all.locations += page.locations
        all.diagnostics += page.diagnostics
        combined = all
      } else {
        combined = page
      }
      next = Self.nextPage(after: url, response: response, cursor: page.nextPage)
      if let again = next, fetched.contains(again.absoluteString) {
        // The same page again would loop until the page limit: the poll ends here.
        repeated.append(
          ImportDiagnostic(
            severity: .warning, file: url.absoluteString, field: "next",
            reason: "the next page is one this poll already read; the poll stops there",
            expected: "a next page not read before", value: again.absoluteString))
        next = nil
      }
    }
    combined?.diagnostics += repeated
    guard var feed = combined else {
      throw LiveFeedError(url: endpoint.url.absoluteString, reason: "no page was fetched")
    }
    if let next {
      feed.diagnostics.append(
        ImportDiagnostic(
          severity: .warning, file: endpoint.url.absoluteString, field: "next",
          reason: "more pages than the limit of \(endpoint.maxPages); the rest waits for the next poll",
          expected: "at most \(endpoint.maxPages) pages", value: next.absoluteString))
    }
    if since != nil, feed.format == .ocpiLocations { feed.isDelta = true }
    if feed.format == .datex2Status, let tableURL = endpoint.tableURL {
      let (data, _) = try await get(request(tableURL))
      let table = LiveFeedParser.parse(data, fileName: tableURL.absoluteString)
      feed = DATEX2Parser.pair(feed, with: table)
    }
    return feed
  }

  /// The next page: the `Link: <url>; rel="next"` header (OCPI 2.2.1 pagination), else a
  /// chargecloud `next` cursor, a URL or sent back as the `next` query parameter.
  static func nextPage(after url: URL, response: HTTPURLResponse, cursor: String?) -> URL? {
    if let link = response.value(forHTTPHeaderField: "Link") {
      for part in link.split(separator: ",") where part.contains("rel=\"next\"") || part.contains("rel=next") {
        if let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">"), open < close {
          return URL(string: String(part[part.index(after: open)..<close]), relativeTo: url)?.absoluteURL
        }
      }
      return nil
    }
    guard let cursor, !cursor.isEmpty else { return nil }
    if cursor.hasPrefix("http://") || cursor.hasPrefix("https://") { return URL(string: cursor) }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
    components.queryItems =
      (components.queryItems ?? []).filter { $0.name != "next" } + [URLQueryItem(name: "next", value: cursor)]
    return components.url
  }

  private func get(_ request: URLRequest) async throws(LiveFeedError) -> (Data, HTTPURLResponse) {
    let url = request.url?.absoluteString ?? endpoint.url.absoluteString
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch {
      throw LiveFeedError(url: url, reason: "cannot be reached (\(error.localizedDescription))")
    }
    guard let http = response as? HTTPURLResponse else {
      throw LiveFeedError(url: url, reason: "answered without HTTP; expected an HTTP response")
    }
    guard http.statusCode == 200 else {
      throw LiveFeedError(
        url: url,
        reason: "HTTP \(http.statusCode)"
          + (http.statusCode == 401 || http.statusCode == 403 ? " (check the token)" : "")
          + "; expected 200 with a JSON document")
    }
    return (data, http)
  }
}

/// One poll's outcome, as the poller hands it on.
public struct LiveFeedPoll: Sendable {
  /// The parsed feed, or why the poll failed.
  public var result: Result<LiveFeed, LiveFeedError>
  /// When the poll was made (the observation time of statuses the feed does not date).
  public var fetchedAt: Date
}

/// Polls one endpoint every ``LiveFeedEndpoint/interval``: the wait is the injected `sleep`, so
/// tests drive the poll with their own clock and never wait on wall time.
public struct LiveFeedPoller: Sendable {
  /// The client.
  public let client: LiveFeedClient
  private let now: @Sendable () -> Date
  private let sleep: @Sendable (Duration) async throws -> Void

  /// A poller; `now` stamps polls, `sleep` waits between them (throwing ends the loop).
  public init(
    client: LiveFeedClient, now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.client = client
    self.now = now
    self.sleep = sleep
  }

  /// Polls until the task is cancelled or `sleep` throws, handing each outcome to `deliver`;
  /// after the first success each OCPI poll asks only for changes since the previous success.
  /// `maxPolls` bounds the loop (nil: unbounded, for the app).
  public func run(maxPolls: Int? = nil, _ deliver: @Sendable (LiveFeedPoll) async -> Void) async {
    var since: Date?
    var polls = 0
    while !Task.isCancelled {
      if let maxPolls, polls >= maxPolls { return }
      polls += 1
      let started = now()
      let result: Result<LiveFeed, LiveFeedError>
      do {
        result = .success(try await client.fetch(since: since))
        since = started
      } catch {
        result = .failure(error)
      }
      await deliver(LiveFeedPoll(result: result, fetchedAt: started))
      if let maxPolls, polls >= maxPolls { return }
      do { try await sleep(client.endpoint.interval) } catch { return }
    }
  }
}
