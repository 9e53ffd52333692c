// Apple-only: compiled where CarPlay can be imported (on Linux, against the stand-ins in
// Apps/LinuxCheck/Stubs; Package.swift).
#if canImport(CarPlay)
  import CarPlay
  import CarSession
  import CarTemplates
  import Foundation
  import Geo
  import MapKit
  import UIKit

  /// CarPlay callbacks → host events. The host is the authority (DESIGN.md principle 2): a
  /// change CarPlay made on its own (back, a tab switch, a dismissed modal) is applied to the
  /// model first and then reported, so the session reconciles against what the car shows.
  extension CarPlayBridge: CPInterfaceControllerDelegate {
    /// A template left the screen: when it was ours on the stack and CarPlay no longer holds it,
    /// and no operation of ours is running, the driver pressed back.
    public func templateDidDisappear(_ aTemplate: CPTemplate, animated: Bool) {
      guard !isBusy, let controller, let id = id(of: aTemplate), var model = screen else { return }
      if model.modal?.id == id, controller.presentedTemplate == nil {
        model.modal = nil
        screen = model
        objects[id] = nil
        send(.modalDismissed(template: id))
        return
      }
      let index = model.selectedStackIndex
      guard let position = model.stacks[index].firstIndex(where: { $0.id == id }),
        !controller.templates.contains(where: { $0 === aTemplate })
      else { return }
      for spec in model.stacks[index][position...] { objects[spec.id] = nil }
      model.stacks[index].removeSubrange(position...)
      screen = model
      send(.backPressed(popped: id))
    }
  }

  extension CarPlayBridge {
    /// The driver chose an alert or action-sheet action: the modal goes away (dismissed here
    /// when CarPlay left it up) and the session hears which action.
    func modalActionChosen(_ template: TemplateID, _ action: ElementID) {
      guard screen?.modal?.id == template else { return }
      screen?.modal = nil
      objects[template] = nil
      if controller?.presentedTemplate != nil {
        controller?.dismissTemplate(animated: true) { [weak self] _, error in
          if let error { self?.record("dismiss after '\(action)' failed: \(error)") }
        }
      }
      send(.modalActionChosen(template: template, action: action))
    }
  }

  extension CarPlayBridge: CPSessionConfigurationDelegate {
    /// The car limited or released the keyboard or long lists (e.g. while driving).
    public func sessionConfiguration(
      _ sessionConfiguration: CPSessionConfiguration,
      limitedUserInterfacesChanged limitedUserInterfaces: CPLimitableUserInterface
    ) {
      configurationDidChange()
    }

    /// Day or night appearance changed.
    public func sessionConfiguration(
      _ sessionConfiguration: CPSessionConfiguration,
      contentStyleChanged contentStyle: CPContentStyle
    ) {
      configurationDidChange()
    }
  }

  extension CarPlayBridge: CPTabBarTemplateDelegate {
    /// The driver switched tabs; the model's selection follows before the session hears of it.
    public func tabBarTemplate(
      _ tabBarTemplate: CPTabBarTemplate, didSelect selectedTemplate: CPTemplate
    ) {
      guard var model = screen, case .tabBar(var bar) = model.root.content,
        let id = id(of: selectedTemplate), let index = bar.tabs.firstIndex(where: { $0.id == id })
      else { return }
      guard index != bar.selectedIndex else { return }
      bar.selectedIndex = index
      model.root.content = .tabBar(bar)
      screen = model
      send(.tabSelected(index: index, template: id))
    }
  }

  extension CarPlayBridge: CPPointOfInterestTemplateDelegate {
    /// The driver panned or zoomed the POI map; the app answers with points for the region.
    public func pointOfInterestTemplate(
      _ pointOfInterestTemplate: CPPointOfInterestTemplate,
      didChangeMapRegion region: MKCoordinateRegion
    ) {
      guard let id = id(of: pointOfInterestTemplate) else { return }
      send(.mapRegionChanged(template: id, region: MapsHandOff.box(region)))
    }

    /// The driver selected a point (its detail card shows); the model's selection follows.
    public func pointOfInterestTemplate(
      _ pointOfInterestTemplate: CPPointOfInterestTemplate,
      didSelectPointOfInterest pointOfInterest: CPPointOfInterest
    ) {
      guard let id = id(of: pointOfInterestTemplate),
        let point = (pointOfInterest.userInfo as? String).map(ElementID.init(rawValue:))
      else { return }
      if let model = screen, let spec = Self.find(id, in: model),
        case .pointOfInterest(var poi) = spec.content
      {
        poi.selectedIndex = poi.points.firstIndex { $0.id == point }
        screen = Self.replacing(
          TemplateSpec(id: id, tab: spec.tab, .pointOfInterest(poi)), in: model)
      }
      send(.pointSelected(template: id, point: point))
    }
  }

  extension CarPlayBridge: CPMapTemplateDelegate {
    /// A pan step from a knob, touch pad or the panning interface's arrows.
    public func mapTemplate(
      _ mapTemplate: CPMapTemplate, panWith direction: CPMapTemplate.PanDirection
    ) {
      guard let id = id(of: mapTemplate) else { return }
      let directions: [(CPMapTemplate.PanDirection, PanDirection)] = [
        (.up, .up), (.down, .down), (.left, .left), (.right, .right),
      ]
      for (carPlay, kit) in directions where direction.contains(carPlay) {
        send(.panned(template: id, direction: kit))
      }
    }

    /// A touch drag: CarPlay reports the translation since the drag began; the kit wants the
    /// change since the previous report.
    public func mapTemplate(
      _ mapTemplate: CPMapTemplate, didUpdatePanGestureWithTranslation translation: CGPoint,
      velocity: CGPoint
    ) {
      guard let id = id(of: mapTemplate) else { return }
      let previous = dragOrigin ?? .zero
      dragOrigin = translation
      send(
        .dragged(
          template: id, dx: Double(translation.x - previous.x),
          dy: Double(translation.y - previous.y)
        ))
    }

    /// A drag ended; the next one starts from zero.
    public func mapTemplate(
      _ mapTemplate: CPMapTemplate, didEndPanGestureWithVelocity velocity: CGPoint
    ) {
      dragOrigin = nil
    }

    /// An iOS 26 multitouch zoom began; the next report's scale is measured from 1.
    public func mapTemplateDidBeginZoomGesture(_ mapTemplate: CPMapTemplate) {
      zoomScale = 1
    }

    /// An iOS 26 pinch or double tap: CarPlay reports the scale since the gesture began; the kit
    /// wants the factor since the previous report (carplay-facts.md §1.6).
    public func mapTemplate(
      _ mapTemplate: CPMapTemplate, didUpdateZoomGestureWithCenter center: CGPoint, scale: CGFloat,
      velocity: CGFloat
    ) {
      guard let id = id(of: mapTemplate), scale > 0, scale.isFinite else { return }
      let previous = zoomScale ?? 1
      zoomScale = scale
      send(.zoomGesture(template: id, scale: Double(scale / previous)))
    }

    /// The driver highlighted another route choice of a trip preview: show that route's
    /// distance and time.
    public func mapTemplate(
      _ mapTemplate: CPMapTemplate, selectedPreviewFor trip: CPTrip,
      using routeChoice: CPRouteChoice
    ) {
      guard let route = routeChoice.userInfo as? String, let estimate = routeEstimates[route] else {
        return
      }
      mapTemplate.updateEstimates(Self.travelEstimates(estimate), for: trip)
    }

    /// The system ended guidance (the driver ended it from the system's interface, or another
    /// navigation app started guiding): the session is finished and is never fed again; the app
    /// is told so it stops guiding.
    public func mapTemplateDidCancelNavigation(_ mapTemplate: CPMapTemplate) {
      guard let id = id(of: mapTemplate) else { return }
      if let running = navigationSessions.removeValue(forKey: id) {
        cancelledTrips[id] = running.trip
      }
      send(.navigationCancelled(template: id))
    }

    /// The panning interface closed. When the bridge closed it (the app stopped panning) that is
    /// no news; when the system did, the app is told so its next update does not reopen it.
    public func mapTemplateDidDismissPanningInterface(_ mapTemplate: CPMapTemplate) {
      guard let id = id(of: mapTemplate) else { return }
      if closingPanning.remove(id) != nil { return }
      send(.panningDismissed(template: id))
    }

    /// The driver chose a route of a trip preview and pressed Go.
    public func mapTemplate(
      _ mapTemplate: CPMapTemplate, startedTrip trip: CPTrip, using routeChoice: CPRouteChoice
    ) {
      guard let id = id(of: mapTemplate), let tripID = trip.userInfo as? String,
        let route = routeChoice.userInfo as? String
      else { return }
      send(
        .tripStarted(
          template: id, trip: ElementID(rawValue: tripID), route: ElementID(rawValue: route)))
    }
  }

  // An isolated conformance (SE-0470): `CPNowPlayingTemplateObserver` is not main-actor isolated in
  // the SDK (only `CPNowPlayingTemplate` is), so a main-actor class can only conform with its
  // witnesses isolated to the main actor, which CarPlay honours: it calls the observers of the
  // main-thread-only template on the main thread, and the observer is registered from it.
  extension CarPlayBridge: @MainActor CPNowPlayingTemplateObserver {
    /// The driver tapped Up Next on the shared Now Playing template.
    public func nowPlayingTemplateUpNextButtonTapped(_ nowPlayingTemplate: CPNowPlayingTemplate) {
      send(.upNextPressed)
    }

    /// The driver tapped the album/artist button.
    public func nowPlayingTemplateAlbumArtistButtonTapped(
      _ nowPlayingTemplate: CPNowPlayingTemplate
    ) {
      send(.albumArtistPressed)
    }
  }

  extension CarPlayBridge: CPSearchTemplateDelegate {
    /// The driver typed: the session hears the text, and CarPlay's wait for results is answered
    /// by the search spec's next update (or at once, when the spec already has this query).
    public func searchTemplate(
      _ searchTemplate: CPSearchTemplate, updatedSearchText searchText: String,
      completionHandler: @escaping ([CPListItem]) -> Void
    ) {
      guard let id = id(of: searchTemplate) else { return completionHandler([]) }
      pendingSearch?.complete([])
      pendingSearch = (id, completionHandler)
      send(.searchTextChanged(template: id, text: searchText))
      if let model = screen, let spec = Self.find(id, in: model),
        case .search(let search) = spec.content,
        search.query == searchText
      {
        pendingSearch = nil
        completionHandler(search.results.map { listItem($0, in: id) })
      }
    }

    /// The driver chose a result: reported as a row selection whose completion the session calls.
    public func searchTemplate(
      _ searchTemplate: CPSearchTemplate, selectedResult item: CPListItem,
      completionHandler: @escaping () -> Void
    ) {
      guard let id = id(of: searchTemplate), let row = item.userInfo as? String else {
        return completionHandler()
      }
      send(
        .listItemSelected(
          template: id, item: ElementID(rawValue: row), ticket: ticket(for: completionHandler)))
    }
  }
#endif
