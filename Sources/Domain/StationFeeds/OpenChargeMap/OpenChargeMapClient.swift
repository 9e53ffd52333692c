import Charging
import Foundation
import Geo

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A client for Open Charge Map API v3 `GET /poi` by map region, with bounded timeouts, retries
/// with exponential back-off, and the last cached answer when the server cannot be reached.
///
/// Every read is bounded: the answer's size (``Configuration/maxResponseBytes``), the whole
/// exchange's duration (``Configuration/overallDeadline``, not only the wait for each byte),
/// and redirects, which are followed only to the configured server (same host and port, never
/// from https to http) because the API key travels in a header.
///
/// Source: `Documentation/Reference/ev-domain.md` §2.1 (parameters), §2.5 (attribution).
public struct OpenChargeMapClient: Sendable {
  /// Settings for the client.
  public struct Configuration: Sendable {
    /// The API root; requests go to `<baseURL>/poi`.
    public var baseURL: URL
    /// The API key, sent as the `X-API-Key` header (never in the URL).
    public var apiKey: String?
    /// Seconds to wait for each response.
    public var requestTimeout: Double
    /// Attempts per call, including the first (≥ 1).
    public var maxAttempts: Int
    /// Seconds before the second attempt; doubled for each further attempt.
    public var initialBackoff: Double
    /// Upper bound for one back-off, also for a server's `Retry-After`.
    public var maxBackoff: Double
    /// The `maxresults` parameter (the server's default is 100).
    public var maxResults: Int
    /// The `User-Agent` header; OCM asks clients to identify themselves.
    public var userAgent: String
    /// The most bytes one answer may have; a larger one is cut when it passes the cap.
    public var maxResponseBytes: Int
    /// Seconds one attempt may take in all, however steadily the server trickles bytes.
    public var overallDeadline: Double

    /// Creates a configuration; the defaults suit the app.
    public init(
      baseURL: URL = URL(string: "https://api.openchargemap.io/v3") ?? URL(fileURLWithPath: "/"),
      apiKey: String?, requestTimeout: Double = 10, maxAttempts: Int = 3,
      initialBackoff: Double = 0.5, maxBackoff: Double = 8, maxResults: Int = 500,
      userAgent: String = "Wayside/1.0 (EV charging finder)",
      maxResponseBytes: Int = 16 * 1024 * 1024, overallDeadline: Double = 15
    ) {
      self.baseURL = baseURL
      self.apiKey = apiKey
      self.requestTimeout = requestTimeout
      self.maxAttempts = max(1, maxAttempts)
      self.initialBackoff = initialBackoff
      self.maxBackoff = maxBackoff
      self.maxResults = maxResults
      self.userAgent = userAgent
      self.maxResponseBytes = max(1, maxResponseBytes)
      self.overallDeadline = max(0, overallDeadline)
    }
  }

  /// Where a result came from.
  public enum Origin: Sendable, Equatable {
    /// Fresh from the server.
    case live
    /// From the cache because the live request failed; `age` in seconds.
    case cache(age: Double, reason: OpenChargeMapError)
  }

  /// The stations for a region, their diagnostics and where they came from.
  public struct Result: Sendable {
    /// The stations.
    public var stations: [Station]
    /// Problems in the live response (empty for cached results).
    public var diagnostics: [OpenChargeMapParser.ResponseDiagnostic]
    /// When the data was fetched from the server.
    public var fetchedAt: Date
    /// Live, or cached with its age and the reason the live request failed.
    public var origin: Origin
    /// Set when the live answer could not be saved to the cache.
    public var cacheProblem: String?
  }

  /// The environment variable that holds the API key.
  public static let apiKeyEnvironmentVariable = "OCM_API_KEY"

  /// The key from `OCM_API_KEY` when set, else the stored key, else nil.
  public static func apiKey(environment: [String: String], stored: String?) -> String? {
    let fromEnvironment = environment[apiKeyEnvironmentVariable]?.trimmingCharacters(
      in: .whitespacesAndNewlines)
    if let fromEnvironment, !fromEnvironment.isEmpty { return fromEnvironment }
    let fromStore = stored?.trimmingCharacters(in: .whitespacesAndNewlines)
    return fromStore?.isEmpty == false ? fromStore : nil
  }

