import CarRender
import CarSession
import CarTemplates
import Testing
import WaysideApps

@testable import PreviewServer

/// The side panel says what the car does, at once and in a driver's words.
@MainActor
@Suite("Web simulator panel: state restored, messages a driver reads")
struct PanelWordsTests {
  static func controller(_ app: String = "media") throws -> SimulatorController {
    try HomeScreenTests.controller(app)
  }

  @Test("Driving off gives back what was allowed while parked: video comes back")
  func drivingOffRestoresVideo() async throws {
    let controller = try Self.controller()
    #expect(controller.panel().isVideoAllowed)
    await controller.handle(PanelCommand(cmd: "driving", value: "true"))
    #expect(!controller.panel().isVideoAllowed)
    await controller.handle(PanelCommand(cmd: "driving", value: "false"))
    #expect(controller.panel().isVideoAllowed)
    #expect(controller.display().configuration.isVideoAvailable)
    // Video the driver switched off while parked stays off after a drive.
    await controller.handle(PanelCommand(cmd: "video", value: "false"))
    await controller.handle(PanelCommand(cmd: "driving", value: "true"))
    await controller.handle(PanelCommand(cmd: "driving", value: "false"))
    #expect(!controller.panel().isVideoAllowed)
  }

  @Test("Siri's box answers in a driver's words, never naming the command or its field")
  func siriWords() async throws {
    let controller = try Self.controller("charging")
    await controller.handle(PanelCommand(cmd: "voice", value: "  "))
    let empty = try #require(controller.panel().message)
    #expect(!empty.contains("'voice'"))
    #expect(!empty.contains("expects"))
    #expect(empty.contains("Siri"))
    #expect(empty.contains("Show fast chargers in Wayside"))
    await controller.handle(PanelCommand(cmd: "voice", value: "order a pizza"))
    let unknown = try #require(controller.panel().message)
    #expect(!unknown.contains("App Shortcut"))
    #expect(unknown.contains("order a pizza"))
    #expect(unknown.contains("Try"))
  }

  @Test("The panel's form buttons read as buttons to press, not as disabled grey")
  func formButtonsLookActive() {
    #expect(PreviewPage.css.contains("#panel form button{background:#0a84ff"))
  }
}
