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
    "every help text names the package's own executable and shows none of Wayside's paths",
    arguments: [["--help"], ["serve", "--help"], ["render", "--help"], ["journey", "--help"],
      ["lint", "--help"], ["help", "journey"]])
  func helpNamesTheExecutable(words: [String]) async {
    let result = await Self.run(words)
    // The executable's own name (the test bundle's here), as a package's simulator has its own.
    let program = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last }
      .map(String.init) ?? ""
    #expect(result.status == 0)
    #expect(program != "wayside")
    #expect(result.out.contains("\(program) "), "\(result.out)")
    for wayside in [
      "wayside ", "wayside]", "Guides/", "Journeys/lifecycle", "XDG_DATA_HOME", "tariffs",
      "user.sqlite", "--live-feed",
    ] {
      #expect(!result.out.contains(wayside), "\(words) shows '\(wayside)':\n\(result.out)")
    }
  }

  @Test("a package's simulator names where its car starts; --location still wins")
  func startPlace() async throws {
    let catalog = try AppCatalog.custom([KitApps.cities], startLocation: "Hamburg")
    let (named, given, usage) = try AppCatalog.$current.withValue(catalog) {
      var none = Arguments([], command: "serve")
      var other = Arguments(["--location", "Berlin"], command: "serve")
      return (
        try ServeCommand.Options.parse(&none).location.label,
        try ServeCommand.Options.parse(&other).location.label, WaysideMain.usage(of: ServeCommand.self)
      )
    }
    #expect(named == "Hamburg")
    #expect(given == "Berlin")
    #expect(usage.contains("(default Hamburg)"))
    var kassel = Arguments([], command: "serve")
    let wayside = try AppCatalog.$current.withValue(try AppCatalog.custom([KitApps.cities])) {
      try ServeCommand.Options.parse(&kassel).location.label
    }
    #expect(wayside == "Kassel")
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
