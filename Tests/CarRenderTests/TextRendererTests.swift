import CarRender
import CarTemplates
import Foundation
import Geo
import Testing

/// Compares rendered text with `Golden/<name>.txt`. Set `WAYSIDE_RECORD_GOLDEN=1` to write the
/// files instead (then review the diff and commit them).
func expectGolden(
  _ rendered: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden").appendingPathComponent(name + ".txt")
  if ProcessInfo.processInfo.environment["WAYSIDE_RECORD_GOLDEN"] == "1" {
    try rendered.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "Golden file \(url.path) is missing; run WAYSIDE_RECORD_GOLDEN=1 swift test --filter CarRenderTests to record it.",
      sourceLocation: sourceLocation)
    return
  }
  #expect(
    rendered == golden, "rendered text differs from \(name).txt:\n\(rendered)",
    sourceLocation: sourceLocation)
}

@Suite("Text rendering of the visible car screen")
struct TextRendererTests {
  static let driving = SessionConfiguration(limitedUserInterfaces: [.lists, .keyboard])

  static func tabBar(_ chargers: [KasselChargers.Charger], selected: Int = 0) -> TemplateSpec {
    .tabBar(
      "tabs",
      TabBarTemplateSpec(
        tabs: [
          .pointOfInterest(
            "nearby", tab: TabAppearance(title: "Nearby", image: .symbol("map")),
            PointOfInterestTemplateSpec(
              title: "Chargers", points: chargers.map(KasselChargers.point),
              navigationBar: NavigationBarSpec(trailing: [
                BarButtonSpec(id: "filter", title: "Filter")
              ]))),
          .list(
            "route", tab: TabAppearance(title: "Route", image: .symbol("road.lanes")),
            ListTemplateSpec(
              title: "On the route", sections: [],
              emptyViewTitleVariants: ["No route planned", "No route"])),
          .list(
            "favourites",
            tab: TabAppearance(title: "Favourites", image: .symbol("star"), showsBadge: true),
            ListTemplateSpec(
              title: "Favourites",
              sections: [ListSectionSpec(items: chargers.prefix(2).map(KasselChargers.item))])),
        ], selectedIndex: selected))
  }

  static func stationInfo(_ charger: KasselChargers.Charger, layout: InformationTemplateSpec.Layout)
    -> TemplateSpec
  {
    .information(
      "station",
      InformationTemplateSpec(
        title: "\(charger.city), \(charger.street)", layout: layout,
        items: [
          InformationItemSpec(id: "operator", title: "Operator", detail: charger.operatorName),
          InformationItemSpec(
            id: "power", title: "Power", detail: "up to \(charger.maxPowerKW) kW"),
          InformationItemSpec(
            id: "points", title: "Charge points", detail: "\(charger.chargePoints)"),
          InformationItemSpec(
            id: "distance", title: "Distance", detail: KasselChargers.distance(charger.distanceKM)),
          InformationItemSpec(
            id: "rating", title: "Rating", detail: "(12 reviews)", rating: 3.5, maximumRating: 5),
        ],
        actions: [
          TextButtonSpec(id: "navigate", title: "Navigate", style: .confirm),
          TextButtonSpec(id: "favourite", title: "Add to Favourites"),
        ]))
  }

  static func stationList(_ chargers: [KasselChargers.Charger]) -> TemplateSpec {
    .list(
      "stations",
      ListTemplateSpec(
        title: "Fast chargers near Kassel",
        sections: [
          ListSectionSpec(
            header: "Within 1 km",
            items: chargers.filter { $0.distanceKM < 1 }.map(KasselChargers.item)),
          ListSectionSpec(
            header: "Further away",
            items: chargers.filter { $0.distanceKM >= 1 }.map(KasselChargers.item)),
        ],
        headerGridButtons: [
          GridButtonSpec(id: "fast", titleVariants: ["≥ 150 kW", "150+"], image: .symbol("bolt")),
          GridButtonSpec(
            id: "free", titleVariants: ["Available", "Free"], image: .symbol("checkmark")),
        ],
        navigationBar: NavigationBarSpec(trailing: [BarButtonSpec(id: "sort", title: "Sort")])))
  }

  struct GoldenCase: CustomTestStringConvertible, Sendable {
    let name: String
    let configuration: SessionConfiguration
    let hostState: RenderHostState
    let screen: @Sendable ([KasselChargers.Charger]) -> CarScreen
    var testDescription: String { name }
  }

