import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP GET with bounds on everything the server controls: the body's size, the whole
/// exchange's duration (not only the wait for each byte), and where redirects may lead.
///
/// Without them a hostile or broken server could make a command read gigabytes from an
/// endless body, keep it waiting for ever by sending a byte every few seconds, or redirect it
/// to a host the same command refuses when named directly.
///
/// On Linux the transport is libcurl (`CCurl`), driven on a thread of its own: its write
/// callback sees every piece of the body as it arrives — after gzip or deflate is undone — and
/// stops the transfer the moment the body passes ``maxBytes``, so no more than the cap (and
/// libcurl's own 16 KiB buffer) is ever held, whatever the server sends or how well it
/// compresses; the bytes received on the wire are capped at the same figure. Redirects are
/// followed by this type, not by the transport: each target is checked (``check``, and with
/// ``sameOriginOnly`` the first URL's scheme, host and port) before it is requested. Elsewhere
/// (Apple platforms) the transport is `URLSession` with the same checks in its delegate.
package struct BoundedFetch: Sendable {
  /// Starts a one-shot timer: calls the closure once `Duration` has passed.
  package typealias Timer = @Sendable (Duration, @escaping @Sendable () -> Void) -> Void

  /// The most body bytes read; a larger answer is refused as soon as it passes the cap.
  package var maxBytes: Int
  /// How long the whole exchange may take, redirects included.
  package var deadline: Duration
  /// The longest wait for the next bytes (the session's request timeout); nil leaves only the
  /// overall deadline.
  package var idleTimeout: Duration?
  /// The most redirects followed.
  package var maxRedirects: Int = 5
  /// Redirects are followed only within the first URL's origin (scheme, host and port), so a
  /// header sent with it (a token, an API key) never reaches another server.
  package var sameOriginOnly: Bool = true
  /// The most bytes of response headers read (all lines of one answer).
  package var maxHeaderBytes: Int = 64 * 1024
  /// What the answer is, for the size-cap message ("a screen", "an Open Charge Map answer").
  package var expected: String = "an answer"
  /// Starts the overall deadline's timer; tests inject one that fires on an event.
  package var timer: Timer = BoundedFetch.dispatchTimer
  /// Checks every URL before it is requested — the first and each redirect's target; returns
  /// why it is refused, or nil.
  package var check: @Sendable (URL) -> String?

  /// Creates a fetch with these bounds.
  package init(
    maxBytes: Int, deadline: Duration, idleTimeout: Duration? = nil, maxRedirects: Int = 5,
    sameOriginOnly: Bool = true, expected: String = "an answer", timer: @escaping Timer = BoundedFetch.dispatchTimer,
    check: @escaping @Sendable (URL) -> String?
  ) {
    self.maxBytes = maxBytes
    self.deadline = deadline
    self.idleTimeout = idleTimeout
    self.maxRedirects = maxRedirects
    self.sameOriginOnly = sameOriginOnly
    self.expected = expected
    self.timer = timer
    self.check = check
  }

  /// The real timer: a dispatch timer event, nothing polls.
  package static let dispatchTimer: Timer = { duration, fire in
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds(duration)) { fire() }
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// What went wrong, as a sentence naming the URL.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// Which bound or step failed.
    package enum Kind: Sendable, Equatable {
      /// The body passed ``BoundedFetch/maxBytes``.
      case tooLarge
      /// The whole exchange passed ``BoundedFetch/deadline``.
      case deadline
      /// No bytes for ``BoundedFetch/idleTimeout``.
      case idleTimeout
      /// The URL or a redirect's target was refused by the check, or too many redirects.
      case refused
      /// The transport failed (connection refused, lost, …).
      case transport(URLError.Code?)
    }

    /// Which bound or step failed.
    package var kind: Kind
    /// The sentence.
    package var description: String
  }

  /// The final answer's status and body.
  package func get(_ url: URL) async throws(Failure) -> (status: Int, body: Data) {
    try await get(URLRequest(url: url))
  }

  /// The final answer's status, headers and body for `request` (its headers are sent).
  package func get(_ request: URLRequest) async throws(Failure) -> (status: Int, body: Data) {
    let answer = try await exchange(request)
    return (answer.status, answer.body)
  }

  /// Whether `a` and `b` share scheme, host and port (the port implied by the scheme counts):
  /// the one origin that redirects and next-page links may lead to, so credentials sent with
  /// the first request never reach another server.
  package static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
    return a.scheme?.lowercased() == b.scheme?.lowercased()
      && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
  }

  /// `scheme://host:port` of `url`, for messages.
  package static func origin(_ url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? "?"
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    let host = url.host ?? "?"
    return "\(scheme)://\(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host):\(port)"
  }

  /// Why a redirect to `target` from an exchange that began at `first` is refused, or nil.
  func redirectRefusal(_ target: URL, first: URL) -> String? {
    if let refusal = check(target) { return "refused a redirect to \(target.absoluteString): \(refusal)" }
    if sameOriginOnly, !Self.sameOrigin(target, first) {
      return "refused a redirect to \(target.absoluteString): expected the origin"
        + " \(Self.origin(first)) of \(first.absoluteString) (headers such as a token are sent only there)"
    }
    return nil
  }

}

