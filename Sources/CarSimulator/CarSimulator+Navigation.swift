import CarSession
import CarTemplates

extension CarSimulator {
  // MARK: - Map, search and trip driver events (navigation apps)

  /// The top template when it is a map template.
  func shownTopMap(_ what: String) throws(DriverError) -> (TemplateSpec, MapTemplateSpec) {
    let screen = try runningScreen(what)
    guard screen.modal == nil else { throw fail("\(what): a modal is presented") }
    let top = screen.visible.top
    guard case .map(let map) = top.content else {
      throw fail("\(what): the top template '\(top.id)' is a \(top.kind.className), not a map")
    }
    return (top, map)
  }

  /// A knob, touch-pad or arrow pan step; the map must show its panning interface.
  public func pan(_ direction: PanDirection) throws(DriverError) {
    let (top, map) = try shownTopMap("pan \(direction.rawValue)")
    guard map.isPanning else {
      throw fail(
        "pan \(direction.rawValue): '\(top.id)' is not in panning mode; press its pan button first")
    }
    emit(.panned(template: top.id, direction: direction))
  }

  /// A touch drag on the map by (`dx`, `dy`) points since the previous report.
  public func drag(dx: Double, dy: Double) throws(DriverError) {
    let (top, _) = try shownTopMap("drag")
    guard dx.isFinite, dy.isFinite else { throw fail("drag: expected finite point deltas") }
    emit(.dragged(template: top.id, dx: dx, dy: dy))
  }

  /// An iOS 26 zoom gesture (pinch) on the map by a scale factor (> 0).
  public func zoomGesture(scale: Double) throws(DriverError) {
    let (top, _) = try shownTopMap("pinch")
    guard scale > 0, scale.isFinite else {
      throw fail("pinch \(scale): expected a scale factor above 0, e.g. 2 to zoom in one step")
    }
    emit(.zoomGesture(template: top.id, scale: scale))
  }

  /// Types into the search template on top (the whole field's new text).
  public func typeSearch(_ text: String) throws(DriverError) {
    let screen = try runningScreen("type")
    let top = screen.visible.top
    guard case .search = top.content else {
      throw fail("type: the top template '\(top.id)' is a \(top.kind.className), not a search")
    }
    emit(.searchTextChanged(template: top.id, text: text))
  }

  /// Chooses a route of the shown trip preview and presses Go.
  public func startTrip(route: ElementID) throws(DriverError) {
    let (top, map) = try shownTopMap("start route '\(route)'")
    guard let configuration else { throw fail("start route: no car is connected") }
    let shown = rules.truncate(top, for: entitlements, configuration: configuration).shown
    guard case .map(let shownMap) = shown.content else { return }
    let trips = shownMap.tripPreviews
    guard let trip = trips.first(where: { $0.routeChoices.contains { $0.id == route } }) else {
      let offered = map.tripPreviews.flatMap(\.routeChoices).map(\.id)
      throw fail("start route '\(route)': not offered on '\(top.id)'; shown: \(Self.list(offered))")
    }
    emit(.tripStarted(template: top.id, trip: trip.id, route: route))
  }
}
