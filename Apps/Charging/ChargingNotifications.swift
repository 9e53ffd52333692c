import CarPlayBridge
import CarTemplates
import ChargingCar
import Foundation
import UserNotifications

/// The charging app's notifications in the car: "a charger is free" when a watched charger frees
/// up (issue 39, item 4).
///
/// CarPlay shows an app's notifications only for categories Apple allows (EV charging is one),
/// only with the `.carPlay` authorisation option, and only in categories created with
/// `.allowInCarPlay` (carplay-facts.md §5, "Notifications" [DG25 §Notifications]). They are not
/// read aloud: the category does not ask for announcement (no `.allowAnnouncement`), and its
/// text is the charger and its status, never message content. The category's identifier is
/// the kit's (``ChargingApp/chargerFreeCategory``), so the car model and the phone agree.
@MainActor
final class ChargingNotifications: NSObject, UNUserNotificationCenterDelegate {
  /// The one instance (the notification centre keeps a weak delegate).
  static let shared = ChargingNotifications()

  /// The bridge of the connected car, which hears banner taps; nil while no car is connected.
  weak var bridge: CarPlayBridge?

  /// The categories the app registers: the kit's, with `.allowInCarPlay` where the kit says so.
  static var categories: Set<UNNotificationCategory> {
    let kit = ChargingApp.chargerFreeCategory
    return [
      UNNotificationCategory(
        identifier: kit.id, actions: [], intentIdentifiers: [],
        options: kit.allowsInCarPlay ? [.allowInCarPlay] : [])
    ]
  }

  /// The authorisation the app asks for: alerts and sounds, and `.carPlay` so the banner may
  /// show on the car's screen (carplay-facts.md §5).
  static let authorization: UNAuthorizationOptions = [.alert, .sound, .carPlay]

  /// Registers the categories, becomes the centre's delegate and asks for authorisation once
  /// (the system asks the driver the first time only).
  func start() {
    let center = UNUserNotificationCenter.current()
    center.delegate = self
    center.setNotificationCategories(Self.categories)
    center.requestAuthorization(options: Self.authorization) { _, _ in }
  }

  /// Connects the car's bridge: the session's notifications go to the centre, banner taps
  /// come back to the session.
  func attach(_ bridge: CarPlayBridge) {
    self.bridge = bridge
    bridge.notificationPoster = { notification in
      Self.post(notification)
    }
  }

  /// Posts the kit's notification as a request delivered now (no trigger); a newer one with the
  /// same id replaces the older.
  static func post(_ notification: CarNotificationSpec) {
    let content = UNMutableNotificationContent()
    content.title = notification.title
    content.body = notification.body
    content.categoryIdentifier = notification.category.id
    UNUserNotificationCenter.current().add(
      UNNotificationRequest(identifier: notification.id, content: content, trigger: nil))
  }

  /// The driver tapped the banner: the car's session opens the charger's Details
  /// (`HostEvent.notificationOpened(id:)`).
  nonisolated func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping () -> Void
  ) {
    let id = response.notification.request.identifier
    completionHandler()
    Task { @MainActor in ChargingNotifications.shared.bridge?.notificationOpened(id) }
  }

  /// While the app is in front on the phone, the banner still shows.
  nonisolated func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
  ) {
    completionHandler([.banner, .list])
  }
}
