import SwiftUI
import UIKit

/// The phone's window scene: hosts the app's SwiftUI ``PhoneRoot`` (each app defines its own).
/// It is independent of the CarPlay scene; either may run without the other.
final class PhoneSceneDelegate: UIResponder, UIWindowSceneDelegate {
  /// The phone window.
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: windowScene)
    window.rootViewController = UIHostingController(rootView: PhoneRoot())
    self.window = window
    window.makeKeyAndVisible()
  }
}

/// The app process; scenes are declared in Info.plist (`UIApplicationSceneManifest`).
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    true
  }
}
