import CarSession
import CarTemplates
import Foundation
import Geo
import Routing

/// Wayside Maps: a navigation app that draws its own street map into the car's window under a
/// map template, finds destinations, previews up to three routes and guides turn by turn.
///
/// Camera, maneuvers and guidance are pure values (``MapCamera``, ``ManeuverExtractor``,
/// ``Guidance``); this type only maps host events and tapped ``MapRoute``s to actions and state
/// to screens. The reducer is pure: what the phone's map shares with the car
/// (``NavigationService``) is published by an effect whenever it changes.
public struct MapApp: CarApp {
  /// Where the map starts when the car's position is unknown: Kassel.
  public static let home = Coordinate(latitude: 51.3127, longitude: 9.4797)
  /// How long guidance survives a disconnect (a flaky cable or wireless link): 2 minutes.
  public static let reconnectGrace: Duration = .seconds(120)
  /// How often the app notes the time while guiding, so a disconnect is timed to within this.
  public static let guidanceTick: Duration = .seconds(10)
  /// The zoom the car map shows while following the car.
  public static let followZoom = 15.0

  /// What the app remembers.
  public struct State: Equatable, Sendable {
    /// The map's camera: at street level (``MapApp/followZoom``, where the map names its
    /// streets) around the car from the first screen, as a navigation app opens.
    public var camera = MapCamera(center: MapApp.home, zoom: MapApp.followZoom)
    /// Whether the camera follows the car (until the driver pans).
    public var isFollowing = true
    /// Whether the panning interface is shown.
    public var isPanning = false
    /// The car's position and heading.
    public var car: Coordinate?
    public var carHeading: Double?
    /// Which templates are pushed over the map.
    public var pushed: [Pushed] = []
    /// The search field's text and its results.
    public var query = ""
    public var results: [Destination] = []
    /// Destinations chosen before, most recent first (at most 6).
    public var recents: [Destination] = []
    /// The trip being previewed: where to, and the route choices (fastest first).
    public var preview: Preview?
    /// The running guidance.
    public var guidance: Guidance?
    /// The trip that was started (its destination), for rerouting.
    public var tripDestination: Destination?
    /// The last message (arrival, a failed route search).
    public var banner: String?
    /// The arrival notice on screen ("Arrived at Göttingen"), until the driver dismisses it.
    public var arrival: String?
    /// A notice that search cannot be used now (the keyboard is locked while driving).
    public var searchLockedNotice = false
    /// Whether the car locks the keyboard now (`limitedUserInterfaces` contains `.keyboard`).
    public var keyboardLocked = false
    /// Well-known places near the car, offered in Go to before search (nearest first).
    public var nearby: [Destination] = []
    /// The clock when the app last noted it, and when the car left.
    public var lastSeen: Duration = .zero
    public var disconnectedAt: Duration?
    /// The time of day (seconds since local midnight) at the session clock's zero, once read:
    /// the arrival's clock time is this plus the clock plus the time still to drive.
    public var dayOffset: Double?
    /// Whether the car shows its night colours (the phone's map follows).
    public var isDark = false
    /// The car's display: a trip preview fits its route into the part of it left free.
    public var display: DisplayProfile = .standard
    /// How many times what the phone shares with the car changed: each change is published
    /// with it, so a late publication never overwrites a newer one.
    public var sharedRevision = 0

    /// Creates the starting state.
    public init() {}
  }

  /// A template pushed over the map.
  public enum Pushed: Sendable, Equatable {
    case destinations, search

    /// The pushed template's id.
    public var templateID: TemplateID {
      switch self {
      case .destinations: "destinations"
      case .search: "search"
      }
    }
  }

  /// A trip preview: the destination and its route choices.
  public struct Preview: Equatable, Sendable {
    /// Where to.
    public var destination: Destination
    /// Up to three routes, fastest first.
    public var routes: [Route]
  }

