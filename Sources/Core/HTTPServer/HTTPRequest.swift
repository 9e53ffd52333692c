/// One HTTP request as the server hands it to a handler: method, target, headers and body.
public struct HTTPRequest: Sendable, Hashable {
  /// One `name=value` pair from the query string, percent-decoded, with `+` read as a space.
  public struct QueryItem: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value, or `nil` when the item had no `=`.
    public var value: String?

    /// Creates a query item.
    public init(name: String, value: String?) {
      self.name = name
      self.value = value
    }
  }

  /// The request method.
  public var method: HTTPMethod
  /// The request target exactly as received, e.g. `/api/stations?near=51.3%2C9.5`.
  public var target: String
  /// The percent-decoded path of the target, e.g. `/api/stations`; never contains NUL,
  /// `.` or `..` segments (the parser rejects those).
  public var path: String
  /// The decoded query items in order; empty when the target has no query.
  public var queryItems: [QueryItem]
  /// The protocol version from the request line.
  public var version: HTTPVersion
  /// The header fields; lookups ignore case.
  public var headers: HTTPHeaders
  /// The body bytes (empty when the request had no `Content-Length` or a zero length).
  public var body: [UInt8]
  /// Values captured by the router from `:name` and `*` segments of the matched pattern.
  public var pathParameters: [String: String]

  /// Creates a request from a raw target, decoding its path and query the way the parser does.
  ///
  /// Use this to call handlers and routers in-process: `try HTTPRequest(.get, "/a?b=c")`.
  /// - Throws: ``HTTPParseError`` (status 400) when the target is not an origin-form target
  ///   or its percent-encoding is invalid.
  public init(
    _ method: HTTPMethod = .get, _ target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
    version: HTTPVersion = .http1_1
  ) throws(HTTPParseError) {
    let decoded = try RequestTarget.decode(target, method: method)
    self.init(
      method: method, target: target, path: decoded.path, queryItems: decoded.query,
      version: version, headers: headers, body: body)
  }

  /// Creates a request from already-decoded parts.
  public init(
    method: HTTPMethod, target: String, path: String, queryItems: [QueryItem],
    version: HTTPVersion, headers: HTTPHeaders, body: [UInt8],
    pathParameters: [String: String] = [:]
  ) {
    self.method = method
    self.target = target
    self.path = path
    self.queryItems = queryItems
    self.version = version
    self.headers = headers
    self.body = body
    self.pathParameters = pathParameters
  }

  /// The first value of the query item called `name`, or `nil` when absent or valueless.
  public func query(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// The body decoded as UTF-8, or `nil` when it is not valid UTF-8.
  public var bodyText: String? {
    String(validating: body, as: UTF8.self)
  }

  /// Whether the client allows the connection to stay open after the response
  /// (HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with `Connection: keep-alive`).
  public var wantsKeepAlive: Bool {
    if headers.containsToken("close", in: "Connection") { return false }
    if version == .http1_0 { return headers.containsToken("keep-alive", in: "Connection") }
    return true
  }
}

/// Decoding of a request target into path and query items.
enum RequestTarget {
  /// Splits an origin-form (or `*`) target into its decoded path and query items.
  static func decode(_ target: String, method: HTTPMethod) throws(HTTPParseError) -> (
    path: String, query: [HTTPRequest.QueryItem]
  ) {
    if target == "*" {
      guard method == .options else {
        throw HTTPParseError(.badRequest, "request target '*' is only allowed with OPTIONS")
      }
      return ("*", [])
    }
    guard target.utf8.first == UInt8(ascii: "/") else {
      throw HTTPParseError(
        .badRequest,
        "request target '\(target.prefix(80))' is not an origin-form path starting with '/'"
          + " (absolute-form and authority-form targets are not supported)")
    }
    let rawPath: Substring
    let rawQuery: Substring?
    if let mark = target.firstIndex(of: "?") {
      rawPath = target[..<mark]
      rawQuery = target[target.index(after: mark)...]
    } else {
      rawPath = target[...]
      rawQuery = nil
    }
    guard let path = percentDecode(rawPath, plusAsSpace: false) else {
      throw HTTPParseError(
        .badRequest, "path '\(rawPath.prefix(80))' has invalid percent-encoding or is not UTF-8")
    }
    if path.utf8.contains(0) {
      throw HTTPParseError(.badRequest, "path '\(rawPath.prefix(80))' contains a NUL byte")
    }
    for segment in path.split(separator: "/", omittingEmptySubsequences: false)
    where segment == "." || segment == ".." {
      throw HTTPParseError(
        .badRequest, "path '\(rawPath.prefix(80))' contains a '\(segment)' segment")
    }
    var items: [HTTPRequest.QueryItem] = []
    if let rawQuery {
      for part in rawQuery.split(separator: "&") {
        let name: Substring
        let value: Substring?
        if let equals = part.firstIndex(of: "=") {
          name = part[..<equals]
          value = part[part.index(after: equals)...]
        } else {
          name = part
          value = nil
        }
        guard let decodedName = percentDecode(name, plusAsSpace: true) else {
          throw HTTPParseError(.badRequest, "query name '\(name.prefix(80))' is badly encoded")
        }
        var decodedValue: String? = nil
        if let value {
          guard let text = percentDecode(value, plusAsSpace: true) else {
            throw HTTPParseError(.badRequest, "query value '\(value.prefix(80))' is badly encoded")
          }
          decodedValue = text
        }
        items.append(HTTPRequest.QueryItem(name: decodedName, value: decodedValue))
      }
    }
    return (path, items)
  }

  /// Decodes `%XX` escapes (and `+` when asked); `nil` for a bad escape or non-UTF-8 result.
  static func percentDecode(_ text: Substring, plusAsSpace: Bool) -> String? {
    let utf8 = Array(text.utf8)
    guard utf8.contains(UInt8(ascii: "%")) || (plusAsSpace && utf8.contains(UInt8(ascii: "+")))
    else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]),
          let low = hexValue(utf8[index + 2])
        else { return nil }
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
