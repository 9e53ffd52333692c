import CarRender
import CarSession
import CarTemplates

extension CarSimulator {
  /// What the driver sees, as `CarRender`'s deterministic text (truncation, the spinning row and
  /// the selected point included); a line naming the app's state when nothing is on screen.
  public var screenText: String {
    guard let screen = screenDrawingNowPlaying, let configuration else { return "(nothing on screen: \(appState))" }
    var hostState = RenderHostState()
    hostState.spinningItemID = spinners.values.first?.row
    hostState.videoPlayerTitle = videoPlayerTitle
    hostState.notificationBanner = notificationBannerText
    // The car's own limits (a journey's `connect max-items=N`), not the emulator's defaults.
    let limits = rules.limits(for: entitlements, configuration: configuration)
    let renderer = TextRenderer(configuration: configuration, limits: limits, hostState: hostState)
    return renderer.render(screen.visible)
  }
}
