import Foundation

/// A request to Open Charge Map failed; the message says what failed and what to do.
public struct OpenChargeMapError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: Error, Sendable, Equatable {
    /// No API key in `OCM_API_KEY` or the store.
    case missingAPIKey
    /// HTTP 401 or 403: the key was refused.
    case keyRejected(status: Int)
    /// HTTP 429: too many requests; `retryAfter` in seconds when the server said.
    case rateLimited(retryAfter: Double?)
    /// HTTP 5xx.
    case serverError(status: Int)
    /// Any other non-2xx status.
    case unexpectedStatus(Int)
    /// No answer within the request timeout.
    case timeout(seconds: Double)
    /// The answer did not end within the overall deadline (a server trickling bytes).
    case deadlineExceeded(seconds: Double)
    /// The answer passed the size cap (an endless or oversized body).
    case tooLarge(maxBytes: Int)
    /// A redirect led away from the configured server, or there were too many.
    case redirectRefused(String)
    /// The server could not be reached (offline, DNS, connection refused or lost).
    case unreachable(String)
    /// The body is not the JSON array of POIs the API documents.
    case malformedResponse(String)
  }

  /// What failed.
  public var kind: Kind
  /// The request URL (the key travels in a header, never in the URL).
  public var url: String
  /// How many attempts were made.
  public var attempts: Int

  /// Creates an error.
  public init(kind: Kind, url: String, attempts: Int) {
    self.kind = kind
    self.url = url
    self.attempts = attempts
  }

  /// Whether trying again later may succeed.
  public var isTransient: Bool { kind.isTransient }

  /// A sentence naming the request, the failure and what is expected.
  public var description: String {
    let tries = attempts == 1 ? "1 attempt" : "\(attempts) attempts"
    let what: String =
      switch kind {
      case .missingAPIKey:
        "no API key: set the environment variable OCM_API_KEY or save a key in the store "
          + "(setting '\("openchargemap.api_key")'); Open Charge Map requires one"
      case .keyRejected(let status):
        "the API key was refused (HTTP \(status)); expected a valid key from "
          + "openchargemap.org (My Profile › My Apps)"
      case .rateLimited(let after):
        "rate limited (HTTP 429)"
          + (after.map { "; the server asked to wait \(Int($0.rounded(.up))) s" } ?? "")
          + "; expected fewer requests (debounce, do not repeat identical queries)"
      case .serverError(let status):
        "the server failed (HTTP \(status)); expected 200"
      case .unexpectedStatus(let status):
        "unexpected HTTP status \(status); expected 200"
      case .timeout(let seconds):
        "no response within \(UnitText.seconds(seconds)) s"
      case .deadlineExceeded(let seconds):
        "no complete response within \(UnitText.seconds(seconds)) s (the overall deadline)"
      case .tooLarge(let maxBytes):
        "the answer is larger than \(maxBytes) bytes; expected an answer of at most that size"
          + " (ask for a smaller region or fewer results)"
      case .redirectRefused(let reason):
        "a redirect was refused: \(reason)"
      case .unreachable(let reason):
        "the server could not be reached (\(reason))"
      case .malformedResponse(let reason):
        "malformed response: \(reason); expected a JSON array of POIs as documented for "
          + "GET /v3/poi"
      }
    return "Open Charge Map request \(url) failed after \(tries): \(what)"
  }
}

extension OpenChargeMapError.Kind {
  /// Timeouts, unreachable servers, 5xx and 429 may succeed on a later attempt.
  var isTransient: Bool {
    switch self {
    case .timeout, .deadlineExceeded, .unreachable, .serverError, .rateLimited: true
    case .missingAPIKey, .keyRejected, .unexpectedStatus, .malformedResponse, .tooLarge,
      .redirectRefused:
      false
    }
  }
}

enum UnitText {
  /// `0.5`, `10`: whole seconds without decimals.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
