import CarSession
import Charging
import Foundation

/// A site's Details, pushed on the Charge or the Favourites tab: Navigate hands the site to
/// Apple Maps, Favourite/Unfavourite changes the driver's favourites and writes them to the
/// store.
public struct DetailsFeature: CarFeature {
  /// The site shown and the driver's favourites (shared with the whole app).
  public struct State: Equatable, Sendable {
    /// The site shown (kept as shown even when a refresh drops it from the map).
    public var site: PricedSite
    /// The driver's favourites.
    public var favourites: Set<Station.ID>

    /// Creates the state.
    public init(site: PricedSite, favourites: Set<Station.ID> = []) {
      self.site = site
      self.favourites = favourites
    }

    /// Whether the site is one of the driver's favourites.
    public var isFavourite: Bool { favourites.contains(site.id) }
  }

  /// What can happen on Details.
  public enum Action: Equatable, Sendable {
    /// Navigate to the site.
    case navigate
    /// Mark or unmark the site as a favourite.
    case toggleFavourite
    /// What the app, not the screen, answers.
    case delegate(Delegate)
  }

  /// What Details tells the app: the driver's setup as the store has it after the change, or
  /// why it could not be written or read.
  public enum Delegate: Equatable, Sendable {
    /// The store's setup after the favourite was written.
    case setupSaved(DriverSetup)
    /// Writing or reading the setup failed.
    case setupFailed(String)
  }

  /// Creates the feature; its effects write favourites to the driver's data in the dependency
  /// container (`clients.charging`).
  public init() {}

  /// Applies an action to Details.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .navigate:
      let site = state.site.site
      return ChargingApp.directions(to: site.coordinate, label: site.title).map {
        [.openURL($0)]
      } ?? []
    case .toggleFavourite:
      let on = !state.isFavourite
      let id = state.site.id
      if on { state.favourites.insert(id) } else { state.favourites.remove(id) }
      return [
        .run { clients in
          let driver = clients.charging.driver
          do {
            try await driver.setFavourite(id, on)
            return .delegate(.setupSaved(try await driver.load()))
          } catch {
            return .delegate(.setupFailed("\(error)"))
          }
        }
      ]
    case .delegate:
      return []
    }
  }
}
