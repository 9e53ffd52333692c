import CarTemplates
import Foundation

/// Host-side state that the screen spec alone does not carry but the driver sees: a row
/// spinning after a tap, the point the driver selected, the panning interface.
public struct RenderHostState: Hashable, Sendable, Codable {
  /// The list row whose handler has not called its completion yet (it shows a spinner).
  public var spinningItemID: ElementID?
  /// The point the driver selected on a point-of-interest template; overrides the spec's
  /// `selectedIndex` when set.
  public var selectedPointID: ElementID?
  /// Whether the map's panning interface is up; overrides the spec's `isPanning` when set.
  public var isPanning: Bool?
  /// The active voice control state; overrides the spec's `activeStateID` when set.
  public var activeVoiceStateID: ElementID?
  /// What the system video player shows over the stack, when it is up.
  public var videoPlayerTitle: String?
  /// An app's notification banner over the screen (`App — title — body`), when one shows.
  public var notificationBanner: String?

  /// Creates host state; everything defaults to "nothing special".
  public init(
    spinningItemID: ElementID? = nil, selectedPointID: ElementID? = nil, isPanning: Bool? = nil,
    activeVoiceStateID: ElementID? = nil, videoPlayerTitle: String? = nil
  ) {
    self.videoPlayerTitle = videoPlayerTitle
    self.spinningItemID = spinningItemID
    self.selectedPointID = selectedPointID
    self.isPanning = isPanning
    self.activeVoiceStateID = activeVoiceStateID
  }
}

/// Renders the visible car screen as deterministic text: what a driver would see, after the
/// host's trimming, with texts fitted to the display's width.
///
/// The format is documented in `Guides/TextRendering.md`. In short: a header line with the
/// display and configuration, a box for the top template (title bar with back and bar buttons,
/// tabs, body), the modal drawn over the box with double lines, and one `trimmed` line per
/// silent trim the host made. The same input always gives the same text, so the output serves
/// golden tests, journey transcripts and the command line.
public struct TextRenderer: Sendable {
  /// The car the screen is shown on.
  public var configuration: SessionConfiguration
  /// The run-time limits the host applies before drawing.
  public var limits: CarLimits
  /// Host state the spec does not carry.
  public var hostState: RenderHostState
  /// Whether to print the header line and the `trimmed` report (on by default).
  public var showsChrome: Bool

  /// Creates a renderer; `limits` defaults to the emulator's limits under `configuration`.
  public init(
    configuration: SessionConfiguration = SessionConfiguration(), limits: CarLimits? = nil,
    hostState: RenderHostState = RenderHostState(), showsChrome: Bool = true
  ) {
    self.configuration = configuration
    self.limits =
      limits
      ?? {
        var defaults = CarLimits.emulatorDefault
        defaults.applying(configuration.limitedUserInterfaces)
        return defaults
      }()
    self.hostState = hostState
    self.showsChrome = showsChrome
  }

  /// Average width of one character of CarPlay body text, in points. A modelling assumption
  /// (Apple publishes no character metrics, carplay-facts.md §9): it gives 50 columns on the
  /// standard 800×480 @2x display and 80 on 1920×720 @3x.
  public static let pointsPerColumn = 8

  /// Fewest columns the renderer uses, so that very small displays still show a frame.
  public static let minimumColumns = 32

  /// The number of text columns for a display: its width in points over ``pointsPerColumn``.
  public static func columns(for display: DisplayProfile) -> Int {
    max(minimumColumns, display.pointWidth / pointsPerColumn)
  }

  /// The number of columns of this renderer's display.
  public var columns: Int { Self.columns(for: configuration.display) }