  /// What can happen.
  public enum Action: Sendable, Equatable {
    case connected(isDark: Bool, keyboardLocked: Bool = false, display: DisplayProfile = .standard)
    case styleChanged(
      isDark: Bool, keyboardLocked: Bool = false, display: DisplayProfile = .standard)
    case disconnected, resumed(now: Duration), clockRead(Duration), tick
    case zoom(Double), startPanning, donePanning, pan(MapCamera.Direction), drag(Double, Double)
    case recentre, moved(Coordinate)
    case openDestinations, openSearch, popped(TemplateID)
    case searchChanged(String), results(String, [Destination]), choose(Destination.ID)
    case routesFound(Destination, [Route]), routeFailed(String)
    case start(routeIndex: Int), rerouted([Route]), endGuidance
    case nearbyLoaded([Destination]), dismissNotice
    case timeOfDayRead(secondsSinceMidnight: Double, at: Duration)
  }

  /// The notice alert's template id.
  public static let noticeID: TemplateID = "notice"

  /// How many well-known places Go to offers before search.
  public static let nearbyCount = 6

  /// Navigation (`carplay-maps`).
  public static let entitlements = CarEntitlements.single(.navigation)
  /// The app's name.
  public static let name = "Wayside Maps"

  /// The services this value registers in its session's container.
  private var registered = CarDependencyOverrides()

  /// Creates the app over the services given, registered in its session's dependency
  /// container (``NavigationServiceKey``, ``RoadNetworkKey``, ``DestinationIndexKey``,
  /// ``TimeOfDayKey``) unless the session's own overrides set others. A service not given comes
  /// from the container: live, the key's live value (a navigation service of the session's
  /// own, the bundled road network with Kassel's streets and search index, the device's
  /// clock); in a test, a service the test did not set fails the test naming its key.
  public init(
    service: NavigationService? = nil,
    network: (@Sendable () async throws -> RoadNetwork)? = nil,
    destinations: (@Sendable () throws -> DestinationIndex)? = nil,
    timeOfDay: (@Sendable () -> Double)? = nil
  ) {
    registered[NavigationServiceKey.self] = service
    registered[RoadNetworkKey.self] = network
    registered[DestinationIndexKey.self] = destinations
    registered[TimeOfDayKey.self] = timeOfDay
  }

  /// The services the app was created over.
  public var dependencies: CarDependencyOverrides { registered }

  // MARK: - Reducer

