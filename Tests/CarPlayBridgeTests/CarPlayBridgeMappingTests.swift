import CarPlay
@testable import CarPlayBridge
import CarSession
import CarTemplates
import CoreMedia
import Foundation
import Geo
import MapKit
import Testing
import UIKit

/// Spec → `CP…` object, field by field: each test builds a template spec with every field set,
/// maps it through the bridge onto the Linux stand-ins (which keep what is set on them), checks
/// where every field landed, and fails when the spec has a field no check names — a spec field
/// the bridge ignores, or a new one nobody mapped.
@Suite("CarPlay bridge mapping")
@MainActor
struct CarPlayBridgeMappingTests {
  // MARK: - Fixtures

  /// What the bridge sent to the session.
  final class Events {
    var list: [HostEvent] = []
  }

  /// A bridge connected to a stand-in car.
  func connected() -> (CarPlayBridge, CPInterfaceController, Events) {
    let bridge = CarPlayBridge()
    let events = Events()
    bridge.eventHandler = { events.list.append($0) }
    let controller = CPInterfaceController(standInTraits: UITraitCollection(standInDisplayScale: 2))
    bridge.connect(controller, scene: CPTemplateApplicationScene(), window: nil)
    events.list = []
    return (bridge, controller, events)
  }

  static let symbol = CarImage(.symbol, "bolt.car")
  static let asset = CarImage(.asset, "StationPin")

  static func bar(_ id: String) -> NavigationBarSpec {
    NavigationBarSpec(
      leading: [
        BarButtonSpec(
          id: ElementID("\(id)-lead"), title: "Filter", style: .rounded, isEnabled: false)
      ],
      trailing: [BarButtonSpec(id: ElementID("\(id)-trail"), image: symbol)],
      backButton: BarButtonSpec(id: ElementID("\(id)-back"), title: "Back"))
  }

  static let playback = PlaybackConfigurationSpec(
    preferredPresentation: .video, playbackAction: .pause, elapsedTime: 12.5, duration: 300)

  static func name(_ image: UIImage?) -> String? { image?.standInName }

  /// Checks a navigation bar's buttons and the events their taps send.
  func checkBar(
    _ spec: NavigationBarSpec, on object: some CPBarButtonProviding, template: TemplateID,
    events: Events, _ coverage: inout FieldCoverage
  ) {
    let buttons = object.leadingNavigationBarButtons + object.trailingNavigationBarButtons
    let specs = spec.leading + spec.trailing
    coverage.check(
      "NavigationBarSpec.leading", object.leadingNavigationBarButtons.count == spec.leading.count)
    coverage.check(
      "NavigationBarSpec.trailing", object.trailingNavigationBarButtons.count == spec.trailing.count
    )
    coverage.check(
      "NavigationBarSpec.backButton", object.backButton?.title == spec.backButton?.title)
    for (made, spec) in zip(buttons, specs) {
      coverage.check("BarButtonSpec.title", made.title == spec.title)
      if spec.title == nil {
        coverage.check("BarButtonSpec.image", Self.name(made.image) == spec.image?.name)
      }
      coverage.check(
        "BarButtonSpec.style", made.buttonStyle == (spec.style == .rounded ? .rounded : .none))
      coverage.check("BarButtonSpec.isEnabled", made.isEnabled == spec.isEnabled)
      events.list = []
      made.standInHandler?(made)
      coverage.check(
        "BarButtonSpec.id", events.list == [.buttonPressed(template: template, button: spec.id)])
    }
  }

  /// Checks a `CPButton` made from a bar-button spec (details header, voice control state).
  func checkButton(
    _ made: CPButton, _ spec: BarButtonSpec, template: TemplateID, events: Events,
    _ coverage: inout FieldCoverage
  ) {
    coverage.check("BarButtonSpec.title", made.title == spec.title)
    coverage.check("BarButtonSpec.image", Self.name(made.image) == spec.image?.name)
    coverage.check("BarButtonSpec.isEnabled", made.isEnabled == spec.isEnabled)
    // CPButton has no style: only bar buttons are rounded (carplay-facts.md §1.0).
    coverage.elsewhere("BarButtonSpec.style", because: "CPButton has no button style")
    events.list = []
    made.standInHandler?(made)
    coverage.check(
      "BarButtonSpec.id", events.list == [.buttonPressed(template: template, button: spec.id)])
  }

