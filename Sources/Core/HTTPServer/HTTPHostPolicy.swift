/// Which `Host` header values the server answers, as protection against DNS rebinding.
///
/// A page on an attacker's domain can re-point its DNS name at 127.0.0.1 and then talk to a
/// loopback server from the victim's browser; the browser still sends the attacker's name in
/// `Host`. Answering only hosts that name this server by address or `localhost` defeats that.
/// Requests with any other `Host` are answered 421 Misdirected Request (RFC 9110 §15.5.20:
/// the server is not willing to answer for that authority).
public struct HTTPHostPolicy: Sendable, Hashable {
  /// The accepted `Host` values, lowercased, each `host:port` (and `host` alone for port 80).
  public private(set) var allowedAuthorities: Set<String>

  /// Creates a policy accepting exactly the given `host:port` authorities (compared lowercased).
  public init(allowedAuthorities: Set<String>) {
    self.allowedAuthorities = Set(allowedAuthorities.map { $0.lowercased() })
  }

  /// The policy for a server bound to `address` and `port`: the address itself, `localhost`
  /// (and the other loopback spelling) when the address is a loopback address, plus `extraHosts`.
  ///
  /// For a wildcard address (`0.0.0.0`, `::`) only loopback names and `extraHosts` are accepted:
  /// a server reachable from the network must be told the names it is reached by.
  public static func bound(to address: String, port: UInt16, extraHosts: [String] = [])
    -> HTTPHostPolicy
  {
    var hosts: [String] = extraHosts
    let lowered = address.lowercased()
    let isWildcard = lowered == "0.0.0.0" || lowered == "::"
    if !isWildcard { hosts.append(lowered) }
    if isWildcard || lowered.hasPrefix("127.") || lowered == "::1" || lowered == "localhost" {
      hosts += ["localhost", "127.0.0.1", "::1"]
    }
    var authorities = Set<String>()
    for host in hosts {
      var name = host.lowercased()
      if name.contains(":") && !name.hasPrefix("[") { name = "[\(name)]" }
      authorities.insert("\(name):\(port)")
      if port == 80 { authorities.insert(name) }
    }
    return HTTPHostPolicy(allowedAuthorities: authorities)
  }

  /// Whether a request carrying `host` as its `Host` header is answered.
  public func allows(_ host: String?) -> Bool {
    guard let host else { return false }
    return allowedAuthorities.contains(host.lowercased())
  }
}
