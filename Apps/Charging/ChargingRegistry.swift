import CarSession
import WaysideApps

#if !canImport(ChargingCar)
  /// Until the ChargingCar module is part of the package, the scene runs the registered app
  /// of the same id (or the registry's default).
  enum ChargingRegistry {
    static var descriptor: AnyCarApp {
      WaysideApps.named("charging") ?? WaysideApps.named(WaysideApps.defaultID)
        ?? WaysideApps.all[0]
    }
  }
#endif