  static let goldens: [GoldenCase] = [
    GoldenCase(
      name: "charging-nearby-tabs-standard", configuration: .init(),
      hostState: RenderHostState(selectedPointID: "bnetza2026fast-87b5393920f4549d"),
      screen: { CarScreen(root: tabBar(Array($0.prefix(14)))) }),
    GoldenCase(
      name: "charging-favourites-tab-wide",
      configuration: .init(display: .wide, contentStyle: .dark),
      hostState: .init(), screen: { CarScreen(root: tabBar(Array($0.prefix(4)), selected: 2)) }),
    GoldenCase(
      name: "charging-empty-route-tab-minimum", configuration: .init(display: .minimum),
      hostState: .init(), screen: { CarScreen(root: tabBar(Array($0.prefix(2)), selected: 1)) }),
    GoldenCase(
      name: "charging-station-pushed-minimum", configuration: .init(display: .minimum),
      hostState: .init(),
      screen: {
        CarScreen(root: tabBar(Array($0.prefix(3))), stack: [stationInfo($0[1], layout: .leading)])
      }),
    GoldenCase(
      name: "charging-station-two-column-hd", configuration: .init(display: .hd),
      hostState: .init(),
      screen: {
        CarScreen(
          root: tabBar(Array($0.prefix(3))), stack: [stationInfo($0[1], layout: .twoColumn)])
      }),
    GoldenCase(
      name: "charging-list-driving-limited-spinning", configuration: driving,
      hostState: RenderHostState(spinningItemID: "bnetza2026fast-e72a8a84d7fb6d58"),
      screen: { CarScreen(root: stationList(Array($0.prefix(15)))) }),
    GoldenCase(
      name: "charging-list-portrait", configuration: .init(display: .portrait),
      hostState: .init(), screen: { CarScreen(root: stationList(Array($0.prefix(5)))) }),
    GoldenCase(
      name: "charging-alert-over-list", configuration: .init(),
      hostState: .init(),
      screen: {
        CarScreen(
          root: stationList(Array($0.prefix(6))),
          modal: .alert(
            "start-failed",
            AlertTemplateSpec(
              titleVariants: [
                "Charging could not be started at this charge point", "Charging not started",
              ],
              actions: [
                AlertActionSpec(id: "details", title: "Details"),
                AlertActionSpec(id: "retry", title: "Try Again"),
                AlertActionSpec(id: "cancel", title: "Cancel", style: .cancel),
              ])))
      }),
    GoldenCase(
      name: "charging-navigate-action-sheet", configuration: .init(),
      hostState: .init(),
      screen: {
        CarScreen(
          root: tabBar(Array($0.prefix(5))), stack: [stationInfo($0[0], layout: .leading)],
          modal: .actionSheet(
            "navigate",
            ActionSheetTemplateSpec(
              title: "Navigate with", message: "Königstor 61, Kassel",
              actions: [
                AlertActionSpec(id: "maps", title: "Apple Maps"),
                AlertActionSpec(id: "cancel", title: "Cancel", style: .cancel),
              ])))
      }),
    GoldenCase(
      name: "charging-filter-grid", configuration: .init(),
      hostState: .init(),
      screen: { _ in
        CarScreen(
          root: .grid(
            "filters",
            GridTemplateSpec(
              title: "Filters",
              buttons: [
                GridButtonSpec(id: "ccs", titleVariants: ["CCS"], image: .symbol("bolt")),
                GridButtonSpec(id: "type2", titleVariants: ["Type 2"], image: .symbol("powerplug")),
                GridButtonSpec(
                  id: "chademo", titleVariants: ["CHAdeMO"], image: .symbol("bolt.circle")),
                GridButtonSpec(
                  id: "fast", titleVariants: ["Ultra fast (150 kW and more)", "≥ 150 kW"],
                  image: .symbol("hare")),
                GridButtonSpec(
                  id: "free", titleVariants: ["Available now", "Free"], image: .symbol("checkmark")),
                GridButtonSpec(id: "broken", titleVariants: ["No image"], image: nil),
                GridButtonSpec(
                  id: "open", titleVariants: ["Open 24 h"], image: .symbol("clock"),
                  isEnabled: false),
              ])))
      }),
    GoldenCase(
      name: "media-now-playing-queue", configuration: .init(),
      hostState: .init(),
      screen: { _ in
        CarScreen(
          root: .list(
            "library",
            ListTemplateSpec(
              title: "Library",
              sections: [
                ListSectionSpec(
                  header: "Podcasts",
                  items: [
                    ListItemSpec(
                      id: "ep1", text: "Episode 41: Charging on the Autobahn",
                      detailText: "38 min left",
                      playbackProgress: 0.35, isPlaying: true),
                    ListItemSpec(
                      id: "ep2", text: "Episode 40", accessory: .cloud, isExplicitContent: true),
                  ])
              ], assistantCell: AssistantCellSpec(visibility: .always, action: .playMedia))),
          stack: [
            .nowPlaying(
              NowPlayingTemplateSpec(
                buttons: [
                  NowPlayingButtonSpec(id: "rate", kind: .playbackRate),
                  NowPlayingButtonSpec(id: "shuffle", kind: .shuffle, isSelected: true),
                  NowPlayingButtonSpec(id: "more", kind: .more),
                ], isUpNextButtonEnabled: true, upNextTitle: "Queue",
                info: NowPlayingInfoSpec(
                  title: "Episode 41: Charging on the Autobahn", artist: "Wayside Radio",
                  album: "Season 3", durationSeconds: 3480, elapsedSeconds: 1218, playbackRate: 1)))
          ])
      }),
    GoldenCase(
      name: "map-panning-trips", configuration: .init(display: .wide540),
      hostState: RenderHostState(isPanning: true),
      screen: { chargers in
        CarScreen(
          root: .map(
            "map",
            MapTemplateSpec(
              navigationBar: NavigationBarSpec(
                leading: [BarButtonSpec(id: "search", image: .symbol("magnifyingglass"))],
                trailing: [BarButtonSpec(id: "end", title: "End")]),
              mapButtons: ["zoom-in", "zoom-out", "pan", "recenter"].map {
                MapButtonSpec(id: ElementID($0), image: .symbol($0))
              },
              viewport: MapViewportSpec(center: chargers[0].coordinate, zoom: 13),
              tripPreviews: [
                TripPreviewSpec(
                  id: "trip", destinationName: "Tesla Supercharger, Neue Fahrt 9",
                  destination: Coordinate(latitude: 51.31395, longitude: 9.493433),
                  routeChoices: [
                    .init(
                      id: "fast",
                      summaryVariants: ["Fastest route via Fünffensterstraße", "Fastest"]),
                    .init(id: "short", summaryVariants: ["Shortest route", "Shortest"]),
                  ])
              ])))
      }),
    GoldenCase(
      name: "navigation-search-keyboard-limited", configuration: driving,
      hostState: .init(),
      screen: { chargers in
        CarScreen(
          root: .map(
            "map",
            MapTemplateSpec(viewport: MapViewportSpec(center: chargers[0].coordinate, zoom: 12))),
          stack: [
            .search(
              "search",
              SearchTemplateSpec(query: "Königs", results: [KasselChargers.item(chargers[0])]))
          ])
      }),
    GoldenCase(
      name: "navigation-voice-control", configuration: .init(),
      hostState: RenderHostState(activeVoiceStateID: "listening"),
      screen: { chargers in
        CarScreen(
          root: .map(
            "map",
            MapTemplateSpec(viewport: MapViewportSpec(center: chargers[0].coordinate, zoom: 12))),
          modal: .voiceControl(
            "voice",
            VoiceControlTemplateSpec(states: [
              VoiceControlStateSpec(id: "idle", titleVariants: ["Say a destination"]),
              VoiceControlStateSpec(
                id: "listening", titleVariants: ["Listening…"],
                actionButtons: [BarButtonSpec(id: "stop", title: "Stop")]),
            ])))
      }),
    GoldenCase(
      name: "communication-contact", configuration: .init(),
      hostState: .init(),
      screen: { _ in
        CarScreen(
          root: .list(
            "calls",
            ListTemplateSpec(title: "Recents", sections: [ListSectionSpec(items: Make.items(1))])),
          stack: [
            .contact(
              "hotline",
              ContactTemplateSpec(
                name: "Charging Hotline", subtitle: "24/7 support",
                informativeText: "Free of charge",
                actions: [
                  .init(id: "call", kind: .call),
                  .init(id: "message", kind: .message("+49 800 000000")),
                  .init(id: "route", kind: .directions),
                  .init(id: "report", kind: .custom(title: "Report", image: .symbol("flag"))),
                ]))
          ])
      }),
    GoldenCase(
      name: "list-spinner-while-empty", configuration: .init(),
      hostState: .init(),
      screen: { _ in
        CarScreen(
          root: .list(
            "loading", ListTemplateSpec(title: "Nearby", sections: [], showsSpinnerWhileEmpty: true)
          ))
      }),
  ]

