import CarTemplates
import Geo
import Testing

@Suite("Host truncation: the template as the real car shows it")
struct HostTruncationTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let limit: HostLimit
    /// Within the limit: nothing is trimmed.
    let keeps: TemplateSpec
    /// Over the limit: one truncation of `limit`.
    let breaks: TemplateSpec
    let kept: Int
    let removed: [ElementID]
    var limits: CarLimits = .emulatorDefault
    var testDescription: String { name }
  }

  static func listWithBar(leading: Int, trailing: Int) -> TemplateSpec {
    Make.list(
      "list",
      ListTemplateSpec(
        title: "Bar", sections: [ListSectionSpec(items: Make.items(1))],
        navigationBar: NavigationBarSpec(
          leading: Make.barButtons("l", leading), trailing: Make.barButtons("t", trailing))))
  }

  static func sections(_ count: Int) -> TemplateSpec {
    Make.list(
      "list",
      ListTemplateSpec(
        title: "Sections",
        sections: (0..<count).map { ListSectionSpec(items: Make.items(1, prefix: "s\($0 + 1)-")) }))
  }

  static func headerGrid(_ count: Int) -> TemplateSpec {
    Make.list(
      "list",
      ListTemplateSpec(
        title: "Pinned", sections: [ListSectionSpec(items: Make.items(1))],
        headerGridButtons: Make.ids("h", count).map { Make.gridButton($0) }))
  }

  static func imageRow(_ count: Int) -> TemplateSpec {
    let row = ImageRowSpec(
      id: "row", text: "Recent", images: Array(repeating: .symbol("bolt"), count: count))
    return Make.list(
      "list", ListTemplateSpec(title: "Images", sections: [ListSectionSpec(rows: [.imageRow(row)])])
    )
  }

  static func indexTitle(_ title: String) -> TemplateSpec {
    Make.list(
      "list",
      ListTemplateSpec(
        title: "Index",
        sections: [
          ListSectionSpec(sectionIndexTitle: title, rows: [.item(ListItemSpec(id: "r", text: "A"))])
        ]))
  }

  static func gridWith(image: CarImage?, title: String) -> TemplateSpec {
    .grid(
      "grid",
      GridTemplateSpec(
        title: "Grid",
        buttons: [Make.gridButton("ok"), Make.gridButton("bad", title: title, image: image)]))
  }

  static func detailsHeader(_ count: Int) -> TemplateSpec {
    Make.list(
      "list",
      ListTemplateSpec(
        title: "Album", sections: [ListSectionSpec(items: Make.items(1))],
        detailsHeader: ListDetailsHeaderSpec(
          thumbnail: .asset("cover"), actionButtons: Make.barButtons("d", count))))
  }

  static func trips(_ count: Int, routes: Int = 1) -> TemplateSpec {
    .map(
      "map",
      MapTemplateSpec(
        viewport: MapViewportSpec(center: Make.kassel, zoom: 10),
        tripPreviews: Make.ids("trip", count).map {
          TripPreviewSpec(
            id: $0, destinationName: "Kassel", destination: Make.kassel,
            routeChoices: Make.ids("r", routes).map {
              TripPreviewSpec.RouteChoice(id: $0, summaryVariants: ["via A7"])
            })
        }))
  }

  static let limited = CarLimits.limits(
    for: .evCharging, configuration: SessionConfiguration(limitedUserInterfaces: [.lists]))

  static let cases: [Case] = [
    Case(
      name: "list items beyond maximumItemCount are dropped from the end", limit: .listItems,
      keeps: Make.list(items: 5), breaks: Make.list(items: 7), kept: 5,
      removed: ["row6", "row7"], limits: CarLimits(maximumItemCount: 5)),
    Case(
      name: "limited lists keep the first 12 items", limit: .limitedListItems,
      keeps: Make.list(items: 12), breaks: Make.list(items: 14), kept: 12,
      removed: ["row13", "row14"], limits: limited),
    Case(
      name: "sections beyond maximumSectionCount are dropped", limit: .listSections,
      keeps: sections(2), breaks: sections(3), kept: 2, removed: ["s3-1"],
      limits: CarLimits(maximumSectionCount: 2)),
    Case(
      name: "header grid buttons keep the first N", limit: .headerGridButtons,
      keeps: headerGrid(4), breaks: headerGrid(5), kept: 4, removed: ["h5"]),
    Case(
      name: "image rows use the first N images", limit: .imageRowImages,
      keeps: imageRow(4), breaks: imageRow(6), kept: 4, removed: []),
    Case(
      name: "section index titles are forced to one character", limit: .sectionIndexTitle,
      keeps: indexTitle("A"), breaks: indexTitle("AB"), kept: 1, removed: []),
    Case(
      name: "grids keep the first 8 buttons", limit: .gridButtons,
      keeps: Make.grid(buttons: 8), breaks: Make.grid(buttons: 9), kept: 8, removed: ["b9"]),
    Case(
      name: "grid buttons without image are hidden", limit: .undisplayableGridButtons,
      keeps: gridWith(image: .symbol("x"), title: "Fine"),
      breaks: gridWith(image: nil, title: "No image"),
      kept: 1, removed: ["bad"]),
    Case(
      name: "grid buttons with an empty title are hidden", limit: .undisplayableGridButtons,
      keeps: gridWith(image: .symbol("x"), title: "Fine"),
      breaks: gridWith(image: .symbol("x"), title: ""),
      kept: 1, removed: ["bad"]),
    Case(
      name: "information templates keep 10 items", limit: .informationItems,
      keeps: Make.information(items: 10), breaks: Make.information(items: 11), kept: 10,
      removed: ["i11"]),
    Case(
      name: "information templates keep 3 actions", limit: .informationActions,
      keeps: Make.information(actions: 3), breaks: Make.information(actions: 4), kept: 3,
      removed: ["a4"]),
    Case(
      name: "point-of-interest templates keep 12 points", limit: .pointsOfInterest,
      keeps: Make.poi(points: 12), breaks: Make.poi(points: 14), kept: 12, removed: ["p13", "p14"]),
    Case(
      name: "navigation bars keep 2 leading buttons", limit: .leadingBarButtons,
      keeps: listWithBar(leading: 2, trailing: 0), breaks: listWithBar(leading: 3, trailing: 0),
      kept: 2, removed: ["l3"]),
    Case(
      name: "navigation bars keep 2 trailing buttons", limit: .trailingBarButtons,
      keeps: listWithBar(leading: 0, trailing: 2), breaks: listWithBar(leading: 0, trailing: 4),
      kept: 2, removed: ["t3", "t4"]),
    Case(
      name: "maps keep 4 map buttons", limit: .mapButtons,
      keeps: Make.map(buttons: 4), breaks: Make.map(buttons: 5), kept: 4, removed: ["m5"]),
    Case(
      name: "maps keep 2 map buttons while panning", limit: .mapButtonsWhilePanning,
      keeps: Make.map(buttons: 2, panning: true), breaks: Make.map(buttons: 3, panning: true),
      kept: 2, removed: ["m3"]),
    Case(
      name: "alerts keep the LAST actions", limit: .alertActions,
      keeps: Make.alert(actions: 2), breaks: Make.alert(actions: 3), kept: 2, removed: ["act1"]),
    Case(
      name: "voice control keeps 5 states", limit: .voiceControlStates,
      keeps: Make.voice(states: 5), breaks: Make.voice(states: 6), kept: 5, removed: ["s6"]),
    Case(
      name: "voice states keep maximumActionButtonCount buttons", limit: .voiceStateActionButtons,
      keeps: Make.voice(states: 1, buttons: 2), breaks: Make.voice(states: 1, buttons: 3), kept: 2,
      removed: ["vb3"]),
    Case(
      name: "details headers keep maximumActionButtonCount buttons",
      limit: .detailsHeaderActionButtons,
      keeps: detailsHeader(2), breaks: detailsHeader(3), kept: 2, removed: ["d3"]),
    Case(
      name: "Now Playing keeps 5 buttons", limit: .nowPlayingButtons,
      keeps: Make.nowPlaying(buttons: 5), breaks: Make.nowPlaying(buttons: 6), kept: 5,
      removed: ["np6"]),
    Case(
      name: "contacts keep 4 actions", limit: .contactActions,
      keeps: Make.contact(actions: 4), breaks: Make.contact(actions: 5), kept: 4, removed: ["c5"]),
    Case(
      name: "trip previews keep 12 trips", limit: .tripPreviews,
      keeps: trips(12), breaks: trips(13), kept: 12, removed: ["trip13"]),
    Case(
      name: "trips keep 3 route choices", limit: .routeChoices,
      keeps: trips(1, routes: 3), breaks: trips(1, routes: 4), kept: 3, removed: ["r4"]),
  ]

  @Test("Within a limit the host shows the template unchanged", arguments: cases)
  func keeps(_ c: Case) {
    let (shown, truncations) = HostTruncation.apply(to: c.keeps, limits: c.limits)
    #expect(truncations.isEmpty)
    #expect(shown == c.keeps)
  }

  @Test("Over a limit the host trims as the fact sheet says and reports it", arguments: cases)
  func breaks(_ c: Case) throws {
    let (shown, truncations) = HostTruncation.apply(to: c.breaks, limits: c.limits)
    #expect(shown != c.breaks)
    let truncation = try #require(truncations.first)
    #expect(truncations.count == 1)
    #expect(truncation.limit == c.limit)
    #expect(truncation.kept == c.kept)
    #expect(truncation.removed == c.removed)
    #expect(truncation.templateID == c.breaks.id)
    // Trimming is idempotent: the shown template is within every limit.
    #expect(HostTruncation.apply(to: shown, limits: c.limits).1.isEmpty)
  }

  @Test("List items are cut across sections and emptied sections disappear")
  func itemsAcrossSections() throws {
    let spec = ListTemplateSpec(
      title: "Near",
      sections: [
        ListSectionSpec(header: "Here", items: Make.items(2, prefix: "a")),
        ListSectionSpec(header: "There", items: Make.items(2, prefix: "b")),
        ListSectionSpec(header: "Far", items: Make.items(2, prefix: "c")),
      ])
    let (shown, truncations) = HostTruncation.apply(
      to: Make.list("near", spec), limits: CarLimits(maximumItemCount: 3))
    guard case .list(let list) = shown.content else { Issue.record("not a list"); return }
    #expect(list.sections.map(\.header) == ["Here", "There"])
    #expect(list.allRows.map(\.id) == ["a1", "a2", "b1"])
    #expect(truncations.first?.removed == ["b2", "c1", "c2"])
  }

  @Test("Alert trimming keeps the most recently added actions")
  func alertKeepsLast() {
    let (shown, _) = HostTruncation.apply(to: Make.alert(actions: 4), limits: .emulatorDefault)
    guard case .alert(let alert) = shown.content else { Issue.record("not an alert"); return }
    #expect(alert.actions.map(\.id) == ["act3", "act4"])
  }

  @Test("A selected point beyond the twelfth loses its selection")
  func selectionBeyondLimit() {
    let (shown, _) = HostTruncation.apply(
      to: Make.poi(points: 14, selected: 13), limits: .emulatorDefault)
    guard case .pointOfInterest(let poi) = shown.content else { Issue.record("not a POI"); return }
    #expect(poi.selectedIndex == nil)
  }

  @Test("A screen's tabs, stack and modal are all trimmed, each under its own id")
  func screen() {
    let screen = CarScreen(
      root: Make.tabBar([Make.poi("map", points: 13), Make.list("recent", items: 2)]),
      stack: [Make.information("station", items: 11)],
      modal: Make.alert(actions: 3))
    let (_, truncations) = HostTruncation.apply(to: screen, limits: .emulatorDefault)
    #expect(truncations.map(\.templateID) == ["map", "station", "alert"])
    #expect(truncations.map(\.limit) == [.pointsOfInterest, .informationItems, .alertActions])
  }

  @Test("The dashboard keeps the first 2 shortcut buttons")
  func dashboard() {
    let buttons = Make.ids("d", 3).map { DashboardButtonSpec(id: $0, titleVariants: ["Home"]) }
    let (shown, truncations) = HostTruncation.apply(to: DashboardSpec(shortcutButtons: buttons))
    #expect(shown.shortcutButtons.map(\.id) == ["d1", "d2"])
    #expect(truncations.first?.removed == ["d3"])
    let (same, none) = HostTruncation.apply(
      to: DashboardSpec(shortcutButtons: Array(buttons.prefix(2))))
    #expect(same.shortcutButtons.count == 2)
    #expect(none.isEmpty)
  }

  @Test("Truncations describe themselves with template, counts and dropped ids")
  func description() {
    let t = Truncation(
      templateID: "poi", limit: .pointsOfInterest, given: 13, kept: 12, removed: ["p13"])
    #expect(
      t.description
        == "'poi': kept 12 of 13 points of interest (keeps the first N, drops the rest); dropped p13"
    )
  }
}
