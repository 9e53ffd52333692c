import CarSession
import Charging
import Foundation
import Geo
import StationFeeds
import Synchronization

/// Where live status reaches the charging app from a polled feed: pollers publish matched
/// updates, and every connected app hears them through an effect (``ChargingServices/live``).
///
/// The hub keeps the newest status of each charge point, so an app that connects later (a
/// reconnect, an app switch in the simulator) starts from what the feed last said. With an
/// ``LiveStatusArchive`` it also keeps them across restarts: it starts from what the store kept
/// and hands every batch it keeps to the archive.
///
/// Kept statuses are bounded over time: a complete poll of a feed (every page, not a delta)
/// removes the charge points that feed sent before and no longer sends, and a status observed
/// more than ``Charging/LiveStatusPolicy/expireAfter`` before the newest one is removed whatever
/// its feed — from memory, from
/// the store (through the archive) and from every listening app (a removal is an update with
/// status unknown and no station, which the app's board forgets).
public final class LiveStatusHub: Sendable {
  /// One event per published batch: the updates kept, then the removals.
  public let batches = ClientEvents<[LiveStatusUpdate]>()
  /// Where the statuses are kept across restarts; nil keeps them in memory only.
  public let archive: LiveStatusArchive?
  private struct Kept {
    var update: LiveStatusUpdate
    /// The feed that sent it (its status URL); nil when published without one.
    var feed: String?
  }
  private struct State {
    var latest: [String: Kept] = [:]
    /// The newest observation kept: a status ``Charging/LiveStatusPolicy/expireAfter`` older expires.
    var newest = Date.distantPast
  }
  private let state = Mutex(State())
  private let now: @Sendable () -> Date

  /// Creates a hub; with an `archive`, it starts from the statuses the archive's store kept
  /// (each with its original observation time, a future one dated now, an expired one removed)
  /// and keeps every later one there. `now` is the clock a status may not be dated after.
  public init(archive: LiveStatusArchive? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
    self.archive = archive
    self.now = now
    guard let archive else { return }
    _ = keep(archive.restore(now: now()), feed: nil, at: now())
  }

  /// Keeps `updates` (an older observation of a charge point does not replace a newer one)
  /// and hands them to the listening apps and the archive.
  ///
  /// `feed` names the feed they came from; with `complete` (the poll read the whole feed, not
  /// a delta or a page-limited part) the charge points that feed sent before and leaves out now
  /// are removed. Statuses observed more than ``Charging/LiveStatusPolicy/expireAfter`` before
  /// the newest are removed at every publish.
  public func publish(_ updates: [LiveStatusUpdate], feed: String? = nil, complete: Bool = false) {
    let now = now()
    // Kept before the optional call: `archive?.write(keep(…))` would skip keeping without one.
    let kept = keep(updates, feed: feed, at: now)
    let removed = remove(sentNow: complete ? feed.map { ($0, Set(updates.map(\.observation.evseID))) } : nil)
    guard !kept.isEmpty || !removed.isEmpty else { return }
    archive?.write(kept, removing: removed)
    batches.send(
      kept
        + removed.map {
          LiveStatusUpdate(
            observation: StatusObservation(evseID: $0, status: .unknown, observedAt: now), station: nil)
        })
  }

  /// Keeps the updates newer than the kept status of their charge point; returns those.
  private func keep(_ updates: [LiveStatusUpdate], feed: String?, at now: Date) -> [LiveStatusUpdate] {
    state.withLock { state in
      var kept: [LiveStatusUpdate] = []
      kept.reserveCapacity(updates.count)
      for var update in updates {
        // A status dated in the future would win over every later one: it counts as seen now.
        if update.observation.observedAt > now { update.observation.observedAt = now }
        let id = update.observation.evseID
        if let known = state.latest[id], known.update.observation.observedAt > update.observation.observedAt {
          continue
        }
        state.latest[id] = Kept(update: update, feed: feed ?? state.latest[id]?.feed)
        state.newest = max(state.newest, update.observation.observedAt)
        kept.append(update)
      }
      return kept
    }
  }

  /// Removes the expired statuses (``Charging/LiveStatusPolicy/expireAfter`` before the newest) and, for `sentNow` (a feed and every charge point its
  /// complete poll sent), that feed's charge points it no longer sends; returns their ids.
  private func remove(sentNow: (feed: String, ids: Set<String>)?) -> [String] {
    state.withLock { state in
      var removed: [String] = []
      for (id, kept) in state.latest {
        let expired = LiveStatusPolicy.isExpired(
          observedAt: kept.update.observation.observedAt, newest: state.newest)
        let dropped = sentNow.map { kept.feed == $0.feed && !$0.ids.contains(id) } ?? false
        if expired || dropped { removed.append(id) }
      }
      for id in removed { state.latest[id] = nil }
      return removed.sorted()
    }
  }

