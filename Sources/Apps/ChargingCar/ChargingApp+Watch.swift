import CarSession
import CarTemplates
import Charging
import Foundation
import Geo

/// A charger the driver asked to be told about when it frees up ("Tell me when free" on
/// Details).
public struct ChargerWatch: Equatable, Sendable {
  /// The site watched, as Details showed it.
  public var site: PricedSite
  /// When the watch ends by itself (an hour after it started).
  public var until: Date

  /// Creates a watch.
  public init(site: PricedSite, until: Date) {
    self.site = site
    self.until = until
  }
}

extension ChargingApp {
  /// A watch ends after this long: an hour, longer than a fast-charging session at the site
  /// (20–40 minutes), after which the driver has charged elsewhere or given up.
  public static let watchDuration: TimeInterval = 3600
  /// A watch ends when the car comes this close to the site (it has arrived): 150 m, the size
  /// of a car park.
  public static let watchArrivalKilometres = 0.15
  /// The timer that ends a watch after ``watchDuration``.
  static let watchTimer = "charger-watch"
  /// The category of "charger is free" notifications: created with `.allowInCarPlay`, as
  /// CarPlay requires for a notification to show in the car (carplay-facts.md §5); the iOS app
  /// registers the same identifier (Apps/Charging).
  public static let chargerFreeCategory = CarNotificationCategory(
    id: "charger-free", allowsInCarPlay: true)

  /// The notification's request id for a site: `watch-<site id>`.
  static func watchNotificationID(_ site: Station.ID) -> String { "watch-\(site.rawValue)" }

  /// "Tell me when free" on Details starts watching the site shown (replacing another watch);
  /// "Stop watching" ends it. A watch ends after ``watchDuration`` and on arrival.
  func reduceWatch(_ state: inout State) -> [Effect<Action>] {
    guard let site = state.details else { return [] }
    if state.watch?.site.id == site.id {
      state.watch = nil
      return [.cancel(id: Self.watchTimer)]
    }
    let start = state.liveNow ?? Self.journeyEpoch
    state.watch = ChargerWatch(site: site, until: start.addingTimeInterval(Self.watchDuration))
    return [
      .schedule(
        id: Self.watchTimer, after: .seconds(Int(Self.watchDuration)), .watchExpired)
    ]
  }

  /// After live status was applied: when the watched site has a free charge point now, the app
  /// posts the notification (title: the site is free; body: the status in words and its power)
  /// and stops watching; a watch past its hour ends without one.
  func checkWatch(_ state: inout State, at time: Date) -> [Effect<Action>] {
    guard let watch = state.watch else { return [] }
    if time >= watch.until {
      state.watch = nil
      return [.cancel(id: Self.watchTimer)]
    }
    guard let availability = state.availability(of: watch.site.site), availability.hasFree else {
      return []
    }
    state.watch = nil
    state.notifiedSite = watch.site
    let status = availability.text(timeZone: Self.liveTimeZone) ?? "free"
    return [
      .cancel(id: Self.watchTimer),
      .postNotification(
        CarNotificationSpec(
          id: Self.watchNotificationID(watch.site.id), category: Self.chargerFreeCategory,
          title: "\(watch.site.site.title) is free",
          body: "\(status) · \(watch.site.site.powerText)")),
    ]
  }

  /// The car moved: arriving at the watched site ends the watch.
  func checkArrival(_ state: inout State, at coordinate: Coordinate) -> [Effect<Action>] {
    guard let watch = state.watch,
      GreatCircle.distanceKilometres(coordinate, watch.site.site.coordinate)
        <= Self.watchArrivalKilometres
    else { return [] }
    state.watch = nil
    return [.cancel(id: Self.watchTimer)]
  }

  /// The driver tapped the banner: the Charge tab shows the site's Details.
  func openNotification(_ state: inout State, id: String) -> [Effect<Action>] {
    guard let site = state.notifiedSite, Self.watchNotificationID(site.id) == id else { return [] }
    state.tab = .charge
    state.favouriteDetails = nil
    state.showsAllTowns = false
    state.chargeDestination = .details(site)
    return []
  }
}
