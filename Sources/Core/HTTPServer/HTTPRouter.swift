/// A request handler: a function from request to response, run once per request.
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse

/// A table of routes matched by method and path pattern; a pure value, testable without sockets.
///
/// Patterns are paths whose segments are literal, `:name` (one non-empty segment, captured in
/// ``HTTPRequest/pathParameters``) or, as the last segment only, `*` (the rest of the path,
/// possibly empty, captured as `"*"`). Routes are tried in the order they were added.
/// A `HEAD` request falls back to the `GET` route (the server then omits the body). A path
/// that matches only for other methods is answered with 405 and an `Allow` header; no match
/// at all with 404.
public struct HTTPRouter: Sendable {
  private struct Route: Sendable {
    var method: HTTPMethod
    var segments: [Substring]
    var handler: HTTPHandler
  }

  private var routes: [Route] = []

  /// Creates an empty router, which answers every request with 404.
  public init() {}

  /// Adds a route for `method` and `pattern`.
  public mutating func add(
    _ method: HTTPMethod, _ pattern: String, _ handler: @escaping HTTPHandler
  ) {
    routes.append(Route(method: method, segments: Self.segments(pattern), handler: handler))
  }

  /// Adds a `GET` route (which also answers `HEAD`).
  public mutating func get(_ pattern: String, _ handler: @escaping HTTPHandler) {
    add(.get, pattern, handler)
  }

  /// Adds a `POST` route.
  public mutating func post(_ pattern: String, _ handler: @escaping HTTPHandler) {
    add(.post, pattern, handler)
  }

  /// Serves `assets` for `GET` and `HEAD` below `prefix` (e.g. `/assets`).
  public mutating func mount(_ assets: StaticAssets, at prefix: String) {
    let base = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
    get(base + "/*") { request in
      assets.response(for: request.pathParameters["*"] ?? "", range: request.headers["Range"])
    }
  }

  /// Answers `request` with the first matching route, or with 404/405.
  public func handle(_ request: HTTPRequest) async -> HTTPResponse {
    switch resolve(request) {
    case .matched(let handler, let request):
      return await handler(request)
    case .methodNotAllowed(let allowed):
      var response = HTTPResponse.error(
        .methodNotAllowed, "\(request.method) is not allowed for this path")
      response.headers["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
      return response
    case .notFound:
      // The requested path is not echoed: an answer never carries text the request chose.
      return .error(.notFound, "no page at this path")
    }
  }

  /// The outcome of matching a request against the routes.
  public enum Resolution: Sendable {
    /// A route matched; `request` carries the captured path parameters.
    case matched(HTTPHandler, HTTPRequest)
    /// The path matched only routes for these methods.
    case methodNotAllowed([HTTPMethod])
    /// No route's pattern matched the path.
    case notFound
  }

  /// Matches `request` against the routes without running a handler.
  public func resolve(_ request: HTTPRequest) -> Resolution {
    let path = Self.segments(request.path)
    var allowed: [HTTPMethod] = []
    var headFallback: (HTTPHandler, [String: String])? = nil
    for route in routes {
      guard let captures = Self.match(route.segments, path) else { continue }
      if route.method == request.method {
        var matched = request
        matched.pathParameters = captures
        return .matched(route.handler, matched)
      }
      if request.method == .head && route.method == .get && headFallback == nil {
        headFallback = (route.handler, captures)
      }
      if !allowed.contains(route.method) { allowed.append(route.method) }
    }
    if let (handler, captures) = headFallback {
      var matched = request
      matched.pathParameters = captures
      return .matched(handler, matched)
    }
    if allowed.contains(.get) && !allowed.contains(.head) { allowed.append(.head) }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
  }

  private static func segments(_ path: String) -> [Substring] {
    Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
  }

  private static func match(_ pattern: [Substring], _ path: [Substring]) -> [String: String]? {
    var captures: [String: String] = [:]
    for (index, segment) in pattern.enumerated() {
      if segment == "*" && index == pattern.count - 1 {
        captures["*"] = index < path.count ? path[index...].joined(separator: "/") : ""
        return captures
      }
      guard index < path.count else { return nil }
      if segment.hasPrefix(":") && segment.count > 1 {
        guard !path[index].isEmpty else { return nil }
        captures[String(segment.dropFirst())] = String(path[index])
      } else if segment != path[index] {
        return nil
      }
    }
    return pattern.count == path.count ? captures : nil
  }
}
