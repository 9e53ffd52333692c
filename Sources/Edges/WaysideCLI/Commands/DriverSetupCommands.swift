import ChargingCar
import ChargingData
import Foundation
import Pricing
import StationStore
import TripPlanner

/// The driver's setup in a store (`user.sqlite`): `--store DIR`, else the per-user default
/// folder, as `wayside stations import` and the simulator use it.
enum DriverStore {
  /// The text the commands' help gives for `--store DIR`.
  static let optionHelp = """
      --store DIR    the store folder holding user.sqlite (default: $XDG_DATA_HOME/wayside,
                     else ~/.local/share/wayside); the simulator reads the same folder
    """

  /// Opens the store named by `--store DIR` (or the default one).
  static func open(_ arguments: inout Arguments, _ io: CommandIO) throws -> DriverSetupStore {
    let directory =
      try arguments.option("--store").map { URL(fileURLWithPath: $0) }
      ?? StationStore.defaultDirectory()
    return try open(directory, io)
  }

  /// Opens the store in `directory`, reporting recoveries as warnings.
  static func open(_ directory: URL, _ io: CommandIO) throws -> DriverSetupStore {
    do {
      let store = try StationStore(directory: directory)
      for recovery in store.recoveries { io.err("warning: \(recovery)") }
      // A long-lived command (serve) hears recoveries made while it runs, e.g. its user file
      // replaced under it by another command.
      store.onRecovery { io.err("warning: \($0)") }
      return DriverSetupStore(store: store)
    } catch {
      throw CommandError.failure("cannot open the store at \(directory.path): \(error)")
    }
  }

  /// The bundled tariff catalogue.
  static func catalog() async throws -> TariffCatalog {
    do { return try await BundledTariffs.catalog() } catch {
      throw CommandError.failure("cannot read the bundled tariffs: \(error)")
    }
  }

  /// Runs a change, turning an unknown id into a usage error (exit 2) naming it.
  static func change<T>(_ work: () throws -> T) throws -> T {
    do { return try work() } catch let error as DriverSetupError {
      throw CommandError.usage(error.message)
    } catch let error as CommandError {
      throw error
    } catch {
      throw CommandError.failure("cannot write the driver's setup: \(error)")
    }
  }
}

/// `wayside tariffs`: list the bundled tariffs and choose the driver's.
public enum TariffsCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "tariffs"
  /// One line for `wayside --help`.
  public static let abstract =
    "List the bundled tariffs; choose the driver's (the car prices with them)"
  /// The help text for `wayside NAME --help`.
  public static var usage: String {
    """
    Usage: wayside tariffs [--store DIR]
           wayside tariffs choose ID... [--store DIR]
           wayside tariffs clear [--store DIR]

    Lists every bundled tariff (AFIR ad-hoc prices, the Ludwigsburg OCPI feed, the retail
    list) with its id, marking the chosen ones with *; `choose` makes exactly the given ids
    the driver's tariffs, in that order; `clear` chooses none (the car then shows each
    charger's cheapest ad-hoc or roaming price the data knows, marked as such, and "no price
    known" where none applies). The charging app in the simulator reads them from the same store.

    Options:
    \(DriverStore.optionHelp)
    """
  }

  /// Runs the command with its arguments and returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let setup = try DriverStore.open(&arguments, io)
    let action = arguments.optionalPositional()
    switch action {
    case nil:
      try arguments.finish()
      try list(setup, catalog: try await DriverStore.catalog(), io)
    case "choose":
      var ids: [String] = []
      while let id = arguments.optionalPositional() { ids.append(id) }
      try arguments.finish()
      guard !ids.isEmpty else {
        throw CommandError.usage(
          "tariffs choose expects one or more tariff ids (`wayside tariffs` lists them)")
      }
      let catalog = try await DriverStore.catalog()
      try DriverStore.change { try setup.chooseTariffs(ids, in: catalog) }
      try list(setup, catalog: catalog, io)
    case "clear":
      try arguments.finish()
      try DriverStore.change { try setup.clearTariffs() }
      io.out("No tariff chosen: \(noTariffNote(try await DriverStore.catalog())).")
    case let other?:
      throw CommandError.usage("unknown tariffs action '\(other)'; expected choose or clear")
    }
    return 0
  }

  /// What the car shows with no tariff chosen, as the charging app prices it
  /// (`SitePricing`): every tariff that is not a contract is a price anyone can pay.
  static func noTariffNote(_ catalog: TariffCatalog) -> String {
    let adHoc = catalog.entries.count { $0.applicability.access == .adHoc }
    let roaming = catalog.entries.count { $0.applicability.access == .roaming }
    guard adHoc + roaming > 0 else {
      return "the car shows each charger's power and \"no price known\"; Details say no tariff is chosen"
    }
    return
      "the car shows each charger's power and cheapest ad-hoc or roaming price the data knows (of"
      + " \(adHoc) ad-hoc and \(roaming) roaming tariffs), marked \"150 kW · 0.59 €/kWh ad-hoc\""
      + " or \"… roaming\", and \"no price known\" where none applies; Details say no tariff is chosen"
  }

  static func list(_ setup: DriverSetupStore, catalog: TariffCatalog, _ io: CommandIO) throws {
    let chosen = try DriverStore.change { try setup.setup().tariffIDs }
    let width = catalog.entries.map(\.id.count).max() ?? 0
    io.out("Tariffs (\(catalog.entries.count) bundled; * = chosen):")
    for entry in catalog.entries {
      let mark = chosen.contains(entry.id) ? "*" : " "
      let padding = String(repeating: " ", count: max(1, width - entry.id.count + 2))
      io.out(
        "\(mark) \(entry.id)\(padding)\(entry.name) (\(entry.provider); \(entry.source.rawValue), \(entry.dataDate))"
      )
    }
    if chosen.isEmpty {
      io.out("Chosen: none — \(noTariffNote(catalog))")
    } else {
      io.out("Chosen: \(chosen.joined(separator: ", "))")
    }
  }
}

