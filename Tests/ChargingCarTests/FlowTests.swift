import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Charging
import Foundation
import Geo
import Synchronization
import Testing
import WaysideData

@testable import ChargingCar

/// The clock times at which the Charge tab queried the station set.
final class LoadLog: Sendable {
  private let times = Mutex<[Duration]>([])
  func record(_ time: Duration) { times.withLock { $0.append(time) } }
  var all: [Duration] { times.withLock { $0 } }
}

@MainActor
@Suite("Charging app: sessions in a simulated car")
struct FlowTests {
  /// Points every `stepKilometres` along a polyline.
  static func positions(along line: [Coordinate], every stepKilometres: Double, count: Int)
    -> [Coordinate]
  {
    var result: [Coordinate] = []
    var travelled = 0.0
    var next = stepKilometres
    for (a, b) in zip(line, line.dropFirst()) {
      let length = GreatCircle.distanceKilometres(a, b)
      while travelled + length >= next, result.count < count {
        let t = length > 0 ? (next - travelled) / length : 0
        result.append(
          Coordinate(
            latitude: a.latitude + t * (b.latitude - a.latitude),
            longitude: a.longitude + t * (b.longitude - a.longitude)))
        next += stepKilometres
      }
      travelled += length
    }
    return result
  }

  @Test(
    "a 30-minute drive Berlin → Hamburg updates the Charge tab in place, never replaces the root, refreshes at most every 60 s, and sends nothing after disconnect"
  )
  func drive() async throws {
    let features = try GeoJSONReader.features(
      from: BundledData.data(.routeBerlinHamburg), source: "route_berlin_hamburg.geojson")
    let line = try #require(features.first?.geometry.paths.first)
    // 100 km/h, a position every 10 s: 180 positions in 30 minutes.
    let positions = Self.positions(along: line, every: 100.0 / 360, count: 180)
    #expect(positions.count == 180)
    let clock = ManualClock()
    let log = LoadLog()
    var services = ChargingServices.bundled(driver: .memory(DriverSetupBox()), now: { priceDate })
    let search = services.search
    services.search = {
      log.record(clock.now)
      return try await search()
    }
    let app = AnyCarApp(
      "charging", summary: "test", app: ChargingApp(services: services),
      state: ChargingApp.State(car: line[0]))
    let location = LocationBox(line[0])
    let car = SimulatedCar.test(app: app, clock: clock, location: location,
      reportIssue: .failingTest())
    car.connect(Fixture.standard)
    await car.settle()
    let firstTitle = car.host.screenText
    #expect(firstTitle.contains("Chargers · All"), "\(firstTitle)")
    for position in positions {
      car.host.moveTo(position)
      await car.advanceTime(by: .seconds(10))
    }
    let entries = car.host.transcript.entries
    let operations = entries.compactMap { entry -> HostOperation? in
      if case .operation(let op, _) = entry { return op }
      return nil
    }
    let roots = operations.filter { if case .setRoot = $0 { true } else { false } }
    let updates = operations.filter { if case .update = $0 { true } else { false } }
    #expect(roots.count == 1, "the root is set once, at connection")
    #expect(updates.count >= 20, "the places follow the car: \(updates.count) updates")
    // Loads (the first two at connection: places and favourites) at least 60 s apart after.
    let times = Array(Set(log.all)).sorted()
    #expect(times.count >= 25 && times.count <= 31, "\(times)")
    for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= .seconds(60), "\(a) → \(b)") }
    #expect(car.host.screenText.contains("Hamburg") || car.host.screenText.contains("km"))
    #expect(car.session.diagnostics.isEmpty, "\(car.session.diagnostics)")

    car.disconnect()
    await car.settle()
    let count = car.host.transcript.totalCount
    let loads = log.all.count
    for position in positions.prefix(30) {
      car.host.moveTo(position)
      await car.advanceTime(by: .seconds(10))
    }
    let after = car.host.transcript.entries.suffix(car.host.transcript.totalCount - count)
    let sent = after.filter { if case .operation = $0 { true } else { false } }
    #expect(sent.isEmpty, "nothing reaches the host after disconnect: \(sent)")
    #expect(log.all.count == loads, "no load starts after disconnect")
  }

  @Test(
    "a load still running when the car disconnects reaches nothing; reconnecting keeps the filter and favourites and loads afresh"
  )
  func disconnectDuringLoad() async throws {
    let box = DriverSetupBox()
    let car = SimulatedCar.test(app: Fixture.descriptor(box), reportIssue: .failingTest())
    car.connect(Fixture.standard)
    await car.settle()
    try car.host.say("Show fast chargers in Wayside")
    car.disconnect()
    await car.settle()
    #expect(car.host.transcript.entries.last.map { "\($0)" }?.contains("op") != true)
    car.connect(Fixture.standard)
    await car.settle()
    #expect(car.host.screenText.contains("Chargers · Fast"), "\(car.host.screenText)")
  }
}
