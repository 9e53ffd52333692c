import Routing
import Testing
import TripPlanner

@Suite("Charging time integrated exactly over piecewise-linear curves")
struct ChargingCurveTests {
  /// One row of ev-domain.md §8 item 3.
  struct Vector: Sendable, CustomTestStringConvertible {
    var vehicle: String
    var stationKilowatts: Double
    var tenToEighty: Double
    var twentyToEighty: Double
    var testDescription: String {
      stationKilowatts.isFinite ? "\(vehicle) at \(Int(stationKilowatts)) kW" : vehicle
    }
  }

  static let vectors: [Vector] = [
    Vector(
      vehicle: "model-y-lr-2020", stationKilowatts: .infinity, tenToEighty: 17.89,
      twentyToEighty: 16.10),
    Vector(
      vehicle: "ioniq5-72", stationKilowatts: .infinity, tenToEighty: 19.39, twentyToEighty: 17.41),
    Vector(
      vehicle: "model-3-lr", stationKilowatts: .infinity, tenToEighty: 23.70, twentyToEighty: 21.31),
    Vector(
      vehicle: "id3-77", stationKilowatts: .infinity, tenToEighty: 34.64, twentyToEighty: 30.94),
    Vector(vehicle: "id3-77", stationKilowatts: 50, tenToEighty: 64.68, twentyToEighty: 55.44),
    Vector(
      vehicle: "zoe-ze40", stationKilowatts: .infinity, tenToEighty: 42.82, twentyToEighty: 37.03),
  ]

  @Test(
    "10→80 % and 20→80 % match the domain note's §8 table to the hundredth of a minute",
    arguments: vectors)
  func matchesTable(vector: Vector) throws {
    let vehicle = try #require(VehicleProfiles.named(vector.vehicle))
    let ten =
      vehicle.chargingSeconds(from: 0.1, to: 0.8, stationKilowatts: vector.stationKilowatts) / 60
    let twenty =
      vehicle.chargingSeconds(from: 0.2, to: 0.8, stationKilowatts: vector.stationKilowatts) / 60
    #expect(abs(ten - vector.tenToEighty) < 0.005, "\(ten)")
    #expect(abs(twenty - vector.twentyToEighty) < 0.005, "\(twenty)")
  }

  @Test("Charging time is additive: a→b plus b→c equals a→c, across a station cap")
  func additive() throws {
    let vehicle = try #require(VehicleProfiles.named("ioniq5-72"))
    for cap in [50.0, 150, .infinity] {
      let whole = vehicle.chargingSeconds(from: 0.05, to: 0.95, stationKilowatts: cap)
      let split =
        vehicle.chargingSeconds(from: 0.05, to: 0.43, stationKilowatts: cap)
        + vehicle.chargingSeconds(from: 0.43, to: 0.95, stationKilowatts: cap)
      #expect(abs(whole - split) < 1e-6)
    }
  }

  @Test("A flat curve under a lower station cap charges at the cap: 50 kWh at 50 kW is one hour")
  func flatCurveCapped() throws {
    let curve = try ChargingCurve.constant(kilowatts: 100)
    #expect(
      abs(
        curve.chargingSeconds(from: 0, to: 0.5, capacityKilowattHours: 100, stationKilowatts: 50)
          - 3600) < 1e-9)
    #expect(curve.chargingSeconds(from: 0.6, to: 0.5, capacityKilowattHours: 100) == 0)
  }

  @Test(
    "Invalid curves are rejected with the reason",
    arguments: [
      ([(0.0, 100.0), (80, 50)], "end at 100 %"),
      ([(0.0, 100.0), (50, 80), (50, 70), (100, 20)], "increase strictly"),
      ([(0.0, 100.0), (100, 0)], "positive number"),
    ])
  func invalidCurves(pairs: [(Double, Double)], expected: String) {
    #expect {
      try ChargingCurve(percentAndKilowatts: pairs)
    } throws: { error in
      (error as? RoutingError)?.message.contains(expected) ?? false
    }
  }

  @Test("All five bundled profiles load with their quoted capacities")
  func bundledProfiles() {
    #expect(
      VehicleProfiles.all.map(\.usableCapacityKilowattHours) == [72.5, 72.6, 74.0, 77.0, 41.0])
  }
}
