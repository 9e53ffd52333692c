import CarAppTesting
import CarSession
import CarTemplates
import Foundation
import Synchronization
import Testing
import WaysideApps

@testable import CarSimulator

/// Every journey file under `Journeys/`, sorted.
private let everyJourney: [String] =
  ((try? FileManager.default.contentsOfDirectory(atPath: journeysFolder.path)) ?? [])
  .filter { $0.hasSuffix(".journey") }.sorted()

@MainActor
@Suite("Journeys record the same every run; several cars each settle on their own work")
struct DeterminismTests {
  @Test("the folder holds the journeys this suite runs") func folderRead() {
    #expect(everyJourney.count >= 20, "\(everyJourney)")
    #expect(everyJourney.contains("several-cars-charging.journey"))
  }

  @Test("every journey in Journeys/ passes three times with the same record", arguments: everyJourney)
  func threeRuns(_ file: String) async throws {
    let url = journeysFolder.appendingPathComponent(file)
    // Named by its path: a `feed` step's file is found beside the journey.
    let journey = try Journey.parse(
      String(contentsOf: url, encoding: .utf8), name: url.path)
    let report = await JourneyRunner.run(journey, apps: WaysideApps.all, runs: 3)
    #expect(report.failure == nil, "\(report.failure?.description ?? "")")
  }

  @Test("a run that records differently fails, naming the run and the first difference")
  func differenceIsNamed() async throws {
    let journey = try Journey.parse("app list-detail\nconnect", name: "same.journey")
    let first = await JourneyRunner.run(journey, apps: WaysideApps.all)
    var other = first
    #expect(first.difference(from: other) == nil)
    other.transcript.append(.state("something else"))
    let difference = try #require(first.difference(from: other))
    #expect(difference.contains("something else"), "\(difference)")
    other = first
    other.finalConfiguration = nil
    #expect(first.difference(from: other)?.contains("final configuration") == true)
  }

  /// Connects `cars` cars of `app` one after another on one clock, one location and one data
  /// source, each connected while the ones before it still run, and returns each car's
  /// transcript after it settled.
  private func transcripts(of app: AnyCarApp, cars: Int, tab: Int? = nil) async throws
    -> [String]
  {
    let clock = ManualClock()
    let location = LocationBox()
    let dataSource = DataSourceModeBox()
    var running: [SimulatedCar] = []
    var texts: [String] = []
    for _ in 0..<cars {
      // The registered apps on a journey's container, as `wayside journey` runs them.
      let car = SimulatedCar.journey(
        app: app, clock: clock, location: location, dataSource: dataSource)
      running.append(car)
      car.connect(SessionConfiguration())
      await car.settle()
      if let tab {
        try car.host.selectTab(tab)
        await car.settle()
      }
      texts.append(car.host.transcript.description)
    }
    return texts
  }

  @Test(
    "two, three and ten cars of an app on one clock each record what one car alone records",
    arguments: [("charging", 3, 2), ("media", 3, nil), ("map", 3, nil), ("places", 10, nil)]
      as [(String, Int, Int?)])
  func carsShareAClock(_ id: String, _ cars: Int, _ tab: Int?) async throws {
    let app = try #require(WaysideApps.named(id))
    let alone = try await transcripts(of: app, cars: 1, tab: tab)[0]
    #expect(alone.contains("op "), "\(alone)")
    let together = try await transcripts(of: app, cars: cars, tab: tab)
    for (index, text) in together.enumerated() {
      #expect(text == alone, "car \(index + 1) of \(cars) recorded:\n\(text)\nalone:\n\(alone)")
    }
  }

  @Test("a session settles on its own work, not on another session's sleeper on a shared clock")
  func settlesOnItsOwnWork() async throws {
    let clock = ManualClock()
    // The first car's work sleeps on the shared clock (an idle refresh).
    let sleeper = SimulatedCar.test(app: SleepThenCount.descriptor(gate: nil), clock: clock,
      reportIssue: .failingTest())
    sleeper.connect(SessionConfiguration())
    await sleeper.settle()
    #expect(clock.sleeperCount == 1)
    // The second car's work is busy: it waits on a gate that is neither the clock nor a client
    // event, which the test opens once the second car's settle() is waiting.
    let gate = Gate()
    let busy = SimulatedCar.test(app: SleepThenCount.descriptor(gate: gate), clock: clock,
      reportIssue: .failingTest())
    busy.connect(SessionConfiguration())
    // Main-actor jobs run in order: the settle below runs to its first suspension before the
    // gate opens. Settling on the other car's sleeper, it returned before the work was done.
    let settled = Task { @MainActor in
      await busy.settle()
      return busy.session.stateDescription
    }
    Task { @MainActor in gate.open() }
    let description = await settled.value
    #expect(description.contains("count: 1"), "settle() returned before the work: \(description)")
  }
}

/// A one-shot gate a work waits at without counting as idle.
private final class Gate: Sendable {
  private let state = Mutex<(open: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.open { return true }
        state.waiter = continuation
        return false
      }
      if ready { continuation.resume() }
    }
  }
  func open() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.open = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }
}

/// A tiny app: on connect, one work either sleeps a minute on the clock (no gate) or waits for
/// the gate's event without counting as idle, then counts.
private struct SleepThenCount: CarApp {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Sendable { case connected, counted }
  static let entitlements = CarEntitlements.single(.evCharging)
  static let name = "Sleeper"
  let gate: Gate?

  static func descriptor(gate: Gate?) -> AnyCarApp {
    AnyCarApp("sleeper", summary: "sleeps or waits, then counts", app: SleepThenCount(gate: gate), state: State())
  }

  func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .connected:
      let gate = gate
      return [
        .run { clients in
          if let gate {
            await gate.wait()
          } else {
            await clients.clock.sleep(.seconds(60))
          }
          return .counted
        }
      ]
    case .counted:
      state.count += 1
      return []
    }
  }

  func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    CarScreen(root: .list("count", ListTemplateSpec(title: "Count \(state.count)", sections: [])))
  }

  func action(for event: HostEvent, in state: State) -> Action? {
    if case .connected = event { return .connected }
    return nil
  }
}
