import CarSession
import CarTemplates
import Geo
import Routing

/// The map template's buttons, within CarPlay's limits (carplay-facts.md §1.6).
public enum MapControls {
  /// At most 2 leading and 2 trailing bar buttons.
  public static let maximumBarButtons = 2
  /// At most 4 map buttons.
  public static let maximumMapButtons = 4
  /// At most 2 map buttons while panning.
  public static let maximumPanningMapButtons = 2

  /// The bar buttons: Zoom in and Zoom out leading; Done while panning, else Go to (and End
  /// while guiding) trailing.
  public static func bar(isPanning: Bool, isGuiding: Bool) -> NavigationBarSpec {
    let leading = [
      BarButtonSpec(id: MapRoute.zoomIn(.navigationBar).elementID, title: "Zoom in"),
      BarButtonSpec(id: MapRoute.zoomOut(.navigationBar).elementID, title: "Zoom out"),
    ]
    let trailing: [BarButtonSpec] =
      isPanning
      ? [BarButtonSpec(id: MapRoute.donePanning.elementID, title: "Done")]
      : [BarButtonSpec(id: MapRoute.destinations.elementID, title: "Go to")]
        + (isGuiding ? [BarButtonSpec(id: MapRoute.endGuidance.elementID, title: "End")] : [])
    return NavigationBarSpec(
      leading: Array(leading.prefix(maximumBarButtons)),
      trailing: Array(trailing.prefix(maximumBarButtons)))
  }

  /// The map buttons: pan mode and re-centre (first the app's wish list, then cut to the
  /// limit from the end, as the host would: 4, or 2 while panning).
  public static func mapButtons(isPanning: Bool, isFollowing: Bool) -> [MapButtonSpec] {
    let recentre = MapButtonSpec(
      id: MapRoute.recentre.elementID, image: .symbol("location.fill"),
      isEnabled: !isFollowing || isPanning)
    let wanted: [MapButtonSpec] =
      isPanning
      ? [
        recentre,
        MapButtonSpec(
          id: MapRoute.zoomIn(.mapButton).elementID, image: .symbol("plus.magnifyingglass")),
        MapButtonSpec(
          id: MapRoute.zoomOut(.mapButton).elementID, image: .symbol("minus.magnifyingglass")),
      ]
      : [
        MapButtonSpec(
          id: MapRoute.pan.elementID, image: .symbol("arrow.up.and.down.and.arrow.left.and.right")),
        recentre,
      ]
    return Array(wanted.prefix(isPanning ? maximumPanningMapButtons : maximumMapButtons))
  }
}

extension MapApp.State {
  /// The session clock when the app last read it, in seconds.
  var lastSeenSeconds: Double {
    Double(lastSeen.components.seconds) + Double(lastSeen.components.attoseconds) / 1e18
  }
}

