import AppIntents
import CarPlayBridge
import ChargingCar
import Foundation

/// "Show fast chargers in Wayside": in the car it runs the session's voice intent (the list
/// filters to DC chargers); on the phone it turns on the fast-only filter.
struct FastChargingIntent: AppIntent {
  static let title: LocalizedStringResource = "Show fast chargers"
  static let description: IntentDescription = "Lists the DC fast chargers near you."

  /// The kit's name of this intent (``ChargingApp/showFastChargersIntent``).
  static var kitIntent: String { ChargingApp.showFastChargersIntent }

  @MainActor
  func perform() async throws -> some IntentResult & ProvidesDialog {
    if let bridge = CarPlayBridge.active {
      bridge.voiceIntent(Self.kitIntent)
      return .result(dialog: "Showing fast chargers on the car screen.")
    }
    let model = ChargingPhoneModel.shared
    model.fastOnly = true
    model.refresh(near: phonePosition())
    return .result(dialog: "Showing fast chargers near you.")
  }
}

/// The app's App Shortcuts: every phrase names the app through the token, no open parameter,
/// well under Apple's limit of 10 (carplay-facts.md §7). The phrases must equal the kit's
/// ``ChargingApp/shortcuts`` (checked by AppsManifestTests).
struct WaysideShortcuts: AppShortcutsProvider {
  static var appShortcuts: [AppShortcut] {
    AppShortcut(
      intent: FastChargingIntent(),
      phrases: [
        "Show fast chargers in \(.applicationName)"
      ],
      shortTitle: "Fast chargers", systemImageName: "bolt.car")
  }
}
