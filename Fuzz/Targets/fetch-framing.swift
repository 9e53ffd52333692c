// libFuzzer target: the bounded client for outside data (Sources/Domain/StationFeeds/
// BoundedFetch.swift, on libcurl) reading whatever a server answers — status line, headers,
// chunked framing, gzip and deflate bodies, redirects — from a stub on loopback.
//
// Each input is the stub's whole answer, sent as given and followed by closing the connection.
// Two words in it are replaced before it is sent, so mutations reach redirects: `@HERE@` by the
// stub's own origin (a redirect the client follows, back to the same answer: a loop the redirect
// limit ends) and `@ELSEWHERE@` by a second stub's (another origin, which the client must never
// ask). Checked on every input: no crash, the body never past the cap, the other origin never
// asked and the token never sent there, and every exchange over within its deadline.
import Dispatch
import Foundation
import StationFeeds
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A loopback stub: answers every request with the current answer and closes; counts requests.
final class Stub: Sendable {
  let port: Int
  private let listener: Int32
  private let answer = Mutex<[UInt8]>([])
  private let counts = Mutex((requests: 0, tokens: 0))

  init() {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.listener = listener
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        precondition(bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0, "bind")
      }
    }
    precondition(listen(listener, 64) == 0, "listen")
    var bound = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &bound) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) }
    }
    port = Int(UInt16(bigEndian: bound.sin_port))
    let thread = Thread { [self] in serve() }
    thread.start()
  }

  func set(_ bytes: [UInt8]) { answer.withLock { $0 = bytes } }
  var seen: (requests: Int, tokens: Int) { counts.withLock { $0 } }

  private func serve() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      // The request's head (the client sends no body): up to the blank line, at most 16 KiB.
      var head: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while head.count < 16384 {
        let read = recv(client, &buffer, buffer.count, 0)
        if read <= 0 { break }
        head += buffer[0..<read]
        if String(decoding: head, as: UTF8.self).contains("\r\n\r\n") { break }
      }
      let text = String(decoding: head, as: UTF8.self).lowercased()
      counts.withLock {
        $0.requests += 1
        if text.contains("\r\nauthorization:") { $0.tokens += 1 }
      }
      let bytes = answer.withLock { $0 }
      var sent = 0
      while sent < bytes.count {
        let wrote = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if wrote <= 0 { break }
        sent += wrote
      }
      close(client)
    }
  }
}

/// One exchange's outcome, set by its task.
final class Outcome: Sendable {
  private let storage = Mutex<Result<Int, BoundedFetch.Failure>?>(nil)
  func set(_ result: Result<Int, BoundedFetch.Failure>) { storage.withLock { $0 = result } }
  var value: Result<Int, BoundedFetch.Failure>? { storage.withLock { $0 } }
}

let here = Stub()
let elsewhere = Stub()
let cap = 64 * 1024

func replacing(_ input: [UInt8]) -> [UInt8] {
  var text = input
  for (word, origin) in [("@HERE@", here.port), ("@ELSEWHERE@", elsewhere.port)] {
    let pattern = Array(word.utf8)
    let replacement = Array("http://127.0.0.1:\(origin)".utf8)
    var index = 0
    var out: [UInt8] = []
    while index < text.count {
      if text.count - index >= pattern.count, Array(text[index..<index + pattern.count]) == pattern {
        out += replacement
        index += pattern.count
      } else {
        out.append(text[index])
        index += 1
      }
    }
    text = out
  }
  return text
}

/// libFuzzer's entry point: runs one input and returns 0 (a crash is the finding).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFetchFraming(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  here.set(replacing(Array(UnsafeBufferPointer(start: data, count: size))))
  let fetch = BoundedFetch(
    maxBytes: cap, deadline: .seconds(8), idleTimeout: .seconds(4), maxRedirects: 3,
    expected: "a fuzzed answer"
  ) { url in url.scheme == "http" ? nil : "expected http" }
  guard let url = URL(string: "http://127.0.0.1:\(here.port)/feed") else { return 0 }
  var request = URLRequest(url: url)
  request.setValue("Token fuzz", forHTTPHeaderField: "Authorization")
  let done = DispatchSemaphore(value: 0)
  let outcome = Outcome()
  let started = DispatchTime.now()
  Task { [request] in
    do throws(BoundedFetch.Failure) {
      let answer = try await fetch.exchange(request)
      outcome.set(.success(answer.body.count))
    } catch {
      outcome.set(.failure(error))
    }
    done.signal()
  }
  done.wait()
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
  precondition(seconds < 9, "an exchange passed its deadline: \(seconds) s")
  if case .success(let count) = outcome.value {
    precondition(count <= cap, "a body of \(count) bytes passed the cap of \(cap)")
  }
  let other = elsewhere.seen
  precondition(other.requests == 0, "another origin was asked \(other.requests) times")
  precondition(other.tokens == 0, "the token reached another origin")
  return 0
}