  /// Renders a whole screen: the top template (selected tab or last pushed), the modal over it.
  public func render(_ screen: CarScreen) -> String {
    let (shown, truncations) = HostTruncation.apply(to: applyHostState(screen), limits: limits)
    var lines: [String] = []
    if showsChrome { lines.append(headerLine) }
    var frame = Frame(columns: columns)
    let top = shown.top
    let isPushed = !shown.stack.isEmpty
    frame.titleBar(for: top, isPushed: isPushed)
    if !isPushed, case .tabBar(let bar) = shown.root.content {
      frame.tabs(bar)
    }
    body(of: top, into: &frame)
    if case .map = top.content, let window = screen.window { windowLine(window, into: &frame) }
    var box = frame.lines()
    if let modal = shown.modal {
      box = overlay(modal, on: box)
    }
    if let title = hostState.videoPlayerTitle {
      // CarPlay's own player covers the templates; they stay underneath.
      lines.append("▶ system video player over the stack" + (title.isEmpty ? "" : ": \(title)"))
    }
    if let banner = hostState.notificationBanner {
      // CarPlay's notification banner, over the app's screen until it is tapped.
      lines.append("▣ notification: \(banner) (tap to open)")
    }
    lines += box
    if showsChrome {
      lines += truncations.map { "trimmed \($0)" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Renders one template as if it were the whole screen (the root, nothing pushed).
  public func render(_ template: TemplateSpec) -> String {
    if template.kind.canBe(.present), !template.kind.canBe(.push) {
      return render(CarScreen(root: Self.blankRoot, modal: template))
    }
    return render(CarScreen(root: template))
  }

  static let blankRoot = TemplateSpec.list("blank", ListTemplateSpec(title: nil, sections: []))

  var headerLine: String {
    let display = configuration.display
    var parts = [
      "\(display.id) \(display.width)×\(display.height)@\(display.scale)x",
      "\(columns) cols", configuration.contentStyle.rawValue,
    ]
    var limited: [String] = []
    if configuration.limitedUserInterfaces.contains(.lists) { limited.append("lists") }
    if configuration.limitedUserInterfaces.contains(.keyboard) { limited.append("keyboard") }
    if !limited.isEmpty { parts.append("limited: " + limited.joined(separator: ", ")) }
    if configuration.supportsVideoPlayback {
      parts.append(configuration.isVideoAvailable ? "video available" : "video unavailable")
    }
    return parts.joined(separator: " · ")
  }

  /// Applies host-state overrides to the spec before the host trims it.
  func applyHostState(_ screen: CarScreen) -> CarScreen {
    func adjust(_ template: TemplateSpec) -> TemplateSpec {
      var template = template
      switch template.content {
      case .tabBar(var bar):
        bar.tabs = bar.tabs.map(adjust)
        template.content = .tabBar(bar)
      case .pointOfInterest(var poi):
        if let selected = hostState.selectedPointID {
          poi.selectedIndex = poi.points.firstIndex { $0.id == selected }
        }
        template.content = .pointOfInterest(poi)
      case .map(var map):
        if let panning = hostState.isPanning { map.isPanning = panning }
        template.content = .map(map)
      case .voiceControl(var voice):
        if let active = hostState.activeVoiceStateID { voice.activeStateID = active }
        template.content = .voiceControl(voice)
      default: break
      }
      return template
    }
    return CarScreen(
      root: adjust(screen.root), stack: screen.stack.map(adjust), modal: screen.modal.map(adjust),
      window: screen.window)
  }

  /// Draws the modal box over the middle of the screen box, starting on its second body line.
  func overlay(_ modal: TemplateSpec, on box: [String]) -> [String] {
    var inner = Frame(columns: max(Self.minimumColumns - 8, columns - 8), style: .modal)
    inner.modalTitle(for: modal)
    body(of: modal, into: &inner)
    let modalLines = inner.lines()
    var result = box
    let bottom = result.removeLast()
    let first = 2
    while result.count < first + modalLines.count + 1 {
      result.append(Frame.blankBodyLine(columns: columns))
    }
    for (offset, line) in modalLines.enumerated() {
      let content = "   " + line
      result[first + offset] = "│" + Text.pad(content, columns - 2) + "│"
    }
    result.append(bottom)
    return result
  }
}
