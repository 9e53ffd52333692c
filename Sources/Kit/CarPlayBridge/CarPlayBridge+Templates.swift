// Apple-only: compiled where CarPlay can be imported (on Linux, against the stand-ins in
// Apps/LinuxCheck/Stubs; Package.swift).
#if canImport(CarPlay)
  import CarPlay
  import CarSession
  import CarTemplates
  import CoreMedia
  import Foundation
  import MapKit
  import UIKit

  /// Spec → CarPlay object. Both `switch`es below cover every ``TemplateSpec/Content`` case and
  /// have no `default:`, so a new spec kind in the kit fails the type-check
  /// (`Apps/LinuxCheck/typecheck.sh`, run by `.ci/run`) until it is mapped here.
  extension CarPlayBridge {
    /// The CarPlay object for a spec, made once and registered under the spec's id.
    func template(for spec: TemplateSpec) -> CPTemplate {
      let object = make(spec)
      object.userInfo = spec.id.rawValue
      if let tab = spec.tab { apply(tab, to: object, of: spec) }
      objects[spec.id] = object
      return object
    }

    private func make(_ spec: TemplateSpec) -> CPTemplate {
      let id = spec.id
      switch spec.content {
      case .tabBar(let bar):
        let tabBar = CPTabBarTemplate(templates: bar.tabs.map { template(for: $0) })
        tabBar.delegate = self
        if bar.selectionIsInRange, !bar.tabs.isEmpty {
          tabBar.selectTemplate(at: bar.selectedIndex)
        }
        return tabBar
      case .list(let list):
        let object = CPListTemplate(
          title: list.title, listHeader: list.detailsHeader.map { header($0, in: id) },
          sections: sections(list, in: id),
          assistantCellConfiguration: list.assistantCell.map(assistant))
        configure(object, list, in: id)
        return object
      case .grid(let grid):
        let object = CPGridTemplate(
          title: grid.title, gridButtons: gridButtons(grid.buttons, in: id))
        bar(grid.navigationBar, on: object, in: id)
        return object
      case .information(let info):
        let object = CPInformationTemplate(
          title: info.title, layout: info.layout == .twoColumn ? .twoColumn : .leading,
          items: info.items.map(informationItem),
          actions: info.actions.map { textButton($0, in: id) }
        )
        bar(info.navigationBar, on: object, in: id)
        return object
      case .pointOfInterest(let poi):
        let object = CPPointOfInterestTemplate(
          title: poi.title, pointsOfInterest: poi.points.map { point($0, in: id) },
          selectedIndex: poi.selectedIndex ?? NSNotFound)
        object.pointOfInterestDelegate = self
        bar(poi.navigationBar, on: object, in: id)
        return object
      case .map(let map):
        let object = CPMapTemplate()
        object.mapDelegate = self
        // A new map template shows no previews and runs no session yet.
        shownPreviews[id] = nil
        configure(object, map, in: id)
        return object
      case .nowPlaying(let nowPlaying):
        let object = CPNowPlayingTemplate.shared
        configure(object, nowPlaying, in: id)
        return object
      case .alert(let alert):
        return CPAlertTemplate(
          titleVariants: alert.titleVariants.variants,
          actions: alert.actions.map { alertAction($0, in: id) })
      case .actionSheet(let sheet):
        return CPActionSheetTemplate(
          title: sheet.title, message: sheet.message,
          actions: sheet.actions.map { alertAction($0, in: id) })
      case .search:
        let object = CPSearchTemplate()
        object.delegate = self
        return object
      case .voiceControl(let voice):
        let object = CPVoiceControlTemplate(
          voiceControlStates: voice.states.map { state($0, in: id) })
        bar(voice.navigationBar, on: object, in: id)
        return object
      case .contact(let contact):
        let object = CPContactTemplate(contact: self.contact(contact, in: id))
        bar(contact.navigationBar, on: object, in: id)
        return object
      }
    }

    /// Patches a live object in place with the setters and update calls CarPlay offers
    /// (carplay-facts.md §1); what CarPlay cannot change in place is recorded, not faked.
    func update(_ object: CPTemplate, from old: TemplateSpec?, to spec: TemplateSpec) {
      let id = spec.id
      if let tab = spec.tab, old?.tab != tab { apply(tab, to: object, of: spec) }
      if old?.title != spec.title, !Self.hasTitleSetter(spec.content) {
        record(
          "\(spec.label): CarPlay has no title setter; the new title shows when it is pushed again")
      }
      switch spec.content {
      case .tabBar(let bar):
        guard let tabBar = object as? CPTabBarTemplate else { return }
        tabBar.updateTemplates(bar.tabs.map { objects[$0.id] ?? template(for: $0) })
      case .list(let list):
        guard let object = object as? CPListTemplate else { return }
        object.updateSections(sections(list, in: id))
        object.listHeader = list.detailsHeader.map { header($0, in: id) }
        object.assistantCellConfiguration = list.assistantCell.map(assistant)
        configure(object, list, in: id)
      case .grid(let grid):
        guard let object = object as? CPGridTemplate else { return }
        object.updateGridButtons(gridButtons(grid.buttons, in: id))
        object.updateTitle(grid.title ?? "")
        bar(grid.navigationBar, on: object, in: id)
      case .information(let info):
        guard let object = object as? CPInformationTemplate else { return }
        object.title = info.title
        object.items = info.items.map(informationItem)
        object.actions = info.actions.map { textButton($0, in: id) }
        bar(info.navigationBar, on: object, in: id)
      case .pointOfInterest(let poi):
        guard let object = object as? CPPointOfInterestTemplate else { return }
        object.title = poi.title
        // A card the driver closed (the template reads no selection) stays closed when the
        // app, not yet told, still selects the same point; the model keeps the app's selection
        // until ``reportClosedCards()`` tells the session before its next event.
        var selected = poi.selectedIndex
        if object.selectedIndex == NSNotFound, let index = selected,
          case .pointOfInterest(let before)? = old?.content,
          let previous = before.selectedIndex, before.points.indices.contains(previous),
          poi.points.indices.contains(index), before.points[previous].id == poi.points[index].id
        {
          selected = nil
        }
        object.setPointsOfInterest(
          poi.points.map { point($0, in: id) }, selectedIndex: selected ?? NSNotFound)
        bar(poi.navigationBar, on: object, in: id)
      case .map(let map):
        guard let object = object as? CPMapTemplate else { return }
        configure(object, map, in: id)
      case .nowPlaying(let nowPlaying):
        configure(CPNowPlayingTemplate.shared, nowPlaying, in: id)
      case .alert, .actionSheet:
        // No update API (carplay-facts.md §1.10, §1.11): the reconciler dismisses and presents
        // again instead, so an update never asks for this.
        record("\(spec.label): alerts and action sheets cannot change in place")
      case .search(let search):
        guard let pending = pendingSearch, pending.template == id else { return }
        pendingSearch = nil
        pending.complete(search.results.map { listItem($0, in: id) })
      case .voiceControl(let voice):
        guard let object = object as? CPVoiceControlTemplate else { return }
        if let active = voice.activeStateID {
          object.activateVoiceControlState(withIdentifier: active.rawValue)
        }
        bar(voice.navigationBar, on: object, in: id)
      case .contact(let contact):
        guard let object = object as? CPContactTemplate else { return }
        object.contact = self.contact(contact, in: id)
        bar(contact.navigationBar, on: object, in: id)
      }
    }

    /// A template's tab: title, icon (it wins over a system item), system item and badge
    /// (carplay-facts.md §1.0).
    private func apply(_ tab: TabAppearance, to object: CPTemplate, of spec: TemplateSpec) {
      object.tabTitle = tab.title
      object.tabImage = tab.image.flatMap { images.image($0, slot: .tab) }
      if let name = tab.systemItem {
        if let item = Self.systemItems[name] {
          object.tabSystemItem = item
        } else {
          record(
            "\(spec.label): no tab system item '\(name)'; expected one of "
              + Self.systemItems.keys.sorted().joined(separator: ", "))
        }
      }
      object.showsTabBadge = tab.showsBadge
    }

    /// UIKit's system tab items by the kit's names.
    static let systemItems: [String: UITabBarItem.SystemItem] = [
      "more": .more, "favorites": .favorites, "featured": .featured, "topRated": .topRated,
      "recents": .recents, "contacts": .contacts, "history": .history, "bookmarks": .bookmarks,
      "search": .search, "downloads": .downloads, "mostRecent": .mostRecent,
      "mostViewed": .mostViewed,
    ]

    /// Whether CarPlay can change the template's title after it is made.
    private static func hasTitleSetter(_ content: TemplateSpec.Content) -> Bool {
      switch content {
      case .grid, .information, .pointOfInterest, .tabBar, .map, .nowPlaying, .voiceControl,
        .contact, .search:
        true
      case .list, .alert, .actionSheet:
        false
      }
    }

    // MARK: - List

    private func configure(_ object: CPListTemplate, _ list: ListTemplateSpec, in id: TemplateID) {
      object.emptyViewTitleVariants = list.emptyViewTitleVariants.variants
      object.emptyViewSubtitleVariants = list.emptyViewSubtitleVariants.variants
      object.showsSpinnerWhileEmpty = list.showsSpinnerWhileEmpty
      object.headerGridButtons =
        list.headerGridButtons.isEmpty ? nil : gridButtons(list.headerGridButtons, in: id)
      bar(list.navigationBar, on: object, in: id)
    }

    private func sections(_ list: ListTemplateSpec, in id: TemplateID) -> [CPListSection] {
      list.sections.map { section in
        let items: [any CPListTemplateItem] = section.rows.map { row in
          switch row {
          case .item(let item): listItem(item, in: id)
          case .imageRow(let imageRow): self.imageRow(imageRow, in: id)
          }
        }
        if let subtitle = section.headerSubtitle {
          return CPListSection(
            items: items, header: section.header ?? "", headerSubtitle: subtitle, headerImage: nil,
            headerButton: nil, sectionIndexTitle: section.sectionIndexTitle)
        }
        return CPListSection(
          items: items, header: section.header, sectionIndexTitle: section.sectionIndexTitle)
      }
    }

    func listItem(_ spec: ListItemSpec, in template: TemplateID) -> CPListItem {
      var accessoryImage: UIImage?
      var accessoryType = CPListItemAccessoryType.none
      switch spec.accessory {
      case .none: accessoryType = .none
      case .disclosureIndicator: accessoryType = .disclosureIndicator
      case .cloud: accessoryType = .cloud
      case .image(let image): accessoryImage = images.image(image, slot: .listItem)
      }
      let item = CPListItem(
        text: spec.text, detailText: spec.detailText,
        image: spec.image.flatMap { images.image($0, slot: .listItem) },
        accessoryImage: accessoryImage, accessoryType: accessoryType)
      item.userInfo = spec.id.rawValue
      item.isEnabled = spec.isEnabled
      item.isExplicitContent = spec.isExplicitContent
      item.playbackProgress = CGFloat(spec.playbackProgress ?? 0)
      item.isPlaying = spec.isPlaying
      item.playingIndicatorLocation =
        spec.playingIndicatorLocation == .trailing ? .trailing : .leading
      item.playbackConfiguration = spec.playback.map(Self.playbackConfiguration)
      let row = spec.id
      item.handler = { [weak self] _, completion in
        guard let self else { return completion() }
        send(.listItemSelected(template: template, item: row, ticket: ticket(for: completion)))
      }
      return item
    }

    private func imageRow(_ spec: ImageRowSpec, in template: TemplateID) -> CPListImageRowItem {
      // iOS 26's element form (`init(text:images:imageTitles:)` is deprecated since iOS 26.0): one
      // row element per image, titled by the image title at its index when there is one.
      let elements = spec.images.enumerated().map { index, image in
        CPListImageRowItemRowElement(
          image: images.image(image, slot: .imageRow) ?? UIImage(),
          title: spec.imageTitles.indices.contains(index) ? spec.imageTitles[index] : nil,
          subtitle: nil)
      }
      let row = CPListImageRowItem(text: spec.text, elements: elements, allowsMultipleLines: false)
      row.userInfo = spec.id.rawValue
      let id = spec.id
      row.handler = { [weak self] _, completion in
        guard let self else { return completion() }
        send(.listItemSelected(template: template, item: id, ticket: ticket(for: completion)))
      }
      row.listImageRowHandler = { [weak self] _, index, completion in
        self?.send(.imageRowImageSelected(template: template, row: id, index: index))
        completion()
      }
      return row
    }

    private func header(_ spec: ListDetailsHeaderSpec, in template: TemplateID)
      -> CPListTemplateDetailsHeader
    {
      let header = CPListTemplateDetailsHeader(
        thumbnail: CPThumbnailImage(
          image: images.image(spec.thumbnail, slot: .header) ?? UIImage()),
        title: spec.title, subtitle: spec.subtitle,
        bodyVariants: spec.bodyVariants.variants.map { NSAttributedString(string: $0) },
        actionButtons: spec.actionButtons.map { button($0, in: template) })
      header.playbackConfiguration = spec.playback.map(Self.playbackConfiguration)
      return header
    }

    /// CarPlay's playback configuration (iOS 26.4) for the kit's: presentation, glyph, and the
    /// elapsed time and duration in seconds (duration 0 = unknown or live).
    static func playbackConfiguration(_ spec: PlaybackConfigurationSpec) -> CPPlaybackConfiguration
    {
      let presentation: CPPlaybackConfiguration.Presentation
      switch spec.preferredPresentation {
      case .none: presentation = .none
      case .audio: presentation = .audio
      case .video: presentation = .video
      }
      let action: CPPlaybackConfiguration.Action
      switch spec.playbackAction {
      case .none: action = .none
      case .play: action = .play
      case .pause: action = .pause
      case .replay: action = .replay
      }
      return CPPlaybackConfiguration(
        preferredPresentation: presentation, playbackAction: action,
        elapsedTime: CMTime(seconds: spec.elapsedTime, preferredTimescale: 600),
        duration: CMTime(seconds: spec.duration, preferredTimescale: 600))
    }

    private func assistant(_ spec: AssistantCellSpec) -> CPAssistantCellConfiguration {
      let position: CPListItem.AssistantCellPosition = spec.position == .bottom ? .bottom : .top
      let visibility: CPListItem.AssistantCellVisibility
      switch spec.visibility {
      case .off: visibility = .off
      case .whileLimitedUIActive: visibility = .whileLimitedUIActive
      case .always: visibility = .always
      }
      let action: CPAssistantCellActionType = spec.action == .startCall ? .startCall : .playMedia
      return CPAssistantCellConfiguration(
        position: position, visibility: visibility, assistantAction: action)
    }

    // MARK: - Buttons

    /// Sets the navigation-bar buttons; CarPlay shows the first 2 on each side.
    func bar(
      _ spec: NavigationBarSpec, on object: some CPBarButtonProviding, in template: TemplateID
    ) {
      object.leadingNavigationBarButtons = spec.leading.map { barButton($0, in: template) }
      object.trailingNavigationBarButtons = spec.trailing.map { barButton($0, in: template) }
      object.backButton = spec.backButton.map { barButton($0, in: template) }
    }

    private func barButton(_ spec: BarButtonSpec, in template: TemplateID) -> CPBarButton {
      let id = spec.id
      let handler: (CPBarButton) -> Void = { [weak self] _ in
        self?.send(.buttonPressed(template: template, button: id))
      }
      // The title wins when both are set (carplay-facts.md §1.0).
      let button: CPBarButton
      if let title = spec.title {
        button = CPBarButton(title: title, handler: handler)
      } else {
        let image = spec.image.flatMap { images.image($0, slot: .barButton) } ?? UIImage()
        button = CPBarButton(image: image, handler: handler)
      }
      button.isEnabled = spec.isEnabled
      button.buttonStyle = spec.style == .rounded ? .rounded : .none
      return button
    }

    /// A `CPButton` (details header, voice control state) for a bar-button spec.
    private func button(_ spec: BarButtonSpec, in template: TemplateID) -> CPButton {
      let id = spec.id
      let image = spec.image.flatMap { images.image($0, slot: .button) } ?? UIImage()
      let button = CPButton(image: image) { [weak self] _ in
        self?.send(.buttonPressed(template: template, button: id))
      }
      button.title = spec.title
      button.isEnabled = spec.isEnabled
      return button
    }

    private func textButton(_ spec: TextButtonSpec, in template: TemplateID) -> CPTextButton {
      let style: CPTextButtonStyle
      switch spec.style {
      case .normal: style = .normal
      case .cancel: style = .cancel
      case .confirm: style = .confirm
      }
      let id = spec.id
      return CPTextButton(title: spec.title, textStyle: style) { [weak self] _ in
        self?.send(.buttonPressed(template: template, button: id))
      }
    }

    private func gridButtons(_ specs: [GridButtonSpec], in template: TemplateID) -> [CPGridButton] {
      specs.map { spec in
        let id = spec.id
        // A button without an image is not shown by CarPlay (carplay-facts.md §1.2); the empty
        // image keeps that behaviour rather than inventing an icon.
        let image = spec.image.flatMap { images.image($0, slot: .gridButton) } ?? UIImage()
        let button = CPGridButton(titleVariants: spec.titleVariants.variants, image: image) {
          [weak self] _ in
          self?.send(.buttonPressed(template: template, button: id))
        }
        button.isEnabled = spec.isEnabled
        return button
      }
    }

    private func alertAction(_ spec: AlertActionSpec, in template: TemplateID) -> CPAlertAction {
      let style: CPAlertAction.Style
      switch spec.style {
      case .default: style = .default
      case .cancel: style = .cancel
      case .destructive: style = .destructive
      }
      let id = spec.id
      return CPAlertAction(title: spec.title, style: style) { [weak self] _ in
        self?.modalActionChosen(template, id)
      }
    }

    // MARK: - Information, points, map, Now Playing, voice, contact

    private func informationItem(_ spec: InformationItemSpec) -> CPInformationItem {
      if let rating = spec.rating {
        return CPInformationRatingItem(
          rating: NSNumber(value: rating),
          maximumRating: spec.maximumRating.map { NSNumber(value: $0) },
          title: spec.title, detail: spec.detail)
      }
      return CPInformationItem(title: spec.title, detail: spec.detail)
    }

    private func point(_ spec: PointOfInterestSpec, in template: TemplateID) -> CPPointOfInterest {
      let item = MapsHandOff.mapItem(spec.location, name: spec.title)
      let point = CPPointOfInterest(
        location: item, title: spec.title, subtitle: spec.subtitle, summary: spec.summary,
        detailTitle: spec.detailTitle, detailSubtitle: spec.detailSubtitle,
        detailSummary: spec.detailSummary,
        pinImage: spec.pinImage.flatMap { images.image($0, slot: .pin) },
        selectedPinImage: spec.selectedPinImage.flatMap { images.image($0, slot: .pin) })
      point.userInfo = spec.id.rawValue
      point.primaryButton = spec.primaryButton.map { textButton($0, in: template) }
      point.secondaryButton = spec.secondaryButton.map { textButton($0, in: template) }
      return point
    }

    private func configure(_ object: CPMapTemplate, _ map: MapTemplateSpec, in id: TemplateID) {
      bar(map.navigationBar, on: object, in: id)
      object.automaticallyHidesNavigationBar = map.automaticallyHidesNavigationBar
      object.mapButtons = map.mapButtons.map { spec in
        let button = spec.id
        let object = CPMapButton { [weak self] _ in
          self?.send(.buttonPressed(template: id, button: button))
        }
        object.image = spec.image.flatMap { images.image($0, slot: .mapButton) }
        object.focusedImage = spec.focusedImage.flatMap { images.image($0, slot: .mapButton) }
        object.isEnabled = spec.isEnabled
        object.isHidden = spec.isHidden
        return object
      }
      if map.isPanning != object.isPanningInterfaceVisible {
        if map.isPanning {
          object.showPanningInterface(animated: true)
        } else {
          // CarPlay tells the delegate of this dismissal too; it is the app's own.
          closingPanning.insert(id)
          object.dismissPanningInterface(animated: true)
        }
      }
      // Previews are shown again only when they change: showing them resets the route choice
      // the driver highlighted to each trip's first.
      if map.tripPreviews != (shownPreviews[id] ?? []) {
        shownPreviews[id] = map.tripPreviews
        if map.tripPreviews.isEmpty {
          object.hideTripPreviews()
          return guide(object, map.navigationSession, in: id)
        }
        let previews = map.tripPreviews.map(trip)
        object.showTripPreviews(previews, textConfiguration: nil)
        // CarPlay highlights each trip's first route choice; show its estimates until the
        // driver highlights another (`mapTemplate(_:selectedPreviewFor:using:)`).
        for (made, spec) in zip(previews, map.tripPreviews) {
          if let estimate = spec.routeChoices.first?.estimate {
            object.updateEstimates(Self.travelEstimates(estimate), for: made)
          }
        }
      }
      guide(object, map.navigationSession, in: id)
    }

    /// CarPlay's estimates value for the kit's numbers (metres, seconds).
    static func travelEstimates(_ spec: TravelEstimateSpec) -> CPTravelEstimates {
      CPTravelEstimates(
        distanceRemaining: Measurement(value: spec.metres, unit: UnitLength.meters),
        timeRemaining: spec.seconds)
    }

    /// Starts, updates or finishes the template's navigation session: the upcoming maneuvers
    /// with their estimates, and the trip's remaining distance and time.
    private func guide(
      _ object: CPMapTemplate, _ spec: NavigationSessionSpec?, in id: TemplateID
    ) {
      guard let spec else {
        navigationSessions.removeValue(forKey: id)?.session.finishTrip()
        cancelledTrips[id] = nil
        return
      }
      if cancelledTrips[id] == spec.tripID {
        // The system cancelled this trip's guidance; feeding or restarting it would fight the
        // system until the app, told by `navigationCancelled`, stops guiding.
        return
      }
      cancelledTrips[id] = nil
      var running = navigationSessions[id]
      if running?.trip != spec.tripID {
        running?.session.finishTrip()
        guard let trip = trips[spec.tripID] else {
          record("\(id): guidance for trip '\(spec.tripID)' that was never previewed")
          return
        }
        running = (spec.tripID, object.startNavigationSession(for: trip))
        navigationSessions[id] = running
      }
      guard let session = running?.session else { return }
      let maneuvers = spec.upcomingManeuvers.map { maneuver in
        let made = CPManeuver()
        made.instructionVariants = maneuver.instructionVariants.variants
        made.symbolImage = images.image(maneuver.symbol, slot: .maneuver)
        made.initialTravelEstimates = maneuver.estimate.map(Self.travelEstimates)
        made.userInfo = maneuver.id.rawValue
        return made
      }
      session.upcomingManeuvers = maneuvers
      if let next = maneuvers.first, let estimate = spec.upcomingManeuvers.first?.estimate {
        session.updateEstimates(Self.travelEstimates(estimate), for: next)
      }
      if let trip = trips[spec.tripID], let estimate = spec.tripEstimate {
        object.updateEstimates(Self.travelEstimates(estimate), for: trip)
      }
    }

    private func trip(_ spec: TripPreviewSpec) -> CPTrip {
      let choices = spec.routeChoices.map { route in
        routeEstimates[route.id.rawValue] = route.estimate
        let choice = CPRouteChoice(
          summaryVariants: route.summaryVariants.variants,
          additionalInformationVariants: route.additionalInformationVariants.variants,
          selectionSummaryVariants: route.summaryVariants.variants.suffix(1).map { $0 })
        choice.userInfo = route.id.rawValue
        return choice
      }
      // The iOS 26.4 waypoint form (`init(origin:destination:routeChoices:)` is deprecated at 26.4)
      // with no entry points: the waypoint is the map item's location. Swift sees the array form
      // of the header's NS_REFINED_FOR_SWIFT pointer-and-count initializer.
      let origin = CPNavigationWaypoint(
        mapItem: MapsHandOff.currentLocationItem(), locationThreshold: nil, entryPoints: [])
      let destination = CPNavigationWaypoint(
        mapItem: MapsHandOff.mapItem(spec.destination, name: spec.destinationName),
        locationThreshold: nil, entryPoints: [])
      let trip = CPTrip(
        originWaypoint: origin, destinationWaypoint: destination, routeChoices: choices)
      trip.userInfo = spec.id.rawValue
      trips[spec.id] = trip
      return trip
    }

    private func configure(
      _ object: CPNowPlayingTemplate, _ spec: NowPlayingTemplateSpec, in id: TemplateID
    ) {
      object.isUpNextButtonEnabled = spec.isUpNextButtonEnabled
      object.upNextTitle = spec.upNextTitle ?? ""
      object.isAlbumArtistButtonEnabled = spec.isAlbumArtistButtonEnabled
      object.updateNowPlayingButtons(
        spec.buttons.map { button in
          let element = button.id
          let handler: (CPNowPlayingButton) -> Void = { [weak self] _ in
            self?.send(.buttonPressed(template: id, button: element))
          }
          let made: CPNowPlayingButton
          // Never the base class (carplay-facts.md §8).
          switch button.kind {
          case .shuffle: made = CPNowPlayingShuffleButton(handler: handler)
          case .repeat: made = CPNowPlayingRepeatButton(handler: handler)
          case .playbackRate: made = CPNowPlayingPlaybackRateButton(handler: handler)
          case .addToLibrary: made = CPNowPlayingAddToLibraryButton(handler: handler)
          case .more: made = CPNowPlayingMoreButton(handler: handler)
          case .image(let image):
            made = CPNowPlayingImageButton(
              image: images.image(image, slot: .nowPlayingButton) ?? UIImage(), handler: handler)
            made.isSelected = button.isSelected
          }
          made.isEnabled = button.isEnabled
          return made
        })
    }

    private func state(_ spec: VoiceControlStateSpec, in template: TemplateID)
      -> CPVoiceControlState
    {
      let state = CPVoiceControlState(
        identifier: spec.id.rawValue, titleVariants: spec.titleVariants.variants,
        image: spec.image.flatMap { images.image($0, slot: .voiceState) }, repeats: spec.repeats)
      state.actionButtons = spec.actionButtons.map { button($0, in: template) }
      return state
    }

    private func contact(_ spec: ContactTemplateSpec, in template: TemplateID) -> CPContact {
      let contact = CPContact(
        name: spec.name, image: spec.image.flatMap { images.image($0, slot: .contact) } ?? UIImage()
      )
      contact.subtitle = spec.subtitle
      contact.informativeText = spec.informativeText
      contact.actions = spec.actions.map { action in
        let id = action.id
        let handler: (CPButton) -> Void = { [weak self] _ in
          self?.send(.buttonPressed(template: template, button: id))
        }
        switch action.kind {
        case .call: return CPContactCallButton(handler: handler)
        case .message(let address): return CPContactMessageButton(phoneOrEmail: address)
        case .directions: return CPContactDirectionsButton(handler: handler)
        case .custom(let title, let image):
          let button = CPButton(
            image: images.image(image, slot: .contact) ?? UIImage(), handler: handler)
          button.title = title
          return button
        }
      }
      return contact
    }
  }
#endif
