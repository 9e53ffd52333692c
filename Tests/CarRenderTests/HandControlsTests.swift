import CarTemplates
import Foundation
import Geo
import Testing

@testable import CarRender

@Suite("The simulator's display by hand: the controls a person needs and self-contained exports")
struct HandControlsTests {
  static let kassel = Coordinate(latitude: 51.3155, longitude: 9.498)

  static func map(panning: Bool, trips: [TripPreviewSpec] = []) -> CarScreen {
    CarScreen(
      root: .map(
        "map",
        MapTemplateSpec(
          mapButtons: [MapButtonSpec(id: "pan", image: .symbol("move.3d"))], isPanning: panning,
          viewport: MapViewportSpec(center: kassel, zoom: 12), tripPreviews: trips)))
  }

  static func render(_ screen: CarScreen, _ configuration: SessionConfiguration = .init()) -> String
  {
    CarHTMLRenderer(mapRenderer: nil).render(
      CarDisplayState(screen: screen, configuration: configuration, appName: "Maps"))
  }

  @Test("a map in panning mode draws an arrow at each edge that sends the host's pan")
  func panArrows() {
    let html = Self.render(Self.map(panning: true))
    for direction in ["up", "down", "left", "right"] {
      #expect(html.contains("data-ev=\"pan\" data-t=\"map\" data-which=\"\(direction)\""))
    }
    #expect(!Self.render(Self.map(panning: false)).contains("data-ev=\"pan\""))
  }

  @Test("a trip preview offers every route choice with a Go button that starts it")
  func tripPreviewGo() {
    let trip = TripPreviewSpec(
      id: "trip", destinationName: "Göttingen", destination: Self.kassel,
      routeChoices: [
        .init(id: "route-1", summaryVariants: ["Fastest · 54 km"]),
        .init(id: "route-2", summaryVariants: ["Shortest"], additionalInformationVariants: ["Tolls"]),
      ])
    let html = Self.render(Self.map(panning: false, trips: [trip]))
    #expect(html.contains("Göttingen"))
    #expect(html.contains("data-ev=\"startRoute\" data-t=\"map\" data-e=\"route-1\">Go</button>"))
    #expect(html.contains("data-ev=\"startRoute\" data-t=\"map\" data-e=\"route-2\">Go</button>"))
    #expect(html.contains("Tolls"))
  }

  @Test("the search field names its template and text, and says when the car limits the keyboard")
  func searchField() {
    let screen = CarScreen(
      root: .map("map", MapTemplateSpec(viewport: MapViewportSpec(center: Self.kassel, zoom: 12))),
      stack: [.search("search", SearchTemplateSpec(query: "Kas", results: []))])
    let open = Self.render(screen)
    #expect(open.contains("data-search=\"search\" data-query=\"Kas\" data-keyboard=\"available\""))
    #expect(open.contains("class=\"caret\""))
    var driving = SessionConfiguration()
    driving.limitedUserInterfaces = [.keyboard]
    let limited = Self.render(screen, driving)
    #expect(limited.contains("data-keyboard=\"limited\""))
    #expect(!limited.contains("class=\"caret\""))
  }

  @Test("skip symbols draw their seconds; a symbol with no stand-in is marked, never silently a circle")
  func skipAndUnknownSymbols() {
    let renderer = CarHTMLRenderer(mapRenderer: nil)
    let back = renderer.glyph(.symbol("gobackward.15"))
    #expect(back.contains("skip-seconds\">15<"))
    #expect(!back.contains("forward"))
    #expect(renderer.glyph(.symbol("goforward.30")).contains("glyph skip forward"))
    #expect(renderer.glyph(.symbol("no.such.symbol")).contains("class=\"glyph unknown\""))
    #expect(!renderer.glyph(.symbol("star.fill")).contains("unknown"))
  }

  @Test("Now Playing carries its elapsed time and rate, so the page can move the time on its own")
  func nowPlayingClock() {
    let screen = CarScreen(
      root: .list("library", ListTemplateSpec(title: "Library", sections: [])),
      stack: [
        .nowPlaying(
          NowPlayingTemplateSpec(
            isUpNextButtonEnabled: true,
            info: NowPlayingInfoSpec(
              title: "Song", artist: "Artist", durationSeconds: 200, elapsedSeconds: 12,
              playbackRate: 1)))
      ])
    let html = Self.render(screen, SessionConfiguration(display: .standard))
    #expect(html.contains("data-elapsed=\"12.0\" data-duration=\"200.0\" data-rate=\"1.0\""))
    #expect(html.contains("class=\"np-elapsed\">0:12<"))
    // Up Next sits in the navigation bar, as CarPlay draws it.
    #expect(html.contains("<div class=\"nav-trailing\"><button class=\"bar up-next\" data-ev=\"upNext\""))
  }

  @Test("a saved HTML page embeds its fonts: no file is fetched from the simulator")
  func selfContainedExport() {
    #expect(CarStylesheet.missingEmbeddedFonts.isEmpty)
    let page = CarStylesheet.document(title: "t", body: "<div class=\"car\"></div>")
    #expect(!page.contains("/assets/fonts/"))
    #expect(page.contains("url(data:font/woff2;base64,"))
    #expect(page.contains("url(data:font/otf;base64,"))
    // The page itself still loads its fonts from the server, once.
    #expect(CarStylesheet.css.contains("url(/assets/fonts/MaterialIcons-Regular.woff2)"))
  }
}
