import CarSession
import CarTemplates

/// Now Playing (audio): a library list; choosing a track pushes Now Playing, and a one-second
/// tick advances the elapsed time — a content-only change that is patched in place.
public struct NowPlayingDemo: CarApp {
  /// A track.
  public struct Track: Hashable, Sendable {
    /// Row id.
    public var id: ElementID
    /// Title.
    public var title: String
    /// Artist.
    public var artist: String
    /// Length in seconds.
    public var duration: Int
  }

  /// The demo's state.
  public struct State: Equatable, Sendable {
    /// The track playing.
    public var playing: ElementID?
    /// Seconds played.
    public var elapsed = 0
    /// Whether Now Playing is on the stack.
    public var showsNowPlaying = false
    /// Whether Up Next is pushed above Now Playing.
    public var showsUpNext = false
    /// Playback rate chosen in the action sheet.
    public var rate = 1.0
    /// Whether the rate sheet is presented.
    public var choosingRate = false

    /// Creates a state.
    public init(
      playing: ElementID? = nil, elapsed: Int = 0, showsNowPlaying: Bool = false,
      showsUpNext: Bool = false, rate: Double = 1, choosingRate: Bool = false
    ) {
      self.playing = playing
      self.elapsed = elapsed
      self.showsNowPlaying = showsNowPlaying
      self.showsUpNext = showsUpNext
      self.rate = rate
      self.choosingRate = choosingRate
    }
  }

  /// What can happen.
  public enum Action: Equatable, Sendable {
    case play(ElementID), tick, back, upNext, more, chooseRate(Double?)
  }

  /// Audio.
  public static let entitlements = CarEntitlements.single(.audio)
  /// The app's name.
  public static let name = "Wayside Radio"

  /// The library.
  public static let tracks = [
    Track(id: "news", title: "Morning News", artist: "Radio Kassel", duration: 300),
    Track(id: "traffic", title: "Traffic Update", artist: "Radio Kassel", duration: 90),
    Track(id: "jazz", title: "Late Jazz", artist: "Hessen Jazz", duration: 1800),
  ]

  /// Creates the demo.
  public init() {}

  /// The registry entry.
  public static let demo = AnyCarApp(
    "now-playing", summary: "a library list → Now Playing with a progress tick",
    app: NowPlayingDemo(), state: State(),
    samples: [State(playing: "news", elapsed: 10, showsNowPlaying: true)])

  /// Applies an action.
  public func reduce(_ state: inout State, _ action: Action) -> [Effect<Action>] {
    switch action {
    case .play(let id):
      guard Self.tracks.contains(where: { $0.id == id }) else { return [] }
      state.playing = id
      state.elapsed = 0
      state.showsNowPlaying = true
      return [.schedule(id: "tick", after: .seconds(1), .tick)]
    case .tick:
      guard let track = Self.tracks.first(where: { $0.id == state.playing }) else { return [] }
      state.elapsed = min(track.duration, state.elapsed + Int(state.rate))
      return state.elapsed < track.duration
        ? [.schedule(id: "tick", after: .seconds(1), .tick)] : []
    case .back:
      if state.showsUpNext { state.showsUpNext = false } else { state.showsNowPlaying = false }
    case .upNext:
      state.showsUpNext = true
    case .more:
      state.choosingRate = true
    case .chooseRate(let rate):
      state.choosingRate = false
      if let rate { state.rate = rate }
    }
    return []
  }

  /// The library (with progress on the playing row), Now Playing, Up Next, the rate sheet.
  public func screen(_ state: State, _ configuration: SessionConfiguration) -> CarScreen {
    let rows = Self.tracks.map { track in
      ListItemSpec(
        id: track.id, text: track.title, detailText: track.artist,
        playbackProgress: track.id == state.playing
          ? Double(state.elapsed) / Double(track.duration) : nil,
        isPlaying: track.id == state.playing)
    }
    let root = TemplateSpec.list(
      "library", ListTemplateSpec(title: "Library", sections: [ListSectionSpec(items: rows)]))
    guard state.showsNowPlaying, let track = Self.tracks.first(where: { $0.id == state.playing })
    else { return CarScreen(root: root) }
    let nowPlaying = TemplateSpec.nowPlaying(
      "now-playing",
      NowPlayingTemplateSpec(
        buttons: [
          NowPlayingButtonSpec(id: "shuffle", kind: .shuffle),
          NowPlayingButtonSpec(id: "more", kind: .more),
        ],
        isUpNextButtonEnabled: true, upNextTitle: "Up Next",
        info: NowPlayingInfoSpec(
          title: track.title, artist: track.artist,
          durationSeconds: Double(track.duration), elapsedSeconds: Double(state.elapsed),
          playbackRate: state.rate)))
    var stack = [nowPlaying]
    if state.showsUpNext {
      let next = Self.tracks.filter { $0.id != track.id }.map {
        ListItemSpec(id: $0.id, text: $0.title, detailText: $0.artist)
      }
      stack.append(
        .list(
          "up-next", ListTemplateSpec(title: "Up Next", sections: [ListSectionSpec(items: next)])))
    }
    let sheet =
      state.choosingRate
      ? TemplateSpec.actionSheet(
        "rate",
        ActionSheetTemplateSpec(
          title: "Playback speed", message: nil,
          actions: [
            AlertActionSpec(id: "rate-1", title: "1×"),
            AlertActionSpec(id: "rate-2", title: "2×"),
            AlertActionSpec(id: "cancel", title: "Cancel", style: .cancel),
          ])) : nil
    return CarScreen(root: root, stack: stack, modal: sheet)
  }

  /// Row taps, back, Up Next and the sheet's actions flow into the state.
  public func action(for event: HostEvent, in state: State) -> Action? {
    switch event {
    case .listItemSelected(_, let row, _): .play(row)
    case .backPressed: .back
    case .upNextPressed: .upNext
    case .buttonPressed(_, "more"): .more
    case .modalActionChosen(_, "rate-1"): .chooseRate(1)
    case .modalActionChosen(_, "rate-2"): .chooseRate(2)
    case .modalActionChosen, .modalDismissed: .chooseRate(nil)
    default: nil
    }
  }
}
