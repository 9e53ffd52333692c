import Charging
import Routing
import Testing

@testable import TripPlanner

/// Routing and trip planning fail with one error type: a caller that plans a trip along a route
/// catches `RoutingError` once and branches on its kind, whichever step failed.
@Suite("One error for routing and planning")
struct OneRoutingErrorTests {
  /// The kind of whatever `work` throws, read as the one error type; nil when it throws
  /// something else or nothing.
  static func kind(_ work: () throws -> Void) -> RoutingError.Kind? {
    do {
      try work()
      return nil
    } catch let error as RoutingError {
      return error.kind
    } catch {
      return nil
    }
  }

  @Test("an infeasible plan and an unknown place are both a RoutingError")
  func oneType() async throws {
    let vehicle = try #require(VehicleProfiles.named("zoe-ze40"))
    var options = TripOptions()
    options.thinningKilometres = 0
    options.minimumStationKilowatts = 0
    let planning = Self.kind {
      _ = try TripPlanner(vehicle: vehicle, options: options).plan(
        route: LineInstance.route(length: 600),
        stations: LineInstance.stations([(100, 50), (150, 50), (450, 50)]))
    }
    #expect(planning == .noFeasiblePlan)
    let places = try await PlaceDirectory.bundled()
    let routing = Self.kind { _ = try places.lookup("Atlantis") }
    #expect(routing == .unknownPlace)
  }
}
