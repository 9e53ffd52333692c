import CarRender
import CarTemplates
import Foundation
import Testing
import WaysideApps

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `wayside render --format svg` and `--format html` write documents a browser opens without
/// complaint: the SVG is XML (a browser rejects the whole file at the first error, e.g. an
/// attribute without a value inside its XHTML), and the HTML is polyglot markup, which an
/// XML parser and an HTML5 parser both read the same way, so Foundation's XML parser checks it.
@Suite("render exports parse as XML and HTML")
struct ExportValidityTests {
  /// Parses `text` as XML; the parser's error with its line and column, or nil.
  static func xmlError(_ text: String) -> String? {
    let parser = XMLParser(data: Data(text.utf8))
    let collector = ErrorCollector()
    parser.delegate = collector
    if parser.parse() { return nil }
    let error = parser.parserError.map { "\($0)" } ?? "unknown error"
    return "line \(parser.lineNumber), column \(parser.columnNumber): \(error)"
      + (collector.message.map { " — \($0)" } ?? "")
  }

  final class ErrorCollector: NSObject, XMLParserDelegate {
    var message: String?
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
      if message == nil { message = "\(parseError)" }
    }
  }

  /// Every in-car app and demo, the SVG at the smallest display at night (maps, pins, scroll
  /// panels and their escaping).
  static let cases: [[String]] = WaysideApps.all.map { ["--app", $0.id] }

  @Test("every app's SVG export is well-formed XML", arguments: cases)
  func svgParses(_ app: [String]) async {
    let result = await RenderAndServeCommandTests.run(
      ["render"] + app + ["--format", "svg", "--display", "minimum", "--style", "night"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("<svg"))
    #expect(Self.xmlError(result.out) == nil, "\(app): \(Self.xmlError(result.out) ?? "")")
  }

  @Test("every app's HTML export is well-formed polyglot HTML", arguments: cases)
  func htmlParses(_ app: [String]) async {
    let result = await RenderAndServeCommandTests.run(
      ["render"] + app + ["--format", "html", "--display", "minimum"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.lowercased().hasPrefix("<!doctype html>"))
    #expect(Self.xmlError(result.out) == nil, "\(app): \(Self.xmlError(result.out) ?? "")")
  }

  @Test("a disabled button is exported with an attribute value, which XML needs")
  func disabledHasValue() {
    let bar = NavigationBarSpec(
      trailing: [BarButtonSpec(id: "later", title: "Later", isEnabled: false)])
    let list = ListTemplateSpec(title: "Places", sections: [], navigationBar: bar)
    let template = TemplateSpec(id: "places", .list(list))
    let state = CarDisplayState(
      screen: CarScreen(root: template), configuration: SessionConfiguration(),
      appName: "Demo")
    let svg = ScreenDocument.svg(state, renderer: CarHTMLRenderer(mapRenderer: nil))
    #expect(svg.contains("disabled=\"\""))
    #expect(Self.xmlError(svg) == nil, "\(Self.xmlError(svg) ?? "")")
  }

  @Test("the sound of what plays is exported with its hidden attribute's value, which XML needs")
  func soundHasValue() {
    let list = ListTemplateSpec(title: "Audio", sections: [])
    var state = CarDisplayState(
      screen: CarScreen(root: TemplateSpec(id: "audio", .list(list))),
      configuration: SessionConfiguration(), appName: "Demo")
    state.nowPlaying = NowPlayingInfoSpec(
      title: "Stave 1", elapsedSeconds: 3, playbackRate: 1,
      assetURL: "https://example.org/stave-1.mp3")
    for document in [
      ScreenDocument.svg(state, renderer: CarHTMLRenderer(mapRenderer: nil)),
      ScreenDocument.html(state, renderer: CarHTMLRenderer(mapRenderer: nil)),
    ] {
      #expect(document.contains("class=\"np-sound\" hidden=\"\""))
      #expect(Self.xmlError(document) == nil, "\(Self.xmlError(document) ?? "")")
    }
  }
}