  func checkPlayback(
    _ made: CPPlaybackConfiguration?, _ spec: PlaybackConfigurationSpec?,
    _ coverage: inout FieldCoverage
  ) {
    let presentations:
      [PlaybackConfigurationSpec.Presentation: CPPlaybackConfiguration.Presentation] = [
      .none: .none, .audio: .audio, .video: .video,
    ]
    let actions: [PlaybackConfigurationSpec.Action: CPPlaybackConfiguration.Action] = [
      .none: .none, .play: .play, .pause: .pause, .replay: .replay,
    ]
    guard let spec else { return #expect(made == nil) }
    coverage.check(
      "PlaybackConfigurationSpec.preferredPresentation",
      made?.preferredPresentation == presentations[spec.preferredPresentation])
    coverage.check(
      "PlaybackConfigurationSpec.playbackAction",
      made?.playbackAction == actions[spec.playbackAction])
    coverage.check(
      "PlaybackConfigurationSpec.elapsedTime", made?.elapsedTime.seconds == spec.elapsedTime)
    coverage.check("PlaybackConfigurationSpec.duration", made?.duration.seconds == spec.duration)
  }

  func checkListItem(
    _ made: CPListItem, _ spec: ListItemSpec, template: TemplateID, events: Events,
    _ coverage: inout FieldCoverage
  ) {
    coverage.check("ListItemSpec.id", made.userInfo as? String == spec.id.rawValue)
    coverage.check("ListItemSpec.text", made.text == spec.text)
    coverage.check("ListItemSpec.detailText", made.detailText == spec.detailText)
    coverage.check("ListItemSpec.image", Self.name(made.image) == spec.image?.name)
    switch spec.accessory {
    case .image(let image):
      coverage.check("ListItemSpec.accessory", Self.name(made.accessoryImage) == image.name)
    case .none: coverage.check("ListItemSpec.accessory", made.accessoryType == .none)
    case .disclosureIndicator:
      coverage.check("ListItemSpec.accessory", made.accessoryType == .disclosureIndicator)
    case .cloud: coverage.check("ListItemSpec.accessory", made.accessoryType == .cloud)
    }
    coverage.check("ListItemSpec.isEnabled", made.isEnabled == spec.isEnabled)
    coverage.check(
      "ListItemSpec.isExplicitContent", made.isExplicitContent == spec.isExplicitContent)
    coverage.check(
      "ListItemSpec.playbackProgress", made.playbackProgress == CGFloat(spec.playbackProgress ?? 0))
    coverage.check("ListItemSpec.isPlaying", made.isPlaying == spec.isPlaying)
    coverage.check(
      "ListItemSpec.playingIndicatorLocation",
      made.playingIndicatorLocation
        == (spec.playingIndicatorLocation == .trailing ? .trailing : .leading))
    coverage.check(
      "ListItemSpec.playback", (made.playbackConfiguration != nil) == (spec.playback != nil))
    checkPlayback(made.playbackConfiguration, spec.playback, &coverage)
    events.list = []
    var completed = false
    made.handler?(made) { completed = true }
    guard case .listItemSelected(let t, let item, let ticket) = events.list.first else {
      return #expect(Bool(false), "a tap on row '\(spec.id)' sent \(events.list)")
    }
    #expect(t == template && item == spec.id)
    _ = ticket
    #expect(!completed, "the row keeps spinning until the session completes its ticket")
  }

  func expectComplete(_ coverage: FieldCoverage, _ sample: TemplateSpec) {
    let (unmapped, empty) = coverage.unmapped(in: sample)
    #expect(unmapped == [], "spec fields that land nowhere in the CarPlay object")
    #expect(empty == [], "the sample must set every optional and fill every array")
  }

  // MARK: - List

  @Test(
    "every field of a list spec lands in the CPListTemplate, its sections, rows, header and buttons"
  )
  func listFieldsLand() throws {
    let (bridge, _, events) = connected()
    let item = ListItemSpec(
      id: "row-1", text: "Ionity Hilden", detailText: "350 kW · 4 free", image: Self.asset,
      accessory: .image(Self.symbol), isEnabled: false, isExplicitContent: true,
      playbackProgress: 0.25, isPlaying: true, playingIndicatorLocation: .trailing,
      playback: Self.playback)
    let imageRow = ImageRowSpec(
      id: "row-2", text: "Recent", images: [Self.symbol, Self.asset], imageTitles: ["A", "B"])
    let header = ListDetailsHeaderSpec(
      thumbnail: Self.asset, title: "Album", subtitle: "Artist",
      bodyVariants: ["Long body", "Body"],
      actionButtons: [
        BarButtonSpec(id: "play-all", title: "Play", image: Self.symbol, isEnabled: false)
      ],
      playback: PlaybackConfigurationSpec(preferredPresentation: .audio, playbackAction: .play))
    let list = ListTemplateSpec(
      title: "Nearby",
      sections: [
        ListSectionSpec(
          header: "Fast", headerSubtitle: "Within 10 km", sectionIndexTitle: "F",
          rows: [.item(item), .imageRow(imageRow)])
      ],
      emptyViewTitleVariants: ["No stations", "None"], emptyViewSubtitleVariants: ["Zoom out"],
      showsSpinnerWhileEmpty: true,
      headerGridButtons: [
        GridButtonSpec(id: "pin-1", titleVariants: ["Home"], image: Self.symbol, isEnabled: false)
      ],
      detailsHeader: header,
      assistantCell: AssistantCellSpec(
        position: .bottom, visibility: .whileLimitedUIActive, action: .startCall),
      navigationBar: Self.bar("list"))
    let spec = TemplateSpec(
      id: "nearby",
      tab: TabAppearance(
        title: "Near", image: Self.symbol, systemItem: "favorites", showsBadge: true),
      .list(list))
    var coverage = FieldCoverage()

    let object = try #require(bridge.template(for: spec) as? CPListTemplate)
    checkTemplate(object, spec, &coverage)
    coverage.check("ListTemplateSpec.title", object.title == list.title)
    coverage.check("ListTemplateSpec.sections", object.sections.count == 1)
    let section = try #require(object.sections.first)
    coverage.check("ListSectionSpec.header", section.header == "Fast")
    coverage.check("ListSectionSpec.headerSubtitle", section.headerSubtitle == "Within 10 km")
    coverage.check("ListSectionSpec.sectionIndexTitle", section.sectionIndexTitle == "F")
    coverage.check("ListSectionSpec.rows", section.items.count == 2)
    let row = try #require(section.items.first as? CPListItem)
    checkListItem(row, item, template: spec.id, events: events, &coverage)
    let images = try #require(section.items.last as? CPListImageRowItem)
    coverage.check("ImageRowSpec.id", images.userInfo as? String == "row-2")
    coverage.check("ImageRowSpec.text", images.text == "Recent")
    coverage.check(
      "ImageRowSpec.images",
      images.elements.map { Self.name($0.image) } == ["bolt.car", "StationPin"])
    coverage.check(
      "ImageRowSpec.imageTitles",
      images.elements.compactMap { ($0 as? CPListImageRowItemRowElement)?.title } == ["A", "B"])
    events.list = []
    images.listImageRowHandler?(images, 1) {}
    #expect(events.list == [.imageRowImageSelected(template: "nearby", row: "row-2", index: 1)])

    coverage.check(
      "ListTemplateSpec.emptyViewTitleVariants",
      object.emptyViewTitleVariants == ["No stations", "None"])
    coverage.check(
      "ListTemplateSpec.emptyViewSubtitleVariants", object.emptyViewSubtitleVariants == ["Zoom out"]
    )
    coverage.check("ListTemplateSpec.showsSpinnerWhileEmpty", object.showsSpinnerWhileEmpty)
    coverage.check("ListTemplateSpec.headerGridButtons", object.headerGridButtons?.count == 1)
    let pinned = try #require(object.headerGridButtons?.first)
    checkGridButton(pinned, list.headerGridButtons[0], template: spec.id, events: events, &coverage)

    coverage.check("ListTemplateSpec.detailsHeader", object.listHeader != nil)
    let made = try #require(object.listHeader)
    coverage.check(
      "ListDetailsHeaderSpec.thumbnail", Self.name(made.thumbnail.image) == "StationPin")
    coverage.check("ListDetailsHeaderSpec.title", made.title == "Album")
    coverage.check("ListDetailsHeaderSpec.subtitle", made.subtitle == "Artist")
    coverage.check(
      "ListDetailsHeaderSpec.bodyVariants",
      made.bodyVariants.map(\.string) == ["Long body", "Body"])
    coverage.check("ListDetailsHeaderSpec.actionButtons", made.actionButtons.count == 1)
    checkButton(
      made.actionButtons[0], header.actionButtons[0], template: spec.id, events: events, &coverage)
    coverage.check("ListDetailsHeaderSpec.playback", made.playbackConfiguration != nil)
    checkPlayback(made.playbackConfiguration, header.playback, &coverage)

    coverage.check("ListTemplateSpec.assistantCell", object.assistantCellConfiguration != nil)
    coverage.check(
      "AssistantCellSpec.position", object.assistantCellConfiguration?.position == .bottom)
    coverage.check(
      "AssistantCellSpec.visibility",
      object.assistantCellConfiguration?.visibility == .whileLimitedUIActive)
    coverage.check(
      "AssistantCellSpec.action", object.assistantCellConfiguration?.assistantAction == .startCall)
    coverage.check("ListTemplateSpec.navigationBar", true)
    checkBar(list.navigationBar, on: object, template: spec.id, events: events, &coverage)
    expectComplete(coverage, spec)
  }

  /// The fields every template spec has: its id (`userInfo`), kind and tab.
  func checkTemplate(_ object: CPTemplate, _ spec: TemplateSpec, _ coverage: inout FieldCoverage) {
    coverage.check("TemplateSpec.id", object.userInfo as? String == spec.id.rawValue)
    coverage.check(
      "TemplateSpec.content", String(describing: type(of: object)) == spec.kind.className)
    guard let tab = spec.tab else {
      return coverage.elsewhere("TemplateSpec.tab", because: "checked by the list and tab bar tests")
    }
    coverage.check("TemplateSpec.tab", true)
    coverage.check("TabAppearance.title", object.tabTitle == tab.title)
    coverage.check("TabAppearance.image", Self.name(object.tabImage) == tab.image?.name)
    coverage.check(
      "TabAppearance.systemItem",
      tab.systemItem.flatMap { CarPlayBridge.systemItems[$0] } == object.tabSystemItem)
    coverage.check("TabAppearance.showsBadge", object.showsTabBadge == tab.showsBadge)
  }

  func checkGridButton(
    _ made: CPGridButton, _ spec: GridButtonSpec, template: TemplateID, events: Events,
    _ coverage: inout FieldCoverage
  ) {
    coverage.check(
      "GridButtonSpec.titleVariants", made.titleVariants == spec.titleVariants.variants)
    coverage.check("GridButtonSpec.image", Self.name(made.image) == spec.image?.name)
    coverage.check("GridButtonSpec.isEnabled", made.isEnabled == spec.isEnabled)
    events.list = []
    made.standInHandler?(made)
    coverage.check(
      "GridButtonSpec.id", events.list == [.buttonPressed(template: template, button: spec.id)])
  }

  // MARK: - Grid, tab bar, information

  @Test("every field of a grid spec lands in the CPGridTemplate and its buttons")
  func gridFieldsLand() throws {
    let (bridge, _, events) = connected()
    let grid = GridTemplateSpec(
      title: "Filters",
      buttons: [
        GridButtonSpec(
          id: "fast", titleVariants: ["Fast chargers", "Fast"], image: Self.symbol, isEnabled: false
        )
      ],
      navigationBar: Self.bar("grid"))
    let spec = TemplateSpec(id: "filters", .grid(grid))
    var coverage = FieldCoverage()
    let object = try #require(bridge.template(for: spec) as? CPGridTemplate)
    checkTemplate(object, spec, &coverage)
    coverage.check("GridTemplateSpec.title", object.title == "Filters")
    coverage.check("GridTemplateSpec.buttons", object.gridButtons.count == 1)
    checkGridButton(
      object.gridButtons[0], grid.buttons[0], template: spec.id, events: events, &coverage)
    coverage.check("GridTemplateSpec.navigationBar", true)
    checkBar(grid.navigationBar, on: object, template: spec.id, events: events, &coverage)
    expectComplete(coverage, spec)
  }

  @Test("every field of a tab bar spec lands in the CPTabBarTemplate: its tabs and the selection")
  func tabBarFieldsLand() throws {
    let (bridge, _, _) = connected()
    let tabs = [
      TemplateSpec(
        id: "a",
        tab: TabAppearance(title: "A", image: Self.symbol, systemItem: "search", showsBadge: true),
        .grid(GridTemplateSpec(title: "A", buttons: []))),
      TemplateSpec(id: "b", .grid(GridTemplateSpec(title: "B", buttons: []))),
    ]
    let spec = TemplateSpec(id: "tabs", .tabBar(TabBarTemplateSpec(tabs: tabs, selectedIndex: 1)))
    var coverage = FieldCoverage()
    let object = try #require(bridge.template(for: spec) as? CPTabBarTemplate)
    checkTemplate(object, spec, &coverage)
    coverage.check(
      "TabBarTemplateSpec.tabs", object.templates.map { $0.userInfo as? String } == ["a", "b"])
    coverage.check(
      "TabBarTemplateSpec.selectedIndex", object.selectedTemplate === object.templates[1])
    checkTemplate(object.templates[0], tabs[0], &coverage)
    // The grids inside are checked by the grid test; here only that they are there.
    coverage.elsewhere(type: "GridTemplateSpec", because: "checked by the grid test")
    coverage.elsewhere(type: "NavigationBarSpec", because: "checked by the grid test")
    expectComplete(coverage, spec)
  }

  @Test(
    "every field of an information spec lands in the CPInformationTemplate, its items and actions")
  func informationFieldsLand() throws {
    let (bridge, _, events) = connected()
    let info = InformationTemplateSpec(
      title: "Ionity Hilden", layout: .twoColumn,
      items: [
        InformationItemSpec(
          id: "rating", title: "Rating", detail: "4.5", rating: 4.5, maximumRating: 5)
      ],
      actions: [TextButtonSpec(id: "go", title: "Navigate", style: .confirm)],
      navigationBar: Self.bar("info"))
    let spec = TemplateSpec(id: "station", .information(info))
    var coverage = FieldCoverage()
    let object = try #require(bridge.template(for: spec) as? CPInformationTemplate)
    checkTemplate(object, spec, &coverage)
    coverage.check("InformationTemplateSpec.title", object.title == "Ionity Hilden")
    coverage.check("InformationTemplateSpec.layout", object.layout == .twoColumn)
    coverage.check("InformationTemplateSpec.items", object.items.count == 1)
    let item = try #require(object.items.first as? CPInformationRatingItem)
    coverage.check("InformationItemSpec.title", item.title == "Rating")
    coverage.check("InformationItemSpec.detail", item.detail == "4.5")
    coverage.check("InformationItemSpec.rating", item.rating?.doubleValue == 4.5)
    coverage.check("InformationItemSpec.maximumRating", item.maximumRating?.intValue == 5)
    coverage.elsewhere(
      "InformationItemSpec.id", because: "CPInformationItem has no userInfo and is not tappable")
    coverage.check("InformationTemplateSpec.actions", object.actions.count == 1)
    checkTextButton(
      object.actions[0], info.actions[0], template: spec.id, events: events, &coverage)
    coverage.check("InformationTemplateSpec.navigationBar", true)
    checkBar(info.navigationBar, on: object, template: spec.id, events: events, &coverage)
    expectComplete(coverage, spec)
  }

  func checkTextButton(
    _ made: CPTextButton, _ spec: TextButtonSpec, template: TemplateID, events: Events,
    _ coverage: inout FieldCoverage
  ) {
    let styles: [TextButtonSpec.Style: CPTextButtonStyle] = [
      .normal: .normal, .cancel: .cancel, .confirm: .confirm,
    ]
    coverage.check("TextButtonSpec.title", made.title == spec.title)
    coverage.check("TextButtonSpec.style", made.textStyle == styles[spec.style])
    events.list = []
    made.standInHandler?(made)
    coverage.check(
      "TextButtonSpec.id", events.list == [.buttonPressed(template: template, button: spec.id)])
  }

  // MARK: - Points of interest and map

  static let point = PointOfInterestSpec(
    id: "poi-1", location: Coordinate(latitude: 51.17, longitude: 6.93), title: "Ionity",
    subtitle: "350 kW", summary: "4 free", detailTitle: "Ionity Hilden", detailSubtitle: "A3",
    detailSummary: "Open 24 h", pinImage: asset, selectedPinImage: symbol,
    primaryButton: TextButtonSpec(id: "nav", title: "Go"),
    secondaryButton: TextButtonSpec(id: "info", title: "Info", style: .cancel))

  @Test(
    "every field of a point-of-interest spec lands in the CPPointOfInterestTemplate and its points")
  func pointFieldsLand() throws {
    let (bridge, _, events) = connected()
    let poi = PointOfInterestTemplateSpec(
      title: "Chargers", points: [Self.point], selectedIndex: 0, navigationBar: Self.bar("poi"))
    let spec = TemplateSpec(id: "map-pois", .pointOfInterest(poi))
    var coverage = FieldCoverage()
    let object = try #require(bridge.template(for: spec) as? CPPointOfInterestTemplate)
    checkTemplate(object, spec, &coverage)
    coverage.check("PointOfInterestTemplateSpec.title", object.title == "Chargers")
    coverage.check("PointOfInterestTemplateSpec.points", object.pointsOfInterest.count == 1)
    coverage.check("PointOfInterestTemplateSpec.selectedIndex", object.selectedIndex == 0)
    let made = object.pointsOfInterest[0]
    let at = made.location.standInLocation?.coordinate
    coverage.check("PointOfInterestSpec.id", made.userInfo as? String == "poi-1")
    coverage.check("PointOfInterestSpec.location", at?.latitude == 51.17 && at?.longitude == 6.93)
    coverage.check("PointOfInterestSpec.title", made.title == "Ionity")
    coverage.check("PointOfInterestSpec.subtitle", made.subtitle == "350 kW")
    coverage.check("PointOfInterestSpec.summary", made.summary == "4 free")
    coverage.check("PointOfInterestSpec.detailTitle", made.detailTitle == "Ionity Hilden")
    coverage.check("PointOfInterestSpec.detailSubtitle", made.detailSubtitle == "A3")
    coverage.check("PointOfInterestSpec.detailSummary", made.detailSummary == "Open 24 h")
    coverage.check("PointOfInterestSpec.pinImage", Self.name(made.pinImage) == "StationPin")
    coverage.check(
      "PointOfInterestSpec.selectedPinImage", Self.name(made.selectedPinImage) == "bolt.car")
    let primary = try #require(made.primaryButton)
    let secondary = try #require(made.secondaryButton)
    coverage.check("PointOfInterestSpec.primaryButton", true)
    coverage.check("PointOfInterestSpec.secondaryButton", true)
    checkTextButton(
      primary, Self.point.primaryButton!, template: spec.id, events: events, &coverage)
    checkTextButton(
      secondary, Self.point.secondaryButton!, template: spec.id, events: events, &coverage)
    coverage.check("PointOfInterestTemplateSpec.navigationBar", true)
    checkBar(poi.navigationBar, on: object, template: spec.id, events: events, &coverage)
    expectComplete(coverage, spec)
  }

  @Test(
    "a card the driver closed (the template reads no selection) is reported as pointDeselected before the next event, and an update selecting the same point does not reopen it"
  )
  func closedCardIsReported() throws {
    let (bridge, _, events) = connected()
    let other = PointOfInterestSpec(
      id: "poi-2", location: Coordinate(latitude: 51.2, longitude: 6.9), title: "EnBW")
    let poi = PointOfInterestTemplateSpec(
      title: "Chargers", points: [Self.point, other], selectedIndex: 0)
    _ = try bridge.perform(.setRoot(TemplateSpec(id: "pois", .pointOfInterest(poi))))
    let object = try #require(bridge.objects["pois"] as? CPPointOfInterestTemplate)
    let region = MKCoordinateRegion(
      center: CLLocationCoordinate2D(latitude: 51.17, longitude: 6.93),
      span: MKCoordinateSpan(latitudeDelta: 0.1, longitudeDelta: 0.1))
    // Card open: a pan reports only the pan.
    events.list = []
    bridge.pointOfInterestTemplate(object, didChangeMapRegion: region)
    #expect(events.list.count == 1)
    #expect(!events.list.contains(.pointDeselected(template: "pois")))
    // The driver closes the card: CarPlay's template reads NSNotFound (carplay-facts.md §1.5).
    object.selectedIndex = NSNotFound
    // The app, not yet told, updates with the same point selected: the card stays closed.
    _ = try bridge.perform(.update(TemplateSpec(id: "pois", .pointOfInterest(poi))))
    #expect(object.selectedIndex == NSNotFound)
    // The next event is preceded by the close, once; the model's selection follows.
    events.list = []
    bridge.pointOfInterestTemplate(object, didChangeMapRegion: region)
    #expect(events.list.first == .pointDeselected(template: "pois"))
    #expect(events.list.count == 2)
    if case .pointOfInterest(let shown)? = bridge.screen?.root.content {
      #expect(shown.selectedIndex == nil)
    } else {
      Issue.record("the POI template left the model")
    }
    events.list = []
    bridge.pointOfInterestTemplate(object, didChangeMapRegion: region)
    #expect(!events.list.contains(.pointDeselected(template: "pois")))
    // Another point selected by the app opens its card.
    let second = PointOfInterestTemplateSpec(
      title: "Chargers", points: [Self.point, other], selectedIndex: 1)
    _ = try bridge.perform(.update(TemplateSpec(id: "pois", .pointOfInterest(second))))
    #expect(object.selectedIndex == 1)
  }

  @Test(
    "every field of a map spec lands in the CPMapTemplate: buttons, panning, trip previews with travel estimates, and guidance"
  )
  func mapFieldsLand() throws {
    let (bridge, _, events) = connected()
    let trip = TripPreviewSpec(
      id: "trip-1", destinationName: "Ionity Hilden",
      destination: Coordinate(latitude: 51.17, longitude: 6.93),
      routeChoices: [
        TripPreviewSpec.RouteChoice(
          id: "fastest", summaryVariants: ["Fastest via A3", "Fastest"],
          additionalInformationVariants: ["Tolls"],
          estimate: TravelEstimateSpec(metres: 12_400, seconds: 780))
      ])
    let map = MapTemplateSpec(
      navigationBar: Self.bar("map"),
      mapButtons: [
        MapButtonSpec(
          id: "recenter", image: Self.symbol, focusedImage: Self.asset, isEnabled: false,
          isHidden: true)
      ],
      isPanning: true, automaticallyHidesNavigationBar: false,
      viewport: MapViewportSpec(
        center: Coordinate(latitude: 51, longitude: 7), zoom: 12, markers: [Self.point],
        route: Polyline([
          Coordinate(latitude: 51, longitude: 7), Coordinate(latitude: 51.1, longitude: 7.1),
        ])),
      tripPreviews: [trip],
      navigationSession: NavigationSessionSpec(
        tripID: "trip-1",
        upcomingManeuvers: [
          ManeuverSpec(
            id: "m1", instructionVariants: ["Turn right onto A3", "Turn right"],
            symbol: Self.symbol,
            distance: "400 m", estimate: TravelEstimateSpec(metres: 400, seconds: 30))
        ],
        tripEstimates: "12 km · 13 min",
        tripEstimate: TravelEstimateSpec(metres: 12_000, seconds: 760)))
    let spec = TemplateSpec(id: "map", .map(map))
    var coverage = FieldCoverage()
    let object = try #require(bridge.template(for: spec) as? CPMapTemplate)
    checkTemplate(object, spec, &coverage)
    coverage.check("MapTemplateSpec.navigationBar", true)
    checkBar(map.navigationBar, on: object, template: spec.id, events: events, &coverage)
    coverage.check("MapTemplateSpec.mapButtons", object.mapButtons.count == 1)
    let button = object.mapButtons[0]
    coverage.check("MapButtonSpec.image", Self.name(button.image) == "bolt.car")
    coverage.check("MapButtonSpec.focusedImage", Self.name(button.focusedImage) == "StationPin")
    coverage.check("MapButtonSpec.isEnabled", !button.isEnabled)
    coverage.check("MapButtonSpec.isHidden", button.isHidden)
    events.list = []
    button.standInHandler?(button)
    coverage.check(
      "MapButtonSpec.id", events.list == [.buttonPressed(template: "map", button: "recenter")])
    coverage.check("MapTemplateSpec.isPanning", object.isPanningInterfaceVisible)
    coverage.check(
      "MapTemplateSpec.automaticallyHidesNavigationBar", !object.automaticallyHidesNavigationBar)
    coverage.elsewhere(
      "MapTemplateSpec.viewport",
      because:
        "the window's content: the session draws it through CarHost.drawWindow and MapKit (MapWindowController)"
    )
    coverage.elsewhere(type: "MapViewportSpec", because: "drawn in the car window, not a template")

    coverage.check("MapTemplateSpec.tripPreviews", object.standInTripPreviews.count == 1)
    let made = try #require(object.standInTripPreviews.first)
    coverage.check("TripPreviewSpec.id", made.userInfo as? String == "trip-1")
    coverage.check(
      "TripPreviewSpec.destinationName",
      made.destinationWaypoint.standInMapItem.name == "Ionity Hilden")
    let destination = made.destinationWaypoint.standInMapItem.standInLocation?.coordinate
    coverage.check(
      "TripPreviewSpec.destination",
      destination?.latitude == 51.17 && destination?.longitude == 6.93)
    #expect(made.originWaypoint.standInMapItem.standInIsCurrentLocation)
    coverage.check("TripPreviewSpec.routeChoices", made.routeChoices.count == 1)
    let choice = made.routeChoices[0]
    coverage.check("RouteChoice.id", choice.userInfo as? String == "fastest")
    coverage.check(
      "RouteChoice.summaryVariants", choice.summaryVariants == ["Fastest via A3", "Fastest"])
    coverage.check(
      "RouteChoice.additionalInformationVariants", choice.additionalInformationVariants == ["Tolls"]
    )
    let previewEstimate = object.standInTripEstimates.first { $0.1 === made }?.0
    coverage.check("RouteChoice.estimate", previewEstimate != nil)
    coverage.check(
      "TravelEstimateSpec.metres",
      previewEstimate?.distanceRemaining.converted(to: .meters).value == 12_400)
    coverage.check("TravelEstimateSpec.seconds", previewEstimate?.timeRemaining == 780)

    // Guidance: the session starts on the previewed trip.
    coverage.check("MapTemplateSpec.navigationSession", bridge.navigationSessions["map"] != nil)
    let session = try #require(bridge.navigationSessions["map"]?.session)
    coverage.check("NavigationSessionSpec.tripID", session.trip === made)
    coverage.check("NavigationSessionSpec.upcomingManeuvers", session.upcomingManeuvers.count == 1)
    let maneuver = session.upcomingManeuvers[0]
    coverage.check("ManeuverSpec.id", maneuver.userInfo as? String == "m1")
    coverage.check(
      "ManeuverSpec.instructionVariants",
      maneuver.instructionVariants == ["Turn right onto A3", "Turn right"])
    coverage.check("ManeuverSpec.symbol", Self.name(maneuver.symbolImage) == "bolt.car")
    coverage.check(
      "ManeuverSpec.estimate",
      maneuver.initialTravelEstimates?.distanceRemaining.value == 400
        && maneuver.initialTravelEstimates?.timeRemaining == 30
        && session.standInManeuverEstimates.last?.1 === maneuver)
    coverage.elsewhere(
      "ManeuverSpec.distance",
      because:
        "display text for the simulator; CarPlay formats the distance from the estimate in the driver's units"
    )
    let tripEstimate = object.standInTripEstimates.last
    coverage.check(
      "NavigationSessionSpec.tripEstimate",
      tripEstimate?.1 === made && tripEstimate?.0.distanceRemaining.value == 12_000
        && tripEstimate?.0.timeRemaining == 760)
    coverage.elsewhere(
      "NavigationSessionSpec.tripEstimates",
      because: "display text for the simulator; CarPlay formats the trip's estimates itself")
    expectComplete(coverage, spec)
  }

  // MARK: - Now Playing, modals, search, voice, contact

  @Test(
    "every field of a Now Playing spec lands in the shared CPNowPlayingTemplate and its buttons")
  func nowPlayingFieldsLand() throws {
    let (bridge, _, events) = connected()
    let nowPlaying = NowPlayingTemplateSpec(
      buttons: [
        NowPlayingButtonSpec(id: "shuffle", kind: .shuffle, isEnabled: false),
        NowPlayingButtonSpec(id: "rate", kind: .playbackRate),
        NowPlayingButtonSpec(id: "repeat", kind: .repeat),
        NowPlayingButtonSpec(id: "add", kind: .addToLibrary),
        NowPlayingButtonSpec(id: "more", kind: .more),
        NowPlayingButtonSpec(id: "fav", kind: .image(Self.symbol), isSelected: true),
      ],
      isUpNextButtonEnabled: true, upNextTitle: "Queue", isAlbumArtistButtonEnabled: true,
      info: NowPlayingInfoSpec(
        title: "Episode 1", artist: "Wayside", album: "Drive", artwork: Self.asset,
        durationSeconds: 300,
        elapsedSeconds: 10, playbackRate: 1, isLiveStream: false))
    let spec = TemplateSpec(id: "now-playing", .nowPlaying(nowPlaying))
    var coverage = FieldCoverage()
    let object = try #require(bridge.template(for: spec) as? CPNowPlayingTemplate)
    checkTemplate(object, spec, &coverage)
    coverage.check("NowPlayingTemplateSpec.isUpNextButtonEnabled", object.isUpNextButtonEnabled)
    coverage.check("NowPlayingTemplateSpec.upNextTitle", object.upNextTitle == "Queue")
    coverage.check(
      "NowPlayingTemplateSpec.isAlbumArtistButtonEnabled", object.isAlbumArtistButtonEnabled)
    let buttons = object.nowPlayingButtons
    coverage.check("NowPlayingTemplateSpec.buttons", buttons.count == 6)
    let kinds = buttons.map { String(describing: type(of: $0)) }
    coverage.check(
      "NowPlayingButtonSpec.kind",
      kinds == [
        "CPNowPlayingShuffleButton", "CPNowPlayingPlaybackRateButton", "CPNowPlayingRepeatButton",
        "CPNowPlayingAddToLibraryButton", "CPNowPlayingMoreButton", "CPNowPlayingImageButton",
      ] && Self.name((buttons.last as? CPNowPlayingImageButton)?.image) == "bolt.car")
    coverage.check(
      "NowPlayingButtonSpec.isEnabled",
      buttons.map(\.isEnabled) == [false, true, true, true, true, true])
    coverage.check("NowPlayingButtonSpec.isSelected", buttons.last?.isSelected == true)
    events.list = []
    for button in buttons { button.standInHandler?(button) }
    coverage.check(
      "NowPlayingButtonSpec.id",
      events.list
        == nowPlaying.buttons.map { .buttonPressed(template: "now-playing", button: $0.id) })
    coverage.elsewhere(
      "NowPlayingTemplateSpec.info",
      because:
        "CarPlay's Now Playing screen reads MPNowPlayingInfoCenter, which the media app's NowPlayingService publishes from the same NowPlayingInfo value (Tests/MediaSystemTests checks the keys)"
    )
    coverage.elsewhere(
      type: "NowPlayingInfoSpec",
      because:
        "made from NowPlayingInfo, which NowPlayingService publishes to MPNowPlayingInfoCenter (Tests/MediaSystemTests)"
    )
    #expect(
      object.standInObservers.contains { $0 === bridge },
      "the bridge observes Up Next and album/artist taps")
    expectComplete(coverage, spec)
  }

