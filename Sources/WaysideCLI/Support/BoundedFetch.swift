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
struct BoundedFetch: Sendable {
  /// The most body bytes read; a larger answer is refused as soon as it passes the cap.
  var maxBytes: Int
  /// How long the whole exchange may take, redirects included.
  var deadline: Duration
  /// The most redirects followed.
  var maxRedirects: Int = 5
  /// Checks every URL before it is requested — the first and each redirect's target; returns
  /// why it is refused, or nil.
  var check: @Sendable (URL) -> String?

  /// What went wrong, as a sentence naming the URL.
  struct Failure: Error, Sendable, CustomStringConvertible {
    var description: String
  }

  /// The final answer's status and body.
  func get(_ url: URL) async throws(Failure) -> (status: Int, body: Data) {
    if let refusal = check(url) { throw Failure(description: refusal) }
    let delegate = Delegate(fetch: self)
    let configuration = URLSessionConfiguration.ephemeral
    let (seconds, attoseconds) = deadline.components
    let total = Double(seconds) + Double(attoseconds) / 1e18
    // The session's own timeouts stay behind the deadline's timer, which names the deadline.
    configuration.timeoutIntervalForRequest = total + 5
    configuration.timeoutIntervalForResource = total + 5
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    var request = URLRequest(url: url)
    request.timeoutInterval = total + 5
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<(Int, Data), Failure>, Never>) in
      let task = session.dataTask(with: request)
      delegate.start(task, continuation: continuation)
      // The overall deadline is a timer event that cancels the task; nothing polls.
      DispatchQueue.global().asyncAfter(deadline: .now() + total) {
        delegate.fail(
          "no complete answer from \(url.absoluteString) within \(deadline) (the overall deadline)")
      }
    }
    switch result {
    case .success(let answer): return (answer.0, answer.1)
    case .failure(let failure): throw failure
    }
  }

  /// Receives the answer piece by piece, enforcing the bounds; the first outcome wins.
  private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
    struct State {
      var task: URLSessionDataTask?
      var continuation: CheckedContinuation<Result<(Int, Data), Failure>, Never>?
      var body = Data()
      var redirects = 0
      var refusal: String?
    }

    let fetch: BoundedFetch
    let state = Mutex(State())

    init(fetch: BoundedFetch) { self.fetch = fetch }

    func start(
      _ task: URLSessionDataTask,
      continuation: CheckedContinuation<Result<(Int, Data), Failure>, Never>
    ) {
      state.withLock {
        $0.task = task
        $0.continuation = continuation
      }
      task.resume()
    }

    /// Ends the exchange with `reason` (unless it already ended); `cancel` also cancels the
    /// task (not from inside a callback that is about to tell the session what to do).
    func fail(_ reason: String, cancel: Bool = true) {
      finish(.failure(Failure(description: reason)), cancel: cancel)
    }

    private func finish(_ result: Result<(Int, Data), Failure>, cancel: Bool = false) {
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
          "the answer from \(dataTask.originalRequest?.url?.absoluteString ?? "?") is larger"
            + " than \(fetch.maxBytes) bytes; expected a screen of at most that size")
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
          "a redirect without a target from \(response.url?.absoluteString ?? "?")", cancel: false)
        return
      }
      if count > fetch.maxRedirects {
        completionHandler(nil)
        fail(
          "more than \(fetch.maxRedirects) redirects, the last to \(target.absoluteString)",
          cancel: false)
      } else if let refusal = fetch.check(target) {
        completionHandler(nil)
        fail("refused a redirect to \(target.absoluteString): \(refusal)", cancel: false)
      } else {
        completionHandler(request)
      }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      if let error {
        let timedOut = (error as? URLError)?.code == .timedOut
        fail(
          timedOut
            ? "no complete answer from \(task.originalRequest?.url?.absoluteString ?? "?") within"
              + " \(fetch.deadline) (the overall deadline)"
            : error.localizedDescription, cancel: false)
        return
      }
      let status = (task.response as? HTTPURLResponse)?.statusCode ?? 0
      let body = state.withLock { $0.body }
      finish(.success((status, body)))
    }
  }
}