extension MapApp {
  /// The map template with its buttons, trip preview or navigation session; the destinations
  /// list and search pushed above it; the map itself in the window.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let isDark = configuration.contentStyle == .dark
    let route = state.guidance?.route.polyline ?? state.preview?.routes.first?.polyline
    var markers: [PointOfInterestSpec] = []
    if let destination = state.preview?.destination ?? state.tripDestination {
      markers.append(
        PointOfInterestSpec(
          id: ElementID(destination.id), location: destination.coordinate,
          title: destination.name))
    }
    let map = MapTemplateSpec(
      navigationBar: MapControls.bar(isPanning: state.isPanning, isGuiding: state.guidance != nil),
      mapButtons: MapControls.mapButtons(
        isPanning: state.isPanning, isFollowing: state.isFollowing),
      isPanning: state.isPanning,
      // The camera, markers and route are drawn in the car's window only (one camera: a zoom
      // or a pan step redraws the window and changes no template).
      tripPreviews: state.preview.map { [Self.trip($0)] } ?? [],
      navigationSession: state.guidance.map {
        Self.session($0, arrival: state.dayOffset.map { $0 + state.lastSeenSeconds })
      })
    var stack: [TemplateSpec] = []
    for pushed in state.pushed {
      switch pushed {
      case .destinations:
        stack.append(.list(pushed.templateID, destinationsList(state, configuration)))
      case .search:
        stack.append(
          .search(
            pushed.templateID,
            SearchTemplateSpec(
              query: state.query,
              results: state.results.map {
                ListItemSpec(
                  id: MapRoute.destination($0.id).elementID, text: $0.name,
                  detailText: $0.detail)
              })))
      }
    }
    let window = CarWindowSpec(
      center: state.camera.center, zoom: state.camera.zoom, heading: state.camera.heading,
      isDark: isDark, car: state.car, carHeading: state.carHeading, route: route,
      alternativeRoutes: state.guidance == nil
        ? (state.preview?.routes.indices.filter { $0 > 0 }.compactMap {
          state.preview?.routes[$0].polyline
        } ?? []) : [],
      markers: markers)
    return CarScreen(
      root: .map("map", map), stack: stack, modal: Self.notice(state), window: window)
  }

  /// The arrival notice, or why search cannot open now, as an alert with OK.
  static func notice(_ state: State) -> TemplateSpec? {
    let title: [String]
    if let arrival = state.arrival {
      title = [arrival, "Arrived"]
    } else if state.searchLockedNotice {
      title = [
        "Search needs typing, which is locked while driving. Choose a place from the list.",
        "Typing is locked while driving",
      ]
    } else {
      return nil
    }
    return .alert(
      MapApp.noticeID,
      AlertTemplateSpec(
        titleVariants: TextVariants(title),
        actions: [
          AlertActionSpec(id: MapRoute.dismissNotice.elementID, title: "OK", style: .cancel)
        ]))
  }

  /// Go to: recent destinations and places near the car, with search first while typing is
  /// allowed and last (saying it is locked) while driving — a keyboard the driver cannot use is
  /// never the only way in (carplay-facts.md, rule CP051).
  func destinationsList(_ state: State, _ configuration: SessionConfiguration)
    -> ListTemplateSpec
  {
    let locked = configuration.limitedUserInterfaces.contains(.keyboard)
    let search = ListSectionSpec(items: [
      ListItemSpec(
        id: MapRoute.search.elementID, text: "Search",
        detailText: locked
          ? "Typing is locked while driving" : "Towns, Kassel's districts and streets",
        image: .symbol("magnifyingglass"), accessory: .disclosureIndicator)
    ])
    var sections = locked ? [] : [search]
    if !state.recents.isEmpty {
      sections.append(
        ListSectionSpec(
          header: "Recent",
          items: state.recents.map {
            ListItemSpec(
              id: MapRoute.destination($0.id).elementID, text: $0.name, detailText: $0.detail,
              image: .symbol("clock"))
          }))
    }
    let recent = Set(state.recents.map(\.id))
    let nearby = state.nearby.filter { !recent.contains($0.id) }
    if !nearby.isEmpty {
      sections.append(
        ListSectionSpec(
          header: "Nearby",
          items: nearby.map {
            ListItemSpec(
              id: ElementID($0.id), text: $0.name, detailText: $0.detail,
              image: .symbol("mappin"))
          }))
    }
    if locked { sections.append(search) }
    return ListTemplateSpec(title: "Go to", sections: sections)
  }

  /// The trip preview: up to three route choices with distance, time and main roads.
  static func trip(_ preview: Preview) -> TripPreviewSpec {
    let fastest = preview.routes.first?.durationSeconds ?? 0
    let choices = preview.routes.prefix(3).enumerated().map { index, route in
      let via = route.refs.prefix(3).map(ManeuverExtractor.display).joined(separator: ", ")
      let name = index == 0 ? "Fastest" : "Alternative \(index)"
      let delay = route.durationSeconds - fastest
      // No break inside a figure ("1 h 19 min" never wraps to "1 / h 19 min" on a narrow card).
      let summary =
        "\(name) · \(Guidance.distanceText(route.lengthKilometres)) · \(unbroken(Guidance.durationText(route.durationSeconds)))"
      return TripPreviewSpec.RouteChoice(
        id: MapRoute.startRoute(index).elementID,
        summaryVariants: TextVariants(
          [summary + (via.isEmpty ? "" : " via \(via)"), summary]),
        additionalInformationVariants: index == 0
          ? [] : TextVariants(["+\(Guidance.durationText(delay))"]),
        estimate: TravelEstimateSpec(
          metres: route.lengthKilometres * 1000, seconds: route.durationSeconds))
    }
    return TripPreviewSpec(
      id: "trip", destinationName: preview.destination.name,
      destination: preview.destination.coordinate, routeChoices: Array(choices))
  }

  /// A text whose spaces do not break (U+00A0).
  static func unbroken(_ text: String) -> String {
    text.replacingOccurrences(of: " ", with: "\u{00A0}")
  }

  /// The navigation session: the next two maneuvers with their distances, and the trip's
  /// remaining distance and time.
  /// `arrival`, when known, is the time of day now (seconds since midnight): the trip's line
  /// then ends with the arrival's clock time ("12 km · 9 min · 14:35").
  static func session(_ guidance: Guidance, arrival now: Double? = nil) -> NavigationSessionSpec {
    var maneuvers: [ManeuverSpec] = []
    for (index, maneuver) in guidance.upcoming.prefix(2).enumerated() {
      let left = guidance.estimates(to: maneuver)
      maneuvers.append(
        ManeuverSpec(
          id: ElementID("maneuver-\(maneuver.vertex)-\(index)"),
          instructionVariants: TextVariants([maneuver.instruction]),
          symbol: .symbol(maneuver.symbol),
          distance: Guidance.distanceText(left.kilometresRemaining), estimate: left.spec))
    }
    let trip = guidance.tripEstimates
    let clock = now.map { " · " + Guidance.clockText($0 + trip.secondsRemaining) } ?? ""
    return NavigationSessionSpec(
      tripID: "trip", upcomingManeuvers: maneuvers, tripEstimates: trip.text + clock,
      tripEstimate: trip.spec)
  }
}