#if !canImport(CCurl)
extension BoundedFetch {
  /// The final answer, with its HTTP response for the headers.
  package func exchange(_ original: URLRequest) async throws(Failure)
    -> (status: Int, response: HTTPURLResponse?, body: Data)
  {
    guard let url = original.url else {
      throw Failure(kind: .refused, description: "a request without a URL")
    }
    if let refusal = check(url) { throw Failure(kind: .refused, description: refusal) }
    let delegate = Delegate(fetch: self)
    let configuration = URLSessionConfiguration.ephemeral
    let total = Self.seconds(deadline)
    // The session's own timeouts stay behind the deadline's timer, which names the deadline.
    let idle = idleTimeout.map(Self.seconds) ?? total + 5
    configuration.timeoutIntervalForRequest = idle
    configuration.timeoutIntervalForResource = total + 5
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    var request = original
    request.timeoutInterval = idle
    let deadline = deadline
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<(Int, HTTPURLResponse?, Data), Failure>, Never>) in
      let task = session.dataTask(with: request)
      delegate.start(task, continuation: continuation)
      // The overall deadline is a timer event that cancels the task; nothing polls.
      // Held weakly: the timer outlives a finished exchange until its deadline.
      timer(deadline) { [weak delegate] in
        delegate?.fail(
          .deadline,
          "no complete answer from \(url.absoluteString) within \(deadline) (the overall deadline)")
      }
    }
    switch result {
    case .success(let answer): return (answer.0, answer.1, answer.2)
    case .failure(let failure): throw failure
    }
  }

  /// Receives the answer piece by piece, enforcing the bounds; the first outcome wins.
  private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
    struct State {
      var task: URLSessionDataTask?
      var continuation: CheckedContinuation<Result<(Int, HTTPURLResponse?, Data), Failure>, Never>?
      var body = Data()
      var redirects = 0
      var refusal: String?
    }

    let fetch: BoundedFetch
    let state = Mutex(State())

    init(fetch: BoundedFetch) { self.fetch = fetch }

    func start(
      _ task: URLSessionDataTask,
      continuation: CheckedContinuation<Result<(Int, HTTPURLResponse?, Data), Failure>, Never>
    ) {
      state.withLock {
        $0.task = task
        $0.continuation = continuation
      }
      task.resume()
    }

    /// Ends the exchange with `reason` (unless it already ended); `cancel` also cancels the
    /// task (not from inside a callback that is about to tell the session what to do).
    func fail(_ kind: Failure.Kind, _ reason: String, cancel: Bool = true) {
      finish(.failure(Failure(kind: kind, description: reason)), cancel: cancel)
    }

    private func finish(_ result: Result<(Int, HTTPURLResponse?, Data), Failure>, cancel: Bool = false) {
      let (continuation, task) = state.withLock { state in
        defer { state.continuation = nil }
        return (state.continuation, state.task)
      }
      guard let continuation else { return }
      if cancel { task?.cancel() }
      continuation.resume(returning: result)
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      let declared = response.expectedContentLength
      if declared > Int64(fetch.maxBytes) {
        completionHandler(.cancel)
        fail(
          .tooLarge,
          "the answer from \(response.url?.absoluteString ?? "?") declares \(declared) bytes;"
            + " expected at most \(fetch.maxBytes)", cancel: false)
        return
      }
      completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let over = state.withLock { state -> Bool in
        guard state.body.count + data.count <= fetch.maxBytes else { return true }
        state.body.append(data)
        return false
      }
      if over {
        fail(
          .tooLarge,
          "the answer from \(dataTask.originalRequest?.url?.absoluteString ?? "?") is larger"
            + " than \(fetch.maxBytes) bytes; expected \(fetch.expected) of at most that size")
      }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      let count = state.withLock { state -> Int in
        state.redirects += 1
        return state.redirects
      }
      // Refusing: the session gets nil (the redirect answer becomes the final one, and the
      // task completes on its own); the exchange ends with the reason at once.
      guard let target = request.url else {
        completionHandler(nil)
        fail(
          .refused, "a redirect without a target from \(response.url?.absoluteString ?? "?")", cancel: false)
        return
      }
      if count > fetch.maxRedirects {
        completionHandler(nil)
        fail(
          .refused,
          "more than \(fetch.maxRedirects) redirects, the last to \(target.absoluteString)",
          cancel: false)
      } else if let refusal = fetch.redirectRefusal(target, first: task.originalRequest?.url ?? target) {
        completionHandler(nil)
        fail(.refused, refusal, cancel: false)
      } else {
        completionHandler(request)
      }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      if let error {
        let code = (error as? URLError)?.code
        let url = task.originalRequest?.url?.absoluteString ?? "?"
        if code == .timedOut, let idle = fetch.idleTimeout {
          fail(.idleTimeout, "no bytes from \(url) within \(idle)", cancel: false)
        } else if code == .timedOut {
          fail(
            .deadline, "no complete answer from \(url) within \(fetch.deadline) (the overall deadline)",
            cancel: false)
        } else {
          fail(.transport(code), error.localizedDescription, cancel: false)
        }
        return
      }
      let response = task.response as? HTTPURLResponse
      let body = state.withLock { $0.body }
      finish(.success((response?.statusCode ?? 0, response, body)))
    }
  }
}
#endif
