import CarTemplates
import Foundation
import Geo
import Testing

@testable import CarRender

@Suite("HTML rendering of the car display")
struct CarHTMLRendererTests {
  static let kassel = Coordinate(latitude: 51.3127, longitude: 9.4797)

  static func chargersScreen(selected: Int? = nil, modal: TemplateSpec? = nil) -> CarScreen {
    let points = (0..<5).map { i in
      PointOfInterestSpec(
        id: ElementID("s\(i)"),
        location: Coordinate(
          latitude: 51.30 + Double(i) * 0.012, longitude: 9.44 + Double(i) * 0.02),
        title: "Station \(i + 1)", subtitle: "\(50 * (i + 1)) kW · 0.\(i + 2) km",
        summary: "0.\(49 + i) €/kWh",
        primaryButton: TextButtonSpec(id: "navigate", title: "Navigate", style: .confirm),
        secondaryButton: TextButtonSpec(id: "details", title: "Details"))
    }
    let poi = TemplateSpec.pointOfInterest(
      "nearby", tab: TabAppearance(title: "Nearby", image: .symbol("bolt.car")),
      PointOfInterestTemplateSpec(
        title: "Chargers", points: points, selectedIndex: selected,
        navigationBar: NavigationBarSpec(trailing: [BarButtonSpec(id: "filter", title: "Filter")])))
    let route = TemplateSpec.list(
      "route", tab: TabAppearance(title: "Route", image: .symbol("map")),
      ListTemplateSpec(
        title: "Route", sections: [ListSectionSpec(items: [])],
        emptyViewTitleVariants: ["No trip planned"]))
    return CarScreen(
      root: .tabBar("tabs", TabBarTemplateSpec(tabs: [poi, route])), stack: [], modal: modal)
  }

  @Test("a selected point shows its detail card with both buttons")
  func selectedPointShowsCard() throws {
    let renderer = CarHTMLRenderer(mapRenderer: MapSVGRenderer(basemap: try Basemap.bundled()))
    let html = renderer.render(
      CarDisplayState(
        screen: Self.chargersScreen(selected: 1), configuration: SessionConfiguration(),
        appName: "Wayside"))
    #expect(html.contains("data-ev=\"poiButton\""))
    #expect(html.contains(">Navigate</button>"))
    #expect(html.contains(">Details</button>"))
    #expect(html.contains("data-pin-id=\"s1\""))
  }

  @Test("an alert renders over the stack with every action tappable")
  func alertOverStack() {
    let alert = TemplateSpec.alert(
      "confirm",
      AlertTemplateSpec(
        titleVariants: ["Navigate to Station 1?"],
        actions: [
          AlertActionSpec(id: "go", title: "Go"),
          AlertActionSpec(id: "cancel", title: "Cancel", style: .cancel),
        ]))
    let html = CarHTMLRenderer(mapRenderer: nil).render(
      CarDisplayState(
        screen: Self.chargersScreen(modal: alert), configuration: SessionConfiguration(),
        appName: "Wayside"))
    #expect(html.contains("class=\"scrim\""))
    #expect(html.contains("data-ev=\"alertAction\" data-t=\"confirm\" data-e=\"go\""))
    #expect(html.contains("data-ev=\"alertAction\" data-t=\"confirm\" data-e=\"cancel\""))
  }

  @Test("an empty list shows its empty-view title, and a spinning row shows a spinner")
  func emptyAndSpinning() {
    let renderer = CarHTMLRenderer(mapRenderer: nil)
    var screen = Self.chargersScreen()
    if case .tabBar(var bar) = screen.root.content {
      bar.selectedIndex = 1
      screen.root.content = .tabBar(bar)
    }
    let empty = renderer.render(
      CarDisplayState(screen: screen, configuration: SessionConfiguration(), appName: "W"))
    #expect(empty.contains("No trip planned"))
    let list = CarScreen(
      root: .list(
        "l",
        ListTemplateSpec(
          title: "L",
          sections: [
            ListSectionSpec(items: [
              ListItemSpec(id: "a", text: "A", accessory: .disclosureIndicator)
            ])
          ])))
    let spinning = renderer.render(
      CarDisplayState(
        screen: list, configuration: SessionConfiguration(), appName: "W", spinningRows: ["a"]))
    #expect(spinning.contains("class=\"spinner\""))
    #expect(!spinning.contains("class=\"accessory\""))
  }

