import CarSession
import CarTemplates
import Testing

@testable import CarSimulator

/// App Shortcut phrases with a parameter (carplay-facts.md §7): the host resolves what was said
/// to one of the parameter's declared values and runs the intent with it; open text never runs.
@MainActor
@Suite("Siri: App Shortcut parameters resolved by the host")
struct VoiceParameterTests {
  static let town = VoiceParameter(
    name: "town",
    values: [VoiceParameterValue(id: "Göttingen"), VoiceParameterValue(id: "Bad Hersfeld")])
  static let connector = VoiceParameter(
    name: "connector", values: [VoiceParameterValue(id: "ccs", spoken: ["CCS", "Combo 2"])])

  static func host() -> CarSimulator {
    CarSimulator(
      entitlements: .single(.evCharging), appName: "Wayside",
      shortcuts: [
        VoiceShortcut(phrase: "Show fast chargers in ${applicationName}", intent: "fast"),
        VoiceShortcut(
          phrase: "Show fast chargers near ${town} in ${applicationName}", intent: "near",
          parameters: [town]),
        VoiceShortcut(
          phrase: "Show fast chargers with ${connector} in ${applicationName}", intent: "with",
          parameters: [connector]),
      ], clock: .manual(ManualClock()))
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let phrase: String
    let intent: String?
    let parameters: [String: String]
    var testDescription: String { phrase }
  }

  @Test(
    "a phrase runs its intent with the value said, by any of its spoken forms; other words run nothing",
    arguments: [
      Case(phrase: "Hey Siri, show fast chargers near Göttingen in Wayside", intent: "near",
        parameters: ["town": "Göttingen"]),
      Case(phrase: "show fast chargers near bad hersfeld", intent: "near",
        parameters: ["town": "Bad Hersfeld"]),
      Case(phrase: "Show fast chargers with Combo 2 in Wayside", intent: "with",
        parameters: ["connector": "ccs"]),
      Case(phrase: "Show fast chargers with CCS", intent: "with", parameters: ["connector": "ccs"]),
      Case(phrase: "Show fast chargers in Wayside", intent: "fast", parameters: [:]),
      Case(phrase: "Show fast chargers near Atlantis in Wayside", intent: nil, parameters: [:]),
      Case(phrase: "Show fast chargers near in Wayside", intent: nil, parameters: [:]),
      Case(phrase: "Show fast chargers near Göttingen Göttingen", intent: nil, parameters: [:]),
    ])
  func resolves(_ c: Case) {
    let resolved = Self.host().resolveShortcut(c.phrase)
    #expect(resolved?.shortcut.intent == c.intent)
    #expect((resolved?.parameters ?? [:]) == c.parameters)
  }

  @Test("saying a parameterised phrase sends the intent with its values; a plain one as before")
  func emitsTheResolvedValues() throws {
    let host = Self.host()
    var events: [HostEvent] = []
    host.eventHandler = { events.append($0) }
    host.connect(SessionConfiguration())
    try host.setRootTemplate(
      .list("root", ListTemplateSpec(title: "Root", sections: [])))
    try host.say("Show fast chargers near Göttingen in Wayside")
    try host.say("Show fast chargers in Wayside")
    #expect(
      events.suffix(2) == [
        .voiceIntentWithParameters(intent: "near", parameters: ["town": "Göttingen"]),
        .voiceIntent("fast"),
      ])
    #expect(throws: DriverError.self) { try host.say("Show fast chargers near Atlantis") }
  }
}