  /// The settings.
  public var configuration: Configuration
  private let deadlineTimer: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void
  private let sleep: @Sendable (Double) async throws -> Void
  private let now: @Sendable () -> Date
  private let cache: (any OpenChargeMapCache)?

  /// Creates a client. `sleep` waits between attempts (tests pass one that records and returns);
  /// `now` stamps fetches; `cache` keeps answers for offline use; `deadlineTimer` calls its
  /// closure once the overall deadline has passed (nil: a dispatch timer; tests pass one that
  /// fires on an event).
  public init(
    configuration: Configuration, cache: (any OpenChargeMapCache)? = nil,
    sleep: @escaping @Sendable (Double) async throws -> Void = { seconds in
      try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
    },
    now: @escaping @Sendable () -> Date = { Date() },
    deadlineTimer: (@Sendable (Duration, @escaping @Sendable () -> Void) -> Void)? = nil
  ) {
    self.configuration = configuration
    self.deadlineTimer = deadlineTimer ?? BoundedFetch.dispatchTimer
    self.sleep = sleep
    self.now = now
    self.cache = cache
  }

  /// The request for the stations inside `region` (`boundingbox=(lat1,lng1),(lat2,lng2)`,
  /// top-left then bottom-right; verbose JSON so titles and licences arrive with the data).
  public func request(for region: BoundingBox) -> URLRequest {
    var components = URLComponents(
      url: configuration.baseURL.appendingPathComponent("poi"), resolvingAgainstBaseURL: false)
    let box =
      "(\(region.maximum.latitude),\(region.minimum.longitude)),"
      + "(\(region.minimum.latitude),\(region.maximum.longitude))"
    components?.queryItems = [
      URLQueryItem(name: "output", value: "json"),
      URLQueryItem(name: "boundingbox", value: box),
      URLQueryItem(name: "maxresults", value: String(configuration.maxResults)),
      URLQueryItem(name: "compact", value: "false"),
      URLQueryItem(name: "verbose", value: "false"),
      URLQueryItem(name: "client", value: "wayside"),
    ]
    let url = components?.url ?? configuration.baseURL
    var request = URLRequest(url: url, timeoutInterval: configuration.requestTimeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
    if let key = configuration.apiKey { request.setValue(key, forHTTPHeaderField: "X-API-Key") }
    return request
  }

  /// The stations inside `region`: live when possible (and then cached), else the newest cached
  /// answer covering the region with its age; throws when neither is available.
  public func stations(in region: BoundingBox) async throws(OpenChargeMapError) -> Result {
    let live = await fetch(region)
    switch live {
    case .success(let output):
      let fetchedAt = now()
      var problem: String?
      if let cache {
        do { try await cache.save(output.stations, for: region, fetchedAt: fetchedAt) } catch {
          problem = "the answer could not be cached: \(error)"
        }
      }
      return Result(
        stations: output.stations, diagnostics: output.diagnostics, fetchedAt: fetchedAt,
        origin: .live, cacheProblem: problem)
    case .failure(let error):
      guard let cache, let cached = try? await cache.load(covering: region) else { throw error }
      return Result(
        stations: cached.stations, diagnostics: [], fetchedAt: cached.fetchedAt,
        origin: .cache(age: now().timeIntervalSince(cached.fetchedAt), reason: error),
        cacheProblem: nil)
    }
  }

  /// Fetches and parses, retrying transient failures.
  func fetch(_ region: BoundingBox) async
    -> Swift.Result<OpenChargeMapParser.Output, OpenChargeMapError>
  {
    let request = request(for: region)
    let url = request.url?.absoluteString ?? "?"
    guard configuration.apiKey != nil else {
      return .failure(OpenChargeMapError(kind: .missingAPIKey, url: url, attempts: 0))
    }
    var attempt = 0
    while true {
      attempt += 1
      let kind: OpenChargeMapError.Kind
      switch await once(request) {
      case .success(let output): return .success(output)
      case .failure(let failure): kind = failure
      }
      guard kind.isTransient, attempt < configuration.maxAttempts else {
        return .failure(OpenChargeMapError(kind: kind, url: url, attempts: attempt))
      }
      var delay = configuration.initialBackoff * Double(1 << min(attempt - 1, 30))
      if case .rateLimited(let after?) = kind { delay = max(delay, after) }
      do { try await sleep(min(delay, configuration.maxBackoff)) } catch {
        return .failure(OpenChargeMapError(kind: kind, url: url, attempts: attempt))
      }
    }
  }

  /// The bounds of one attempt: size cap, overall deadline, per-read timeout, and redirects
  /// only to the configured server.
  private var boundedFetch: BoundedFetch {
    let base = configuration.baseURL
    return BoundedFetch(
      maxBytes: configuration.maxResponseBytes,
      deadline: .milliseconds(Int64((configuration.overallDeadline * 1000).rounded())),
      idleTimeout: .milliseconds(Int64((configuration.requestTimeout * 1000).rounded())),
      expected: "an Open Charge Map answer", timer: deadlineTimer
    ) { target in Self.redirectRefusal(target, base: base) }
  }

  /// Why `target` may not be requested with the key, or nil: it must be the configured
  /// server's scheme (or an upgrade to https), host and port.
  static func redirectRefusal(_ target: URL, base: URL) -> String? {
    let scheme = target.scheme?.lowercased()
    let baseScheme = base.scheme?.lowercased()
    guard scheme == baseScheme || (baseScheme == "http" && scheme == "https") else {
      return "expected \(baseScheme ?? "the configured scheme"), got '\(target.absoluteString)'"
    }
    func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
    guard target.host?.lowercased() == base.host?.lowercased(),
      scheme != baseScheme || port(target) == port(base)
    else {
      return
        "expected the configured server \(base.host ?? "?")\(base.port.map { ":\($0)" } ?? ""),"
        + " got '\(target.absoluteString)' (the API key is sent only there)"
    }
    return nil
  }

  /// One attempt.
  private func once(_ request: URLRequest) async
    -> Swift.Result<
      OpenChargeMapParser.Output, OpenChargeMapError.Kind
    >
  {
    let data: Data
    let response: HTTPURLResponse?
    do {
      (_, response, data) = try await boundedFetch.exchange(request)
    } catch {
      switch error.kind {
      case .tooLarge: return .failure(.tooLarge(maxBytes: configuration.maxResponseBytes))
      case .deadline: return .failure(.deadlineExceeded(seconds: configuration.overallDeadline))
      case .idleTimeout: return .failure(.timeout(seconds: configuration.requestTimeout))
      case .refused: return .failure(.redirectRefused(error.description))
      case .transport(let code?): return .failure(.unreachable(Self.describe(URLError(code))))
      case .transport(nil): return .failure(.unreachable(error.description))
      }
    }
    guard let http = response else {
      return .failure(.malformedResponse("the response is not HTTP"))
    }
    switch http.statusCode {
    case 200..<300: break
    case 401, 403: return .failure(.keyRejected(status: http.statusCode))
    case 429:
      let after = http.value(forHTTPHeaderField: "Retry-After").flatMap { Double($0) }
      return .failure(.rateLimited(retryAfter: after))
    case 500..<600: return .failure(.serverError(status: http.statusCode))
    default: return .failure(.unexpectedStatus(http.statusCode))
    }
    let day = Self.day(now())
    do {
      return .success(try OpenChargeMapParser.parse(data, retrievedOn: day))
    } catch {
      return .failure(error)
    }
  }

  private static func describe(_ error: URLError) -> String {
    let name: String =
      switch error.code {
      case .notConnectedToInternet: "not connected to the internet"
      case .cannotConnectToHost: "connection refused"
      case .cannotFindHost, .dnsLookupFailed: "host not found"
      case .networkConnectionLost: "connection lost"
      default: "URL error \(error.code.rawValue)"
      }
    return name
  }

  /// `YYYY-MM-DD` in UTC.
  static func day(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let c = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
  }
}
