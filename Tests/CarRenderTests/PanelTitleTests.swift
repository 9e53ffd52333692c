import CarTemplates
import Foundation
import Testing

@testable import CarRender

/// A point-of-interest panel's title fits its panel (issue 23, item 5): a long state title
/// ("No chargers here — zoom out or change the filter") once wrapped to four to six lines and
/// left one row visible.
@Suite("Point-of-interest panel titles")
struct PanelTitleTests {
  @Test("a panel title takes at most two lines and keeps the whole title as its tooltip")
  func titleClamped() throws {
    let title = "No chargers here — zoom out or change the filter"
    let poi = TemplateSpec.pointOfInterest(
      "charge", PointOfInterestTemplateSpec(title: title, points: []))
    let renderer = CarHTMLRenderer(mapRenderer: MapSVGRenderer(basemap: try Basemap.bundled()))
    let html = renderer.render(
      CarDisplayState(
        screen: CarScreen(root: poi), configuration: SessionConfiguration(display: .minimum),
        appName: "Wayside"))
    #expect(html.contains("<h1 title=\"\(title)\">"))
    let css = CarStylesheet.css
    let rule = try #require(
      css.split(separator: "}").first { $0.contains(".poi-panel .navbar h1{") })
    #expect(rule.contains("-webkit-line-clamp:2"), "\(rule)")
    #expect(rule.contains("text-overflow:ellipsis"))
  }
}
