import CarAppTesting
import CarSession
import MediaCar
import Playback
import Testing

/// The media app's engine and catalogue come from the session's dependency container
/// (Guides/CarSession.md, "Dependencies"), and the data-source switch reaches them there.
@MainActor
@Suite("Media app: services from the dependency container")
struct MediaDependencyTests {
  static func overrides(_ library: MediaLibraryClient) -> CarDependencyOverrides {
    var overrides = CarDependencyOverrides()
    overrides[MediaLibraryKey.self] = library
    overrides[PlaybackEngineKey.self] = PlaybackEngine(
      player: SimulatedMediaPlayer(script: { _ in .reliable }))
    return overrides
  }

  @Test("the catalogue load reads the library the container holds, over the app's own")
  func effectUsesContainerValue() async {
    let app = MediaApp(
      engine: PlaybackEngine(player: SimulatedMediaPlayer(script: { _ in .reliable })),
      library: .fixed(bundledCatalogue))
    let tester = CarAppTester(
      app: app, state: MediaApp.State(), dependencies: Self.overrides(.fixed(.empty)))
    tester.exhaustive = false
    await tester.connect(parked)
    #expect(tester.currentState.library == .loaded(.empty))
  }

  @Test("an app created without services finds the container's engine and library")
  func appWithoutServices() async {
    let tester = CarAppTester(
      app: MediaApp(), state: MediaApp.State(),
      dependencies: Self.overrides(.fixed(bundledCatalogue)))
    tester.exhaustive = false
    await tester.connect(parked)
    #expect(tester.currentState.library == .loaded(bundledCatalogue))
  }

  @Test("the Fail switch gives the media app a failing library through the container")
  func failSwitchReachesMedia() async {
    let tester = CarAppTester(
      app: MediaApp(), state: MediaApp.State(), dataSource: DataSourceModeBox(.failing),
      dependencies: Self.overrides(.fixed(bundledCatalogue)))
    tester.exhaustive = false
    await tester.connect(parked)
    guard case .failed(let reason) = tester.currentState.library else {
      Issue.record("expected a failed library, got \(tester.currentState.library)")
      return
    }
    #expect(reason.contains(DataSourceMode.failingReason), "\(reason)")
  }
}
