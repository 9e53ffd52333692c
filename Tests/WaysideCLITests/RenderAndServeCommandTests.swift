import Foundation
import HTTPServer
import PreviewServer
import Testing
import WaysideTestSupport

@testable import WaysideCLI

@Suite("wayside render and wayside serve")
struct RenderAndServeCommandTests {
  static func run(_ words: [String]) async -> (status: Int32, out: String, err: String) {
    let io = CommandIO.capturing()
    let status = await WaysideMain.run(words, io: io)
    return (status, io.capturedOut, io.capturedErr)
  }

  @Test("render prints an app's first screen as text")
  func renderText() async {
    let result = await Self.run(["render", "--app", "list-detail", "--format", "text"])
    #expect(result.status == 0)
    #expect(result.out.contains("Kassel Hbf"))
  }

  @Test("render writes a standalone HTML document at night on the wide display")
  func renderHTML() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "render-\(UUID()).html")
    defer { try? FileManager.default.removeItem(at: file) }
    let result = await Self.run([
      "render", "--app", "tabs", "--style", "night", "--display", "wide", "--output", file.path,
    ])
    #expect(result.status == 0)
    let html = try String(contentsOf: file, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("class=\"car night"))
    #expect(html.contains("data-profile=\"wide\""))
  }

  @Test("render of a journey shows the journey's final screen as SVG")
  func renderJourney() async throws {
    let journey = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Journeys/lifecycle.journey")
    let result = await Self.run(["render", "--journey", journey.path, "--format", "svg"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("<foreignObject"))
  }

  @Test(
    "bad render and serve arguments exit 2 naming the option and what was expected",
    arguments: [
      (["render", "--format", "pdf"], "option --format expects html, svg or text, got 'pdf'"),
      (["render", "--app", "nope"], "option --app expects one of"),
      (
        ["render", "--app", "tabs", "--journey", "x"],
        "give one of --app, --journey and --from, not several"
      ),
      (["render", "--from", "ftp://x"], "option --from expects the simulator's URL"),
      (["render", "--display", "tiny"], "option --display expects one of"),
      (["serve", "--port", "70000"], "option --port expects 0…65535, got 70000"),
      (["serve", "--style", "dusk"], "option --style expects day or night, got 'dusk'"),
      (["serve", "--location", "Atlantis"], "option --location"),
      (["serve", "--frobnicate"], "unknown option '--frobnicate'"),
    ])
  func badArguments(words: [String], message: String) async {
    let result = await Self.run(words)
    #expect(result.status == 2)
    #expect(result.err.contains(message), "\(result.err)")
  }

  @Test("an unknown command exits 2 and lists the known ones")
  func unknownCommand() async {
    let result = await Self.run(["fly"])
    #expect(result.status == 2)
    #expect(result.err.contains("unknown command 'fly'"))
    #expect(result.err.contains("serve"))
  }

  @Test("--help lists every command with its abstract")
  func help() async {
    let result = await Self.run(["--help"])
    #expect(result.status == 0)
    for command in CommandRegistry.all {
      #expect(result.out.contains(command.name))
    }
  }
}

@MainActor
@Suite("wayside render --from a running simulator")
struct RenderFromSimulatorTests {
  @Test("the current screen of a running simulator is fetched as text and HTML")
  func fromRunningSimulator() async throws {
    var arguments = Arguments(["--app", "list-detail", "--port", "0"], command: "serve")
    let options = try ServeCommand.Options.parse(&arguments)
    let parts = try ServeCommand.makeBackend(options)
    var configuration = HTTPServer.Configuration()
    configuration.port = 0
    let server = try HTTPServer(
      configuration: configuration,
      router: PreviewRoutes(backend: parts.backend, renderer: parts.renderer).router())
    let text = await RenderAndServeCommandTests.run([
      "render", "--from", server.baseURL, "--format", "text",
    ])
    let html = await RenderAndServeCommandTests.run(["render", "--from", server.baseURL])
    await server.stop()
    #expect(text.status == 0, "\(text.err)")
    #expect(text.out.contains("Kassel Hbf"))
    #expect(html.out.contains("<!DOCTYPE html>"))
    // Held without listening once the server is gone: no other test's server can answer.
    let held = try RefusedPort(port: server.port)
    let gone = await RenderAndServeCommandTests.run([
      "render", "--from", "http://127.0.0.1:\(held.port)",
    ])
    #expect(gone.status == 1)
    #expect(gone.err.contains("cannot reach a simulator"))
  }
}
