import CarSession
import Charging
import Foundation
import StationFeeds

/// One charge point's new status, attached to the register station it was matched to.
public struct LiveStatusUpdate: Hashable, Sendable {
  /// The status and when it was observed.
  public var observation: StatusObservation
  /// The register station (a row of a ``ChargeSite``) the charge point belongs to.
  public var station: Station.ID?

  /// Creates an update.
  public init(observation: StatusObservation, station: Station.ID?) {
    self.observation = observation
    self.station = station
  }
}

extension ChargingApp {
  /// Live status reaches the screens at most this often: the Charge tab's points are its
  /// content, and the app refreshes them at most once a minute (``refreshInterval``,
  /// carplay-facts.md §1.5), so a burst of status changes patches the template once.
  public static let liveApplyInterval = refreshInterval
  /// The timer that applies buffered live status.
  static let liveTimer = "charge-live-status"
  /// The timer that judges statuses again when the oldest fresh one turns stale.
  static let liveStaleTimer = "charge-live-stale"
  /// The effect id of the watch on the polled feed (``ChargingServices/live``).
  public static let liveWatchID = "live-status-feed"
  /// The effect id of the watch on payloads handed to the feed named ``liveFeedName``.
  public static let liveFeedWatchID = "live-status-payloads"
  /// The name of the app's feed in ``CarSession/DataFeedBox`` (a journey's `feed live FILE`).
  public static let liveFeedName = "live"
  /// The time zone of "unknown since HH:MM" (the bundled data is German).
  public static let liveTimeZone = TimeZone(identifier: "Europe/Berlin") ?? .current

  /// Buffers live status and applies it now, or when ``liveApplyInterval`` has passed since the
  /// last application; the screens then patch the changed sites' text in place.
  func reduceLive(_ state: inout State, _ updates: [LiveStatusUpdate], at time: Date)
    -> [Effect<Action>]
  {
    state.pendingLive += updates
    if let last = state.liveAppliedAt, time.timeIntervalSince(last) < Self.seconds(Self.liveApplyInterval) {
      guard !state.liveTimerRunning else { return [] }
      state.liveTimerRunning = true
      let wait = Self.seconds(Self.liveApplyInterval) - time.timeIntervalSince(last)
      return [.schedule(id: Self.liveTimer, after: .milliseconds(Int(wait * 1000)), .applyLiveStatus(at: last.addingTimeInterval(Self.seconds(Self.liveApplyInterval))))]
    }
    return applyPendingLive(&state, at: time)
  }

  /// Applies the buffered updates and records the time statuses are judged at; a timer judges
  /// them again when the oldest fresh one turns stale (so "unknown since" shows without a new
  /// status), and with "free now" on, the Charge tab loads again when which sites are free
  /// changed.
  ///
  /// Only an application that changes a site on a screen (or judges staleness again) refreshes
  /// the points and starts the next ``liveApplyInterval``: statuses of sites nobody sees — the
  /// first poll of a feed for another region — do not hold back the shown sites' first status
  /// for a minute.
  func applyPendingLive(_ state: inout State, at time: Date) -> [Effect<Action>] {
    let freeBefore = state.freeStationsNow
    let judging = state.pendingLive.isEmpty
    var changed = state.live.apply(
      state.pendingLive.map { (observation: $0.observation, station: $0.station) })
    state.pendingLive = []
    let now = max(state.liveNow ?? time, time)
    changed.formUnion(state.live.removeExpired())
    state.liveNow = now
    if judging || !changed.isDisjoint(with: state.shownStations) { state.liveAppliedAt = time }
    state.liveTimerRunning = false
    var effects: [Effect<Action>] = [.cancel(id: Self.liveStaleTimer)]
    if let stale = state.live.nextStaleTime(after: now) {
      let wait = max(0.001, stale.timeIntervalSince(now))
      effects = [
        .schedule(
          id: Self.liveStaleTimer, after: .milliseconds(Int((wait * 1000).rounded(.up))),
          .applyLiveStatus(at: now.addingTimeInterval(wait)))
      ]
    }
    if let freeBefore, state.connected, freeBefore != state.freeStationsNow {
      effects += charge.scope(&state, \.chargeTab, .refresh, embed: Action.charge)
    }
    return effects + checkWatch(&state, at: now)
  }

  /// With "free now" on, the register rows with a fresh free charge point (the query keeps only
  /// their sites); nil otherwise.
  func freeStations(_ state: State) -> Set<Station.ID>? { state.freeStationsNow }

  /// The register rows live status says cannot be used now (the Route tab plans around them).
  func unusableStations(_ state: State) -> Set<Station.ID> { state.unusableStationsNow }

