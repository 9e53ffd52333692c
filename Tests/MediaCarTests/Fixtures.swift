import Testing
import CarAppTesting
import CarSession
import CarSimulator
import CarTemplates
import Foundation
import MediaCar
import Playback
import WaysideData

/// The bundled open catalogue (six Blender films, five LibriVox chapters, one bundled chime).
let bundledCatalogue: MediaCatalogue = {
  do {
    return try MediaCatalogue.decode(json: BundledData.data(.mediaCatalogue))
  } catch {
    fatalError("the bundled media catalogue must decode: \(error)")
  }
}()

/// Big Buck Bunny, the first film.
let bunny: MediaItem.ID = "blender-big-buck-bunny"
/// Sintel, a film of the same series.
let sintel: MediaItem.ID = "blender-sintel"
/// Stave 1 of A Christmas Carol.
let stave1: MediaItem.ID = "librivox-christmas-carol-01"
/// Stave 2 of A Christmas Carol.
let stave2: MediaItem.ID = "librivox-christmas-carol-02"

func item(_ id: MediaItem.ID) -> MediaItem {
  guard let item = bundledCatalogue.item(id) else { fatalError("no item \(id)") }
  return item
}

/// A parked car that supports and allows video.
let parked = SessionConfiguration(supportsVideoPlayback: true, isVideoAvailable: true)
/// A moving car that supports video but does not allow it now.
let moving = SessionConfiguration(
  limitedUserInterfaces: [.lists], supportsVideoPlayback: true, isVideoAvailable: false)
/// A car without video support.
let audioOnlyCar = SessionConfiguration()

func state(
  _ playback: PlaybackState = .idle, pages: [TemplateID: [MediaApp.Page]] = [:],
  selectedTab: TemplateID = MediaScreenBuilder.videosTab,
  catalogue: MediaCatalogue = bundledCatalogue
) -> MediaApp.State {
  MediaApp.State(
    library: .loaded(catalogue), selectedTab: selectedTab, pages: pages, playback: playback)
}

func playing(_ id: MediaItem.ID, at position: Double, as presentation: Presentation = .video)
  -> PlaybackState
{
  PlaybackState(
    item: id, status: .playing, position: position, duration: item(id).durationSeconds,
    presentation: presentation)
}

func paused(_ id: MediaItem.ID, at position: Double) -> PlaybackState {
  PlaybackState(
    item: id, status: .paused(.command), position: position,
    duration: item(id).durationSeconds, presentation: .video)
}

func tabs(_ screen: CarScreen) -> [TemplateSpec] {
  guard case .tabBar(let bar) = screen.root.content else { return [] }
  return bar.tabs
}

func list(_ template: TemplateSpec?) -> ListTemplateSpec? {
  guard case .list(let list)? = template?.content else { return nil }
  return list
}

func items(_ template: TemplateSpec?) -> [ListItemSpec] {
  (list(template)?.allRows ?? []).compactMap {
    if case .item(let item) = $0 { return item }
    return nil
  }
}

/// The media app over `engine` and the bundled catalogue in an exhaustive ``CarAppTester``,
/// connected in `configuration`, the catalogue loaded and nothing playing.
///
/// Connecting starts the catalogue load and the first look at the engine at once, and their
/// answers may arrive in either order, so the connection is checked by its end state; every
/// step after it states its state change and exact operations.
@MainActor
func connectedMediaApp(
  _ configuration: SessionConfiguration = parked, engine: PlaybackEngine,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> CarAppTester<MediaApp> {
  let tester = CarAppTester(
    app: MediaApp(engine: engine, library: .fixed(bundledCatalogue)), state: MediaApp.State(),
    sourceLocation: sourceLocation)
  tester.exhaustive = false
  await tester.connect(configuration)
  tester.exhaustive = true
  // A car without video support shows no Videos tab: the Audio tab is selected.
  let tab =
    configuration.supportsVideoPlayback ? MediaScreenBuilder.videosTab : MediaScreenBuilder.audioTab
  #expect(
    tester.currentState
      == MediaApp.State(
        library: .loaded(bundledCatalogue), selectedTab: tab, configuration: configuration),
    sourceLocation: sourceLocation)
  #expect(tester.host.screen?.root.id == MediaScreenBuilder.rootID, sourceLocation: sourceLocation)
  return tester
}

/// An engine over a simulated player that behaves as `script` says.
func mediaEngine(
  _ script: @escaping SimulatedMediaPlayer.Script = { _ in .reliable }
) -> (PlaybackEngine, SimulatedMediaPlayer) {
  let player = SimulatedMediaPlayer(script: script)
  return (PlaybackEngine(player: player), player)
}

/// What the engine reports just after `id` was asked for by `origin`: loading, the rest of its
/// series queued. An item the catalogue gives no length lasts the simulated player's assumed
/// 20 minutes.
func loading(
  _ id: MediaItem.ID, as presentation: Presentation, from origin: CommandOrigin = .car
) -> PlaybackState {
  PlaybackState(
    item: id, status: .loading, duration: item(id).durationSeconds ?? 1200,
    presentation: presentation, queue: bundledCatalogue.following(item(id)).map(\.id),
    lastOrigin: origin)
}

extension PlaybackState {
  /// The state at `position` in the same item: the engine remembers it for Resume.
  mutating func move(to position: Double) {
    self.position = position
    if let item, position > 0 { resumePositions[item] = position }
  }
}

extension CarAppTester<MediaApp> {
  /// Lets the stream that is loading start (one second on the simulated player): the
  /// observation wakes and finds `heard` playing; the templates in `patched` change.
  func streamStarts(
    _ heard: inout PlaybackState, patching patched: [ExpectedOperation],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await advanceTime(by: .seconds(1), operations: [], sourceLocation: sourceLocation)
    heard.status = .playing
    receive(.tick, sourceLocation: sourceLocation)
    receive(
      .observed(heard, recheckAfter: MediaScreenBuilder.progressStep), { $0.playback = heard },
      sourceLocation: sourceLocation)
    assertOperations(patched, sourceLocation: sourceLocation)
  }

  /// Lets `steps` progress steps (5 s each) of playback pass: each wakes the observation, which
  /// finds `heard` 5 s (times the rate) further on, and patches the templates in `patched`.
  /// With `advancing` false the engine finds `heard` where it was (paused, or stalled).
  func playOn(
    _ heard: inout PlaybackState, steps: Int, patching patched: [ExpectedOperation],
    advancing: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    for _ in 0..<steps {
      await advanceTime(
        by: MediaScreenBuilder.progressStep, operations: [], sourceLocation: sourceLocation)
      if advancing {
        heard.move(
          to: heard.position + Double(MediaScreenBuilder.progressStep.components.seconds)
            * heard.rate)
      }
      receive(.tick, sourceLocation: sourceLocation)
      receive(
        .observed(heard, recheckAfter: MediaScreenBuilder.progressStep), { $0.playback = heard },
        sourceLocation: sourceLocation)
      assertOperations(patched, sourceLocation: sourceLocation)
    }
  }

  /// Ends a flow: the car disconnects, the observation stops.
  func end(sourceLocation: SourceLocation = #_sourceLocation) async {
    await disconnect({ $0.configuration = nil }, sourceLocation: sourceLocation)
    await finish(sourceLocation: sourceLocation)
  }
}
