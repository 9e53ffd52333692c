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

/// A town Siri can resolve in "Show fast chargers near TOWN": the kit's
/// ``ChargingApp/voiceTowns``, by name (the kit's ``ChargingApp/townParameter``).
struct TownEntity: AppEntity {
  static let typeDisplayRepresentation: TypeDisplayRepresentation = "Town"
  static let defaultQuery = TownQuery()
  /// The town's name, as the kit's parameter value.
  let id: String
  var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

/// The towns: a fixed, known set — App Shortcut parameters take no open text
/// (carplay-facts.md §7).
struct TownQuery: EntityQuery {
  func entities(for identifiers: [String]) async throws -> [TownEntity] {
    let known = Set(ChargingApp.voiceTowns.map(\.name))
    return identifiers.filter(known.contains).map(TownEntity.init(id:))
  }

  func suggestedEntities() async throws -> [TownEntity] {
    ChargingApp.voiceTowns.map { TownEntity(id: $0.name) }
  }
}

/// A connector Siri can resolve in "… with CCS": the kit's ``ChargingCar/ConnectorChoice``
/// (raw values equal), said as the kit's ``ChargingApp/connectorParameter`` says them.
enum ConnectorIntentValue: String, AppEnum {
  case ccs, chademo, type2

  static let typeDisplayRepresentation: TypeDisplayRepresentation = "Connector"
  static let caseDisplayRepresentations: [ConnectorIntentValue: DisplayRepresentation] = [
    .ccs: DisplayRepresentation(title: "CCS", synonyms: ["Combo", "Combo 2"]),
    .chademo: DisplayRepresentation(title: "CHAdeMO"),
    .type2: DisplayRepresentation(title: "Type 2", synonyms: ["Type two"]),
  ]
}

/// "Show fast chargers near Göttingen in Wayside": in the car the session's intent runs with
/// the town (the Charge tab shows fast chargers around it).
struct FastChargersNearIntent: AppIntent {
  static let title: LocalizedStringResource = "Show fast chargers near a town"

  @Parameter(title: "Town")
  var town: TownEntity

  @MainActor
  func perform() async throws -> some IntentResult & ProvidesDialog {
    if let bridge = CarPlayBridge.active {
      bridge.voiceIntent(ChargingApp.showFastChargersNearIntent, parameters: ["town": town.id])
      return .result(dialog: "Showing fast chargers near \(town.id) on the car screen.")
    }
    return .result(dialog: "Connect to CarPlay to see fast chargers near \(town.id).")
  }
}

/// "Show fast chargers with CCS in Wayside": in the car the session's intent runs with the
/// connector (the filter keeps fast chargers with it).
struct FastChargersWithIntent: AppIntent {
  static let title: LocalizedStringResource = "Show fast chargers with a connector"

  @Parameter(title: "Connector")
  var connector: ConnectorIntentValue

  @MainActor
  func perform() async throws -> some IntentResult & ProvidesDialog {
    if let bridge = CarPlayBridge.active {
      bridge.voiceIntent(
        ChargingApp.showFastChargersWithIntent, parameters: ["connector": connector.rawValue])
      return .result(dialog: "Showing fast chargers on the car screen.")
    }
    let model = ChargingPhoneModel.shared
    model.fastOnly = true
    model.refresh(near: phonePosition())
    return .result(dialog: "Showing fast chargers near you.")
  }
}

/// The app's App Shortcuts: every phrase names the app through the token and at most one
/// parameter from a fixed set, well under Apple's limit of 10 (carplay-facts.md §7). The
/// phrases must equal the kit's ``ChargingApp/shortcuts`` (checked by AppsManifestTests).
struct WaysideShortcuts: AppShortcutsProvider {
  static var appShortcuts: [AppShortcut] {
    AppShortcut(
      intent: FastChargingIntent(),
      phrases: [
        "Show fast chargers in \(.applicationName)"
      ],
      shortTitle: "Fast chargers", systemImageName: "bolt.car")
    AppShortcut(
      intent: FastChargersNearIntent(),
      phrases: [
        "Show fast chargers near \(\.$town) in \(.applicationName)"
      ],
      shortTitle: "Fast chargers near a town", systemImageName: "bolt.car")
    AppShortcut(
      intent: FastChargersWithIntent(),
      phrases: [
        "Show fast chargers with \(\.$connector) in \(.applicationName)"
      ],
      shortTitle: "Fast chargers by connector", systemImageName: "bolt.car")
  }
}
