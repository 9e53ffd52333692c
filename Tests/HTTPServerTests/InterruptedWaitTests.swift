import Foundation
import Testing

@testable import HTTPServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A no-op handler, so SIGUSR2 interrupts a system call instead of ending the process.
private func ignoreSignal(_: Int32) {}

@Suite("Waiting on sockets survives signals")
struct InterruptedWaitTests {
  @Test("a signal delivered during a wait does not end it: the wait returns when data arrives")
  func signalDoesNotEndWait() async throws {
    signal(SIGUSR2, ignoreSignal)
    let pipe = try POSIX.makePipe()
    defer {
      close(pipe.read)
      close(pipe.write)
    }
    let waiter = WaitingThread(pipe.read)
    waiter.start()
    // Interrupt the waiting thread again and again, then give it the data it waits for. Every
    // loop is bounded; nothing here measures time.
    for _ in 0..<200 where !waiter.isFinished {
      waiter.interrupt()
      usleep(1000)
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

  func interrupt() {
    lock.withLock {
      guard outcome == nil, let thread else { return }
      pthread_kill(thread, SIGUSR2)
      interrupts += 1
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
