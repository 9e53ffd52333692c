/// An HTTP request method such as `GET` or `POST`, compared by its exact (case-sensitive) token.
///
/// Method tokens are case-sensitive (RFC 9110 §9.1), so `get` is a different, unknown method.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The method token as it appears on the request line.
  public var rawValue: String

  /// Creates a method from its token, without validating it.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates a method from its token, without validating it.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The `GET` method.
  public static let get = HTTPMethod("GET")
  /// The `HEAD` method: like `GET`, but the response carries no body.
  public static let head = HTTPMethod("HEAD")
  /// The `POST` method.
  public static let post = HTTPMethod("POST")
  /// The `PUT` method.
  public static let put = HTTPMethod("PUT")
  /// The `DELETE` method.
  public static let delete = HTTPMethod("DELETE")
  /// The `PATCH` method.
  public static let patch = HTTPMethod("PATCH")
  /// The `OPTIONS` method.
  public static let options = HTTPMethod("OPTIONS")

  /// The method token.
  public var description: String { rawValue }
}

/// An HTTP protocol version such as `HTTP/1.1`.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
  /// The major version number.
  public var major: Int
  /// The minor version number.
  public var minor: Int

  /// Creates a version from its numbers.
  public init(major: Int, minor: Int) {
    self.major = major
    self.minor = minor
  }

  /// HTTP/1.0: connections close after each response unless the client asks for keep-alive.
  public static let http1_0 = HTTPVersion(major: 1, minor: 0)
  /// HTTP/1.1: connections persist unless either side sends `Connection: close`.
  public static let http1_1 = HTTPVersion(major: 1, minor: 1)

  /// The version as written on the request line, e.g. `HTTP/1.1`.
  public var description: String { "HTTP/\(major).\(minor)" }
}
