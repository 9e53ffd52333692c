import CarSession
import CarSimulator
import CarTemplates
import Charging
import ChargingData
import Foundation
import Geo
import Pricing
import StationIndex
import TripPlanner

@testable import ChargingCar

/// 2026-03-19 09:00 CET, inside the validity of every bundled tariff file's data.
let priceDate = Date(timeIntervalSince1970: 1_773_907_200)

/// The search over the bundled Kassel extract (quick), and over all of Germany (shared).
enum Fixture {
  static func kassel() throws -> ChargeSearch { try ChargingApp.kasselSearch() }

  static func germany() async throws -> ChargeSearch { try await BundledSearch.shared() }

  /// The app over the bundled data with a fixed price clock and a box for the driver's setup.
  static func app(_ box: DriverSetupBox = DriverSetupBox()) -> ChargingApp {
    ChargingApp(services: .bundled(driver: .memory(box), now: { priceDate }))
  }

  static func descriptor(_ box: DriverSetupBox = DriverSetupBox()) -> AnyCarApp {
    AnyCarApp("charging", summary: "test", app: app(box), state: ChargingApp.State())
  }

  static let standard = SessionConfiguration(display: .standard)
}

extension TemplateSpec {
  var pointSpec: PointOfInterestTemplateSpec? {
    if case .pointOfInterest(let spec) = content { return spec }
    return nil
  }
  var informationSpec: InformationTemplateSpec? {
    if case .information(let spec) = content { return spec }
    return nil
  }
  var listSpec: ListTemplateSpec? {
    if case .list(let spec) = content { return spec }
    return nil
  }
}
