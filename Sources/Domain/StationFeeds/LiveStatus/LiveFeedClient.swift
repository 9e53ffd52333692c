import Charging
import Dispatch
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
  /// Seconds to wait for the next bytes of a response (a silent server).
  public var requestTimeout: Double
  /// Seconds one request may take in all, however the server drips its bytes (twice
  /// ``requestTimeout`` unless given).
  public var requestDeadline: Double
  /// The most bytes of one page, as received and once inflated (gzip): a larger page ends the
  /// poll with a warning naming the feed and the cap.
  public var maxPageBytes: Int
  /// The most bytes of all pages of one poll together (the table publication included).
  public var maxPollBytes: Int

  /// The default cap of one page: 32 MiB.
  public static let defaultMaxPageBytes = 32 << 20
  /// The default cap of one poll: 64 MiB.
  public static let defaultMaxPollBytes = 64 << 20

  /// Creates an endpoint; one poll a minute by default.
  public init(
    url: URL, tableURL: URL? = nil, token: String? = nil, interval: Duration = .seconds(60),
    maxPages: Int = 100, requestTimeout: Double = 15, requestDeadline: Double? = nil,
    maxPageBytes: Int = LiveFeedEndpoint.defaultMaxPageBytes,
    maxPollBytes: Int = LiveFeedEndpoint.defaultMaxPollBytes
  ) {
    self.url = url
    self.tableURL = tableURL
    self.token = token
    self.interval = interval
    self.maxPages = max(1, maxPages)
    self.requestTimeout = requestTimeout
    self.requestDeadline = requestDeadline ?? requestTimeout * 2
    self.maxPageBytes = max(1, maxPageBytes)
    self.maxPollBytes = max(1, maxPollBytes)
  }
}

/// A live feed could not be fetched.
public struct LiveFeedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The URL that failed.
  public var url: String
  /// What went wrong, e.g. `HTTP 401` or `connection refused`.
  public var reason: String
  /// How long the server asked to wait before the next request (`Retry-After` on a 429 or 503
  /// answer), in seconds.
  public var retryAfter: Double?

  /// Creates an error.
  public init(url: String, reason: String, retryAfter: Double? = nil) {
    self.url = url
    self.reason = reason
    self.retryAfter = retryAfter
  }

  /// `live feed http://…: HTTP 401; expected 200 with a JSON document`.
  public var description: String { "live feed \(url): \(reason)" }
}

/// Fetches one live feed: follows pages, asks OCPI for changes since the last poll (`date_from`),
/// pairs a DATEX II status publication with its table, and parses everything with
/// ``LiveFeedParser``.
///
/// Every request is a ``BoundedFetch``: each page is capped at ``LiveFeedEndpoint/maxPageBytes``
/// (as received and once inflated), the poll at ``LiveFeedEndpoint/maxPollBytes``, each request
/// at ``LiveFeedEndpoint/requestDeadline``; redirects and next-page links are followed only within
/// the feed URL's origin (scheme, host and port), and the token is sent only there.
public struct LiveFeedClient: Sendable {
  /// The endpoint.
  public let endpoint: LiveFeedEndpoint
  private let timer: BoundedFetch.Timer

  /// A client for `endpoint`; `deadlineTimer` starts each request's overall deadline (nil: a
  /// dispatch timer; tests pass one that fires on an event).
  public init(
    endpoint: LiveFeedEndpoint,
    deadlineTimer: (@Sendable (Duration, @escaping @Sendable () -> Void) -> Void)? = nil
  ) {
    self.endpoint = endpoint
    self.timer = deadlineTimer ?? BoundedFetch.dispatchTimer
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
    // The token goes only to the feed's own origin (a table publication elsewhere gets none).
    if let token = endpoint.token, BoundedFetch.sameOrigin(target, endpoint.url) {
      request.setValue("Token \(token)", forHTTPHeaderField: "Authorization")
    }
    return request
  }

