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

/// A media app on test clients in an emulated car, with its player and engine at hand.
@MainActor
struct MediaRig {
  let car: SimulatedCar
  let clock: ManualClock
  let player: SimulatedMediaPlayer
  let engine: PlaybackEngine
  let data: DataSourceModeBox

  init(
    configuration: SessionConfiguration? = parked,
    catalogue: MediaCatalogue = bundledCatalogue,
    script: @escaping SimulatedMediaPlayer.Script = { _ in .reliable }
  ) {
    let clock = ManualClock()
    let player = SimulatedMediaPlayer(script: script)
    let engine = PlaybackEngine(player: player)
    let app = MediaApp(engine: engine, library: .fixed(catalogue))
    let descriptor = AnyCarApp(
      "media", summary: "test", app: app, state: MediaApp.State())
    let data = DataSourceModeBox()
    self.clock = clock
    self.player = player
    self.engine = engine
    self.data = data
    car = SimulatedCar.test(
      app: descriptor, configuration: configuration, clock: clock, dataSource: data,
        reportIssue: .failingTest())
  }

  var host: CarSimulator { car.host }

  /// Lets time pass in steps of at most `step`, as a car would.
  func wait(_ total: Duration, step: Duration = .seconds(1)) async {
    var left = total
    var rounds = 0
    while left > .zero, rounds < 100_000 {
      rounds += 1
      let now = min(step, left)
      await car.advanceTime(by: now)
      left -= now
    }
  }

  func settle() async { await car.settle() }

  /// The templates the host holds on the selected stack, root (or selected tab) first.
  var templates: [TemplateSpec] { host.templates }

  var top: TemplateSpec? { host.topTemplate }

  func hostTab(_ id: TemplateID) -> TemplateSpec? {
    guard case .tabBar(let bar)? = host.screen?.root.content else { return nil }
    return bar.tabs.first { $0.id == id }
  }

  var operations: [HostOperation] {
    host.transcript.entries.compactMap {
      if case .operation(let op, _) = $0 { return op }
      return nil
    }
  }
}