/// `wayside vehicle`: list the vehicle profiles; show and set the driver's.
public enum VehicleCommand: WaysideCommand {
  /// The word that selects this command.
  public static let name = "vehicle"
  /// One line for `wayside --help`.
  public static let abstract = "List the vehicle profiles; show and set the driver's car"
  /// The help text for `wayside NAME --help`.
  public static var usage: String {
    """
    Usage: wayside vehicle [--store DIR]
           wayside vehicle show [--store DIR]
           wayside vehicle set ID [--store DIR]

    Lists the bundled vehicle profiles (Open EV Data curves), marking the driver's car with *;
    `show` prints the driver's car; `set` makes the profile with this id the driver's car
    (prices and the Route tab's plan use its battery and charging curve). Without one set, the
    standard profile (\(VehicleProfiles.standard?.id ?? "none")) is used.

    Options:
    \(DriverStore.optionHelp)
    """
  }

  /// Runs the command with its arguments and returns the exit status.
  public static func run(_ arguments: inout Arguments, _ io: CommandIO) async throws -> Int32 {
    let setup = try DriverStore.open(&arguments, io)
    let action = arguments.optionalPositional()
    switch action {
    case nil:
      try arguments.finish()
      let current = try DriverStore.change { try setup.setup().vehicle?.id }
      let width = VehicleProfiles.all.map(\.id.count).max() ?? 0
      io.out("Vehicles (* = the driver's car):")
      for profile in VehicleProfiles.all {
        let padding = String(repeating: " ", count: max(1, width - profile.id.count + 2))
        io.out(
          "\(profile.id == current ? "*" : " ") \(profile.id)\(padding)\(describe(profile))")
      }
    case "show":
      try arguments.finish()
      let stored = try DriverStore.change { try setup.setup() }
      guard let profile = stored.vehicle else {
        throw CommandError.failure("no vehicle profile is bundled")
      }
      let how = stored.vehicleID == nil ? " (standard; none set)" : ""
      io.out("\(profile.id): \(describe(profile))\(how)")
    case "set":
      let id = try arguments.positional("vehicle id (`wayside vehicle` lists them)")
      try arguments.finish()
      let profile = try DriverStore.change { try setup.setVehicle(id) }
      io.out("\(profile.id): \(describe(profile))")
    case let other?:
      throw CommandError.usage("unknown vehicle action '\(other)'; expected show or set")
    }
    return 0
  }

  static func describe(_ profile: VehicleProfile) -> String {
    let capacity = profile.usableCapacityKilowattHours
    let text =
      capacity.rounded() == capacity ? "\(Int(capacity))" : String(format: "%.1f", capacity)
    return "\(profile.name), \(text) kWh usable"
  }
}
