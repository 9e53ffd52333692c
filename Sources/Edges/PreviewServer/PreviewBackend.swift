import CarRender
import CarSimulator
import CarTemplates
import Foundation
import Geo
import Synchronization

/// A tap or press on the rendered car display, as the page reports it.
///
/// The page sends the `data-ev`, `data-t`, `data-e`, `data-i` and `data-which` attributes of the
/// element the user clicked; see ``CarHTMLRenderer``. ``action()`` reads it with the journeys'
/// driver vocabulary (`DriverAction`).
public struct PageEvent: Hashable, Sendable, Codable {
  /// The event kind: `row`, `rowImage`, `tab`, `back`, `bar`, `grid`, `action`, `poi`,
  /// `poiDeselect`, `poiButton`, `mapButton`, `transport`, `nowPlayingButton`, `upNext`,
  /// `albumArtist`, `alertAction`, `contactAction`, `home`, `reopen`.
  public var ev: String
  /// The template id.
  public var t: String?
  /// The element id (or tab index for `tab`).
  public var e: String?
  /// An image index inside an image row.
  public var i: String?
  /// `primary` or `secondary` for point-of-interest buttons; the knob's move; the pan
  /// direction (`up`, `down`, `left`, `right`).
  public var which: String?
  /// The search field's whole new text, for `type`.
  public var text: String?
  /// A drag's horizontal and vertical movement in points since the previous report, for `drag`.
  public var dx: String?
  /// See ``dx``.
  public var dy: String?
  /// A zoom gesture's scale factor, for `pinch`.
  public var scale: String?

  /// Creates an event.
  public init(
    ev: String, t: String? = nil, e: String? = nil, i: String? = nil, which: String? = nil,
    text: String? = nil, dx: String? = nil, dy: String? = nil, scale: String? = nil
  ) {
    self.ev = ev
    self.t = t
    self.e = e
    self.i = i
    self.which = which
    self.text = text
    self.dx = dx
    self.dy = dy
    self.scale = scale
  }
}

/// A command from the side panel that drives the car or the phone, read once as a
/// ``CarControl``.
public struct PanelCommand: Hashable, Sendable, Codable {
  /// `connect`, `disconnect`, `display`, `style`, `driving`, `video`, `lock`, `move`, `drive`,
  /// `stopDriving`, `data`, `voice`, `app`, `region`, `input` (`touch`, `knob`, `touchpad`);
  /// standing in for the phone app: `tariff`
  /// (adds or removes the tariff id in `value`), `tariffsClear`, `vehicle` (a profile id).
  public var cmd: String
  /// The command's argument, e.g. a display id, `night`, `true`, a place, a phrase.
  public var value: String?
  /// A second argument, e.g. the destination of `drive`.
  public var to: String?
  /// Speed in km/h for `drive`.
  public var speed: String?

  /// Creates a command.
  public init(cmd: String, value: String? = nil, to: String? = nil, speed: String? = nil) {
    self.cmd = cmd
    self.value = value
    self.to = to
    self.speed = speed
  }
}

/// What the side panel shows: the car's and phone's settings and what the host recorded.
public struct PanelState: Hashable, Sendable {
  /// Apps and demos that can be shown, by name.
  public var apps: [String]
  /// The app shown now.
  public var currentApp: String
  /// Whether a car is connected.
  public var isConnected: Bool
  /// The display profile's id.
  public var displayID: String
  /// Whether the car shows its night style.
  public var isNight: Bool
  /// Whether the car is driving (lists limited).
  public var isDriving: Bool
  /// Whether video may play now.
  public var isVideoAllowed: Bool
  /// Whether the connected car supports video at all (fixed for a connection).
  public var supportsVideo: Bool
  /// Whether the phone is locked.
  public var isPhoneLocked: Bool
  /// Where the car is, as text.
  public var location: String
  /// `normal`, `fail` or `empty`.
  public var dataMode: String
  /// The last transcript lines, oldest first.
  public var transcript: [String]
  /// Rule diagnostics for the current screen.
  public var diagnostics: [String]
  /// Recorded URL hand-offs, e.g. "Apple Maps would open directions to …".
  public var handoffs: [String]
  /// A one-line status or error from the last command.
  public var message: String?
  /// The phone's tariffs for the running app, chosen ones marked (empty: none to choose).
  public var tariffs: [PhoneChoice] = []
  /// The phone's vehicle profiles, the current one marked (empty: none to choose).
  public var vehicles: [PhoneChoice] = []
  /// The sample driver in words while the phone's setup is the sample one, else nil.
  public var sampleDriver: String?
  /// A phrase the running app's App Shortcuts answer, for the Siri box.
  public var voicePlaceholder = "e.g. show fast chargers"
  /// How the car's driver works the screen: `touch`, `knob` or `touchpad`.
  public var input = "touch"
  /// The running app's panel feed's label (``PanelFeed``), nil when it has none.
  public var liveFeed: String?
  /// Whether the panel feed runs.
  public var isLiveFeedOn = false
  /// The running app's phone map (``PanelState/phoneMapSize``), drawn from the state the phone
  /// and the car share; nil when the app's phone screen has no map.
  public var phoneMap: CarWindowSpec?
  /// What the phone's Now Playing (lock screen, Control Centre) shows: the same value the car's
  /// Now Playing shows at the same moment, the info the app published extrapolated on the
  /// host's clock (``SimulatorController/nowPlayingShown()``); nil when nothing is published.
  public var nowPlaying: NowPlayingInfoSpec?
  /// The size the panel draws the phone map at, in points.
  public static let phoneMapSize = (width: 260, height: 340)

