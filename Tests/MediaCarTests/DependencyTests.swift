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

  /// The app created without its services and the test's overrides deleted: each key the
  /// catalogue load and the engine observation touch fails the test, naming the key, instead
  /// of the session running on the bundled catalogue and the process's engine.
  @Test("a deleted override fails the test naming the key")
  func deletedOverrideFails() async {
    await withKnownIssue {
      let tester = CarAppTester(app: MediaApp(), state: MediaApp.State())
      tester.exhaustive = false
      await tester.connect(parked)
    } matching: { issue in
      "\(issue)".contains("MediaLibraryKey") || "\(issue)".contains("PlaybackEngineKey")
    }
  }

  /// Two live containers (two cars in the web simulator) each make the media app's engine of
  /// their own, once: a car never hears the other's player (issue 33, item 3). A `static let`
  /// live value made one engine for the whole process.
  @Test("each live container makes its own engine, once")
  func liveValuesPerContainer() {
    let first = CarClients.live()
    let second = CarClients.live()
    #expect(first.playback === first.playback, "one engine per container")
    #expect(first.playback !== second.playback, "no engine shared between containers")
    #expect(first.dataSource !== second.dataSource, "no switch shared between containers")
  }

  /// A test container without an override reports the key each touch reads, by name, to the
  /// reporter the test gave it, instead of handing out the live value quietly.
  @Test("a test container reports a key read without an override, naming it")
  func unsetKeyReported() {
    let log = UnimplementedDependencyLog()
    var clients = CarClients.test(clock: ManualClock(), reportIssue: .collecting(log))
    _ = clients.mediaLibrary
    #expect(log.keys == ["MediaLibraryKey"])
    clients[MediaLibraryKey.self] = .fixed(bundledCatalogue)
    _ = clients.mediaLibrary
    _ = clients.clock
    #expect(log.keys == ["MediaLibraryKey"], "a set key and the kit's seams report nothing")
    #expect(log.all.first?.description.contains("MediaLibraryKey has no test value") == true)
  }
}
