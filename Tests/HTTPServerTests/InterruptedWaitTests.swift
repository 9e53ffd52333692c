import Foundation
import Testing

@testable import HTTPServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The write end of a pipe the handler reports each delivered signal on (set before the
/// handler is installed, read only by it afterwards).
nonisolated(unsafe) private var handledSignals: Int32 = -1

/// Reports the signal on ``handledSignals`` (`send` is async-signal-safe), so SIGUSR2
/// interrupts a system call instead of ending the process, and the test can wait for that.
/// A socket pair, not a pipe, with `MSG_NOSIGNAL`: a late report can never raise SIGPIPE.
private func noteSignal(_: Int32) {
  var byte: UInt8 = 1
  _ = send(handledSignals, &byte, 1, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
}

/// A connected pair of local sockets, close-on-exec.
private func socketPair() throws -> (read: Int32, write: Int32) {
  var ends: [Int32] = [-1, -1]
  guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
  else { throw POSIXFailure(description: "socketpair failed: \(String(cString: strerror(errno)))") }
  return (ends[0], ends[1])
}

private struct POSIXFailure: Error, CustomStringConvertible {
  var description: String
}

@Suite("Waiting on sockets survives signals")
struct InterruptedWaitTests {
  @Test("a signal delivered during a wait does not end it: the wait returns when data arrives")
  func signalDoesNotEndWait() async throws {
    let handled = try socketPair()
    handledSignals = handled.write
    signal(SIGUSR2, noteSignal)
    let pipe = try POSIX.makePipe()
    defer {
      close(pipe.read)
      close(pipe.write)
      signal(SIGUSR2, SIG_IGN)
      close(handled.read)
      close(handled.write)
    }
    let waiter = WaitingThread(pipe.read)
    waiter.start()
    // Interrupt the waiting thread again and again, each time waiting for the handler to have
    // run (the event), then give it the data it waits for. Every loop is bounded; nothing here
    // measures time.
    for _ in 0..<200 where !waiter.isFinished {
      guard waiter.interrupt() else { break }
      guard POSIX.waitReadable([handled.read], timeout: .seconds(60)).first else {
        Issue.record("the signal handler never ran")
        break
      }
      var byte: UInt8 = 0
      _ = read(handled.read, &byte, 1)
    }
    #expect(!waiter.isFinished, "the wait ended while only signals arrived")
    POSIX.signal(pipe.write)
    let readiness = await waiter.result()
    #expect(readiness.first, "the wait reported the data that arrived")
    #expect(waiter.interrupts > 0)
  }
}

/// A thread that waits (up to 60 s) for a descriptor to become readable.
private final class WaitingThread: @unchecked Sendable {
  private let descriptor: Int32
  private let lock = NSLock()
  private var thread: pthread_t?
  private var outcome: POSIX.Readiness?
  private var waiters: [CheckedContinuation<POSIX.Readiness, Never>] = []
  private(set) var interrupts = 0

  init(_ descriptor: Int32) { self.descriptor = descriptor }

  var isFinished: Bool { lock.withLock { outcome != nil } }

  func start() {
    let started = DispatchSemaphore(value: 0)
    Thread { [self] in
      // Threads made from the test runner's pool threads inherit a mask that blocks most
      // signals; unblock this one so it really interrupts the wait, as it would on a thread
      // of a program's main thread.
      var unblock = sigset_t()
      sigemptyset(&unblock)
      sigaddset(&unblock, SIGUSR2)
      pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
      lock.withLock { thread = pthread_self() }
      started.signal()
      let readiness = POSIX.waitReadable([descriptor], timeout: .seconds(60))
      let resumed = lock.withLock {
        outcome = readiness
        defer { waiters = [] }
        return waiters
      }
      for waiter in resumed { waiter.resume(returning: readiness) }
    }.start()
    started.wait()
  }

  /// Sends SIGUSR2 to the waiting thread; false when it has already finished.
  func interrupt() -> Bool {
    lock.withLock {
      guard outcome == nil, let thread else { return false }
      pthread_kill(thread, SIGUSR2)
      interrupts += 1
      return true
    }
  }

  func result() async -> POSIX.Readiness {
    await withCheckedContinuation { continuation in
      let done = lock.withLock { () -> POSIX.Readiness? in
        if let outcome { return outcome }
        waiters.append(continuation)
        return nil
      }
      if let done { continuation.resume(returning: done) }
    }
  }
}