  /// Creates a panel state.
  public init(
    apps: [String], currentApp: String, isConnected: Bool, displayID: String, isNight: Bool,
    isDriving: Bool, isVideoAllowed: Bool, isPhoneLocked: Bool, location: String,
    dataMode: String = "normal", transcript: [String] = [], diagnostics: [String] = [],
    handoffs: [String] = [], message: String? = nil, supportsVideo: Bool = false
  ) {
    self.supportsVideo = supportsVideo
    self.apps = apps
    self.currentApp = currentApp
    self.isConnected = isConnected
    self.displayID = displayID
    self.isNight = isNight
    self.isDriving = isDriving
    self.isVideoAllowed = isVideoAllowed
    self.isPhoneLocked = isPhoneLocked
    self.location = location
    self.dataMode = dataMode
    self.transcript = transcript
    self.diagnostics = diagnostics
    self.handoffs = handoffs
    self.message = message
  }
}

/// Where the simulator's state stands: two equal versions come with an equal display and panel,
/// so the page's rendering can be reused while the version stays put.
///
/// It holds counters that move on every change (the host's, the session's and the
/// controller's own), the clock text the status bar shows and the car's position; a version
/// may move without a visible change, never the other way round.
public struct StateVersion: Hashable, Sendable {
  /// The controller's own changes: app, host and session, configuration, message, input, data
  /// source, phone setup.
  var controller: Int
  /// ``CarSimulator/changeCount`` of the running host.
  var host: Int
  /// ``AnyCarSession/changeCount`` of the running session.
  var session: Int
  /// The status bar's clock text.
  var clock: String
  /// Where the car is.
  var location: Coordinate?
}

/// The state a backend answers for the page: unchanged since a known version, or the values;
/// either way with the answer's place among all of the backend's answers.
///
/// `revision` is drawn in the same step as the state is read, so a later revision never
/// carries an earlier state: the page, which ignores a response older than the one it shows,
/// cannot be left on a stale state by responses that finish out of order.
public enum PreviewSnapshot: Sendable {
  /// The state is still the one at the version the caller knows.
  case unchanged(revision: Int)
  /// The display and panel now, with their version (nil when the backend cannot tell one, so
  /// every answer must be compared).
  case changed(
    version: StateVersion?, display: CarDisplayState, panel: PanelState, revision: Int)

  /// The answer's place among the backend's answers, from 1.
  public var revision: Int {
    switch self {
    case .unchanged(let revision): revision
    case .changed(_, _, _, let revision): revision
    }
  }

  /// Revisions for backends without their own, shared by all of them.
  static let sharedRevisions = RevisionCounter()
}

/// Numbers answers one after another, from 1.
public final class RevisionCounter: Sendable {
  private let value = Mutex(0)

  /// Creates a counter whose first number is 1.
  public init() {}

  /// The next number.
  public func next() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}

/// The car and phone behind the preview page: an emulated host running an app.
///
/// Implementations serialise access themselves (the simulator lives on the main actor).
public protocol PreviewBackend: Sendable {
  /// The display as the host shows it now.
  func display() async -> CarDisplayState
  /// The side panel's content now.
  func panel() async -> PanelState
  /// The state unless it is still at `known`: the version, display and panel read in one step,
  /// so the version describes exactly the values that come with it.
  func snapshot(unlessAt known: StateVersion?) async -> PreviewSnapshot
  /// Delivers a tap from the page to the host, reading the event once (``PageEvent/action()``);
  /// returns why it cannot be read — the route's 400 — or nil when it was delivered.
  func send(_ event: PageEvent) async -> DriverSyntaxError?
  /// Applies a side-panel command.
  func control(_ command: PanelCommand) async
  /// A stream that yields whenever the display or panel may have changed (including changes the
  /// app makes on its own, such as data arriving or a drive moving the car).
  func changes() async -> AsyncStream<Void>
}

extension PreviewBackend {
  /// Without versions: the display and panel every time, for the routes to compare; the
  /// revision is drawn after both are read (a backend that reads them in one step does better).
  public func snapshot(unlessAt known: StateVersion?) async -> PreviewSnapshot {
    let display = await display()
    let panel = await panel()
    return .changed(
      version: nil, display: display, panel: panel,
      revision: PreviewSnapshot.sharedRevisions.next())
  }
}
