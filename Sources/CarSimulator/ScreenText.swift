import CarSession
import CarTemplates

/// A plain-text form of what the driver sees on the emulated host (after truncation), used by
/// journeys' `expect text` and printed by `wayside journey --screens`.
///
/// SEAM: `CarRender` is to provide the kit's deterministic text renderer; until it does, this
/// small one lists titles, rows, items, points, buttons and the modal, one per line.
public enum ScreenText {
  /// The visible screen: the top template (with the tab bar's titles) and the modal.
  public static func render(_ screen: HostScreen) -> String {
    var lines: [String] = []
    if case .tabBar(let bar) = screen.root.content {
      let titles = bar.tabs.enumerated().map { index, tab in
        let title = tab.tab?.title ?? tab.title ?? tab.id.rawValue
        return index == bar.selectedIndex ? "[\(title)]" : title
      }
      lines.append("tabs: " + titles.joined(separator: " | "))
    }
    lines += render(screen.visible.top)
    if let modal = screen.modal {
      lines.append("modal:")
      lines += render(modal).map { "  " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// One template, one element per line.
  public static func render(_ template: TemplateSpec) -> [String] {
    var lines = ["\(template.kind.className) '\(template.id)'" + (template.title.map { ": \($0)" } ?? "")]
    switch template.content {
    case .list(let list):
      for section in list.sections {
        if let header = section.header { lines.append("  # \(header)") }
        for row in section.rows {
          switch row {
          case .item(let item):
            lines.append("  - \(item.text)" + (item.detailText.map { " — \($0)" } ?? ""))
          case .imageRow(let imageRow):
            lines.append("  - \(imageRow.text) [\(imageRow.images.count) images]")
          }
        }
      }
      if list.itemCount == 0 {
        lines.append(list.showsSpinnerWhileEmpty ? "  (loading…)" : "  (\(list.emptyViewTitleVariants.preferred))")
      }
    case .grid(let grid):
      lines += grid.buttons.map { "  [\($0.titleVariants.preferred)]" }
    case .information(let info):
      lines += info.items.map { "  \($0.title ?? ""): \($0.detail ?? "")" }
      lines += info.actions.map { "  [\($0.title)]" }
    case .pointOfInterest(let poi):
      for (index, point) in poi.points.enumerated() {
        let mark = index == poi.selectedIndex ? "*" : "-"
        lines.append("  \(mark) \(point.title)" + (point.subtitle.map { " — \($0)" } ?? ""))
      }
      if let index = poi.selectedIndex, poi.points.indices.contains(index) {
        let point = poi.points[index]
        let buttons = [point.primaryButton, point.secondaryButton].compactMap { $0?.title }
        lines.append("  card: \(point.detailTitle ?? point.title) " + buttons.map { "[\($0)]" }.joined(separator: " "))
      }
    case .map(let map):
      lines.append("  map at \(map.viewport.center) zoom \(map.viewport.zoom)")
      lines += map.mapButtons.map { "  (\($0.id))" }
    case .nowPlaying(let playing):
      if let info = playing.info {
        lines.append("  \(info.title)" + (info.artist.map { " — \($0)" } ?? ""))
        lines.append("  \(Int(info.elapsedSeconds))s / \(info.durationSeconds.map { "\(Int($0))s" } ?? "live")")
      }
      lines += playing.buttons.map { "  (\($0.id))" }
    case .alert(let alert):
      lines.append("  \(alert.titleVariants.preferred)")
      lines += alert.actions.map { "  [\($0.title)]" }
    case .actionSheet(let sheet):
      if let message = sheet.message { lines.append("  \(message)") }
      lines += sheet.actions.map { "  [\($0.title)]" }
    case .search(let search):
      lines.append("  search: \(search.query)")
      lines += search.results.map { "  - \($0.text)" }
    case .voiceControl(let voice):
      let state = voice.states.first { $0.id == voice.activeStateID } ?? voice.states.first
      lines.append("  \(state?.titleVariants.preferred ?? "")")
    case .contact(let contact):
      if let subtitle = contact.subtitle { lines.append("  \(subtitle)") }
    case .tabBar:
      break
    }
    return lines
  }
}
