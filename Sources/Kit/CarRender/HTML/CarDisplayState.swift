import CarTemplates
import Geo

/// Everything a renderer needs to draw the car's display as the host shows it: the screen
/// after the host applied its limits, the car's configuration, and host-only state that apps do
/// not control (a row still spinning, the app sent home, the phone locked).
public struct CarDisplayState: Hashable, Sendable {
  /// Why no app screen is visible.
  public enum Away: Hashable, Sendable {
    /// No car is connected.
    case disconnected
    /// CarPlay sent the app back to the home screen (e.g. an empty tab bar or an exception).
    case home(reason: String)
  }

  /// The visible screen; nil before the app set a root.
  public var screen: CarScreen?
  /// The car's configuration.
  public var configuration: SessionConfiguration
  /// The app's display name on the CarPlay dock.
  public var appName: String
  /// Rows whose handler has not called its completion yet (CarPlay shows a spinner).
  public var spinningRows: Set<ElementID>
  /// Set when the app is not on screen.
  public var away: Away?
  /// Whether the phone is locked (every flow must still work).
  public var isPhoneLocked: Bool
  /// The clock text in the status bar, injected so renders are deterministic.
  public var clock: String
  /// Where the car is, drawn on maps as CarPlay draws the user's location; nil when unknown.
  public var carLocation: Coordinate?
  /// What the system video player shows, drawn over the template stack while it plays; nil
  /// when no video player is up. An empty title is a player without a known item.
  public var videoPlayerTitle: String?
  /// What the system plays now, as the app published it to `MPNowPlayingInfoCenter` with the
  /// elapsed time extrapolated to this moment (carplay-facts.md §8): the video player shows
  /// its title, time and paused state, and the web simulator plays its asset. Nil when nothing
  /// is published.
  public var nowPlaying: NowPlayingInfoSpec?
  /// How the driver works the screen: `touch`, `knob` or `touchpad`.
  public var input = "touch"
  /// The element a knob or touch pad has focused, drawn as CarPlay draws focus; nil on a
  /// touch-only car or when nothing can take focus.
  public var focus: FocusedElement?
  /// The apps on the CarPlay Home screen when the driver is on it (the dock's Home button),
  /// in the order the screen shows them; nil while an app is on screen.
  public var homeScreen: [HomeApp]?
  /// The apps in the dock, the one on screen first, then the others running, most recent
  /// first; empty draws the running app's initial alone (a renderer without app switching).
  public var dockApps: [HomeApp] = []
  /// The audio app whose Now Playing the dock offers (playing now), nil when none plays.
  public var nowPlayingApp: HomeApp?
  /// Another app's screen shown after a hand-off (Apple Maps' directions, a call), over the
  /// app that handed off until the driver returns through the dock; nil when none.
  public var handoff: HandoffScreen?
  /// The region the top point-of-interest template's map shows, as the host keeps it
  /// (``PointOfInterestMap``): the map draws exactly this region; nil frames the places.
  public var mapRegion: BoundingBox?
  /// The app's own images by asset name, as SVG documents (`CarApp.assetImages`): pins and row
  /// images drawn as the app ships them; an asset not here is drawn as a neutral picture.
  public var assetImages: [String: String] = [:]
  /// The app's notification shown as a banner over its screen (CarPlay shows notifications of
  /// communication, EV charging, parking and driving-task apps, carplay-facts.md §5): the
  /// title and body; nil when none shows. Tapping it opens what it is about.
  public var notificationBanner: CarNotificationSpec?

  /// Creates a display state.
  public init(
    screen: CarScreen?, configuration: SessionConfiguration, appName: String,
    spinningRows: Set<ElementID> = [], away: Away? = nil, isPhoneLocked: Bool = false,
    clock: String = "12:00", carLocation: Coordinate? = nil, videoPlayerTitle: String? = nil
  ) {
    self.videoPlayerTitle = videoPlayerTitle
    self.carLocation = carLocation
    self.screen = screen
    self.configuration = configuration
    self.appName = appName
    self.spinningRows = spinningRows
    self.away = away
    self.isPhoneLocked = isPhoneLocked
    self.clock = clock
  }
}