  @Test(
    "every field of alert and action-sheet specs lands in CPAlertTemplate and CPActionSheetTemplate"
  )
  func modalFieldsLand() throws {
    let (bridge, _, events) = connected()
    let actions = [
      AlertActionSpec(id: "ok", title: "OK"),
      AlertActionSpec(id: "cancel", title: "Cancel", style: .cancel),
      AlertActionSpec(id: "delete", title: "Delete", style: .destructive),
    ]
    let alert = TemplateSpec(
      id: "alert",
      .alert(AlertTemplateSpec(titleVariants: ["Charging stopped", "Stopped"], actions: actions)))
    let sheet = TemplateSpec(
      id: "sheet",
      .actionSheet(ActionSheetTemplateSpec(title: "Pay", message: "0.59 €/kWh", actions: actions)))
    var coverage = FieldCoverage()
    let madeAlert = try #require(bridge.template(for: alert) as? CPAlertTemplate)
    checkTemplate(madeAlert, alert, &coverage)
    coverage.check(
      "AlertTemplateSpec.titleVariants", madeAlert.titleVariants == ["Charging stopped", "Stopped"])
    coverage.check("AlertTemplateSpec.actions", madeAlert.actions.count == 3)
    let madeSheet = try #require(bridge.template(for: sheet) as? CPActionSheetTemplate)
    checkTemplate(madeSheet, sheet, &coverage)
    coverage.check("ActionSheetTemplateSpec.title", madeSheet.title == "Pay")
    coverage.check("ActionSheetTemplateSpec.message", madeSheet.message == "0.59 €/kWh")
    coverage.check("ActionSheetTemplateSpec.actions", madeSheet.actions.count == 3)
    let styles: [AlertActionSpec.Style: CPAlertAction.Style] = [
      .default: .default, .cancel: .cancel, .destructive: .destructive,
    ]
    for (made, spec) in zip(madeAlert.actions, actions) {
      coverage.check("AlertActionSpec.title", made.title == spec.title)
      coverage.check("AlertActionSpec.style", made.style == styles[spec.style])
    }
    // An action reports itself only for the modal on screen.
    _ = try bridge.perform(
      .setRoot(TemplateSpec(id: "root", .grid(GridTemplateSpec(title: "R", buttons: [])))))
    _ = try bridge.perform(.present(alert))
    let presented = try #require(bridge.objects["alert"] as? CPAlertTemplate)
    events.list = []
    presented.actions[2].handler(presented.actions[2])
    coverage.check(
      "AlertActionSpec.id", events.list == [.modalActionChosen(template: "alert", action: "delete")]
    )
    expectComplete(coverage, alert)
    expectComplete(coverage, sheet)
  }

