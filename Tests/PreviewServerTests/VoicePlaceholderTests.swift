import CarSession
import Foundation
import HTTPServer
import KitDemos
import Testing

@testable import PreviewServer

@MainActor
@Suite("The simulator's Siri box")
struct VoicePlaceholderTests {
  @Test(
    "the Siri box's placeholder is a phrase the running app's App Shortcuts answer: saying it runs the intent without an error"
  )
  func placeholderWorks() async throws {
    let apps = KitDemos.all.filter { !$0.shortcuts.isEmpty }
    #expect(!apps.isEmpty)
    for app in apps {
      let (routes, controller) = try PreviewRoutesTests.routes(app: app.id)
      let router = routes.router()
      await controller.session.settle()
      let phrase = controller.panel().voicePlaceholder
      #expect(phrase == app.shortcuts[0].spoken(appName: app.appName))
      #expect(PanelRenderer.render(controller.panel()).contains("placeholder=\"\(phrase)\""))
      let before = controller.host.transcript.totalCount
      let body = try JSONEncoder().encode(PanelCommand(cmd: "voice", value: phrase))
      _ = await router.handle(
        try HTTPRequest(
          .post, "/control", headers: ["Content-Type": "application/json"], body: Array(body)))
      #expect(controller.panel().message == nil, "\(app.id): \(controller.panel().message ?? "")")
      let heard = controller.host.transcript.entries.suffix(
        controller.host.transcript.totalCount - before
      ).map(\.description)
      #expect(
        heard.contains { $0.contains("voice intent \(app.shortcuts[0].intent)") }, "\(heard)")
    }
  }
}