  @Test("Rendered screens match their golden files", arguments: goldens)
  func golden(_ c: GoldenCase) throws {
    let chargers = try KasselChargers.load(15)
    let renderer = TextRenderer(configuration: c.configuration, hostState: c.hostState)
    try expectGolden(renderer.render(c.screen(chargers)), named: c.name)
  }

  @Test(
    "The display width in points decides the columns",
    arguments: [
      (DisplayProfile.minimum, 46), (.standard, 50), (.wide540, 60), (.hd, 80), (.wide, 80),
      (.portrait, 37),
    ])
  func columns(_ display: DisplayProfile, _ expected: Int) {
    #expect(TextRenderer.columns(for: display) == expected)
  }

  @Test("Every line of a rendered box has the display's width", arguments: DisplayProfile.all)
  func lineWidths(_ display: DisplayProfile) throws {
    let chargers = try KasselChargers.load(15)
    let renderer = TextRenderer(
      configuration: SessionConfiguration(display: display), showsChrome: false)
    let text = renderer.render(
      CarScreen(root: Self.stationList(chargers), modal: Make.alert(actions: 2)))
    for line in text.split(separator: "\n") {
      #expect(line.count == renderer.columns, "\(line)")
    }
  }

  @Test("Rows beyond the car's item limit are not drawn, and the trim is reported")
  func rowsBeyondLimit() throws {
    let chargers = try KasselChargers.load(15)
    let text = TextRenderer(configuration: Self.driving).render(
      CarScreen(root: Self.stationList(chargers)))
    #expect(text.contains(chargers[11].street))
    #expect(!text.contains(chargers[12].street))
    #expect(text.contains("trimmed 'stations': kept 12 of 15 list items"))
  }