  @Test("Now Playing with nothing playing yet still draws the buttons the host kept")
  func nowPlayingButtonsWithoutInfo() {
    let buttons = (1...5).map {
      NowPlayingButtonSpec(id: ElementID("button-\($0)"), kind: .image(.symbol("star")))
    }
    let screen = CarScreen(
      root: .list("library", ListTemplateSpec(title: "Library", sections: [])),
      stack: [.nowPlaying("now-playing", NowPlayingTemplateSpec(buttons: buttons))])
    let html = CarHTMLRenderer(mapRenderer: nil).render(
      CarDisplayState(screen: screen, configuration: SessionConfiguration(), appName: "Media"))
    #expect(html.contains("Nothing playing"))
    for n in 1...5 {
      #expect(
        html.contains("data-ev=\"nowPlayingButton\" data-t=\"now-playing\" data-e=\"button-\(n)\""))
    }
  }

  @Test("a knob car's display names its input and draws the focused element with a rule of its own")
  func focusDrawn() {
    var state = CarDisplayState(
      screen: Self.chargersScreen(), configuration: SessionConfiguration(), appName: "Wayside")
    #expect(CarHTMLRenderer(mapRenderer: nil).render(state).contains("data-input=\"touch\""))
    #expect(!CarHTMLRenderer(mapRenderer: nil).render(state).contains("<style>"))
    state.input = "knob"
    state.focus = FocusedElement(events: ["poi"], attributes: ["e": "s1"])
    let html = CarHTMLRenderer(mapRenderer: nil).render(state)
    #expect(html.contains("data-input=\"knob\""))
    #expect(
      html.contains("<style>.car [data-ev=\"poi\"][data-e=\"s1\"]{background:var(--focus-fill)"))
    #expect(
      html.contains("data-focus-selector=\".car [data-ev=&quot;poi&quot;][data-e=&quot;s1&quot;]\"")
    )
    // Sent home, nothing is focused.
    state.away = .home(reason: "test")
    #expect(!CarHTMLRenderer(mapRenderer: nil).render(state).contains("<style>"))
  }

  @Test("the display is sized in points of the profile and styled for night")
  func sizeAndStyle() {
    let html = CarHTMLRenderer(mapRenderer: nil).render(
      CarDisplayState(
        screen: nil, configuration: SessionConfiguration(display: .wide, contentStyle: .dark),
        appName: "W"))
    #expect(html.contains("width:640px;height:240px"))
    #expect(html.contains("class=\"car night compact\""))
  }

  @Test(
    "snapshots can be written for a visual check",
    .enabled(if: ProcessInfo.processInfo.environment["WAYSIDE_HTML_SNAPSHOT"] != nil))
  func writeSnapshots() throws {
    let dir = ProcessInfo.processInfo.environment["WAYSIDE_HTML_SNAPSHOT"] ?? "/tmp"
    let renderer = CarHTMLRenderer(mapRenderer: MapSVGRenderer(basemap: try Basemap.bundled()))
    for (name, config, screen) in [
      ("poi-day", SessionConfiguration(display: .standard), Self.chargersScreen()),
      (
        "poi-card-night", SessionConfiguration(display: .wide, contentStyle: .dark),
        Self.chargersScreen(selected: 2)
      ),
    ] {
      let body = renderer.render(
        CarDisplayState(screen: screen, configuration: config, appName: "Wayside"))
      try CarStylesheet.document(title: name, body: body).write(
        toFile: "\(dir)/\(name).html", atomically: true, encoding: .utf8)
    }
  }
}
