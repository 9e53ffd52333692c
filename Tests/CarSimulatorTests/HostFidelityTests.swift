import CarSession
import CarTemplates
import Geo
import Testing

@testable import CarSimulator

@MainActor
@Suite("Host fidelity: Now Playing is one instance, video support is fixed, bar buttons everywhere")
struct HostFidelityTests {
  static func nowPlaying(_ id: TemplateID) -> TemplateSpec {
    TemplateSpec(
      id: id,
      .nowPlaying(
        NowPlayingTemplateSpec(buttons: [], info: NowPlayingInfoSpec(title: "Song", artist: "Band"))
      ))
  }

  static func bar(_ prefix: String, _ count: Int) -> [BarButtonSpec] {
    (0..<count).map { BarButtonSpec(id: ElementID("\(prefix)\($0)"), title: "\(prefix)\($0)") }
  }

  @Test(
    "pushing Now Playing while it is on the stack fails like pushing one instance twice (§1.9, §2)")
  func nowPlayingIsASingleton() throws {
    let host = CarSimulator(entitlements: .single(.audio), clock: .manual(ManualClock()))
    host.connect(SessionConfiguration())
    try host.setRootTemplate(Fixture.list("library"))
    #expect(try host.pushTemplate(Self.nowPlaying("playing")) == .ok)
    try host.pushTemplate(Fixture.list("queue"))
    // Another id does not make another template: there is only `CPNowPlayingTemplate.shared`.
    let again = try host.pushTemplate(Self.nowPlaying("playing-2"))
    #expect(again == .failed(.duplicatePush))
    #expect(host.depth == 3)
    try host.popToRootTemplate()
    #expect(try host.pushTemplate(Self.nowPlaying("playing-2")) == .ok)
  }

  @Test(
    "a configuration change that flips video support is refused; availability may change (§3, §4)")
  func videoSupportIsFixed() {
    let host = CarSimulator(
      entitlements: CarEntitlements([.audio, .video]), clock: .manual(ManualClock()))
    let parked = SessionConfiguration(supportsVideoPlayback: true, isVideoAvailable: true)
    host.connect(parked)
    var driving = parked
    driving.isVideoAvailable = false
    #expect(host.changeConfiguration(driving))
    #expect(host.configuration?.isVideoAvailable == false)
    var noVideo = driving
    noVideo.supportsVideoPlayback = false
    #expect(!host.changeConfiguration(noVideo))
    #expect(host.configuration?.supportsVideoPlayback == true)
    #expect(host.transcript.description.contains("fixed for the session"))
    // Reconnecting is how another car arrives.
    host.disconnect()
    host.connect(noVideo)
    #expect(host.configuration?.supportsVideoPlayback == false)
  }

  @Test("a journey that flips video support while connected fails naming the rule")
  func journeyVideoFlip() async throws {
    let report = try await runJourney(
      """
      app now-playing
      connect video=available
      config video=none
      """)
    #expect(report.failure?.message.contains("fixed for the session") == true)
  }

  @Test(
    "contact and voice control templates carry bar buttons, the host keeping 2 + 2 (§1.0, §1.8, §1.12)"
  )
  func contactAndVoiceBarButtons() throws {
    let host = CarSimulator(entitlements: .single(.navigation), clock: .manual(ManualClock()))
    host.connect(SessionConfiguration())
    try host.setRootTemplate(
      .map(
        "map",
        MapTemplateSpec(
          viewport: MapViewportSpec(center: .init(latitude: 51, longitude: 9), zoom: 10))))
    let contact = TemplateSpec.contact(
      "contact",
      ContactTemplateSpec(
        name: "Hotline", actions: [ContactTemplateSpec.Action(id: "call", kind: .call)],
        navigationBar: NavigationBarSpec(leading: Self.bar("l", 3), trailing: Self.bar("t", 1))))
    #expect(try host.pushTemplate(contact) == .ok)
    guard case .contact(let shown) = host.shownScreen?.visible.top.content else {
      Issue.record("contact not shown")
      return
    }
    #expect(shown.navigationBar.leading.map(\.id) == ["l0", "l1"])
    try host.press("t0")
    #expect(throws: DriverError.self) { try host.press("l2") }
    try host.popTemplate()

    let voice = TemplateSpec.voiceControl(
      "voice",
      VoiceControlTemplateSpec(
        states: [VoiceControlStateSpec(id: "listening", titleVariants: ["Listening…"])],
        navigationBar: NavigationBarSpec(trailing: Self.bar("v", 3))))
    #expect(try host.presentTemplate(voice) == .ok)
    guard case .voiceControl(let shownVoice) = host.shownScreen?.visible.modal?.content else {
      Issue.record("voice control not shown")
      return
    }
    #expect(shownVoice.navigationBar.trailing.map(\.id) == ["v0", "v1"])
  }
}
