import CarTemplates

/// A whole rendered display as a standalone document: HTML, SVG or text.
public enum ScreenDocument {
  /// A standalone HTML page showing the display.
  public static func html(_ state: CarDisplayState, renderer: CarHTMLRenderer) -> String {
    CarStylesheet.document(title: "\(state.appName) — Wayside", body: renderer.render(state))
  }

  /// An SVG document: the HTML rendering inside a `foreignObject`, so it opens in any browser.
  public static func svg(_ state: CarDisplayState, renderer: CarHTMLRenderer) -> String {
    let w = state.configuration.display.pointWidth + 48
    let h = state.configuration.display.pointHeight + 48
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">
      <foreignObject x="0" y="0" width="\(w)" height="\(h)">
      <div xmlns="http://www.w3.org/1999/xhtml" style="padding:24px"><style>\(CarStylesheet.selfContainedCSS)</style>\(renderer.render(state))</div>
      </foreignObject></svg>

      """
  }

  /// The text form of the visible screen (``TextRenderer``), or a line saying why there is none.
  public static func text(_ state: CarDisplayState) -> String {
    if let away = state.away {
      switch away {
      case .disconnected: return "(no car connected)\n"
      case .home(let reason):
        return "(CarPlay home screen: \(state.appName) was closed: \(reason))\n"
      }
    }
    if let apps = state.homeScreen {
      return "(CarPlay Home: \(apps.map(\.name).joined(separator: ", ")))\n"
    }
    if let handoff = state.handoff {
      return "(\(handoff.appName): \(handoff.title)\(handoff.detail.map { ", \($0)" } ?? ""))\n"
    }
    guard let screen = state.screen else {
      return "(\(state.appName) has not set a root template yet)\n"
    }
    var host = RenderHostState()
    host.spinningItemID = state.spinningRows.sorted().first
    host.videoPlayerTitle = state.videoPlayerTitle
    return TextRenderer(configuration: state.configuration, hostState: host).render(screen)
  }
}
