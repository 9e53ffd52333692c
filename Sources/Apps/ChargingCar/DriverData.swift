import CarSession
import Charging
import Foundation
import StationStore
import Synchronization
import TripPlanner

/// What the driver set up on the phone: their tariffs, their car and their favourite stations.
///
/// Read from the store's `user.sqlite` (``DriverDataClient/store(_:)``). The file is written with
/// the data-protection class *complete until first user authentication*
/// (`NSFileProtectionCompleteUntilFirstUserAuthentication`), so the car can read it while the
/// phone is locked — the state the phone is in on almost every drive (carplay-facts.md §9). The
/// station database holds only public register data and uses the same class.
public struct DriverSetup: Hashable, Sendable, Codable {
  /// The tariffs the driver holds (catalogue ids), in the driver's order; empty = none chosen.
  public var tariffIDs: [String]
  /// The driver's car (a ``TripPlanner/VehicleProfiles`` id); nil = the standard profile.
  public var vehicleID: String?
  /// The favourite stations.
  public var favourites: Set<Station.ID>

  /// Creates a setup; by default nothing is chosen.
  public init(tariffIDs: [String] = [], vehicleID: String? = nil, favourites: Set<Station.ID> = [])
  {
    self.tariffIDs = tariffIDs
    self.vehicleID = vehicleID
    self.favourites = favourites
  }

  /// The driver's vehicle profile, else the standard one.
  public var vehicle: VehicleProfile? {
    vehicleID.flatMap(VehicleProfiles.named) ?? VehicleProfiles.standard
  }
}

/// The vehicle choice as the store keeps it.
public struct StoredVehicle: Codable, Hashable, Sendable {
  /// The ``TripPlanner/VehicleProfile/id``.
  public var id: String

  /// Creates the value.
  public init(id: String) { self.id = id }
}

/// The driver's setup behind a seam: the store on the phone, a box in tests and the simulator.
public struct DriverDataClient: Sendable {
  /// Reads the setup.
  public var load: @Sendable () async throws -> DriverSetup
  /// Marks or unmarks a favourite.
  public var setFavourite: @Sendable (Station.ID, Bool) async throws -> Void
  /// Tells the app that the phone changed the setup (the app reads it again); a subscriber
  /// waiting on it counts on the gauge as idle. By default a finished stream: nothing changes.
  public var changes: @Sendable (WaitGauge?) -> ClientEvents<Void>.Values

  /// Creates a client.
  public init(
    load: @escaping @Sendable () async throws -> DriverSetup,
    setFavourite: @escaping @Sendable (Station.ID, Bool) async throws -> Void,
    changes: @escaping @Sendable (WaitGauge?) -> ClientEvents<Void>.Values = { _ in
      ClientEvents<Void>.finished.values()
    }
  ) {
    self.load = load
    self.setFavourite = setFavourite
    self.changes = changes
  }

  /// A client over a box (the simulator's panel and tests write the box, standing in for the
  /// phone app).
  public static func memory(_ box: DriverSetupBox) -> DriverDataClient {
    DriverDataClient(
      load: { box.setup },
      setFavourite: { id, on in
        box.update { if on { $0.favourites.insert(id) } else { $0.favourites.remove(id) } }
      })
  }

  /// A client over the store's `user.sqlite`; `changes` tells the app when the phone (the
  /// simulator's panel, ``DriverSetupStore``) wrote a new setup.
  public static func store(
    _ store: StationStore, changes: ClientEvents<Void> = .finished
  ) -> DriverDataClient {
    DriverDataClient(
      load: { try DriverSetup.read(from: store) },
      setFavourite: { id, on in try store.setFavourite(id, on) },
      changes: { changes.values(counting: $0) })
  }
}

extension DriverSetup {
  /// Reads the setup from a store.
  public static func read(from store: StationStore) throws -> DriverSetup {
    DriverSetup(
      tariffIDs: try store.selectedTariffIDs(),
      vehicleID: try store.vehicleProfile(as: StoredVehicle.self)?.id,
      favourites: Set(try store.favouriteStationIDs()))
  }
}

/// A driver setup shared between whoever writes it (the simulator's panel, a test) and the
/// app's ``DriverDataClient/memory(_:)`` client.
public final class DriverSetupBox: Sendable {
  private let value: Mutex<DriverSetup>

  /// Creates a box holding `setup`.
  public init(_ setup: DriverSetup = DriverSetup()) { value = Mutex(setup) }

  /// The current setup.
  public var setup: DriverSetup {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }

  /// Changes the setup in place.
  public func update(_ change: (inout DriverSetup) -> Void) {
    value.withLock { change(&$0) }
  }

  /// The box the registered app reads: the simulator's panel and `wayside` write it.
  public static let shared = DriverSetupBox()
}
