import CarSession
import ChargingCar
import Foundation
import StationFeeds
import StationStore
import Testing

@testable import WaysideCLI

/// `wayside serve --live-feed URL`: a real feed is configuration. The feeds here are the local
/// feed server on 127.0.0.1.
@MainActor
@Suite("wayside serve --live-feed")
struct LiveFeedOptionTests {
  static func parse(_ words: [String], environment: [String: String] = [:]) throws
    -> ServeCommand.Options
  {
    var arguments = Arguments(words, command: "serve")
    return try ServeCommand.Options.parse(&arguments, environment: environment)
  }

  @Test(
    "the feeds named on the command line are polled from the start into the charging app's live status and kept in the store; the first poll of each is printed"
  )
  func configuredFeedsArePolled() async throws {
    let feedServer = try LiveFeedServer(stepInterval: nil)
    let folder = StoreFolder()
    defer { folder.cleanUp() }
    let base = feedServer.baseURL
    let options = try Self.parse(
      [
        "--store", folder.path, "--port", "0", "--location", "Ludwigsburg",
        "--live-feed", base + "/ocpi/2.2.1/locations",
        "--live-feed", base + "/datex2/status," + base + "/datex2/table",
        "--live-interval", "120",
      ], environment: ["WAYSIDE_LIVE_TOKEN": "token-from-the-environment"])
    #expect(options.liveFeeds.map(\.url.path) == ["/ocpi/2.2.1/locations", "/datex2/status"])
    #expect(options.liveFeeds.map(\.tableURL?.path) == [nil, "/datex2/table"])
    #expect(options.liveFeeds.allSatisfy { $0.token == "token-from-the-environment" })
    #expect(options.liveFeeds.allSatisfy { $0.interval == .seconds(120) })

    let polls = ClientEvents<String>()
    var lines = polls.values().makeAsyncIterator()
    let io = CommandIO.capturing()
    let started = try await ServeCommand.start(options, io, livePolls: polls)
    #expect(started.livePollers?.endpoints == options.liveFeeds)
    // A watchdog only: the wait below ends on the polls; this ends a hung run with a failure.
    let watchdog = Task {
      try await Task.sleep(for: .seconds(180))
      Issue.record("the configured feeds were not polled within the watchdog's time")
      polls.finish()
    }
    defer { watchdog.cancel() }
    var heard: [String] = []
    for _ in 0..<2 {
      guard let line = await lines.next() else { break }
      heard.append(line)
    }
    await started.livePollers?.stop()
    await started.server.stop()
    await feedServer.stop()
    #expect(heard.count == 2 && heard.allSatisfy { $0.contains(" statuses, ") }, "\(heard)")
    #expect(
      io.capturedOut.contains("Live status: \(base)/ocpi/2.2.1/locations: 273 statuses, "),
      "\(io.capturedOut)")
    #expect(io.capturedOut.contains("polled every 120 s"))
    #expect(io.capturedErr.isEmpty, "\(io.capturedErr)")

    let archive = try #require(started.liveArchive)
    await archive.flush()
    // OCPI: 273 charge points of Ludwigsburg; DATEX II: EnBW's 11. Only those on register
    // stations are kept (the lines' "N on register stations"), in memory and in the store.
    let onRegister = heard.compactMap { line -> Int? in
      guard let range = line.range(of: " on register stations") else { return nil }
      return Int(line[..<range.lowerBound].split(separator: " ").last ?? "")
    }
    #expect(onRegister.count == 2 && onRegister.allSatisfy { $0 > 0 }, "\(heard)")
    let kept = try StationStore(directory: folder.url).liveStatus().count
    #expect(kept == onRegister.reduce(0, +) && kept < 273 + 11, "\(kept) kept; \(heard)")
  }

  @Test("a malformed --live-feed or --live-interval is a usage error naming the value and what was expected")
  func badValues() throws {
    let cases: [([String], String)] = [
      (["--live-feed", "ftp://example.org/feed"], "option --live-feed expects an http or https URL"),
      (["--live-feed", "locations.json"], "got 'locations.json'"),
      (
        ["--live-feed", "http://127.0.0.1:1/status,table.json"],
        "the table after the comma must be an http or https URL (a DATEX II table publication); got 'table.json'"
      ),
      (["--live-feed", "http://127.0.0.1:1/a,http://127.0.0.1:1/b,http://127.0.0.1:1/c"], "STATUS_URL,TABLE_URL"),
      (["--live-interval", "5"], "option --live-interval expects 10…86400 seconds"),
      (["--live-interval", "often"], "option --live-interval expects"),
    ]
    for (words, message) in cases {
      do {
        _ = try Self.parse(words)
        Issue.record("\(words) was accepted")
      } catch let error as CommandError {
        #expect("\(error)".contains(message), "\(words): \(error)")
      }
    }
    #expect(try Self.parse([]).liveFeeds.isEmpty)
    #expect(try Self.parse(["--live-feed", "https://example.org/ocpi/2.2.1/locations"]).liveFeeds.first?.token == nil)
  }
}