  /// The newest status of every charge point published (or restored) so far.
  public var current: [LiveStatusUpdate] {
    state.withLock { $0.latest.values.map(\.update) }.sorted { $0.observation.evseID < $1.observation.evseID }
  }

  /// How many charge points have a kept status.
  public var count: Int { state.withLock { $0.latest.count } }
}

extension LiveStatusUpdate {
  /// The feed's charge points with their status, each attached to the register row its
  /// location matched (nil when unmatched or ambiguous: shown on no site; the pollers keep
  /// only matched locations, a journey's `feed live FILE` hands on all).
  ///
  /// `fetchedAt` dates statuses the feed does not date (OCPI); `restampAt`, when given, dates
  /// every status (a recorded payload replayed now, as a journey's `feed live FILE` does).
  public static func updates(
    from feed: LiveFeed, matcher: LiveStatusMatcher, fetchedAt: Date, restampAt: Date? = nil
  ) -> [LiveStatusUpdate] {
    let report = matcher.match(feed.locations)
    return feed.observations(fetchedAt: fetchedAt).map { observation in
      var observation = observation
      if let restampAt { observation.observedAt = restampAt }
      return LiveStatusUpdate(
        observation: observation, station: report.stationByEVSE[observation.evseID])
    }
  }
}

/// Pollers of live-status feeds publishing to a hub: one ``LiveFeedPoller`` per endpoint, each
/// poll's charge points matched to the register and handed to the hub (and so to every
/// connected app and the hub's archive). Only the charge points of locations the register
/// matches are kept — the others are dropped as the page is read and only counted in the poll's
/// line — so a big page of charge points elsewhere costs the simulator its bytes, not its size
/// in memory. What a real feed needs is its ``LiveFeedEndpoint``s:
/// `wayside serve --live-feed URL` builds them from the command line.
///
/// Time is injected: `now` stamps polls, `sleep` is the wait between them, so a test runs the
/// pollers on its own clock.
public final class LiveFeedPollers: Sendable {
  /// The polled endpoints.
  public let endpoints: [LiveFeedEndpoint]
  /// One line per poll, once it has been handed on: `<url>: 273 statuses, 48 on register
  /// stations`, or why it failed (subscribe before the first poll: give the channel to `init`).
  public let polls: ClientEvents<String>
  private let tasks: Mutex<[Task<Void, Never>]>

  /// Starts one poller per endpoint; the first poll of each runs at once. `matcher` attaches the
  /// records to the register's rows; `diagnostics` hears every failure.
  public init(
    endpoints: [LiveFeedEndpoint], hub: LiveStatusHub,
    matcher: @escaping @Sendable () async throws -> LiveStatusMatcher,
    now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    diagnostics: @escaping @Sendable (String) -> Void = { _ in },
    polls: ClientEvents<String> = ClientEvents()
  ) {
    self.endpoints = endpoints
    self.polls = polls
    let tasks = endpoints.map { endpoint in
      Task {
        // Only the locations the register matches are kept: a page of 200,000 charge points
        // that match nothing is read one location at a time and held by no one (issue 40).
        // Without a register (it could not be read) every location is kept, and the poll
        // says why nothing is shown.
        let poller = LiveFeedPoller(
          client: LiveFeedClient(endpoint: endpoint), now: now, sleep: sleep,
          keep: {
            guard let matcher = try? await matcher() else { return nil }
            return { matcher.match($0).stationID != nil }
          })
        await poller.run { poll in
          let line: String
          switch poll.result {
          case .success(let feed):
            do {
              let matcher = try await matcher()
              // Matched and kept on the feeds' queue, off the pool that serves the simulator.
              let updates = await LiveFeedWork.shared.run {
                let updates = LiveStatusUpdate.updates(from: feed, matcher: matcher, fetchedAt: poll.fetchedAt)
                hub.publish(updates, feed: endpoint.url.absoluteString, complete: feed.isComplete)
                return updates
              }
              if feed.locations.count + feed.unkeptLocations > 10_000 {
                await LiveFeedWork.shared.run { LiveFeedWork.returnFreedMemory() }
              }
              var notes = feed.diagnostics
              let future = feed.futureDated(fetchedAt: poll.fetchedAt)
              if future > 0 {
                notes.insert(
                  ImportDiagnostic(
                    severity: .warning, file: endpoint.url.absoluteString, field: "observedAt",
                    reason: "\(future) statuses are dated after the fetch; dated at the fetch instead",
                    expected: "observation times not in the future"), at: 0)
              }
              line =
                "\(endpoint.url.absoluteString): \(updates.count + feed.unkeptStatuses) statuses, "
                + "\(updates.count { $0.station != nil }) on register stations"
                + Self.warnings(notes)
            } catch {
              line = "live feed: the register could not be read (\(error)); statuses are not shown"
              diagnostics(line)
            }
          case .failure(let error):
            line = "\(error)"
            diagnostics(line)
            // A failed poll may have held up to a page's cap (an endless or inflating answer
            // cut there): handed back, or the simulator would stay at that peak.
            await LiveFeedWork.shared.run { LiveFeedWork.returnFreedMemory() }
          }
          polls.send(line)
        }
      }
    }
    self.tasks = Mutex(tasks)
  }

