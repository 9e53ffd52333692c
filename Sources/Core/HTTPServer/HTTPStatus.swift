/// An HTTP response status: a three-digit code and its reason phrase.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
  /// The three-digit status code, e.g. 404.
  public var code: Int
  /// The reason phrase sent after the code, e.g. `Not Found`.
  public var reason: String

  /// Creates a status with an explicit reason phrase.
  public init(code: Int, reason: String) {
    self.code = code
    self.reason = reason
  }

  /// Creates a status from its code, with the standard reason phrase (RFC 9110 §15) when known.
  public init(code: Int) {
    self.code = code
    self.reason = HTTPStatus.standardReasons[code] ?? "Status \(code)"
  }

  /// The status line text after the version, e.g. `404 Not Found`.
  public var description: String { "\(code) \(reason)" }

  /// Whether a response with this status never carries a body (1xx, 204, 304; RFC 9110 §6.4.1).
  public var forbidsBody: Bool { (100..<200).contains(code) || code == 204 || code == 304 }

  /// 100 Continue: the client may send the body it announced with `Expect: 100-continue`.
  public static let `continue` = HTTPStatus(code: 100)
  /// 200 OK.
  public static let ok = HTTPStatus(code: 200)
  /// 201 Created.
  public static let created = HTTPStatus(code: 201)
  /// 204 No Content.
  public static let noContent = HTTPStatus(code: 204)
  /// 301 Moved Permanently.
  public static let movedPermanently = HTTPStatus(code: 301)
  /// 302 Found.
  public static let found = HTTPStatus(code: 302)
  /// 303 See Other.
  public static let seeOther = HTTPStatus(code: 303)
  /// 304 Not Modified.
  public static let notModified = HTTPStatus(code: 304)
  /// 400 Bad Request: the request is malformed.
  public static let badRequest = HTTPStatus(code: 400)
  /// 403 Forbidden.
  public static let forbidden = HTTPStatus(code: 403)
  /// 404 Not Found.
  public static let notFound = HTTPStatus(code: 404)
  /// 405 Method Not Allowed: the path exists, but not for this method.
  public static let methodNotAllowed = HTTPStatus(code: 405)
  /// 408 Request Timeout: the request did not arrive in time.
  public static let requestTimeout = HTTPStatus(code: 408)
  /// 411 Length Required.
  public static let lengthRequired = HTTPStatus(code: 411)
  /// 413 Content Too Large: the body exceeds the server's limit.
  public static let contentTooLarge = HTTPStatus(code: 413)
  /// 414 URI Too Long: the request line exceeds the server's limit.
  public static let uriTooLong = HTTPStatus(code: 414)
  /// 415 Unsupported Media Type.
  public static let unsupportedMediaType = HTTPStatus(code: 415)
  /// 417 Expectation Failed: the `Expect` header asked for something other than `100-continue`.
  public static let expectationFailed = HTTPStatus(code: 417)
  /// 421 Misdirected Request: the `Host` header names an authority this server does not serve.
  public static let misdirectedRequest = HTTPStatus(code: 421)
  /// 422 Unprocessable Content.
  public static let unprocessableContent = HTTPStatus(code: 422)
  /// 429 Too Many Requests.
  public static let tooManyRequests = HTTPStatus(code: 429)
  /// 431 Request Header Fields Too Large.
  public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
  /// 500 Internal Server Error.
  public static let internalServerError = HTTPStatus(code: 500)
  /// 501 Not Implemented: the request uses a feature this server does not implement.
  public static let notImplemented = HTTPStatus(code: 501)
  /// 502 Bad Gateway.
  public static let badGateway = HTTPStatus(code: 502)
  /// 503 Service Unavailable: the server is at its connection limit or shutting down.
  public static let serviceUnavailable = HTTPStatus(code: 503)
  /// 505 HTTP Version Not Supported.
  public static let httpVersionNotSupported = HTTPStatus(code: 505)

  private static let standardReasons: [Int: String] = [
    100: "Continue", 101: "Switching Protocols", 200: "OK", 201: "Created", 202: "Accepted",
    204: "No Content", 206: "Partial Content", 301: "Moved Permanently", 302: "Found",
    303: "See Other", 304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect",
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict",
    410: "Gone", 411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
    414: "URI Too Long", 415: "Unsupported Media Type", 417: "Expectation Failed",
    421: "Misdirected Request", 422: "Unprocessable Content", 426: "Upgrade Required",
    429: "Too Many Requests", 431: "Request Header Fields Too Large",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
  ]
}
