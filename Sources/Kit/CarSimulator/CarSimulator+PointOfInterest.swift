import CarRender
import CarSession
import CarTemplates
import Geo

extension CarSimulator {
  // MARK: - Point-of-interest map region

  /// The region a point-of-interest template's map shows: where the driver moved it (with a
  /// `region` step, a drag, a pinch or a knob pan), or else the frame of its shown places (a box
  /// around the car when it has none). The drawn map and the region the app is told both come
  /// from here (``PointOfInterestMap``); nil for other templates and when nothing is known.
  ///
  /// Once the driver moved the map it stays where the driver put it, whatever places the app
  /// answers with — none included (UNCONFIRMED: the fact sheet does not say what CarPlay's map
  /// does when an app answers a region with no places, carplay-facts.md §1.5; keeping the
  /// driver's region is the conservative choice: the map never jumps to the car on its own, and
  /// the next move starts from the map on screen).
  public func mapRegion(of template: TemplateID) -> BoundingBox? {
    if let region = pointOfInterestRegions[template] { return region }
    guard let screen = shownScreen else { return nil }
    let installed = screen.stacks.flatMap { $0 } + [screen.root] + screen.root.tabs
    guard let spec = installed.first(where: { $0.id == template }),
      case .pointOfInterest(let poi) = spec.content
    else { return nil }
    return PointOfInterestMap.framing(
      places: poi.points.map(\.location), car: location?.coordinate)
  }

  /// The region of the top template's map when it is a point-of-interest template.
  public var shownMapRegion: BoundingBox? {
    guard let top = topTemplate, top.kind == .pointOfInterest else { return nil }
    return mapRegion(of: top.id)
  }

  /// Forgets the regions of templates no longer installed.
  func forgetRegionsOfRemovedTemplates() {
    guard !pointOfInterestRegions.isEmpty else { return }
    guard let screen else {
      pointOfInterestRegions = [:]
      return
    }
    let installed = Set(
      ([screen.root] + screen.root.tabs + screen.stacks.flatMap { $0 }).map(\.id))
    let kept = pointOfInterestRegions.filter { installed.contains($0.key) }
    if kept.count != pointOfInterestRegions.count { pointOfInterestRegions = kept }
  }

  /// Plans a pan (knob, touch pad or arrow), drag or pinch on a point-of-interest template's
  /// map: the template pans and zooms its map itself (carplay-facts.md §1.5) — no panning mode
  /// to enter, unlike a navigation app's map (§1.6) — and tells the app the new region
  /// (`didChangeMapRegion`). Nil when the top template is not a point-of-interest template.
  func planPointOfInterestMove(_ action: DriverAction) throws(DriverError) -> (() -> Void)? {
    guard let screen = runningScreenIfAny, screen.modal == nil else { return nil }
    let top = screen.visible.top
    guard top.kind == .pointOfInterest else { return nil }
    guard let region = mapRegion(of: top.id) else {
      throw DriverError("\(action): the map of '\(top.id)' has no region yet")
    }
    let moved: BoundingBox
    switch action {
    case .pan(let direction):
      // A knob nudge or arrow moves half the region, as the panel's arrows do.
      switch direction {
      case .up: moved = PointOfInterestMap.moved(region, east: 0, north: 0.5)
      case .down: moved = PointOfInterestMap.moved(region, east: 0, north: -0.5)
      case .left: moved = PointOfInterestMap.moved(region, east: -0.5, north: 0)
      case .right: moved = PointOfInterestMap.moved(region, east: 0.5, north: 0)
      }
    case .drag(let dx, let dy):
      guard dx.isFinite, dy.isFinite else {
        throw DriverError("drag: expected finite point deltas")
      }
      guard let configuration else { throw DriverError("drag: no car is connected") }
      let size = PointOfInterestMap.mapSize(
        display: configuration.display, hasTabBar: screen.root.kind == .tabBar)
      moved = PointOfInterestMap.dragged(
        region, dx: dx, dy: dy, width: size.width, height: size.height,
        portrait: configuration.display.isPortrait)
    case .pinch(let scale):
      guard scale > 0, scale.isFinite else {
        throw DriverError(
          "pinch \(scale): expected a scale factor above 0, e.g. 2 to zoom in one step")
      }
      moved = PointOfInterestMap.zoomed(region, by: scale)
    default:
      return nil
    }
    return { self.movePointOfInterestMap(top.id, to: moved) }
  }

  /// Keeps `region` as the template's map region and tells the app (`didChangeMapRegion`).
  func movePointOfInterestMap(_ template: TemplateID, to region: BoundingBox) {
    pointOfInterestRegions[template] = region
    emit(.mapRegionChanged(template: template, region: region))
  }

  /// The running screen, nil when the app is not on screen.
  private var runningScreenIfAny: HostScreen? { screen }
}

extension TemplateSpec {
  /// A tab bar's tabs; no templates for other kinds.
  fileprivate var tabs: [TemplateSpec] {
    if case .tabBar(let bar) = content { return bar.tabs }
    return []
  }
}
