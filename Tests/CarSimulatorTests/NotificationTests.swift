import CarSession
import CarTemplates
import Testing

@testable import CarSimulator

@MainActor
@Suite("Notifications in the car: who may show them, the banner, the tap (carplay-facts.md §5)")
struct NotificationTests {
  static let inCarPlay = CarNotificationCategory(id: "charger-free", allowsInCarPlay: true)
  static func note(_ category: CarNotificationCategory = inCarPlay) -> CarNotificationSpec {
    CarNotificationSpec(id: "n1", category: category, title: "Site is free", body: "2 of 4 free")
  }

  @Test("an EV-charging app's notification in a CarPlay category shows as a banner; a tap opens it")
  func shownAndOpened() throws {
    let host = CarSimulator(
      entitlements: .single(.evCharging), appName: "Wayside", clock: .manual(ManualClock()))
    var events: [HostEvent] = []
    host.eventHandler = { events.append($0) }
    host.connect(SessionConfiguration())
    try host.setRootTemplate(Fixture.list("root"))
    host.post(Self.note())
    #expect(host.notificationBanner?.id == "n1")
    #expect(host.screenText.contains("▣ notification: Wayside — Site is free — 2 of 4 free"))
    try host.drive(.tapNotification)
    #expect(host.notificationBanner == nil)
    #expect(events.last == .notificationOpened(id: "n1"))
    // No banner: the tap is refused, naming why.
    #expect(throws: DriverError.self) { try host.drive(.tapNotification) }
  }

  @Test(
    "a category without .allowInCarPlay, or an app whose category may not notify, shows nothing and says why",
    arguments: [
      (CarEntitlements.single(.evCharging), false), (CarEntitlements.single(.audio), true),
      (CarEntitlements.single(.navigation), true),
    ])
  func refused(_ entitlements: CarEntitlements, _ allowsInCarPlay: Bool) throws {
    let host = CarSimulator(entitlements: entitlements, clock: .manual(ManualClock()))
    host.connect(SessionConfiguration())
    host.post(Self.note(CarNotificationCategory(id: "c", allowsInCarPlay: allowsInCarPlay)))
    #expect(host.notificationBanner == nil)
    #expect(host.transcript.description.contains(CarSimulator.notificationRefusedID))
  }

  @Test("a disconnect clears the banner; posted with no car, a notification stays on the phone")
  func disconnect() {
    let host = CarSimulator(entitlements: .single(.parking), clock: .manual(ManualClock()))
    host.post(Self.note())
    #expect(host.notificationBanner == nil)
    host.connect(SessionConfiguration())
    host.post(Self.note())
    #expect(host.notificationBanner != nil)
    host.disconnect()
    #expect(host.notificationBanner == nil)
  }
}
