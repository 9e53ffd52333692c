import CarSession
import Foundation
import Testing

@testable import WaysideCLI
@testable import WaysideSimulator

@Suite("WaysideSimulator: the command line and the simulator over a package's own apps")
struct WaysideSimulatorTests {
  static func run(_ words: [String], apps: [AnyCarApp] = [KitApps.cities, KitApps.second])
    async -> (status: Int32, out: String, err: String)
  {
    let io = CommandIO.capturing()
    let status = await WaysideSimulator.run(words, apps: apps, defaultApp: nil, io: io)
    return (status, io.capturedOut, io.capturedErr)
  }

  @Test("journey runs a journey file against the package's app by its id")
  func journey() async {
    let result = await Self.run([
      "journey", KitApps.folder + "Journeys/details.journey", "--app", "cities", "--quiet",
    ])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("PASS"))
  }

  @Test("lint and render take the package's app ids")
  func lintAndRender() async {
    let lint = await Self.run(["lint", "--app", "cities-too"])
    #expect(lint.status == 0, "\(lint.err)")
    #expect(lint.out.contains("screen 1"))
    let render = await Self.run(["render", "--format", "text"])
    #expect(render.status == 0, "\(render.err)")
    #expect(render.out.contains("Kassel Hbf"))
  }

  @Test(
    "Wayside's own app ids and data commands are not offered with a package's apps",
    arguments: [
      (["render", "--app", "charging"], "expects one of cities, cities-too, got 'charging'"),
      (["stations"], "unknown command 'stations'"),
    ])
  func waysideIDsAreRefused(words: [String], message: String) async {
    let result = await Self.run(words)
    #expect(result.status == 2)
    #expect(result.err.contains(message), "\(result.err)")
  }

  @Test("help lists the kit's commands only")
  func help() async {
    let result = await Self.run(["--help"])
    #expect(result.out.contains("journey"))
    #expect(!result.out.contains("tariffs"))
  }

  @Test(
    "an unusable app list is a usage error naming the problem",
    arguments: [
      ([AnyCarApp](), "no apps given"),
      ([KitApps.cities, KitApps.cities], "two apps have the id 'cities'"),
    ])
  func badAppLists(apps: [AnyCarApp], message: String) async {
    let result = await Self.run(["lint", "--app", "cities"], apps: apps)
    #expect(result.status == 2)
    #expect(result.err.contains(message), "\(result.err)")
  }

  @Test("a default app the list does not hold is refused")
  func badDefault() async {
    await #expect(throws: WaysideSimulatorError.self) {
      _ = try await WaysideSimulator.start(
        apps: [KitApps.cities], options: .init(app: "charging", port: 0))
    }
  }

  @Test("the simulator serves the package's app on loopback, with the panel offering its ids")
  func serves() async throws {
    let simulator = try await WaysideSimulator.start(
      apps: [KitApps.cities, KitApps.second], options: .init(app: "cities-too", port: 0))
    let text = await Self.run([
      "render", "--from", simulator.url.absoluteString, "--format", "text",
    ])
    let page = await Self.run(["render", "--from", simulator.url.absoluteString])
    await simulator.stop()
    #expect(simulator.url.host == "127.0.0.1")
    #expect(text.status == 0, "\(text.err)")
    #expect(text.out.contains("Kassel Hbf"))
    #expect(page.out.contains("<!DOCTYPE html>"))
  }
}