  @Test("Long titles are cut with an ellipsis to the display width")
  func ellipsis() {
    let long = String(repeating: "Wilhelmshöher Allee ", count: 5)
    let text = TextRenderer(
      configuration: SessionConfiguration(display: .minimum), showsChrome: false
    )
    .render(
      Make.list(
        "l",
        ListTemplateSpec(
          title: "T", sections: [ListSectionSpec(items: [ListItemSpec(id: "a", text: long)])])))
    let row = text.split(separator: "\n")[1]
    #expect(row.hasSuffix("… │"))
    #expect(row.count == 46)
  }

  @Test("Rendering is deterministic and a tapped row shows a spinner instead of its accessory")
  func deterministic() throws {
    let chargers = try KasselChargers.load(3)
    let screen = CarScreen(root: Self.stationList(chargers))
    let quiet = TextRenderer().render(screen)
    #expect(TextRenderer().render(screen) == quiet)
    let spinning = TextRenderer(
      hostState: RenderHostState(spinningItemID: ElementID(chargers[0].id))
    ).render(screen)
    #expect(spinning != quiet)
    #expect(spinning.contains("⟳"))
    #expect(!quiet.contains("⟳"))
  }

  @Test(
    "Text variants are chosen for the width: the long variant on wide screens, the short on narrow")
  func variants() {
    let alert = TemplateSpec.alert(
      "a",
      AlertTemplateSpec(
        titleVariants: ["Charging could not be started at this charge point", "Not started"],
        actions: [AlertActionSpec(id: "ok", title: "OK")]))
    let wide = TextRenderer(configuration: SessionConfiguration(display: .wide)).render(alert)
    let narrow = TextRenderer(configuration: SessionConfiguration(display: .minimum)).render(alert)
    #expect(wide.contains("Charging could not be started at this charge point"))
    #expect(narrow.contains("Not started"))
    #expect(!narrow.contains("Charging could not"))
  }
}

/// Small builders shared by the render tests.
enum Make {
  static func items(_ count: Int) -> [ListItemSpec] {
    (0..<count).map { ListItemSpec(id: ElementID("row\($0 + 1)"), text: "Row \($0 + 1)") }
  }

  static func list(_ id: TemplateID, _ spec: ListTemplateSpec) -> TemplateSpec { .list(id, spec) }

  static func alert(actions: Int) -> TemplateSpec {
    .alert(
      "alert",
      AlertTemplateSpec(
        titleVariants: ["Something failed"],
        actions: (0..<actions).map {
          AlertActionSpec(id: ElementID("a\($0)"), title: "Action \($0)")
        }))
  }
}
