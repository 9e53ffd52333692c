import Synchronization
import Testing
import WaysideData

/// `LoadOnce` over an asynchronous build (the charging app's bundled search is one).
@Suite("LoadOnce: an asynchronous build runs once for every caller")
struct LoadOnceTests {
  struct Failure: Error {}

  @Test("twenty concurrent callers share one asynchronous build")
  func oneBuild() async throws {
    let builds = Mutex(0)
    let once = LoadOnce(asynchronous: { () async throws -> Int in
      builds.withLock { $0 += 1 }
      await Task.yield()
      return 42
    })
    let values = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<20 { group.addTask { try await once.value() } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(values == Array(repeating: 42, count: 20))
    #expect(builds.withLock { $0 } == 1)
  }

  @Test("a failed asynchronous build is kept, or tried again when asked to")
  func failures() async {
    let builds = Mutex(0)
    let kept = LoadOnce(asynchronous: { () async throws -> Int in
      builds.withLock { $0 += 1 }
      throw Failure()
    })
    for _ in 0..<2 { await #expect(throws: Failure.self) { try await kept.value() } }
    #expect(builds.withLock { $0 } == 1)
    let retried = LoadOnce(retryingFailures: true, asynchronous: { () async throws -> Int in
      let count = builds.withLock { $0 += 1; return $0 }
      if count < 3 { throw Failure() }
      return count
    })
    await #expect(throws: Failure.self) { try await retried.value() }
    #expect((try? await retried.value()) == 3)
    #expect((try? await retried.value()) == 3)
  }
}
