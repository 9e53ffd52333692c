import Foundation
import Synchronization
import Testing
import WaysideData

/// `LoadOnce` is the tree's one compute-once holder: awaited (`value()`) or read in place
/// (`get()`), for a build that may fail (`any Error`) or cannot (`Never`).
@Suite("LoadOnce read in place: one build for racing readers, then no lock")
struct LoadOnceInPlaceTests {
  @Test("eight threads reading in place at once build the value once and all get it")
  func racingReadersBuildOnce() async {
    let builds = Mutex(0)
    let once = LoadOnce { () -> [Int] in
      builds.withLock { $0 += 1 }
      return Array(0..<1_000)
    }
    let readers = (0..<8).map { _ in
      Task.detached { once.get().count }
    }
    var counts: [Int] = []
    for reader in readers { counts.append(await reader.value) }
    #expect(counts == Array(repeating: 1_000, count: 8))
    #expect(builds.withLock { $0 } == 1)
    // Awaiting it afterwards finds the same value, built no second time.
    #expect(await once.value().count == 1_000)
    #expect(builds.withLock { $0 } == 1)
  }

  @Test("a build that cannot fail is read without try; a held value is read as it is")
  func neverFails() {
    let once = LoadOnce { "built" }
    let read: String = once.get()
    #expect(read == "built")
    let held = LoadOnce(value: 42)
    #expect(held.get() == 42)
  }

  @Test("a failed build is kept, or tried again when asked; its error reaches the reader")
  func failures() async throws {
    struct Broken: Error, Equatable {}
    let attempts = Mutex(0)
    let kept = LoadOnce { () throws -> Int in
      attempts.withLock { $0 += 1 }
      throw Broken()
    }
    #expect(throws: Broken.self) { try kept.get() }
    #expect(throws: Broken.self) { try kept.get() }
    await #expect(throws: Broken.self) { try await kept.value() }
    #expect(attempts.withLock { $0 } == 1)

    let tries = Mutex(0)
    let retried = LoadOnce(retryingFailures: true) { () throws -> Int in
      let attempt = tries.withLock { count -> Int in
        count += 1
        return count
      }
      if attempt == 1 { throw Broken() }
      return attempt
    }
    #expect(throws: Broken.self) { try retried.get() }
    #expect(try retried.get() == 2)
    #expect(try retried.get() == 2)
  }

  @Test("a holder built asynchronously, read in place before it is built, is an error naming it")
  func asynchronousIsAwaited() async throws {
    let once = LoadOnce(asynchronous: { () async throws -> Double in 2.5 })
    #expect {
      try once.get()
    } throws: { error in
      (error as? LoadOnceError)?.description.contains("Double") == true
    }
    #expect(try await once.value() == 2.5)
    #expect(try once.get() == 2.5)
  }
}
