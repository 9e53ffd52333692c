#if canImport(CCurl)
  import CCurl
  import Foundation
  import Synchronization

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  extension BoundedFetch {
    /// The final answer, with its HTTP response for the headers.
    ///
    /// Each hop (the first request, then each redirect) is one libcurl transfer on a thread of
    /// its own; the overall deadline's timer and the task's cancellation wake that thread at
    /// once (`curl_multi_wakeup`), so neither waits for the server's next byte.
    package func exchange(_ original: URLRequest) async throws(Failure)
      -> (status: Int, response: HTTPURLResponse?, body: Data)
    {
      guard let first = original.url else {
        throw Failure(kind: .refused, description: "a request without a URL")
      }
      if let refusal = check(first) { throw Failure(kind: .refused, description: refusal) }
      guard CurlExchange.ready else {
        throw Failure(kind: .transport(nil), description: "libcurl could not be initialised")
      }
      let headers = (original.allHTTPHeaderFields ?? [:])
        .filter { $0.key.lowercased() != "accept-encoding" }
        .sorted { $0.key < $1.key }
      let exchange = CurlExchange(fetch: self)
      let deadline = deadline
      // The overall deadline is a timer event that wakes the transfer; nothing polls. The
      // timer outlives a finished exchange (until its deadline): it holds the exchange weakly,
      // so a page read is not kept for the rest of the deadline after it was handed on.
      timer(deadline) { [weak exchange] in
        exchange?.cancel(
          Failure(
            kind: .deadline,
            description:
              "no complete answer from \(first.absoluteString) within \(deadline) (the overall deadline)"
          ))
      }
      var current = first
      var redirects = 0
      while true {
        let target = current
        let hop = await withTaskCancellationHandler {
          await withCheckedContinuation { (continuation: CheckedContinuation<CurlExchange.Hop, Never>) in
            let thread = Thread {
              continuation.resume(returning: exchange.perform(target, headers: headers))
            }
            thread.name = "wayside.fetch"
            thread.start()
          }
        } onCancel: {
          exchange.cancel(
            Failure(kind: .transport(.cancelled), description: "the fetch of \(first.absoluteString) was cancelled"))
        }
        switch hop {
        case .failure(let failure): throw failure
        case .answer(let status, let fields, let body, let location):
          if (300..<400).contains(status), status != 304, let location {
            redirects += 1
            guard let next = URL(string: location, relativeTo: target)?.absoluteURL else {
              throw Failure(
                kind: .refused,
                description: "a redirect from \(target.absoluteString) to an unreadable target")
            }
            if redirects > maxRedirects {
              throw Failure(
                kind: .refused,
                description: "more than \(maxRedirects) redirects, the last to \(next.absoluteString)")
            }
            if let refusal = redirectRefusal(next, first: first) {
              throw Failure(kind: .refused, description: refusal)
            }
            current = next
            continue
          }
          var dictionary: [String: String] = [:]
          for (name, value) in fields {
            if let known = dictionary.keys.first(where: { $0.lowercased() == name.lowercased() }) {
              dictionary[known] = (dictionary[known] ?? "") + ", " + value
            } else {
              dictionary[name] = value
            }
          }
          let response = HTTPURLResponse(
            url: target, statusCode: status, httpVersion: "HTTP/1.1", headerFields: dictionary)
          return (status, response, body)
        }
      }
    }
  }

  /// One bounded exchange's libcurl side: the body and headers as they arrive (capped), why a
  /// callback stopped the transfer, and the running transfer's multi handle so another thread
  /// can wake it to stop. libcurl's callbacks run on the transfer's thread; ``cancel(_:)`` runs
  /// on any thread.
  final class CurlExchange: Sendable {
    /// One hop's outcome.
    enum Hop: Sendable {
      /// An answer: status, header lines in order, body, and a redirect's target.
      case answer(status: Int, headers: [(String, String)], body: Data, location: String?)
      /// A bound or the transport ended the hop.
      case failure(BoundedFetch.Failure)
    }

    private struct State {
      var url = ""
      var body = Data()
      var headers: [(String, String)] = []
      var headerBytes = 0
      /// Why a callback stopped the transfer.
      var stop: BoundedFetch.Failure?
      /// Why the exchange was stopped from outside (the deadline, cancellation); it ends every
      /// later hop too.
      var cancelled: BoundedFetch.Failure?
      /// The running transfer's multi handle, as a bit pattern (0: none running).
      var multi = 0
    }

    private let state = Mutex(State())
    private let maxBytes: Int
    private let maxHeaderBytes: Int
    private let expected: String
    private let idleTimeout: Duration?
    private let deadline: Duration

    /// libcurl's one-time global set-up, done before the first transfer.
    static let ready: Bool = wayside_curl_global_init() == CURLE_OK

    init(fetch: BoundedFetch) {
      maxBytes = fetch.maxBytes
      maxHeaderBytes = fetch.maxHeaderBytes
      expected = fetch.expected
      idleTimeout = fetch.idleTimeout
      deadline = fetch.deadline
    }

    /// Stops the exchange with `failure` (unless already stopped), waking a running transfer.
    func cancel(_ failure: BoundedFetch.Failure) {
      state.withLock { state in
        if state.cancelled == nil { state.cancelled = failure }
        if let multi = UnsafeMutableRawPointer(bitPattern: state.multi) { curl_multi_wakeup(multi) }
      }
    }

    // MARK: Callbacks (on the transfer's thread)

    /// A piece of the body, inflated; false stops the transfer.
    fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
      state.withLock { state in
        if state.cancelled != nil { return false }
        guard state.body.count + bytes.count <= maxBytes else {
          state.stop = BoundedFetch.Failure(
            kind: .tooLarge,
            description: "the answer from \(state.url) is larger than \(maxBytes) bytes; expected"
              + " \(expected) of at most that size")
          return false
        }
        state.body.append(contentsOf: bytes)
        return true
      }
    }

    /// One header line; false stops the transfer.
    fileprivate func header(_ bytes: UnsafeRawBufferPointer) -> Bool {
      state.withLock { state in
        if state.cancelled != nil { return false }
        state.headerBytes += bytes.count
        guard state.headerBytes <= maxHeaderBytes else {
          state.stop = BoundedFetch.Failure(
            kind: .tooLarge,
            description: "the headers from \(state.url) are larger than \(maxHeaderBytes) bytes;"
              + " expected \(expected) with at most that much header")
          return false
        }
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
          // A new answer (after an interim 1xx): only the last one's headers count.
          state.headers = []
          return true
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        if !name.isEmpty { state.headers.append((name, value)) }
        return true
      }
    }

    /// Progress: `received` bytes on the wire so far; false stops the transfer.
    fileprivate func progress(received: Int64) -> Bool {
      state.withLock { state in
        if state.cancelled != nil { return false }
        guard received <= Int64(maxBytes) else {
          state.stop = BoundedFetch.Failure(
            kind: .tooLarge,
            description: "the answer from \(state.url) sent more than \(maxBytes) bytes; expected"
              + " \(expected) of at most that size")
          return false
        }
        return true
      }
    }

    // MARK: One hop

    /// Requests `url` with `headers` and waits (on this thread) until the answer is complete,
    /// a bound stops it or the exchange is cancelled.
    func perform(_ url: URL, headers: [(key: String, value: String)]) -> Hop {
      let start: BoundedFetch.Failure? = state.withLock { state in
        state.url = url.absoluteString
        state.body = Data()
        state.headers = []
        state.headerBytes = 0
        state.stop = nil
        return state.cancelled
      }
      if let start { return .failure(start) }
      guard let easy = curl_easy_init() else {
        return .failure(.init(kind: .transport(nil), description: "libcurl could not start a transfer"))
      }
      guard let multi = curl_multi_init() else {
        curl_easy_cleanup(easy)
        return .failure(.init(kind: .transport(nil), description: "libcurl could not start a transfer"))
      }
      let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
      errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
      var list: UnsafeMutablePointer<curl_slist>?
      for (name, value) in headers {
        let cleaned = value.filter { $0 != "\r" && $0 != "\n" }
        list = curl_slist_append(list, "\(name): \(cleaned)")
      }
      defer {
        curl_slist_free_all(list)
        errorBuffer.deallocate()
      }
      let context = Unmanaged.passUnretained(self).toOpaque()
      _ = wayside_curl_set_long(easy, CURLOPT_NOSIGNAL, 1)
      _ = wayside_curl_set_string(easy, CURLOPT_URL, url.absoluteString)
      _ = wayside_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
      _ = wayside_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0)
      // Every encoding libcurl can undo; the write callback sees the inflated bytes.
      _ = wayside_curl_set_string(easy, CURLOPT_ACCEPT_ENCODING, "")
      _ = wayside_curl_set_list(easy, CURLOPT_HTTPHEADER, list)
      _ = wayside_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
      _ = wayside_curl_set_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBytes))
      _ = wayside_curl_set_data_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
        guard let context else { return 0 }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard length > 0, let data else { return length }
        return exchange.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
      }
      _ = wayside_curl_set_pointer(easy, CURLOPT_WRITEDATA, context)
      _ = wayside_curl_set_data_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
        guard let context else { return 0 }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard length > 0, let data else { return length }
        return exchange.header(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
      }
      _ = wayside_curl_set_pointer(easy, CURLOPT_HEADERDATA, context)
      _ = wayside_curl_set_long(easy, CURLOPT_NOPROGRESS, 0)
      _ = wayside_curl_set_progress_callback(easy) { context, _, received, _, _ in
        guard let context else { return 1 }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        return exchange.progress(received: Int64(received)) ? 0 : 1
      }
      _ = wayside_curl_set_pointer(easy, CURLOPT_XFERINFODATA, context)
      // Backstops behind the deadline's timer, which names the deadline.
      let total = Self.milliseconds(deadline)
      _ = wayside_curl_set_long(easy, CURLOPT_TIMEOUT_MS, total + 5000)
      if let idleTimeout {
        let idle = max(1, Self.milliseconds(idleTimeout) / 1000)
        _ = wayside_curl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
        _ = wayside_curl_set_long(easy, CURLOPT_LOW_SPEED_TIME, idle)
        _ = wayside_curl_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(idleTimeout))
      }

      _ = curl_multi_add_handle(multi, easy)
      state.withLock { $0.multi = Int(bitPattern: multi) }
      var running: Int32 = 1
      while running > 0 {
        guard curl_multi_perform(multi, &running) == CURLM_OK, running > 0 else { break }
        if state.withLock({ $0.cancelled != nil }) { break }
        // Waits for the sockets, libcurl's own timers, or a wake-up from `cancel`.
        var ready: Int32 = 0
        guard curl_multi_poll(multi, nil, 0, 1000, &ready) == CURLM_OK else { break }
      }
      var result = CURLE_OK
      var queued: Int32 = 0
      while let message = curl_multi_info_read(multi, &queued) {
        if wayside_curl_message_done(message) != 0 { result = wayside_curl_message_result(message) }
      }
      let outcome = state.withLock { state in
        state.multi = 0
        defer {
          // Handed on: the exchange keeps no copy of the hop's answer.
          state.body = Data()
          state.headers = []
        }
        return (state.cancelled, state.stop, state.body, state.headers)
      }
      var status = 0
      _ = wayside_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
      var declared: curl_off_t = -1
      _ = wayside_curl_get_offset(easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &declared)
      var redirect: UnsafeMutablePointer<CChar>?
      _ = wayside_curl_get_string(easy, CURLINFO_REDIRECT_URL, &redirect)
      let location = redirect.map { String(cString: $0) }
      let detail = String(cString: errorBuffer)
      _ = curl_multi_remove_handle(multi, easy)
      curl_easy_cleanup(easy)
      _ = curl_multi_cleanup(multi)

      if let cancelled = outcome.0 { return .failure(cancelled) }
      if let stop = outcome.1 { return .failure(stop) }
      if running > 0 {
        return .failure(.init(kind: .transport(nil), description: "the transfer of \(url.absoluteString) stopped"))
      }
      let name = url.absoluteString
      switch result {
      case CURLE_OK:
        return .answer(status: status, headers: outcome.3, body: outcome.2, location: location)
      case CURLE_FILESIZE_EXCEEDED:
        return .failure(
          .init(
            kind: .tooLarge,
            description: "the answer from \(name) declares \(declared) bytes; expected at most \(maxBytes)"))
      case CURLE_OPERATION_TIMEDOUT:
        if let idleTimeout, detail.contains("too slow") || detail.contains("onnect") {
          return .failure(.init(kind: .idleTimeout, description: "no bytes from \(name) within \(idleTimeout)"))
        }
        return .failure(
          .init(
            kind: .deadline,
            description: "no complete answer from \(name) within \(deadline) (the overall deadline)"))
      default:
        let code = Self.urlErrorCode(result)
        let reason = detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail
        return .failure(.init(kind: .transport(code), description: "\(name): \(reason)"))
      }
    }

    /// The `URLError` code closest to a libcurl failure (callers word messages from it).
    static func urlErrorCode(_ code: CURLcode) -> URLError.Code? {
      switch code {
      case CURLE_COULDNT_CONNECT: .cannotConnectToHost
      case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
      case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
        .networkConnectionLost
      case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
        CURLE_SSL_CACERT_BADFILE:
        .secureConnectionFailed
      case CURLE_UNSUPPORTED_PROTOCOL: .unsupportedURL
      case CURLE_URL_MALFORMAT: .badURL
      default: nil
      }
    }

    static func milliseconds(_ duration: Duration) -> Int {
      let (seconds, attoseconds) = duration.components
      let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
      return Int(min(max(value, 1), Double(Int32.max)))
    }
  }
#endif
