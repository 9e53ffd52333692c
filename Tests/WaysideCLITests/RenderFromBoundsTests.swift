import Foundation
import HTTPServer
import Testing
import WaysideTestSupport

@testable import WaysideCLI

private func wayside(_ words: [String]) async -> (status: Int32, out: String, err: String) {
  let io = CommandIO.capturing()
  let status = await WaysideMain.run(words, io: io)
  return (status, io.capturedOut, io.capturedErr)
}

/// `render --from URL` against servers that answer too much, too slowly or somewhere else.
@Suite("render --from against hostile servers", .timeLimit(.minutes(2)))
struct RenderFromBoundsTests {
  /// Starts a loopback server with `router`, runs `body` with its base URL, and stops it.
  static func withServer<T: Sendable>(
    _ router: HTTPRouter, _ body: (String) async throws -> T
  ) async throws -> T {
    let server = try HTTPServer(configuration: .init(port: 0), router: router)
    do {
      let result = try await body(server.baseURL)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  @Test("an endless answer is cut at the size cap with a message naming the cap")
  func endlessBody() async throws {
    var router = HTTPRouter()
    // An event stream never ends: its body grows for as long as the client reads.
    router.get("/screen.svg") { _ in endlessEventStream() }
    try await Self.withServer(router) { base in
      do {
        _ = try await RenderCommand.fetchCurrentScreen(
          base, format: "svg", maxBytes: 256 * 1024, deadline: .seconds(60))
        Issue.record("an endless answer was read to its end")
      } catch {
        #expect("\(error)".contains("larger than 262144 bytes"), "\(error)")
      }
    }
  }

  @Test("a server that never finishes its answer is cut at the overall deadline")
  func overallDeadline() async throws {
    var router = HTTPRouter()
    let (never, keep) = AsyncStream.makeStream(of: ServerSentEvent.self)
    router.get("/screen.svg") { _ in .eventStream(never) }
    try await Self.withServer(router) { base in
      do {
        _ = try await RenderCommand.fetchCurrentScreen(
          base, format: "svg", deadline: .milliseconds(500))
        Issue.record("an unfinished answer was accepted")
      } catch {
        #expect("\(error)".contains("the overall deadline"), "\(error)")
      }
    }
    keep.finish()
  }

  @Test("a redirect off loopback is refused like the same address given directly")
  func redirectOffLoopback() async throws {
    // 0.0.0.0 is not a loopback address to the check (it is refused when given directly);
    // the port is held closed, so even a followed redirect would reach nothing.
    let closed = try RefusedPort()
    var router = HTTPRouter()
    router.get("/screen.svg") { _ in
      .redirect(to: "http://0.0.0.0:\(closed.port)/screen.svg", status: .found)
    }
    try await Self.withServer(router) { base in
      do {
        _ = try await RenderCommand.fetchCurrentScreen(base, format: "svg")
        Issue.record("a redirect off loopback was followed")
      } catch {
        #expect("\(error)".contains("refused a redirect to http://0.0.0.0"), "\(error)")
        #expect("\(error)".contains("expected a simulator on this machine"), "\(error)")
      }
    }
    let direct = await wayside(["render", "--from", "http://0.0.0.0:\(closed.port)"])
    #expect(direct.status == 2)
    #expect(direct.err.contains("expects a simulator on this machine"))
  }

  @Test("a redirect to another loopback path is followed")
  func redirectOnLoopback() async throws {
    var router = HTTPRouter()
    router.get("/screen.svg") { _ in .redirect(to: "/other/screen.svg", status: .found) }
    router.get("/other/screen.svg") { _ in .text("<svg/>") }
    let text = try await Self.withServer(router) { base in
      // A deadline no loaded machine reaches: this test is about the redirect, not the bound.
      try await RenderCommand.fetchCurrentScreen(base, format: "svg", deadline: .seconds(600))
    }
    #expect(text == "<svg/>")
  }
}