  /// `; 2 warnings, the first: <diagnostic>` for a poll whose feed had warnings, else empty.
  static func warnings(_ diagnostics: [ImportDiagnostic]) -> String {
    guard let first = diagnostics.first else { return "" }
    let count = diagnostics.count == 1 ? "1 warning" : "\(diagnostics.count) warnings"
    return "; \(count), the first: \(first)"
  }

  /// Stops the pollers and returns once each has ended; then ``polls`` is finished.
  public func stop() async {
    let tasks = tasks.withLock { tasks in
      defer { tasks = [] }
      return tasks
    }
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
    polls.finish()
  }
}

/// The local live feed of the simulator: ``LiveFeedServer`` on loopback replaying the bundled
/// Ludwigsburg OCPI, Stuttgart chargecloud and EnBW DATEX II files with their scripted status
/// changes, and ``LiveFeedPollers`` for its three formats publishing matched updates to a hub.
///
/// Time is injected: `now` stamps polls and drives the script's steps (`stepInterval`), `sleep`
/// is the pollers' wait, so a test runs the feed on its own clock.
public final class LocalLiveFeed: Sendable {
  /// Where the data is: Ludwigsburg's centre (Stuttgart's sites are 12 km south).
  public static let place = (label: "Ludwigsburg", coordinate: Coordinate(latitude: 48.8961, longitude: 9.1917))
  /// The server.
  public let server: LiveFeedServer
  /// One line per poll, when it has been handed on: `OCPI 2.2.1 …: 273 statuses, 48 places
  /// matched` or why it failed (tests wait on it; give the channel to subscribe before the
  /// first poll).
  public var polls: ClientEvents<String> { pollers.polls }
  private let pollers: LiveFeedPollers

  /// The endpoints of the three formats on `server`, polled every `interval`.
  public static func endpoints(_ server: LiveFeedServer, interval: Duration) -> [LiveFeedEndpoint] {
    let base = server.baseURL
    func url(_ path: String) -> URL { URL(string: base + path) ?? URL(fileURLWithPath: path) }
    return [
      LiveFeedEndpoint(url: url("/ocpi/2.2.1/locations"), interval: interval),
      LiveFeedEndpoint(url: url("/chargecloud/poi"), interval: interval),
      LiveFeedEndpoint(url: url("/datex2/status"), tableURL: url("/datex2/table"), interval: interval),
    ]
  }

  /// Starts the server on a free loopback port and the pollers; the first poll of each format
  /// runs at once. `matcher` attaches the records to the register's rows.
  /// - Throws: what ``LiveFeedServer/init(port:script:stepInterval:now:)`` throws.
  public init(
    hub: LiveStatusHub, matcher: @escaping @Sendable () async throws -> LiveStatusMatcher,
    interval: Duration = .seconds(60), stepInterval: Duration? = .seconds(60),
    now: @escaping @Sendable () -> Date = { Date() },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    diagnostics: @escaping @Sendable (String) -> Void = { _ in },
    polls: ClientEvents<String> = ClientEvents()
  ) throws {
    let server = try LiveFeedServer(stepInterval: stepInterval, now: now)
    self.server = server
    self.pollers = LiveFeedPollers(
      endpoints: Self.endpoints(server, interval: interval), hub: hub, matcher: matcher, now: now,
      sleep: sleep, diagnostics: diagnostics, polls: polls)
  }

  /// Stops the pollers and the server.
  public func stop() async {
    await pollers.stop()
    await server.stop()
  }
}

extension LocalLiveFeed {
  /// The matcher over the bundled German set (the rows the Charge tab shows), built once.
  public static func bundledMatcher() async throws -> LiveStatusMatcher {
    try await BundledSearch.shared().liveMatcher
  }
}
