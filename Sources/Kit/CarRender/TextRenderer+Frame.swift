import CarTemplates

/// Text fitting helpers shared by the text renderer: widths are counted in characters
/// (grapheme clusters), and overlong text ends in "…".
enum Text {
  /// `text` shortened to `width` characters, ending in "…" when it was cut.
  static func fit(_ text: String, _ width: Int) -> String {
    guard width > 0 else { return "" }
    if text.count <= width { return text }
    if width == 1 { return "…" }
    return String(text.prefix(width - 1)) + "…"
  }

  /// `text` fitted to `width` and padded with spaces to exactly `width` characters.
  static func pad(_ text: String, _ width: Int) -> String {
    let fitted = fit(text, width)
    return fitted + String(repeating: " ", count: max(0, width - fitted.count))
  }

  /// `left` and `right` on one line of `width`: the right part is kept whole, the left part
  /// is shortened to make room.
  static func spread(_ left: String, _ right: String, _ width: Int) -> String {
    guard !right.isEmpty else { return pad(left, width) }
    let room = width - right.count - 1
    guard room > 0 else { return pad(right, width) }
    return pad(left, room) + " " + right
  }

  /// `text` centred in `width`.
  static func center(_ text: String, _ width: Int) -> String {
    let fitted = fit(text, width)
    let left = (width - fitted.count) / 2
    return pad(String(repeating: " ", count: left) + fitted, width)
  }
}

/// A box of text lines: a title bar, body lines and separators, drawn with single lines for the
/// screen and double lines for a modal.
struct Frame {
  enum Style { case screen, modal }

  enum Line {
    case text(String)
    case rule
  }

  let columns: Int
  let style: Style
  var title = ""
  var trailing = ""
  var body: [Line] = []

  init(columns: Int, style: Style = .screen) {
    self.columns = columns
    self.style = style
  }

  /// Characters available inside the borders, one space of margin each side.
  var inner: Int { columns - 4 }

  private var glyphs:
    (tl: String, h: String, tr: String, v: String, ml: String, mr: String, bl: String, br: String)
  {
    switch style {
    case .screen: ("┌", "─", "┐", "│", "├", "┤", "└", "┘")
    case .modal: ("╔", "═", "╗", "║", "╟", "╢", "╚", "╝")
    }
  }

  static func blankBodyLine(columns: Int) -> String {
    "│" + String(repeating: " ", count: columns - 2) + "│"
  }

  mutating func titleBar(for template: TemplateSpec, isPushed: Bool) {
    var left: [String] = []
    if isPushed {
      left.append("‹ " + (template.navigationBar?.backButton?.title ?? "Back"))
    }
    left += (template.navigationBar?.leading ?? []).map(Self.barButton)
    if let text = template.title, !text.isEmpty, template.kind != .alert { left.append(text) }
    title = left.joined(separator: "  ")
    trailing = (template.navigationBar?.trailing ?? []).map(Self.barButton).joined(separator: " ")
  }

  mutating func modalTitle(for template: TemplateSpec) {
    title = ""
    trailing = ""
  }

  static func barButton(_ button: BarButtonSpec) -> String {
    // The title wins over the image (carplay-facts.md §1.0).
    let label = button.title ?? button.image?.name ?? String(describing: button.id)
    return "[" + (button.isEnabled ? "" : "⊘ ") + label + "]"
  }

  mutating func line(_ left: String, _ right: String = "") {
    body.append(.text(Text.spread(left, right, inner)))
  }

  mutating func centered(_ text: String) {
    body.append(.text(Text.center(text, inner)))
  }

  mutating func rule() { body.append(.rule) }

  mutating func blank() { body.append(.text("")) }

  /// Buttons side by side, wrapped onto more lines when they do not fit.
  mutating func buttons(_ labels: [String]) {
    var current = ""
    for label in labels {
      let fitted = Text.fit(label, inner)
      if current.isEmpty {
        current = fitted
      } else if current.count + 1 + fitted.count <= inner {
        current += " " + fitted
      } else {
        line(current)
        current = fitted
      }
    }
    if !current.isEmpty { line(current) }
  }

  func lines() -> [String] {
    let g = glyphs
    let width = columns - 2
    var top: String
    if title.isEmpty && trailing.isEmpty {
      top = String(repeating: g.h, count: width)
    } else {
      let right = trailing.isEmpty ? "" : " " + trailing + " "
      let room = width - right.count - 3
      let left = " " + Text.fit(title, max(1, room)) + " "
      top = left + String(repeating: g.h, count: max(1, width - left.count - right.count)) + right
      top = String(top.prefix(width))
    }
    var result = [g.tl + top + g.tr]
    for line in body {
      switch line {
      case .text(let text): result.append(g.v + " " + Text.pad(text, inner) + " " + g.v)
      case .rule: result.append(g.ml + String(repeating: "─", count: width) + g.mr)
      }
    }
    result.append(g.bl + String(repeating: g.h, count: width) + g.br)
    return result
  }
}