  @Test(
    "a search spec's results answer CarPlay's pending search with rows of every field, and its query answers at once"
  )
  func searchFieldsLand() throws {
    let (bridge, _, events) = connected()
    let result = ListItemSpec(
      id: "hit", text: "Hilden", detailText: "Ionity", image: Self.symbol,
      accessory: .disclosureIndicator,
      isEnabled: true, isExplicitContent: false, playbackProgress: 0.5, isPlaying: false,
      playingIndicatorLocation: .leading, playback: Self.playback)
    let spec = TemplateSpec(
      id: "search", .search(SearchTemplateSpec(query: "Hil", results: [result])))
    var coverage = FieldCoverage()
    _ = try bridge.perform(
      .setRoot(TemplateSpec(id: "root", .grid(GridTemplateSpec(title: "R", buttons: [])))))
    _ = try bridge.perform(.push(spec))
    let object = try #require(bridge.objects["search"] as? CPSearchTemplate)
    checkTemplate(object, spec, &coverage)
    var answered: [CPListItem] = []
    bridge.searchTemplate(object, updatedSearchText: "Hil") { answered = $0 }
    coverage.check(
      "SearchTemplateSpec.query", answered.count == 1, "(the spec's query equals the typed text)")
    coverage.check("SearchTemplateSpec.results", answered.first?.text == "Hilden")
    #expect(events.list.contains(.searchTextChanged(template: "search", text: "Hil")))
    checkListItem(
      try #require(answered.first), result, template: "search", events: events, &coverage)
    expectComplete(coverage, spec)
  }

  @Test("every field of a voice control spec lands in the CPVoiceControlTemplate and its states")
  func voiceFieldsLand() throws {
    let (bridge, _, events) = connected()
    let voice = VoiceControlTemplateSpec(
      states: [
        VoiceControlStateSpec(
          id: "listening", titleVariants: ["Listening…"], image: Self.symbol, repeats: true,
          actionButtons: [BarButtonSpec(id: "stop", title: "Stop", image: Self.asset)]),
        VoiceControlStateSpec(id: "done", titleVariants: ["Done"]),
      ],
      activeStateID: "done", navigationBar: Self.bar("voice"))
    let spec = TemplateSpec(id: "voice", .voiceControl(voice))
    var coverage = FieldCoverage()
    let object = try #require(bridge.template(for: spec) as? CPVoiceControlTemplate)
    checkTemplate(object, spec, &coverage)
    coverage.check(
      "VoiceControlTemplateSpec.states",
      object.voiceControlStates.map(\.identifier) == ["listening", "done"])
    let state = object.voiceControlStates[0]
    coverage.check("VoiceControlStateSpec.id", state.identifier == "listening")
    coverage.check("VoiceControlStateSpec.titleVariants", state.titleVariants == ["Listening…"])
    coverage.check("VoiceControlStateSpec.image", Self.name(state.image) == "bolt.car")
    coverage.check("VoiceControlStateSpec.repeats", state.repeats)
    coverage.check("VoiceControlStateSpec.actionButtons", state.actionButtons.count == 1)
    checkButton(
      state.actionButtons[0], voice.states[0].actionButtons[0], template: spec.id, events: events,
      &coverage)
    // The active state is set by an update (CarPlay shows the first state when made).
    bridge.update(object, from: spec, to: spec)
    coverage.check("VoiceControlTemplateSpec.activeStateID", object.activeStateIdentifier == "done")
    coverage.check("VoiceControlTemplateSpec.navigationBar", true)
    checkBar(voice.navigationBar, on: object, template: spec.id, events: events, &coverage)
    let sample = TemplateSpec(
      id: "voice",
      .voiceControl(
        VoiceControlTemplateSpec(
          states: [voice.states[0]], activeStateID: "listening", navigationBar: voice.navigationBar)
      ))
    expectComplete(coverage, sample)
  }

  @Test(
    "every field of a contact spec lands in the CPContactTemplate, its contact and action buttons")
  func contactFieldsLand() throws {
    let (bridge, _, events) = connected()
    let contact = ContactTemplateSpec(
      name: "Ionity support", image: Self.asset, subtitle: "Hotline", informativeText: "24 h",
      actions: [
        .init(id: "call", kind: .call), .init(id: "msg", kind: .message("+49 800 000")),
        .init(id: "dir", kind: .directions),
        .init(id: "web", kind: .custom(title: "Web", image: Self.symbol)),
      ],
      navigationBar: Self.bar("contact"))
    let spec = TemplateSpec(id: "contact", .contact(contact))
    var coverage = FieldCoverage()
    let object = try #require(bridge.template(for: spec) as? CPContactTemplate)
    checkTemplate(object, spec, &coverage)
    let made = object.contact
    coverage.check("ContactTemplateSpec.name", made.name == "Ionity support")
    coverage.check("ContactTemplateSpec.image", Self.name(made.image) == "StationPin")
    coverage.check("ContactTemplateSpec.subtitle", made.subtitle == "Hotline")
    coverage.check("ContactTemplateSpec.informativeText", made.informativeText == "24 h")
    let actions = made.actions ?? []
    coverage.check("ContactTemplateSpec.actions", actions.count == 4)
    coverage.check(
      "Action.kind",
      actions[0] is CPContactCallButton
        && (actions[1] as? CPContactMessageButton)?.phoneOrEmail == "+49 800 000"
        && actions[2] is CPContactDirectionsButton && actions[3].title == "Web"
        && Self.name(actions[3].image) == "bolt.car")
    events.list = []
    for action in actions { action.standInHandler?(action) }
    // The message button has no handler: Siri composes the message (carplay-facts.md §1.12).
    coverage.check(
      "Action.id",
      events.list
        == ["call", "dir", "web"].map { .buttonPressed(template: "contact", button: ElementID($0)) }
    )
    coverage.check("ContactTemplateSpec.navigationBar", true)
    checkBar(contact.navigationBar, on: object, template: spec.id, events: events, &coverage)
    expectComplete(coverage, spec)
  }

  // MARK: - The coverage check itself

  @Test("a spec field no check names is reported, so a field the bridge ignores fails its test")
  func anUncheckedFieldIsReported() {
    var coverage = FieldCoverage()
    coverage.check("GridTemplateSpec.title", true)
    coverage.check("GridTemplateSpec.buttons", true)
    let spec = GridTemplateSpec(
      title: "T", buttons: [GridButtonSpec(id: "b", titleVariants: ["B"], image: Self.symbol)])
    let (unmapped, _) = coverage.unmapped(in: spec)
    #expect(unmapped.contains("GridTemplateSpec.navigationBar"))
    #expect(unmapped.contains("GridButtonSpec.titleVariants"))
  }
}
