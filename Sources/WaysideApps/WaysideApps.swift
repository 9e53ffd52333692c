import CarSession
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

  /// The app the simulator shows when none is named.
  public static let defaultID = "charging"

  /// The app with this id, if any.
  public static func named(_ id: String) -> AnyCarApp? {
    all.first { $0.id == id }
  }

  /// The ids, comma-separated, for messages.
  public static var ids: String { all.map(\.id).joined(separator: ", ") }
}
