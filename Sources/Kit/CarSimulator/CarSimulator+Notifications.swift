import CarSession
import CarTemplates
import Foundation

extension CarSimulator {
  /// The rule id of a notification the host would not show in the car.
  public static let notificationRefusedID = "notification-refused"

  /// Posts a notification the way iOS shows it in CarPlay (carplay-facts.md §5,
  /// "Notifications"): only for apps of a category that may notify (communication, EV
  /// charging, parking, driving task) and only in a category created with `.allowInCarPlay`;
  /// otherwise it stays on the phone and a diagnostic says why. Shown, it is a banner over the
  /// app's screen (not read aloud) until the driver taps it or a newer one replaces it — how
  /// long CarPlay keeps a banner is UNCONFIRMED, so the emulator keeps it rather than let a
  /// journey miss it; a disconnect clears it.
  public func post(_ notification: CarNotificationSpec) {
    guard configuration != nil else {
      noteState("notification '\(notification.id)' stays on the phone: no car is connected")
      return
    }
    let allowed = entitlements.categories.filter(\.allowsNotifications)
    guard !allowed.isEmpty else {
      report(
        Diagnostic(
          ruleID: Self.notificationRefusedID, severity: .error,
          message:
            "notification '\(notification.id)': CarPlay shows notifications only for communication, EV charging, parking and driving-task apps (entitlements: \(entitlements.categories.map(\.rawValue).sorted().joined(separator: ", "))); it stays on the phone",
          source: "carplay-facts.md §5"))
      return
    }
    guard notification.category.allowsInCarPlay else {
      report(
        Diagnostic(
          ruleID: Self.notificationRefusedID, severity: .error,
          message:
            "notification '\(notification.id)': its category '\(notification.category.id)' was not created with .allowInCarPlay; it stays on the phone",
          source: "carplay-facts.md §5"))
      return
    }
    notificationBanner = notification
    noteState("notification '\(notification.id)' shown: \(notification.title)")
  }

  /// The banner as the text form draws it: `Wayside — Brenzstr. 4 is free — 1 of 4 free`.
  var notificationBannerText: String? {
    notificationBanner.map { banner in
      ([appName, banner.title] + (banner.body.isEmpty ? [] : [banner.body]))
        .joined(separator: " — ")
    }
  }

  /// Taps the banner: it goes, and the app hears which notification was opened.
  func openNotification() throws(DriverError) -> () -> SelectionTicket? {
    guard configuration != nil else { throw DriverError("tap notification: no car is connected") }
    guard let banner = notificationBanner else {
      throw DriverError("tap notification: no notification banner is showing")
    }
    return {
      self.notificationBanner = nil
      self.emit(.notificationOpened(id: banner.id))
      return nil
    }
  }
}
