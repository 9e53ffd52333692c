import CarSession
import CarTemplates

extension CarSimulator {
  // MARK: - Map, search and trip driver events (navigation apps)

  /// The top template when it is a map template.
  func shownTopMap(_ what: String) throws(DriverError) -> (TemplateSpec, MapTemplateSpec) {
    let screen = try runningScreen(what)
    guard screen.modal == nil else { throw DriverError("\(what): a modal is presented") }
    let top = screen.visible.top
    guard case .map(let map) = top.content else {
      throw DriverError(
        "\(what): the top template '\(top.id)' is a \(top.kind.className), not a map")
    }
    return (top, map)
  }

  /// Checks a map, search or trip action (``DriverAction/pan(_:)``, `drag`, `pinch`, `type`,
  /// `startRoute`) against the shown screen; the returned closure reports it to the app.
  func planNavigation(_ action: DriverAction) throws(DriverError) -> () -> Void {
    if let move = try planPointOfInterestMove(action) { return move }
    switch action {
    case .systemCancelNavigation:
      let (top, map) = try shownTopMap("system cancel-navigation")
      // The system can only end guidance that runs: CarPlay calls
      // mapTemplateDidCancelNavigation for a started navigation session (carplay-facts.md
      // §1.6). The app is told; its next screen drops the finished session.
      guard map.navigationSession != nil else {
        throw DriverError(
          "system cancel-navigation: '\(top.id)' has no navigation session; start a route first")
      }
      return { self.emit(.navigationCancelled(template: top.id)) }
    case .systemEndPanning:
      let (top, map) = try shownTopMap("system end-panning")
      guard map.isPanning else {
        throw DriverError(
          "system end-panning: '\(top.id)' is not in panning mode; press its pan button first")
      }
      return { self.emit(.panningDismissed(template: top.id)) }
    case .pan(let direction):
      let (top, map) = try shownTopMap("pan \(direction.rawValue)")
      guard map.isPanning else {
        throw DriverError(
          "pan \(direction.rawValue): '\(top.id)' is not in panning mode; press its pan button "
            + "first")
      }
      return { self.emit(.panned(template: top.id, direction: direction)) }
    case .drag(let dx, let dy):
      let (top, _) = try shownTopMap("drag")
      guard dx.isFinite, dy.isFinite else {
        throw DriverError("drag: expected finite point deltas")
      }
      return { self.emit(.dragged(template: top.id, dx: dx, dy: dy)) }
    case .pinch(let scale):
      let (top, _) = try shownTopMap("pinch")
      guard scale > 0, scale.isFinite else {
        throw DriverError(
          "pinch \(scale): expected a scale factor above 0, e.g. 2 to zoom in one step")
      }
      return { self.emit(.zoomGesture(template: top.id, scale: scale)) }
    case .type(let text):
      let screen = try runningScreen("type")
      let top = screen.visible.top
      guard case .search = top.content else {
        throw DriverError(
          "type: the top template '\(top.id)' is a \(top.kind.className), not a search")
      }
      // A car that limits the keyboard (while driving) disables CarPlay's keyboard: nothing
      // can be typed until it lifts the limit (carplay-facts.md §1.7, §4 "iOS lowers list
      // lengths / disables the keyboard automatically when the car says so").
      if configuration?.limitedUserInterfaces.contains(.keyboard) == true {
        throw DriverError(
          "type: the car limits the keyboard (driving); the search field takes no typing until "
            + "the limit is lifted")
      }
      return { self.emit(.searchTextChanged(template: top.id, text: text)) }
    case .startRoute(let route):
      let (top, map) = try shownTopMap("start route '\(route)'")
      guard let configuration else { throw DriverError("start route: no car is connected") }
      // Only the trips and routes the host shows (after its limits) can be started.
      let shown = rules.truncate(top, for: entitlements, configuration: configuration).shown
      let trips: [TripPreviewSpec]
      if case .map(let shownMap) = shown.content {
        trips = shownMap.tripPreviews
      } else {
        trips = []
      }
      guard let trip = trips.first(where: { $0.routeChoices.contains { $0.id == route } }) else {
        let offered = map.tripPreviews.flatMap(\.routeChoices).map(\.id)
        throw DriverError(
          "start route '\(route)': not offered on '\(top.id)'; shown: \(Self.list(offered))")
      }
      return { self.emit(.tripStarted(template: top.id, trip: trip.id, route: route)) }
    default:
      throw DriverError("\(action): not a map, search or trip action")
    }
  }

  /// A knob, touch-pad or arrow pan step; the map must show its panning interface.
  public func pan(_ direction: PanDirection) throws(DriverError) { try drive(.pan(direction)) }

  /// A touch drag on the map by (`dx`, `dy`) points since the previous report.
  public func drag(dx: Double, dy: Double) throws(DriverError) { try drive(.drag(dx: dx, dy: dy)) }

  /// An iOS 26 zoom gesture (pinch) on the map by a scale factor (> 0).
  public func zoomGesture(scale: Double) throws(DriverError) { try drive(.pinch(scale)) }

  /// Types into the search template on top (the whole field's new text).
  public func typeSearch(_ text: String) throws(DriverError) { try drive(.type(text)) }

  /// Chooses a route of the shown trip preview and presses Go.
  public func startTrip(route: ElementID) throws(DriverError) { try drive(.startRoute(route)) }
}