  /// Applies an action; when what the phone shares with the car changed, an effect publishes
  /// it to the ``NavigationService``.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    let before = NavigationService.Shared(state)
    var effects = step(&state, action)
    let after = NavigationService.Shared(state)
    if after != before {
      state.sharedRevision += 1
      let revision = state.sharedRevision
      effects.append(
        .run { clients in
          clients.navigation.publish(after, revision: revision)
          return nil
        })
    }
    return effects
  }

  func step(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    let size = (width: 800.0, height: 480.0)
    switch action {
    case .connected(let isDark, let keyboardLocked, let display):
      state.isDark = isDark
      state.keyboardLocked = keyboardLocked
      state.display = display
      fitPreview(&state)
      if state.isFollowing, state.guidance != nil { state.camera = followingCamera(state) }
      return [.run { clients in .resumed(now: clients.clock.now()) }]
    case .styleChanged(let isDark, let keyboardLocked, let display):
      state.isDark = isDark
      state.keyboardLocked = keyboardLocked
      if keyboardLocked, state.pushed.contains(.search) { state.pushed = [.destinations] }
      if state.display != display {
        state.display = display
        fitPreview(&state)
        if state.isFollowing, state.guidance != nil { state.camera = followingCamera(state) }
      }
    case .disconnected:
      state.disconnectedAt = state.lastSeen
      state.isPanning = false
      state.pushed = []
      return []
    case .resumed(let now):
      if let left = state.disconnectedAt, state.guidance != nil, now - left > Self.reconnectGrace {
        endGuidance(&state, banner: "Guidance ended: the car was away too long")
      }
      state.disconnectedAt = nil
      state.lastSeen = now
      return state.guidance == nil ? [] : [.schedule(id: "tick", after: Self.guidanceTick, .tick)]
    case .clockRead(let now):
      state.lastSeen = now
      return []
    case .timeOfDayRead(let seconds, let at):
      state.lastSeen = max(state.lastSeen, at)
      state.dayOffset = seconds - Double(at.components.seconds)
        - Double(at.components.attoseconds) / 1e18
      return []
    case .tick:
      guard state.guidance != nil else { return [] }
      return [
        .run { clients in .clockRead(clients.clock.now()) },
        .schedule(id: "tick", after: Self.guidanceTick, .tick),
      ]
    case .zoom(let steps):
      state.camera = state.camera.zoomed(by: steps)
    case .startPanning:
      state.isPanning = true
      state.isFollowing = false
    case .donePanning:
      state.isPanning = false
    case .pan(let direction):
      state.isFollowing = false
      state.camera = state.camera.panned(direction, width: size.width, height: size.height)
    case .drag(let dx, let dy):
      state.isFollowing = false
      state.camera = state.camera.dragged(dx: dx, dy: dy)
    case .recentre:
      state.isFollowing = true
      state.isPanning = false
      state.camera = state.camera.recentred(on: state.car ?? Self.home)
      if state.guidance != nil { state.camera = state.camera.turned(to: 0) }
      state.camera = followingCamera(state)
    case .moved(let position):
      if let previous = state.car, GreatCircle.distanceKilometres(previous, position) > 0.005 {
        state.carHeading = ManeuverExtractor.bearing(previous, position)
      }
      state.car = position
      let effects = guide(&state, to: position)
      if state.isFollowing { state.camera = followingCamera(state) }
      return effects
    case .openDestinations:
      state.pushed = [.destinations]
      let near = state.car ?? Self.home
      return [.run { clients in .nearbyLoaded((try? clients.destinations().nearby(near)) ?? []) }]
    case .nearbyLoaded(let places):
      state.nearby = Array(places.prefix(Self.nearbyCount))
    case .openSearch:
      // Typing is locked while driving (carplay-facts.md, rule CP051): say why instead of
      // opening a keyboard the driver cannot use.
      guard !state.keyboardLocked else {
        state.searchLockedNotice = true
        return []
      }
      // A search template the host pushes anew starts with an empty field (CPSearchTemplate
      // has no way to set its text), so the app's query and results start empty too.
      state.pushed = [.destinations, .search]
      state.query = ""
      state.results = []
    case .dismissNotice:
      state.arrival = nil
      state.searchLockedNotice = false
    case .popped(let id):
      if let index = state.pushed.firstIndex(where: { $0.templateID == id }) {
        state.pushed.removeSubrange(index...)
      }
    case .searchChanged(let text):
      state.query = text
      return [
        .run { clients in .results(text, (try? clients.destinations().search(text)) ?? []) }
      ]
    case .results(let text, let found):
      guard text == state.query else { return [] }
      state.results = found
    case .choose(let id):
      guard
        let destination = (state.results + state.recents + state.nearby).first(where: {
          $0.id == id
        })
      else { return [] }
      state.recents.removeAll { $0.id == destination.id }
      state.recents.insert(destination, at: 0)
      state.recents = Array(state.recents.prefix(6))
      state.pushed = []
      state.banner = nil
      let from = state.car ?? Self.home
      let heading = state.car == nil ? nil : state.carHeading
      return [
        .run { clients in
          do {
            let routes = try await clients.roadNetwork().streetRouteChoices(
              from: from, heading: heading, to: destination.coordinate, maximumCount: 3)
            return .routesFound(destination, routes)
          } catch {
            return .routeFailed("No route to \(destination.name): \(error)")
          }
        }
      ]
    case .routesFound(let destination, let routes):
      state.preview = Preview(destination: destination, routes: Array(routes.prefix(3)))
      fitPreview(&state)
    case .routeFailed(let message):
      state.banner = message
    case .start(let index):
      guard let preview = state.preview, preview.routes.indices.contains(index) else { return [] }
      state.guidance = Guidance(
        route: preview.routes[index], destinationName: preview.destination.name)
      state.tripDestination = preview.destination
      state.preview = nil
      state.isFollowing = true
      state.camera = MapCamera(
        center: state.car ?? preview.routes[index].polyline.coordinates.first ?? Self.home,
        zoom: Self.followZoom)
      state.camera = followingCamera(state)
      return [
        .run { clients in
          .timeOfDayRead(secondsSinceMidnight: clients.timeOfDay(), at: clients.clock.now())
        },
        .schedule(id: "tick", after: Self.guidanceTick, .tick),
      ]
    case .rerouted(let routes):
      guard let route = routes.first, let destination = state.tripDestination,
        state.guidance != nil
      else { return [] }
      state.guidance = Guidance(route: route, destinationName: destination.name)
      if let car = state.car { state.guidance = state.guidance?.moved(to: car).0 }
    case .endGuidance:
      endGuidance(&state, banner: nil)
      return [.cancel(id: "tick")]
    }
    return []
  }

  func guide(_ state: inout State, to position: Coordinate) -> [Effect<Action>] {
    guard let guidance = state.guidance else { return [] }
    let (next, update) = guidance.moved(to: position)
    state.guidance = next
    switch update {
    case .onRoute: return []
    case .arrived:
      // The arrival is announced (as Organic Maps and OsmAnd do), then guidance ends.
      endGuidance(&state, banner: "Arrived at \(guidance.destinationName)")
      state.arrival = "Arrived at \(guidance.destinationName)"
      return [.cancel(id: "tick")]
    case .offRoute:
      // A new route from where the car is, in its direction of travel; the old one stays on
      // screen until it arrives (a few milliseconds: Guides/Routing.md), so there is no pause.
      guard let destination = state.tripDestination else { return [] }
      let heading = state.carHeading
      return [
        .run { clients in
          guard
            let route = try? await clients.roadNetwork().streetRoute(
              from: position, heading: heading, to: destination.coordinate)
          else { return nil }
          return .rerouted([route])
        }
      ]
    }
  }

  /// Shows the previewed trip's fastest route whole, clear of the preview's card, the map's bar
  /// and buttons, and the scale bar (on the car's display as it is now).
  func fitPreview(_ state: inout State) {
    guard let box = state.preview?.routes.first?.polyline.boundingBox else { return }
    state.camera = MapCameraFit.fittingPreview(box, display: state.display)
    state.isFollowing = false
  }

  /// The camera on the car (or home): while guiding the car sits clear of the maneuver card
  /// (``MapCameraFit/followingWhileGuiding(_:camera:display:)``), otherwise in the middle.
  func followingCamera(_ state: State) -> MapCamera {
    let car = state.car ?? state.camera.center
    guard state.guidance != nil else { return state.camera.recentred(on: car) }
    return MapCameraFit.followingWhileGuiding(car, camera: state.camera, display: state.display)
  }

  func endGuidance(_ state: inout State, banner: String?) {
    state.guidance = nil
    state.tripDestination = nil
    state.banner = banner
  }

  // MARK: - Host events

  /// Host events become actions; taps arrive decoded, as ``MapRoute``s.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .connected(let c):
      .connected(
        isDark: c.contentStyle == .dark, keyboardLocked: c.limitedUserInterfaces.contains(.keyboard),
        display: c.display)
    case .configurationChanged(let c):
      .styleChanged(
        isDark: c.contentStyle == .dark, keyboardLocked: c.limitedUserInterfaces.contains(.keyboard),
        display: c.display)
    case .modalDismissed: .dismissNotice
    case .disconnected: .disconnected
    case .panned(_, let direction):
      MapCamera.Direction(rawValue: direction.rawValue).map(Action.pan)
    case .dragged(_, let dx, let dy): .drag(dx, dy)
    case .zoomGesture(_, let scale): scale > 0 && scale.isFinite ? .zoom(log2(scale)) : nil
    case .locationChanged(let c): .moved(c)
    case .searchTextChanged(_, let text): .searchChanged(text)
    case .backPressed(let popped): .popped(popped)
    // The system ended guidance or closed the panning interface: follow it, or the next
    // update would restart guidance or reopen panning against the system.
    case .navigationCancelled: state.guidance == nil ? nil : .endGuidance
    case .panningDismissed: state.isPanning ? .donePanning : nil
    default: nil
    }
  }

  /// Everything the screen can offer: the map's buttons, the Search row, every destination
  /// listed and the previewed route choices.
  public func routes(_ state: State) -> [MapRoute] {
    var routes: [MapRoute] = [
      .zoomIn(.navigationBar), .zoomIn(.mapButton), .zoomOut(.navigationBar),
      .zoomOut(.mapButton), .pan, .donePanning, .recentre, .destinations, .endGuidance, .search,
      .dismissNotice,
    ]
    routes += (state.recents + state.results + state.nearby).map { MapRoute.destination($0.id) }
    if let preview = state.preview { routes += preview.routes.indices.map(MapRoute.startRoute) }
    return routes
  }

  /// The action a tap means.
  public func action(for route: MapRoute, in state: State) -> Action? {
    switch route {
    case .zoomIn: .zoom(1)
    case .zoomOut: .zoom(-1)
    case .pan: .startPanning
    case .donePanning: .donePanning
    case .recentre: .recentre
    case .destinations: .openDestinations
    case .endGuidance: .endGuidance
    case .search: .openSearch
    case .destination(let id): .choose(id)
    case .startRoute(let index): .start(routeIndex: index)
    case .dismissNotice: .dismissNotice
    }
  }
}

