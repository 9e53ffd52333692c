import CarSession
import CarSimulator
import CarTemplates
import Charging
import ChargingCar
import Foundation
import Synchronization
import Testing
import WaysideApps

@testable import PreviewServer

/// The panel's live feed on the simulator: the local feed server on loopback, the pollers and
/// the app's session all on one manual clock; the test waits on the feed's batches and the
/// session settling, never on wall time.
@MainActor
@Suite("Web simulator: live status from the local feed server")
struct LiveFeedSimulatorTests {
  nonisolated static let start = Date(timeIntervalSince1970: 1_775_000_000)  // 2026-03-31 23:33 UTC

  /// The running feed, for the test to move its script.
  final class Running: Sendable {
    let feed = Mutex<LocalLiveFeed?>(nil)
    let polls = Mutex<Polls?>(nil)
  }

  static func panelFeed(
    hub: LiveStatusHub, clock: ManualClock, now: @escaping @Sendable () -> Date, running: Running
  ) -> PanelFeed {
    PanelFeed(
      appID: "charging", title: "Live status: local feed server",
      placeLabel: LocalLiveFeed.place.label, place: LocalLiveFeed.place.coordinate,
      start: {
        let channel = ClientEvents<String>()
        running.polls.withLock { $0 = Polls(channel) }
        let feed = try LocalLiveFeed(
          hub: hub, matcher: { try await LocalLiveFeed.bundledMatcher() },
          interval: .seconds(60), stepInterval: nil, now: now,
          sleep: { await clock.sleep(until: clock.now + $0) }, polls: channel)
        running.feed.withLock { $0 = feed }
        return "live feed on \(feed.server.baseURL)"
      },
      stop: {
        let feed = running.feed.withLock { feed in
          defer { feed = nil }
          return feed
        }
        await feed?.stop()
        return "live feed off"
      })
  }

  /// The Charge tab's points as the host shows them.
  static func points(_ controller: SimulatorController) -> [PointOfInterestSpec] {
    guard case .tabBar(let bar)? = controller.display().screen?.root.content,
      case .pointOfInterest(let poi)? = bar.tabs.first?.content
    else { return [] }
    return poi.points
  }

  /// The feed's polls as the test hears them: subscribed when made, so none is missed.
  final class Polls: @unchecked Sendable {
    // Used by one test task at a time (each wait is awaited before the next).
    private var iterator: ClientEvents<String>.Values.Iterator
    init(_ channel: ClientEvents<String>) { iterator = channel.values().makeAsyncIterator() }
    /// The next `count` polls' lines (fewer when the feed's channel finished).
    nonisolated func next(_ count: Int) async -> [String] {
      var lines: [String] = []
      for _ in 0..<count {
        guard let line = await iterator.next() else { break }
        lines.append(line)
      }
      return lines
    }
  }

  /// Waits for one poll of each of the three formats (each handed on to the hub), then for the
  /// session to settle on what they published.
  static func polls(_ polls: Polls, _ controller: SimulatorController) async {
    let lines = await polls.next(3)
    #expect(lines.count == 3 && lines.allSatisfy { $0.contains(" statuses, ") }, "\(lines)")
    await controller.session.settle()
  }

  /// Holds a gauge observation until the wait it serves is over.
  final class Observed: @unchecked Sendable {
    var observation: WaitGauge.Observation?
    let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
  }

