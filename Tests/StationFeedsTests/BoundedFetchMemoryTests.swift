import Foundation
import Synchronization
import Testing

@testable import StationFeeds

#if canImport(Glibc)
  import Glibc
#endif

#if os(Linux)
  /// The bounded fetch is bounded in memory, not only in words (issue 40, finding 5): against
  /// an endless body the transport once kept receiving and queueing chunks after the cap was
  /// passed (peaks of 57 MiB to 3.0 GiB with a 16 MiB cap, each run ending with the right
  /// message). A loopback stub sends as fast as the client takes and counts what it sent; the
  /// process's resident memory is read at every mebibyte the stub sends (this process's own
  /// stub, so the samples follow the transfer, not a clock).
  @Suite("Bounded fetch: bounded in memory", .serialized, .timeLimit(.minutes(1)))
  struct BoundedFetchMemoryTests {
    /// A stub on 127.0.0.1 that answers one request with headers and then an endless body,
    /// until the client hangs up or `limit` bytes are sent; samples resident memory as it goes.
    final class EndlessStub: Sendable {
      let port: Int
      private let listener: Int32
      private struct Tally {
        var sent = 0
        var peakResident = 0
      }
      private let tally = Mutex(Tally())
      private let finished = DispatchSemaphore(value: 0)

      /// A stub answering `connections` requests in turn, each with `limit` bytes at most.
      init(limit: Int, connections: Int = 1) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        }
        guard bound == 0, listen(listener, 4) == 0 else {
          close(listener)
          throw POSIXError(.EADDRINUSE)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: actual.sin_port))
        Thread { [self] in
          for _ in 0..<connections { serve(limit: limit) }
          finished.signal()
        }.start()
      }

      private func serve(limit: Int) {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        defer { close(client) }
        var head = [UInt8](repeating: 0, count: 16384)
        _ = recv(client, &head, head.count, 0)
        let header = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n".utf8)
        _ = header.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let chunk = [UInt8]("[".utf8) + [UInt8](repeating: 0x20, count: 65535)
        var sent = 0
        var sinceSample = 0
        while sent < limit {
          let wrote = chunk.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
          if wrote <= 0 { break }
          sent += wrote
          sinceSample += wrote
          if sinceSample >= 1 << 20 {
            sinceSample = 0
            record(sent: sent)
          }
        }
        record(sent: sent)
      }

      private func record(sent: Int) {
        let resident = Self.residentBytes()
        tally.withLock {
          $0.sent = sent
          $0.peakResident = max($0.peakResident, resident)
        }
      }

      /// Waits until the stub has stopped sending (the client hung up, or the limit).
      func wait() -> (sent: Int, peakResident: Int) {
        finished.wait()
        close(listener)
        return tally.withLock { ($0.sent, $0.peakResident) }
      }

      /// This process's resident memory (`VmRSS`), in bytes.
      static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
          return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
      }
    }

    @Test("an endless body stops at the cap: the stub sends at most the cap and the socket buffers, and resident memory grows by less than the cap and a margin")
    func endlessBodyIsBoundedInMemory() async throws {
      let cap = 8 << 20
      // 2 GiB: far past anything a bounded client reads; the old transport read on to it.
      let stub = try EndlessStub(limit: 2 << 30)
      let before = EndlessStub.residentBytes()
      let fetch = BoundedFetch(
        maxBytes: cap, deadline: .seconds(50), idleTimeout: .seconds(50), expected: "an endless test body"
      ) { _ in nil }
      let url = try #require(URL(string: "http://127.0.0.1:\(stub.port)/endless"))
      do {
        _ = try await fetch.get(url)
        Issue.record("an endless body was read to its end")
      } catch {
        #expect(error.kind == .tooLarge, "\(error)")
        #expect("\(error)".contains("more than \(cap) bytes"), "\(error)")
      }
      let (sent, peak) = await Task.detached { stub.wait() }.value
      // Loopback's socket buffers hold up to 4 MiB sent and 32 MiB received
      // (net.ipv4.tcp_wmem and tcp_rmem); nothing past them is sent once the client stops.
      let buffers = 40 << 20
      #expect(sent <= cap + buffers, "the stub sent \(sent >> 20) MiB for a cap of \(cap >> 20) MiB")
      let margin = 48 << 20
      #expect(
        peak - before <= cap + margin,
        "resident memory grew by \((peak - before) >> 20) MiB for a cap of \(cap >> 20) MiB")
    }

    @Test("a finished fetch keeps no copy of its answer until its deadline (a page was held for the deadline's 30 s after it was handed on)")
    func finishedFetchKeepsNothing() async throws {
      let size = 32 << 20
      let fetches = 4
      let stub = try EndlessStub(limit: size, connections: fetches)
      // The deadline's timers are kept and never fire, as a dispatch timer is kept until its
      // deadline passes.
      let pending = Mutex<[@Sendable () -> Void]>([])
      let fetch = BoundedFetch(
        maxBytes: size + 1, deadline: .seconds(50), idleTimeout: .seconds(50), expected: "a test body",
        timer: { _, fire in pending.withLock { $0.append(fire) } }
      ) { _ in nil }
      let url = try #require(URL(string: "http://127.0.0.1:\(stub.port)/page"))
      for _ in 0..<fetches {
        let answer = try await fetch.get(url)
        #expect(answer.body.count == size)
      }
      _ = await Task.detached { stub.wait() }.value
      #expect(pending.withLock { $0.count } == fetches)
      // The answers were dropped; what the pending timers still hold is what dropping the
      // timers frees. Measured across that one step only (milliseconds), so the other suites
      // running in this process move the figure little: 128 MiB when each timer held its
      // exchange's answer, next to nothing now.
      LiveFeedWork.returnFreedMemory()
      let held = EndlessStub.residentBytes()
      pending.withLock { $0.removeAll() }
      LiveFeedWork.returnFreedMemory()
      let freed = held - EndlessStub.residentBytes()
      #expect(
        freed < 48 << 20,
        "dropping the pending deadline timers freed \(freed >> 20) MiB after \(fetches) answers of \(size >> 20) MiB")
    }
  }
#endif