  /// One poll: every page of the feed (OCPI: only locations changed since `since`), parsed and
  /// joined into one ``LiveFeed``.
  ///
  /// With `keep`, only the locations it accepts are kept: an OCPI or chargecloud page's others
  /// are dropped as each is read (``LiveFeedParser/parse(_:fileName:keep:)``), a DATEX II
  /// publication's once it is paired with its table; ``LiveFeed/unkeptStatuses`` counts them.
  public func fetch(
    since: Date? = nil, keep: (@Sendable (LiveLocation) -> Bool)? = nil
  ) async throws(LiveFeedError) -> LiveFeed {
    var next: URL? = endpoint.url
    var first = true
    var combined: LiveFeed?
    var pages = 0
    var fetched = Set<String>()
    var seenLocations = Set<String>()
    var repeated: [ImportDiagnostic] = []
    var budget = endpoint.maxPollBytes
    var partial = false
    while let url = next, pages < endpoint.maxPages {
      pages += 1
      fetched.insert(url.absoluteString)
      let (data, response) = try await get(request(url, since: first ? since : nil), budget: budget)
      budget -= data.count
      first = false
      // Parsed on the feeds' own queue: a page of a million charge points takes seconds, which
      // must not hold a thread of the pool that serves the simulator's answers.
      var page = await LiveFeedWork.shared.run {
        LiveFeedParser.parse(data, fileName: url.absoluteString, keep: keep)
      }
      if page.locations.isEmpty, page.unkeptLocations == 0, let error = page.errors.first {
        // An answer that is no feed at all is a failed poll, not an empty one.
        throw LiveFeedError(url: url.absoluteString, reason: "the answer could not be read: \(error)")
      }
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
        all.unkeptStatuses += page.unkeptStatuses
        all.unkeptLocations += page.unkeptLocations
        combined = all
      } else {
        combined = page
      }
      next = Self.nextPage(after: url, response: response, cursor: page.nextPage)
      if let elsewhere = next, !BoundedFetch.sameOrigin(elsewhere, endpoint.url) {
        // A next page on another server would get the token: it is not followed.
        repeated.append(
          ImportDiagnostic(
            severity: .warning, file: url.absoluteString, field: "next",
            reason: "the next page is on another origin than \(BoundedFetch.origin(endpoint.url));"
              + " not followed (the feed's token is sent only there)",
            expected: "a next page on \(BoundedFetch.origin(endpoint.url))",
            value: elsewhere.absoluteString))
        next = nil
        partial = true
      }
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
      partial = true
      feed.diagnostics.append(
        ImportDiagnostic(
          severity: .warning, file: endpoint.url.absoluteString, field: "next",
          reason: "more pages than the limit of \(endpoint.maxPages); the pages past it are not read"
            + " (each poll starts again at the first page)",
          expected: "at most \(endpoint.maxPages) pages", value: next.absoluteString))
    }
    if since != nil, feed.format == .ocpiLocations { feed.isDelta = true }
    if feed.format == .datex2Status, let tableURL = endpoint.tableURL {
      let (data, _) = try await get(request(tableURL), budget: budget)
      let status = feed
      feed = await LiveFeedWork.shared.run {
        DATEX2Parser.pair(status, with: LiveFeedParser.parse(data, fileName: tableURL.absoluteString))
      }
    }
    if let keep, feed.format == .datex2Status || feed.format == .datex2Table {
      let whole = feed
      feed = await LiveFeedWork.shared.run { whole.keeping(keep) }
    }
    feed.isPartial = partial
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

  /// One bounded request: at most `budget` bytes (and the page cap), the request deadline, and
  /// redirects only within the feed's origin.
  private func get(_ request: URLRequest, budget: Int) async throws(LiveFeedError) -> (Data, HTTPURLResponse) {
    let url = request.url?.absoluteString ?? endpoint.url.absoluteString
    guard budget > 0 else {
      throw LiveFeedError(
        url: url,
        reason: "the poll passed its cap of \(endpoint.maxPollBytes) bytes; expected all pages within it")
    }
    let limit = min(endpoint.maxPageBytes, budget)
    let fetch = BoundedFetch(
      maxBytes: limit,
      deadline: .milliseconds(Int64((endpoint.requestDeadline * 1000).rounded())),
      idleTimeout: .milliseconds(Int64((endpoint.requestTimeout * 1000).rounded())),
      sameOriginOnly: true,
      expected: limit < endpoint.maxPageBytes
        ? "the rest of the poll's cap of \(endpoint.maxPollBytes) bytes" : "a feed page",
      timer: timer
    ) { target in
      target.scheme == "http" || target.scheme == "https"
        ? nil : "expected an http or https URL, got '\(target.absoluteString)'"
    }
    let answer: (status: Int, response: HTTPURLResponse?, body: Data)
    do {
      answer = try await fetch.exchange(request)
    } catch {
      switch error.kind {
      case .tooLarge, .deadline, .idleTimeout, .refused:
        throw LiveFeedError(url: url, reason: error.description)
      case .transport:
        throw LiveFeedError(url: url, reason: "cannot be reached (\(error.description))")
      }
    }
    guard let http = answer.response else {
      throw LiveFeedError(url: url, reason: "answered without HTTP; expected an HTTP response")
    }
    guard http.statusCode == 200 else {
      let retryAfter =
        http.statusCode == 429 || http.statusCode == 503
        ? http.value(forHTTPHeaderField: "Retry-After").flatMap { Self.retryAfter($0) } : nil
      throw LiveFeedError(
        url: url,
        reason: "HTTP \(http.statusCode)"
          + (http.statusCode == 401 || http.statusCode == 403 ? " (check the token)" : "")
          + (retryAfter.map { "; the server asks to wait \(Int($0)) s" } ?? "")
          + "; expected 200 with a JSON document", retryAfter: retryAfter)
    }
    return (answer.body, http)
  }

