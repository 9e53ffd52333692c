import CarSession
import CarTemplates
import Charging
import Foundation
import Geo
import Routing
import WaysideData

/// The charging app (`charging`): "where can I charge next, what does it cost me, how do I get
/// there" on the car's screen, over the whole bundled German register.
///
/// Three tabs — **Charge** (the 12 best sites for the filter on the point-of-interest
/// template), **Favourites** and **Route** (a trip summary with charging stops) — and, pushed
/// above them, a site's **Details**, the **Filters** list and the trip summary. Only templates
/// the EV-charging category allows (carplay-facts.md §5). See Guides/ChargingApp.md.
///
/// Refresh rules (carplay-facts.md §1.5), all on the session's injected clock:
/// - a location update reloads only when the car is more than ``refreshDistanceKilometres``
///   from where the shown places were loaded (and the driver has not moved the map);
/// - a map-region change reloads once the region has been still for ``regionDebounce``;
/// - otherwise the places reload periodically, never more often than every
///   ``refreshInterval`` (60 s);
/// - a new load cancels the one in flight (one effect id, ``loadID``), and answers to older
///   requests are dropped; the template's points are patched in place, never a new root.
public struct ChargingApp: CarApp {
  /// The tabs.
  public enum Tab: Int, Hashable, Sendable, CaseIterable {
    /// Nearby chargers on the map.
    case charge
    /// Saved stations.
    case favourites
    /// Trip planning.
    case route
  }

  /// What the Charge tab shows.
  public enum Places: Equatable, Sendable {
    /// The first answer has not arrived.
    case loading
    /// The sites for the current filter, nearest first; empty when there is none.
    case loaded([PricedSite])
    /// The last load failed; the last good sites stay, marked as not current.
    case failed(String, stale: [PricedSite])
    /// The visible region is too large to list the best chargers in it.
    case zoomedOutTooFar
  }

  /// What the Route tab shows.
  public enum Trip: Equatable, Sendable {
    /// No destination chosen.
    case none
    /// Planning the trip to a destination.
    case planning(TripDestination)
    /// The plan.
    case planned(TripSummary)
    /// No plan: the message names the gap or the problem.
    case failed(TripDestination, String)

    /// The destination, if one is chosen.
    public var destination: TripDestination? {
      switch self {
      case .none: nil
      case .planning(let d), .failed(let d, _): d
      case .planned(let summary): summary.destination
      }
    }
  }

  /// The app's state.
  public struct State: Equatable, Sendable {
    /// The car's last known position (Kassel's centre before the first fix).
    public var car: Coordinate
    /// Whether ``car`` is a position the car reported (a fix), not the starting guess: the
    /// distances the driver reads are measured from the car and say so when it is unknown.
    public var carKnown: Bool
    /// The region the driver panned or zoomed to; nil while the map follows the car.
    public var region: BoundingBox?
    /// Where the shown places were loaded around (the refresh-distance rule measures from it).
    public var loadedCenter: Coordinate?
    /// The Charge tab's content.
    public var places: Places
    /// The number of the latest load; older answers are dropped.
    public var request: Int
    /// The selected site (its card is open).
    public var selected: Station.ID?
    /// What is pushed above the Charge tab's map: a site's Details or the Filters list.
    public var chargeDestination: ChargeFeature.Destination?
    /// The favourite whose Details are pushed on the Favourites tab.
    public var favouriteDetails: PricedSite?
    /// The selected tab.
    public var tab: Tab
    /// The driver's filter (kept across reconnects).
    public var filter: ChargeFilter
    /// The driver's tariffs, car and favourites, as last read from the store.
    public var setup: DriverSetup
    /// The favourites with distance and price; nil until loaded.
    public var favouriteSites: [PricedSite]?
    /// The basemap towns offered as destinations, nearest the car first.
    public var cities: [TripDestination]
    /// Destinations chosen before, newest first (at most 3).
    public var recent: [TripDestination]
    /// Whether the Route tab's "More towns" list is pushed.
    public var showsAllTowns = false
    /// The town a Siri phrase asked for ("near Göttingen"): the Charge tab shows its region
    /// until the driver moves the map or reconnects; nil otherwise.
    public var nearPlace: TripDestination?
    /// The Route tab's search while it is pushed (iOS 27 phones only); nil otherwise.
    public var search: RouteFeature.SearchState?
    /// The Route tab's trip.
    public var trip: Trip
    /// Whether the car is connected.
    public var connected: Bool
    /// The last known live status of every charge point, by register station.
    public var live = LiveStatusBoard()
    /// The time live statuses are judged at (stale after ``Charging/LiveStatusPolicy``); nil
    /// until the first status arrives.
    public var liveNow: Date?
    /// Live updates waiting for the next application (``ChargingApp/liveApplyInterval``).
    public var pendingLive: [LiveStatusUpdate] = []
    /// When live status was last applied to the screens.
    public var liveAppliedAt: Date?
    /// Whether a timer will apply the buffered updates.
    public var liveTimerRunning = false
    /// The charger the driver asked to be told about when it frees up; nil when none.
    public var watch: ChargerWatch?
    /// The site of the last "is free" notification (tapping it opens its Details).
    public var notifiedSite: PricedSite?
    /// The time the open Details' data age is told at: moved on a minute at a time by
    /// ``ChargingApp/ageTimer`` between live updates; nil before the first tick.
    public var ageNow: Date?
    /// When the age timer fires next (the open Details' age turns another minute); nil when no
    /// timer runs.
    public var ageTickDue: Date?

