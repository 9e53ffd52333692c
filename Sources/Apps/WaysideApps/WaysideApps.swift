import CarSession
import Foundation
import ChargingCar
import KitDemos
import MapCar
import MediaCar

/// Every app Wayside can run, by id: the in-car apps and the kit's demos.
///
/// The web simulator (`wayside --app ID`), `wayside render`, `wayside journey` and
/// `wayside lint` find apps here. Adding an app is one module and one line in ``all``.
public enum WaysideApps {
  /// The apps, in the order listings show them: the in-car apps first, then the demos.
  public static let all: [AnyCarApp] =
    [ChargingApp.descriptor, MapApp.descriptor, MediaApp.descriptor] + KitDemos.all

  /// The apps with the charging app's driver setup (tariffs, vehicle, favourites) from
  /// `driver` instead of the in-memory default: the simulator passes the store's client;
  /// `now` is the charging app's price clock, `live` the hub its live status comes from.
  public static func apps(
    chargingDriver driver: DriverDataClient, now: @escaping @Sendable () -> Date = { Date() },
    live: LiveStatusHub = LiveStatusHub()
  ) -> [AnyCarApp] {
    all.map {
      $0.id == ChargingApp.descriptor.id
        ? ChargingApp.descriptor(driver: driver, now: now, live: live) : $0
    }
  }

  /// The app the simulator shows when none is named.
  public static let defaultID = "charging"

  /// The app with this id, if any.
  public static func named(_ id: String) -> AnyCarApp? {
    all.first { $0.id == id }
  }

  /// The ids, comma-separated, for messages.
  public static var ids: String { all.map(\.id).joined(separator: ", ") }
}