  /// Waits, woken by the clock's own changes, until `count` tasks sleep on `clock` (the three
  /// pollers between polls), so advancing it wakes each of them.
  nonisolated static func sleepers(_ count: Int, on clock: ManualClock) async {
    let observed = Observed()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      observed.continuation.withLock { $0 = continuation }
      let check: @Sendable () -> Void = {
        guard clock.sleeperCount >= count else { return }
        observed.continuation.withLock { waiting in
          defer { waiting = nil }
          return waiting
        }?.resume()
      }
      observed.observation = clock.waiting.observe(check)
      check()
    }
    observed.observation = nil
  }

  /// Moves the feed's and the session's clocks a minute on, once the pollers sleep.
  static func minute(feed: ManualClock, session: ManualClock) async {
    await sleepers(3, on: feed)
    session.advance(by: .seconds(60))
    feed.advance(by: .seconds(60))
  }

  @Test(
    "Switching the panel's live feed on moves the car to Ludwigsburg and shows statuses; a scripted change patches the Charge tab in place"
  )
  func liveFeedReachesTheCarInPlace() async throws {
    // The session and the feed each on a manual clock of their own, moved together.
    let clock = ManualClock()
    let feedClock = ManualClock()
    let now: @Sendable () -> Date = {
      Self.start.addingTimeInterval(Double(clock.now.components.seconds))
    }
    let feedNow: @Sendable () -> Date = {
      Self.start.addingTimeInterval(Double(feedClock.now.components.seconds))
    }
    let hub = LiveStatusHub()
    let running = Running()
    let apps = WaysideApps.apps(chargingDriver: .memory(DriverSetupBox()), now: now, live: hub)
    let charging = try #require(apps.first { $0.id == "charging" })
    let controller = SimulatorController(
      apps: apps, app: charging, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { "12:00" },
      liveFeed: Self.panelFeed(hub: hub, clock: feedClock, now: feedNow, running: running),
      sessionClock: { .manual(clock) })
    await controller.session.settle()
    #expect(PanelRenderer.render(controller.panel()).contains(#"data-cmd="liveFeed""#))
    #expect(!controller.panel().isLiveFeedOn)

    // A watchdog only: the waits below end on events; this ends a hung run with a failure.
    let watchdog = Task {
      try await Task.sleep(for: .seconds(240))
      Issue.record("the live feed did not reach the car within the watchdog's time")
      running.feed.withLock { $0 }?.polls.finish()  // every wait on a poll ends
      feedClock.advance(by: .seconds(3600))  // and every poller wakes
    }
    defer { watchdog.cancel() }

    await controller.handle(PanelCommand(cmd: "liveFeed", value: "true"))
    #expect(controller.panel().isLiveFeedOn)
    #expect(controller.location.coordinate == LocalLiveFeed.place.coordinate)
    let polls = try #require(running.polls.withLock { $0 })
    // The first poll of each format (OCPI, chargecloud, DATEX II) runs at once; the app shows
    // the first batch at once and the rest once its minute is up.
    await Self.polls(polls, controller)
    await Self.minute(feed: feedClock, session: clock)
    await Self.polls(polls, controller)
    let before = Self.points(controller)
    let statusLines = before.compactMap(\.subtitle).filter {
      $0.contains(" free") || $0.contains("all busy") || $0.contains("out of order")
    }
    #expect(!statusLines.isEmpty, "the Charge tab around Ludwigsburg shows live status")

    // The script's first step: a Ludwigsburg site fills up.
    let mark = controller.host.transcript.entries.count
    let feed = try #require(running.feed.withLock { $0 })
    feed.server.setStep(1)
    for _ in 0..<2 {
      await Self.minute(feed: feedClock, session: clock)
      await Self.polls(polls, controller)
    }
    let after = Self.points(controller)
    #expect(after.map(\.id) == before.map(\.id), "the same sites, patched")
    #expect(after.map(\.subtitle) != before.map(\.subtitle), "a status changed on the car screen")
    let operations = controller.host.transcript.entries.dropFirst(mark).compactMap {
      entry -> HostOperation? in
      if case .operation(let operation, _) = entry { return operation }
      return nil
    }
    #expect(!operations.isEmpty)
    let inPlace = operations.allSatisfy { $0.isInPlaceUpdate }
    #expect(inPlace, "\(operations)")

    await controller.handle(PanelCommand(cmd: "liveFeed", value: "false"))
    #expect(!controller.panel().isLiveFeedOn)
    #expect(running.feed.withLock { $0 } == nil)
  }
}