    /// Creates a state; by default at Kassel's centre, loading, nothing chosen.
    public init(
      car: Coordinate = ChargingApp.kasselCentre, region: BoundingBox? = nil,
      places: Places = .loading, filter: ChargeFilter = ChargeFilter(),
      setup: DriverSetup = DriverSetup(), tab: Tab = .charge
    ) {
      self.car = car
      self.carKnown = car != ChargingApp.kasselCentre
      self.region = region
      self.loadedCenter = nil
      self.places = places
      self.request = 0
      self.selected = nil
      self.chargeDestination = nil
      self.favouriteDetails = nil
      self.tab = tab
      self.filter = filter
      self.setup = setup
      self.favouriteSites = nil
      self.cities = []
      self.recent = []
      self.trip = .none
      self.connected = false
    }

    /// The sites on the map (the stale ones after a failure).
    public var sites: [PricedSite] {
      switch places {
      case .loaded(let sites), .failed(_, let sites): sites
      case .loading, .zoomedOutTooFar: []
      }
    }
  }

  /// What can happen: what concerns the whole app, and each feature's actions wrapped
  /// (Guides/CarSession.md, "Composing features").
  public enum Action: Equatable, Sendable {
    /// The car connected; the car disconnected.
    case appeared, disappeared
    /// The driver's setup was read from the store (or could not be).
    case setupLoaded(DriverSetup), setupFailed(String)
    /// The phone changed the driver's setup (tariffs, vehicle); it is read again.
    case setupChanged
    /// The phone moved (the Charge tab may load, the Route tab plan again).
    case moved(Coordinate)
    /// The host popped the top template of the selected tab.
    case back
    /// The driver switched tabs.
    case selectTab(Int)
    /// The App Shortcut "Show fast chargers in Wayside" ran.
    case showFastChargers
    /// "Show fast chargers near Göttingen in Wayside": the town Siri resolved.
    case showFastChargersNear(TripDestination)
    /// "Show fast chargers with CCS in Wayside": the connector Siri resolved.
    case showFastChargersWith(ConnectorChoice)
    /// The phone was locked or unlocked.
    case phoneLock(Bool)
    /// Live status arrived from the feed at a time (buffered to the refresh rules).
    case liveStatus([LiveStatusUpdate], at: Date)
    /// The buffered live status is applied (the timer of ``ChargingApp/liveApplyInterval``).
    case applyLiveStatus(at: Date)
    /// The Charge tab's actions.
    case charge(ChargeFeature.Action)
    /// The Favourites tab's actions.
    case favourites(FavouritesFeature.Action)
    /// The Route tab's actions.
    case route(RouteFeature.Action)
    /// The open Details' actions (on whichever tab they are pushed).
    case details(DetailsFeature.Action)
    /// The Filters list's actions.
    case filters(FiltersFeature.Action)
    /// "Tell me when free" / "Stop watching" on Details.
    case watch
    /// The watch's hour is over.
    case watchExpired
    /// The driver tapped the banner of the app's notification with this id.
    case notificationOpened(String)
    /// The open Details' data age turned another minute (``ChargingApp/ageTimer``).
    case detailsAgeTick(at: Date)
  }

  /// EV charging.
  public static let entitlements = CarEntitlements.single(.evCharging)
  /// The app's name as Siri hears it.
  public static let name = "Wayside"
  /// The intent of "Show fast chargers in Wayside".
  public static let showFastChargersIntent = "show-fast-chargers"
  /// The intent of "Show fast chargers near TOWN in Wayside" (parameter ``townParameter``).
  public static let showFastChargersNearIntent = "show-fast-chargers-near"
  /// The intent of "Show fast chargers with CONNECTOR in Wayside" (``connectorParameter``).
  public static let showFastChargersWithIntent = "show-fast-chargers-with"

