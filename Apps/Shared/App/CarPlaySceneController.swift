import CarPlay
import CarPlayBridge
import CarSession
import CarTemplates
import Foundation
import UIKit

/// What every app's CarPlay scene delegate does, in one place: on connect, store the interface
/// controller (and the window for the map app), start the session with the car's configuration
/// and let it set the first root; on disconnect, stop the observers, cancel the work and release
/// the controller.
///
/// Nothing here reads the phone scene: the app's services are made on first use by whichever
/// scene connects first, so CarPlay can launch the app on its own (carplay-facts.md §4).
@MainActor
final class CarPlaySceneController {
  /// The bridge of the connected car; nil while disconnected.
  private(set) var bridge: CarPlayBridge?
  /// The running session; nil while disconnected.
  private(set) var session: (any AnyCarSession)?
  private let location: LocationService?

  /// Creates a controller whose sessions read positions from `location`; nil for an app that
  /// needs no location (the media app), whose sessions get an unavailable location client and
  /// which never starts Core Location (it has no purpose string).
  init(location: LocationService?) {
    self.location = location
  }

  /// Connects: a fresh bridge and session per connection (a reconnect starts clean).
  func connect(
    _ interfaceController: CPInterfaceController, scene: CPTemplateApplicationScene,
    window: CPWindow?,
    makeSession: (CarPlayBridge, CarClients) -> any AnyCarSession
  ) {
    disconnect()
    let bridge = CarPlayBridge()
    location?.start()
    let clients = CarClients(clock: .live(), location: location?.client ?? .unavailable)
    // The session installs itself as the bridge's event handler.
    session = makeSession(bridge, clients)
    self.bridge = bridge
    bridge.connect(interfaceController, scene: scene, window: window)
  }

  /// Disconnects: the session cancels every effect, the bridge releases the controller and its
  /// objects, and location updates stop.
  func disconnect() {
    bridge?.disconnect()
    bridge?.eventHandler = nil
    bridge = nil
    session = nil
    location?.stop()
  }
}
