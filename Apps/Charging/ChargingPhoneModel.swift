import Charging
import ChargingCar
import Foundation
import Geo
import Observation
import Pricing
import StationFeeds
import StationIndex
import StationStore
import TripPlanner
import WaysideData

/// One station near the phone, for the list and the map.
struct NearbyStation: Identifiable, Hashable, Sendable {
  /// The station.
  var station: Station
  /// Great-circle distance from the phone in kilometres.
  var distanceKilometres: Double
  /// The station's id.
  var id: Station.ID { station.id }
}

/// What the charging app's phone screens show and change: stations near the phone, the
/// driver's tariffs (charging cards), vehicle and favourites — the setup CarPlay reads while
/// driving, written to the store in the app container (``AppContainer``).
@MainActor @Observable
final class ChargingPhoneModel {
  /// The one model the phone scene and App Intents share.
  static let shared = ChargingPhoneModel()

  /// Stations nearest the phone, nearest first.
  private(set) var nearby: [NearbyStation] = []
  /// The tariffs one can choose, by name.
  private(set) var tariffs: [CatalogEntry] = []
  /// The chosen tariffs' ids, in the driver's order.
  private(set) var selectedTariffIDs: [String] = []
  /// Favourite stations.
  private(set) var favourites: Set<Station.ID> = []
  /// Whether the list shows only fast (DC) chargers ("Show fast chargers in Wayside").
  var fastOnly = false
  /// The chosen vehicle's id; saved on change.
  var vehicleID: String = VehicleProfiles.standard?.id ?? "" {
    didSet { save { try $0.setVehicleProfile(StoredVehicle(id: vehicleID)) } }
  }
  /// The last problem, for the screens to show.
  private(set) var problem: String?

  private var stations: [Station] = []
  private var index: StationIndex?
  private var store: StationStore?

  /// Loads the store's setup, the bundled tariffs and stations, and the stations near `point`.
  func load(near point: Coordinate) async {
    do {
      let store = try self.store ?? AppContainer.openStore()
      self.store = store
      selectedTariffIDs = try store.selectedTariffIDs()
      favourites = Set(try store.favouriteStationIDs())
      if let vehicle = try store.vehicleProfile(as: StoredVehicle.self) { vehicleID = vehicle.id }
      if tariffs.isEmpty {
        let catalog = try TariffCatalog.load(
          afir: try BundledData.data(.tariffsAFIR),
          ludwigsburgOCPI: try BundledData.data(.tariffsLudwigsburgOCPI),
          retail: try BundledData.data(.tariffsRetail))
        tariffs = catalog.entries.sorted { $0.name < $1.name }
      }
      if index == nil {
        let loaded = try await Task.detached { try StationCatalog.loadBundled().stations }.value
        stations = loaded
        index = StationIndex(loaded)
      }
      refresh(near: point)
    } catch {
      problem = "Could not load the station data: \(error)"
    }
  }

  /// Recomputes the nearest stations around `point` under the fast-only filter.
  func refresh(near point: Coordinate) {
    guard let index else { return }
    let matches = index.nearest(to: point, limit: 40, withinKilometres: 50)
    nearby = matches.filter { !fastOnly || $0.station.hasDirectCurrent }.map {
      NearbyStation(station: $0.station, distanceKilometres: $0.distanceKilometres)
    }
  }

  /// The favourite stations, by name.
  var favouriteStations: [Station] {
    stations.filter { favourites.contains($0.id) }.sorted { $0.displayName < $1.displayName }
  }

  /// Adds or removes a favourite and saves it.
  func toggleFavourite(_ id: Station.ID) {
    let on = !favourites.contains(id)
    if on { favourites.insert(id) } else { favourites.remove(id) }
    save { try $0.setFavourite(id, on) }
  }

  /// Chooses or drops a tariff and saves the choice.
  func toggleTariff(_ id: String) {
    if let position = selectedTariffIDs.firstIndex(of: id) {
      selectedTariffIDs.remove(at: position)
    } else {
      selectedTariffIDs.append(id)
    }
    let ids = selectedTariffIDs
    save { try $0.setSelectedTariffIDs(ids) }
  }

  private func save(_ change: (StationStore) throws -> Void) {
    guard let store else { return }
    do { try change(store) } catch { problem = "Could not save: \(error)" }
  }
}