  /// The towns Siri can resolve in "near TOWN": the bundled towns of at least
  /// ``voiceTownPopulation`` people (the town entity's suggested entities in the iOS app; a
  /// fixed, known set, as App Shortcut parameters must be, carplay-facts.md §7). Empty when the
  /// bundled list cannot be read.
  public static let voiceTowns: [Place] = {
    guard let data = try? BundledData.data(.places),
      let directory = try? PlaceDirectory(geoJSON: data)
    else { return [] }
    return directory.places.filter { $0.population >= voiceTownPopulation }
  }()
  /// Towns of at least 100,000 people (Germany's "Großstädte", about 80): big enough to be
  /// where a driver asks for chargers by name, few enough for Siri's suggested values.
  public static let voiceTownPopulation = 100_000

  /// The `town` parameter: an App Entity whose values are ``voiceTowns``, said by name.
  public static var townParameter: VoiceParameter {
    VoiceParameter(name: "town", values: voiceTowns.map { VoiceParameterValue(id: $0.name) })
  }
  /// The `connector` parameter: an App Enum of the connector choices, said by their titles
  /// (and "Combo" for CCS, "Type two" for Type 2).
  public static let connectorParameter = VoiceParameter(
    name: "connector",
    values: ConnectorChoice.allCases.map { choice in
      let extra: [String] =
        switch choice {
        case .ccs: ["Combo", "Combo 2"]
        case .chademo: []
        case .type2: ["Type two"]
        }
      return VoiceParameterValue(id: choice.rawValue, spoken: [choice.title] + extra)
    })

  /// The App Shortcuts; every phrase names the app through the token and at most one
  /// parameter, from a fixed set (carplay-facts.md §7; one parameter per phrase is SECONDARY
  /// advice, kept). Apps/Charging declares the same phrases.
  public static let shortcuts = [
    VoiceShortcut(
      phrase: "Show fast chargers in ${applicationName}", intent: showFastChargersIntent),
    VoiceShortcut(
      phrase: "Show fast chargers near ${town} in ${applicationName}",
      intent: showFastChargersNearIntent, parameters: [townParameter]),
    VoiceShortcut(
      phrase: "Show fast chargers with ${connector} in ${applicationName}",
      intent: showFastChargersWithIntent, parameters: [connectorParameter]),
  ]

  /// The region the Charge tab shows for "near TOWN": 0.15° of latitude and 0.25° of longitude
  /// either side of the town's centre (about 33 × 35 km in Germany), well within
  /// ``maximumRegionKilometres``.
  public static func region(near place: Coordinate) -> BoundingBox {
    BoundingBox(
      minimum: Coordinate(latitude: place.latitude - 0.15, longitude: place.longitude - 0.25),
      maximum: Coordinate(latitude: place.latitude + 0.15, longitude: place.longitude + 0.25))
  }

  /// Kassel's centre: where the car starts before its first location fix.
  public static let kasselCentre = Coordinate(latitude: 51.3127, longitude: 9.4797)
  /// A location update reloads the places once the car is this far from where they were
  /// loaded: 2 km, a minute at motorway speed — far enough not to reload on GPS jitter or every
  /// few metres in town, near enough that the nearest chargers are still the nearest.
  public static let refreshDistanceKilometres = 2.0
  /// Periodic refreshes come at most this often (carplay-facts.md §1.5: 60 s).
  public static let refreshInterval = Duration.seconds(60)
  /// A region change loads once the map has been still this long (pans come in bursts).
  public static let regionDebounce = Duration.milliseconds(500)
  /// A planned trip is planned again once the car is this far from where it was planned: 5 km,
  /// a few minutes of driving, after which the first stop and the arrival charge have moved.
  public static let replanKilometres = 5.0
  /// A visible region wider than this (its diagonal) is "zoomed out too far".
  public static let maximumRegionKilometres = 150.0
  /// The effect id of the Charge-tab load (a new load cancels the old).
  public static let loadID = "charge-load"
  /// The effect id of the watch on the phone's changes to the driver's setup.
  public static let setupWatchID = "driver-setup-changes"
  /// The effect id of the watch on the phone app's settings (a journey's `phone` step).
  public static let phoneWatchID = "phone-settings-changes"
  /// The effect id of the watch on the simulator's Empty/Fail switch.
  public static let dataSwitchWatchID = "data-source-switches"
  /// Timer ids.
  static let refreshTimer = "charge-refresh"
  static let regionTimer = "charge-region"

  /// The services this value registers in its session's container, if any.
  private var registered = CarDependencyOverrides()

  /// Creates the app; its effects find their services in the dependency container
  /// (``ChargingServicesKey``: the bundled data unless a test or journey sets others).
  public init() {}

  /// Creates the app over `services`, registered in its session's container unless the
  /// session's own overrides set others.
  public init(services: ChargingServices) {
    registered[ChargingServicesKey.self] = services
  }

  /// The services the app was created over.
  public var dependencies: CarDependencyOverrides { registered }
}
