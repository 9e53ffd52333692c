import CarPlay
import CarPlayBridge
import CarSession
import MapCar
import UIKit

/// The map app's CarPlay scene (named in Info.plist): navigation apps get the car's window,
/// where ``MapWindowController`` draws the map under the templates.
final class MapCarPlaySceneDelegate: UIResponder, CPTemplateApplicationSceneDelegate {
  private var car: CarPlaySceneController?
  private var windowController: MapWindowController?

  func templateApplicationScene(
    _ templateApplicationScene: CPTemplateApplicationScene,
    didConnect interfaceController: CPInterfaceController, to window: CPWindow
  ) {
    let services = MapServices.shared
    let car = CarPlaySceneController(location: services.location)
    self.car = car
    let windowController = MapWindowController()
    self.windowController = windowController
    window.rootViewController = windowController
    car.connect(interfaceController, scene: templateApplicationScene, window: window) {
      bridge, clients in
      bridge.windowRenderer = { [weak windowController] content in
        windowController?.draw(content)
      }
      return CarSession(
        app: MapApp(service: services.navigation), state: MapApp.State(), host: bridge,
        clients: clients)
    }
  }

  func templateApplicationScene(
    _ templateApplicationScene: CPTemplateApplicationScene,
    didDisconnect interfaceController: CPInterfaceController, from window: CPWindow
  ) {
    car?.disconnect()
    car = nil
    window.rootViewController = nil
    windowController = nil
  }
}

/// What the map app's two scenes share: the navigation state both maps draw from and the
/// location service. Made on first use by whichever scene connects first.
@MainActor
final class MapServices {
  /// The one instance.
  static let shared = MapServices()
  /// The state the phone's and the car's maps share (the active route, the position).
  let navigation = NavigationService()
  /// Core Location behind the kit's client; it keeps updating in the background (Info.plist:
  /// `UIBackgroundModes` `location`), so guidance follows the car while another app is shown.
  let location = LocationService(continuesInBackground: true)
}
