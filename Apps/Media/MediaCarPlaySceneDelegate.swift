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
    let car = CarPlaySceneController(location: nil)
    self.car = car
    car.connect(interfaceController, scene: templateApplicationScene, window: nil) {
      bridge, clients in
      // Now Playing shows the item's artwork downloaded from the catalogue (bounded, cached).
      bridge.artworkFetcher = CarPlayBridge.fetchArtwork
      return hub.makeSession(bridge, clients)
    }
  }

  func templateApplicationScene(
    _ templateApplicationScene: CPTemplateApplicationScene,
    didDisconnectInterfaceController interfaceController: CPInterfaceController
  ) {
    car?.disconnect()
    car = nil
    MediaServicesHub.shared.disconnected()
  }
}

/// What the media app's scenes share, made on first use. The media app needs no location:
/// it never starts Core Location (its Info.plist has no location purpose string).
@MainActor
final class MediaServicesHub {
  /// The one instance.
  static let shared = MediaServicesHub()
  /// The audio session.
  let nowPlaying = NowPlayingService()

  /// The car's session. It publishes Now Playing and its remote-command targets to the bridge
  /// (`CarHost.publishNowPlayingInfo`, `registerRemoteCommands`), which the bridge hands to
  /// `MPNowPlayingInfoCenter` and `MPRemoteCommandCenter`.
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

  /// The car disconnected: the bridge removed its command targets and cleared Now Playing.
  func disconnected() {}
}