  /// `Retry-After` as seconds: a number of seconds or an HTTP date (IMF-fixdate); nil when
  /// unreadable or negative.
  static func retryAfter(_ value: String, now: Date = Date()) -> Double? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Double(trimmed) { return seconds >= 0 && seconds.isFinite ? seconds : nil }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: trimmed) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }
}

/// Where the heavy part of a poll runs — parsing a page, matching it to the register, keeping
/// it — : a serial dispatch queue of its own, never Swift's cooperative pool, whose few threads
/// (one per core) also serve the simulator's answers. A page of a million charge points then
/// costs one core for its seconds while `GET /state` is answered on the others; one feed's
/// page waits for another's instead of taking every core.
public struct LiveFeedWork: Sendable {
  private let queue: DispatchQueue
  private static let key = DispatchSpecificKey<String>()
  private let label: String

  /// The feeds' queue.
  public static let shared = LiveFeedWork(label: "wayside.live-feed-work")

  /// A queue of its own named `label` (low priority: the simulator's answers come first).
  public init(label: String) {
    self.label = label
    queue = DispatchQueue(label: label, qos: .utility)
    queue.setSpecific(key: Self.key, value: label)
  }

  /// Runs `body` on the queue and returns its result.
  public func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
      queue.async { continuation.resume(returning: body()) }
    }
  }

  /// Whether the caller runs on this queue.
  public var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.key) == label }

  /// Hands the memory a finished page used back to the system. A page's parsed tree takes
  /// several times its size for a moment; glibc's allocator keeps freed memory in the arena of
  /// the thread that used it, so without this a simulator stays at its biggest page's peak.
  public static func returnFreedMemory() {
    #if os(Linux) && canImport(Glibc)
      _ = glibcMallocTrim(0)
    #endif
  }
}

#if os(Linux) && canImport(Glibc)
  /// glibc's `malloc_trim` (declared in `<malloc.h>`, which the Glibc module does not export).
  @_silgen_name("malloc_trim")
  private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

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
  private let keep: (@Sendable () async -> (@Sendable (LiveLocation) -> Bool)?)?

  /// A poller; `now` stamps polls, `sleep` waits between them (throwing ends the loop).
  /// `keep`, asked before each poll, gives the filter of the locations to keep
  /// (``LiveFeedClient/fetch(since:keep:)``); nil, or a nil filter, keeps every location.
  public init(
    client: LiveFeedClient, now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    keep: (@Sendable () async -> (@Sendable (LiveLocation) -> Bool)?)? = nil
  ) {
    self.client = client
    self.now = now
    self.sleep = sleep
    self.keep = keep
  }

  /// The wait before the next poll: the interval, or the server's `Retry-After` when longer
  /// (at most an hour).
  static func wait(after result: Result<LiveFeed, LiveFeedError>, interval: Duration) -> Duration {
    guard case .failure(let error) = result, let after = error.retryAfter else { return interval }
    let asked = Duration.milliseconds(Int64(min(after, 3600) * 1000))
    return max(interval, asked)
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
      // Asked first: the first answer may load the register for seconds, which must not
      // date the poll before its request (statuses dated later would read as from the future).
      let filter = await keep?()
      let started = now()
      let result: Result<LiveFeed, LiveFeedError>
      do {
        result = .success(try await client.fetch(since: since, keep: filter))
        since = started
      } catch {
        result = .failure(error)
      }
      await deliver(LiveFeedPoll(result: result, fetchedAt: started))
      if let maxPolls, polls >= maxPolls { return }
      do { try await sleep(Self.wait(after: result, interval: client.endpoint.interval)) } catch { return }
    }
  }
}
