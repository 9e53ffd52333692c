import CarSession
import Charging
import Foundation
import Pricing
import StationStore
import TripPlanner

/// A change to the driver's setup that names an id the catalogue or the profiles do not have.
public struct DriverSetupError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong, naming the input and what was expected.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}

/// The phone app's side of the driver's setup: it chooses tariffs and the vehicle in the store's
/// `user.sqlite`, checks every id against the bundled catalogue and profiles, and tells a
/// running car (``client``) so the Charge tab's prices change at once.
///
/// `wayside tariffs`, `wayside vehicle` and the web simulator's side panel write through it;
/// the car reads through ``client``, which also persists the favourites the driver toggles in
/// the car.
public final class DriverSetupStore: Sendable {
  /// The store holding `user.sqlite`.
  public let store: StationStore
  private let changed = ClientEvents<Void>()

  /// A setup over an open store.
  public init(store: StationStore) { self.store = store }

  /// Opens (creating when needed) the store in `directory`.
  public convenience init(directory: URL) throws {
    self.init(store: try StationStore(directory: directory))
  }

  /// The car's client over this store: reads the setup, writes favourites, and hears every
  /// change made through this object.
  public var client: DriverDataClient { .store(store, changes: changed) }

  /// The setup as stored now.
  public func setup() throws -> DriverSetup { try DriverSetup.read(from: store) }

  /// Chooses exactly `ids`, in this order (repeats dropped); every id must be in `catalog`.
  public func chooseTariffs(_ ids: [String], in catalog: TariffCatalog) throws {
    var seen = Set<String>()
    let unique = ids.filter { seen.insert($0).inserted }
    for id in unique where catalog.entry(id: id) == nil {
      throw DriverSetupError(Self.unknownTariff(id, catalog))
    }
    try store.setSelectedTariffIDs(unique)
    changed.send(())
  }

  /// Adds `id` to the chosen tariffs, or removes it when chosen; returns whether it is chosen
  /// now.
  @discardableResult
  public func toggleTariff(_ id: String, in catalog: TariffCatalog) throws -> Bool {
    var ids = try store.selectedTariffIDs()
    let chosen: Bool
    if let index = ids.firstIndex(of: id) {
      ids.remove(at: index)
      chosen = false
    } else {
      ids.append(id)
      chosen = true
    }
    try chooseTariffs(ids, in: catalog)
    return chosen
  }

  /// Chooses no tariff (prices are then the ad-hoc prices).
  public func clearTariffs() throws {
    try store.setSelectedTariffIDs([])
    changed.send(())
  }

  /// Makes the profile with this id (case-insensitive) the driver's car and returns it.
  @discardableResult
  public func setVehicle(_ id: String) throws -> VehicleProfile {
    guard let profile = VehicleProfiles.named(id) else {
      throw DriverSetupError(
        "unknown vehicle '\(id)'; expected one of "
          + VehicleProfiles.all.map(\.id).joined(separator: ", "))
    }
    try store.setVehicleProfile(StoredVehicle(id: profile.id))
    changed.send(())
    return profile
  }

  /// The sample driver the web simulator starts with: a common EV (a Volkswagen ID.3) and two
  /// widely used German charging cards (EnBW mobility+ and ADAC e-Charge), so the first screen
  /// shows the driver's prices.
  public static let sample = DriverSetup(
    tariffIDs: ["retail-mobility-plus-charging", "retail-aral-pulse-adac-e-charge"],
    vehicleID: "id3-77")

  /// Writes the sample driver when nothing is set up yet (no tariff and no car chosen); returns
  /// whether it did.
  @discardableResult
  public func startWithSample(in catalog: TariffCatalog) throws -> Bool {
    let current = try setup()
    guard current.tariffIDs.isEmpty, current.vehicleID == nil else { return false }
    try chooseTariffs(Self.sample.tariffIDs, in: catalog)
    if let vehicle = Self.sample.vehicleID { try setVehicle(vehicle) }
    return true
  }

  /// Whether the stored tariffs and car are the sample driver's.
  public func isSample() throws -> Bool {
    let current = try setup()
    return current.tariffIDs == Self.sample.tariffIDs && current.vehicleID == Self.sample.vehicleID
  }

  /// Clears the sample driver: no tariff, and the standard car chosen (so the next start keeps
  /// the cleared setup instead of the sample).
  public func clearSample() throws {
    try store.setSelectedTariffIDs([])
    if let standard = VehicleProfiles.standard {
      try store.setVehicleProfile(StoredVehicle(id: standard.id))
    }
    changed.send(())
  }

  /// The sample driver in words for the panel.
  public static func describeSample(_ catalog: TariffCatalog) -> String {
    let car = sample.vehicleID.flatMap(VehicleProfiles.named)?.name ?? "the standard car"
    let tariffs = sample.tariffIDs.map { id in
      catalog.entry(id: id).map { "\($0.name) (\($0.provider))" } ?? id
    }
    return "Sample driver: \(car) with \(tariffs.joined(separator: " and "))"
  }

  /// Tells the running car about changes another process makes to the store — `wayside
  /// tariffs`, `wayside vehicle`, favourites from another simulator — as about this object's
  /// own, for as long as the returned watch is kept (``StationStore/watchOtherWriters(_:)``:
  /// a file-change notification checked against SQLite's data version, not a timer).
  public func watchOtherWriters() throws -> StoreFileWatch {
    try store.watchOtherWriters { [changed] in changed.send(()) }
  }

  /// How many ids an unknown-tariff message shows as examples.
  static let exampleCount = 5

  static func unknownTariff(_ id: String, _ catalog: TariffCatalog) -> String {
    let examples = catalog.entries.prefix(exampleCount).map(\.id).joined(separator: ", ")
    return
      "unknown tariff '\(id)'; expected an id of the bundled catalogue (\(catalog.entries.count) tariffs, e.g. \(examples); `wayside tariffs` lists them)"
  }
}
