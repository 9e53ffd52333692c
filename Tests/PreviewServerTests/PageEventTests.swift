import CarRender
import CarSession
import CarTemplates
import KitDemos
import Testing

@testable import PreviewServer

@MainActor
@Suite("The simulator reads page events and panel commands once")
struct PageEventTests {
  static func controller(_ app: String = "tabs") throws -> SimulatorController {
    let demo = try #require(KitDemos.named(app))
    return SimulatorController(
      apps: KitDemos.all, app: demo, configuration: SessionConfiguration(),
      location: .init(latitude: 51.3127, longitude: 9.4797), locationLabel: "Kassel",
      clockText: { "12:00" })
  }

  @Test("a tab event without its index is refused with a message; it does not select tab 1")
  func tabWithoutIndex() async throws {
    let controller = try Self.controller()
    await controller.handle(PageEvent(ev: "tab", t: "root"))
    #expect(
      controller.panel().message == "page event 'tab' needs e = the tab index from 0, got nothing")
    guard case .tabBar(let bar)? = controller.display().screen?.root.content else {
      Issue.record("expected the tabs demo's tab bar")
      return
    }
    #expect(bar.selectedIndex == 0)
    await controller.handle(PageEvent(ev: "tab", t: "root", e: "1"))
    #expect(controller.panel().message == nil)
    guard case .tabBar(let after)? = controller.display().screen?.root.content else {
      Issue.record("expected the tabs demo's tab bar")
      return
    }
    #expect(after.selectedIndex == 1)
  }

  @Test("an image tap without its index is refused instead of tapping the first image")
  func imageWithoutIndex() async throws {
    let controller = try Self.controller()
    let before = controller.host.transcript.totalCount
    await controller.handle(PageEvent(ev: "rowImage", t: "x", e: "gallery"))
    #expect(
      controller.panel().message
        == "page event 'rowImage' needs i = the image index from 0, got nothing")
    #expect(controller.host.transcript.totalCount == before)
  }

  @Test("an unknown event and a malformed panel value are reported, naming them")
  func unknown() async throws {
    let controller = try Self.controller()
    await controller.handle(PageEvent(ev: "swipe"))
    #expect(controller.panel().message?.hasPrefix("unknown page event 'swipe'") == true)
    await controller.handle(PanelCommand(cmd: "style", value: "dusk"))
    #expect(controller.panel().message == "'style' expects day or night, got 'dusk'")
    #expect(controller.display().configuration.contentStyle == .light)
    await controller.handle(PanelCommand(cmd: "lock", value: "true"))
    #expect(controller.display().isPhoneLocked)
  }
}

@MainActor
@Suite("The web simulator's knob: the panel switches the input, the display draws the focus")
struct KnobSimulatorTests {
  @Test("the panel's input switch gives the car a knob whose focus the display draws and moves")
  func knobFocusDrawn() async throws {
    let controller = try PageEventTests.controller("list-detail")
    let renderer = CarHTMLRenderer(mapRenderer: nil)
    #expect(controller.display().focus == nil)
    #expect(renderer.render(controller.display()).contains("data-input=\"touch\""))
    await controller.handle(PanelCommand(cmd: "input", value: "knob"))
    #expect(controller.panel().input == "knob")
    #expect(PanelRenderer.render(controller.panel()).contains("<option value=\"knob\" selected>"))
    let first = try #require(controller.display().focus)
    #expect(first.selector == #".car [data-ev="row"][data-e="kassel-hbf"]"#)
    let html = renderer.render(controller.display())
    #expect(html.contains("data-input=\"knob\""))
    #expect(html.contains("<style>\(first.selector){background:var(--focus-fill)"))
    await controller.handle(PageEvent(ev: "knob", which: "next"))
    #expect(controller.display().focus?.attributes["e"] == "wilhelmshoehe")
    await controller.handle(PageEvent(ev: "knob", which: "select"))
    #expect(controller.display().screen?.top.title == "Wilhelmshöhe")
    #expect(controller.display().focus?.attributes["e"] == "start")
    await controller.handle(PageEvent(ev: "knob", which: "back"))
    #expect(controller.display().screen?.stack.isEmpty == true)
    // The input is the car's: it survives a reconnect and an app switch.
    await controller.handle(PanelCommand(cmd: "disconnect"))
    await controller.handle(PanelCommand(cmd: "connect"))
    await controller.handle(PanelCommand(cmd: "app", value: "tabs"))
    #expect(controller.host.inputKind == .knob)
    await controller.handle(PanelCommand(cmd: "input", value: "touch"))
    #expect(controller.display().focus == nil)
    await controller.handle(PageEvent(ev: "knob", which: "next"))
    #expect(controller.panel().message?.hasPrefix("knob next: this car has a touch screen") == true)
  }
}
