import CarPlay
import CarPlayBridge
import CarSession
import ChargingCar
import Foundation
import UIKit

/// The charging app's CarPlay scene (named in Info.plist). EV charging apps get no window.
final class ChargingCarPlaySceneDelegate: UIResponder, CPTemplateApplicationSceneDelegate {
  private var car: CarPlaySceneController?

  func templateApplicationScene(
    _ templateApplicationScene: CPTemplateApplicationScene,
    didConnect interfaceController: CPInterfaceController
  ) {
    let hub = ChargingServicesHub.shared
    let car = CarPlaySceneController(location: hub.location)
    self.car = car
    let notifications = ChargingNotifications.shared
    notifications.start()
    car.connect(interfaceController, scene: templateApplicationScene, window: nil) {
      bridge, clients in
      notifications.attach(bridge)
      return hub.makeSession(bridge, clients)
    }
  }

  func templateApplicationScene(
    _ templateApplicationScene: CPTemplateApplicationScene,
    didDisconnectInterfaceController interfaceController: CPInterfaceController
  ) {
    car?.disconnect()
    car = nil
  }
}

/// What the charging app's scenes share, made on first use by whichever scene connects first.
@MainActor
final class ChargingServicesHub {
  /// The one instance.
  static let shared = ChargingServicesHub()
  /// Core Location behind the kit's client.
  let location = LocationService()

  /// The car's session over the bundled data and the driver's setup in the app container's
  /// store (the phone screens write it).
  func makeSession(_ host: any CarHost, _ clients: CarClients) -> any AnyCarSession {
    let driver: DriverDataClient
    do {
      driver = .store(try AppContainer.openStore())
    } catch {
      // No store (e.g. a full disk): the car still works with an empty setup.
      driver = .memory(DriverSetupBox())
    }
    return CarSession(
      app: ChargingApp(services: .bundled(driver: driver)), state: ChargingApp.State(),
      host: host, clients: clients)
  }
}
