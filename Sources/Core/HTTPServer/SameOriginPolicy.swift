/// Protection for endpoints that change state against cross-site requests and framing.
///
/// A page on another origin can make a browser send a "simple" POST (form-encoded or
/// `text/plain`) to a loopback server without asking it first, and can frame its pages. So a
/// state-changing request must be `Content-Type: application/json` (which a cross-site page can
/// only send after a CORS preflight this server never approves) and, when the browser says where
/// it comes from, come from the server's own origin: `Sec-Fetch-Site` must be `same-origin` (or
/// `none`, a request the user made directly) and `Origin` must be `http://` plus the request's
/// `Host`. Clients that are not browsers send neither header and are let through on the
/// content type alone. Pages carry ``pageHeaders``.
public enum SameOriginPolicy {
  /// Why `request` may not change state, as a 403 response naming the header and what was
  /// expected; nil when it may.
  public static func check(_ request: HTTPRequest) -> HTTPResponse? {
    let contentType = request.headers["Content-Type"] ?? ""
    let mediaType =
      contentType.split(separator: ";", maxSplits: 1).first
      .map { $0.trimmingSpaces().lowercased() } ?? ""
    guard mediaType == "application/json" else {
      return .error(
        .forbidden,
        "Content-Type '\(contentType.prefix(80))' is refused for a request that changes state;"
          + " expected application/json")
    }
    if let site = request.headers["Sec-Fetch-Site"]?.lowercased(), site != "same-origin",
      site != "none"
    {
      return .error(
        .forbidden,
        "Sec-Fetch-Site '\(site.prefix(40))' is refused for a request that changes state;"
          + " expected same-origin")
    }
    if let origin = request.headers["Origin"] {
      let host = request.headers["Host"] ?? ""
      guard !host.isEmpty, origin.lowercased() == "http://" + host.lowercased() else {
        return .error(
          .forbidden,
          "Origin '\(origin.prefix(80))' is refused for a request that changes state; expected"
            + " http://\(host.prefix(80))")
      }
    }
    return nil
  }

  /// Headers for every page and document a browser may render: no framing by other sites
  /// (`X-Frame-Options`, CSP `frame-ancestors`), scripts, styles and connections from this
  /// origin only (inline ones allowed, the page is one document), sound and video from this origin
  /// or over HTTPS (the simulator plays what the media app streams), no MIME sniffing, no
  /// referrer.
  public static let pageHeaders: HTTPHeaders = [
    "X-Frame-Options": "DENY",
    "Content-Security-Policy":
      "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline';"
      + " img-src 'self' data:; media-src 'self' https:; connect-src 'self';"
      + " frame-ancestors 'none'; base-uri 'none';"
      + " form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
  ]
}

extension HTTPResponse {
  /// The response with ``SameOriginPolicy/pageHeaders`` added (fields it already set are kept).
  public func withPageHeaders() -> HTTPResponse {
    var response = self
    for field in SameOriginPolicy.pageHeaders where response.headers[field.name] == nil {
      response.headers[field.name] = field.value
    }
    return response
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> Substring {
    var text = self
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return text
  }
}
