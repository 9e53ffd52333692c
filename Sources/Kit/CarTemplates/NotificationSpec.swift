/// A notification category as the app registers it with the notification centre
/// (`UNNotificationCategory`): only a category created with `.allowInCarPlay` may show in the
/// car (carplay-facts.md §5, "Notifications").
public struct CarNotificationCategory: Hashable, Sendable, Codable {
  /// The category's identifier.
  public var id: String
  /// Whether it was created with the `.allowInCarPlay` option.
  public var allowsInCarPlay: Bool

  /// Creates a category.
  public init(id: String, allowsInCarPlay: Bool) {
    self.id = id
    self.allowsInCarPlay = allowsInCarPlay
  }
}

/// A local notification the app posts (`UNNotificationRequest` with its content), shown in the
/// car as a banner when the app's category allows notifications and its category allows
/// CarPlay (carplay-facts.md §5). CarPlay does not read it aloud and never shows a message's
/// content (§9 rule 6): a charging app's title and body say which charger and its status.
public struct CarNotificationSpec: Hashable, Sendable, Codable {
  /// The request's identifier: a newer notification with the same id replaces the older, and
  /// the host names it when the driver taps the banner (`HostEvent.notificationOpened(id:)`).
  public var id: String
  /// The category it belongs to.
  public var category: CarNotificationCategory
  /// The title, e.g. `Brenzstr. 4 is free`.
  public var title: String
  /// The body, e.g. `1 of 4 free · 150 kW`.
  public var body: String

  /// Creates a notification.
  public init(id: String, category: CarNotificationCategory, title: String, body: String = "") {
    self.id = id
    self.category = category
    self.title = title
    self.body = body
  }
}

extension CarCategory {
  /// Whether apps of the category may show notifications in the car: communication, EV
  /// charging and parking, and driving task from iOS 18.4 (carplay-facts.md §5,
  /// "Notifications", DG25). Public safety is named only by a secondary source and is left out
  /// (the conservative reading).
  public var allowsNotifications: Bool {
    switch self {
    case .communication, .evCharging, .parking, .drivingTask: true
    default: false
    }
  }
}
