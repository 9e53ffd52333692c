import CarPlay
import CarPlayBridge
import CarSession
import Foundation
import UIKit
import WaysideApps

#if canImport(MediaCar)
  import MediaCar
#endif

/// The media app's CarPlay scene (named in Info.plist). Audio and video apps get no window;
/// CarPlay presents the system video player itself.
final class MediaCarPlaySceneDelegate: UIResponder, CPTemplateApplicationSceneDelegate {
  private var car: CarPlaySceneController?

  func templateApplicationScene(
    _ templateApplicationScene: CPTemplateApplicationScene,
    didConnect interfaceController: CPInterfaceController
  ) {
    let hub = MediaServicesHub.shared
    let car = CarPlaySceneController(location: hub.location)
    self.car = car
    car.connect(interfaceController, scene: templateApplicationScene, window: nil) {
      bridge, clients in hub.makeSession(bridge, clients)
    }
  }

  func templateApplicationScene(
    _ templateApplicationScene: CPTemplateApplicationScene,
    didDisconnectInterfaceController interfaceController: CPInterfaceController
  ) {
    car?.disconnect()
    car = nil
    MediaServicesHub.shared.nowPlaying.uninstall()
  }
}

/// What the media app's scenes share, made on first use.
@MainActor
final class MediaServicesHub {
  /// The one instance.
  static let shared = MediaServicesHub()
  /// Core Location (unused by the media app's reducer, but the kit's clients carry it).
  let location = LocationService()
  /// Now Playing information and remote commands.
  let nowPlaying = NowPlayingService()

  /// The car's session.
  func makeSession(_ host: any CarHost, _ clients: CarClients) -> any AnyCarSession {
    #if canImport(MediaCar)
      let player = AVMediaPlayer(nowPlaying: nowPlaying)
      return CarSession(
        app: MediaApp(engine: PlaybackEngine(player: player)), state: MediaApp.State(),
        host: host, clients: clients)
    #else
      return (WaysideApps.named("media") ?? WaysideApps.all[0]).makeSession(host, clients)
    #endif
  }
}