/// An app as the CarPlay Home screen and dock show it: its icon and name.
public struct HomeApp: Hashable, Sendable {
  /// The app's id (what a tap on it opens).
  public var id: String
  /// The app's display name under its icon.
  public var name: String
  /// The app's icon as an SVG document, drawn square (the display rounds its corners); nil
  /// draws a plain tile with a neutral symbol.
  public var iconSVG: String?
  /// Whether the app runs (it keeps its screens while another app is in front).
  public var isRunning: Bool

  /// Creates an app entry.
  public init(id: String, name: String, iconSVG: String? = nil, isRunning: Bool = false) {
    self.id = id
    self.name = name
    self.iconSVG = iconSVG
    self.isRunning = isRunning
  }
}

/// What the car shows after an app handed the driver to another app (CarPlay opens the
/// target on the car's screen, carplay-facts.md §4 and §6: "Launch other apps on the car
/// screen"; how the dock, the Home screen and the other app look is not in the fact sheet, so
/// the layout is this simulator's, UNCONFIRMED).
/// The simulator has no Apple Maps or Phone, so it shows a placeholder naming what would run.
public struct HandoffScreen: Hashable, Sendable {
  /// The app that opened, e.g. `Apple Maps` or `Phone`.
  public var appName: String
  /// What it does, e.g. `Directions to Friedrichsplatz`.
  public var title: String
  /// More about the target (coordinates, the number), if any.
  public var detail: String?
  /// The symbol drawn (an icon-font ligature, e.g. `directions` or `call`).
  public var symbol: String
  /// The app that handed off, which the dock returns to.
  public var fromAppName: String

  /// Creates a hand-off screen.
  public init(
    appName: String, title: String, detail: String? = nil, symbol: String, fromAppName: String
  ) {
    self.appName = appName
    self.title = title
    self.detail = detail
    self.symbol = symbol
    self.fromAppName = fromAppName
  }
}

/// The element a knob or touch pad has focused, named by the attributes the renderer gives it
/// (`data-ev`, `data-e`, `data-i`, `data-which`).
public struct FocusedElement: Hashable, Sendable {
  /// The `data-ev` kinds that can draw it (a pressed button is a bar, grid, action, … button).
  public var events: [String]
  /// The further `data-` attributes it carries, without the prefix: `e`, `i`, `which`.
  public var attributes: [String: String]

  /// Creates a focused element.
  public init(events: [String], attributes: [String: String] = [:]) {
    self.events = events
    self.attributes = attributes
  }

  /// A CSS selector list matching the element inside `.car`, e.g.
  /// `.car [data-ev="row"][data-e="kassel-hbf"]`; values are escaped for CSS.
  public var selector: String {
    let extra = attributes.sorted { $0.key < $1.key }
      .map { "[data-\($0.key)=\"\(Self.cssString($0.value))\"]" }.joined()
    return events.map { ".car [data-ev=\"\(Self.cssString($0))\"]\(extra)" }
      .joined(separator: ", ")
  }

  /// The selector list matching everything inside the element (its text and icons), so that
  /// the focus can draw them in the text colour over its fill.
  var descendantSelector: String { selector(descendant: "*") }

  /// The selector list matching the `descendant` elements (a tag name or `*`) inside the
  /// element.
  func selector(descendant: String) -> String {
    let extra = attributes.sorted { $0.key < $1.key }
      .map { "[data-\($0.key)=\"\(Self.cssString($0.value))\"]" }.joined()
    return events.map { ".car [data-ev=\"\(Self.cssString($0))\"]\(extra) \(descendant)" }
      .joined(separator: ", ")
  }

  /// `text` safe inside a double-quoted CSS string that sits in an HTML `<style>` element.
  static func cssString(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "<", ">", "&", "\n", "\r", "\u{0C}":
        out += "\\" + String(scalar.value, radix: 16) + " "
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