  /// The register rows with a fresh free charge point, whatever the filter (the Route tab
  /// prefers them).
  func routeFreeStations(_ state: State) -> Set<Station.ID> { state.stationsWithFreeNow }

  /// While connected, the app hears live status from the polled feed (``ChargingServices/live``,
  /// starting with what it last said) and from payloads handed to its feed named
  /// ``liveFeedName`` (a journey's `feed live FILE`, replayed as observed now). Both arrive as
  /// ``Action/liveStatus(_:at:)``, dated on the session's clock.
  func watchLive() -> [Effect<Action>] {
    [
      .run(id: Self.liveWatchID) { clients, send in
        let services = clients.charging
        let date = Self.sessionDate(clients, services)
        // Subscribed before reading what the feed last said, so no batch falls in between.
        var batches = services.live.batches.values(counting: clients.clock.idle)
          .makeAsyncIterator()
        // Only what the board keeps reaches the app's state: charge points matched to a register
        // row, and the end of one it was given (unmatched now, or removed by the hub). A feed
        // page of a million charge points matching nothing costs the session nothing.
        var onBoard = Set<String>()
        func forBoard(_ batch: [LiveStatusUpdate]) -> [LiveStatusUpdate] {
          batch.filter { update in
            let id = update.observation.evseID
            if update.station != nil {
              onBoard.insert(id)
              return true
            }
            return onBoard.remove(id) != nil
          }
        }
        let current = forBoard(services.live.current)
        if !current.isEmpty { await send(.liveStatus(current, at: date())) }
        while let batch = await batches.next() {
          let relevant = forBoard(batch)
          if !relevant.isEmpty { await send(.liveStatus(relevant, at: date())) }
        }
      },
      .run(id: Self.liveFeedWatchID) { clients, send in
        let services = clients.charging
        let date = Self.sessionDate(clients, services)
        for await payload in clients.feeds.events.values(counting: clients.clock.idle)
        where payload.name == Self.liveFeedName {
          let at = date()
          let feed = LiveFeedParser.parse(payload.bytes, fileName: payload.source)
          guard let matcher = try? await services.search().liveMatcher else { continue }
          await send(
            .liveStatus(
              LiveStatusUpdate.updates(from: feed, matcher: matcher, fetchedAt: at, restampAt: at),
              at: at))
        }
      },
    ]
  }

  /// The session's time as a date: the price clock's date when the watch starts, moved on by
  /// the session clock (so a journey's `wait` and a test's manual clock age the statuses).
  static func sessionDate(_ clients: CarClients, _ services: ChargingServices)
    -> @Sendable () -> Date
  {
    let start = services.now()
    let clock = clients.clock
    let started = clock.now()
    return { start.addingTimeInterval(seconds(clock.now() - started)) }
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

extension ChargingApp.State {
  /// The register rows of every site on a screen: the Charge tab's, the favourites, an open
  /// Details and the trip's stops.
  var shownStations: Set<Station.ID> {
    var shown = Set<Station.ID>()
    func add(_ sites: [PricedSite]) {
      for site in sites { shown.formUnion(site.site.stations.map(\.id)) }
    }
    switch places {
    case .loaded(let sites), .failed(_, let sites): add(sites)
    case .loading, .zoomedOutTooFar: break
    }
    add(favouriteSites ?? [])
    add([chargeDestination?.site, favouriteDetails].compactMap { $0 })
    if case .planned(let summary) = trip { shown.formUnion(summary.stops.compactMap(\.stationID)) }
    return shown
  }

  /// With "free now" on, the register rows with a fresh free charge point; nil otherwise.
  var freeStationsNow: Set<Station.ID>? {
    filter.freeNowOnly ? stationsWithFreeNow : nil
  }

  /// The register rows with a fresh free charge point, whatever the filter.
  var stationsWithFreeNow: Set<Station.ID> {
    guard let now = liveNow else { return [] }
    return live.stationsWithFree(now: now)
  }

  /// The register rows live status says cannot be used now.
  var unusableStationsNow: Set<Station.ID> {
    guard let now = liveNow else { return [] }
    return live.unusableStations(now: now)
  }

  /// The live availability of `site` as of the last applied status.
  public func availability(of site: ChargeSite) -> SiteAvailability? {
    availability(of: site.stations.map(\.id))
  }

  /// The live availability of a trip's stop as of the last applied status.
  public func availability(of stop: StopSummary) -> SiteAvailability? {
    stop.stationID.flatMap { availability(of: [$0]) }
  }

  func availability(of stations: [Station.ID]) -> SiteAvailability? {
    guard let now = liveNow, live.hasStatus(for: stations) else { return nil }
    return live.availability(for: stations, now: now)
  }
}