extension MapApp {
  /// The registry entry: each session gets its own shared-state service; the road network and
  /// search index load on first use.
  public static let descriptor = AnyCarApp(
    "map",
    summary: "Wayside Maps: a street map in the car's window, destinations, route choices and "
      + "turn-by-turn guidance",
    app: { MapApp() }, state: { State() },
    samples: {
      var panning = State()
      panning.isPanning = true
      panning.isFollowing = false
      return [panning]
    })
}

/// The state the car's map shares with the phone, in the dependency container; each map
/// session registers its own (``MapApp/init(service:network:destinations:)``).
public enum NavigationServiceKey: CarDependencyKey {
  /// A fresh service, made once per container: a session whose app registered none has one
  /// of its own.
  public static var liveValue: NavigationService { NavigationService() }
}

/// Where the map app's routes come from, in the dependency container: the bundled roads with
/// Kassel's streets.
public enum RoadNetworkKey: CarDependencyKey {
  /// The bundled road network with Kassel's streets, loaded on first use.
  public static var liveValue: @Sendable () async throws -> RoadNetwork {
    { try await RoadNetwork.bundledWithStreets() }
  }
}

/// The map app's destination search, in the dependency container: the bundled index.
public enum DestinationIndexKey: CarDependencyKey {
  /// The bundled search index, loaded on first use.
  public static var liveValue: @Sendable () throws -> DestinationIndex {
    { try DestinationIndex.bundled() }
  }
}

/// The time of day, in seconds since local midnight, in the dependency container: the clock the
/// arrival time is told by.
public enum TimeOfDayKey: CarDependencyKey {
  /// The device's clock in its time zone.
  public static var liveValue: @Sendable () -> Double {
    {
      let now = Date()
      let calendar = Calendar.current
      return now.timeIntervalSince(calendar.startOfDay(for: now))
    }
  }
  /// Journeys start at 12:00, so their arrival times do not depend on the day (a test sets
  /// its own: ``MapApp/init(service:network:destinations:timeOfDay:)``).
  public static var journeyValue: @Sendable () -> Double { { 12 * 3600 } }
}

extension CarClients {
  /// Seconds since local midnight now.
  public var timeOfDay: @Sendable () -> Double { self[TimeOfDayKey.self] }
  /// The state the car's map shares with the phone.
  public var navigation: NavigationService { self[NavigationServiceKey.self] }
  /// The road network routes come from.
  public var roadNetwork: @Sendable () async throws -> RoadNetwork { self[RoadNetworkKey.self] }
  /// The destination search.
  public var destinations: @Sendable () throws -> DestinationIndex {
    self[DestinationIndexKey.self]
  }
}
